/**
 * us-qb-deposits: a US food-service distributor on QuickBooks Online (A/R Aging Detail, ungrouped,
 * as CSV) against a Chase business checking CSV, where cheques arrive as remote deposits of several
 * customers' cheques at once and ACH credits carry 16-character company names.
 */
import type { World, WorldOptions } from '../world';
import { Rng, landOn, dayOf, fmtAmount, fmtDay, groupIds, monthName, dayOfMonth, yearOf, weekdayName, ordered, q, workday, type Row } from './common';

export const US_OI_HEAD = ['', 'Date', 'Transaction Type', 'Num', 'Customer', 'Terms', 'Due Date', 'Amount', 'Open Balance'];
export const US_ST_HEAD = ['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance', 'Check or Slip #'];
export const QB = { decimals: 2, dec: '.', thou: ',' } as const;
export const CHASE = { decimals: 2, dec: '.', thou: '' } as const;
/** Kinds whose statement amount is the items' sum less a fee of this many cents at most. */
export const US_WIRE_FEES = [1500, 2000, 2500, 3000];

const FIRST = ['Brightwater', 'Summit', 'Redwood', 'Lakeside', 'Cedar Ridge', 'Pioneer', 'Harbor', 'Golden State', 'Bluebonnet', 'Prairie', 'Ironwood', 'Magnolia', 'Keystone', 'Riverbend', 'Copper Canyon', 'Evergreen', 'Silver Creek', 'Northstar', 'Heritage', 'Liberty', 'Oak Hollow', 'Sunset', 'Granite Peak', 'Bayou', 'Mesa Verde', 'Willow Creek', 'Blue Ridge', 'Sandstone'];
const SECOND = ['Hospitality Group', 'Restaurant Supply', 'Foods', 'Catering', 'Grill & Tap', 'Bistro', 'Market', 'Hotels', 'Deli', 'Brewing Co', 'Diner', 'Provisions', 'Country Club', 'Cafe', 'Steakhouse', 'Pizza Co', 'Senior Living', 'School District', 'Taqueria', 'Bakery'];
const SUFFIX = ['LLC', 'Inc.', 'Inc', 'LLC', 'Corp.', '', '', 'Co.'];
const PEOPLE = ['JOHN SMITH', 'MARIA GARCIA', 'DAVID NGUYEN', 'LINDA JOHNSON', 'ROBERT LEE', 'JENNIFER KIM', 'MICHAEL BROWN', 'PATRICIA DAVIS', 'JAMES WILSON', 'ANA MARTINEZ', 'KEVIN PATEL', 'SARAH MILLER'];
const WIRE_BANKS = ['WELLS FARGO BANK, N.A./121000248', 'BANK OF AMERICA, N.A./026009593', 'U.S. BANK N.A./091000022', 'PNC BANK, N.A./043000096', 'TRUIST BANK/061000104', 'CITIBANK N.A./021000089'];

interface Cust {
  name: string;
  /** What the payer's bank sends as ORIG CO NAME (16 characters, upper case; a legal name for a dba). */
  ach: string;
  legal: string;
  terms: string;
  person?: string;
}

type OiF = string[];
type StF = { details: string; desc: string; amount: number; type: string; slip: string };

export function usQbDeposits(o: WorldOptions): World {
  const r = new Rng(o.seed, 0x5553);
  const gid = groupIds('us');
  const start = dayOf('2026-10-01'), end = dayOf('2026-11-20');
  const ois: Row<OiF>[] = [];
  const sts: Row<StF>[] = [];
  let num = r.int(10_200, 14_000), slip = r.int(1, 40), trace = r.int(1_000_000, 9_000_000), checkOut = r.int(4100, 4900);
  const ach16 = (s: string) => s.toUpperCase().replace(/[.,']/g, '').slice(0, 16).trimEnd();

  const custs: Cust[] = [];
  const nCust = Math.max(20, Math.round(o.openItems / 7));
  const seen = new Set<string>();
  for (let i = 0; i < nCust; i++) {
    let name: string;
    name = '';
    for (let t = 0; t === 0 || seen.has(name); t++) name = `${r.pick(FIRST)} ${r.pick(SECOND)}${t > 20 ? ` of ${r.pick(['Austin', 'Tulsa', 'Plano', 'Waco', 'El Paso', 'Frisco'])}${t > 40 ? ' #' + r.int(2, 999) : ''}` : ''} ${r.pick(SUFFIX)}`.trim();
    seen.add(name);
    const dba = r.chance(0.1);
    const legal = dba ? `${r.pick(['JMS', 'R&K', 'TLC', 'BKM', 'DGH', 'SMP'])} ${r.pick(['RESTAURANT GROUP', 'ENTERPRISES INC', 'HOLDINGS LLC', 'VENTURES LLC'])}` : name;
    custs.push({ name, legal, ach: ach16(legal), terms: r.weighted([['Net 30', 6], ['Net 15', 2], ['Due on receipt', 1], ['2% 10 Net 30', 1.5], ['Net 45', 1]] as const), person: r.chance(0.15) ? r.pick(PEOPLE) : undefined });
  }
  const termDays = (t: string) => (t === 'Net 15' ? 15 : t === 'Due on receipt' ? 0 : t === 'Net 45' ? 45 : 30);

  const invoice = (c: Cust, amount: number, g: string | null, kind: string, opt: { day?: number; amb?: boolean; credit?: boolean; unapplied?: boolean } = {}) => {
    const day = opt.day ?? r.int(dayOf('2026-08-15'), dayOf('2026-11-18'));
    const n = opt.unapplied ? '' : String(++num);
    const type = opt.credit ? 'Credit Memo' : opt.unapplied ? 'Payment' : 'Invoice';
    const due = day + termDays(c.terms);
    ois.push({ f: ['', fmtDay(day, 'MM/DD/YYYY'), type, n, c.name, type === 'Invoice' ? c.terms : '', type === 'Invoice' ? fmtDay(due, 'MM/DD/YYYY') : '', fmtAmount(amount, QB), fmtAmount(amount, QB)], sort: day, group: g, kind, amb: opt.amb });
    return { no: n, day, due, amount };
  };
  const post = (day: number, f: StF, g: string | null, kind: string, amb?: boolean) => {
    const d = Math.min(end, Math.max(start, workday(day)));
    sts.push({ f, sort: d, group: g, kind, amb });
  };
  const achDesc = (orig: string, origId: string, descr: string, day: number, indId: string, sec = 'CCD') =>
    `ORIG CO NAME:${orig.padEnd(16)} ORIG ID:${origId} DESC DATE:${fmtDay(day, 'YYMMDD')} CO ENTRY DESCR:${descr.padEnd(10)}SEC:${sec}    TRACE#:0${String(++trace).padStart(14, '0')} EED:${fmtDay(day, 'YYMMDD')}   IND ID:${indId.slice(0, 15).padEnd(15)} IND NAME:KALLA SUPPLY CO TRN: ${String(trace).padStart(10, '0')}TC`;
  const origId = new Map<Cust, string>();
  const oid = (c: Cust) => { if (!origId.has(c)) origId.set(c, String(r.int(1_000_000_000, 9_999_999_999))); return origId.get(c)!; };
  const amt = () => r.amount(4_000, 1_200_000);
  const payDay = (inv: { day: number; due: number }) => landOn(r, inv.day, Math.max(inv.day + 2, inv.due + r.int(-12, 18)), start, end);
  const achCredit = (day: number, c: Cust, amount: number, indId: string, g: string | null, kind: string, descr?: string, amb?: boolean) =>
    post(day, { details: 'CREDIT', desc: achDesc(c.ach, oid(c), descr ?? r.pick(['PAYMENT', 'PAYMENTS', 'AP PAYMENT', 'VENDOR PMT', 'ACH PMT']), day, indId), amount, type: 'ACH_CREDIT', slip: '' }, g, kind, amb);

  /** Cheques waiting for the next remote deposit: their amount and group. */
  let pending: { amount: number; day: number }[] = [];
  let batchGroup = gid();
  const flushDeposit = () => {
    if (!pending.length) return;
    const amount = pending.reduce((s, x) => s + x.amount, 0);
    const day = Math.max(...pending.map((x) => x.day)) + r.int(0, 2);
    post(day, { details: 'DSLIP', desc: r.chance(0.8) ? `REMOTE ONLINE DEPOSIT #${String(r.int(1, 3)).padStart(11)}` : `DEPOSIT  ID NUMBER ${r.int(100_000, 999_999)}`, amount, type: 'DEPOSIT', slip: String(++slip) }, batchGroup, 'check_deposit_batch', true);
    pending = [];
    batchGroup = gid();
  };
  let batchTarget = r.int(2, 6);
  const singles: { row: Row<StF>; amount: number }[] = [];

  let n = 0;
  while (n < o.openItems) {
    const c = r.pick(custs);
    const k = r.weighted([
      ['ach_invoice_in_ind_id', 18], ['ach_no_reference', 8], ['ach_multi_invoice', 7], ['ach_via_payables_service', 5], ['check_deposit_single', 12], ['check_deposit_batch', 14],
      ['wire_short_fee', 3], ['early_pay_discount', c.terms.startsWith('2%') ? 25 : 0], ['short_paid_deduction', 3], ['credit_memo_netted', 3], ['zelle_payment', c.person ? 12 : 0],
      ['card_payout_net', 4], ['returned_check', 1.2], ['duplicate_payment', 1], ['unapplied_payment', 0.8], ['unpaid_invoice', 22],
    ] as const);
    const g = gid();
    if (k === 'ach_invoice_in_ind_id' || k === 'ach_no_reference') {
      const inv = invoice(c, amt(), g, k); n++;
      achCredit(payDay(inv), c, inv.amount, k === 'ach_no_reference' ? r.pick(['', '', String(r.int(100_000, 999_999)), 'AP0000' + r.int(1000, 9999)]) : r.pick([`INV ${inv.no}`, inv.no, `INV#${inv.no}`, `${inv.no}`, `KALLA${inv.no}`]), g, k);
    } else if (k === 'ach_multi_invoice' || k === 'ach_via_payables_service') {
      const m = k === 'ach_multi_invoice' ? r.int(2, 6) : r.int(1, 3);
      const ref = k === 'ach_multi_invoice' ? r.pick(['#', 'INV #', 'MULTIPLE', '']) : `016${r.int(10_000_000, 99_999_999)}${r.pick(['ABCD', 'QRST', 'KXYZ', 'MNPQ'])}`;
      // Several invoices, no invoice number and a legal name the list does not know (a dba): only a
      // subset sum over every customer's items is left, which a careful person would not trust.
      const amb = m > 1 && c.legal !== c.name && !ref.includes('#');
      let sum = 0; const nos: string[] = []; let last = { day: 0, due: 0 };
      for (let i = 0; i < m; i++) { const inv = invoice(c, amt(), g, k, { amb }); sum += inv.amount; nos.push(inv.no); if (inv.due > last.due) last = inv; n++; }
      const ind = ref === '#' ? nos.join(' ') : ref === 'INV #' ? `INV ${nos.join(',')}` : ref;
      achCredit(payDay(last), c, sum, ind, g, k, k === 'ach_multi_invoice' ? undefined : 'BILL.COM', amb);
    } else if (k === 'check_deposit_single') {
      const inv = invoice(c, amt(), g, k); n++;
      const row: Row<StF> = { f: { details: 'DSLIP', desc: `REMOTE ONLINE DEPOSIT #${String(1).padStart(11)}`, amount: inv.amount, type: 'DEPOSIT', slip: String(++slip) }, sort: 0, group: g, kind: k };
      post(payDay(inv) + 2, row.f, g, k); singles.push({ row: sts[sts.length - 1], amount: inv.amount });
    } else if (k === 'check_deposit_batch') {
      // One cheque (paying one or two invoices of this customer) joins the next deposit of several.
      const m = r.chance(0.8) ? 1 : 2; let amount = 0; let last = { day: 0, due: 0 };
      for (let i = 0; i < m; i++) { const inv = invoice(c, amt(), batchGroup, k, { amb: true }); amount += inv.amount; if (inv.due > last.due) last = inv; n++; }
      pending.push({ amount, day: payDay(last) });
      if (pending.length >= batchTarget) { flushDeposit(); batchTarget = r.int(2, 6); }
    } else if (k === 'wire_short_fee') {
      const m = r.int(1, 3); let sum = 0; const nos: string[] = []; let last = { day: 0, due: 0 };
      for (let i = 0; i < m; i++) { const inv = invoice(c, r.amount(150_000, 4_000_000), g, k); sum += inv.amount; nos.push(inv.no); if (inv.due > last.due) last = inv; n++; }
      const d = payDay(last);
      post(d, { details: 'CREDIT', desc: `FEDWIRE CREDIT VIA: ${r.pick(WIRE_BANKS)} B/O: ${c.legal.toUpperCase()} ${r.pick(['DENVER CO 80202', 'AUSTIN TX 78701', 'PHOENIX AZ 85004', 'TAMPA FL 33602'])} REF: CHASE NYC/CTR/BNF=KALLA SUPPLY CO ${r.pick(['DALLAS', 'DALLAS TX'])} /AC-000000001234 RFB=${r.int(10_000_000, 99_999_999)} OBI=${r.pick([`INV ${nos.join(' ')}`, `PAYMENT INVOICES ${nos.join(',')}`, 'PAYMENT'])} IMAD: ${fmtDay(d, 'MMDD')}MMQFMP2N${String(r.int(0, 999_999)).padStart(6, '0')} TRN: ${r.int(1_000_000_000, 9_999_999_999)}FF`, amount: sum - r.pick(US_WIRE_FEES), type: 'WIRE_INCOMING', slip: '' }, g, k);
    } else if (k === 'early_pay_discount') {
      const inv = invoice(c, amt(), g, k, { day: r.int(start - 6, end - 4) }); n++;
      achCredit(Math.min(end, inv.day + r.int(3, 10)), c, inv.amount - Math.round(inv.amount * 0.02), r.pick([`INV ${inv.no}`, `${inv.no} 2PCT`, inv.no]), g, k);
    } else if (k === 'short_paid_deduction') {
      const inv = invoice(c, r.amount(50_000, 1_200_000), g, k); n++;
      achCredit(payDay(inv), c, inv.amount - Math.round(inv.amount * r.int(1, 12) / 100), r.pick([`INV${inv.no} DED`, `${inv.no} SHORT`, `${inv.no}`]), g, k);
    } else if (k === 'credit_memo_netted') {
      const inv = invoice(c, amt(), g, k); const cm = invoice(c, -Math.max(500, Math.round(inv.amount * r.pick([0.05, 0.1, 0.2, 0.5]))), g, k, { credit: true, day: Math.min(end - 1, inv.day + r.int(1, 15)) }); n += 2;
      achCredit(payDay(inv), c, inv.amount + cm.amount, r.pick([`INV ${inv.no} CM ${cm.no}`, inv.no, `${inv.no} LESS CR`]), g, k);
    } else if (k === 'zelle_payment') {
      const inv = invoice(c, r.amount(2_500, 150_000), g, k); n++;
      post(payDay(inv), { details: 'CREDIT', desc: `Zelle payment from ${c.person!} ${r.pick(['', `inv ${inv.no}`, 'invoice', `#${inv.no}`])} ${r.pick(['BACqm', 'WFCT0', 'JPM99', 'CTIxx'])}${r.int(10_000_000, 99_999_999)}`.replace(/ +/g, ' '), amount: inv.amount, type: 'QUICKPAY_CREDIT', slip: '' }, g, k);
    } else if (k === 'card_payout_net') {
      // QuickBooks Payments: the day's card payments of several customers, net of 2.99 % + $0.25 each.
      const m = r.weighted([[1, 4], [2, 3], [3, 2], [4, 1]] as const); let net = 0; const d = r.int(start + 1, end);
      for (let i = 0; i < m; i++) { const cc = i === 0 ? c : r.pick(custs); const inv = invoice(cc, r.amount(3_000, 400_000), g, k, { amb: m > 1, day: d - r.int(2, 30) }); net += inv.amount - Math.round(inv.amount * 0.0299) - 25; n++; }
      post(d, { details: 'CREDIT', desc: achDesc('INTUIT 94379803', '9215986202', 'DEPOSIT', d, `524771${r.int(100_000_000, 999_999_999)}`), amount: net, type: 'ACH_CREDIT', slip: '' }, g, k, m > 1);
    } else if (k === 'returned_check') {
      // A cheque deposited alone, returned NSF later: the invoice is open again.
      const inv = invoice(c, amt(), null, 'returned_check_invoice'); n++;
      const d = payDay(inv);
      post(d, { details: 'DSLIP', desc: `REMOTE ONLINE DEPOSIT #${String(1).padStart(11)}`, amount: inv.amount, type: 'DEPOSIT', slip: String(++slip) }, null, 'returned_check_deposit');
      post(d + r.int(3, 8), { details: 'DEBIT', desc: `DEPOSITED ITEM RETURNED CHECK # ${r.int(1000, 9999)} NSF`, amount: -inv.amount, type: 'MISC_DEBIT', slip: '' }, null, 'returned_check_return');
      post(d + r.int(3, 8), { details: 'DEBIT', desc: 'RETURN ITEM FEE', amount: -1200, type: 'FEE_TRANSACTION', slip: '' }, null, 'bank_fee');
    } else if (k === 'duplicate_payment') {
      // Either ACH could be "the" payment, the other to be refunded: for review, all three ambiguous.
      const inv = invoice(c, amt(), g, k, { amb: true }); n++;
      const d = payDay(inv);
      achCredit(d, c, inv.amount, `INV ${inv.no}`, g, k, undefined, true);
      achCredit(d + r.int(1, 7), c, inv.amount, `INV ${inv.no}`, null, 'duplicate_payment_second', undefined, true);
    } else if (k === 'unapplied_payment') {
      invoice(c, -amt(), null, 'unapplied_payment', { unapplied: true }); n++;
    } else {
      invoice(c, amt(), null, 'unpaid_invoice'); n++;
    }
  }
  flushDeposit();

  // Noise: money out and credits that pay nothing on the list.
  const noise = Math.round(sts.length * 0.25);
  for (let i = 0; i < noise; i++) {
    const d = r.int(start, end);
    const k = r.weighted([['payroll', 2], ['check_paid', 6], ['vendor_ach', 5], ['card_payment', 1], ['tax_payment', 0.6], ['bank_fee', 1.5], ['transfer', 1], ['merchant_fees', 0.8], ['interest', 0.3]] as const);
    switch (k) {
      case 'payroll': post(d, { details: 'DEBIT', desc: achDesc('ADP WAGE PAY', '9659605001', 'WAGE PAY', d, `${r.int(100_000, 999_999)}VV`, 'PPD'), amount: -r.amount(2_000_000, 9_000_000), type: 'ACH_DEBIT', slip: '' }, null, k); break;
      case 'check_paid': { const no = ++checkOut; post(d, { details: 'CHECK', desc: `CHECK ${no}`, amount: -r.amount(5_000, 2_500_000), type: 'CHECK_PAID', slip: String(no) }, null, k); break; }
      case 'vendor_ach': post(d, { details: 'DEBIT', desc: achDesc(r.pick(['SYSCO CORP', 'US FOODS INC', 'TYSON FOODS', 'ECOLAB INC', 'PERFORMANCE FOOD']), String(r.int(1_000_000_000, 9_999_999_999)), 'CORP PYMNT', d, `KALLA${r.int(1000, 9999)}`), amount: -r.amount(50_000, 6_000_000), type: 'ACH_DEBIT', slip: '' }, null, k); break;
      case 'card_payment': post(d, { details: 'DEBIT', desc: `AMERICAN EXPRESS ACH PMT    A${r.int(1000, 9999)}     WEB ID: 2005032111`, amount: -r.amount(100_000, 1_500_000), type: 'ACH_DEBIT', slip: '' }, null, k); break;
      case 'tax_payment': post(d, { details: 'DEBIT', desc: achDesc('IRS', '3387702000', 'USATAXPYMT', d, `2702${r.int(10_000_000_000, 99_999_999_999)}`), amount: -r.amount(300_000, 4_000_000), type: 'ACH_DEBIT', slip: '' }, null, k); break;
      case 'bank_fee': post(d, { details: 'DEBIT', desc: r.pick(['MONTHLY SERVICE FEE', 'INCOMING WIRE FEE', 'ACCOUNT ANALYSIS FEE', 'REMOTE DEPOSIT FEE']), amount: -r.pick([1500, 9500, 3000, 4255]), type: 'FEE_TRANSACTION', slip: '' }, null, k); break;
      case 'transfer': { const a = r.amount(100_000, 5_000_000); post(d, { details: a % 2 ? 'CREDIT' : 'DEBIT', desc: `Online Transfer ${a % 2 ? 'from' : 'to'} SAV ...${r.int(1000, 9999)} transaction#: ${r.int(10_000_000_000, 99_999_999_999)}`, amount: a % 2 ? a : -a, type: 'ACCT_XFER', slip: '' }, null, k); break; }
      case 'merchant_fees': post(d, { details: 'DEBIT', desc: achDesc('BANKCARD-8076', '1020401225', 'MTHLY DISC', d, `5187${r.int(10_000_000_000, 99_999_999_999)}`), amount: -r.amount(2_000, 60_000), type: 'ACH_DEBIT', slip: '' }, null, k); break;
      case 'interest': post(d, { details: 'CREDIT', desc: 'INTEREST PAYMENT', amount: r.int(10, 3000), type: 'MISC_CREDIT', slip: '' }, null, k); break;
    }
  }

  // A lone cheque deposit is only decidable when its amount is unique among the open items.
  const openAmounts = new Map<string, number>();
  for (const x of ois) openAmounts.set(x.f[8], (openAmounts.get(x.f[8]) ?? 0) + 1);
  for (const s of singles) if ((openAmounts.get(fmtAmount(s.amount, QB)) ?? 0) > 1) s.row.amb = true;
  for (const x of ois) if (x.kind === 'check_deposit_single' && (openAmounts.get(x.f[8]) ?? 0) > 1) x.amb = true;

  const A = ordered(ois, 'open_items');
  const B = ordered(sts, 'statement', true);
  let bal = r.int(15_000_000, 90_000_000);
  const balances: number[] = new Array(B.rows.length);
  for (let i = B.rows.length - 1; i >= 0; i--) { bal += B.rows[i].f.amount; balances[i] = bal; }
  const total = A.rows.reduce((s, x) => s + Math.round(Number(x.f[8].replace(/,/g, '')) * 100), 0);
  const now = end + 7;
  const oiText = [
    'Kalla Supply Co.',
    'A/R Aging Detail',
    `As of ${monthName(end)} ${dayOfMonth(end)}, ${yearOf(end)}`,
    '',
    US_OI_HEAD.map((h) => q(h, ',')).join(','),
    ...A.rows.map((x) => x.f.map((v) => q(v, ',')).join(',')),
    ['TOTAL', '', '', '', '', '', '', '', '$' + fmtAmount(total, QB)].map((v) => q(v, ',')).join(','),
    '',
    '',
    '',
    q(`${weekdayName(now)}, ${monthName(now)} ${dayOfMonth(now)}, ${yearOf(now)} 09:14 AM GMT-06:00`, ','),
  ].join('\n') + '\n';
  const stText = [
    US_ST_HEAD.join(','),
    ...B.rows.map((x, i) => [x.f.details, fmtDay(x.sort, 'MM/DD/YYYY'), q(x.f.desc, ','), fmtAmount(x.f.amount, CHASE), x.f.type, fmtAmount(balances[i], CHASE), x.f.slip, ''].join(',')),
  ].join('\n') + '\n';

  return {
    name: 'us-qb-deposits',
    description:
      'A US food-service distributor (Kalla Supply Co., Dallas) exports QuickBooks Online\'s A/R Aging Detail as CSV, ungrouped: a three-line preamble (company, report, "As of November 20, 2026"), a header whose first column is empty, ' +
      'invoices with plain sequential numbers (10234), terms (Net 30, 2% 10 Net 30 ...), credit memos and unapplied payments as negative rows, amounts with thousands commas ("1,234.56"), a TOTAL line and a timestamp footer. ' +
      'The statement is a Chase business checking CSV, newest first, with a running balance and a trailing empty column on data rows (Details, Posting Date, Description, Amount, Type, Balance, Check or Slip #). ' +
      'Cases: ACH CCD credits whose ORIG CO NAME is the payer cut to 16 characters (or its legal name when the customer trades under a dba) and whose 15-character IND ID holds the invoice number, a variant of it, several (cut), ' +
      '"MULTIPLE" or nothing; Bill.com payments with only a Bill.com id; remote cheque deposits of one cheque (decidable by amount only when unique: ambiguous otherwise) and of 2-6 cheques from different customers ' +
      '(one DEPOSIT line, no detail: always ambiguous); Fedwire credits with the invoices in OBI, short of a $15-30 intermediary fee; 2% 10 Net 30 discounts taken; deductions for shortages (1-12 %); credit memos netted; ' +
      'Zelle payments from the owner\'s personal name; QuickBooks Payments (Intuit) payouts of one to four card payments net of 2.99 % + $0.25 (ambiguous when more than one); cheques returned NSF with a return fee; ' +
      'duplicate ACH payments; unpaid invoices; and noise (ADP payroll, cheques paid, vendor ACH debits, Amex, IRS, bank and merchant fees, transfers to savings, interest).',
    openItems: { fileName: 'Kalla Supply Co._A_R Aging Detail.csv', content: oiText },
    statement: { fileName: 'Chase1234_Activity_20261127.CSV', content: stText },
    truth: [...A.truth, ...B.truth],
  };
}
