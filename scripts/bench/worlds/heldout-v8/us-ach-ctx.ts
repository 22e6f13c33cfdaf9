/**
 * us-ach-ctx: a US industrial distributor on NetSuite (USD). Open items: NetSuite "A/R Aging Detail" CSV
 * (one row per open transaction, "$1,234.56" / "($150.00)", m/d/yyyy). Statement: a Chase-style business
 * account CSV (no BAI2): ACH CCD+ and CTX receipts whose addenda carry EDI 820 remittance (RMR*IV*…),
 * lockbox check deposits that show only the check number, wires with OBI text, and the usual debits.
 */
import type { World, WorldOptions } from '../world';
import { Rng, Book, type Cust, type Item, truth, runCases, money, dayOf, ymd, pad, REPORT, payDay, octoberBizDays, q, names, weekday, nextBiz, sizeSweeps } from './common';

const JUL1 = dayOf(2026, 7, 1), OCT20 = dayOf(2026, 10, 20), OCT30 = dayOf(2026, 10, 30);
const PLACE = ['Midwest', 'Great Plains', 'Lakeshore', 'Keystone', 'Tri-State', 'Gulf Coast', 'Pioneer', 'Summit', 'Cascade', 'Heartland', 'Allegheny', 'Ozark', 'Buckeye', 'Hoosier', 'Badger', 'Red River', 'Mesa', 'Bluegrass', 'Piedmont', 'Sierra'];
const TRADE = ['Fastener', 'Industrial', 'Mechanical', 'Fluid Power', 'Bearing', 'Electric Motor', 'Packaging', 'Safety', 'MRO', 'Conveyor', 'Welding', 'Hydraulics'];
const SUFFIX = ['Supply LLC', 'Supply Co.', 'Inc.', 'Corp.', 'Distributors LLC', 'Manufacturing Inc.', 'Services LLC', 'Group, Inc.'];
const FOREIGN = ['Maple Leaf Industrial Ltd', 'Ontario Bearing Supply Inc', 'Aceros del Norte SA de CV', 'Grupo Industrial Bajio SA', 'Prairie Fluid Power Ltd', 'Laurentian Hydraulique Inc', 'Fraser Valley Conveyor Ltd', 'Refacciones Industriales de Monterrey SA de CV', 'Atlantic Maritime Supply Ltd', 'Distribuidora Tecnica del Pacifico SA', 'Saskatoon Mill Supply Ltd', 'Ferreteria Industrial Queretaro SA de CV', 'Niagara Fastener Ltd', 'Calgary Oilfield MRO Inc', 'Grupo Rodamientos del Norte SA', 'Quebec Soudure Inc', 'Yukon Mining Supply Ltd', 'Transmisiones Hidraulicas de Jalisco SA'];

interface UsCust extends Cust { ach: string; orig: string; ein: string; acct: string; foreign: boolean }

export function usAchCtx({ seed, openItems: N }: WorldOptions): World {
  const rng = new Rng((seed * 69069 + 0x0a5c) >>> 0);
  const book = new Book<string>(rng, 'us');
  const scale = N / 2000;
  const nc = Math.max(30, Math.round(N / 6));
  const custNames = names(nc, () => `${rng.pick(PLACE)} ${rng.pick(TRADE)} ${rng.pick(SUFFIX)}`);
  const custs: UsCust[] = custNames.map((name, i) => {
    const foreign = i % 23 === 7;
    const nm = foreign ? FOREIGN[Math.floor(i / 23) % FOREIGN.length] + (i >= FOREIGN.length * 23 ? ` ${Math.floor(i / 23 / FOREIGN.length) + 1}` : '') : name;
    return { code: String(10000 + i * 7 + rng.int(0, 6)), name: nm, ach: nm.toUpperCase().replace(/[.,]/g, '').slice(0, 16).trim(), orig: rng.digits(10), ein: rng.digits(9), acct: rng.digits(10), foreign };
  });
  const dom = custs.filter((c) => !c.foreign), fgn = custs.filter((c) => c.foreign);
  const cust = (xs = dom): UsCust => xs[rng.skewedIndex(xs.length)];
  const draw = () => rng.amountCents(60, 40000);
  const inv = (c: UsCust, kind: string, g: string | null, paid = true, amt?: number, o: Partial<Item> = {}) => {
    const day = rng.int(JUL1, paid ? OCT20 : OCT30);
    return book.item(c, day, amt ?? book.amount(c, draw), kind, g, { due: day + rng.pick([30, 30, 30, 45, 60]), ...o });
  };
  const yymmdd = (d: number) => { const [y, m, dd] = ymd(d); return `${String(y).slice(2)}${pad(m, 2)}${pad(dd, 2)}`; };
  const dec = (c: number) => money(c);
  let trace = rng.int(100000, 900000);
  const achDesc = (c: UsCust, day: number, sec: 'CCD' | 'CTX', descr: string) =>
    `ORIG CO NAME:${c.ach} ORIG ID:${c.orig} DESC DATE:${yymmdd(day - 1)} CO ENTRY DESCR:${descr} SEC:${sec} TRACE#:0210000${pad(trace += rng.int(1, 400), 8)} EED:${yymmdd(day)} IND ID:${c.code} IND NAME:GREAT LAKES INDUSTR TRN:${rng.digits(10)}TC`;
  const idOf = (it: Item) => (rng.chance(0.2) ? it.no.replace(/^INV/, '') : it.no);
  const rmr = (it: Item, paid: number, disc = 0, adx = 0) => (it.credit ? `RMR*CM*${it.no}**${dec(it.amt)}~` : `RMR*IV*${idOf(it)}**${dec(paid)}*${dec(it.amt)}${disc ? `*${dec(disc)}` : ''}~${adx ? `ADX*${dec(-adx)}*${rng.pick(['01', '04', '52', 'CS'])}~` : ''}`);
  const ctx = (c: UsCust, total: number, parts: string[]) => {
    const ctl = pad(rng.int(1, 9999), 4), body = parts.join('');
    return `ST*820*${ctl}~BPR*C*${dec(total)}*C*ACH*CTX*01*${rng.digits(9)}*DA*${rng.digits(10)}*${c.ein}~TRN*1*${rng.digits(8)}*1${c.ein}~ENT*1~${body}SE*${body.split('~').filter(Boolean).length + 5}*${ctl}~`;
  };
  type L = { ck?: string; add?: string; type: string; desc: string };
  const line = (day: number, amt: number, kind: string, g: string | null, make: () => L, o: { amb?: boolean } = {}) => book.line(day, amt, kind, g, () => JSON.stringify(make()), o);
  let check = rng.int(1000, 9000), wire = rng.int(1000, 9000);
  const lockbox = (ck: string): L => ({ ck, type: 'CHECK_DEPOSIT', desc: `LOCKBOX DEPOSIT LBX 774421 ITEM ${ck}` });
  const wireIn = (c: UsCust, day: number, obi: string): L => ({ type: 'WIRE_INCOMING', desc: `WIRE TYPE:WIRE IN DATE: ${yymmdd(day)} TIME:${pad(rng.int(8, 16), 2)}${pad(rng.int(0, 59), 2)} ET TRN:2026${pad(ymd(day)[1], 2)}${pad(ymd(day)[2], 2)}00${wire += rng.int(1, 90)} SEQ:${rng.digits(6)}/${rng.digits(6)} ORIG:${c.name.toUpperCase()} ID:${c.acct} SND BK:${c.foreign ? (/ S\.?A\.?( |$)/.test(c.name) ? rng.pick(['BANCO NACIONAL DE MEXICO', 'BBVA MEXICO SA', 'BANCO MERCANTIL DEL NORTE']) : rng.pick(['ROYAL BANK OF CANADA', 'TORONTO DOMINION BANK', 'BANK OF MONTREAL'])) : rng.pick(['JPMORGAN CHASE BANK, NA', 'BANK OF AMERICA, N.A.', 'PNC BANK', 'FIFTH THIRD BANK'])} SND BK ID:${rng.digits(9)} OBI:${obi}` });

  const make: Record<string, () => number> = {
    ccd_plus_single: () => {
      const c = cust(), g = book.group(), it = inv(c, 'ccd_plus_single', g), d = payDay(rng, it.day, 20, 45);
      line(d, it.amt, 'ccd_plus_single', g, () => ({ type: 'ACH_CREDIT', desc: achDesc(c, d, 'CCD', rng.pick(['PAYMENTS', 'AP PAYMNT', 'VENDOR PMT', 'EDI PYMNTS'])), add: `RMR*IV*${idOf(it)}*PI*${dec(it.amt)}\\` }));
      return 1;
    },
    ctx_rmr_multi: () => {
      const c = cust(), g = book.group(), k = rng.int(2, 8), its = Array.from({ length: k }, () => inv(c, 'ctx_rmr_multi', g)), d = payDay(rng, Math.max(...its.map((i) => i.day)), 10, 40);
      const total = its.reduce((s, i) => s + i.amt, 0);
      line(d, total, 'ctx_rmr_multi', g, () => ({ type: 'ACH_CREDIT', desc: achDesc(c, d, 'CTX', 'EDI PYMNTS'), add: ctx(c, total, its.map((i) => rmr(i, i.amt))) }));
      return k;
    },
    ctx_discount_taken: () => {
      const c = cust(), g = book.group(), k = rng.int(1, 4), its = Array.from({ length: k }, () => inv(c, 'ctx_discount_taken', g, true, book.amount(c, () => rng.amountCents(200, 40000)))), last = Math.max(...its.map((i) => i.day));
      const d = nextBiz(Math.min(OCT30, Math.max(dayOf(2026, 10, 1), last + rng.int(5, 10))));
      const disc = its.map((i) => Math.round(i.amt * 0.02)), total = its.reduce((s, i, j) => s + i.amt - disc[j], 0);
      line(Math.min(d, OCT30), total, 'ctx_discount_taken', g, () => ({ type: 'ACH_CREDIT', desc: achDesc(c, d, 'CTX', 'EDI PYMNTS'), add: ctx(c, total, its.map((i, j) => rmr(i, i.amt - disc[j], disc[j]))) }));
      return k;
    },
    ctx_credit_memo: () => {
      const c = cust(), g = book.group(), k = rng.int(1, 4), its = Array.from({ length: k }, () => inv(c, 'ctx_credit_memo', g, true, book.amount(c, () => rng.amountCents(500, 40000))));
      const sum = its.reduce((s, i) => s + i.amt, 0), cm = inv(c, 'ctx_credit_memo', g, true, -book.amount(c, () => Math.round(sum * (0.03 + rng.next() * 0.3))));
      const d = payDay(rng, Math.max(cm.day, ...its.map((i) => i.day)), 10, 40);
      line(d, sum + cm.amt, 'ctx_credit_memo', g, () => ({ type: 'ACH_CREDIT', desc: achDesc(c, d, 'CTX', 'EDI PYMNTS'), add: ctx(c, sum + cm.amt, [...its, cm].map((i) => rmr(i, i.amt))) }));
      return k + 1;
    },
    ctx_deduction: () => {
      const c = cust(), g = book.group(), it = inv(c, 'ctx_deduction', g, true, book.amount(c, () => rng.amountCents(800, 40000))), d = payDay(rng, it.day, 20, 45);
      const adx = Math.round(it.amt * (0.02 + rng.next() * 0.08)), paid = it.amt - adx;
      line(d, paid, 'ctx_deduction', g, () => ({ type: 'ACH_CREDIT', desc: achDesc(c, d, 'CTX', 'EDI PYMNTS'), add: ctx(c, paid, [rmr(it, paid, 0, adx)]) }));
      return 1;
    },
    ccd_no_addenda: () => {
      const c = cust(), g = book.group(), it = inv(c, 'ccd_no_addenda', g), d = payDay(rng, it.day, 20, 45);
      line(d, it.amt, 'ccd_no_addenda', g, () => ({ type: 'ACH_CREDIT', desc: achDesc(c, d, 'CCD', rng.pick(['AP PAYMNT', 'PAYMENT', 'SUPPLIER'])) }));
      return 1;
    },
    lockbox_check_only: () => {
      const c = cust(), g = book.group(), it = inv(c, 'lockbox_check_only', g, true, book.amount(c, draw, true)), ck = String(check += rng.int(1, 60));
      line(payDay(rng, it.day, 20, 50), it.amt, 'lockbox_check_only', g, () => lockbox(ck));
      return 1;
    },
    lockbox_check_twin: () => {
      const c = cust(), c2 = cust();
      if (c2 === c) return 0;
      const g = book.group(), a = book.amount(c, draw, true);
      book.take(c2, a);
      const it = inv(c, 'lockbox_check_twin', g, true, a, { amb: true });
      inv(c2, 'lockbox_check_twin', null, true, a, { amb: true });
      const ck = String(check += rng.int(1, 60));
      line(payDay(rng, it.day, 20, 50), a, 'lockbox_check_twin', g, () => lockbox(ck), { amb: true });
      return 2;
    },
    check_returned: () => {
      const c = cust(), it = inv(c, 'check_returned', null), ck = String(check += rng.int(1, 60)), d = payDay(rng, it.day, 15, 30);
      const back = nextBiz(d + rng.int(2, 6));
      if (back > OCT30) { it.kind = 'unpaid_invoice'; return 1; }
      line(d, it.amt, 'check_returned', null, () => lockbox(ck));
      line(back, -it.amt, 'check_returned', null, () => ({ ck, type: 'MISC_DEBIT', desc: `RETURN DEPOSITED ITEM CHECK ${ck} REASON: NSF` }));
      return 1;
    },
    wire_obi_invoice: () => {
      const c = cust(), g = book.group(), k = rng.int(1, 3), its = Array.from({ length: k }, () => inv(c, 'wire_obi_invoice', g)), d = payDay(rng, Math.max(...its.map((i) => i.day)), 10, 40);
      line(d, its.reduce((s, i) => s + i.amt, 0), 'wire_obi_invoice', g, () => wireIn(c, d, (rng.chance(0.5) ? rng.pick(['INV ', 'PAYMENT INV ', 'INVOICE ']) + its.map((i) => i.no.replace(/^INV/, '')).join(' ') : rng.pick(['', 'PMT ', 'REMIT ']) + its.map((i) => i.no).join(' '))));
      return k;
    },
    wire_fee_short: () => {
      if (!fgn.length) return 0;
      const c = cust(fgn), g = book.group(), it = inv(c, 'wire_fee_short', g, true, book.amount(c, () => rng.amountCents(1500, 60000))), d = payDay(rng, it.day, 20, 45);
      line(d, it.amt - rng.pick([1500, 2000, 2500, 3500, 4500]), 'wire_fee_short', g, () => wireIn(c, d, `/INV/${it.no} /RFB/${rng.digits(8)}`));
      return 1;
    },
    unpaid_invoice: () => { inv(cust(custs), 'unpaid_invoice', null, false); return 1; },
    open_credit_memo: () => { const c = cust(); inv(c, 'open_credit_memo', null, false, -book.amount(c, () => rng.amountCents(25, 1200))); return 1; },
  };
  runCases(rng, N, {
    ccd_plus_single: 14, ctx_rmr_multi: 7, ctx_discount_taken: 4, ctx_credit_memo: 2.5, ctx_deduction: 2.5, ccd_no_addenda: 5,
    lockbox_check_only: 14, lockbox_check_twin: 2, check_returned: 0.6, wire_obi_invoice: 6, wire_fee_short: 1.5, unpaid_invoice: 21, open_credit_memo: 1.5,
  }, make);

  const days = octoberBizDays();
  for (const d of days) if (weekday(d) === 5) line(d, -rng.amountCents(150000, 260000), 'noise_payroll', null, () => ({ type: 'ACH_DEBIT', desc: `ORIG CO NAME:ADP WAGE PAY ORIG ID:9659605001 DESC DATE:${yymmdd(d)} CO ENTRY DESCR:WAGE PAY SEC:CCD TRACE#:0210000${rng.digits(8)} EED:${yymmdd(d)} IND ID:${rng.digits(15)} IND NAME:GREAT LAKES INDUSTR` }));
  for (const d of days) if (weekday(d) === 5) line(d, -rng.amountCents(30000, 70000), 'noise_tax', null, () => ({ type: 'ACH_DEBIT', desc: `ORIG CO NAME:IRS ORIG ID:3387702000 DESC DATE:${yymmdd(d)} CO ENTRY DESCR:USATAXPYMT SEC:CCD TRACE#:0610000${rng.digits(8)} EED:${yymmdd(d)} IND ID:${rng.digits(15)} IND NAME:GREAT LAKES INDUSTR` }));
  for (const d of days) if (rng.chance(0.5 * Math.min(1, scale))) line(d, rng.amountCents(200, 8000), 'noise_card_deposit', null, () => ({ type: 'ACH_CREDIT', desc: `ORIG CO NAME:BANKCARD-8076 ORIG ID:1020401225 DESC DATE:${yymmdd(d)} CO ENTRY DESCR:MTOT DEP SEC:CCD TRACE#:0210000${rng.digits(8)} EED:${yymmdd(d)} IND ID:${rng.digits(15)} IND NAME:GREAT LAKES INDUSTR` }));
  for (let i = 0; i < Math.max(3, Math.round(35 * scale)); i++) line(rng.pick(days), -rng.amountCents(2000, 120000), 'noise_vendor_payment', null, () => ({ type: 'WIRE_OUTGOING', desc: `ONLINE DOMESTIC WIRE TRANSFER A/C: ${rng.pick(['FASTENAL COMPANY', 'PARKER HANNIFIN CORP', 'SKF USA INC', 'GRAINGER', 'UPS FREIGHT', 'TIMKEN CO'])} REF: PO ${rng.int(30000, 99999)}` }));
  for (const d of days) if (weekday(d) === 3) line(d, -100000, 'noise_sweep', null, () => ({ type: 'ACCT_XFER', desc: `ONLINE TRANSFER TO MMDA ...4412 TRANSACTION#: ${rng.digits(11)}` }));
  line(dayOf(2026, 10, 5), -rng.amountCents(900, 2500), 'noise_bank_fee', null, () => ({ type: 'FEE_TRANSACTION', desc: 'ACCOUNT ANALYSIS SETTLEMENT CHARGE' }));
  line(dayOf(2026, 10, 5), -rng.amountCents(1500, 4500), 'noise_bank_fee', null, () => ({ type: 'FEE_TRANSACTION', desc: 'LOCKBOX SERVICE FEE SEP 2026' }));

  book.number(() => '', (s, it) => (it.credit ? `CM${s}` : `INV${s}`), (it) => (it.credit ? 1020 : 104000), () => rng.int(1, 4));

  // NetSuite A/R Aging Detail: by customer, then date.
  const mdy = (d: number) => { const [y, m, dd] = ymd(d); return `${m}/${dd}/${y}`; };
  const usd = (c: number) => (c < 0 ? `($${money(-c, '.', ',')})` : `$${money(c, '.', ',')}`);
  const order = [...book.items].sort((a, b) => (a.cust.name < b.cust.name ? -1 : a.cust.name > b.cust.name ? 1 : 0) || a.day - b.day || (a.no < b.no ? -1 : 1));
  const out = ['Great Lakes Industrial Distribution, Inc.', 'A/R Aging Detail', 'As of Nov 2, 2026', '', 'Customer,Type,Date,Document Number,Due Date,Age,Open Balance'];
  for (const it of order) out.push([q(`${it.cust.code} ${it.cust.name}`), it.credit ? 'Credit Memo' : 'Invoice', mdy(it.day), it.no, mdy(it.due), String(Math.max(0, REPORT - it.due)), q(usd(it.amt))].join(','));
  out.push(['Total', '', '', '', '', '', q(usd(order.reduce((s, i) => s + i.amt, 0)))].join(','));

  // Chase-style CSV: newest first, running balance.
  sizeSweeps(book.lines, (l) => l.kind === 'noise_sweep');
  const ls = book.orderedLines(true);
  let bal = 420_000_00 + rng.int(0, 20_000_000);
  for (let i = ls.length - 1; i >= 0; i--) bal += ls[i].amt;
  const rows = ['Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #,Addenda Information'];
  for (const l of ls) {
    const v = JSON.parse(l.t!) as L;
    rows.push([l.amt < 0 ? 'DEBIT' : v.type === 'CHECK_DEPOSIT' ? 'DSLIP' : 'CREDIT', mdy(l.day).replace(/^(\d)\//, '0$1/').replace(/\/(\d)\//, '/0$1/'), q(v.desc), money(l.amt), v.type, money(bal), v.ck ?? '', q(v.add ?? '')].join(','));
    bal -= l.amt;
  }
  return {
    name: 'us-ach-ctx',
    description: `Great Lakes Industrial Distribution, Inc., a US industrial distributor on NetSuite (USD). Open items: NetSuite "A/R Aging Detail" CSV as of 2 November 2026 — three title lines and a blank, then Customer ("10045 Midwest Fastener Supply LLC"), Type (Invoice / Credit Memo), Date and Due Date (m/d/yyyy), Document Number (INV104xxx, CM1xxx), Age, Open Balance ("$1,234.56", credit memos "($150.00)"), sorted by customer, and a Total line. Statement: a Chase-style business account CSV for October 2026 (no BAI2), newest first: Details, Posting Date (mm/dd/yyyy), Description, Amount, Type (ACH_CREDIT, CHECK_DEPOSIT, WIRE_INCOMING, …), Balance, Check or Slip #, Addenda Information. ACH descriptions carry ORIG CO NAME (16 characters), CO ENTRY DESCR, SEC and IND ID (our customer number as the payer keeps it). CCD+ receipts have one addenda "RMR*IV*<invoice>*PI*<amount>\\" (invoice prefix sometimes dropped) or none at all; CTX receipts carry an EDI 820 (BPR, TRN, one RMR*IV*<invoice>**<paid>*<invoice amount>[*<discount>]~ per invoice, RMR*CM for credit memos, ADX for deductions): several invoices, 2 % early-payment discounts taken, a credit memo netted, a short payment with an adjustment. Lockbox deposits show only the check number (the amount is unique in the list, or matches invoices of two customers: ambiguous); one check comes back NSF (both lines and the invoice have no group). Wires carry OBI text citing invoices; foreign customers' wires arrive short of intermediary fees ($15–$45). Payroll, IRS, card deposits, vendor wires and fees pay nothing on the list; about a fifth of the list is unpaid.`,
    openItems: { fileName: 'us-ach-ctx-ar-aging-detail.csv', content: out.join('\r\n') + '\r\n' },
    statement: { fileName: 'us-ach-ctx-chase-activity.csv', content: rows.join('\r\n') + '\r\n' },
    truth: truth(order, ls),
  };
}
