/**
 * eg-cib — a Cairo pharmaceutical and medical-supplies distributor (a local Arabic ERP, EGP) against
 * its CIB current account. The ledger is in Arabic: invoice numbers `ف-2026/0412` whose counter
 * restarts every year, credit notes `إ.د-2026/0031`, customer names in Arabic script. The bank
 * writes Latin capitals and transliterates the payer's name its own way (محمد → MOHAMED, MOHAMMED);
 * InstaPay remarks are typed on a phone, often in Arabic-Indic digits (ف-٢٠٢٦/٠٤١٢, فاتورة ٤١٢) and
 * next to the payer's mobile number; companies and government bodies withhold 1 % (supplies) or
 * 3 % (services) of the pre-VAT value (VAT 14 %) under the advance-payment system (Form 41);
 * clinics pay by cheques that bounce and are replaced.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, dateOf, money, pad, q, rngFor, openingFor, workDay, arabicDigits, LAST_DAY, type Row } from './common';

const NAME = 'eg-cib';
/** Withholding (خصم من المنبع) at `pct` percent of the value before the 14 % VAT, to the piastre. */
export const egWht = (gross: number, pct: number) => Math.round((gross / 1.14) * pct / 100);

const CO_AR = ['النيل', 'الدلتا', 'الأهرام', 'القاهرة', 'الإسكندرية', 'المنصورة', 'الصفا', 'النور', 'الفجر', 'السلام', 'الشفاء', 'الحياة'];
const CO_EN = ['EL NILE', 'EL DELTA', 'AL AHRAM', 'CAIRO', 'ALEXANDRIA', 'EL MANSOURA', 'EL SAFA', 'EL NOUR', 'EL FAGR', 'EL SALAM', 'EL SHEFAA', 'EL HAYAH'];
const ACT_AR = ['للأدوية', 'للتوريدات الطبية', 'للمستلزمات الطبية', 'للتجارة والتوزيع'];
const ACT_EN = ['PHARMA', 'MEDICAL SUPPLIES', 'MEDICAL EQUIPMENT', 'TRADING & DISTRIBUTION'];
const KIND_AR = ['صيدلية', 'صيدليات', 'مستشفى', 'شركة'];
const KIND_EN = ['PHARMACY', 'PHARMACIES', 'HOSPITAL', 'CO'];
const FIRST_AR = ['محمد', 'أحمد', 'محمود', 'مصطفى', 'عمرو', 'كريم', 'هاني', 'شريف', 'ياسر', 'طارق', 'منى', 'هبة'];
/** The bank's transliterations of each first name: two spellings in use. */
const FIRST_EN = [['MOHAMED', 'MOHAMMED'], ['AHMED', 'AHMAD'], ['MAHMOUD', 'MAHMOUD'], ['MOSTAFA', 'MOUSTAFA'], ['AMR', 'AMRO'], ['KARIM', 'KAREEM'], ['HANY', 'HANI'], ['SHERIF', 'SHERIEF'], ['YASSER', 'YASER'], ['TAREK', 'TAREQ'], ['MONA', 'MOUNA'], ['HEBA', 'HIBA']];
const LAST_AR = ['علي', 'حسن', 'إبراهيم', 'عبد الله', 'سعيد', 'فتحي', 'عبد الرحمن', 'الشناوي', 'منصور', 'جاد'];
const LAST_EN = [['ALI', 'ALY'], ['HASSAN', 'HASAN'], ['IBRAHIM', 'EBRAHIM'], ['ABDALLA', 'ABDULLAH'], ['SAID', 'SAEED'], ['FATHY', 'FATHI'], ['ABDELRAHMAN', 'ABD EL RAHMAN'], ['EL SHENNAWY', 'ELSHENAWY'], ['MANSOUR', 'MANSOUR'], ['GAD', 'GAAD']];
const BANKS = ['NBE', 'BANQUE MISR', 'QNB ALAHLI', 'AAIB', 'BANQUE DU CAIRE', 'ALEXBANK', 'FAISAL ISLAMIC', 'HSBC EG'];
const GOV = ['HEALTH INSURANCE ORG', 'UNIFIED PROCUREMENT AUTH', 'MINISTRY OF HEALTH - CAIRO DIR', 'AIN SHAMS UNIV HOSPITALS'];

interface Cust { code: string; ar: string; en: string[]; tax: string; mobile: string; corp: boolean; pct: number; gov?: string }

export function egCib(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 16001);
  const book = new Book();
  const custs: Cust[] = [];
  for (let i = 0; i < Math.max(40, Math.round(o.openItems / 13)); i++) {
    const corp = r.chance(0.55), mobile = `01${r.pick(['0', '1', '2', '5'])}${pad(r.int(0, 99999999), 8)}`;
    const tax = `${r.int(100, 799)}-${pad(r.int(0, 999), 3)}-${pad(r.int(0, 999), 3)}`;
    if (corp) {
      const a = r.int(0, CO_AR.length - 1), b = r.int(0, ACT_AR.length - 1), k = r.int(0, KIND_AR.length - 1);
      const gov = r.chance(0.12) ? r.pick(GOV) : undefined;
      custs.push({ code: `C-${pad(1001 + i * 3, 5)}`, ar: `${KIND_AR[k]} ${CO_AR[a]} ${ACT_AR[b]}`, en: [`${CO_EN[a]} ${KIND_EN[k]} ${ACT_EN[b]}`, `${CO_EN[a].replace(/^(EL|AL) /, 'EL')} FOR ${ACT_EN[b]}`], tax, mobile, corp, pct: gov || r.chance(0.5) ? r.pick([1, 1, 3]) : 0, gov });
    } else {
      const f = r.int(0, FIRST_AR.length - 1), l = r.int(0, LAST_AR.length - 1), l2 = r.int(0, LAST_AR.length - 1);
      custs.push({ code: `C-${pad(1001 + i * 3, 5)}`, ar: `صيدلية د/ ${FIRST_AR[f]} ${LAST_AR[l]} ${LAST_AR[l2]}`, en: [`${FIRST_EN[f][0]} ${LAST_EN[l][0]} ${LAST_EN[l2][0]}`, `${FIRST_EN[f][1]} ${LAST_EN[l][1]}`], tax, mobile, corp, pct: 0 });
    }
  }
  // The 2026 counter stood in the two thousands on 1 September and rises with the date; the 2025
  // invoices still open are scattered over last year's range (about 5,400 a year), so the two
  // years' numbers overlap.
  const s26 = r.int(2300, 2700), per26 = Math.max(1, 0.9 * o.openItems) / 75, used2025 = new Set<number>();
  let n26 = s26;
  const fresh2025 = () => { let n = r.int(1500, 5300); while (used2025.has(n)) n = r.int(1500, 5300); used2025.add(n); return n; };
  let cn = 1, ref = r.int(1000000, 2000000);
  const inv = (c: Cust, kind: string, group: string | null, opt: { cents?: number; amb?: boolean; year?: number; no?: number } = {}): Row => {
    const year = opt.year ?? (r.chance(0.1) ? 2025 : 2026);
    const no = opt.no ?? (year === 2025 ? fresh2025() : n26++);
    const day = year === 2025 ? -608 + Math.floor(no * 365 / 5400) : Math.min(74, Math.floor((no - s26) / per26));
    return book.addOi({ day, cents: opt.cents ?? r.cents(800, 185000), key: c.code, group, kind, amb: opt.amb, cells: { type: 'فاتورة', no: `ف-${year}/${pad(no, 4)}`, year: String(year), n: String(no), cust: c.code, name: c.ar, tax: c.tax } });
  };
  type Ch = 'ipn' | 'ach' | 'chq' | 'cash';
  const pay = (day: number, cents: number, ch: Ch, desc: string, group: string | null, kind: string, amb?: boolean, chq = '') =>
    book.addSt({ day: ch === 'ipn' ? Math.min(Math.max(day, 0), LAST_DAY) : workDay(Math.min(Math.max(day, 0), LAST_DAY - 3), [5, 6]), cents, group, kind, amb, cells: { desc, ref: chq ? `CHQ ${chq}` : `${ch === 'ipn' ? 'IPN' : 'FT'}26${pad(ref += r.int(1, 40), 8)}`, ch } });
  const after = (rows: Row[]) => Math.max(0, ...rows.map((x) => x.day)) + r.int(3, 28);
  const en = (c: Cust) => r.pick(c.en);
  /** How a payer writes an invoice number in a remark: Arabic-Indic or Latin digits, with or without the year. */
  const cite = (x: Row, arabic: boolean) => {
    const n = x.cells.n, y = x.cells.year;
    const forms = arabic
      ? [`ف-${arabicDigits(`${y}/${pad(n, 4)}`)}`, `فاتورة رقم ${arabicDigits(n)}`, `سداد فاتورة ${arabicDigits(n)} لسنة ${arabicDigits(y)}`, `فاتوره ${arabicDigits(pad(n, 4))}`, `ف ${arabicDigits(n)}/${arabicDigits(y.slice(2))}`]
      : [`INV ${y}/${n}`, `F-${y}/${pad(n, 4)}`, `INVOICE NO ${n} ${y}`, `FATORA ${n}`, `${y}-${pad(n, 4)}`];
    return r.pick(forms);
  };
  const ipn = (c: Cust, remark: string) => r.chance(0.5)
    ? `INSTAPAY CR FROM ${en(c)} ${c.mobile}${remark ? ` ${remark}` : ''}`
    : `IPN TRANSFER ${en(c).split(' ')[0].toLowerCase()}${r.int(1, 99)}@instapay ${en(c)}${remark ? ` - ${remark}` : ''}`;
  const ach = (c: Cust, remark: string) => `ACH CREDIT ${r.pick(BANKS)} ${c.gov ?? en(c)}${remark ? ` ${remark}` : ''}`;
  const chqDep = (c: Cust, withName: boolean) => `CHQ DEPOSIT - CLEARING ${r.pick(BANKS)}${withName ? ` DRAWER ${en(c)}` : ''}`;
  const chqNo = () => pad(r.int(10000000, 99999999), 8);

  while (book.oi.length < o.openItems) {
    const u = r.next();
    let c = r.pick(custs);
    /** A customer of the type the case needs (withholding agent, private payer, …). */
    const who = (pred: (k: Cust) => boolean) => { const xs = custs.filter(pred); return xs.length ? r.pick(xs) : c; };
    if (u < 0.15) {
      const g = book.group(), x = inv(c, 'instapay_arabic_digits', g);
      pay(after([x]), x.cents, 'ipn', ipn(c, cite(x, true)), g, 'instapay_arabic_digits');
    } else if (u < 0.24) {
      const g = book.group(), x = inv(c, 'transfer_latin_reference', g);
      pay(after([x]), x.cents, 'ach', ach(c, cite(x, false)), g, 'transfer_latin_reference');
    } else if (u < 0.35) {
      c = who((k) => k.pct > 0);
      const g = book.group(), xs = Array.from({ length: r.chance(0.6) ? 1 : r.int(2, 4) }, () => inv(c, 'withholding_deducted', g));
      const net = xs.reduce((s, x) => s + x.cents - egWht(x.cents, c.pct), 0);
      const byChq = r.chance(0.35);
      pay(after(xs), net, byChq ? 'chq' : 'ach', byChq ? chqDep(c, true) : ach(c, `${xs.map((x) => cite(x, false)).join(' ')} NET OF WHT ${c.pct}%`), g, 'withholding_deducted', false, byChq ? chqNo() : '');
    } else if (u < 0.43) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'cheque_deposit_multi', g));
      pay(after(xs), xs.reduce((s, x) => s + x.cents - (c.pct ? egWht(x.cents, c.pct) : 0), 0), 'chq', chqDep(c, r.chance(0.4)), g, 'cheque_deposit_multi', false, chqNo());
    } else if (u < 0.48) {
      // The same number open in the 2025 and the 2026 series for one customer; only the amount decides.
      const n = n26;
      if (used2025.has(n)) { inv(c, 'unpaid_invoice', null); continue; }
      used2025.add(n);
      const g = book.group(), a = inv(c, 'year_collision_amount_resolves', g, { year: 2026 });
      inv(c, 'year_collision_amount_resolves', null, { year: 2025, no: n, cents: a.cents > 1000000 && r.chance(0.5) ? a.cents - r.cents(40, 9000) : a.cents + r.cents(40, 9000) });
      pay(after([a]), a.cents, 'ipn', ipn(c, r.chance(0.5) ? `فاتورة ${arabicDigits(String(n))}` : `INV ${n}`), g, 'year_collision_amount_resolves');
    } else if (u < 0.54) {
      const g = book.group(), x = inv(c, 'instalments', g, { cents: r.cents(30000, 240000) }), k = r.int(2, 3);
      let left = x.cents, d = after([x]);
      for (let i = 1; i <= k; i++) {
        const part = i === k ? left : Math.round(x.cents / k / 10000) * 10000;
        left -= part;
        pay(d, part, 'ipn', ipn(c, r.chance(0.5) ? `قسط ${arabicDigits(String(i))} ${cite(x, true)}` : `INSTALLMENT ${i}/${k} ${cite(x, false)}`), g, 'instalments');
        d += r.int(12, 25);
      }
    } else if (u < 0.59) {
      const g = book.group(), x = inv(c, 'credit_note_netted', g, { cents: r.cents(5000, 150000) });
      const m = book.addOi({ day: x.day + r.int(1, 10), cents: -Math.round(x.cents * r.int(4, 30) / 100), key: c.code, group: g, kind: 'credit_note_netted', cells: { type: 'إشعار دائن', no: `إ.د-2026/${pad(cn++, 4)}`, year: '2026', n: '', cust: c.code, name: c.ar, tax: c.tax } });
      pay(after([x, m]), x.cents + m.cents, r.chance(0.5) ? 'ipn' : 'ach', r.chance(0.5) ? ipn(c, `${cite(x, true)} بعد خصم المرتجع`) : ach(c, `${cite(x, false)} LESS RETURNS`), g, 'credit_note_netted');
    } else if (u < 0.65) {
      c = who((k) => !k.corp);
      // A pharmacist pays from a phone with no remark: the name (transliterated) and the amount only.
      const g = book.group(), x = inv(c, 'name_and_amount_only', g);
      pay(after([x]), x.cents, 'ipn', ipn(c, ''), g, 'name_and_amount_only');
    } else if (u < 0.69) {
      c = who((k) => !k.corp);
      // A cheque bounces (the deposit and its return have no counterpart), then InstaPay replaces it.
      const g = book.group(), x = inv(c, 'replaced_after_return', g), d = after([x]), no = chqNo();
      pay(d, x.cents, 'chq', chqDep(c, true), null, 'returned_cheque', false, no);
      pay(d + r.int(3, 6), -x.cents, 'chq', `RETURNED CHQ ${no} - INSUFFICIENT FUNDS`, null, 'returned_cheque', false, no);
      pay(d + r.int(7, 9), -r.pick([5000, 7500]), 'ach', 'RETURNED CHEQUE COMMISSION', null, 'bank_charge');
      pay(d + r.int(10, 16), x.cents, 'ipn', ipn(c, r.chance(0.5) ? `بدل شيك ${arabicDigits(no)}` : `REPLACEMENT CHQ ${no}`), g, 'replaced_after_return');
    } else if (u < 0.72) {
      // Paid twice by mistake; the second transfer is refunded.
      const g = book.group(), x = inv(c, 'duplicate_refunded', g), d = after([x]), remark = cite(x, r.chance(0.5));
      pay(d, x.cents, 'ipn', ipn(c, remark), g, 'duplicate_refunded');
      pay(d + r.int(0, 2), x.cents, 'ipn', ipn(c, remark), null, 'duplicate_refunded');
      pay(d + r.int(4, 9), -x.cents, 'ach', `OUTWARD TRANSFER REFUND ${en(c)} DUPLICATE PAYMENT`, null, 'duplicate_refunded');
    } else if (u < 0.75) {
      const amt = r.cents(1500, 60000), g = book.group();
      const a = inv(c, 'ambiguous_equal_amounts', g, { cents: amt, amb: true }); inv(c, 'ambiguous_equal_amounts', null, { cents: amt, amb: true });
      pay(after([a]), amt, 'ipn', ipn(c, r.chance(0.5) ? 'سداد مستحقات' : ''), g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.78) {
      // Two customers, one invoice each, of the same amount; each payer quotes its own number.
      const c2 = r.pick(custs.filter((k) => k !== c)), amt = r.cents(2000, 50000);
      for (const k of [c, c2]) { const g = book.group(), x = inv(k, 'same_amount_two_customers', g, { cents: amt }); pay(after([x]), amt, 'ipn', ipn(k, cite(x, r.chance(0.5))), g, 'same_amount_two_customers'); }
    } else if (u < 0.81) {
      // Numbers that are not invoice numbers: the payer's tax registration number and a date.
      const g = book.group(), x = inv(c, 'tax_id_and_date_in_text', g);
      const t = dateOf(x.day);
      pay(after([x]), x.cents - (c.pct ? egWht(x.cents, c.pct) : 0), 'ach', ach(c, `TAX REG ${c.tax} INV DATED ${pad(t.d, 2)}/${pad(t.m, 2)}/${t.y} ${x.cells.n}`), g, c.pct ? 'tax_id_and_date_in_text_wht' : 'tax_id_and_date_in_text');
      if (c.pct) x.kind = 'tax_id_and_date_in_text_wht';
    } else if (u < 0.84) {
      // A payment for an invoice that is not on the list (already settled, or another company's).
      // (an old 2024 invoice, long settled: the numbers of 2025 and 2026 on the list are not touched)
      const n = r.int(1, 3000);
      pay(r.int(0, LAST_DAY), r.cents(800, 90000), 'ipn', ipn(c, r.chance(0.5) ? `فاتورة ${arabicDigits(`${n}/2024`)}` : `INV 2024/${n}`), null, 'payment_not_on_list');
      inv(c, 'unpaid_invoice', null);
    } else if (u < 0.87) {
      // The number typed wrong on a phone: two digits swapped, or one dropped.
      const g = book.group(), x = inv(c, 'mistyped_reference', g), n = x.cells.n;
      const bad = n[2] !== n[3] ? n.slice(0, 2) + n[3] + n[2] : n.slice(0, 3);
      pay(after([x]), x.cents, 'ipn', ipn(c, r.chance(0.5) ? `فاتورة ${arabicDigits(bad)}` : `INV ${bad}`), g, 'mistyped_reference');
    } else {
      inv(c, 'unpaid_invoice', null);
    }
    if (r.chance(0.03)) { const d = r.pick([24, 54, 84]); pay(d, -r.cents(150000, 900000), 'ach', `PAYROLL TRANSFER ${r.int(40, 180)} EMPLOYEES`, null, 'payroll'); }
    if (r.chance(0.25)) pay(r.int(0, LAST_DAY), -r.cents(20000, 600000), 'ach', `OUTWARD TRANSFER ${r.pick(['PHARCO PHARMACEUTICALS', 'EIPICO', 'AMOUN PHARMACEUTICAL', 'EVA PHARMA', 'MINAPHARM', 'EGYPTIAN DRUG TRADING CO'])} INV ${r.int(10000, 99999)}`, null, 'supplier_payment');
    if (r.chance(0.04)) pay(r.int(0, LAST_DAY), -r.cents(2000, 80000), 'ach', `ETA E-PAYMENT VAT ${r.pick(['08', '09', '10'])}/2026 REG ${'450-123-789'}`, null, 'tax_payment');
    if (r.chance(0.05)) pay(r.int(0, LAST_DAY), r.cents(500, 30000), 'cash', `POS SETTLEMENT MERCHANT ${r.int(4000000, 4999999)}`, null, 'card_settlement');
    if (r.chance(0.04)) pay(r.int(0, LAST_DAY), -r.pick([1000, 2500, 4000, 6000]), 'ach', r.pick(['STAMP DUTY', 'ACCOUNT MAINTENANCE FEE', 'CHQ COLLECTION COMMISSION', 'SMS SERVICE FEE']), null, 'bank_charge');
  }
  const { oi, st, truth } = book.finish();
  const dmy = (day: number) => { const t = dateOf(day); return `${pad(t.d, 2)}/${pad(t.m, 2)}/${t.y}`; };
  const m = (c: number) => money(c, ',', '.');
  const total = oi.reduce((s, x) => s + x.cents, 0);
  const oiLines = ['كشف أرصدة العملاء المفتوحة', `شركة النخبة لتوزيع الأدوية - حتى تاريخ ${dmy(LAST_DAY)}`, 'العملة: جنيه مصري', '',
    'رقم المستند,نوع المستند,تاريخ المستند,تاريخ الاستحقاق,كود العميل,اسم العميل,رقم التسجيل الضريبي,قيمة المستند,المتبقي'];
  for (const x of oi) oiLines.push([x.cells.no, x.cells.type, dmy(x.day), dmy(x.day + 30), x.cells.cust, q(x.cells.name, ','), x.cells.tax, q(m(x.cents), ',', true), q(m(x.cents), ',', true)].join(','));
  oiLines.push('', `الإجمالي,,,,,,,${q(m(total), ',', true)},${q(m(total), ',', true)}`);
  let bal = openingFor(st, 2_418_730_25);
  const open = bal;
  const stLines = ['Commercial International Bank (Egypt) S.A.E.', 'Account Statement', 'Account Name,EL NOKHBA PHARMA DISTRIBUTION', 'Account Number,100045872931', 'Currency,EGP', `Period,${dmy(0)} - ${dmy(LAST_DAY)}`, `Opening Balance,${q(m(open), ',', true)}`, '',
    'Booking Date,Value Date,Reference No.,Description,Debit,Credit,Balance'];
  for (const x of st) {
    bal += x.cents;
    const value = x.cells.ch === 'chq' && x.cents > 0 ? workDay(x.day + 2, [5, 6]) : x.day;
    stLines.push([dmy(x.day), dmy(value), x.cells.ref, q(x.cells.desc, ',', true), x.cents < 0 ? q(m(-x.cents), ',', true) : '', x.cents > 0 ? q(m(x.cents), ',', true) : '', q(m(bal), ',', true)].join(','));
  }
  stLines.push('', `Closing Balance,${q(m(bal), ',', true)}`, `Total Debit,${q(m(-st.filter((x) => x.cents < 0).reduce((s, x) => s + x.cents, 0)), ',', true)}`, `Total Credit,${q(m(st.filter((x) => x.cents > 0).reduce((s, x) => s + x.cents, 0)), ',', true)}`);
  return {
    name: NAME,
    description: 'A Cairo medical distributor exports its open receivables from a local Arabic ERP (UTF-8 with BOM, comma CSV, three preamble lines, Arabic headers, dd/mm/yyyy, EGP with comma thousands; invoices ف-2026/2412 numbered in date order, the 2025 leftovers in the same number range so 2025 and 2026 share numbers, credit notes إ.د-2026/0031 negative; customer names in Arabic script, an Egyptian tax registration number 123-456-789; a totals line) and its CIB statement (English, preamble with opening balance, Debit/Credit/Balance, bank reference numbers full of digits, cheque numbers, a closing/totals trailer; no postings on Friday/Saturday except InstaPay). Bank descriptions carry the payer\'s name transliterated into Latin capitals (two spellings per name) and, for InstaPay, the payer\'s 11-digit mobile number or IPA alias; remarks quote invoices in Arabic-Indic digits (ف-٢٠٢٦/٠٤١٢, فاتورة رقم ٤١٢) or Latin forms. Kinds: instapay_arabic_digits, transfer_latin_reference, withholding_deducted (1 % or 3 % of the pre-VAT value, VAT 14 %, one to four invoices), cheque_deposit_multi (no invoice named, net of withholding for withholding customers), year_collision_amount_resolves (the number alone matches a 2025 and a 2026 invoice of the same customer), instalments, credit_note_netted, name_and_amount_only, returned_cheque then replaced_after_return by InstaPay, duplicate_refunded, same_amount_two_customers, tax_id_and_date_in_text (a tax id and a date next to the bare number), mistyped_reference (two digits swapped or one dropped), ambiguous equal amounts, payments for invoices not on the list, unpaid invoices, payroll, supplier and tax payments, POS settlements, bank charges.',
    openItems: { fileName: 'ارصدة_العملاء_المفتوحة.csv', content: '\ufeff' + oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: 'CIB_Statement_100045872931.csv', content: stLines.join('\n') + '\n' },
    truth,
  };
}
