/**
 * bd-bkash — a Dhaka FMCG distributor's DMS "retailer-wise due" report (BDT, whole taka, lakh digit
 * grouping 1,23,456.00) against the bKash merchant-wallet statement it collects into. Retailers pay
 * by merchant Payment (the wallet takes a 1.5 % charge in its own column, the credit stays gross), by
 * Send Money from their own or a relative's phone, or the sales representative (SR) puts a day's cash
 * from several shops into the wallet at an agent (Cash In). The Reference a payer types is free text:
 * the memo number in several spellings, the same in Bengali digits (মেমো ১৪৫৭১), the shop's retailer
 * code (RT14203, from the same number range as the memos), or nothing. Sales returns are netted,
 * credit (baki) is paid off in parts, some retailers add the 1.85 % cash-out charge on top, wrong-number
 * transfers are reversed. The statement is newest first, with a running balance.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, bnDigits, dateOf, lakh, money, pad, q, rngFor, openingFor, LAST_DAY, MON, type Row } from './common';

const NAME = 'bd-bkash';
/** The merchant charge bKash keeps on a Payment, in paisa, and the cash-out charge a payer may add. */
export const BD_PAYMENT_CHARGE = (c: number) => Math.round(c * 0.015);
export const BD_CASHOUT = (c: number) => Math.round(c * 0.0185 / 100) * 100;

const SHOP1 = ['Rahim', 'Karim', 'Maa', 'Bismillah', 'Jamal', 'New Sonali', 'Haque', 'Mayer Doa', 'Al-Madina', 'Bhai Bhai', 'Taqwa', 'Rupali', 'Nur', 'Shapla', 'Jonota', 'Hasan', 'Babul', 'Alif', 'Mukta', 'Salam', 'Amin', 'Monir', 'Shah Ali', 'Rabeya'];
const SHOP2 = ['Store', 'Stores', 'Enterprise', 'Traders', 'Varieties Store', 'General Store', 'Departmental Store', 'Telecom & Store'];
const MARKETS = ['Karwan Bazar', 'Mirpur-10', 'Jatrabari', 'Mohammadpur Town Hall', 'Badda', 'Uttara Sec-7', 'Rampura', 'Khilgaon', 'Old Dhaka Chawkbazar', 'Savar Bazar'];
const SRS = ['Jamal', 'Rubel', 'Sohel', 'Masud', 'Kamrul', 'Shafiq'];

interface Cust { code: string; name: string; market: string; mobile: string; sr: string; alt: string }

export function bdBkash(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 19003);
  const book = new Book();
  const mob = () => `01${r.pick(['3', '4', '5', '6', '7', '8', '9'])}${pad(r.int(0, 99999999), 8)}`;
  const memo0 = r.int(14000, 14500);
  const used = new Set<string>();
  const custs: Cust[] = Array.from({ length: Math.max(40, Math.round(o.openItems / 8)) }, () => {
    let name = '';
    const market = r.pick(MARKETS);
    for (let t = 0; !name || used.has(name); t++) name = `${t > 8 ? 'New ' : ''}${r.pick(SHOP1)} ${r.pick(SHOP2)}${t > 4 ? ` ${market}` : ''}${t > 40 ? ` ${t}` : ''}`;
    used.add(name);
    // Retailer codes come from the same five-digit range the memo numbers run through.
    return { code: `RT${memo0 + r.int(-300, 2300)}`, name, market, mobile: mob(), sr: r.pick(SRS), alt: mob() };
  });
  let memo = memo0, ret = r.int(300, 600);
  const perDay = Math.max(1, o.openItems * 1.1) / 120;
  /** A sales memo (or a sales-return memo, `credit`, negative) of `c` for whole taka. */
  const inv = (c: Cust, kind: string, group: string | null, opt: { taka?: number; amb?: boolean; paid?: number; credit?: boolean } = {}): Row => {
    const n = opt.credit ? ret++ : memo++, sg = opt.credit ? -1 : 1;
    const amt = (opt.taka ?? r.int(800, 95000)) * 100, paid = opt.paid ?? 0;
    const day = Math.min(82, -30 + Math.floor((memo - memo0) / perDay));
    return book.addOi({ day, cents: sg * (amt - paid), key: `${pad(500 + day, 3)}`, group, kind, amb: opt.amb, cells: { no: opt.credit ? `SR-${n}` : `SO-${n}`, num: String(n), amt: String(sg * amt), paid: String(paid), cust: c.name, code: c.code, market: c.market, mobile: c.mobile, sr: c.sr } });
  };
  const trx = () => { const A = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'; let s = r.pick(['B', 'C', 'D', 'A']); for (let i = 0; i < 9; i++) s += A[r.int(0, A.length - 1)]; return s; };
  const pay = (day: number, cents: number, type: string, from: string, ref: string, group: string | null, kind: string, amb?: boolean) => {
    const secs = r.int(7 * 3600, 23 * 3600), charge = type === 'Payment' ? BD_PAYMENT_CHARGE(cents) : 0;
    return book.addSt({ day: Math.max(day, 0), cents, group, kind, amb, key: `${pad(500 - Math.max(day, 0), 3)}${pad(86399 - secs, 5)}`, cells: { type, from, ref, trx: trx(), time: `${pad(Math.floor(secs / 3600), 2)}:${pad(Math.floor(secs / 60) % 60, 2)}:${pad(secs % 60, 2)}`, charge: String(charge) } });
  };
  const after = (rows: Row[], lo = 1, hi = 30) => Math.max(Math.max(...rows.map((x) => x.day)) + r.int(lo, hi), r.int(0, 6));
  /** How a retailer types a memo number into the Reference. */
  const cite = (x: Row) => { const n = x.cells.num; return r.pick([x.cells.no, n, `so${n}`, `memo ${n}`, `Memo#${n}`, `SO ${n}`, `inv ${n}`, `${n} paid`]); };
  const sumOf = (xs: Row[]) => xs.reduce((a, x) => a + x.cents, 0);
  const how = (c: Cust) => r.chance(0.6) ? { type: 'Payment', from: c.mobile } : { type: 'Send Money', from: c.mobile };

  while (book.oi.length < o.openItems) {
    const u = r.next(), c = r.pick(custs);
    if (u < 0.20) {
      const g = book.group(), x = inv(c, 'memo_in_reference', g), h = how(c);
      pay(after([x]), x.cents, h.type, h.from, cite(x), g, 'memo_in_reference');
    } else if (u < 0.27) {
      const g = book.group(), x = inv(c, 'memo_in_bengali_digits', g), h = how(c);
      pay(after([x]), x.cents, h.type, h.from, r.pick([`মেমো ${bnDigits(x.cells.num)}`, bnDigits(x.cells.num), `মেমো নং ${bnDigits(x.cells.num)}`, `${bnDigits(x.cells.num)} এর টাকা`]), g, 'memo_in_bengali_digits');
    } else if (u < 0.39) {
      // Send Money from the retailer's registered phone, no usable reference: the phone and the amount decide.
      const g = book.group(), x = inv(c, 'registered_mobile_no_reference', g);
      pay(after([x]), x.cents, 'Send Money', c.mobile, r.pick(['', '', 'baki', 'payment', 'বাকি', 'dokan', c.name.split(' ')[0]]), g, 'registered_mobile_no_reference');
    } else if (u < 0.43) {
      // From a son's or a neighbour's phone: only the shop name (or nothing) in the Reference.
      const g = book.group(), x = inv(c, 'other_phone_name_only', g);
      pay(after([x]), x.cents, 'Send Money', mob(), r.pick([c.name, c.name.toUpperCase(), `${c.name} ${c.market}`, `${c.name.split(' ')[0]} dokan`]), g, 'other_phone_name_only');
    } else if (u < 0.48) {
      // The SR's day: cash from several shops on his route, put in at an agent, memos listed.
      const shops = r.shuffle(custs.filter((z) => z.sr === c.sr && z !== c)).slice(0, r.int(1, 3)).concat([c]);
      const g = book.group(), xs = shops.map((z) => inv(z, 'sr_cash_in_several_shops', g, { taka: r.int(500, 30000) }));
      pay(after(xs), sumOf(xs), 'Cash In', mob(), `SR ${c.sr} ${r.pick(['', 'coll ', 'collection '])}${xs.map((x) => x.cells.num).join(r.pick([',', ' ', '+', ', ']))}`, g, 'sr_cash_in_several_shops');
    } else if (u < 0.54) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'several_memos_one_payment', g, { taka: r.int(800, 40000) })), h = how(c);
      pay(after(xs), sumOf(xs), h.type, h.from, `${r.pick(['memo', 'SO', 'inv', ''])} ${xs.map((x) => x.cells.num).join(r.pick([',', ' ', '+', ', ', ' & ']))}`.trim(), g, 'several_memos_one_payment');
    } else if (u < 0.58) {
      const g = book.group(), x = inv(c, 'sales_return_netted', g, { taka: r.int(5000, 80000) });
      const cn = inv(c, 'sales_return_netted', g, { credit: true, taka: Math.round(Number(x.cells.amt) / 100 * r.int(3, 25) / 100) }), h = how(c);
      pay(after([x, cn]), x.cents + cn.cents, h.type, h.from, r.pick([`${x.cells.num} less return ${cn.cells.num}`, `${x.cells.no} - ${cn.cells.no}`, `memo ${x.cells.num} damage ferot`, `${x.cells.num}`]), g, 'sales_return_netted');
    } else if (u < 0.64) {
      const g = book.group(), x = inv(c, 'part_payment', g, { taka: r.int(10000, 95000) }), part = Math.round(x.cents * r.int(20, 60) / 100 / 50000) * 50000;
      pay(after([x]), part, 'Send Money', c.mobile, r.pick([`${x.cells.num} part`, 'baki theke', `আংশিক ${bnDigits(x.cells.num)}`, `advance ${x.cells.num}`, '']), g, 'part_payment');
    } else if (u < 0.67) {
      const g = book.group(), x = inv(c, 'weekly_instalments', g, { taka: r.int(20000, 90000) }), n = r.int(2, 4);
      const part = Math.floor(x.cents / n / 100000) * 100000, d0 = after([x], 2, 8);
      for (let i = 0; i < n; i++) pay(d0 + i * 7, i < n - 1 ? part : x.cents - part * (n - 1), 'Send Money', c.mobile, r.pick([`kisti ${i + 1}`, `${x.cells.num} kisti ${i + 1}`, `কিস্তি ${bnDigits(String(i + 1))}`, '']), g, 'weekly_instalments');
    } else if (u < 0.69) {
      const taka = r.int(3000, 60000), paid = Math.round(taka * r.int(30, 70) / 100) * 100;
      const g = book.group(), x = inv(c, 'remainder_after_earlier_payment', g, { taka, paid }), h = how(c);
      pay(after([x]), x.cents, h.type, h.from, r.pick([`${x.cells.num} baki`, `baki ${x.cells.num}`, 'final', `বাকি ${bnDigits(x.cells.num)}`]), g, 'remainder_after_earlier_payment');
    } else if (u < 0.73) {
      // Send Money with the 1.85 % cash-out charge added on top (খরচসহ), rounded to the taka.
      const g = book.group(), x = inv(c, 'cashout_charge_added', g);
      pay(after([x]), x.cents + BD_CASHOUT(x.cents), 'Send Money', c.mobile, r.pick([`${x.cells.num} khoroch soho`, `${cite(x)} + charge`, `খরচসহ ${bnDigits(x.cells.num)}`, 'with cashout']), g, 'cashout_charge_added');
    } else if (u < 0.77) {
      const g = book.group(), x = inv(c, 'retailer_code_in_reference', g), h = how(c);
      pay(after([x]), x.cents, h.type, r.chance(0.5) ? h.from : mob(), r.pick([c.code, `${c.code} ${x.cells.num}`, `${x.cells.num} ${c.code}`, `code ${c.code.slice(2)}`, `${c.code.slice(2)}`]), g, 'retailer_code_in_reference');
    } else if (u < 0.80) {
      const g = book.group(), x = inv(c, 'mistyped_memo_number', g), s = x.cells.num, h = how(c);
      let bad = s;
      while (bad === s) { const i = r.int(1, s.length - 2); bad = r.chance(0.5) ? s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2) : s.slice(0, -1) + String((Number(s.slice(-1)) + r.int(1, 9)) % 10); }
      pay(after([x]), x.cents, h.type, h.from, r.pick([bad, `memo ${bad}`, `SO-${bad}`]), g, 'mistyped_memo_number');
    } else if (u < 0.82) {
      const c2 = r.pick(custs.filter((z) => z !== c)), taka = r.int(5, 90) * 500;
      for (const z of [c, c2]) { const g = book.group(), x = inv(z, 'same_amount_two_shops', g, { taka }); pay(after([x]), x.cents, 'Send Money', z.mobile, '', g, 'same_amount_two_shops'); }
    } else if (u < 0.835) {
      const g = book.group(), taka = r.int(500, 20000), a = inv(c, 'ambiguous_equal_amounts', g, { taka, amb: true });
      inv(c, 'ambiguous_equal_amounts', null, { taka, amb: true });
      pay(after([a]), a.cents, 'Send Money', c.mobile, r.pick(['', 'baki']), g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.85) {
      const g = book.group(), x = inv(c, 'duplicate_refunded', g), d1 = after([x]), ref = cite(x);
      pay(d1, x.cents, 'Payment', c.mobile, ref, g, 'duplicate_refunded');
      pay(d1, x.cents, 'Payment', c.mobile, ref, null, 'duplicate_refunded');
      pay(d1 + r.int(1, 5), -x.cents, 'Payment Refund', c.mobile, `refund double payment ${x.cells.num}`, null, 'duplicate_refunded');
    } else if (u < 0.86) {
      // Money sent to the wrong number: bKash reverses it on the sender's complaint.
      const d1 = r.int(0, LAST_DAY - 3), v = r.int(200, 20000) * 100, who = mob();
      pay(d1, v, 'Send Money', who, r.pick(['', 'ammu', 'bhara', 'family']), null, 'wrong_number_reversed');
      pay(d1 + r.int(1, 3), -v, 'Reversal', who, 'Reversal of wrong transfer', null, 'wrong_number_reversed');
    } else if (u < 0.875) {
      pay(r.int(0, LAST_DAY - 1), r.int(500, 30000) * 100, 'Send Money', c.mobile, r.pick(['purono baki 2025', `memo ${r.int(9000, 9999)} (2025)`, 'old due', 'পুরাতন বাকি']), null, 'payment_not_on_list');
    } else {
      inv(c, 'unpaid_memo', null);
    }
    book.endCase();
  }
  for (let i = 0, n = Math.round(o.openItems * 0.06); i < n; i++) {
    const v = r.next(), day = r.int(0, LAST_DAY - 1);
    if (v < 0.6) pay(day, -r.int(10000, 300000) * 100, 'B2B Transfer', '01713000000', r.pick(['Company DO payment', 'Distributor deposit', `DO ${r.int(100000, 999999)}`]), null, 'other_bank_line');
    else pay(day, -r.int(1000, 8000) * 100, 'Send Money', mob(), r.pick(['SR salary', 'van rent', 'DSR TA/DA', 'labour']), null, 'other_bank_line');
  }

  // The evening sweep to the bank on Bangladeshi banking days (Sunday to Thursday): the wallet keeps a float.
  const bank = ['DBBL 1051100012345', 'City Bank 1502200098765', 'BRAC Bank 1501200077777'][r.int(0, 2)];
  const net = new Map<number, number>();
  for (const x of book.st) net.set(x.day, (net.get(x.day) ?? 0) + x.cents - (x.cells.type === 'Payment' ? BD_PAYMENT_CHARGE(x.cents) : 0));
  let float = r.int(100000, 300000) * 100;
  for (let day = 0; day <= LAST_DAY; day++) {
    float += net.get(day) ?? 0;
    if ([5, 6].includes(dateOf(day).dow) || float < 30000000) continue;
    const sweep = Math.floor((float - r.int(50000, 150000) * 100) / 100000) * 100000;
    const secs = r.int(23 * 3600 + 60, 23 * 3600 + 3500);
    book.addSt({ day, cents: -sweep, group: null, kind: 'other_bank_line', key: `${pad(500 - day, 3)}${pad(86399 - secs, 5)}`, cells: { type: 'Transfer to Bank', from: bank, ref: 'Settlement', trx: trx(), time: `23:${pad(Math.floor((secs % 3600) / 60), 2)}:${pad(secs % 60, 2)}`, charge: '0' } });
    float -= sweep;
  }
  const { oi, st, truth } = book.finish();
  // DMS "Retailer Wise Due Report": UTF-8 with a BOM, commas, every field quoted, lakh grouping, dd/mm/yyyy, oldest first.
  const d = (day: number) => { const t = dateOf(day); return `${pad(t.d, 2)}/${pad(t.m, 2)}/${t.y}`; };
  const OH = ['SL', 'Memo No', 'Memo Date', 'Retailer Code', 'Retailer Name', 'Market', 'Mobile', 'SR Name', 'Memo Amount', 'Collected', 'Due'];
  const oiLines = ['"Meghna Consumer Distribution (Dhaka North)"', '"Retailer Wise Due Report"', `"As on: ${d(LAST_DAY)}"`, '', OH.map((h) => q(h, ',', true)).join(',')];
  oi.forEach((x, i) => oiLines.push([String(i + 1), x.cells.no, d(x.day), x.cells.code, x.cells.cust, x.cells.market, x.cells.mobile, x.cells.sr, lakh(Number(x.cells.amt)), lakh(Number(x.cells.paid)), lakh(x.cents)].map((s) => q(s, ',', true)).join(',')));
  oiLines.push(['', '', '', '', 'Grand Total', '', '', '', lakh(oi.reduce((a, x) => a + Number(x.cells.amt), 0)), lakh(oi.reduce((a, x) => a + Number(x.cells.paid), 0)), lakh(oi.reduce((a, x) => a + x.cents, 0))].map((s) => q(s, ',', true)).join(','));
  // bKash merchant statement: UTF-8, a preamble, newest first, plain amounts, a Charge column, running balance, a trailer.
  const chrono = [...st].reverse();
  const open = openingFor(chrono.map((x) => ({ ...x, cents: x.cents - Number(x.cells.charge) })), r.int(20000, 200000) * 100);
  const M = (c: number) => money(c, '', '.');
  const bals: number[] = [];
  let bal = open;
  for (const x of chrono) { bal += x.cents - Number(x.cells.charge); bals.push(bal); }
  bals.reverse();
  const wallet = `01${r.pick(['7', '8', '9'])}${pad(r.int(0, 99999999), 8)}`;
  const bd = (day: number) => { const t = dateOf(day); return `${pad(t.d, 2)}-${MON[t.m - 1]}-${t.y}`; };
  const stLines = ['bKash Limited', 'Merchant Account Statement', `Account No,${wallet}`, 'Account Name,MEGHNA CONSUMER DISTRIBUTION', `Statement Period,${bd(0)} to ${bd(LAST_DAY)}`, `Opening Balance,${M(open)}`, '',
    ['Date', 'Time', 'Transaction ID', 'Transaction Type', 'From/To', 'Reference', 'Credit (BDT)', 'Debit (BDT)', 'Charge (BDT)', 'Balance (BDT)'].join(',')];
  st.forEach((x, i) => stLines.push([bd(x.day), x.cells.time, x.cells.trx, x.cells.type, x.cells.from, x.cells.ref, x.cents >= 0 ? M(x.cents) : '', x.cents < 0 ? M(-x.cents) : '', M(Number(x.cells.charge)), M(bals[i])].map((s) => q(s, ',')).join(',')));
  const tc = st.filter((x) => x.cents >= 0).reduce((a, x) => a + x.cents, 0), td = -st.filter((x) => x.cents < 0).reduce((a, x) => a + x.cents, 0), tch = st.reduce((a, x) => a + Number(x.cells.charge), 0);
  stLines.push('', `Total Credit,${M(tc)}`, `Total Debit,${M(td)}`, `Total Charge,${M(tch)}`, `Closing Balance,${M(open + tc - td - tch)}`);
  return {
    name: NAME,
    description: 'A Dhaka FMCG distributor\'s DMS "Retailer Wise Due Report" (UTF-8 with BOM, commas, every field quoted, preamble, dd/mm/yyyy, whole taka with lakh grouping 1,23,456.00, a Grand Total line; sales memos SO-14571 and sales-return memos SR-412 negative; retailer codes RT14203 from the same number range as the memos; the retailer\'s registered mobile and SR) against a bKash merchant-wallet statement (UTF-8, preamble with the opening balance, dd-Mon-yyyy plus time, newest first, alphanumeric transaction ids, Payment / Send Money / Cash In / Transfer to Bank / B2B Transfer / Payment Refund / Reversal, the 1.5 % merchant charge of a Payment in its own column with the credit gross, running balance net of charges, trailer totals). References are free text, partly in Bengali script and digits. Kinds: memo_in_reference (eight spellings), memo_in_bengali_digits, registered_mobile_no_reference (phone + amount), other_phone_name_only, sr_cash_in_several_shops (one agent cash-in for several retailers\' memos), several_memos_one_payment, sales_return_netted, part_payment, weekly_instalments, remainder_after_earlier_payment, cashout_charge_added (1.85 % added on top), retailer_code_in_reference, mistyped_memo_number, same_amount_two_shops, ambiguous_equal_amounts, duplicate_refunded, wrong_number_reversed, payment_not_on_list, unpaid_memo, not_yet_due, other_bank_line (bank settlements, company DO payments, staff payments).',
    openItems: { fileName: 'Retailer_Wise_Due_Report.csv', content: '\ufeff' + oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: `bKash_Statement_${wallet}.csv`, content: stLines.join('\n') + '\n' },
    truth,
  };
}
