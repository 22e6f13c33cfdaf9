/**
 * ee-swedbank — a Tallinn building-materials wholesaler (Merit Aktiva, EUR, 24 % VAT) against its
 * Swedbank Estonia account statement CSV. Estonian invoices carry a reference number (viitenumber)
 * with a 7-3-1 check digit; the wholesaler makes it from the invoice number (invoice 26457 → 264573),
 * but its large customers have one fixed customer reference printed on every invoice, so their
 * transfers name the customer and not the invoice. Payers who ignore the reference field type the
 * invoice number into the explanation (selgitus) in many spellings, next to their registry code
 * (8 digits) or a personal id code (11 digits) that look like numbers of the ledger. Swedbank's CSV
 * puts the opening balance, turnover and closing balance inside the table as rows of their own
 * (Reatüüp 10/82/86), amounts unsigned with D/K, dd.mm.yyyy dates, decimal commas.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, dmy, eeRef, money, pad, q, rngFor, openingFor, workDay, LAST_DAY, type Row } from './common';

const NAME = 'ee-swedbank';
export const EE_VAT = (net: number) => Math.round(net * 0.24);
/** What SWIFT correspondents take from a non-SEPA (Norwegian, British) payment on the way, in cents. */
export const EE_SWIFT_FEES = [1500, 2000, 2500, 3500];

const N1 = ['Põhjaranniku', 'Lõuna', 'Tamme', 'Kadaka', 'Järve', 'Saare', 'Viru', 'Pärnu', 'Kivi', 'Männi', 'Kase', 'Rannamõisa', 'Nõmme', 'Valge', 'Harju', 'Tartu', 'Kesk', 'Merekivi', 'Ülemiste', 'Pirita', 'Laane', 'Sõbra', 'Kuuse', 'Tuule'];
const N2 = ['Ehitus', 'Kinnisvara', 'Remont', 'Puit', 'Katused', 'Projekt', 'Ehitusgrupp', 'Sisustus', 'Haldus', 'Elekter', 'Torutööd', 'Aknad'];
const FOREIGN: [string, boolean][] = [['Rakennus Virtanen Oy', true], ['SIA Būvniecība Rīga', true], ['UAB Statybų Namai', true], ['Byggmester Hansen AS', false], ['Nordic Timber Ltd', false], ['Tømrer Olsen AS', false]];

interface Cust { name: string; bank: string; reg: string; custRef: string; foreign: boolean; sepa: boolean; person: string }

export function eeSwedbank(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 19001);
  const book = new Book();
  const used = new Set<string>();
  let code = r.int(1100, 1400);
  const mk = (i: number): Cust => {
    let base = '';
    for (let t = 0; !base || used.has(base); t++) base = `${r.pick(N1)} ${r.pick(N2)}${t > 20 ? ` ${r.pick(['Grupp', 'Teenused', 'Invest', 'Partnerid', 'Plus', 'Tootmine'])}` : ''}${t > 60 ? ` ${t}` : ''}`;
    used.add(base);
    const name = `${base} OÜ`;
    // The bank shows what the payer's bank sends: often upper case, sometimes with the legal form first.
    const bank = r.pick([name, name.toUpperCase(), `OÜ ${base}`, `OÜ ${base.toUpperCase()}`]);
    return { name, bank, reg: `1${r.int(0, 6)}${pad(r.int(0, 999999), 6)}`, custRef: i % 4 === 0 ? eeRef(String(code++)) : '', foreign: false, sepa: true, person: `${r.int(3, 6)}${pad(r.int(0, 99), 2)}${pad(r.int(1, 12), 2)}${pad(r.int(1, 28), 2)}${pad(r.int(0, 9999), 4)}` };
  };
  const custs = Array.from({ length: Math.max(40, Math.round(o.openItems / 9)) }, (_, i) => mk(i));
  const foreign: Cust[] = FOREIGN.map(([n, sepa]) => ({ name: n, bank: n.toUpperCase(), reg: '', custRef: '', foreign: true, sepa, person: '' }));
  const domestic = custs.filter((c) => !c.custRef), keyed = custs.filter((c) => c.custRef);

  const no0 = 26000 + r.int(100, 400), per = Math.max(1, o.openItems * 1.1) / 120;
  let no = no0;
  /** An invoice (or a credit invoice, same number series, negative) of `c` for `net` cents. */
  const inv = (c: Cust, kind: string, group: string | null, opt: { net?: number; amb?: boolean; paid?: number; credit?: boolean } = {}): Row => {
    const n = no++, sg = opt.credit ? -1 : 1;
    const net = opt.net ?? r.cents(80, 6000), vat = c.foreign ? 0 : EE_VAT(net), total = net + vat, paid = opt.paid ?? 0;
    const day = Math.min(80, -32 + Math.floor((n - no0) / per));
    const ref = c.custRef || eeRef(String(n));
    return book.addOi({ day, cents: sg * (total - paid), key: c.name, group, kind, amb: opt.amb, cells: { no: String(n), net: String(sg * net), vat: String(sg * vat), total: String(sg * total), paid: String(paid), cust: c.name, reg: c.reg, ref } });
  };
  const arch = () => `2026${pad(r.int(0, 9999999999), 10)}`;
  const pay = (day: number, cents: number, who: string, desc: string, ref: string, group: string | null, kind: string, amb?: boolean) =>
    book.addSt({ day: workDay(Math.max(day, 0)), cents, group, kind, amb, cells: { who, desc, ref, arch: arch(), type: 'MK', doc: cents > 0 ? '' : String(r.int(1, 999)) } });
  const after = (rows: Row[], lo = 2, hi = 40) => Math.max(Math.max(...rows.map((x) => x.day)) + r.int(lo, hi), r.int(0, 10));
  /** How a payer writes an invoice number in the explanation. */
  const cite = (x: Row) => r.pick([`arve ${x.cells.no}`, `Arve nr. ${x.cells.no}`, `ARVE ${x.cells.no}`, `arve nr ${x.cells.no} tasumine`, `Tasumine arve ${x.cells.no} eest`, `inv ${x.cells.no}`, `${x.cells.no}`, `Arve nr.${x.cells.no}`, `arve${x.cells.no}`]);
  const sumOf = (xs: Row[]) => xs.reduce((a, x) => a + x.cents, 0);

  while (book.oi.length < o.openItems) {
    const u = r.next();
    const c = r.pick(domestic), k = r.pick(keyed);
    if (u < 0.22) {
      const g = book.group(), x = inv(c, 'reference_exact', g);
      pay(after([x]), x.cents, c.bank, r.pick(['', '', `arve ${x.cells.no}`, 'Arve tasumine', x.cells.no]), x.cells.ref, g, 'reference_exact');
    } else if (u < 0.34) {
      const g = book.group(), x = inv(c, 'invoice_in_explanation', g);
      pay(after([x]), x.cents, c.bank, cite(x), '', g, 'invoice_in_explanation');
    } else if (u < 0.42) {
      const g = book.group(), x = inv(k, 'customer_reference_single', g);
      pay(after([x]), x.cents, k.bank, r.pick(['', 'Arve tasumine', 'materjal', `tellimus ${r.int(100, 999)}`]), k.custRef, g, 'customer_reference_single');
    } else if (u < 0.48) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 5) }, () => inv(k, 'customer_reference_several', g));
      pay(after(xs), sumOf(xs), k.bank, r.pick(['', 'Arved', `${['september', 'oktoober', 'november'][Math.min(2, Math.floor(Math.max(...xs.map((x) => x.day)) / 30))]} arved`]), k.custRef, g, 'customer_reference_several');
    } else if (u < 0.53) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'several_invoices_cited', g));
      pay(after(xs), sumOf(xs), c.bank, `${r.pick(['arved', 'Arved nr', 'ARVED', 'inv'])} ${xs.map((x) => x.cells.no).join(r.pick([', ', ',', ' ja ', '; ', ' + ']))}`, '', g, 'several_invoices_cited');
    } else if (u < 0.57) {
      const g = book.group(), x = inv(c, 'credit_note_netted', g, { net: r.cents(500, 8000) });
      const cn = inv(c, 'credit_note_netted', g, { credit: true, net: Math.round(Number(x.cells.net) * r.int(3, 25) / 100) });
      pay(after([x, cn]), x.cents + cn.cents, c.bank, `${r.pick(['arve', 'Arve nr.'])} ${x.cells.no} ${r.pick(['miinus kreeditarve', '- kr.arve', 'ja kreeditarve', 'tasaarveldus'])} ${cn.cells.no}`, '', g, 'credit_note_netted');
    } else if (u < 0.61) {
      const g = book.group(), x = inv(c, 'instalments', g, { net: r.cents(3000, 15000) }), n = r.int(2, 3);
      const part = Math.floor(x.cents / n / 100) * 100, d0 = after([x], 3, 12);
      for (let i = 0; i < n; i++) pay(d0 + i * r.int(14, 24), i < n - 1 ? part : x.cents - part * (n - 1), c.bank, `${r.pick(['osamakse', 'Osamakse', 'järelmaks'])} ${i + 1}/${n} ${r.pick([`arve ${x.cells.no}`, x.cells.no])}`, r.chance(0.5) ? x.cells.ref : '', g, 'instalments');
    } else if (u < 0.64) {
      const g = book.group(), x = inv(c, 'part_payment', g, { net: r.cents(1000, 12000) }), part = Math.round(x.cents * r.int(20, 60) / 100 / 1000) * 1000;
      pay(after([x]), part, c.bank, `${r.pick(['ettemaks', 'osaline tasumine', 'Osaliselt'])} ${cite(x)}`, x.cells.ref, g, 'part_payment');
    } else if (u < 0.66) {
      const net = r.cents(800, 6000), paid = Math.round((net + EE_VAT(net)) * r.int(30, 70) / 100);
      const g = book.group(), x = inv(c, 'remainder_after_earlier_payment', g, { net, paid });
      pay(after([x]), x.cents, c.bank, `${r.pick(['jääk', 'Arve jääk', 'ülejäänud summa'])} ${x.cells.no}`, x.cells.ref, g, 'remainder_after_earlier_payment');
    } else if (u < 0.70) {
      const f = r.pick(foreign), g = book.group(), x = inv(f, f.sepa ? 'foreign_sepa_invoice_cited' : 'swift_fee_deducted', g, { net: r.cents(1000, 20000) });
      const fee = f.sepa ? 0 : r.pick(EE_SWIFT_FEES);
      pay(after([x], 4, 30), x.cents - fee, f.bank, r.pick([`INVOICE ${x.cells.no}`, `/RFB/${x.cells.ref}`, `INV ${x.cells.no} ${f.name.toUpperCase()}`, `Payment inv.${x.cells.no}`]), f.sepa && r.chance(0.5) ? x.cells.ref : '', g, f.sepa ? 'foreign_sepa_invoice_cited' : 'swift_fee_deducted');
    } else if (u < 0.74) {
      const g = book.group(), x = inv(c, 'name_and_amount_only', g);
      pay(after([x]), x.cents, c.bank, r.pick(['', 'Arve tasumine', 'tasumine', 'kaup', 'ehitusmaterjal']), '', g, 'name_and_amount_only');
    } else if (u < 0.77) {
      const g = book.group(), x = inv(c, 'mistyped_invoice_number', g), s = x.cells.no;
      let bad = s;
      while (bad === s) { const i = r.int(1, s.length - 2); bad = r.chance(0.5) ? s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2) : s.slice(0, -1) + String((Number(s.slice(-1)) + r.int(1, 9)) % 10); }
      pay(after([x]), x.cents, c.bank, r.pick([`arve ${bad}`, `Arve nr. ${bad}`, bad]), '', g, 'mistyped_invoice_number');
    } else if (u < 0.80) {
      const g = book.group(), x = inv(c, 'registry_code_in_text', g);
      const bits = r.shuffle([r.pick([`reg.kood ${c.reg}`, `rg-kood ${c.reg}`, `${c.reg}`]), r.pick([`arve ${x.cells.no}`, `Arve nr. ${x.cells.no}`])]);
      if (r.chance(0.4)) bits.push(r.pick([`tel ${r.pick(['5', '5', '8'])}${pad(r.int(0, 9999999), 7)}`, `leping ${r.int(10, 99)}/${r.int(2024, 2026)}`, `objekt ${r.pick(['Kalamaja', 'Mustamäe', 'Rocca al Mare', 'Lasnamäe'])} ${r.int(1, 99)}`]));
      pay(after([x]), x.cents, c.bank, bits.join(' '), '', g, 'registry_code_in_text');
    } else if (u < 0.82) {
      // A sole trader (FIE) pays from a private account: the name is a person's, the text a personal id code.
      const g = book.group(), x = inv(c, 'paid_by_owner_personal_code', g);
      pay(after([x]), x.cents, r.pick(['MARGUS TAMM', 'Kristi Saar', 'ANDRES KASK', 'Tiina Mägi', 'JAAN PÕLD', 'Priit Lepp']), `${c.person} ${r.pick([c.name, c.name.replace(' OÜ', '')])} arve ${x.cells.no}`, '', g, 'paid_by_owner_personal_code');
    } else if (u < 0.84) {
      const c2 = r.pick(domestic.filter((z) => z !== c)), nn = r.int(2, 40) * 10000;
      for (const z of [c, c2]) { const g = book.group(), x = inv(z, 'same_amount_two_customers', g, { net: nn }); pay(after([x]), x.cents, z.bank, r.pick(['', 'Arve tasumine']), '', g, 'same_amount_two_customers'); }
    } else if (u < 0.855) {
      // Two open invoices of a keyed customer with the same amount; the customer reference names neither.
      const g = book.group(), net = r.cents(100, 3000), a = inv(k, 'ambiguous_equal_amounts', g, { net, amb: true });
      inv(k, 'ambiguous_equal_amounts', null, { net, amb: true });
      pay(after([a]), a.cents, k.bank, '', k.custRef, g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.87) {
      const g = book.group(), x = inv(c, 'duplicate_refunded', g), d1 = after([x]), desc = cite(x);
      pay(d1, x.cents, c.bank, desc, x.cells.ref, g, 'duplicate_refunded');
      pay(d1, x.cents, c.bank, desc, x.cells.ref, null, 'duplicate_refunded');
      pay(d1 + r.int(2, 10), -x.cents, c.bank, `Topeltmakse tagastus ${r.pick([`arve ${x.cells.no}`, x.cells.ref])}`, '', null, 'duplicate_refunded');
    } else if (u < 0.885) {
      const old = String(25000 + r.int(100, 999));
      pay(r.int(0, LAST_DAY - 1), r.cents(50, 3000), c.bank, r.pick([`arve ${old}`, `Arve nr. ${old} (2025)`, 'võlg 2025']), r.chance(0.5) ? eeRef(old) : '', null, 'payment_not_on_list');
    } else if (u < 0.895) {
      // A payment its payer's bank recalled (sent from the wrong account), paid again from the right one.
      const g = book.group(), x = inv(c, 'returned_then_repaid', g), d1 = after([x], 2, 20);
      pay(d1, x.cents, c.bank, cite(x), x.cells.ref, null, 'returned_then_repaid');
      pay(d1 + r.int(1, 3), -x.cents, c.bank, `Makse tagasikutsumine maksja panga nõudel / recall ${x.cells.ref}`, '', null, 'returned_then_repaid');
      pay(d1 + r.int(5, 15), x.cents, c.bank, cite(x), x.cells.ref, g, 'returned_then_repaid');
    } else {
      inv(r.chance(0.3) ? k : c, 'unpaid_invoice', null);
    }
    book.endCase();
  }
  // The rest of the account: card settlements, salaries, tax, suppliers, bank fees.
  for (let i = 0, n = Math.round(o.openItems * 0.15); i < n; i++) {
    const v = r.next(), day = r.int(0, LAST_DAY - 1);
    if (v < 0.3) pay(day, r.cents(100, 4000), 'SWEDBANK AS', `Kaardimaksed ${dmy(day - 1, '.')} terminal ${pad(r.int(0, 99999999), 8)}`, '', null, 'other_bank_line');
    else if (v < 0.45) book.addSt({ day: workDay(day), cents: -r.int(30, 2500), group: null, kind: 'other_bank_line', cells: { who: '', desc: r.pick(['Teenustasu', 'Välismakse teenustasu', 'Kuutasu internetipank']), ref: '', arch: arch(), type: 'M', doc: '' } });
    else if (v < 0.65) pay(day, -r.cents(500, 40000), r.pick(['Bauhof Group AS', 'Ehituse ABC AS', 'Kesko Senukai Estonia AS', 'Saint-Gobain Ehitustooted Eesti AS', 'Puumarket OÜ']), `arve ${r.int(10000, 999999)}`, r.chance(0.5) ? eeRef(String(r.int(10000, 9999999))) : '', null, 'other_bank_line');
    else if (v < 0.8) pay(day, -r.cents(1500, 5000), r.pick(['Mart Kuusk', 'Liis Pärn', 'Rein Ots', 'Katrin Sepp']), `Töötasu ${r.pick(['09', '10', '11'])}.2026`, '', null, 'other_bank_line');
    else pay(day, -r.cents(3000, 30000), 'Maksu- ja Tolliamet', r.pick(['Maksude ettemaks', 'KMD 09.2026', 'TSD 10.2026']), `${r.int(10000000000, 99999999999)}`, null, 'other_bank_line');
  }

  const { oi, st, truth } = book.finish();
  // Merit Aktiva "Müügiarvete saldod": UTF-8 with a BOM, semicolons, decimal commas, by customer, a total line.
  const m = (c: number) => money(c, '', ',');
  const OH = ['Klient', 'Registrikood', 'Arve nr', 'Arve kuupäev', 'Maksetähtaeg', 'Viitenumber', 'Summa km-ta', 'Käibemaks', 'Summa', 'Tasutud', 'Tasumata'];
  const oiLines = ['Müügiarvete saldod', `Periood: ${dmy(-32, '.')} - ${dmy(LAST_DAY, '.')}`, 'Ettevõte: Ehitusmaterjalide Hulgi OÜ', '', OH.join(';')];
  for (const x of oi) oiLines.push([x.cells.cust, x.cells.reg, x.cells.no, dmy(x.day, '.'), dmy(x.day + 14, '.'), x.cells.ref, m(Number(x.cells.net)), m(Number(x.cells.vat)), m(Number(x.cells.total)), m(Number(x.cells.paid)), m(x.cents)].map((s) => q(s, ';')).join(';'));
  oiLines.push('', `Kokku;;;;;;;;;;${m(oi.reduce((a, x) => a + x.cents, 0))}`);
  // Swedbank EE: semicolons, dd.mm.yyyy, unsigned amounts with D/K, balance rows in the table, a trailing semicolon.
  const acct = `EE${r.int(10, 99)}2200${pad(r.int(0, 999999999999), 12)}`;
  const open = openingFor(st, r.cents(20000, 90000));
  const SH = ['Kliendi konto', 'Reatüüp', 'Kuupäev', 'Saaja/Maksja', 'Selgitus', 'Summa', 'Valuuta', 'Deebet/Kreedit', 'Arhiveerimistunnus', 'Tehingu tüüp', 'Viitenumber', 'Dokumendi number', ''];
  const line = (cells: string[]) => cells.map((s) => q(s, ';', s !== '')).join(';');
  const stLines = [line(SH), line([acct, '10', dmy(0, '.'), '', 'Algsaldo', m(open), 'EUR', 'K', '', 'AS', '', '', ''])];
  let d = 0, k = 0;
  for (const x of st) {
    if (x.cents < 0) d -= x.cents; else k += x.cents;
    stLines.push(line([acct, '20', dmy(x.day, '.'), x.cells.who, x.cells.desc, m(Math.abs(x.cents)), 'EUR', x.cents < 0 ? 'D' : 'K', x.cells.arch, x.cells.type, x.cells.ref, x.cells.doc, '']));
  }
  stLines.push(line([acct, '82', dmy(LAST_DAY, '.'), '', 'Käive', m(d), 'EUR', 'D', '', 'K2', '', '', '']), line([acct, '82', dmy(LAST_DAY, '.'), '', 'Käive', m(k), 'EUR', 'K', '', 'K2', '', '', '']),
    line([acct, '86', dmy(LAST_DAY, '.'), '', 'lõppsaldo', m(open + k - d), 'EUR', 'K', '', 'LS', '', '', '']));
  return {
    name: NAME,
    description: 'A Tallinn building-materials wholesaler\'s Merit Aktiva receivables balance (UTF-8 with BOM, semicolons, preamble, dd.mm.yyyy, decimal commas, sorted by customer, a Kokku total line; invoice numbers like 26457 with a 7-3-1 reference 264573, credit invoices in the same number series with negative amounts, 24 % VAT, registry codes; a quarter of customers carry one fixed customer reference on every invoice) against a Swedbank Estonia statement CSV (semicolons, every filled field quoted, trailing semicolon, dd.mm.yyyy, unsigned amounts with D/K, the opening balance, two turnover rows and the closing balance inside the table as Reatüüp 10/82/86). Kinds: reference_exact, invoice_in_explanation (nine spellings), customer_reference_single and customer_reference_several (the reference names the customer only), several_invoices_cited, credit_note_netted, instalments, part_payment, remainder_after_earlier_payment, foreign_sepa_invoice_cited, swift_fee_deducted (Norwegian and British payers), name_and_amount_only, mistyped_invoice_number, registry_code_in_text, paid_by_owner_personal_code, same_amount_two_customers, ambiguous_equal_amounts, duplicate_refunded, returned_then_repaid, payment_not_on_list, unpaid_invoice, not_yet_due, other_bank_line (card settlements, fees, suppliers, salaries, tax with an 11-digit reference).',
    openItems: { fileName: 'myygiarvete_saldod.csv', content: '\ufeff' + oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: `statement_${acct}.csv`, content: stLines.join('\r\n') + '\r\n' },
    truth,
  };
}
