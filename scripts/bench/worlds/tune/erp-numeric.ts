/**
 * erp-numeric — A German manufacturer exports its open customer items from SAP (FBL5N-style list,
 * `;`-separated, decimal comma, dd.mm.yyyy, credit notes with a trailing minus like `234,50-`):
 * company code, 6–7-digit customer number, name, 10-digit document number (invoices 18000…,
 * credit notes 17000…), the customer's reference (a 10-digit SAP PO number 45000…, a `PO-88213`
 * style number, or nothing), dates, amount, currency and an assignment field that often carries a
 * 10-digit contract number. The bank statement is a German business-bank CSV export
 * (`Buchungsdatum;Wertstellung;Buchungstext;Auftraggeber/Empfänger;IBAN;BIC;Verwendungszweck;
 * Betrag;Währung`), outgoing amounts negative. Payers write the document number bare, with spaces
 * or with `RG`/`Beleg`/`Rechnung` prefixes; some customers only ever quote their PO number. The
 * remittance texts are full of look-alike digit runs: 10-digit EREF ids and contract numbers,
 * customer numbers, IBAN fragments, phone numbers and dates. Cases: single payments, instalments,
 * multi-invoice transfers, no-reference batches, short payments (bank fee 7,50/15,00 or 2 % Skonto),
 * mistyped references, netted credit notes, part payments, unpaid items, two equal open invoices
 * paid without reference (ambiguous), and noise (suppliers, salaries, charges, interest, card
 * settlements, refunds to customers, payments for already-closed documents, advance payments).
 */
import type { World, WorldGenerator } from '../world';
import { makePlan, buildTruth, type Line, type Item } from './plan';
import { Rng, money, fmtDate, pad, makeNamer, iban, groupIban, csvField, DE_FIRST, DE_SECOND, DE_FORMS, DE_PEOPLE, DE_SUPPLIERS, DE_BICS, deBankName } from './random';

const D = ';';
const row = (fields: string[]) => fields.map((f) => csvField(f, D)).join(D);
const de = (c: number) => money(c, ',', '.');

export const erpNumeric: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 7919 + 11);
  const newName = makeNamer(rng, DE_FIRST, DE_SECOND, DE_FORMS);
  let poSeq = 4500000000 + rng.int(10000, 90000);
  let poShort = 10000 + rng.int(0, 5000);
  const contracts = new Map<number, string>();
  let contractSeq = 3100000000 + rng.int(1000, 9000);
  const plan = makePlan({
    seed, openItems, fees: [750, 1500], discount: 0.02, poPayerShare: 0.12, medianAmount: 1800,
    makeCustomer: (r, idx) => {
      const name = newName();
      const no = idx % 3 === 0 ? String(3000000 + idx * 3 + r.int(0, 2)) : String(200000 + idx * 7 + r.int(0, 6));
      return { name, no, bankName: deBankName(r, name), iban: iban('DE', r.digits(8) + r.digits(10, true)), bic: r.pick(DE_BICS) };
    },
    docNo: (k, seq) => String((k === 'inv' ? 1800012000 : 1700001000) + seq),
    closedDocNo: (k) => String(1800012000 - k * 3),
    poNo: (r, c) => {
      const style = c.paysByPo ? c.idx % 2 : c.idx % 4;
      if (style === 0) return String((poSeq += r.int(1, 30)));
      if (style === 1) return `PO-${(poShort += r.int(1, 9))}`;
      return style === 2 ? '' : r.pick(['', 'Rahmenvertrag', 'telefonisch', 'lt. Angebot']);
    },
    contractNo: (r, c, force) => {
      if (!force && c.idx % 5 !== 0) return '';
      let v = contracts.get(c.idx);
      if (!v) contracts.set(c.idx, (v = String((contractSeq += r.int(1, 50)))));
      return v;
    },
  });
  const R = plan.rng;

  // ---- open items
  const oi: string[] = [row(['Buchungskreis', 'Kunde', 'Name 1', 'Belegnummer', 'Referenz', 'Belegdatum', 'Nettofälligkeit', 'Betrag in HW', 'HW', 'Zuordnung'])];
  for (const it of plan.items) {
    oi.push(row(['1000', it.cust.no, it.cust.name.slice(0, 35), it.doc, it.credit ? '' : it.po, fmtDate(it.issue, 'dd.mm.yyyy'), fmtDate(it.due, 'dd.mm.yyyy'), money(it.cents, ',', '.', 'trail'), 'EUR', it.contract]));
  }

  // ---- remittance text
  const spaced = (d: string) => (R.chance(0.5) ? `${d.slice(0, 5)} ${d.slice(5)}` : `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`);
  const docForm = (d: string, habit: number) => {
    const h = habit < 0.7 ? Math.floor(habit * 8.5) : R.int(0, 5);
    switch (h) {
      case 0: return d;
      case 1: return `RG ${d}`;
      case 2: return `Beleg ${d}`;
      case 3: return `RG-Nr. ${spaced(d)}`;
      case 4: return `Rechnung ${d}`;
      default: return `Re.${d}`;
    }
  };
  const NOISE: [(ln: Line) => string, number][] = [
    [() => '', 4], [() => `EREF: ${R.digits(10)}`, 2], [(ln) => `IBAN ${groupIban(ln.cust!.iban).slice(0, R.pick([14, 19, 24]))}`, 0.6],
    [() => `Tel. 0${R.int(30, 911)} ${R.digits(R.int(6, 8))}`, 0.6], [(ln) => `vom ${fmtDate(ln.refs[0] ? ln.refs[0].issue : ln.day - 20, 'dd.mm.yyyy')}`, 1], [() => 'End-to-End-Ref.: NOTPROVIDED', 1],
  ];
  const noise = (ln: Line) => R.weighted(NOISE)(ln);
  const extra = (ln: Line) => {
    const parts: string[] = [];
    const c = ln.cust!;
    if (R.chance(0.3)) parts.push(R.pick([`Kd-Nr. ${c.no}`, `Kunden-Nr ${c.no}`, `KDNR ${c.no}`]));
    if (ln.refs[0]?.contract && R.chance(0.5)) parts.push(`Vertrag ${ln.refs[0].contract}`);
    const n = noise(ln);
    if (n) parts.push(n);
    return parts.length ? ' ' + parts.join(' ') : '';
  };
  const refOf = (it: Item, ln: Line) => (ln.mode === 'po' && it.po ? it.po : it.doc);
  const text = (ln: Line): string => {
    const c = ln.cust!;
    const [a, b] = ln.refs;
    if (ln.mode === 'none') return R.pick([`Zahlung Kd-Nr. ${c.no}`, 'Sammelzahlung', `Ausgleich Ihrer Rechnungen`, `Zahlung lt. Avis ${fmtDate(ln.day - 1, 'dd.mm.yyyy')}`, c.name.toUpperCase(), `Kunde ${c.no} offene Posten`]) + (R.chance(0.3) ? ` EREF: ${R.digits(10)}` : '');
    if (ln.mode === 'typo') return docForm(ln.ref, c.habit) + extra(ln);
    if (ln.mode === 'po') {
      const pos = ln.refs.filter((i) => !i.credit).map((i) => i.po).join(', ');
      const base = R.pick([`Bestellung ${pos}`, `PO ${pos}`, `Ihre Bestellnr. ${pos}`, pos, `Best.-Nr. ${pos}`]);
      if (ln.part) return `${ln.part[0]}. Rate ${base}` + extra(ln);
      if (ln.kind === 'part_payment') return `Teilzahlung ${base}` + extra(ln);
      if (ln.kind === 'early_payment_discount') return `${base} abzgl. 2% Skonto` + extra(ln);
      return base + extra(ln);
    }
    if (ln.refs.length > 1 && ln.kind === 'credit_note_netted') return `RG ${a.doc} abzgl. Gutschrift ${b.doc}` + extra(ln);
    if (ln.refs.length > 1) {
      const docs = ln.refs.map((i) => refOf(i, ln));
      return R.pick(['RG ', 'Belege ', 'Rechnungen ', '']) + docs.join(R.pick([', ', ' ', ' / ', ' u. '])) + extra(ln);
    }
    const d = docForm(a.doc, c.habit);
    if (ln.part) return R.pick([`Rate ${ln.part[0]}/${ln.part[1]} ${d}`, `${ln.part[0]}. Rate ${d}`, `Teilzahlung ${ln.part[0]} zu ${d}`]) + extra(ln);
    switch (ln.kind) {
      case 'part_payment': return R.pick([`Akonto ${d}`, `Teilzahlung ${d}`, `${d} Anzahlung`]) + extra(ln);
      case 'early_payment_discount': return `${d} abzgl. 2% Skonto` + extra(ln);
      case 'credit_note_netted': return `${d} abzgl. Gutschrift` + extra(ln);
      default: return d + extra(ln);
    }
  };
  const month = (day: number) => fmtDate(day, 'dd.mm.yyyy').slice(3);
  type Row = [string, string, string, string, string];
  const noiseRow = (ln: Line): Row => {
    const amt = Math.abs(ln.cents);
    switch (ln.noise!) {
      case 'supplier': return ['Überweisung', R.pick(DE_SUPPLIERS), iban('DE', R.digits(18)), `Rechnung ${ln.ref} Kundennr ${R.digits(ln.ref.length)}`, 'COBADEFFXXX'];
      case 'salary': return ['Lohn/Gehalt', DE_PEOPLE[Number(ln.ref) % DE_PEOPLE.length], iban('DE', R.digits(18)), `Gehalt ${month(ln.day)} PersNr ${pad(Number(ln.ref) + 1, 5)}`, 'GENODEF1S04'];
      case 'bank_fee': return ['Entgelt', '', '', `Kontoführung ${month(ln.day)} Postenentgelte`, ''];
      case 'interest': return ['Zinsgutschrift', '', '', `Habenzinsen ${month(ln.day)}`, ''];
      case 'tax': return ['Überweisung', 'Finanzamt Stuttgart-Körperschaften', 'DE92600000000060001530', `StNr 99015/${R.digits(5)} USt ${month(ln.day - 40)}`, 'MARKDEF1600'];
      case 'rent': return ['Dauerauftrag', 'Gewerbepark Süd Verwaltungs GmbH', 'DE44600501010002345678', `Miete Halle 3 ${month(ln.day)}`, 'SOLADEST600'];
      case 'card_settlement': return ['Gutschrift', 'PAYONE GmbH', 'DE18500400000590030000', `Auszahlung ${fmtDate(ln.day - 1, 'yyyy-mm-dd')} Haendler-ID ${R.digits(10)} Betrag ${de(amt)}`, 'COBADEFFXXX'];
      case 'refund': return ['Überweisung', ln.cust!.name, ln.cust!.iban, `Erstattung Guthaben RG ${ln.ref} Kd-Nr. ${ln.cust!.no}`, ln.cust!.bic];
      case 'closed_invoice': return ['Gutschrift', ln.cust!.bankName, ln.cust!.iban, R.pick([`RG ${ln.ref}`, ln.ref, `Beleg ${ln.ref}`]), ln.cust!.bic];
      case 'sweep': return ['Umbuchung', 'Eigenes Tagesgeldkonto', 'DE02120300000000202051', 'Übertrag auf Tagesgeld', 'BYLADEM1001'];
      case 'advance_contract': return ['Gutschrift', ln.cust!.bankName, ln.cust!.iban, `Anzahlung Vertrag ${ln.ref} Kd-Nr. ${ln.cust!.no}`, ln.cust!.bic];
    }
  };
  const st: string[] = [row(['Buchungsdatum', 'Wertstellung', 'Buchungstext', 'Auftraggeber/Empfänger', 'IBAN', 'BIC', 'Verwendungszweck', 'Betrag', 'Währung'])];
  for (const ln of plan.lines) {
    const [bt, name, ib, vz, bic] = ln.noise ? noiseRow(ln) : [R.pick(['Gutschrift', 'SEPA-Gutschrift', 'Überweisungsgutschr.']), ln.cust!.bankName, ln.cust!.iban, text(ln), ln.cust!.bic];
    const val = R.chance(0.85) ? ln.day : ln.day + 1;
    st.push(row([fmtDate(ln.day, 'dd.mm.yyyy'), fmtDate(val, 'dd.mm.yyyy'), bt, name, ib, bic, vz.replace(/\s+/g, ' ').trim().slice(0, 140), de(ln.cents), 'EUR']));
  }

  return {
    name: 'erp-numeric',
    description: DESCRIPTION,
    openItems: { fileName: 'FBL5N_offene_Posten.csv', content: oi.join('\r\n') + '\r\n' },
    statement: { fileName: 'Kontoauszug_Umsaetze.csv', content: st.join('\r\n') + '\r\n' },
    truth: buildTruth(plan.items, plan.lines),
  };
};

const DESCRIPTION =
  'SAP open-items export of a German manufacturer (";", decimal comma, trailing minus on credit notes, 10-digit document numbers 1800…/1700…, customer PO numbers 4500… of the same length, contract numbers in Zuordnung) against a German business-bank CSV whose Verwendungszweck quotes document numbers in many spellings, or only the PO number for some customers, among look-alike digit runs (EREF ids, contract and customer numbers, phone numbers, IBAN fragments, dates). Fees 7,50/15,00 EUR, Skonto 2 %.';
