/**
 * pk-hbl — a Lahore pharmaceutical distributor (a local ERP, PKR) against its HBL current account.
 * The ERP prints amounts in lakh/crore grouping (12,34,567.00) with credit notes in parentheses;
 * invoices are numbered per branch and fiscal year (LHE/SI/2627/04512, the year running July to
 * June). Payments arrive by 1-Link IBFT whose narration the bank cuts to 30 characters (sender name
 * first, so a long name pushes the invoice number out), by Raast with a full purpose line, by
 * cheques through NIFT clearing and as cash deposited at a branch by the distributor's own sales
 * officers, naming their CNIC. Withholding agents (hospitals, chains, government) deduct income
 * tax under section 153 — 4 % of the value excluding sales tax on goods, 4.5 % on services — and one
 * fifth of the sales tax on goods, rounded to the rupee.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, dateOf, lakh, money, pad, q, rngFor, openingFor, workDay, MON, LAST_DAY, type Row } from './common';

const NAME = 'pk-hbl';
/** What a withholding agent pays on an invoice of `excl` + `tax` (cents, whole rupees): the total less section-153 income tax and, for goods, one fifth of the sales tax. */
export function pkNet(excl: number, tax: number, services: boolean): number {
  const it = Math.round(excl * (services ? 0.045 : 0.04) / 100) * 100;
  const st = services ? 0 : Math.round(tax / 5 / 100) * 100;
  return excl + tax - it - st;
}

const A = ['Al-Noor', 'Madina', 'Shifa', 'Fazal', 'Rehman', 'Punjab', 'Iqbal', 'Karachi', 'Servaid', 'Green', 'Khyber', 'Ravi', 'Chenab', 'Jinnah', 'Hayat', 'Sheikh Zayed', 'Ittefaq', 'Faisal'];
const B = ['Medical Store', 'Pharmacy', 'Chemists', 'Hospital (Pvt.) Ltd.', 'Medicos', 'Pharma & Surgical', 'Clinic', 'Health Care (Pvt) Ltd', 'Drug House'];
const BANKS = ['MCB', 'UBL', 'ABL', 'MEEZAN', 'BAFL', 'NBP', 'BAHL', 'JS BANK', 'FAYSAL', 'EASYPAISA', 'JAZZCASH'];
const REPS = ['MUHAMMAD ASIF', 'IMRAN KHALID', 'WAQAS AHMED', 'ZEESHAN ALI', 'BILAL HUSSAIN', 'USMAN TARIQ', 'FAHAD NAEEM'];
const BR = ['LHE', 'GRW', 'FSD', 'MUX'];

interface Cust { code: string; name: string; ntn: string; agent: boolean; phone: string }

export function pkHbl(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 16002);
  const book = new Book();
  const custs: Cust[] = Array.from({ length: Math.max(40, Math.round(o.openItems / 13)) }, (_, i) => {
    const name = `${r.pick(A)} ${r.pick(B)}`;
    return { code: `C-${pad(101 + i * 2, 4)}`, name, ntn: `${r.int(1000000, 9999999)}-${r.int(0, 9)}`, agent: /Hospital|Ltd/.test(name) || r.chance(0.15), phone: `03${r.int(0, 4)}${r.int(0, 9)}-${r.int(1000000, 9999999)}` };
  });
  // Each branch's counter restarted at 1 on 1 July (fiscal year 2026-27) and rises with the date, so
  // the four branches use the same numbers.
  const next: Record<string, number> = {}; for (const b of BR) next[b] = r.int(1, 20);
  const perBr = Math.max(1, o.openItems / 4) / 134;
  let cn = 31, ref = r.int(100000, 900000);
  const inv = (c: Cust, kind: string, group: string | null, opt: { excl?: number; amb?: boolean; services?: boolean; br?: string } = {}): Row => {
    const services = opt.services ?? r.chance(0.2), excl = opt.excl ?? r.whole(2500, 850000), tax = Math.round(excl * (services ? 0.16 : 0.18) / 100) * 100;
    const br = opt.br ?? r.pick(BR), no = next[br]++;
    return book.addOi({ day: Math.min(72, -62 + Math.floor(no / perBr)), cents: excl + tax, key: c.code, group, kind, amb: opt.amb, cells: { type: services ? 'SSI' : 'SI', no: `${br}/SI/2627/${pad(no, 5)}`, n: String(no), br, excl: String(excl), tax: String(tax), svc: services ? '1' : '', cust: c.code, name: c.name, ntn: c.ntn } });
  };
  const net = (c: Cust, x: Row) => (c.agent ? pkNet(Number(x.cells.excl), Number(x.cells.tax), !!x.cells.svc) : x.cents);
  const pay = (day: number, cents: number, desc: string, group: string | null, kind: string, amb?: boolean, chq = '') =>
    book.addSt({ day: workDay(Math.min(Math.max(day, 0), LAST_DAY - 2), [0]), cents, group, kind, amb, cells: { desc, chq } });
  const after = (rows: Row[]) => Math.max(0, ...rows.map((x) => x.day)) + r.int(4, 30);
  const short = (x: Row) => r.pick([`INV ${x.cells.n}`, `${x.cells.br}-${x.cells.n}`, `SI ${pad(x.cells.n, 5)}`, `BILL#${x.cells.n}`, `2627/${pad(x.cells.n, 5)}`, `${x.cells.br}/SI/${x.cells.n}`]);
  /** 1-Link IBFT: the receiving bank shows the sending bank, the sender's title and remarks, cut at 30 characters. */
  const ibft = (c: Cust, remark: string) => `IBFT CR/${r.pick(BANKS)}/${`${c.name.toUpperCase().replace(/[.()]/g, '')} ${remark}`.slice(0, 30).trim()}`;
  const raast = (c: Cust, remark: string) => `RAAST CR ${c.name.toUpperCase()} PK${r.int(10, 99)}${r.pick(['MUCB', 'UNIL', 'ABPA', 'MEZN', 'ALFH'])}${pad(r.int(0, 99999999), 8)} ${remark}`;
  const chqNo = () => pad(r.int(10000000, 99999999), 8);
  const clearing = () => `CLG CHQ DEP NIFT ${r.pick(BANKS)} ${pad(ref += r.int(1, 9), 7)}`;
  /** Fits whole within 30 characters after the name? */
  const fits = (c: Cust, remark: string) => c.name.replace(/[.()]/g, '').length + 1 + remark.length <= 30;

  while (book.oi.length < o.openItems) {
    const u = r.next();
    let c = r.pick(custs);
    /** A customer of the type the case needs (withholding agent, private payer, …). */
    const who = (pred: (k: Cust) => boolean) => { const xs = custs.filter(pred); return xs.length ? r.pick(xs) : c; };
    if (u < 0.13) {
      const g = book.group(), x = inv(c, 'ibft_reference', g), rem = short(x);
      if (!fits(c, rem)) { x.kind = 'ibft_reference_truncated'; }
      pay(after([x]), net(c, x), ibft(c, rem), g, x.kind);
    } else if (u < 0.22) {
      const g = book.group(), x = inv(c, 'raast_reference', g);
      pay(after([x]), net(c, x), raast(c, `${r.pick(['PAYMENT AGAINST', 'PMT OF', 'PAID'])} ${short(x)} NTN ${c.ntn}`), g, 'raast_reference');
    } else if (u < 0.33) {
      c = who((k) => k.agent);
      const g = book.group(), xs = Array.from({ length: r.int(1, 5) }, () => inv(c, 'withholding_agent_net', g));
      const byChq = r.chance(0.5);
      pay(after(xs), xs.reduce((s, x) => s + net(c, x), 0), byChq ? clearing() : raast(c, `VENDOR PAYMENT ${xs.map((x) => x.cells.n).join(',')} LESS WHT`), g, 'withholding_agent_net', false, byChq ? chqNo() : '');
    } else if (u < 0.41) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'cheque_clearing_multi', g));
      pay(after(xs), xs.reduce((s, x) => s + net(c, x), 0), clearing(), g, 'cheque_clearing_multi', false, chqNo());
    } else if (u < 0.49) {
      c = who((k) => !k.agent);
      // A sales officer deposits the cash he collected; the slip names him (and his CNIC) and the customer code.
      const g = book.group(), xs = Array.from({ length: r.int(1, 3) }, () => inv(c, 'cash_deposit_by_officer', g));
      pay(after(xs), xs.reduce((s, x) => s + x.cents, 0), `CASH DEP ${r.pick(REPS)} CNIC 35202-${r.int(1000000, 9999999)}-${r.int(1, 9)} A/C ${c.code}${r.chance(0.5) ? ` ${xs.map((x) => x.cells.n).join(' ')}` : ''}`, g, 'cash_deposit_by_officer');
    } else if (u < 0.54) {
      const g = book.group(), x = inv(c, 'credit_note_netted', g, { excl: r.whole(40000, 600000) });
      const m = book.addOi({ day: x.day + r.int(1, 12), cents: -Math.round(x.cents * r.int(3, 30) / 100 / 100) * 100, key: c.code, group: g, kind: 'credit_note_netted', cells: { type: 'CN', no: `${x.cells.br}/CN/2627/${pad(cn++, 4)}`, n: '', br: x.cells.br, excl: '', tax: '', svc: '', cust: c.code, name: c.name, ntn: c.ntn } });
      pay(after([x, m]), net(c, x) + m.cents, r.chance(0.5) ? ibft(c, `${short(x)} LESS CN`) : raast(c, `${short(x)} ADJ EXPIRY RETURN CN ${m.cells.no.slice(-4)}`), g, 'credit_note_netted');
    } else if (u < 0.59) {
      c = who((k) => !k.agent);
      const g = book.group(), x = inv(c, 'partial_payment', g, { excl: r.whole(100000, 900000) });
      pay(after([x]), Math.round(x.cents * r.int(25, 70) / 100 / 500000) * 500000, r.chance(0.5) ? ibft(c, `PART ${short(x)}`) : raast(c, `ON ACCOUNT ${short(x)}`), g, 'partial_payment');
    } else if (u < 0.63) {
      c = who((k) => !k.agent);
      // Paid by phone number only: a mobile wallet transfer naming the customer's phone.
      const g = book.group(), x = inv(c, 'wallet_phone_only', g);
      pay(after([x]), x.cents, `IBFT CR/${r.pick(['EASYPAISA', 'JAZZCASH'])}/${`${c.phone.replace('-', '')} ${c.name.toUpperCase().replace(/[.()]/g, '')}`.slice(0, 30).trim()}`, g, 'wallet_phone_only');
    } else if (u < 0.67) {
      // A dishonoured cheque (deposit and return have no counterpart), then replaced by IBFT.
      const g = book.group(), x = inv(c, 'replaced_after_dishonour', g), d = after([x]), no = chqNo(), v = net(c, x);
      pay(d, v, clearing(), null, 'dishonoured_cheque', false, no);
      pay(d + r.int(2, 4), -v, `CHQ RETURN ${no} INSUFFICIENT FUNDS`, null, 'dishonoured_cheque', false, no);
      pay(d + r.int(2, 4), -50000, 'CHQ RETURN CHARGES INCL FED', null, 'bank_charge');
      pay(d + r.int(8, 15), v, ibft(c, `AGAINST RET CHQ ${no}`), g, 'replaced_after_dishonour');
    } else if (u < 0.7) {
      const amt = r.whole(5000, 200000), g = book.group();
      const a = inv(c, 'ambiguous_equal_amounts', g, { excl: amt, amb: true, services: false }); inv(c, 'ambiguous_equal_amounts', null, { excl: amt, amb: true, services: false });
      pay(after([a]), net(c, a), ibft(c, 'PAYMENT'), g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.73) {
      const peers = custs.filter((k) => k !== c && k.agent === c.agent);
      if (!peers.length) continue;
      const c2 = r.pick(peers), excl = r.whole(5000, 300000);
      for (const k of [c, c2]) { const g = book.group(), x = inv(k, 'same_amount_two_customers', g, { excl, services: false }); pay(after([x]), net(k, x), raast(k, short(x)), g, 'same_amount_two_customers'); }
    } else if (u < 0.76) {
      // The invoice number typed wrong (two digits swapped or one dropped); name and amount still fit.
      const g = book.group(), x = inv(c, 'mistyped_reference', g), n = x.cells.n;
      const bad = n.length > 3 && r.chance(0.5) ? n.slice(0, -2) + n.slice(-1) + n.slice(-2, -1) : n.slice(0, -1);
      pay(after([x]), net(c, x), raast(c, `INV ${bad === n ? n.slice(1) : bad}`), g, 'mistyped_reference');
    } else if (u < 0.79) {
      pay(r.int(0, LAST_DAY), r.whole(3000, 300000), raast(c, `INV ${r.pick(['KHI', 'ISB'])}-${r.int(100, 9999)}`), null, 'payment_not_on_list');
      inv(c, 'unpaid_invoice', null);
    } else {
      inv(c, 'unpaid_invoice', null);
    }
    if (r.chance(0.03)) { const k = r.int(0, 2); pay([0, 30, 60][k] + r.int(0, 3), -r.whole(800000, 3000000), `SALARY TRANSFER ${['AUG', 'SEP', 'OCT'][k]}-2026 BULK`, null, 'payroll'); }
    if (r.chance(0.25)) pay(r.int(0, LAST_DAY), -r.whole(50000, 3000000), `${r.pick(['IBFT DR', 'RTGS DR', 'PAY ORDER'])} ${r.pick(['GETZ PHARMA', 'SEARLE PAKISTAN', 'FEROZSONS LAB', 'SAMI PHARMA', 'HILTON PHARMA', 'ABBOTT LAB PAK'])} INV ${r.int(10000, 999999)}`, null, 'supplier_payment');
    if (r.chance(0.04)) pay(r.int(0, LAST_DAY), -r.whole(20000, 900000), `FBR TAX PAYMENT PSID ${r.int(100000000, 999999999)}${pad(r.int(0, 9999999), 7)}`, null, 'tax_payment');
    if (r.chance(0.04)) pay(r.int(0, LAST_DAY), -r.pick([11600, 23200, 58000, 150000]), r.pick(['SMS ALERT CHARGES', 'FED ON CHARGES', 'IBFT CHARGES', 'CHEQUE BOOK ISSUANCE']), null, 'bank_charge');
    if (r.chance(0.03)) pay(r.int(0, LAST_DAY), -r.whole(8000, 90000), `LESCO BILL REF ${r.int(10, 99)} ${r.int(10000, 99999)} ${pad(r.int(0, 9999999), 7)} U`, null, 'utility_bill');
  }
  const { oi, st, truth } = book.finish();
  const erp = (day: number) => { const t = dateOf(day); return `${pad(t.d, 2)}-${MON[t.m - 1]}-${String(t.y).slice(2)}`; };
  const dmy = (day: number) => { const t = dateOf(day); return `${pad(t.d, 2)}/${pad(t.m, 2)}/${t.y}`; };
  const total = oi.reduce((s, x) => s + x.cents, 0);
  const oiLines = ['Al-Hamd Pharma Distributors (Pvt.) Ltd.', 'Customer Wise Outstanding Report', `As on: ${erp(LAST_DAY)}`, 'Amounts in PKR', '',
    'Sr. No.,Customer Code,Customer Name,NTN,Document No.,Doc Type,Document Date,Due Date,Value Excl. Tax,Sales Tax,Gross Amount,Balance'];
  oi.forEach((x, i) => oiLines.push([String(i + 1), x.cells.cust, q(x.cells.name, ','), x.cells.ntn, x.cells.no, x.cells.type, erp(x.day), erp(x.day + 30), x.cells.excl ? q(lakh(Number(x.cells.excl)), ',', true) : '', x.cells.tax ? q(lakh(Number(x.cells.tax)), ',', true) : '', q(lakh(x.cents), ',', true), q(lakh(x.cents), ',', true)].join(',')));
  oiLines.push('', `,,Grand Total,,,,,,,,${q(lakh(total), ',', true)},${q(lakh(total), ',', true)}`);
  const m = (c: number) => money(c, ',', '.');
  const crdr = (c: number) => `${m(Math.abs(c))} ${c < 0 ? 'Dr' : 'Cr'}`;
  let bal = openingFor(st, 1_845_000_00);
  const open = bal;
  const stLines = ['HABIB BANK LIMITED', 'STATEMENT OF ACCOUNT', 'Account Title:,AL-HAMD PHARMA DISTRIBUTORS PVT LTD', 'Account No:,1056-79004213-03', 'IBAN:,PK36HABB0010567900421303', 'Branch:,0105 - GULBERG MAIN BOULEVARD LAHORE', `Period:,${dmy(0)} To ${dmy(LAST_DAY)}`, `Opening Balance:,${q(crdr(open), ',', true)}`, '',
    'Txn Date,Value Date,Transaction Details,Chq / Ref No.,Withdrawal,Deposit,Balance'];
  for (const x of st) {
    bal += x.cents;
    stLines.push([dmy(x.day), dmy(x.cells.chq && x.cents > 0 ? workDay(x.day + 1, [0]) : x.day), q(x.cells.desc, ',', true), x.cells.chq, x.cents < 0 ? q(m(-x.cents), ',', true) : '', x.cents > 0 ? q(m(x.cents), ',', true) : '', q(crdr(bal), ',', true)].join(','));
  }
  stLines.push('', `Closing Balance:,${q(crdr(bal), ',', true)}`, `Total Withdrawals:,${q(m(-st.filter((x) => x.cents < 0).reduce((s, x) => s + x.cents, 0)), ',', true)},No. of Debits:,${st.filter((x) => x.cents < 0).length}`, `Total Deposits:,${q(m(st.filter((x) => x.cents > 0).reduce((s, x) => s + x.cents, 0)), ',', true)},No. of Credits:,${st.filter((x) => x.cents > 0).length}`);
  return {
    name: NAME,
    description: 'A Lahore pharmaceutical distributor exports its customer-wise outstanding report from a local ERP (comma CSV with a four-line preamble, dd-Mon-yy dates, PKR in lakh/crore grouping 12,34,567.00 with credit notes in parentheses, value excl. tax / sales tax / gross columns, NTN per customer, a Grand Total line) and its HBL statement (CSV, preamble with IBAN and opening balance, dd/mm/yyyy, Withdrawal/Deposit columns with western grouping, balance suffixed Cr/Dr, cheque numbers, totals with counts). Invoice numbers are LHE/SI/2627/04512 per branch (LHE, GRW, FSD, MUX) and fiscal year 2026-27, every branch counting from 1 in July so the four share numbers; payers write INV 4512, LHE-4512, BILL#4512, 2627/04512. Kinds: ibft_reference and ibft_reference_truncated (1-Link narration cut to 30 characters after the sender name, so long names cut the reference), raast_reference (full purpose with the payer NTN 1234567-8 and IBAN), withholding_agent_net (hospitals and companies deduct 4 % income tax on goods / 4.5 % on services of the value excl. tax and one fifth of the 18 % sales tax, for one to five invoices), cheque_clearing_multi (NIFT clearing, no invoice named), cash_deposit_by_officer (a sales officer\'s CNIC and the customer code in the text), credit_note_netted, partial_payment (round sums), wallet_phone_only (Easypaisa/JazzCash with a mobile number), dishonoured_cheque then replaced_after_dishonour, mistyped_reference, same_amount_two_customers, ambiguous equal amounts, payments for invoices not on the list, unpaid invoices; noise: salaries, supplier payments, FBR PSID tax payments, LESCO bills, bank charges with FED.',
    openItems: { fileName: 'Customer_Outstanding_27-Nov-26.csv', content: oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: 'HBL_SOA_1056-79004213-03.csv', content: stLines.join('\r\n') + '\r\n' },
    truth,
  };
}
