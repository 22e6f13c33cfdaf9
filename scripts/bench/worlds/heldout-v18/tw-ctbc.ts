/**
 * tw-ctbc — a Taichung machine-parts maker (Digiwin Workflow ERP, NTD, 5 % business tax) against its
 * CTBC Bank corporate account, both exported in Big5 with ROC dates (115/09/03). Customers mostly pay
 * monthly (月結): one transfer for a month's invoices with a memo like "9月貨款", into a virtual
 * account that names the customer but no invoice, and many deduct the NT$10/15/30 remittance fee.
 * Some quote the two-letter uniform-invoice number (KT48213057), others only its eight digits, which
 * look exactly like a company tax id (統一編號) or the customer's own tax id placed in the memo.
 * Post-dated cheques are collected at maturity by cheque number; cheques bounce (退票) and are
 * replaced; machine buyers hold back a 10 % retention; sales allowances (折讓) are netted.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, money, pad, q, rngFor, openingFor, workDay, LAST_DAY, dateOf, roc, big5, type Row } from './common';

const NAME = 'tw-ctbc';
export const TW_TAX = (net: number) => Math.round(net / 100 * 0.05) * 100;
export const TW_FEES = [1000, 1500, 3000];
/** The 10 % retention a machine buyer holds back, in whole dollars. */
export const retention = (c: number) => Math.round(c / 100 * 0.1) * 100;
/** The check digit of a CTBC virtual account: weights 1,3,7 repeating over the first 13 digits, mod 10. */
export const vaCheck = (s: string) => (10 - ([...s].reduce((a, d, i) => a + Number(d) * [1, 3, 7][i % 3], 0) % 10)) % 10;

const P1 = ['宏達', '永豐', '大同', '台揚', '精誠', '聯鋼', '順德', '全興', '建國', '東元', '富鼎', '金豐', '瑞昌', '鴻林', '嘉新', '長春', '新光', '華榮', '益全', '正峰', '立信', '源興', '三和', '上銀'];
const P2 = ['機械', '精密', '工業', '五金', '電機', '鋼鐵', '自動化', '模具', '實業', '科技'];
const P3 = ['股份有限公司', '有限公司', '企業社', '工業股份有限公司'];
const CHK_BANKS = ['台灣銀行', '第一銀行', '彰化銀行', '華南銀行', '合作金庫', '台中商銀', '國泰世華', '玉山銀行', '台新銀行', '土地銀行'];
const TERMS: [string, number][] = [['月結30天', 30], ['月結60天', 60], ['月結90天', 90], ['貨到付款', 7], ['月結45天', 45]];
/** Uniform-invoice tracks by two-month period (May–Jun … Nov–Dec 2026). */
const TRACK: Record<number, string> = { 5: 'HK', 6: 'HK', 7: 'JR', 8: 'JR', 9: 'KT', 10: 'KT', 11: 'LU', 12: 'LU' };

interface Cust { code: string; short: string; full: string; taxId: string; va: string; term: [string, number]; phone: string }

export function twCtbc(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 18003);
  const book = new Book();
  const used = new Set<string>();
  const company = pad(r.int(1000, 9999), 4);
  const custs: Cust[] = Array.from({ length: Math.max(30, Math.round(o.openItems / 14)) }, (_, i) => {
    let short = '';
    for (let t = 0; !short || used.has(short); t++) short = `${r.pick(P1)}${r.pick(P2)}${t > 20 ? r.pick(['一', '二', '三', '北', '南', '中']) : ''}`;
    used.add(short);
    const va13 = `9528${company}${pad(i + 1, 5)}`;
    return { code: `C${pad(i + 1, 4)}`, short, full: `${short}${short.endsWith('工業') ? r.pick(['股份有限公司', '有限公司']) : r.pick(P3)}`, taxId: pad(r.int(10000000, 99999999), 8), va: va13 + vaCheck(va13), term: r.pick(TERMS), phone: `0${r.pick(['4', '4', '2', '3', '6', '7'])}-${r.int(2000, 2899)}${pad(r.int(0, 9999), 4)}` };
  });
  const per = Math.max(1, o.openItems * 1.05) / 145;
  const track: Record<string, number> = { HK: r.int(10000000, 89000000), JR: r.int(10000000, 89000000), KT: r.int(10000000, 89000000), LU: r.int(10000000, 89000000) };
  const perDay = new Map<string, number>();
  let made = 0;
  const inv = (c: Cust, kind: string, group: string | null, opt: { net?: number; amb?: boolean; paid?: number; credit?: boolean; day?: number } = {}): Row => {
    const credit = !!opt.credit;
    const net = opt.net ?? Math.round(Math.exp(Math.log(3000) + r.next() * Math.log(600000 / 3000))) * 100;
    const tax = TW_TAX(net), total = net + tax, paid = opt.paid ?? 0, sg = credit ? -1 : 1;
    const day = opt.day ?? Math.min(80, -70 + Math.floor(made++ / per));
    const t = dateOf(day), dk = `${credit ? '6190' : '6110'}-${t.y - 1911}${pad(t.m, 2)}${pad(t.d, 2)}`, k = (perDay.get(dk) ?? 0) + 1;
    perDay.set(dk, k);
    const uni = credit ? '' : `${TRACK[t.m]}${pad(track[TRACK[t.m]]++, 8)}`;
    return book.addOi({ day, cents: sg * (total - paid), key: c.code, group, kind, amb: opt.amb, cells: { doc: `${dk}${pad(k, 3)}`, uni, net: String(sg * net), tax: String(sg * tax), total: String(sg * total), paid: String(sg * paid), cust: c.code } });
  };
  const book2 = (day: number, cents: number, sum: string, memo: string, acct: string, group: string | null, kind: string, amb?: boolean) =>
    book.addSt({ day: workDay(Math.max(day, 0)), cents, group, kind, amb, cells: { sum, memo, acct } });
  /** When a monthly payer pays: the month end after the last invoice, plus its terms, a little late or early. */
  const due = (rows: Row[], c: Cust) => { const d = Math.max(...rows.map((x) => x.day)), t = dateOf(d); const eom = d + (new Date(Date.UTC(t.y, t.m, 0)).getUTCDate() - t.d); return Math.max((c.term[1] === 7 ? d + 7 : eom + c.term[1]) + r.int(-3, 10), r.int(0, 10)); };
  const sumC = (xs: Row[]) => xs.reduce((a, x) => a + x.cents, 0);
  const nm = (c: Cust) => (r.chance(0.5) ? c.full : c.full).slice(0, r.pick([8, 9, 10, 20]));
  const otherAcct = () => `${pad(r.int(4, 822), 3)}-${pad(r.int(0, 99999999999), 11)}`.slice(0, 16);
  /** Money in by the customer's own virtual account (the bank prints the account, then the remitter). */
  const viaVa = (c: Cust, day: number, cents: number, memo: string, g: string | null, kind: string, amb?: boolean) => book2(day, cents, '虛擬帳號轉入', `${c.va} ${nm(c)}${memo ? ' ' + memo : ''}`, otherAcct(), g, kind, amb);
  const viaWire = (c: Cust, day: number, cents: number, memo: string, g: string | null, kind: string) => book2(day, cents, r.pick(['跨行匯入', '跨行匯入', '匯入匯款', 'ATM轉入']), `${nm(c)}${memo ? ' ' + memo : ''}`, otherAcct(), g, kind);
  const monthMemo = (rows: Row[]) => { const m = dateOf(Math.max(...rows.map((x) => x.day))).m; return r.pick([`${m}月貨款`, `115年${m}月份貨款`, `${pad(m, 2)}月帳款`, `對帳單${pad(m, 2)}月`, '貨款', `${m}月份`]); };
  const cite = (x: Row) => r.pick([x.cells.uni, `${x.cells.uni.slice(0, 2)}-${x.cells.uni.slice(2)}`, `發票${x.cells.uni.slice(2)}`, `發票號碼${x.cells.uni}`, x.cells.uni.slice(2)]);
  const chequeNo = () => `${r.pick(['AA', 'AB', 'BA', 'CA', 'FA', 'KA'])}${pad(r.int(0, 9999999), 7)}`;
  const month = (c: Cust, kind: string, g: string | null) => { const k = r.int(2, 6), xs = [inv(c, kind, g)]; for (let i = 1; i < k; i++) xs.push(inv(c, kind, g, { day: Math.min(80, xs[0].day + i * r.int(1, 5)) })); return xs; };

  while (book.oi.length < o.openItems) {
    const u = r.next(), c = r.pick(custs);
    if (u < 0.13) {
      const g = book.group(), x = inv(c, 'va_single_invoice', g);
      viaVa(c, due([x], c), x.cents, '', g, 'va_single_invoice');
    } else if (u < 0.27) {
      const g = book.group(), xs = month(c, 'monthly_statement_total', g), s = sumC(xs);
      if (r.chance(0.6)) viaVa(c, due(xs, c), s, r.chance(0.5) ? monthMemo(xs) : '', g, 'monthly_statement_total');
      else viaWire(c, due(xs, c), s, monthMemo(xs), g, 'monthly_statement_total');
    } else if (u < 0.37) {
      // The payer deducts the interbank remittance fee from what it owes.
      const g = book.group(), xs = r.chance(0.5) ? [inv(c, 'remittance_fee_deducted', g)] : month(c, 'remittance_fee_deducted', g), fee = r.pick(TW_FEES);
      const memo = r.pick(['', `扣匯費${fee / 100}`, `貨款（扣匯費${fee / 100}元）`, monthMemo(xs), `${monthMemo(xs)} 已扣手續費`]);
      if (r.chance(0.5)) viaVa(c, due(xs, c), sumC(xs) - fee, memo, g, 'remittance_fee_deducted'); else viaWire(c, due(xs, c), sumC(xs) - fee, memo, g, 'remittance_fee_deducted');
    } else if (u < 0.46) {
      const g = book.group(), x = inv(c, 'invoice_number_cited', g);
      viaWire(c, due([x], c), x.cents, r.chance(0.7) ? cite(x) : `${cite(x)} 貨款`, g, 'invoice_number_cited');
    } else if (u < 0.53) {
      // A post-dated cheque for the month, collected at maturity: the bank shows the cheque number only.
      const g = book.group(), xs = month(c, 'post_dated_cheque_collected', g);
      book2(due(xs, c) + r.int(0, 20), sumC(xs), '託收票據入帳', `票號${chequeNo()} ${r.pick(CHK_BANKS)}`, '', g, 'post_dated_cheque_collected');
    } else if (u < 0.55) {
      const g = book.group(), xs = [inv(c, 'replaced_after_bounced_cheque', g)], no = chequeNo(), d1 = due(xs, c), bk = r.pick(CHK_BANKS);
      book2(d1, xs[0].cents, '託收票據入帳', `票號${no} ${bk}`, '', null, 'cheque_bounced');
      book2(d1 + r.int(1, 3), -xs[0].cents, '退票', `票號${no} ${bk} 存款不足`, '', null, 'cheque_bounced');
      viaWire(c, d1 + r.int(5, 20), xs[0].cents, r.pick([`補退票${no}`, '退票補款', '換票']), g, 'replaced_after_bounced_cheque');
    } else if (u < 0.60) {
      const g = book.group(), xs = month(c, 'allowance_netted', g), al = inv(c, 'allowance_netted', g, { credit: true, net: Math.max(100, Math.round(xs.reduce((a, x) => a + Number(x.cells.net), 0) * r.int(1, 12) / 10000) * 100), day: Math.min(80, xs[xs.length - 1].day + r.int(0, 6)) });
      const s = sumC(xs) + al.cents;
      if (r.chance(0.5)) viaVa(c, due([...xs, al], c), s, r.pick(['', '貨款扣折讓', `${monthMemo(xs)}扣折讓`]), g, 'allowance_netted'); else viaWire(c, due([...xs, al], c), s, r.pick(['貨款扣折讓', '扣除折讓', monthMemo(xs)]), g, 'allowance_netted');
    } else if (u < 0.63) {
      const g = book.group(), x = inv(c, 'retention_withheld', g, { net: r.int(5000, 30000) * 10000 });
      viaWire(c, due([x], c), x.cents - retention(x.cents), r.pick(['機台款90%', '扣保留款10%', `${cite(x)} 保留款10%`, '設備款']), g, 'retention_withheld');
    } else if (u < 0.66) {
      const g = book.group(), x = inv(c, 'deposit_and_final', g, { net: r.int(3000, 20000) * 10000 }), first = Math.round(x.cents * 0.3 / 100) * 100;
      viaWire(c, x.day + r.int(0, 5), first, r.pick(['訂金30%', '頭期款', `${cite(x)} 訂金`]), g, 'deposit_and_final');
      viaWire(c, due([x], c), x.cents - first, r.pick(['尾款', '尾款70%', `${cite(x)} 尾款`]), g, 'deposit_and_final');
    } else if (u < 0.70) {
      const g = book.group(), x = inv(c, 'name_and_amount_only', g);
      viaWire(c, due([x], c), x.cents, '', g, 'name_and_amount_only');
    } else if (u < 0.73) {
      const g = book.group(), x = inv(c, 'mistyped_invoice_number', g), s = x.cells.uni.slice(2);
      const i = r.int(0, 7), bad = s.slice(0, i) + String((Number(s[i]) + r.int(1, 9)) % 10) + s.slice(i + 1);
      viaWire(c, due([x], c), x.cents, r.chance(0.5) ? `${x.cells.uni.slice(0, 2)}${bad}` : `發票${bad}`, g, 'mistyped_invoice_number');
    } else if (u < 0.76) {
      const g = book.group(), x = inv(c, 'tax_id_and_phone_in_text', g);
      viaWire(c, due([x], c), x.cents, r.shuffle([`統編${c.taxId}`, `TEL${c.phone}`, cite(x)]).join(' '), g, 'tax_id_and_phone_in_text');
    } else if (u < 0.78) {
      const c2 = r.pick(custs.filter((k) => k !== c)), net = r.int(2, 60) * 100000;
      for (const k of [c, c2]) { const g = book.group(), x = inv(k, 'same_amount_two_customers', g, { net }); viaWire(k, due([x], k), x.cents, '貨款', g, 'same_amount_two_customers'); }
    } else if (u < 0.795) {
      const g = book.group(), net = r.int(100, 3000) * 1000, a = inv(c, 'ambiguous_equal_amounts', g, { net, amb: true }), b = inv(c, 'ambiguous_equal_amounts', null, { net, amb: true });
      viaVa(c, due([a, b], c), a.cents, '', g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.81) {
      const g = book.group(), x = inv(c, 'duplicate_refunded', g), d1 = due([x], c), memo = cite(x);
      viaWire(c, d1, x.cents, memo, g, 'duplicate_refunded');
      viaWire(c, d1, x.cents, memo, null, 'duplicate_refunded');
      book2(d1 + r.int(2, 8), -x.cents, '跨行匯出', `${c.full.slice(0, 10)} 退還重複匯款`, otherAcct(), null, 'duplicate_refunded');
    } else if (u < 0.83) {
      viaWire(c, r.int(0, LAST_DAY - 1), r.int(50, 9000) * 1000, r.pick(['114年12月貨款', '114年11月份', '去年尾款', '模具費']), null, 'payment_not_on_list');
    } else {
      inv(c, 'unpaid_invoice', null);
    }
    book.endCase();
  }
  for (let i = 0, n = Math.round(o.openItems * 0.12); i < n; i++) {
    const v = r.next(), day = r.int(0, LAST_DAY - 1);
    if (v < 0.3) book2(day, -r.int(50, 3000) * 10000, '跨行匯出', `${r.pick(['中鋼', '台塑', '永大鋼鐵', '佳世達', '東和鋼鐵'])} ${r.pick(['貨款', '材料費'])}`, otherAcct(), null, 'other_bank_line');
    else if (v < 0.45) book2(day, -r.pick([1000, 1500, 3000]), '手續費', '跨行匯款手續費', '', null, 'other_bank_line');
    else if (v < 0.55) book2(day, -r.int(2000, 8000) * 100000 / 10, '薪資轉帳', `${r.pick(['9', '10', '11'])}月薪資`, '', null, 'other_bank_line');
    else if (v < 0.65) book2(day, -r.int(300, 1500) * 10000, r.pick(['勞保費', '健保費', '勞退提繳']), `${r.pick(['115/08', '115/09', '115/10'])}`, '', null, 'other_bank_line');
    else if (v < 0.72) book2(day, -r.int(500, 5000) * 10000, '營業稅', '115年07-08月', '', null, 'other_bank_line');
    else if (v < 0.85) book2(day, r.int(5, 500) * 100, '利息存入', '', '', null, 'other_bank_line');
    else book2(day, r.int(10, 900) * 10000, '現金存入', r.pick(['零售', '廢料出售', '樣品']), '', null, 'other_bank_line');
  }

  const { oi, st, truth } = book.finish();
  const M = (c: number) => money(c, ',', '');
  // Digiwin's receivable list: Big5, a preamble, per customer in date order, ROC dates, whole dollars, a grand total.
  const ch = new Map(custs.map((c) => [c.code, c]));
  const oiLines = ['"大成精密工業股份有限公司"', '"應收帳款未收明細表"', `"截止日期：${roc(LAST_DAY)}","幣別：NTD"`, '',
    ['客戶代號', '客戶簡稱', '統一編號', '單據日期', '單據號碼', '發票號碼', '未稅金額', '稅額', '應收金額', '已收金額', '未收餘額', '收款條件'].map((h) => q(h, ',', true)).join(',')];
  for (const x of oi) { const c = ch.get(x.cells.cust)!; oiLines.push([c.code, c.short, c.taxId, roc(x.day), x.cells.doc, x.cells.uni, M(Number(x.cells.net)), M(Number(x.cells.tax)), M(Number(x.cells.total)), M(Number(x.cells.paid)), M(x.cents), c.term[0]].map((s) => q(s, ',', true)).join(',')); }
  oiLines.push('', ['合計', '', '', '', '', '', '', '', '', '', M(oi.reduce((a, x) => a + x.cents, 0)), ''].map((s) => q(s, ',', true)).join(','));
  // CTBC's transaction download: Big5, newest first, ROC dates, whole dollars in 支出/存入, a running balance.
  const open = openingFor(st, r.int(2000000, 9000000) * 100);
  let bal = open;
  const bals = st.map((x) => (bal += x.cents));
  const n = st.length;
  const stLines = [`"帳號：${pad(r.int(100, 999), 3)}-${pad(r.int(0, 99999999), 8)}-${r.int(0, 9)}"`, '"戶名：大成精密工業股份有限公司"', `"查詢期間：${roc(0)}~${roc(LAST_DAY)}"`, '',
    ['交易日期', '帳務日期', '摘要', '支出金額', '存入金額', '餘額', '備註', '對方帳號'].map((h) => q(h, ',', true)).join(',')];
  let tout = 0, tin = 0;
  for (let i = n - 1; i >= 0; i--) {
    const x = st[i];
    if (x.cents < 0) tout -= x.cents; else tin += x.cents;
    stLines.push([roc(x.day), roc(x.day), x.cells.sum, x.cents < 0 ? M(-x.cents) : '', x.cents >= 0 ? M(x.cents) : '', M(bals[i]), x.cells.memo, x.cells.acct].map((s) => q(s, ',', true)).join(','));
  }
  stLines.push('', `"支出合計","${M(tout)}","存入合計","${M(tin)}"`, `"期初餘額","${M(open)}","期末餘額","${M(bal)}"`);
  // The statement is printed newest first: its rows count from the top.
  const truthOut = truth.map((t) => (t.side === 'statement' ? { ...t, row: n + 1 - t.row } : t));
  return {
    name: NAME,
    description: 'A Taichung machine-parts maker\'s Digiwin Workflow ERP receivable list (Big5, every field quoted, a preamble, per customer code then date, ROC dates 115/09/03, 6110-/6190- document numbers, two-letter uniform-invoice numbers KT48213057, net + 5 % tax, paid and open amounts in whole dollars with commas, 月結 payment terms, a 合計 line) against a CTBC Bank transaction download (Big5, newest first, ROC dates, 摘要 codes, 支出/存入/餘額, memo with the virtual account and a truncated remitter name, totals and balances after the table). Kinds: va_single_invoice, monthly_statement_total (one transfer for a month, "9月貨款"), remittance_fee_deducted (NT$10/15/30 short), invoice_number_cited (with or without the track letters), post_dated_cheque_collected (cheque number only), replaced_after_bounced_cheque with cheque_bounced lines, allowance_netted (折讓), retention_withheld (10 %), deposit_and_final (30 %/70 %), name_and_amount_only, mistyped_invoice_number, tax_id_and_phone_in_text (the payer\'s eight-digit 統編 beside the invoice\'s eight digits), same_amount_two_customers, ambiguous_equal_amounts, duplicate_refunded, payment_not_on_list (last year\'s 貨款), unpaid_invoice, other_bank_line (suppliers, fees, payroll, insurance, business tax, interest, cash).',
    openItems: { fileName: '應收帳款未收明細表.csv', content: big5(oiLines.join('\r\n') + '\r\n') },
    statement: { fileName: 'CTBC_交易明細.csv', content: big5(stLines.join('\r\n') + '\r\n') },
    truth: truthOut,
  };
}
