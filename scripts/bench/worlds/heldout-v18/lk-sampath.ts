/**
 * lk-sampath — a Colombo tile and hardware distributor (Tally Prime, LKR) against its Sampath Bank
 * current account. Up-country dealers pay mostly by cheque: the bank credits a deposit with the
 * cheque's six-digit serial (or the slip number) and seldom a name, a sales rep's deposit slip
 * carries several dealers' cheques in one credit, cheques come back "REFER TO DRAWER" with a charge
 * and are replaced, reps bank cash at their branch under their own names. Others pay by CEFT with a
 * short narration (SI 1457, bill no 1457, the payer's mobile or NIC number), Maldivian builders by
 * telegraphic transfer net of charges. The company's own cheques to suppliers fill the same
 * cheque-number column, poya days are bank holidays.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, money, pad, q, rngFor, openingFor, dateOf, LAST_DAY, MON, type Row } from './common';

const NAME = 'lk-sampath';
export const TT_FEES = [150000, 200000, 250000, 300000];
export const RTN_CHARGE = 75000;
/** Poya (full-moon) bank holidays in the period, as day offsets from 1 Sep 2026. */
const POYA = [25, 54, 84];
const workDayLk = (day: number) => { let d = day; while ([0, 6].includes(dateOf(d).dow) || POYA.includes(d)) d++; return d; };

const SURN = ['Silva', 'Perera', 'Fernando', 'Jayasinghe', 'Rathnayake', 'Bandara', 'Wickramasinghe', 'Gunawardena', 'Dissanayake', 'Herath', 'Kumara', 'Senanayake', 'Sivapalan', 'Mohamed', 'Fathima', 'Rajapaksha', 'Weerasinghe', 'Ekanayake', 'Pathirana', 'Nanayakkara'];
const INIT = ['A.', 'M.K.A.', 'W.M.', 'H.P.', 'K.', 'S.M.', 'R.A.', 'D.M.', 'J.', 'N.'];
const TYPE = ['Hardware', 'Hardware Stores', 'Tile Centre', 'Building Materials', 'Enterprises', 'Traders', 'Constructions (Pvt) Ltd', '& Sons (Pvt) Ltd', 'Engineering', 'Sanitary Ware'];
const TOWN = ['Kandy', 'Kurunegala', 'Galle', 'Matara', 'Jaffna', 'Negombo', 'Anuradhapura', 'Ratnapura', 'Badulla', 'Batticaloa', 'Kattankudy', 'Gampaha', 'Kegalle', 'Chilaw'];
const BR = ['KANDY', 'KURUNEGALA', 'GALLE', 'MATARA', 'JAFFNA', 'NEGOMBO', 'ANURADHAPURA', 'RATNAPURA'];
const REPS = ['NUWAN', 'KASUN', 'CHAMINDA', 'RUWAN', 'THARINDU', 'SAMPATH', 'DINESH', 'LAHIRU', 'RIZWAN', 'KAJAN'];
const MV = ['Male Hardware Pvt Ltd', 'Hulhumale Builders Pvt Ltd', 'Addu Construction Pvt Ltd', 'Villimale Tiles & Sanitary', 'Kulhudhuffushi Traders', 'Fuvahmulah Building Supplies'];
const BANKS = ['7010 BOC', '7135 PEOPLES', '7056 COMMERCIAL', '7083 HNB', '7287 SEYLAN', '7214 NDB', '7162 NTB', '7302 UNION', '7269 RDB'];

interface Cust { name: string; short: string; mv: boolean; mobile: string; nic: string; town: string }

export function lkSampath(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 18002);
  const book = new Book();
  const used = new Set<string>();
  const custs: Cust[] = Array.from({ length: Math.max(40, Math.round(o.openItems / 9)) }, () => {
    let name = '', town = '';
    for (let t = 0; !name || used.has(name); t++) { town = r.pick(TOWN); const s = r.pick(SURN); name = r.chance(0.5) ? `${s} ${r.pick(TYPE)} - ${town}` : `${r.pick(INIT)} ${s} ${r.pick(TYPE)}${t > 3 ? ` - ${town}` : ''}${t > 10 ? ` ${t}` : ''}`; }
    used.add(name);
    const short = name.replace(/ - .*$/, '').replace(/[.&()]/g, ' ').replace(/\s+/g, ' ').trim().toUpperCase().slice(0, 22).trim();
    const yr = r.int(1965, 1998);
    return { name, short, town, mv: false, mobile: `07${r.pick(['0', '1', '2', '4', '5', '6', '7', '8'])}${pad(r.int(0, 9999999), 7)}`, nic: r.chance(0.5) ? `${yr}${pad(r.int(1, 866), 3)}${pad(r.int(0, 99999), 5)}`.slice(0, 12) : `${String(yr).slice(2)}${pad(r.int(1, 866), 3)}${pad(r.int(0, 9999), 4)}V` };
  });
  const mvs: Cust[] = MV.slice(0, Math.max(3, Math.min(MV.length, Math.round(o.openItems / 400)))).map((name) => ({ name, short: name.toUpperCase().slice(0, 30), mv: true, mobile: '', nic: '', town: 'Male' }));

  const si0 = r.int(900, 1400), per = Math.max(1, o.openItems * 1.05) / 110;
  let si = si0, cn = r.int(20, 60), slip = r.int(4000, 8000), ownChq = r.int(300, 900);
  const inv = (c: Cust, kind: string, group: string | null, opt: { cents?: number; amb?: boolean; paid?: number; credit?: boolean } = {}): Row => {
    const credit = !!opt.credit, n = credit ? cn++ : si++, total = opt.cents ?? Math.round(Math.exp(Math.log(15000) + r.next() * Math.log(2500000 / 15000))) * 100 + (r.chance(0.3) ? r.int(1, 99) : 0), paid = opt.paid ?? 0;
    const day = Math.min(80, -35 + Math.floor((si - si0) / per));
    return book.addOi({ day, cents: (credit ? -1 : 1) * (total - paid), group, kind, amb: opt.amb, seq: n + (credit ? 1e6 : 0), cells: { no: credit ? `CN/26-27/${pad(n, 3)}` : `SI/26-27/${n}`, seq: String(n), total: String((credit ? -1 : 1) * total), cust: c.name, due: String(c.mv ? 45 : r.pick([30, 45, 60])) } });
  };
  const pay = (day: number, cents: number, desc: string, chq: string, group: string | null, kind: string, amb?: boolean) =>
    book.addSt({ day: workDayLk(Math.max(day, 0)), cents, group, kind, amb, cells: { desc, chq } });
  const after = (rows: Row[], lo = 5, hi = 60) => Math.max(Math.max(...rows.map((x) => x.day)) + r.int(lo, hi), r.int(0, 10));
  const chqNo = () => pad(r.int(100, 9999) * (r.chance(0.3) ? 10 : 1) % 1000000, 6);
  /** How a dealer types an invoice into a CEFT narration. */
  const cite = (x: Row) => r.pick([`SI ${x.cells.seq}`, x.cells.no, `INV${x.cells.seq}`, `bill no ${x.cells.seq}`, `SI-${x.cells.seq}`, x.cells.seq, `Inv ${x.cells.seq} ${x.cells.no.slice(3, 8)}`]);
  const ceft = (c: Cust, detail: string) => (r.chance(0.75) ? `CEFT CR ${c.short} ${detail}` : `CEFT CR ${detail} ${c.short}`).replace(/\s+/g, ' ').trim().slice(0, 60);
  const depNamed = (c: Cust) => `${r.pick(['CHQ DEP', 'CHEQUE DEPOSIT', 'CHQ DEPOSIT'])} ${r.pick(BANKS)} ${c.short}`;
  const depSlip = () => `${r.pick(['CHQ DEP SLIP', 'CHEQUE DEPOSIT SLIP NO'])} ${slip++}`;

  while (book.oi.length < o.openItems) {
    const u = r.next();
    const c = r.pick(custs);
    if (u < 0.15) {
      const g = book.group(), x = inv(c, 'ceft_invoice_cited', g);
      pay(after([x]), x.cents, ceft(c, cite(x)), '', g, 'ceft_invoice_cited');
    } else if (u < 0.22) {
      const g = book.group(), x = inv(c, 'cheque_deposit_named', g);
      pay(after([x]), x.cents, depNamed(c), chqNo(), g, 'cheque_deposit_named');
    } else if (u < 0.28) {
      const g = book.group(), x = inv(c, 'cheque_deposit_number_only', g);
      pay(after([x]), x.cents, depSlip(), chqNo(), g, 'cheque_deposit_number_only');
    } else if (u < 0.33) {
      // A sales rep's slip: several dealers' cheques, one credit.
      const g = book.group(), k = r.int(2, 5), xs: Row[] = [], rep = r.pick(REPS);
      for (const d of r.shuffle(custs.slice()).slice(0, k)) xs.push(inv(d, 'cheque_batch_deposit', g));
      pay(after(xs, 3, 25), xs.reduce((a, x) => a + x.cents, 0), `${depSlip()} ${k} CHQS ${r.chance(0.5) ? rep : ''}`.trim(), '', g, 'cheque_batch_deposit');
    } else if (u < 0.36) {
      // The cheque comes back unpaid with a charge; the dealer pays again by CEFT or cash.
      const g = book.group(), x = inv(c, 'repaid_after_returned_cheque', g), d1 = after([x], 3, 30), no = chqNo();
      pay(d1, x.cents, depNamed(c), no, null, 'cheque_returned');
      pay(d1 + r.int(2, 5), -x.cents, `RETURN CHQ ${no} ${r.pick(['REFER TO DRAWER', 'INSUFFICIENT FUNDS', 'PAYMENT STOPPED', 'SIGNATURE DIFFERS'])}`, no, null, 'cheque_returned');
      pay(d1 + r.int(2, 5), -RTN_CHARGE, `CHQ RETURN CHARGES ${no}`, '', null, 'other_bank_line');
      pay(d1 + r.int(8, 25), x.cents, r.chance(0.6) ? ceft(c, `REPLACE RTN CHQ ${no}`) : `CASH DEP ${r.pick(BR)} BR ${c.short}`, '', g, 'repaid_after_returned_cheque');
    } else if (u < 0.42) {
      const g = book.group(), xs = Array.from({ length: r.int(1, 2) }, () => inv(c, 'cash_deposit_by_rep', g, { cents: r.int(5000, 250000) * 100 }));
      pay(after(xs, 2, 20), xs.reduce((a, x) => a + x.cents, 0), `CASH DEP ${r.pick(BR)} BR ${r.pick(REPS)}`, '', g, 'cash_deposit_by_rep');
    } else if (u < 0.47) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'several_invoices_ceft', g));
      pay(after(xs), xs.reduce((a, x) => a + x.cents, 0), ceft(c, `SI ${xs.map((x) => x.cells.seq).join(r.pick(['/', ',', ' ', '&']))}`), '', g, 'several_invoices_ceft');
    } else if (u < 0.51) {
      const g = book.group(), xs = Array.from({ length: r.int(1, 3) }, () => inv(c, 'credit_note_netted', g));
      const cnr = inv(c, 'credit_note_netted', g, { credit: true, cents: Math.round(xs.reduce((a, x) => a + x.cents, 0) * r.int(2, 25) / 100) }), s = xs.reduce((a, x) => a + x.cents, 0) + cnr.cents;
      if (r.chance(0.5)) pay(after([...xs, cnr]), s, ceft(c, `${xs.map((x) => `SI ${x.cells.seq}`).join(' ')} LESS CN ${cnr.cells.seq}`), '', g, 'credit_note_netted');
      else pay(after([...xs, cnr]), s, depNamed(c), chqNo(), g, 'credit_note_netted');
    } else if (u < 0.54) {
      // Post-dated cheques for one large invoice, banked on their dates.
      const g = book.group(), x = inv(c, 'instalments_pdc', g, { cents: r.int(3000, 30000) * 10000 }), k = r.int(2, 3), d0 = after([x], 5, 15);
      const part = Math.floor(x.cents / k / 100000) * 100000;
      for (let i = 0; i < k; i++) pay(d0 + i * 30, i < k - 1 ? part : x.cents - part * (k - 1), r.chance(0.5) ? depNamed(c) : depSlip(), chqNo(), g, 'instalments_pdc');
    } else if (u < 0.57) {
      const g = book.group(), x = inv(c, 'part_payment', g, { cents: r.int(2000, 25000) * 10000 }), part = Math.round(x.cents * r.int(25, 60) / 100 / 100000) * 100000;
      pay(after([x]), part, ceft(c, `${r.pick(['PART PMT', 'ADVANCE', 'ON ACC'])} ${cite(x)}`), '', g, 'part_payment');
    } else if (u < 0.60) {
      const tot = r.int(1000, 20000) * 10000, g = book.group(), x = inv(c, 'remainder_after_earlier_payment', g, { cents: tot, paid: Math.round(tot * r.int(30, 70) / 100 / 100000) * 100000 });
      pay(after([x]), x.cents, r.chance(0.5) ? ceft(c, `BAL ${cite(x)}`) : depNamed(c), '', g, 'remainder_after_earlier_payment');
    } else if (u < 0.64) {
      const m = r.pick(mvs), g = book.group(), x = inv(m, 'tt_charges_deducted', g, { cents: r.int(5000, 60000) * 10000 }), fee = r.pick(TT_FEES);
      pay(after([x], 10, 40), x.cents - fee, `INWARD TT ${r.pick(['BML MALE MV', 'MIB MALE MV', 'SBI MALE MV'])} ${m.short} ${r.pick([`INV ${x.cells.seq}`, x.cells.no, `SI${x.cells.seq}`])}`, '', g, 'tt_charges_deducted');
    } else if (u < 0.68) {
      const g = book.group(), x = inv(c, 'name_and_amount_only', g);
      pay(after([x]), x.cents, ceft(c, r.pick(['', 'PAYMENT', 'TILES', 'HARDWARE'])), '', g, 'name_and_amount_only');
    } else if (u < 0.71) {
      const g = book.group(), x = inv(c, 'mistyped_invoice_number', g), s = x.cells.seq;
      let bad = s;
      for (let t = 0; bad === s; t++) { const i = r.int(0, s.length - 2); bad = t < 4 ? s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2) : s.slice(0, -1) + String((Number(s.slice(-1)) + r.int(1, 8)) % 10); }
      pay(after([x]), x.cents, ceft(c, `SI ${bad}`), '', g, 'mistyped_invoice_number');
    } else if (u < 0.74) {
      const g = book.group(), x = inv(c, 'mobile_and_nic_in_text', g);
      pay(after([x]), x.cents, `CEFT CR ${r.shuffle([c.mobile, c.nic, `SI ${x.cells.seq}`]).join(' ')} ${c.short}`.slice(0, 70), '', g, 'mobile_and_nic_in_text');
    } else if (u < 0.76) {
      const c2 = r.pick(custs.filter((k) => k !== c)), amt = r.int(5, 60) * 1000000;
      for (const k of [c, c2]) { const g = book.group(), x = inv(k, 'same_amount_two_customers', g, { cents: amt }); pay(after([x]), x.cents, depNamed(k), chqNo(), g, 'same_amount_two_customers'); }
    } else if (u < 0.775) {
      const g = book.group(), amt = r.int(100, 3000) * 10000, a = inv(c, 'ambiguous_equal_amounts', g, { cents: amt, amb: true }), b = inv(c, 'ambiguous_equal_amounts', null, { cents: amt, amb: true });
      pay(after([a, b]), a.cents, depNamed(c), chqNo(), g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.79) {
      const g = book.group(), x = inv(c, 'duplicate_refunded', g), d1 = after([x]), desc = ceft(c, cite(x));
      pay(d1, x.cents, desc, '', g, 'duplicate_refunded');
      pay(d1 + r.int(0, 1), x.cents, desc, '', null, 'duplicate_refunded');
      pay(d1 + r.int(3, 10), -x.cents, `CEFT DR REFUND DUPLICATE ${c.short}`, '', null, 'duplicate_refunded');
    } else if (u < 0.81) {
      pay(r.int(0, LAST_DAY - 1), r.int(100, 9000) * 10000, ceft(c, r.pick([`SI/25-26/${r.int(200, 2900)}`, `OLD BAL ${r.int(200, 2900)}`, `SI ${r.int(200, 899)} 2025`])), '', null, 'payment_not_on_list');
    } else {
      inv(c, 'unpaid_invoice', null);
    }
    book.endCase();
  }
  // The rest of the account: own cheques to suppliers (their serials in the same column), EPF/ETF, salaries, counter cash sales, charges.
  for (let i = 0, n = Math.round(o.openItems * 0.18); i < n; i++) {
    const v = r.next(), day = r.int(0, LAST_DAY - 1);
    if (v < 0.35) { const no = pad(ownChq++, 6); pay(day, -r.int(500, 40000) * 10000, `CHQ PAID ${no}`, no, null, 'other_bank_line'); }
    else if (v < 0.55) pay(day, r.int(50, 1500) * 10000, `CASH DEP COLOMBO 03 BR ${r.pick(['SHOWROOM', 'COUNTER SALES', r.pick(REPS)])}`, '', null, 'other_bank_line');
    else if (v < 0.65) pay(day, -r.int(2000, 15000) * 10000, `${r.pick(['EPF', 'ETF'])} ${r.pick(['SEP', 'OCT', 'NOV'])} 2026 E/${r.int(10000, 99999)}`, '', null, 'other_bank_line');
    else if (v < 0.75) pay(day, -r.int(20000, 90000) * 10000, `SLIPS SALARY ${r.pick(['SEP', 'OCT', 'NOV'])} 2026`, '', null, 'other_bank_line');
    else if (v < 0.9) pay(day, -r.pick([2500, 5000, 15000, 35000]), r.pick(['SMS ALERT CHARGES', 'CEFT CHARGES', 'STAMP DUTY', 'SERVICE CHARGE']), '', null, 'other_bank_line');
    else pay(day, -r.int(10000, 200000) * 10000, `CEFT DR ${r.pick(['LANKA TILES PLC', 'ROCELL', 'ST ANTHONYS HARDWARE', 'DSI SAMSON'])} ${r.pick(['INV', 'PO'])} ${r.int(10000, 99999)}`, '', null, 'other_bank_line');
  }

  const { oi, st, truth } = book.finish();
  // Tally Prime's Bills Receivable, exported to CSV: a company preamble, d-Mmm-yy dates, Dr/Cr amounts, a Total line.
  const T = (c: number) => `${money(Math.abs(c), ',', '.')} ${c < 0 ? 'Cr' : 'Dr'}`;
  const td = (day: number) => { const t = dateOf(day); return `${t.d}-${MON[t.m - 1]}-${String(t.y).slice(2)}`; };
  const oiLines = ['"Lanka Tile & Hardware (Pvt) Ltd"', '"No. 245, Sri Sangaraja Mawatha, Colombo 10"', '"Bills Receivable"', `"1-Apr-26 to ${td(LAST_DAY)}"`, '',
    ['Date', 'Ref. No.', "Party's Name", 'Opening Amount', 'Pending Amount', 'Due on', 'Overdue by days'].map((h) => q(h, ',', true)).join(',')];
  for (const x of oi) { const due = x.day + Number(x.cells.due); oiLines.push([td(x.day), x.cells.no, x.cells.cust, T(Number(x.cells.total)), T(x.cents), td(due), LAST_DAY > due ? String(LAST_DAY - due) : ''].map((s) => q(s, ',', true)).join(',')); }
  const sum = oi.reduce((a, x) => a + x.cents, 0), sumOpen = oi.reduce((a, x) => a + Number(x.cells.total), 0);
  oiLines.push('', ['', 'Total', '', T(sumOpen), T(sum), '', ''].map((s) => q(s, ',', true)).join(','));
  // Sampath Bank's statement download: a preamble, DD-MON-YYYY dates, unsigned debit/credit, balances with CR/DR.
  const open = openingFor(st, r.int(5000000, 30000000) * 100);
  const M = (c: number) => money(c, ',', '.'), B = (c: number) => `${M(Math.abs(c))} ${c < 0 ? 'DR' : 'CR'}`;
  const sd = (day: number) => { const t = dateOf(day); return `${pad(t.d, 2)}-${MON[t.m - 1].toUpperCase()}-${t.y}`; };
  let bal = open, tdb = 0, tcr = 0;
  const stLines = ['SAMPATH BANK PLC', 'STATEMENT OF ACCOUNT', `Account Number,${pad(r.int(0, 9999), 4)}${pad(r.int(0, 99999999), 8)}`, 'Account Name,LANKA TILE & HARDWARE (PVT) LTD', 'Account Type,CURRENT ACCOUNT', 'Currency,LKR', `Period,${sd(0)} TO ${sd(LAST_DAY)}`, `Opening Balance,"${B(open)}"`, '',
    'Txn Date,Value Date,Description,Cheque No,Debit,Credit,Balance'];
  for (const x of st) {
    bal += x.cents;
    if (x.cents < 0) tdb -= x.cents; else tcr += x.cents;
    stLines.push([sd(x.day), sd(/^(CHQ DEP|CHEQUE)/.test(x.cells.desc) ? workDayLk(x.day + 1) : x.day), x.cells.desc, x.cells.chq, x.cents < 0 ? M(-x.cents) : '', x.cents >= 0 ? M(x.cents) : '', B(bal)].map((s) => q(s, ',')).join(','));
  }
  stLines.push('', `Total Debits,"${M(tdb)}"`, `Total Credits,"${M(tcr)}"`, `Closing Balance,"${B(bal)}"`, '*** END OF STATEMENT ***');
  return {
    name: NAME,
    description: 'A Colombo tile and hardware distributor\'s Tally Prime "Bills Receivable" report exported to CSV (company preamble, every field quoted, d-Mmm-yy dates, amounts with a Dr/Cr suffix, SI/26-27/1457 invoices and CN/26-27/045 credit notes, Opening and Pending amounts, a Total line) against a Sampath Bank statement download (preamble with the opening balance, DD-MON-YYYY dates, a Cheque No column shared by deposited cheques and the company\'s own cheques, unsigned debit/credit, balances with CR/DR, poya-day holidays, a trailer). Kinds: ceft_invoice_cited (seven spellings), cheque_deposit_named, cheque_deposit_number_only (slip number and cheque serial only), cheque_batch_deposit (one slip, several dealers), repaid_after_returned_cheque with cheque_returned lines and a return charge, cash_deposit_by_rep (branch and rep, no dealer), several_invoices_ceft, credit_note_netted, instalments_pdc, part_payment, remainder_after_earlier_payment, tt_charges_deducted (Maldivian builders), name_and_amount_only, mistyped_invoice_number, mobile_and_nic_in_text, same_amount_two_customers, ambiguous_equal_amounts, duplicate_refunded, payment_not_on_list, unpaid_invoice, other_bank_line (own cheques, counter cash, EPF/ETF, salaries, charges, suppliers).',
    openItems: { fileName: 'Bills Receivable.csv', content: oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: `AccountStatement_${pad(r.int(0, 999999), 6)}.csv`, content: stLines.join('\r\n') + '\r\n' },
    truth,
  };
}
