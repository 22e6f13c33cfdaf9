/**
 * fi-viitenumero — a Tampere HVAC service company (a Finnish cloud ERP, EUR) against its Nordea
 * business account. Every invoice carries a creditor reference built from the customer number and
 * the invoice number with the 7-3-1 check digit (30412 31250 7); customers abroad get the same
 * reference in RF form (RF18 3041 2312 507). Most payers enter the reference in its own field;
 * others type it into the message with spaces or leading zeros, quote the invoice number instead,
 * take the 2 % discount for payment within 8 days, pay several invoices with one message, or pay
 * with no reference at all. Monthly service-contract fees are the same amount for dozens of
 * customers. Customer numbers sit in the same five-digit range as invoice numbers.
 */
import type { World, WorldOptions } from '../world';
import { mod97 } from '../mulberry32';
import { Book, Rng, dateOf, dmy, money, pad, q, rngFor, openingFor, workDay, LAST_DAY, type Row } from './common';

const NAME = 'fi-viitenumero';
/** The Finnish reference check digit: weights 7, 3, 1 from the right, the step to the next ten. */
export function fiCheck(base: string): number {
  const w = [7, 3, 1];
  let s = 0;
  for (let i = 0; i < base.length; i++) s += Number(base[base.length - 1 - i]) * w[i % 3];
  return (10 - (s % 10)) % 10;
}
export const fiRef = (base: string) => base + fiCheck(base);
/** The international form: RF, two check digits (ISO 7064 mod 97-10), the national reference. */
export const rfOf = (ref: string) => `RF${pad(98 - mod97(`${ref}271500`), 2)}${ref}`;
/** A business id (Y-tunnus): seven digits, a dash, the mod-11 check. */
function yTunnus(r: Rng): string {
  for (;;) {
    const d = pad(r.int(700000, 3299999), 7), w = [7, 9, 10, 5, 8, 4, 2];
    const m = [...d].reduce((s, c, i) => s + Number(c) * w[i], 0) % 11;
    if (m !== 1) return `${d}-${m === 0 ? 0 : 11 - m}`;
  }
}
/** The discount for payment within 8 days (maksuehto 8 pv -2 %, 30 pv netto), on each invoice. */
export const fiDiscounted = (c: number) => c - Math.round(c * 0.02);

const P1 = ['Kiinteistö', 'Rakennus', 'Asunto Oy', 'Lämpö', 'Putki', 'Talotekniikka', 'Kauppa', 'Ravintola', 'Konepaja', 'Sähkö', 'Puutarha', 'Hammaslääkäri'];
const P2 = ['Virtanen', 'Mäkelä', 'Nieminen', 'Hämäläinen', 'Koskinen', 'Järvinen', 'Lehtonen', 'Heikkinen', 'Laine', 'Salo', 'Kallio', 'Tampereen Kotipiha', 'Pirkanmaan', 'Hervannan Helmi', 'Nokian Tähti'];
const SUF = ['Oy', 'Oy', 'Oy', 'Ky', 'Tmi', 'Oy Ab'];
const FIRST = ['Matti', 'Pekka', 'Anna', 'Liisa', 'Juha', 'Sari', 'Timo', 'Kaisa', 'Jari', 'Päivi'];
const TOWNS = ['Nokia', 'Ylöjärvi', 'Kangasala', 'Pirkkala', 'Lempäälä', 'Orivesi'];
const ABROAD = ['Nordic Facility AB', 'Eesti Kinnisvarahaldus OÜ', 'Bergen Eiendom AS', 'Haus Technik GmbH', 'Baltic Property SIA'];

interface Cust { no: string; iban: string; name: string; bank: string[]; y: string; rf: boolean; abroad: boolean; person: boolean }

export function fiViitenumero(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 17001);
  const book = new Book();
  const nCust = Math.max(40, Math.round(o.openItems / 9));
  const used = new Set<string>();
  const custs: Cust[] = Array.from({ length: nCust }, (_, i) => {
    const person = r.chance(0.15), abroad = !person && r.chance(0.06);
    const f = r.pick(FIRST), l = r.pick(P2.slice(0, 11));
    // Companies have distinct names (a town added when the draw repeats one); two private persons may share one.
    let name = person ? `${l} ${f}` : abroad ? r.pick(ABROAD) : `${r.pick(P1)} ${r.pick(P2)} ${r.pick(SUF)}`;
    for (let t = 0; !person && used.has(name); t++) name = abroad ? `${r.pick(ABROAD).replace(/ (\S+)$/, ` ${r.pick(['Nord', 'Syd', 'Ost', 'West', 'Center'])} $1`)}` : `${r.pick(P1)} ${r.pick(P2)} ${t > 5 ? `${r.pick(TOWNS)} ${t} ` : ''}${r.pick(SUF)}`;
    used.add(name);
    const base = name.replace(/ (Oy Ab|Oy|Ky|Tmi|AB|OÜ|AS|GmbH|SIA)$/, '');
    const bank = person ? [`${l.toUpperCase()} ${f.toUpperCase()}`, `${f} ${l}`] : [name.toUpperCase(), base.toUpperCase(), name.replace(/ Oy$/, ' OY').replace('Asunto Oy', 'As Oy')];
    // Customer numbers 30000-34999: the same five-digit range as the invoice numbers.
    const iban = abroad ? `${r.pick(['SE', 'EE', 'NO', 'DE', 'LV'])}${r.int(10, 99)} ${r.int(1000, 9999)} ${r.int(1000, 9999)} ${r.int(1000, 9999)} ${r.int(10, 99)}` : `FI${r.int(10, 99)} ${r.int(1000, 8999)} ${r.int(1000, 9999)} ${r.int(1000, 9999)} ${r.int(10, 99)}`;
    return { iban, no: String(30000 + Math.floor((i * 5000) / nCust) + r.int(0, Math.max(0, Math.floor(5000 / nCust) - 1))), name, bank, y: person ? '' : yTunnus(r), rf: abroad || r.chance(0.12), abroad, person };
  });
  const seen = new Set<string>();
  for (const c of custs) { while (seen.has(c.no)) c.no = String(Number(c.no) + 1); seen.add(c.no); }
  const start = r.int(30400, 31200), per = Math.max(1, o.openItems * 1.05) / 110;
  let next = start, old = start - 3000, arch = r.int(100000, 900000);
  const fee = r.pick([12400, 14880, 9920, 18600]);
  const inv = (c: Cust, kind: string, group: string | null, opt: { cents?: number; amb?: boolean; credit?: boolean; day?: number; no?: number } = {}): Row => {
    const no = String(opt.no ?? next++), ref = fiRef(c.no + no);
    const day = opt.day ?? Math.min(80, -30 + Math.floor((Number(no) - start) / per));
    return book.addOi({ day, cents: opt.cents ?? r.cents(85, 9800), key: c.no, group, kind, amb: opt.amb, cells: { no, type: opt.credit ? 'Hyvityslasku' : 'Lasku', ref, shown: c.rf ? rfOf(ref) : ref, cust: c.no, name: c.name, y: c.y } });
  };
  const pay = (day: number, cents: number, c: Cust | null, cells: { ref?: string; msg?: string; payer?: string; payee?: string; title?: string; acct?: string }, group: string | null, kind: string, amb?: boolean) =>
    book.addSt({ day: workDay(Math.min(Math.max(day, 0), LAST_DAY - 2)), cents, group, kind, amb, cells: { ref: cells.ref ?? '', msg: cells.msg ?? '', payer: cells.payer ?? (c ? r.pick(c.bank) : ''), payee: cells.payee ?? '', acct: cells.acct ?? (c ? c.iban : `FI${r.int(10, 99)} ${r.int(1000, 8999)} ${r.int(1000, 9999)} ${r.int(1000, 9999)} ${r.int(10, 99)}`), title: cells.title ?? (cents > 0 ? 'Pano' : 'Veloitus') } });
  const after = (rows: Row[]) => Math.max(0, ...rows.map((x) => x.day)) + r.int(3, 30);
  /** The reference as a payer types it into the message: grouped by fives, leading zeros, or with a word. */
  const refText = (x: Row) => {
    const ref = x.cells.ref, g = ref.replace(/\B(?=(\d{5})+(?!\d))/g, ' ');
    return r.pick([`Viite ${g}`, `viitenro ${ref}`, `${pad(ref, 20)}`, `VIITE: ${g}`, `ref ${ref}`, g]);
  };
  const invText = (x: Row) => r.pick([`Lasku ${x.cells.no}`, `lasku nro ${x.cells.no}`, `Laskunumero: ${x.cells.no}`, `LASKU ${x.cells.no} ${dmy(x.day, '.', false)}`, `inv ${x.cells.no}`, `${x.cells.no}`, `Laskun ${x.cells.no} maksu`]);
  /** The structured field: the reference as printed on the invoice (RF or national), never with spaces. */
  const refField = (x: Row) => (x.cells.shown.startsWith('RF') ? x.cells.shown : r.chance(0.2) ? pad(x.cells.ref, 20) : x.cells.ref);

  while (book.oi.length < o.openItems) {
    const u = r.next();
    let c = r.pick(custs);
    const who = (pred: (k: Cust) => boolean) => { const xs = custs.filter(pred); return xs.length ? r.pick(xs) : c; };
    if (u < 0.3) {
      const g = book.group(), x = inv(c, 'reference_field', g);
      pay(after([x]), x.cents, c, { ref: refField(x) }, g, 'reference_field');
    } else if (u < 0.37) {
      const g = book.group(), x = inv(c, 'reference_in_message', g);
      pay(after([x]), x.cents, c, { msg: refText(x) }, g, 'reference_in_message');
    } else if (u < 0.44) {
      const g = book.group(), x = inv(c, 'invoice_number_in_message', g);
      pay(after([x]), x.cents, c, { msg: invText(x) }, g, 'invoice_number_in_message');
    } else if (u < 0.49) {
      c = who((k) => !k.person && !k.abroad);
      const g = book.group(), x = inv(c, 'cash_discount_2pct', g, { cents: r.cents(400, 15000) });
      pay(x.day + r.int(2, 8), fiDiscounted(x.cents), c, r.chance(0.6) ? { ref: refField(x) } : { msg: `${invText(x)} -2%` }, g, 'cash_discount_2pct');
    } else if (u < 0.55) {
      c = who((k) => !k.person);
      const g = book.group(), xs = Array.from({ length: r.int(2, 5) }, () => inv(c, 'several_invoices_one_message', g));
      const list = r.chance(0.5) ? `Laskut ${xs.map((x) => x.cells.no).join(', ')}` : xs.map((x) => x.cells.no).join(' ');
      pay(after(xs), xs.reduce((s, x) => s + x.cents, 0), c, { msg: list }, g, 'several_invoices_one_message');
    } else if (u < 0.59) {
      c = who((k) => !k.person);
      const g = book.group(), x = inv(c, 'credit_note_netted', g, { cents: r.cents(500, 9000) });
      const m = inv(c, 'credit_note_netted', g, { cents: -Math.round(x.cents * r.int(5, 40) / 100), credit: true, day: x.day + r.int(1, 8) });
      pay(after([x, m]), x.cents + m.cents, c, { msg: r.chance(0.5) ? `Lasku ${x.cells.no} - hyvitys ${m.cells.no}` : `${x.cells.no} ./. ${m.cells.no}` }, g, 'credit_note_netted');
    } else if (u < 0.63) {
      // A payment plan: the same reference on every instalment.
      const g = book.group(), x = inv(c, 'payment_plan_instalments', g, { cents: r.cents(1500, 12000) }), k = r.int(2, 3);
      let left = x.cents, d = after([x]);
      for (let i = 1; i <= k; i++) {
        const part = i === k ? left : Math.round(x.cents / k / 1000) * 1000;
        left -= part;
        pay(d, part, c, { ref: refField(x), msg: r.chance(0.4) ? `${i}. erä` : '' }, g, 'payment_plan_instalments');
        d += r.int(14, 31);
      }
    } else if (u < 0.69) {
      // Private persons and small firms pay from the mobile app with neither reference nor message.
      c = who((k) => k.person || /Tmi|Ky/.test(k.name));
      const g = book.group(), x = inv(c, 'name_and_amount_only', g);
      pay(after([x]), x.cents, c, {}, g, 'name_and_amount_only');
    } else if (u < 0.72) {
      // One digit of the reference typed wrong into the message: the check digit no longer holds.
      const g = book.group(), x = inv(c, 'mistyped_reference', g), ref = x.cells.ref;
      let bad = ref;
      for (let t = 0; t < 20 && fiCheck(bad.slice(0, -1)) === Number(bad.slice(-1)); t++) { const i = r.int(0, ref.length - 2); bad = ref.slice(0, i) + String((Number(ref[i]) + r.int(1, 9)) % 10) + ref.slice(i + 1); }
      pay(after([x]), x.cents, c, { msg: `Viite ${bad}` }, g, 'mistyped_reference');
    } else if (u < 0.75) {
      // From abroad by SWIFT in EUR: the correspondent's charges come off the amount.
      c = who((k) => k.abroad);
      const g = book.group(), xs = Array.from({ length: r.chance(0.7) ? 1 : 2 }, () => inv(c, 'foreign_payment_fee_deducted', g));
      const fee2 = r.pick([1000, 1500, 2000, 2500]);
      pay(after(xs), xs.reduce((s, x) => s + x.cents, 0) - fee2, c, { msg: `ULKOMAAN MAKSU /RFB/${r.chance(0.6) ? xs.map((x) => x.cells.shown).join(' ') : `INVOICE ${xs.map((x) => x.cells.no).join(' ')}`}` }, g, 'foreign_payment_fee_deducted');
    } else if (u < 0.78) {
      // A collection agency remits what it collected for two or three debtors in one transfer.
      const ks = r.shuffle(custs.filter((k) => !k.abroad)).slice(0, r.int(2, 3));
      const g = book.group(), xs = ks.map((k) => inv(k, 'collection_agency_remittance', g, { day: r.int(-160, -60), no: old += r.int(1, 3) }));
      const agency = r.pick(['INTRUM OY', 'LOWELL SUOMI OY', 'SVEA PERINTÄ OY']);
      pay(r.int(5, LAST_DAY), xs.reduce((s, x) => s + x.cents, 0), null, { payer: agency, msg: `TILITYS ${r.int(2026001, 2026999)} PÄÄOMAT ${xs.map((x) => x.cells.no).join(' ')}` }, g, 'collection_agency_remittance');
    } else if (u < 0.84) {
      // Monthly service-contract fees: the same amount for many customers, told apart by reference.
      const g = book.group(), x = inv(c, 'same_amount_fee_by_reference', g, { cents: fee, day: r.pick([0, 30, 61]) });
      pay(after([x]), fee, c, { ref: refField(x) }, g, 'same_amount_fee_by_reference');
    } else if (u < 0.86) {
      // Two months' fees open, one paid without reference: which month cannot be told.
      const g = book.group(), a = inv(c, 'ambiguous_equal_amounts', g, { cents: fee, amb: true, day: 0 });
      inv(c, 'ambiguous_equal_amounts', null, { cents: fee, amb: true, day: 30 });
      pay(after([a]) + 30, fee, c, { msg: r.chance(0.5) ? 'huoltosopimus' : '' }, g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.89) {
      // The customer number and business id next to the invoice number; the customer number falls in the invoice range.
      c = who((k) => !k.person);
      const g = book.group(), x = inv(c, 'customer_no_and_business_id_in_text', g);
      pay(after([x]), x.cents, c, { msg: r.pick([`Asiakasnro ${c.no} lasku ${x.cells.no} Y-tunnus ${c.y}`, `as.nro ${c.no} / ${x.cells.no}`, `${c.y} asiakas ${c.no} lasku ${x.cells.no}`]) }, g, 'customer_no_and_business_id_in_text');
    } else if (u < 0.91) {
      // Paid twice by mistake; the second payment is refunded to the customer.
      const g = book.group(), x = inv(c, 'duplicate_refunded', g), d = after([x]), ref = refField(x);
      pay(d, x.cents, c, { ref }, g, 'duplicate_refunded');
      pay(d + r.int(0, 3), x.cents, c, { ref }, null, 'duplicate_refunded');
      pay(d + r.int(5, 12), -x.cents, null, { payee: c.name.toUpperCase(), msg: `Palautus liikasuoritus lasku ${x.cells.no}` }, null, 'duplicate_refunded');
    } else if (u < 0.94) {
      // A payment whose reference is valid but belongs to an invoice already settled (not on the list).
      const was = String(start - r.int(50, 2000));
      pay(r.int(0, LAST_DAY), r.cents(85, 4000), c, r.chance(0.6) ? { ref: fiRef(c.no + was) } : { msg: `Lasku ${was}` }, null, 'payment_not_on_list');
      inv(c, 'unpaid_invoice', null);
    } else {
      inv(c, 'unpaid_invoice', null);
    }
    if (r.chance(0.02)) pay(r.pick([14, 44, 75]), -r.cents(18000, 42000), null, { payee: 'PALKAT', msg: `Palkat ${r.pick(['09', '10', '11'])}/2026` }, null, 'payroll');
    if (r.chance(0.02)) pay(r.pick([11, 41, 71]), -r.cents(3000, 25000), null, { payee: 'VEROHALLINTO', ref: fiRef(`${r.int(1000000, 9999999)}${r.int(10, 99)}`) }, null, 'tax_payment');
    if (r.chance(0.15)) pay(r.int(0, LAST_DAY), -r.cents(60, 6000), null, { payee: r.pick(['ONNINEN OY', 'DAHL SUOMI OY', 'STARK SUOMI OY', 'NESTE MARKKINOINTI OY', 'AHLSELL OY']), ref: fiRef(String(r.int(100000, 99999999))) }, null, 'supplier_payment');
    if (r.chance(0.03)) pay(r.int(0, LAST_DAY), r.cents(40, 1500), null, { payer: 'NEXI PAYMENTS', msg: `KORTTITILITYS ${r.int(100000, 999999)}` }, null, 'card_settlement');
  }
  for (const day of [0, 30, 61]) pay(workDay(day), -r.pick([1490, 2490]), null, { payee: 'NORDEA BANK ABP', msg: `PALVELUMAKSU ${r.int(10, 60)} KPL` }, null, 'bank_charge');
  // Newest first, as the netbank lists them.
  for (const x of book.st) x.key = pad(1000 - x.day, 4);
  const { oi, st, truth } = book.finish();
  const fm = (c: number) => money(c, ' ', ',');
  const total = oi.reduce((s, x) => s + x.cents, 0);
  const oiLines = [`Avoimet myyntisaamiset ${dmy(LAST_DAY, '.', false)}`, 'Lämpö- ja Putkihuolto Tammer Oy (2345678-1)', '',
    'Asiakasnro;Asiakas;Y-tunnus;Laskunro;Tyyppi;Laskupäivä;Eräpäivä;Viitenumero;Laskun summa;Avoinna'];
  for (const x of oi) oiLines.push([x.cells.cust, q(x.cells.name, ';'), x.cells.y, x.cells.no, x.cells.type, dmy(x.day, '.', false), dmy(x.day + 14, '.', false), x.cells.shown.startsWith('RF') ? x.cells.shown.replace(/(.{4})(?=.)/g, '$1 ') : x.cells.ref.replace(/\B(?=(\d{5})+(?!\d))/g, ' '), fm(x.cents), fm(x.cents)].join(';'));
  oiLines.push('', `Yhteensä;;;;;;;;${fm(total)};${fm(total)}`);
  let bal = openingFor([...st].reverse(), 4_200_000);
  const bals: string[] = [];
  for (const x of [...st].reverse()) { bal += x.cents; bals.push(money(bal, '', ',')); }
  bals.reverse();
  const ymd = (day: number) => { const t = dateOf(day); return `${t.y}/${pad(t.m, 2)}/${pad(t.d, 2)}`; };
  const stLines = ['Kirjauspäivä;Määrä;Maksaja;Maksunsaaja;Nimi;Otsikko;Viitenumero;Viesti;Arkistointitunnus;Saldo'];
  st.forEach((x, i) => {
    const inn = x.cents > 0;
    stLines.push([ymd(x.day), (inn ? '+' : '') + money(x.cents, '', ','), inn ? x.cells.acct : 'FI57 1234 5600 0789 01', inn ? 'FI57 1234 5600 0789 01' : x.cells.acct, inn ? x.cells.payer : x.cells.payee, x.cells.ref ? (inn ? 'Viitesiirto' : 'Viitemaksu') : x.cells.title === 'Pano' ? 'Tilisiirto' : 'Maksu', x.cells.ref, q(x.cells.msg, ';'), `${ymd(x.day).replace(/\//g, '').slice(2)}5${pad(arch++, 6)}${r.int(100, 999)}`, bals[i]].join(';'));
  });
  return {
    name: NAME,
    description: 'A Tampere HVAC service company exports its open receivables from a Finnish cloud ERP (UTF-8, semicolons, two preamble lines, d.m.yyyy dates, amounts 1 234,56 with a space for thousands, a Yhteensä total line; invoices 31250…, credit notes Hyvityslasku negative; every item has a creditor reference = customer number + invoice number + 7-3-1 check digit, printed 30412 31250 7, or in RF form RF18 3041 2312 507 for customers abroad and some others) and its Nordea netbank statement (UTF-8, semicolons, yyyy/mm/dd, newest first, signed amounts +1234,56, a running Saldo column, Viitenumero field and free message, 18-character archive ids). Customer numbers 30000-34999 share the invoice-number range; business ids 1234567-8 appear in messages. Kinds: reference_field (national, RF or zero-padded to 20 digits), reference_in_message (grouped, padded, with words), invoice_number_in_message, cash_discount_2pct (8 days -2 %), several_invoices_one_message, credit_note_netted, payment_plan_instalments (same reference on each), name_and_amount_only, mistyped_reference (check digit fails), foreign_payment_fee_deducted (SWIFT charges 10-25 EUR off), collection_agency_remittance (Intrum/Lowell/Svea pay principals of 2-3 debtors in one transfer), same_amount_fee_by_reference (monthly contract fee identical for many customers), ambiguous_equal_amounts (two months of the fee open, paid once with no reference), customer_no_and_business_id_in_text, duplicate_refunded, payment_not_on_list (valid reference of a settled invoice), unpaid invoices, payroll, tax (with Verohallinto references), suppliers, card settlements, bank charges.',
    openItems: { fileName: 'avoimet_myyntisaamiset.csv', content: oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: 'Tapahtumat_FI5712345600078901_2026-09-01_2026-11-27.csv', content: '\ufeff' + stLines.join('\n') + '\n' },
    truth,
  };
}
