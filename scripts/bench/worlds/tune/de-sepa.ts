/**
 * de-sepa — A German service company exports its open invoices from a DATEV-style package
 * (`,`-separated but German headers, ISO dates, `.` decimals):
 * `Rechnungsnr,Debitor,Kundenname,Rechnungsdatum,Fällig,Brutto,Währung`, invoice numbers
 * `RE-2026-0451` (credit notes `GS-2026-0012`, negative), 5-digit Debitor numbers. The bank file is
 * a savings-bank CSV export: 4–6 preamble lines (account, holder, period, export time) above the
 * header `"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";
 * "Beguenstigter/Zahlungspflichtiger";"Kontonummer/IBAN";"BIC (SWIFT-Code)";"Betrag";"Waehrung";
 * "Info"`, every field quoted, dd.mm.yy dates, decimal comma, signed amounts, and after a blank line
 * two trailer lines `"Alter Kontostand"` / `"Neuer Kontostand"`. Verwendungszweck holds SEPA
 * structured remittance (`EREF+… KREF+… MREF+… CRED+… SVWZ+…`); customers write the invoice number
 * as `RE 2026/451`, `Rechnung 20260451`, `RG2026-0451`, `Re.Nr. 2026-0451`, `Rechnung Nr. 451 vom …`.
 * Besides the usual cases (single, instalments, multi-invoice, no-reference batches, fees
 * 12,50/25,00 from foreign payers, 3 % Skonto, typos, netted credit notes, part payments, unpaid,
 * ambiguous equal invoices) the company collects some invoices by SEPA direct debit
 * (`FOLGELASTSCHRIFT`, grouped with the invoice); some collections come back as `RUECKLASTSCHRIFT`
 * (same amount, negative) — then both bank lines and the invoice are unmatched (kind
 * `returned_debit`). Contract numbers `V-2026-0xxx` and end-to-end ids starting with a date mimic
 * invoice numbers. Noise: suppliers, salaries, tax office, rent, charges, interest, card
 * settlements, refunds to customers, payments of closed invoices, down-payments on contracts.
 */
import type { World, WorldGenerator } from '../world';
import { makePlan, buildTruth, type Line } from './plan';
import { Rng, money, fmtDate, pad, makeNamer, iban, groupIban, DE_FIRST, DE_SECOND, DE_FORMS, DE_PEOPLE, DE_SUPPLIERS, DE_BICS, deBankName } from './random';

const CRED = 'DE71ZZZ00001234567';
const q = (f: string[]) => f.map((x) => '"' + (x.includes('"') ? x.replace(/"/g, '""') : x) + '"').join(';');
const c2 = (f: string[]) => f.map((x) => (/[,"]/.test(x) ? '"' + x.replace(/"/g, '""') + '"' : x)).join(',');

export const deSepa: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 2147483 + 9);
  const newName = makeNamer(rng, DE_FIRST, DE_SECOND, DE_FORMS);
  const contracts = new Map<number, string>();
  const persons = new Set<string>();
  let contractSeq = 0;
  const plan = makePlan({
    seed: seed + 3000, openItems, fees: [1250, 2500], discount: 0.03, poPayerShare: 0, directDebitShare: 0.06, returnedDebitShare: 0.01, medianAmount: 1300,
    makeCustomer: (r, idx) => {
      let person = r.chance(0.1);
      let name = person ? `${r.pick(DE_FIRST)}, ${r.pick(DE_PEOPLE).split(' ')[0]} ${r.pick(DE_SECOND)}` : newName();
      if (persons.has(name)) { person = false; name = newName(); }
      persons.add(name);
      const bankName = person ? name.replace(/^(\S+), (\S+) .*/, '$2 $1') : deBankName(r, name);
      return { name, no: String(10000 + idx), bankName, iban: r.chance(0.92) ? iban('DE', r.digits(8) + r.digits(10, true)) : iban('AT', r.digits(16)), bic: r.pick(DE_BICS) };
    },
    docNo: (k, seq) => (k === 'inv' ? `RE-2026-${pad(450 + seq, 4)}` : `GS-2026-${pad(11 + seq, 4)}`),
    closedDocNo: (k) => `RE-2026-${pad(Math.max(1, 450 - k), 4)}`,
    poNo: () => '',
    contractNo: (r, c, force) => {
      if (!force && c.idx % 5 !== 0) return '';
      let v = contracts.get(c.idx);
      if (!v) contracts.set(c.idx, (v = `V-2026-${pad((contractSeq += r.int(1, 3)), 4)}`));
      return v;
    },
  });
  const R = plan.rng;
  const OWN = iban('DE', '60050101' + R.digits(10, true));

  // ---- open items
  const oi = [c2(['Rechnungsnr', 'Debitor', 'Kundenname', 'Rechnungsdatum', 'Fällig', 'Brutto', 'Währung'])];
  for (const it of plan.items) oi.push(c2([it.doc, it.cust.no, it.cust.name, fmtDate(it.issue, 'yyyy-mm-dd'), fmtDate(it.due, 'yyyy-mm-dd'), money(it.cents, '.'), 'EUR']));

  // ---- remittance
  const parts = (d: string) => { const m = /^(\w+)-(\d{4})-(\d+)$/.exec(d)!; return { p: m[1], y: m[2], n: m[3], s: String(Number(m[3])) }; };
  const docForm = (d: string, habit: number, issue: number): string => {
    const { p, y, n, s } = parts(d);
    const h = habit < 0.7 ? Math.floor(habit * 11.4) : R.int(0, 7);
    return [d, `${p} ${y}/${s}`, `Rechnung ${y}${n}`, `RG${y}-${n}`, `Re.Nr. ${y}-${n}`, `${p} ${y} ${n}`, `Rechnungsnr. ${d}`, `Rechnung Nr. ${s} vom ${fmtDate(issue, 'dd.mm.yyyy')}`][h];
  };
  const EREF: [(ln: Line) => string, number][] = [[() => 'NOTPROVIDED', 3], [(ln) => `${fmtDate(ln.day - 1, 'yyyymmdd')}${R.digits(4, true)}`, 2], [() => `${R.upper(3)}${R.digits(9)}`, 1], [() => '', 3]];
  const eref = (ln: Line) => R.weighted(EREF)(ln);
  const TAIL: [(ln: Line) => string, number][] = [
    [() => '', 5], [(ln) => ` Kd.Nr. ${ln.cust!.no}`, 1.5], [(ln) => (ln.refs[0]?.contract ? ` Vertrag ${ln.refs[0].contract}` : ''), 1],
    [() => ` Tel. 0${R.int(30, 911)}/${R.digits(6)}`, 0.3], [(ln) => ` IBAN ${groupIban(ln.cust!.iban).slice(0, 19)}`, 0.3],
  ];
  const svwz = (ln: Line): string => {
    const c = ln.cust!;
    const [a, b] = ln.refs;
    const tail = R.weighted(TAIL)(ln);
    if (ln.mode === 'none') return R.pick(['Zahlung', 'Rechnungsausgleich', `Kd.Nr. ${c.no}`, 'Sammelueberweisung', `${c.name.slice(0, 20)} Zahlung`, 'Begleichung offener Posten']);
    if (ln.mode === 'typo') return docForm(ln.ref, c.habit, a.issue) + tail;
    if (ln.via !== 'transfer') return `${a.doc} ${a.cust.name.slice(0, 20)} Kd ${c.no}`;
    if (ln.kind === 'credit_note_netted') return (b ? `${docForm(a.doc, c.habit, a.issue)} abzgl. ${b.doc}` : `${docForm(a.doc, c.habit, a.issue)} ./. Gutschrift`) + tail;
    if (ln.refs.length > 1) {
      const h = R.int(0, 2);
      const list = ln.refs.map((i) => (h === 0 ? i.doc : h === 1 ? parts(i.doc).y + '/' + parts(i.doc).s : parts(i.doc).n));
      return (h === 2 ? 'RE 2026-' : R.pick(['Rechnungen ', 'RE ', ''])) + list.join(h === 2 ? ', ' : R.pick([', ', ' ', ' + '])) + tail;
    }
    const d = docForm(a.doc, c.habit, a.issue);
    if (ln.part) return R.pick([`${ln.part[0]}. Rate ${d}`, `Rate ${ln.part[0]} von ${ln.part[1]} ${d}`, `Teilzahlung ${ln.part[0]} ${d}`]) + tail;
    if (ln.kind === 'part_payment') return R.pick([`Teilzahlung ${d}`, `Abschlag ${d}`, `${d} Teilbetrag`]) + tail;
    if (ln.kind === 'early_payment_discount') return `${d} abzgl. 3% Skonto` + tail;
    return d + tail;
  };
  const sepa = (fields: [string, string][]) => fields.filter(([, v]) => v).map(([k, v]) => `${k}+${v}`).join(' ');
  const month = (day: number) => fmtDate(day, 'dd.mm.yyyy').slice(3);
  type Row = [string, string, string, string, string]; // text, purpose, name, iban, bic
  const row = (ln: Line): Row => {
    const c = ln.cust;
    switch (ln.noise) {
      case 'supplier': return [R.pick(['ONLINE-UEBERWEISUNG', 'LASTSCHRIFT', 'LASTSCHRIFT']), sepa([['EREF', R.digits(12)], ['MREF', R.chance(0.5) ? R.upper(2) + R.digits(8) : ''], ['CRED', R.chance(0.5) ? `DE${R.digits(2)}ZZZ${R.digits(11)}` : ''], ['SVWZ', `Rechnung ${ln.ref} Kundennummer ${R.digits(8)}`]]), R.pick(DE_SUPPLIERS), iban('DE', R.digits(18)), R.pick(DE_BICS)];
      case 'salary': return ['LOHN GEHALT', sepa([['EREF', `LG${month(ln.day).replace('.', '')}${pad(Number(ln.ref), 4)}`], ['SVWZ', `Gehalt ${month(ln.day)}`]]), DE_PEOPLE[Number(ln.ref) % DE_PEOPLE.length], iban('DE', R.digits(18)), R.pick(DE_BICS)];
      case 'bank_fee': return ['ENTGELTABSCHLUSS', `Entgeltabrechnung siehe Anlage ${month(ln.day)}`, '', '', ''];
      case 'interest': return ['ABSCHLUSS', `Abrechnung ${fmtDate(ln.day, 'dd.mm.yyyy')} Habenzinsen`, '', '', ''];
      case 'tax': return ['ONLINE-UEBERWEISUNG', sepa([['EREF', 'NOTPROVIDED'], ['SVWZ', `StNr ${R.digits(3)}/${R.digits(3)}/${R.digits(5)} UST ${month(ln.day - 40)}`]]), 'Finanzamt Muenchen', 'DE06700000000070001506', 'MARKDEF1700'];
      case 'rent': return ['DAUERAUFTRAG', sepa([['EREF', 'NOTPROVIDED'], ['SVWZ', `Miete Buero OG2 ${month(ln.day)}`]]), 'Hausverwaltung Isarblick GmbH', 'DE41700202700015678901', 'HYVEDEMMXXX'];
      case 'card_settlement': return ['GUTSCHR. UEBERWEISUNG', sepa([['EREF', `SUMUP${R.digits(10)}`], ['SVWZ', `Auszahlung ${fmtDate(ln.day - 1, 'yyyy-mm-dd')} Transaktionen ${R.int(3, 80)}`]]), 'SumUp Payments Limited', 'IE64SUMU99036510275719', 'SUMUIE22XXX'];
      case 'refund': return ['ONLINE-UEBERWEISUNG', sepa([['EREF', 'NOTPROVIDED'], ['SVWZ', `Erstattung Guthaben ${ln.ref.replace('RE', 'GS')} Kd.Nr. ${c!.no}`]]), c!.bankName, c!.iban, c!.bic];
      case 'closed_invoice': return ['GUTSCHR. UEBERWEISUNG', sepa([['EREF', eref(ln)], ['SVWZ', docForm(ln.ref, c!.habit, ln.day - 40)]]), c!.bankName, c!.iban, c!.bic];
      case 'sweep': return ['UMBUCHUNG', 'Uebertrag auf Tagesgeld', 'Isarwerk Service GmbH', 'DE87600501010000123456', 'SOLADEST600'];
      case 'advance_contract': return ['GUTSCHR. UEBERWEISUNG', sepa([['EREF', eref(ln)], ['SVWZ', `Anzahlung ${ln.ref}`]]), c!.bankName, c!.iban, c!.bic];
      default: break;
    }
    const ref = ln.refs[0];
    if (ln.via === 'dd_collect') return ['FOLGELASTSCHRIFT', sepa([['EREF', `DD${ref.doc.replace(/-/g, '')}`], ['MREF', c!.mandate], ['CRED', CRED], ['SVWZ', svwz(ln)]]), c!.bankName, c!.iban, c!.bic];
    if (ln.via === 'dd_return') return ['RUECKLASTSCHRIFT', sepa([['EREF', `DD${ref.doc.replace(/-/g, '')}`], ['MREF', c!.mandate], ['CRED', CRED], ['SVWZ', `${svwz(ln)} RETOURE ${R.pick(['AC04 Konto erloschen', 'MD06 Widerspruch', 'AM04 Deckung unzureichend'])}`]]), c!.bankName, c!.iban, c!.bic];
    const kref = ln.mode === 'none' && R.chance(0.4) ? `SAMMLER-${R.digits(6)}` : '';
    return [R.chance(0.8) ? 'GUTSCHR. UEBERWEISUNG' : 'GUTSCHRIFT', sepa([['EREF', eref(ln)], ['KREF', kref], ['SVWZ', svwz(ln)]]), c!.bankName, c!.iban, c!.bic];
  };

  const pre: string[] = [q(['Umsatzanzeige', 'Girokonto']), q(['Kontonummer:', groupIban(OWN), 'Sparkasse Musterstadt'])];
  if (R.chance(0.5)) pre.push(q(['Kontoinhaber:', 'Isarwerk Service GmbH']));
  pre.push(q(['Zeitraum:', `${fmtDate(0, 'dd.mm.yyyy')} - ${fmtDate(plan.lastDay + 3, 'dd.mm.yyyy')}`]));
  if (R.chance(0.5)) pre.push(q(['Exportiert am:', `${fmtDate(plan.lastDay + 4, 'dd.mm.yyyy')} ${pad(R.int(7, 18), 2)}:${pad(R.int(0, 59), 2)}`]));
  pre.push('');
  const lines = [...pre, q(['Auftragskonto', 'Buchungstag', 'Valutadatum', 'Buchungstext', 'Verwendungszweck', 'Beguenstigter/Zahlungspflichtiger', 'Kontonummer/IBAN', 'BIC (SWIFT-Code)', 'Betrag', 'Waehrung', 'Info'])];
  const opening = 1234567 + R.int(0, 5000000);
  let balance = opening;
  for (const ln of plan.lines) {
    const [text, purpose, name, ib, bic] = row(ln);
    balance += ln.cents;
    lines.push(q([OWN, fmtDate(ln.day, 'dd.mm.yy'), fmtDate(R.chance(0.9) ? ln.day : ln.day + 1, 'dd.mm.yy'), text, purpose.replace(/\s+/g, ' ').trim(), name, ib, bic, money(ln.cents, ','), 'EUR', 'Umsatz gebucht']));
  }
  lines.push('', q(['Alter Kontostand', `${money(opening, ',', '.')} EUR`]), q(['Neuer Kontostand', `${money(balance, ',', '.')} EUR`]));

  return {
    name: 'de-sepa',
    description: DESCRIPTION,
    openItems: { fileName: 'OP-Liste_Debitoren.csv', content: oi.join('\n') + '\n' },
    statement: { fileName: `Umsaetze_${OWN}_${fmtDate(plan.lastDay + 4, 'yyyy-mm-dd')}.csv`, content: lines.join('\r\n') + '\r\n' },
    truth: buildTruth(plan.items, plan.lines),
  };
};

const DESCRIPTION =
  'DATEV-style open-invoice list ("," delimiter, German headers, ISO dates, "." decimals, RE-2026-0451 / GS-2026-0012) against a savings-bank CSV with 4–6 preamble lines, fully quoted rows, dd.mm.yy dates, decimal comma, SEPA remittance (EREF/KREF/MREF/CRED/SVWZ) in Verwendungszweck, and a blank line plus "Alter/Neuer Kontostand" trailer. Invoice numbers are written many ways (RE 2026/451, Rechnung 20260451, RG2026-0451, Rechnung Nr. 451 vom …); we collect some invoices by FOLGELASTSCHRIFT, and returned debits (RUECKLASTSCHRIFT) leave the invoice open and both bank lines unmatched. Skonto 3 %, foreign-payer fees 12,50/25,00 EUR; contract numbers V-2026-0xxx and date-led end-to-end ids mimic invoice numbers.';
