/**
 * ae-aed — Gulf Star Building Materials Trading L.L.C., Al Quoz, Dubai (AED): open items from a Zoho
 * Books-like "Receivable Details" export (UTF-8 with BOM, customer names in English or Arabic script,
 * 15-digit TRN, `INV/2026/00123`, dd/mm/yyyy, VAT 5 %), the statement an Emirates NBD-like CSV
 * (dd/mm/yyyy, Debit/Credit/Balance) with IPI/FTS inward transfers whose payer is printed in upper-case
 * transliteration (or in Arabic), post-dated cheques cleared on their date, CDM cash deposits,
 * inward-transfer charges, partial payments and noise.
 */
import type { World, WorldGenerator } from '../world';
import { Book, Rng, allot, assemble, csvField, cut, dayOf, dmy, fmtMoney, nextBiz, pad, uniqueName, sweeps, weekday, type Cust, type Gen, type Item, type Line } from './common';

/** Parallel Arabic / transliterated name parts. */
const PART: [string, string][] = [['النور', 'AL NOOR'], ['الريان', 'AL RAYYAN'], ['البركة', 'AL BARAKA'], ['الفلاح', 'AL FALAH'], ['الأمل', 'AL AMAL'], ['السلام', 'AL SALAM'], ['الخليج', 'AL KHALEEJ'], ['المنار', 'AL MANAR'], ['الوفاء', 'AL WAFA'], ['الفجر', 'AL FAJR'], ['الحكمة', 'AL HIKMA'], ['الزهراء', 'AL ZAHRA'], ['الإمارات', 'AL EMARAT'], ['النخيل', 'AL NAKHEEL'], ['الصقر', 'AL SAQR'], ['الجزيرة', 'AL JAZEERA']];
const TYPE: [string, string, string][] = [['للتجارة العامة', 'GENERAL TRADING', 'General Trading'], ['لمواد البناء', 'BUILDING MATERIALS', 'Building Materials Trading'], ['للمقاولات', 'CONTRACTING', 'Contracting'], ['للأدوات الصحية', 'SANITARY WARE', 'Sanitary Ware Trading'], ['للمعدات الكهربائية', 'ELECTRICAL EQUIPMENT', 'Electrical Equipment Trading'], ['للتصميم الداخلي', 'INTERIOR DESIGN', 'Interior Design']];
const FORM: [string, string, string, string][] = [['مؤسسة', '', 'EST', 'Est.'], ['شركة', 'ذ.م.م', 'LLC', 'L.L.C.'], ['', 'ش.ذ.م.م', 'LLC', 'LLC'], ['', '- فرع', 'BR', 'Branch']];
const CITY = ['DUBAI', 'SHARJAH', 'AJMAN', 'ABU DHABI', 'RAS AL KHAIMAH'];
const BANKS = ['ENBD', 'ADCB', 'FAB', 'MASHREQ', 'DIB', 'ADIB', 'CBD', 'RAKBANK'];

export const aeAed: WorldGenerator = ({ seed, openItems }) => {
  const rng = new Rng(seed * 104729 + 971);
  const bk = new Book(rng, 'ae');
  const nc = Math.min(360, Math.max(30, Math.round(openItems / 8)));
  const used = new Set<string>(), custs: Cust[] = [];
  for (let i = 0; i < nc; i++) {
    let en = '', ar = '', bank = '';
    const key = uniqueName(used, () => {
      const p = rng.pick(PART), t = rng.pick(TYPE), f = rng.pick(FORM), city = rng.chance(0.3) ? ` ${rng.pick(CITY)}` : '';
      ar = [f[0], p[0], t[0], f[1]].filter(Boolean).join(' ') + (f[2] === 'BR' ? ` ${city ? 'الشارقة' : 'دبي'}` : '');
      en = `${p[1].replace(/\b([A-Z])([A-Z]+)/g, (_, a: string, b: string) => a + b.toLowerCase())} ${t[2]} ${f[3]}${f[2] === 'BR' ? ` (${city.trim() || 'Dubai'})` : ''}`;
      bank = `${p[1]} ${t[1]} ${f[2]}${f[2] === 'BR' ? ` ${city.trim() || 'DUBAI'}` : ''}`;
      return bank;
    });
    const arabicErp = rng.chance(0.3), arabicBank = rng.chance(0.15);
    custs.push({ code: `CUS-${pad(i + 1, 5)}`, name: arabicErp ? ar : en, bank: arabicBank ? ar : key, tax: `100${rng.digits(11)}3`, cur: 'AED', en, ar });
  }
  const pickC = () => custs[rng.skewedIndex(custs.length)];
  /** Business days: Monday to Friday since the 2022 change of the UAE working week. */
  const day = (a: number, b: number) => Math.min(dayOf(2026, 10, 30), nextBiz(dayOf(2026, 10, rng.int(a, b))));
  const seen = new Map<string, Set<number>>(), allCash = new Set<number>(), allTot = new Set<number>();
  const inv = (c: Cust, kind: string, g: string | null, lo = 500, hi = 90000, twin?: Item): Item => {
    const s = seen.get(c.code) ?? new Set<number>(); seen.set(c.code, s);
    let net = twin?.net ?? 0, tot = twin?.amt ?? 0;
    while (!twin) { net = rng.amountCents(lo, hi); tot = net + Math.round(net * 0.05); if (!s.has(tot) && !allCash.has(tot) && !(kind === 'cdm_cash_deposit' && allTot.has(tot))) break; }
    s.add(tot); allTot.add(tot);
    const d = dayOf(2026, 7, 20) + rng.int(0, 100);
    return bk.item(c, d, tot, kind, g, { net, due: d + rng.pick([30, 60, 90]), x: { vat: String(tot - net) } });
  };
  const refOf = () => rng.pick([(s: number) => `INV/2026/${pad(s, 5)}`, (s: number) => `INV ${s}`, (s: number) => `INV-${pad(s, 5)}`, (s: number) => `${pad(s, 5)}`]) as (s: number) => string;
  const ipi = (c: Cust, its: Item[] | null) => () => {
    const f = its ? refOf() : null, ref = its && f ? its.map((i) => f(i.seq)).join(' ') : '';
    const how = rng.weighted({ IPI: 5, FTS: 3, ALF: 1 });
    const head = how === 'IPI' ? 'IPI TT REF ' : how === 'FTS' ? 'FTS INWARD REMITTANCE ' : 'INWARD TT ';
    return [cut(`${head}${rng.digits(10)} ${cut(c.bank as string, 35)}${ref ? ' /RFB/' + ref : ''}`, 140), `${how}${rng.digits(12)}`];
  };
  const k = allot(openItems, {
    ipi_invoice_ref: 0.2, ipi_multi_invoice: 0.1, pdc_cheque_cleared: 0.12, cdm_cash_deposit: 0.05, ipi_name_only: 0.05, ipi_less_charges: 0.04, credit_note_netted: 0.05,
    part_payment: 0.04, sister_company_pays: 0.02, ambiguous_equal_amounts: 0.03, open_credit_note: 0.01, unpaid_invoice: 1,
  });
  for (let i = 0; i < k.ipi_invoice_ref; i++) { const g = bk.group(), c = pickC(), it = inv(c, 'ipi_invoice_ref', g); bk.line(day(1, 31), it.amt, 'ipi_invoice_ref', g, ipi(c, [it])); }
  for (let n = 0; n < k.ipi_multi_invoice;) { const g = bk.group(), c = pickC(), m = rng.int(2, 4), its = Array.from({ length: m }, () => inv(c, 'ipi_multi_invoice', g)); n += m; bk.line(day(1, 31), its.reduce((s, x) => s + x.amt, 0), 'ipi_multi_invoice', g, ipi(c, its)); }
  for (let i = 0; i < k.ipi_name_only; i++) { const g = bk.group(), c = pickC(), it = inv(c, 'ipi_name_only', g); bk.line(day(1, 31), it.amt, 'ipi_name_only', g, ipi(c, null)); }
  // Post-dated cheques: handed over with the order, deposited in the bank's PDC safekeeping and cleared on their date; one cheque may cover one or several invoices of its drawer.
  for (let n = 0; n < k.pdc_cheque_cleared;) {
    const g = bk.group(), c = pickC(), m = rng.chance(0.7) ? 1 : rng.int(2, 3), its = Array.from({ length: m }, () => inv(c, 'pdc_cheque_cleared', g)), chq = pad(rng.int(1, 999999), 6), b = rng.pick(BANKS); n += m;
    bk.line(day(1, 31), its.reduce((s, x) => s + x.amt, 0), 'pdc_cheque_cleared', g, () => [`PDC CHQ CLEARED ${chq} ${b}`, `CLG${rng.digits(10)}`]);
  }
  for (let i = 0; i < k.cdm_cash_deposit; i++) {
    const g = bk.group(), c = pickC();
    // Cash has no name on it: its amount is kept unique in the whole list (no other item may take it).
    const it = inv(c, 'cdm_cash_deposit', g, 150, 9000);
    allCash.add(it.amt);
    const where = rng.pick(['DEIRA CITY CENTRE', 'AL QUOZ MALL', 'DRAGON MART', 'SHARJAH MAIN']);
    bk.line(day(1, 31), it.amt, 'cdm_cash_deposit', g, () => [`CASH DEPOSIT CDM ${rng.int(1000, 9999)} ${where}`, `CDM${rng.digits(9)}`]);
  }
  for (let i = 0; i < k.ipi_less_charges; i++) { const g = bk.group(), c = pickC(), it = inv(c, 'ipi_less_charges', g, 5000, 90000), chg = rng.pick([1050, 2625, 5250, 7875]); bk.line(day(1, 31), it.amt - chg, 'ipi_less_charges', g, ipi(c, [it])); }
  for (let n = 0; n < k.credit_note_netted;) {
    const g = bk.group(), c = pickC(), m = rng.int(1, 3), its = Array.from({ length: m }, () => inv(c, 'credit_note_netted', g)), net = -Math.round((its[0].net * rng.int(5, 40)) / 100), tot = net + Math.round(net * 0.05);
    const cn = bk.item(c, its[0].day + rng.int(3, 20), tot, 'credit_note_netted', g, { net, due: its[0].day + 30, x: { vat: String(tot - net) } });
    n += m + 1; bk.line(day(1, 31), its.reduce((s, x) => s + x.amt, 0) + cn.amt, 'credit_note_netted', g, ipi(c, its));
  }
  for (let i = 0; i < k.part_payment; i++) { const g = bk.group(), c = pickC(), it = inv(c, 'part_payment', g, 8000, 150000), p = Math.round((it.amt * rng.int(30, 70)) / 100); bk.line(day(1, 31), p, 'part_payment', g, ipi(c, [it])); }
  // Trap: a sister company (same group, other name) pays a customer's invoice and cites it in full.
  for (let i = 0; i < k.sister_company_pays; i++) {
    const g = bk.group(), c = pickC(), it = inv(c, 'sister_company_pays', g);
    const sister = { ...c, bank: `${rng.pick(PART)[1]} HOLDING ${rng.pick(['LLC', 'GROUP', 'INVESTMENTS LLC'])}` } as Cust;
    bk.line(day(1, 31), it.amt, 'sister_company_pays', g, () => { const t = ipi(sister, null)(); return [`${t[0]} /RFB/INV/2026/${pad(it.seq, 5)}`, t[1]]; });
  }
  for (let n = 0; n < k.ambiguous_equal_amounts; n += 2) {
    const g = bk.group(), c = pickC(), a = inv(c, 'ambiguous_equal_amounts', g); a.amb = true;
    const b = inv(c, 'ambiguous_equal_amounts', null, 0, 0, a); b.amb = true;
    bk.line(day(1, 31), a.amt, 'ambiguous_equal_amounts', g, ipi(c, null), { amb: true });
  }
  for (let i = 0; i < k.open_credit_note; i++) { const c = pickC(), net = -rng.amountCents(100, 5000), tot = net + Math.round(net * 0.05); bk.item(c, dayOf(2026, 9, 1) + rng.int(0, 55), tot, 'open_credit_note', null, { net, x: { vat: String(tot - net) } }); }
  for (let i = 0; i < k.unpaid_invoice; i++) inv(pickC(), 'unpaid_invoice', null);
  const nNoise = Math.round(openItems * 0.1);
  for (let i = 0; i < nNoise; i++) {
    const t = rng.weighted({ pos: 4, chq: 3, util: 2, fee: 1, wps: 0.3 }), d = day(1, 31);
    if (t === 'pos') bk.line(d, rng.amountCents(300, 8000), 'noise', null, () => [`POS SETTLEMENT NETWORK INTERNATIONAL MID ${rng.digits(9)}`, `NI${rng.digits(10)}`]);
    else if (t === 'chq') { const n = pad(200000 + i, 6); bk.line(d, -rng.amountCents(500, 60000), 'noise', null, () => [`CHQ PAID ${n}`, `CHQ${n}`]); }
    else if (t === 'util') { const u = rng.pick(['DEWA BILL PAYMENT', 'ETISALAT BILL PAYMENT', 'DU BILL PAYMENT', 'SALIK RECHARGE', 'EMPOST']); bk.line(d, -rng.amountCents(100, 6000), 'noise', null, () => [u, `BP${rng.digits(10)}`]); }
    else if (t === 'fee') bk.line(d, -rng.pick([2625, 5250, 10500, 1050]), 'noise', null, () => [rng.pick(['CHARGES FOR IPI INWARD', 'CHQ BOOK CHARGES', 'MONTHLY MAINTENANCE FEE', 'VAT ON CHARGES']), `FEE${rng.digits(8)}`]);
    else bk.line(d, -rng.amountCents(80000, 250000), 'noise', null, () => ['SALARY TRANSFER WPS', `WPS${rng.digits(10)}`]);
  }
  bk.line(dayOf(2026, 10, 28), -rng.amountCents(40000, 150000), 'noise', null, () => ['FTA VAT PAYMENT GIBAN AE0000000000', `FTA${rng.digits(10)}`]);

  // Fridays: surplus above AED 1.5m moved to the call deposit account, down to about AED 400k.
  const start = rng.int(30000000, 70000000), fridays = Array.from({ length: 31 }, (_, i) => dayOf(2026, 10, i + 1)).filter((d) => weekday(d) === 5);
  for (const sw of sweeps(bk.lines, fridays, start, 40000000, 150000000)) bk.line(sw.day, sw.amt, 'noise', null, () => ['TRANSFER TO A/C 101543219870201 CALL DEPOSIT', `TRF${rng.digits(10)}`], { last: true } as Partial<Line>);
  bk.number(4107, (s) => `INV/2026/${pad(s, 5)}`, 212, (s) => `CN/2026/${pad(s, 5)}`);
  const { oi, st, truth } = assemble(rng, bk.items.map((it): Gen<Item> => ({ key: it.day + (it.credit ? 0.5 : 0) + it.seq / 1e7, v: it, g: it.g, kind: it.kind, amb: it.amb })), bk.lines.map((l): Gen<Line> => ({ key: l.day + ((l as { last?: boolean }).last ? 0.9 : 0), v: l, g: l.g, kind: l.kind, amb: l.amb })));
  const m = (c: number) => fmtMoney(c, ',', '.');
  const f = (s: string) => csvField(s, ',');
  const out = ['Date,Transaction#,Type,Customer Name,Customer TRN,Due Date,Status,Sub Total (AED),VAT (AED),Total (AED),Balance Due (AED)'];
  let total = 0;
  for (const { v: it } of oi) {
    total += it.amt;
    out.push([dmy(it.day, '/'), it.no, it.credit ? 'Credit Note' : 'Invoice', f(it.cust.name), it.cust.tax, it.credit ? '' : dmy(it.due, '/'), it.credit ? 'Open' : it.due < dayOf(2026, 11, 2) ? 'Overdue' : 'Open', f(m(it.net)), f(m(Number(it.x.vat))), f(m(it.amt)), f(m(it.amt))].join(','));
  }
  out.push("", `Total,,,,,,,,,,${f(m(total))}`);
  const open = start;
  const sout = ['Account Number,1015432198701', 'IBAN,AE070260001015432198701', 'Account Name,GULF STAR BUILDING MATERIALS TRADING L.L.C.', 'Currency,AED', 'Statement Period,01/10/2026 to 31/10/2026', '',
    'Date,Value Date,Description,Reference No.,Debit,Credit,Balance'];
  let bal = open;
  for (const { v: l } of st) { bal += l.amt; const [d, r] = l.text(); sout.push([dmy(l.day, '/'), dmy(l.day, '/'), f(d), r, l.amt < 0 ? f(m(-l.amt)) : '', l.amt > 0 ? f(m(l.amt)) : '', f(m(bal))].join(',')); }
  sout.push('', `Opening Balance,${f(m(open))}`, `Closing Balance,${f(m(bal))}`);
  const world: World = {
    name: 'ae-aed',
    description: 'Gulf Star Building Materials Trading L.L.C. (Al Quoz, Dubai), October 2026, AED. Open items: Zoho Books-like receivable details, UTF-8 with BOM, dd/mm/yyyy, INV/2026/00001.. by date, CN/2026/.. credit notes, customer names in English or Arabic script, 15-digit TRN, VAT 5 %. Statement: Emirates NBD-like CSV, 5 account lines, Date/Value Date/Description/Reference No./Debit/Credit/Balance, "1,234.56", oldest first, opening and closing balance. Kinds: IPI/FTS transfers citing one or several invoices (various forms) with the payer transliterated in capitals or written in Arabic, PDC cheques cleared on their date (cheque number and drawee bank only), CDM cash deposits (no name), transfers without reference, transfers less bank charges (AED 10.50–78.75 with VAT), credit notes netted, part payments, a sister company paying and citing the invoice (trap), equal open invoices paid once without reference, unpaid invoices, open credit notes, noise (POS settlements, cheques paid, utilities, WPS salaries, fees, FTA VAT).',
    openItems: { fileName: 'ae-aed-receivable-details.csv', content: '\ufeff' + out.join('\r\n') + '\r\n' },
    statement: { fileName: 'ae-aed-enbd-statement.csv', content: sout.join('\r\n') + '\r\n' },
    truth,
  };
  return world;
};
