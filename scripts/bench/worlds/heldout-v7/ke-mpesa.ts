/**
 * ke-mpesa — Tuskys-Road Wholesale Distributors Ltd, Nairobi (KES), paid through an M-Pesa Paybill.
 * Open items: QuickBooks Online "A/R Ageing Detail" report exported to CSV (title lines, ageing sections
 * with "Total for …" lines, TOTAL and a time stamp footer); statement: the M-Pesa organisation portal
 * statement CSV of the Paybill's utility account, newest first, with per-receipt charges. See `description`.
 */
import type { World } from '../world';
import { Book, Rng, dayOf, ymd, pad, money, truth, runCases, type Cust, type Item } from './common';

interface T { receipt: string; details: string; reason: string; other: string; linked: string; acc: string; secs: number }
interface KeCust extends Cust { owner: string; phone: string; short: string }

const FIRST = ['JOHN', 'MARY', 'PETER', 'JANE', 'JAMES', 'GRACE', 'JOSEPH', 'LUCY', 'DAVID', 'ESTHER', 'SAMUEL', 'FAITH', 'DANIEL', 'MERCY', 'STEPHEN', 'ANN', 'PAUL', 'CAROLINE', 'GEORGE', 'ALICE', 'KEVIN', 'BRIAN', 'DENNIS', 'NANCY', 'FRANCIS', 'EUNICE', 'HASSAN', 'FATUMA', 'ABDI', 'AMINA'];
const MIDDLE = ['KAMAU', 'WANJIKU', 'OTIENO', 'ACHIENG', 'MWANGI', 'NJERI', 'KIPROTICH', 'CHEBET', 'WAFULA', 'NAFULA', 'MUTUA', 'MWENDE', 'OCHIENG', 'AWINO', 'KARIUKI', 'WAMBUI', 'KIMANI', 'NYAMBURA', 'ODHIAMBO', 'KIPCHUMBA', 'JEPKOECH', 'MOHAMED', 'OMAR', 'BARASA', 'WEKESA', 'NDUTA', 'MAINA', 'GITAU', 'KORIR', 'ROTICH'];
const SHOP = ['Mini Mart', 'General Stores', 'Supermarket', 'Shop', 'Wholesalers', 'Enterprises', 'Agrovet', 'Traders', 'Duka', 'Hardware', 'Distributors', 'Investments Ltd', 'Ventures', 'Cash & Carry'];
const PLACE = ['Kawangware', 'Githurai', 'Kasarani', 'Rongai', 'Kitengela', 'Ruiru', 'Thika', 'Juja', 'Kikuyu', 'Ngong', 'Embakasi', 'Umoja', 'Kayole', 'Zimmerman', 'Kahawa', 'Limuru', 'Machakos', 'Athi River', 'Kiambu', 'Dagoretti'];
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** M-Pesa business tariff charged to the organisation per Paybill receipt (KES, whole shillings). */
function charge(kes: number): number {
  const t: [number, number][] = [[100, 0], [500, 5], [1000, 10], [1500, 15], [2500, 20], [3500, 25], [5000, 34], [7500, 42], [10000, 48], [15000, 57], [20000, 62], [35000, 67], [50000, 72], [250000, 77]];
  for (const [hi, c] of t) if (kes <= hi) return c;
  return 77;
}

export function keMpesa({ seed, openItems }: { seed: number; openItems: number }): World {
  const rng = new Rng(seed * 104729 + 25072);
  const book = new Book<T>(rng, 'ke');
  const OCT1 = dayOf(2026, 10, 1), OCT31 = dayOf(2026, 10, 31), AS_OF = dayOf(2026, 11, 2);
  const ncust = Math.max(12, Math.min(1500, Math.round(openItems / 4)));
  const custs: KeCust[] = [], seen = new Set<string>(), phones = new Set<string>();
  while (custs.length < ncust) {
    const m1 = rng.pick(MIDDLE), m2 = rng.pick(MIDDLE), owner = `${rng.pick(FIRST)} ${m1}${m2 !== m1 && rng.chance(0.5) ? ' ' + m2 : ''}`;
    const title = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
    const r = rng.next();
    const name = r < 0.45 ? `${title(owner.split(' ')[1])} ${rng.pick(SHOP)}` : r < 0.75 ? `${rng.pick(PLACE)} ${rng.pick(SHOP)}` : r < 0.9 ? `${title(owner.split(' ')[0])} ${title(owner.split(' ')[1])} ${rng.pick(SHOP)}` : title(owner);
    const nm = seen.has(name) ? `${name} - ${rng.pick(PLACE)}` : name;
    if (seen.has(nm)) continue;
    seen.add(nm);
    let phone = '';
    do phone = `2547${rng.pick(['0', '1', '2', '9', '4'])}${pad(rng.int(0, 9999999), 7)}`; while (phones.has(phone));
    phones.add(phone);
    const short = nm.toUpperCase().replace(/[^A-Z ]/g, '').replace(/\bGENERAL\b/g, 'GEN').replace(/\bSTORES\b/g, 'STRS').replace(/ +/g, ' ').trim().slice(0, 12).trim();
    custs.push({ code: String(custs.length + 1), name: nm, owner, phone, short });
  }
  const cust = () => custs[rng.skewedIndex(custs.length)];
  const kes = () => Math.round(rng.amountCents(800, 180000) / 100) * 100;
  const inv = (c: KeCust, day: number, kind: string, g: string | null, unique = false, draw = kes, o: Partial<Item> = {}) =>
    book.item(c, day, book.amount(c, draw, unique), kind, g, { due: day + rng.pick([7, 14, 14, 30]), ...o });
  const receipts = new Set<string>();
  const receipt = (day: number) => { let r = ''; do { r = 'U' + 'ABCDEFGHIJKL'[ymd(day)[1] - 1] + String(rng.int(1, 9)); for (let i = 0; i < 7; i++) r += ALNUM[rng.int(0, 35)]; } while (receipts.has(r)); receipts.add(r); return r; };
  const secsOf = () => rng.int(6 * 3600, 22 * 3600);
  const mask = (p: string) => `${p.slice(0, 6)}***${p.slice(9)}`;
  const payDay = (after = OCT1) => rng.int(Math.max(OCT1, after), OCT31);
  const issued = (pay: number) => pay - rng.int(1, 60);
  const saidNo = (it: Item) => rng.pick([it.no, it.no, it.no, `INV${it.no}`, `inv ${it.no}`, `#${it.no}`, `INV-${it.no}`, `${it.no} `.trim()]);
  /** A Paybill receipt and the charge the organisation pays for it. */
  const receive = (c: KeCust, day: number, amt: number, kind: string, g: string | null, acc: () => string, o: { amb?: boolean; noCharge?: boolean; secs?: number } = {}) => {
    const r = receipt(day), secs = o.secs ?? secsOf(), who = `${mask(c.phone)} - ${c.owner}`;
    book.line(day, amt, kind, g, () => { const a = acc(); return { receipt: r, details: `Pay Bill from ${who} Acc. ${a}`, reason: 'Pay Bill Online', other: who, linked: '', acc: a, secs }; }, { amb: o.amb, ord: secs / 86400 });
    const ch = charge(amt / 100) * 100;
    if (ch && !o.noCharge) book.line(day, -ch, 'noise_paybill_charge', null, () => ({ receipt: receipt(day), details: 'Business Pay Bill Charge', reason: 'Business Pay Bill Charge', other: '', linked: r, acc: '', secs }), { ord: (secs + 0.5) / 86400 });
    return r;
  };

  runCases(rng, openItems, {
    acc_invoice_no: 420, acc_phone: 120, acc_shop_name: 120, acc_garbage: 60, instalments: 200, multi_invoice: 120, credit_note_netted: 60,
    part_payment: 60, bank_paybill_invoice_ref: 60, ambiguous_equal_amounts: 60, reversed_then_repaid: 30, unpaid_invoice: 500, open_credit_note: 20,
  }, {
    acc_invoice_no: () => { const c = cust(), d = payDay(), g = book.group(), it = inv(c, issued(d), 'acc_invoice_no', g); receive(c, d, it.amt, 'acc_invoice_no', g, () => saidNo(it)); return 1; },
    acc_phone: () => { const c = cust(), d = payDay(), g = book.group(), it = inv(c, issued(d), 'acc_phone', g, true); receive(c, d, it.amt, 'acc_phone', g, () => (rng.chance(0.5) ? '0' + c.phone.slice(3) : c.phone)); return 1; },
    acc_shop_name: () => { const c = cust(), d = payDay(), g = book.group(), it = inv(c, issued(d), 'acc_shop_name', g); receive(c, d, it.amt, 'acc_shop_name', g, () => (rng.chance(0.6) ? c.short : c.short.toLowerCase())); return 1; },
    acc_garbage: () => { const c = cust(), d = payDay(), g = book.group(), it = inv(c, issued(d), 'acc_garbage', g, true); receive(c, d, it.amt, 'acc_garbage', g, () => rng.pick(['1', '0', 'PAY', 'x', 'N/A', 'GOODS', 'ACC', '123', 'STOCK', 'KAMAU'])); return 1; },
    instalments: () => {
      const c = cust(), g = book.group(), first = payDay(), it = inv(c, issued(first), 'instalments', g, false, () => Math.round(rng.amountCents(20000, 600000) / 100) * 100);
      const k = Math.max(rng.int(2, 5), Math.ceil(it.amt / 20000000));
      const parts = rng.split(it.amt / 100, k).map((p) => p * 100);
      let d = first;
      for (const [i, p] of parts.entries()) { receive(c, d, p, 'instalments', g, () => (i === 0 || rng.chance(0.7) ? saidNo(it) : '0' + c.phone.slice(3))); d = Math.min(OCT31, d + rng.int(0, 4)); }
      return 1;
    },
    multi_invoice: () => {
      const c = cust(), d = payDay(), g = book.group(), k = rng.int(2, 3), its: Item[] = [];
      for (let i = 0; i < k; i++) its.push(inv(c, issued(d), 'multi_invoice', g, false, () => Math.round(rng.amountCents(800, 60000) / 100) * 100));
      receive(c, d, its.reduce((s, x) => s + x.amt, 0), 'multi_invoice', g, () => { its.sort((a, b) => a.seq - b.seq); return rng.chance(0.5) ? its.map((x) => x.no).join(rng.pick(['/', ' ', ','])).slice(0, 13) : its[0].no; });
      return k;
    },
    credit_note_netted: () => {
      const c = cust(), d = payDay(), g = book.group(), it = inv(c, issued(d), 'credit_note_netted', g);
      const cn = book.item(c, Math.min(d - 1, it.day + rng.int(1, 10)), -book.amount(c, () => Math.round(it.amt * (0.05 + rng.next() * 0.3) / 100) * 100), 'credit_note_netted', g);
      receive(c, d, it.amt + cn.amt, 'credit_note_netted', g, () => saidNo(it));
      return 2;
    },
    part_payment: () => { const c = cust(), d = payDay(), g = book.group(), it = inv(c, issued(d), 'part_payment', g); receive(c, d, Math.round(it.amt * (0.3 + rng.next() * 0.4) / 10000) * 10000 || 10000, 'part_payment', g, () => saidNo(it)); return 1; },
    bank_paybill_invoice_ref: () => {
      const c = cust(), d = payDay(), g = book.group(), it = inv(c, issued(d), 'bank_paybill_invoice_ref', g, false, () => Math.round(rng.amountCents(50000, 900000) / 100) * 100);
      const bank = rng.pick(['522522 - KCB BANK KENYA LIMITED', '247247 - EQUITY BANK KENYA LIMITED', '400200 - CO-OPERATIVE BANK OF KENYA', '303030 - ABSA BANK KENYA PLC', '516600 - NCBA BANK KENYA PLC']);
      const r = receipt(d), secs = rng.int(8 * 3600, 17 * 3600);
      book.line(d, it.amt, 'bank_paybill_invoice_ref', g, () => { const a = rng.chance(0.7) ? it.no : `INV${it.no}`; return { receipt: r, details: `Business Pay Bill from ${bank} via API. Original conversation ID is ${pad(rng.int(0, 99999), 5)}-${pad(rng.int(0, 99999999), 8)}-1 Acc. ${a}`, reason: 'Business Pay Bill', other: bank, linked: '', acc: a, secs }; }, { ord: secs / 86400 });
      return 1;
    },
    ambiguous_equal_amounts: () => {
      const c = cust(), d = payDay(), g = book.group(), a = inv(c, issued(d), 'ambiguous_equal_amounts', g, false, kes, { amb: true });
      book.item(c, issued(d), a.amt, 'ambiguous_equal_amounts', null, { amb: true });
      receive(c, d, a.amt, 'ambiguous_equal_amounts', g, () => rng.pick([c.short, '0' + c.phone.slice(3), 'GOODS', 'PAY']), { amb: true });
      return 2;
    },
    reversed_then_repaid: () => {
      const c = cust(), d = payDay(OCT1 + 1), g = book.group(), it = inv(c, issued(d), 'reversed_then_repaid', g, false, () => Math.round(rng.amountCents(800, 20000) / 100) * 100);
      const wrong = it.amt * 10, s0 = rng.int(7 * 3600, 12 * 3600);
      const r = receive(c, d, wrong, 'noise_reversed_payment', null, () => it.no, { noCharge: true, secs: s0 });
      const s1 = s0 + rng.int(1800, 5 * 3600);
      book.line(d, -wrong, 'noise_reversed_payment', null, () => ({ receipt: receipt(d), details: `Reversal of ${r}`, reason: 'Pay Bill Reversal', other: `${mask(c.phone)} - ${c.owner}`, linked: r, acc: '', secs: s1 }), { ord: s1 / 86400 });
      receive(c, d, it.amt, 'reversed_then_repaid', g, () => it.no, { secs: s1 + rng.int(300, 3600) });
      return 1;
    },
    unpaid_invoice: () => { const c = cust(); inv(c, rng.int(dayOf(2026, 6, 15), dayOf(2026, 11, 2)), 'unpaid_invoice', null); return 1; },
    open_credit_note: () => { const c = cust(); book.item(c, rng.int(dayOf(2026, 8, 1), dayOf(2026, 10, 31)), -book.amount(c, () => Math.round(rng.amountCents(200, 8000) / 100) * 100), 'open_credit_note', null); return 1; },
  });

  // Walk-in sales paid to the Paybill (not on the ledger: cash sales), and the sweeps to the bank.
  const walkins = Math.max(10, Math.round(openItems / 12));
  for (let i = 0; i < walkins; i++) {
    const d = payDay(), who = `2547${pad(rng.int(0, 99999999), 8)}`;
    const owner = `${rng.pick(FIRST)} ${rng.pick(MIDDLE)}`;
    const c: KeCust = { code: 'walk-in', name: owner, owner, phone: who, short: '' };
    receive(c, d, Math.max(5000, Math.round(rng.amountCents(50, 4000) / 100) * 100), 'noise_walk_in_sale', null, () => rng.pick(['CASH', 'SALE', 'SUGAR', 'FLOUR', 'OIL', '1', 'DUKA', 'BREAD', 'SOAP']));
  }
  const byDay = new Map<number, number>();
  for (const l of book.lines) byDay.set(l.day, (byDay.get(l.day) ?? 0) + l.amt);
  const opening = rng.int(20000, 150000) * 100;
  let bal = opening;
  for (let d = OCT1; d <= OCT31; d++) {
    bal += byDay.get(d) ?? 0;
    if (new Date(d * 86400000).getUTCDay() % 6 === 0 || bal < 5000000) continue;
    const out = Math.floor((bal - rng.int(20000, 80000) * 100) / 100000) * 100000, secs = 23 * 3600 + rng.int(0, 1800), r = receipt(d);
    if (out <= 0) continue;
    book.line(d, -out, 'noise_settlement_to_bank', null, () => ({ receipt: r, details: 'Settlement to Bank - EQUITY BANK KENYA LIMITED Acc. 0170293847561', reason: 'Organization Withdrawal to Bank', other: 'EQUITY BANK KENYA LIMITED', linked: '', acc: '', secs }), { ord: secs / 86400 });
    book.line(d, -10000, 'noise_settlement_charge', null, () => ({ receipt: receipt(d), details: 'Withdrawal Charge', reason: 'Business Withdrawal Charge', other: '', linked: r, acc: '', secs }), { ord: (secs + 0.5) / 86400 });
    bal -= out + 10000;
  }

  let next = 10000 + rng.int(100, 900);
  const order = book.items.map((it, i) => [it, i] as const).sort((a, b) => a[0].day - b[0].day || a[1] - b[1]);
  for (const [it] of order) { next += rng.chance(0.8) ? 1 : rng.int(2, 4); it.seq = next; it.no = String(next); }
  const lines = book.orderedLines(true);

  // ---- QuickBooks Online A/R Ageing Detail CSV --------------------------------------------------
  const q = (s: string) => (/[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const dmy = (d: number) => { const [y, m, dd] = ymd(d); return `${pad(dd, 2)}/${pad(m, 2)}/${y}`; };
  const amt = (c: number) => q(money(c, '.', ','));
  const buckets: [string, (p: number) => boolean][] = [['Current', (p) => p <= 0], ['1 - 30 days past due', (p) => p >= 1 && p <= 30], ['31 - 60 days past due', (p) => p >= 31 && p <= 60], ['61 - 90 days past due', (p) => p >= 61 && p <= 90], ['91 or more days past due', (p) => p >= 91]];
  const oiLines = ['Tuskys-Road Wholesale Distributors Ltd', 'A/R Ageing Detail Report', 'As of 2 November 2026', '', ',Date,Transaction Type,No.,Customer,Due Date,Past Due,Amount,Open Balance'];
  const items: Item[] = [];
  let grand = 0;
  for (const [label, inB] of buckets) {
    const its = book.items.filter((it) => inB(AS_OF - it.due)).sort((a, b) => a.day - b.day || a.seq - b.seq);
    if (!its.length) continue;
    oiLines.push(label);
    let tot = 0;
    for (const it of its) {
      oiLines.push(['', dmy(it.day), it.credit ? 'Credit Note' : 'Invoice', it.no, q(it.cust.name), dmy(it.due), String(AS_OF - it.due), amt(it.amt), amt(it.amt)].join(','));
      tot += it.amt;
      items.push(it);
    }
    oiLines.push([`Total for ${label}`, '', '', '', '', '', '', amt(tot), amt(tot)].join(','));
    grand += tot;
  }
  oiLines.push(['TOTAL', '', '', '', '', '', '', amt(grand), amt(grand)].join(','), '', '', 'Monday, 2 November 2026 08:14 AM GMT+03:00');

  // ---- M-Pesa organisation statement --------------------------------------------------------------
  const endBal = opening + book.lines.reduce((s, l) => s + l.amt, 0);
  const hms = (s: number) => `${pad(Math.floor(s / 3600), 2)}:${pad(Math.floor(s / 60) % 60, 2)}:${pad(Math.floor(s) % 60, 2)}`;
  const iso = (d: number) => { const [y, m, dd] = ymd(d); return `${y}-${pad(m, 2)}-${pad(dd, 2)}`; };
  const st = ['Organization Name:,TUSKYS-ROAD WHOLESALE DISTRIBUTORS LTD', 'Organization Short Code:,4087213', 'Account Name:,Utility Account', 'Time Period:,2026-10-01 00:00:00 - 2026-10-31 23:59:59', `Opening Balance:,${amt(opening)}`, `Closing Balance:,${amt(endBal)}`, '',
    'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.'];
  let b = endBal;
  for (const l of lines) {
    const t = l.t!, when = `${iso(l.day)} ${hms(t.secs)}`, init = `${iso(l.day)} ${hms(Math.max(0, t.secs - (l.amt > 0 ? rng.int(0, 9) : 0)))}`;
    st.push([t.receipt, when, init, q(t.details), 'Completed', l.amt > 0 ? amt(l.amt) : '', l.amt < 0 ? amt(l.amt) : '', amt(b), 'true', t.reason, q(t.other), t.linked, q(t.acc)].join(','));
    b -= l.amt;
  }

  return {
    name: 'ke-mpesa',
    description: `A Nairobi wholesaler of groceries and household goods (KES) selling on credit to dukas, mini-marts and agrovets, paid almost entirely through its M-Pesa Paybill. Open items: QuickBooks Online "A/R Ageing Detail Report" as at 2 November 2026 exported to CSV — three title lines and a blank line, then ",Date,Transaction Type,No.,Customer,Due Date,Past Due,Amount,Open Balance", rows grouped under ageing headings ("Current", "1 - 30 days past due", …) each closed by a "Total for …" line, a TOTAL line and a time-stamp footer; dd/mm/yyyy, amounts "12,500.00", plain QuickBooks invoice numbers (10xxx), credit notes negative. Statement: the M-Pesa organisation portal statement of the Paybill's utility account for October 2026 (CSV: header block with opening and closing balance, then "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No."), newest first, payers shown as masked phone + registered M-Pesa name (the shop owner, not the shop), whole shillings. The "A/C No." the payer types is the invoice number (written 10452, INV10452, #10452…), the payer's phone, a cut-down shop name, or junk (1, PAY, GOODS); cases: single payments, an invoice paid by 2–5 small payments (a few citing only the phone), one payment for 2–3 invoices (A/C naming one or a slash-list cut at 13 characters), invoices less a credit note, part payments, bank payments into the Paybill (Business Pay Bill from KCB/Equity/Co-op … with the invoice as account), two equal invoices of one customer paid without a usable reference (ambiguous), a payment of ten times the invoice reversed the same day then paid right (the wrong receipt and its reversal pay nothing), walk-in cash sales paid by M-Pesa (not on the ledger), the per-receipt "Business Pay Bill Charge" debits linked to their receipts, nightly settlements to the bank with their charge, unpaid invoices and open credit notes.`,
    openItems: { fileName: 'ke-mpesa-ar-ageing-detail.csv', content: oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: 'ke-mpesa-org-statement.csv', content: st.join('\r\n') + '\r\n' },
    truth: truth(items, lines),
  };
}
