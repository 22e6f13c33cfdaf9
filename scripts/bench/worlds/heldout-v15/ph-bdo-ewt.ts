/**
 * ph-bdo-ewt — a Manila distributor (SAP Business One, PHP) against its BDO current account.
 * Corporate payers deduct expanded withholding tax (EWT, BIR form 2307) of 1 % (goods) or 2 %
 * (services) on the VAT-exclusive base (gross / 1.12), so nearly every payment is short by an odd
 * amount; cheques are deposited in bundles naming no invoice; payers quote the delivery-receipt
 * number (DR) instead of the sales-invoice number (SI); cheques bounce (DAIF) and are replaced.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, bankDay, dateOf, money, pad, q, rngFor, openingFor, LAST_DAY, type Row } from './common';

const NAME = 'ph-bdo-ewt';
const A = ['Golden', 'Metro', 'Pacific', 'Luzon', 'Visayas', 'Mindanao', 'Sampaguita', 'Bayanihan', 'Magsaysay', 'Rizal', 'Mabuhay', 'Tanglaw', 'Perlas', 'Kalayaan', 'Bagong', 'Silangan', 'Southstar', 'Northpoint'];
const B = ['Trading', 'Hardware', 'Pharma', 'Grocery', 'Foods', 'Marketing', 'Enterprises', 'Builders', 'Supermart', 'Drugstore', 'Industrial Supply', 'Distributors'];
const C = ['Corp.', 'Inc.', 'Corporation', 'Co., Inc.', 'OPC'];
const BANKS = ['BPI', 'METROBANK', 'LANDBANK', 'RCBC', 'SECURITY BANK', 'UNIONBANK', 'PNB', 'CHINABANK', 'EASTWEST'];
const BRANCH = ['MAKATI - AYALA AVE', 'ORTIGAS CENTER', 'BGC - 26TH ST', 'QC - TIMOG', 'CEBU - MANGO AVE'];

/** EWT on the VAT-exclusive base at `pct` percent (1 or 2), rounded to the centavo. */
export const ewt = (gross: number, pct: number) => Math.round((gross / 1.12) * pct / 100);

interface Cust { code: string; name: string; pct: number; corp: boolean; parent?: string }

export function phBdoEwt(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 15001);
  const book = new Book();
  const custs: Cust[] = [];
  const parents = ['SM SUPERMALLS HOLDINGS INC', 'ROBINSONS RETAIL HOLDINGS', 'PUREGOLD PRICE CLUB INC'];
  for (let i = 0; i < Math.max(40, Math.round(o.openItems / 14)); i++) {
    const corp = r.chance(0.8);
    const name = corp ? `${r.pick(A)} ${r.pick(B)} ${r.pick(C)}` : `${r.pick(['Dela Cruz', 'Santos', 'Reyes', 'Garcia', 'Mendoza', 'Bautista', 'Villanueva', 'Ramos'])} ${r.pick(['Sari-Sari Store', 'General Merchandise', 'Store'])}`;
    custs.push({ code: `C${pad(10001 + i * 7, 6)}`, name, pct: corp ? r.pick([1, 1, 1, 2]) : 0, corp, parent: corp && r.chance(0.08) ? r.pick(parents) : undefined });
  }
  let si = 104501 + r.int(0, 400), dr = 581200 + r.int(0, 900), cm = 3301, chk = 1000;
  const inv = (c: Cust, kind: string, group: string | null, cents?: number, amb?: boolean): Row => {
    const day = r.int(0, 70);
    const gross = cents ?? r.cents(1500, 480000);
    const po = c.corp && r.chance(0.6) ? `PO-${r.int(4500000000, 4509999999)}` : '';
    return book.addOi({ day, cents: gross, key: c.code, group, kind, amb, cells: { type: 'IN', no: `SI-${pad(si++, 7)}`, dr: String(dr += r.int(1, 3)), po, cust: c.code, name: c.name, terms: r.pick(['30', '30', '45', '60', 'COD']) } });
  };
  const pay = (day: number, cents: number, desc: string, group: string | null, kind: string, amb?: boolean, check = '') =>
    book.addSt({ day: bankDay(Math.min(day, LAST_DAY - 2)), cents, group, kind, amb, cells: { desc, check, branch: r.pick(BRANCH) } });
  const after = (rows: Row[]) => Math.max(...rows.map((x) => x.day)) + r.int(5, 25);
  const net = (c: Cust, gross: number) => gross - (c.pct ? ewt(gross, c.pct) : 0);
  const short = (s: string) => s.toUpperCase().replace(/[.,]/g, '').slice(0, 28);
  const refOf = (x: Row) => r.pick([x.cells.no, x.cells.no.replace('SI-0', 'SI '), x.cells.no.slice(3).replace(/^0+/, ''), `INV ${x.cells.no.slice(3).replace(/^0+/, '')}`]);

  while (book.oi.length < o.openItems) {
    const c = r.pick(custs), u = r.next();
    if (u < 0.2 && c.pct) {
      const g = book.group(), x = inv(c, 'single_ewt', g);
      pay(after([x]), net(c, x.cents), `${r.pick(['INSTAPAY', 'PESONET'])} CR ${short(c.name)} ${refOf(x)}`, g, 'single_ewt');
    } else if (u < 0.3) {
      const g = book.group(), x = inv(c, 'single_full', g);
      pay(after([x]), x.cents, r.chance(0.5) ? `FUND TRANSFER FR ${short(c.name)} REF ${refOf(x)}` : `BILLS PAYMENT ${c.code} ${refOf(x)}`, g, 'single_full');
    } else if (u < 0.42 && c.corp) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 6) }, () => inv(c, 'check_deposit_multi_ewt', g));
      const tot = xs.reduce((s, x) => s + x.cents, 0);
      pay(after(xs), net(c, tot), `CHECK DEPOSIT - ${r.pick(BANKS)} CHK`, g, 'check_deposit_multi_ewt', false, pad(r.int(100000, 9999999), 10));
    } else if (u < 0.48 && c.corp) {
      const g = book.group(), x = inv(c, 'dr_number_only', g);
      pay(after([x]), net(c, x.cents), `${r.pick(['PESONET', 'INSTAPAY'])} CR ${short(c.name)} DR${r.pick([' ', '#', ' NO '])}${x.cells.dr}`, g, 'dr_number_only');
    } else if (u < 0.54 && c.corp) {
      const g = book.group(), x = inv(c, 'credit_memo_netted', g, r.cents(20000, 300000));
      const m = book.addOi({ day: x.day + r.int(1, 10), cents: -r.int(Math.round(x.cents * 0.02), Math.round(x.cents * 0.3)), key: c.code, group: g, kind: 'credit_memo_netted', cells: { type: 'CM', no: `CM-${pad(cm++, 6)}`, dr: '', po: '', cust: c.code, name: c.name, terms: '' } });
      pay(after([x, m]), net(c, x.cents + m.cents), `CHECK DEPOSIT - ${r.pick(BANKS)} CHK`, g, 'credit_memo_netted', false, pad(r.int(100000, 9999999), 10));
    } else if (u < 0.59) {
      const g = book.group(), x = inv(c, 'interbank_fee_short', g);
      pay(after([x]), x.cents - r.pick([1000, 2500]), `PESONET CR ${short(c.name)} ${refOf(x)}`, g, 'interbank_fee_short');
    } else if (u < 0.64) {
      const g = book.group(), x = inv(c, 'partial_payment', g, r.cents(40000, 900000));
      pay(after([x]), Math.round(x.cents * r.int(30, 70) / 100 / 1000) * 1000, `FUND TRANSFER FR ${short(c.name)} PARTIAL ${refOf(x)}`, g, 'partial_payment');
    } else if (u < 0.68 && c.corp) {
      const g = book.group(), x = inv(c, 'replaced_after_daif', g), d = after([x]), chq = pad(r.int(100000, 9999999), 10), amt = net(c, x.cents);
      pay(d, amt, `CHECK DEPOSIT - ${r.pick(BANKS)} CHK`, null, 'returned_check', false, chq);
      pay(d + r.int(2, 4), -amt, `RETURNED CHECK - DAIF`, null, 'returned_check', false, chq);
      pay(d + r.int(6, 12), amt, `MANAGERS CHECK DEP ${short(c.name)}`, g, 'replaced_after_daif', false, pad(r.int(100000, 9999999), 10));
    } else if (u < 0.71 && c.corp) {
      // Two open invoices of one amount; one paid, naming neither: no one can tell which.
      const amt = r.cents(5000, 90000), g = book.group();
      const a = inv(c, 'ambiguous_equal_amounts', g, amt, true); inv(c, 'ambiguous_equal_amounts', null, amt, true);
      pay(after([a]), net(c, amt), `FUND TRANSFER FR ${short(c.name)}`, g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.74) {
      const p = r.pick(parents), kids = r.shuffle(custs.filter((k) => k.parent === p)).slice(0, 4);
      if (!kids.length) continue;
      const g = book.group(), xs = kids.flatMap((k) => Array.from({ length: r.int(1, 3) }, () => inv(k, 'parent_pays_subsidiaries', g)));
      const tot = xs.reduce((s, x) => s + net(kids.find((k) => k.code === x.cells.cust)!, x.cents), 0);
      pay(after(xs), tot, `PESONET CR ${p.slice(0, 26)} VENDOR PAYMENT ${xs.length} INV`, g, 'parent_pays_subsidiaries');
    } else {
      inv(c, 'unpaid_invoice', null);
    }
    // a chance of bank noise
    if (r.chance(0.03)) { const d = r.pick([14, 29, 44, 59, 75]); pay(d, -r.cents(180000, 1400000), `PAYROLL CREDITING ${d % 30 === 14 || d === 75 ? '15TH' : '30TH'} BATCH ${r.int(1, 9)}`, null, 'payroll'); }
    if (r.chance(0.3)) pay(r.int(0, LAST_DAY), -r.cents(40000, 1500000), `${r.pick(['FUND TRANSFER TO', 'CHECK ENCASHMENT', 'PESONET DR'])} ${r.pick(['UNILEVER PHILS', 'NESTLE PHILS', 'URC', 'MONDE NISSIN', 'PROCTER & GAMBLE PHILS', 'SAN MIGUEL FOODS'])}`, null, 'supplier_payment', false, r.chance(0.5) ? pad(r.int(100000, 9999999), 10) : '');
    if (r.chance(0.06)) pay(r.int(0, LAST_DAY), r.cents(2000, 350000), `POS SETTLEMENT MID ${r.int(100000000, 999999999)} BDO CARDS`, null, 'card_settlement');
    if (r.chance(0.03)) pay(r.int(0, LAST_DAY), -r.pick([10000, 15000, 5000]), r.pick(['SERVICE CHARGE - BELOW ADB', 'CHECKBOOK ISSUANCE FEE', 'SC PESONET OUTWARD']), null, 'bank_charge');
  }
  for (const m of [29, 60]) {
    const it = r.cents(200, 1500);
    pay(m, it, 'INTEREST CREDIT', null, 'interest');
    pay(m, -Math.round(it * 0.2), 'W/TAX ON INTEREST', null, 'withholding_on_interest');
  }
  const { oi, st, truth } = book.finish();
  const mdy = (day: number) => { const t = dateOf(day); return `${pad(t.m, 2)}/${pad(t.d, 2)}/${t.y}`; };
  const m = (c: number) => money(c, ',', '.');
  const oiLines = ['Customer Code,Customer Name,Doc Type,Document No.,DR No.,Customer Ref. No.,Posting Date,Due Date,Payment Terms,Doc Total (PHP),Balance Due (PHP)'];
  for (const x of oi) {
    const due = x.cells.terms === 'COD' || !x.cells.terms ? x.day : x.day + Number(x.cells.terms);
    oiLines.push([x.cells.cust, q(x.cells.name, ','), x.cells.type, x.cells.no, x.cells.dr, x.cells.po, mdy(x.day), mdy(due), x.cells.terms ? (x.cells.terms === 'COD' ? 'COD' : `Net ${x.cells.terms}`) : '', q(m(x.cents), ','), q(m(x.cents), ',')].join(','));
  }
  // BDO keeps the statement in posting order, oldest first, with a running balance.
  let bal = openingFor(st, 1_843_215_55);
  const open = bal;
  const stLines = ['BDO Unibank Inc.', 'Account Name,SAMPAGUITA CONSUMER GOODS DISTRIBUTION INC', 'Account Number,0012-3047-7718', 'Account Type,CURRENT ACCOUNT - PHP', `Period Covered,${mdy(0)} to ${mdy(LAST_DAY)}`, '', 'Posting Date,Transaction Description,Debit,Credit,Running Balance,Check Number,Branch'];
  for (const x of st) {
    bal += x.cents;
    stLines.push([mdy(x.day), q(x.cells.desc, ','), x.cents < 0 ? q(m(-x.cents), ',', true) : '', x.cents > 0 ? q(m(x.cents), ',', true) : '', q(m(bal), ',', true), x.cells.check, x.cells.branch].join(','));
  }
  stLines.push('', `Beginning Balance,${q(m(open), ',', true)}`, `Total Debits,${q(m(-st.filter((x) => x.cents < 0).reduce((s, x) => s + x.cents, 0)), ',', true)}`, `Total Credits,${q(m(st.filter((x) => x.cents > 0).reduce((s, x) => s + x.cents, 0)), ',', true)}`, `Ending Balance,${q(m(bal), ',', true)}`);
  return {
    name: NAME,
    description: 'A Manila consumer-goods distributor exports its open A/R from SAP Business One (comma CSV, MM/DD/YYYY, PHP with comma thousands; invoices SI-0nnnnnn with a delivery-receipt number DR and the customer PO, credit memos CM-nnnnnn negative) and its BDO current-account statement (CSV with a five-line preamble, Debit/Credit columns, running balance, check numbers, a totals trailer). Corporate payers deduct expanded withholding tax of 1 % or 2 % on the VAT-exclusive base (gross/1.12) and send a BIR 2307 later, so most payments are short by an odd amount (single_ewt, dr_number_only, credit_memo_netted on the net, check_deposit_multi_ewt: a cheque for 2-6 invoices deposited with no invoice reference, parent_pays_subsidiaries: a retail group paying its subsidiaries\' invoices under its own name, net of EWT). Also: small payers paying in full (single_full), PESONet fees of PHP 10/25 taken from the credit (interbank_fee_short), partial payments, cheques returned DAIF and replaced by a manager\'s check (the deposit and its return have no counterpart), two equal invoices of one customer paid once without a reference (ambiguous), unpaid invoices, payroll, POS settlements, bank charges and interest with its 20 % final tax.',
    openItems: { fileName: 'SAP_B1_Open_AR_Invoices.csv', content: oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: 'BDO_Statement_0012-3047-7718.csv', content: stLines.join('\r\n') + '\r\n' },
    truth,
  };
}
