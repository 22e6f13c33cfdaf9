/**
 * sa-sadad — a Riyadh medical-supplies distributor (Odoo, SAR, VAT 15 %) against its Saudi National
 * Bank eCorp statement export. Private clinics and pharmacies pay by SARIE transfer quoting the
 * invoice in many spellings (INV/2026/00457, INV 457, فاتورة رقم 457) or through SADAD, where the
 * biller account number names the customer but never the invoice; the ministries' health clusters
 * pay through Etimad with a payment-order number, their own PO and Hijri dates in the narration,
 * sometimes net of a contractual delay penalty; GCC customers pay by SWIFT and the correspondent
 * charges come off. The statement carries a Hijri date column, mada card settlements and
 * commercial-registration, VAT and mobile numbers inside free text.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, money, pad, q, rngFor, openingFor, workDay, LAST_DAY, dmy, ymd, hijri, type Row } from './common';

const NAME = 'sa-sadad';
export const SA_VAT = (net: number) => Math.round(net * 0.15);
export const GCC_FEES = [2500, 3500, 5000, 7500];
const WEEKEND = [5, 6];

const EN_A = ['Al Noor', 'Al Shifa', 'Al Hayat', 'Dar Al Salam', 'Al Mawasah', 'Care Plus', 'Al Hammadi', 'Al Habib', 'Al Mouwasat', 'Tadawi', 'Al Jazeera', 'Riyadh Care', 'Al Mashfa', 'Al Rayan', 'Al Zahra', 'Al Amal', 'Ibn Sina', 'Al Razi', 'Al Wafa', 'Al Baraka'];
const EN_B = ['Pharmacies', 'Medical Center', 'Polyclinic', 'Hospital', 'Dental Clinics', 'Medical Co.', 'Laboratories', 'Healthcare', 'Pharmacy Est.', 'Day Surgery'];
const CITY = ['Riyadh', 'Jeddah', 'Dammam', 'Khobar', 'Makkah', 'Madinah', 'Abha', 'Tabuk', 'Buraidah', 'Hail'];
/** The same names as registered in Arabic, which is how a Saudi bank prints many remitters (index for index with EN_A, EN_B). */
const AR_A = ['النور', 'الشفاء', 'الحياة', 'دار السلام', 'المواساة', 'كير بلس', 'الحمادي', 'الحبيب', 'المواساة الطبية', 'تداوي', 'الجزيرة', 'رعاية الرياض', 'المشفى', 'الريان', 'الزهراء', 'الأمل', 'ابن سينا', 'الرازي', 'الوفاء', 'البركة'];
const AR_B = ['صيدليات #', 'مركز # الطبي', 'مجمع # الطبي', 'مستشفى #', 'عيادات # لطب الأسنان', 'شركة # الطبية', 'مختبرات #', '# للرعاية الصحية', 'مؤسسة صيدلية #', 'مركز # لجراحة اليوم الواحد'];
const GOV = ['MINISTRY OF HEALTH RIYADH FIRST HEALTH CLUSTER', 'KING FAHAD MEDICAL CITY', 'MOH JEDDAH SECOND HEALTH CLUSTER', 'MINISTRY OF NATIONAL GUARD HEALTH AFFAIRS', 'PRINCE SULTAN MILITARY MEDICAL CITY', 'EASTERN HEALTH CLUSTER', 'MAKKAH HEALTH CLUSTER', 'QASSIM HEALTH CLUSTER', 'ASIR HEALTH CLUSTER', 'KING SAUD MEDICAL CITY'];
const GCC: [string, string][] = [['GULF CARE MEDICAL LLC', 'EMIRATES NBD DUBAI'], ['KUWAIT MEDICAL STORES CO', 'NATIONAL BANK OF KUWAIT'], ['BAHRAIN HEALTHCARE SUPPLIES WLL', 'BBK MANAMA'], ['MUSCAT PHARMACY LLC', 'BANK MUSCAT'], ['DOHA MEDICAL TRADING WLL', 'QNB DOHA'], ['SHARJAH CLINICS SUPPLY FZE', 'MASHREQ BANK']];
const BANKS: [string, string][] = [['80', 'AL RAJHI BANK'], ['10', 'SNB'], ['05', 'ALINMA BANK'], ['45', 'SAB'], ['20', 'RIYAD BANK'], ['15', 'BANK ALBILAD'], ['55', 'BANQUE SAUDI FRANSI'], ['60', 'BANK ALJAZIRA'], ['30', 'ARAB NATIONAL BANK']];

type Type = 'private' | 'gov' | 'gcc';
interface Cust { name: string; bankName: string; ar: string | null; vat: string; cr: string; sadad: string; iban: string; bank: [string, string]; type: Type; mobile: string }

export function saSadad(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 18001);
  const book = new Book();
  const used = new Set<string>();
  const nPriv = Math.max(40, Math.round(o.openItems / 12));
  const mk = (type: Type, i: number): Cust => {
    let name = '', ia = 0, ib = 0;
    if (type === 'gov') name = GOV[i % GOV.length] + (i >= GOV.length ? ` ${r.pick(CITY).toUpperCase()}` : '');
    else if (type === 'gcc') name = GCC[i % GCC.length][0] + (i >= GCC.length ? ` ${i}` : '');
    else { for (let t = 0; !name || used.has(name); t++) { ia = r.int(0, EN_A.length - 1); ib = r.int(0, EN_B.length - 1); name = `${EN_A[ia]} ${EN_B[ib]}${t > 0 || r.chance(0.4) ? ` ${r.pick(CITY)}` : ''}${t > 8 ? ` ${t}` : ''}`; } }
    used.add(name);
    const bank = type === 'gcc' ? ['', GCC[i % GCC.length][1]] as [string, string] : r.pick(BANKS);
    const ar = type === 'private' && r.chance(0.35) ? AR_B[ib].replace('#', AR_A[ia]) : null;
    return {
      name, ar, type, bank, bankName: name.toUpperCase().replace(/\./g, '').slice(0, 35),
      vat: `3${pad(r.int(0, 999999999), 9)}${r.chance(0.9) ? '0000' : pad(r.int(1, 9999), 4)}3`, cr: `${r.pick(['1010', '4030', '2050', '4650', '5855'])}${pad(r.int(0, 999999), 6)}`,
      sadad: `${r.int(1, 9)}${pad(r.int(0, 999999999), 9)}`, iban: `SA${r.int(10, 99)}${bank[0] || '00'}${pad(r.int(0, 99999999), 8)}${pad(r.int(0, 9999999999), 10)}`,
      mobile: `05${r.pick(['0', '3', '4', '5', '6', '9'])}${pad(r.int(0, 9999999), 7)}`,
    };
  };
  const priv = Array.from({ length: nPriv }, (_, i) => mk('private', i));
  const gov = Array.from({ length: Math.max(6, Math.round(o.openItems / 160)) }, (_, i) => mk('gov', i));
  const gcc = Array.from({ length: Math.max(4, Math.round(o.openItems / 250)) }, (_, i) => mk('gcc', i));

  const inv0 = r.int(300, 900), per = Math.max(1, o.openItems * 1.05) / 110;
  let invN = inv0, cnN = r.int(10, 40), poN = r.int(1000, 9000);
  /** An invoice (or, `credit`, a credit note) of `c` for `net` halalas before VAT. */
  const inv = (c: Cust, kind: string, group: string | null, opt: { net?: number; amb?: boolean; paid?: number; credit?: boolean; po?: boolean } = {}): Row => {
    const credit = !!opt.credit, n = credit ? cnN++ : invN++;
    const net = opt.net ?? (c.type === 'gov' ? r.cents(8000, 420000) : r.cents(600, 95000));
    const tax = SA_VAT(net), total = net + tax, paid = opt.paid ?? 0, sg = credit ? -1 : 1;
    const day = Math.min(80, -30 + Math.floor((invN - inv0) / per));
    const no = credit ? `RINV/2026/${pad(n, 5)}` : `INV/2026/${pad(n, 5)}`;
    const po = c.type === 'gov' ? `${r.int(4, 4)}${pad(r.int(0, 9999999), 7)}` : (opt.po || r.chance(0.4)) && !credit ? `PO-${poN++}` : '';
    return book.addOi({ day, cents: sg * (total - paid), key: `${pad(500 - day, 3)}${credit ? 0 : 1}${pad(99999 - n, 5)}`, group, kind, amb: opt.amb, cells: { no, seq: String(n), net: String(sg * net), tax: String(sg * tax), total: String(sg * total), po, cust: c.name, vat: c.vat, sadad: c.type === 'private' ? c.sadad : '' } });
  };
  const txn = () => `${r.pick(['FT', 'SR', 'IN'])}${pad(r.int(0, 99999999), 8)}${r.int(10, 99)}`;
  const pay = (day: number, cents: number, desc: string, group: string | null, kind: string, amb?: boolean) =>
    book.addSt({ day: workDay(Math.max(day, 0), WEEKEND), cents, group, kind, amb, cells: { desc, ref: txn() } });
  const after = (rows: Row[], lo = 3, hi = 45) => Math.max(Math.max(...rows.map((x) => x.day)) + r.int(lo, hi), r.int(0, 12));
  const seqOf = (x: Row) => x.cells.seq;
  /** How a payer quotes an invoice number. */
  const cite = (x: Row) => r.pick([x.cells.no, x.cells.no.replace(/\//g, '-'), `INV ${seqOf(x)}`, `inv${pad(seqOf(x), 5)}`, `فاتورة رقم ${seqOf(x)}`, `PAYMENT OF INVOICE 2026/${pad(seqOf(x), 5)}`, `INV NO.${seqOf(x)}`]);
  const who = (c: Cust) => c.ar ?? c.bankName;
  const sarie = (c: Cust, detail: string) => {
    const parts = [`SARIE INWARD TRF`, c.bank[1], who(c), detail].filter((s) => s !== '');
    if (r.chance(0.3) && detail) [parts[2], parts[3]] = [parts[3], parts[2]];
    return parts.join(r.pick([' / ', '/', ' - ']));
  };
  const sadad = (c: Cust) => `SADAD PAYMENT / BILLER 152 / ACCT ${c.sadad} / ${r.pick(BANKS)[1]} / TRN ${pad(r.int(0, 9999999999), 10)}`;
  const etimad = (c: Cust, x: Row[], extra = '') => { const d = hijri(after(x, 10, 50)); return `MOF PAYMENT ORDER ${r.int(2, 9)}${pad(r.int(0, 999999), 6)} / ${c.bankName} / ETIMAD ${x.map((y) => `PO ${y.cells.po}`).join(' ')} / CONTRACT ${r.int(10, 480)}/${r.pick(['1446', '1447'])} / ${r.pick([`DTD ${d}H`, `${d} هـ`, `بتاريخ ${d}`])}${extra}`; };

  while (book.oi.length < o.openItems) {
    const u = r.next();
    const c = r.pick(priv);
    if (u < 0.19) {
      const g = book.group(), x = inv(c, 'sarie_invoice_cited', g);
      pay(after([x]), x.cents, sarie(c, cite(x)), g, 'sarie_invoice_cited');
    } else if (u < 0.31) {
      const g = book.group(), x = inv(c, 'sadad_account_amount', g);
      pay(after([x]), x.cents, sadad(c), g, 'sadad_account_amount');
    } else if (u < 0.36) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 3) }, () => inv(c, 'sadad_several_invoices', g));
      pay(after(xs), xs.reduce((a, x) => a + x.cents, 0), sadad(c), g, 'sadad_several_invoices');
    } else if (u < 0.40) {
      const g = book.group(), x = inv(c, 'po_number_only', g, { po: true });
      pay(after([x]), x.cents, sarie(c, r.pick([`PO ${x.cells.po.slice(3)}`, x.cells.po, `P.O. NO ${x.cells.po.slice(3)}`])), g, 'po_number_only');
    } else if (u < 0.46) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'several_invoices_cited', g));
      pay(after(xs), xs.reduce((a, x) => a + x.cents, 0), sarie(c, `${r.pick(['INV', 'INVOICES', 'فواتير'])} ${xs.map(seqOf).join(r.pick([', ', ',', ' & ', '+']))}`), g, 'several_invoices_cited');
    } else if (u < 0.51) {
      const g = book.group(), xs = Array.from({ length: r.int(1, 2) }, () => inv(c, 'credit_note_netted', g, { net: r.cents(3000, 90000) }));
      const cn = inv(c, 'credit_note_netted', g, { credit: true, net: Math.round(xs.reduce((a, x) => a + Number(x.cells.net), 0) * r.int(2, 20) / 100) }), s = xs.reduce((a, x) => a + x.cents, 0) + cn.cents;
      pay(after([...xs, cn]), s, sarie(c, `${xs.map((x) => `INV ${seqOf(x)}`).join(' ')}${r.chance(0.6) ? ` LESS CN ${cn.cells.seq}` : ''}`), g, 'credit_note_netted');
    } else if (u < 0.55) {
      const g = book.group(), x = inv(c, 'instalments', g, { net: r.cents(20000, 150000) }), k = r.int(2, 3);
      const part = Math.floor(x.cents / k / 100) * 100;
      const d0 = after([x], 5, 15);
      for (let i = 0; i < k; i++) pay(d0 + i * r.int(12, 22), i < k - 1 ? part : x.cents - part * (k - 1), sarie(c, `${r.pick(['INSTALLMENT', 'INST', 'دفعة'])} ${i + 1}/${k} ${cite(x)}`), g, 'instalments');
    } else if (u < 0.58) {
      const g = book.group(), x = inv(c, 'part_payment', g, { net: r.cents(10000, 150000) }), part = Math.round(x.cents * r.int(25, 60) / 100 / 100) * 100;
      pay(after([x]), part, sarie(c, `${r.pick(['PARTIAL PAYMENT', 'ON ACCOUNT', 'دفعة جزئية'])} ${cite(x)}`), g, 'part_payment');
    } else if (u < 0.61) {
      const net = r.cents(5000, 90000), paid = Math.round((net + SA_VAT(net)) * r.int(30, 70) / 100);
      const g = book.group(), x = inv(c, 'remainder_after_earlier_payment', g, { net, paid });
      pay(after([x]), x.cents, sarie(c, `${r.pick(['BALANCE', 'REMAINING', 'باقي'])} ${cite(x)}`), g, 'remainder_after_earlier_payment');
    } else if (u < 0.69) {
      const gc = r.pick(gov), g = book.group(), xs = Array.from({ length: r.chance(0.3) ? 2 : 1 }, () => inv(gc, 'gov_etimad_po', g));
      pay(after(xs, 20, 70), xs.reduce((a, x) => a + x.cents, 0), etimad(gc, xs), g, 'gov_etimad_po');
    } else if (u < 0.72) {
      const gc = r.pick(gov), g = book.group(), x = inv(gc, 'gov_delay_penalty_deducted', g), pen = Math.round(Number(x.cells.net) * r.int(1, 6) / 100);
      pay(after([x], 20, 70), x.cents - pen, etimad(gc, [x], r.pick([' / LESS DELAY PENALTY', ' / غرامة تأخير', ` / PENALTY ${money(pen, ',', '.')}`])), g, 'gov_delay_penalty_deducted');
    } else if (u < 0.76) {
      const k = r.pick(gcc), g = book.group(), x = inv(k, 'gcc_swift_charges_deducted', g, { net: r.cents(5000, 200000) }), fee = r.pick(GCC_FEES);
      pay(after([x], 5, 30), x.cents - fee, `INWARD SWIFT ${k.bank[1]} / ORD CUST ${k.bankName} / ${r.pick([`INV ${seqOf(x)}`, x.cells.no, `RFB ${x.cells.no}`, `/INV/${seqOf(x)}`])}${r.chance(0.4) ? ' / CHG SHA' : ''}`, g, 'gcc_swift_charges_deducted');
    } else if (u < 0.80) {
      const g = book.group(), x = inv(c, 'name_and_amount_only', g);
      pay(after([x]), x.cents, sarie(c, r.pick(['', 'PAYMENT', 'سداد', 'SUPPLIER PAYMENT'])), g, 'name_and_amount_only');
    } else if (u < 0.83) {
      const g = book.group(), x = inv(c, 'mistyped_invoice_number', g), s = seqOf(x);
      let bad = s;
      for (let t = 0; bad === s; t++) bad = t < 4 && s.length > 2 ? (() => { const i = r.int(0, s.length - 2); return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2); })() : s.slice(0, -1) + String((Number(s.slice(-1)) + r.int(1, 8)) % 10);
      pay(after([x]), x.cents, sarie(c, `INV ${bad}`), g, 'mistyped_invoice_number');
    } else if (u < 0.86) {
      const g = book.group(), x = inv(c, 'cr_vat_mobile_in_text', g);
      const bits = r.shuffle([`CR ${c.cr}`, `VAT NO ${c.vat}`, `MOB ${c.mobile}`, cite(x)]);
      pay(after([x]), x.cents, sarie(c, bits.join(' ')), g, 'cr_vat_mobile_in_text');
    } else if (u < 0.88) {
      // Two customers, the same round net (so the same total), neither quoting a number: the payer's name decides.
      const c2 = r.pick(priv.filter((k) => k !== c)), nn = r.int(5, 150) * 100000;
      for (const k of [c, c2]) { const g = book.group(), x = inv(k, 'same_amount_two_customers', g, { net: nn }); pay(after([x]), x.cents, sarie(k, ''), g, 'same_amount_two_customers'); }
    } else if (u < 0.895) {
      // Two open invoices of one customer with the same amount; one SADAD payment names neither.
      const g = book.group(), net = r.cents(1000, 30000), a = inv(c, 'ambiguous_equal_amounts', g, { net, amb: true });
      const b = inv(c, 'ambiguous_equal_amounts', null, { net, amb: true });
      pay(after([a, b]), a.cents, sadad(c), g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.91) {
      const g = book.group(), x = inv(c, 'duplicate_refunded', g), d1 = after([x]), desc = sarie(c, cite(x));
      pay(d1, x.cents, desc, g, 'duplicate_refunded');
      pay(d1, x.cents, desc, null, 'duplicate_refunded');
      pay(d1 + r.int(2, 9), -x.cents, `SARIE OUTWARD TRF / ${c.bank[1]} / ${c.bankName} / REFUND DUPLICATE PAYMENT ${r.pick([x.cells.no, `INV ${seqOf(x)}`])}`, null, 'duplicate_refunded');
    } else if (u < 0.93) {
      // A 2025 invoice, long settled or written off: not on the list.
      const ghost = { cells: { no: `INV/2025/${pad(r.int(1000, 9999), 5)}`, seq: String(r.int(1000, 9999)) } } as unknown as Row;
      pay(r.int(0, LAST_DAY - 1), r.cents(500, 40000), sarie(c, r.pick([ghost.cells.no, `INV ${ghost.cells.no.slice(-5)} 2025`, `OLD BALANCE 2025`])), null, 'payment_not_on_list');
    } else {
      inv(r.chance(0.15) ? r.pick(gov) : c, 'unpaid_invoice', null);
    }
    book.endCase();
  }
  // The rest of a distributor's account: mada card settlements (credits that pay no invoice), payroll, GOSI, VAT, suppliers, charges.
  const nOther = Math.round(o.openItems * 0.16);
  for (let i = 0; i < nOther; i++) {
    const v = r.next(), day = r.int(0, LAST_DAY - 1);
    if (v < 0.35) pay(day, r.cents(300, 9000), `MADA POS SETTLEMENT / TID ${pad(r.int(0, 99999999), 8)} / MID ${pad(r.int(0, 999999999999), 12)} / ${dmy(day - 1, '/')}`, null, 'other_bank_line');
    else if (v < 0.45) pay(day, -r.cents(1000, 25000), `SARIE FEE / ${r.pick(['OUTWARD', 'INWARD'])} ${pad(r.int(0, 99999999), 8)}`, null, 'other_bank_line');
    else if (v < 0.7) pay(day, -r.cents(5000, 300000), `SARIE OUTWARD TRF / ${r.pick(BANKS)[1]} / ${r.pick(['GULF MEDICAL IMPORTS', 'SPIMACO', 'TABUK PHARMACEUTICALS', 'AL JAZEERA LOGISTICS', 'JAMJOOM PHARMA', 'SAUDI POST SPL'])} / ${r.pick(['PO ', 'INV ', 'BILL '])}${r.int(1000, 99999)}`, null, 'other_bank_line');
    else if (v < 0.8) pay(day, -r.cents(150000, 900000), `WPS PAYROLL ${r.pick(['SEP', 'OCT', 'NOV'])} 2026 / MOL ${pad(r.int(0, 9999999), 7)}`, null, 'other_bank_line');
    else if (v < 0.9) pay(day, -r.cents(20000, 120000), `SADAD / GOSI / ${pad(r.int(0, 999999999), 9)} / ${hijri(day)}`, null, 'other_bank_line');
    else pay(day, -r.cents(30000, 400000), `SADAD / ZATCA VAT RETURN ${r.pick(['Q3', '08', '09', '10'])}-2026 / ${r.pick(['300', '310'])}${pad(r.int(0, 999999999999), 12)}`, null, 'other_bank_line');
  }

  const { oi, st, truth } = book.finish();
  // Odoo's list export: UTF-8 with a BOM, every field quoted, plain amounts with a point, ISO dates, newest first.
  const OH = ['Number', 'Invoice/Bill Date', 'Due Date', 'Partner', 'Tax ID', 'Customer Reference', 'SADAD Account', 'Untaxed Amount Signed', 'Tax Signed', 'Total Signed', 'Amount Due Signed', 'Currency'];
  const oiLines = [OH.map((h) => q(h, ',', true)).join(',')];
  for (const x of oi) {
    const m = (v: string) => money(Number(v), '', '.');
    oiLines.push([x.cells.no, ymd(x.day, '-'), ymd(x.day + (x.cells.po && /^\d/.test(x.cells.po) ? 90 : 30), '-'), x.cells.cust, x.cells.vat, x.cells.po, x.cells.sadad, m(x.cells.net), m(x.cells.tax), m(x.cells.total), money(x.cents, '', '.'), 'SAR'].map((s) => q(s, ',', true)).join(','));
  }
  // SNB eCorp: UTF-8 with a BOM, a preamble, Gregorian and Hijri dates, thousands commas, oldest first, a trailer.
  const open = openingFor(st, r.cents(150000, 900000));
  const M = (c: number) => money(c, ',', '.');
  let bal = open, td = 0, tc = 0;
  const stLines = ['"Account Statement"', `"Account Number","SA44 1000 0001 ${pad(r.int(0, 9999), 4)} ${pad(r.int(0, 9999), 4)} ${pad(r.int(0, 9999), 4)}"`, '"Account Name","AL NOOR MEDICAL SUPPLIES CO."', '"Currency","SAR"', `"Period","${dmy(0, '/')} - ${dmy(LAST_DAY, '/')}"`, `"Opening Balance","${M(open)}"`, '',
    ['Transaction Date', 'Hijri Date', 'Value Date', 'Description', 'Reference No', 'Debit', 'Credit', 'Balance'].map((h) => q(h, ',', true)).join(',')];
  for (const x of st) {
    bal += x.cents;
    if (x.cents < 0) td -= x.cents; else tc += x.cents;
    stLines.push([dmy(x.day, '/'), hijri(x.day), dmy(x.day, '/'), x.cells.desc, x.cells.ref, x.cents < 0 ? M(-x.cents) : '', x.cents >= 0 ? M(x.cents) : '', M(bal)].map((s) => q(s, ',', true)).join(','));
  }
  stLines.push('', `"Total Debit","${M(td)}"`, `"Total Credit","${M(tc)}"`, `"Closing Balance","${M(bal)}"`);
  return {
    name: NAME,
    description: 'A Riyadh medical-supplies distributor\'s Odoo customer-invoice export (UTF-8 with BOM, every field quoted, ISO dates, plain amounts with a point, newest first; INV/2026/00457 invoices and RINV/2026/00012 credit notes, 15 % VAT, the customer\'s 15-digit VAT number, its PO and its SADAD biller account) against a Saudi National Bank eCorp statement (UTF-8, preamble with the opening balance, Gregorian and Umm al-Qura Hijri date columns, thousands commas, Friday–Saturday weekend, trailer totals). SARIE narrations mix English and Arabic (فاتورة رقم 457). Kinds: sarie_invoice_cited (seven spellings, before or after the payer), sadad_account_amount and sadad_several_invoices (the SADAD account names the customer, the amount the invoices), po_number_only, several_invoices_cited, credit_note_netted, instalments, part_payment, remainder_after_earlier_payment, gov_etimad_po (payment order, PO, contract number and Hijri date), gov_delay_penalty_deducted, gcc_swift_charges_deducted, name_and_amount_only, mistyped_invoice_number, cr_vat_mobile_in_text, same_amount_two_customers, ambiguous_equal_amounts, duplicate_refunded, payment_not_on_list, unpaid_invoice, other_bank_line (mada settlements, payroll, GOSI, ZATCA, suppliers, fees).',
    openItems: { fileName: 'account.move.csv', content: '\ufeff' + oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: 'SNB_Statement_Export.csv', content: '\ufeff' + stLines.join('\r\n') + '\r\n' },
    truth,
  };
}
