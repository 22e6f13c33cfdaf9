/**
 * vn-vcb: a Hanoi electrical-equipment distributor (two e-invoice series, head office and HCMC
 * branch) reconciles its MISA receivables ledger against a Vietcombank statement.
 */
import type { Mulberry32 } from '../mulberry32';
import type { World, WorldOptions } from '../world';
import { bankAscii, businessDay, dayOf, dmy, field, money, rngFor, row, shuffle, truthOf, typo, ymd, type Row } from './common';

const PREFIX = ['Công ty TNHH', 'Công ty Cổ phần', 'Công ty TNHH MTV', 'Doanh nghiệp tư nhân', 'Công ty TNHH'];
const TRADE = ['Xây dựng', 'Thương mại', 'Cơ điện', 'Kỹ thuật', 'Đầu tư', 'Vật liệu', 'Dịch vụ', 'Sản xuất', 'Thiết bị', 'Cơ khí'];
const NAME = ['Hoàng Long', 'Ánh Dương', 'Phú Thành', 'Minh Khôi', 'Đại Việt', 'Trường Sơn', 'Hưng Thịnh', 'Nam Á', 'Bình Minh', 'Tân Phát', 'Đức Tài', 'Quang Huy', 'Thiên Phúc', 'An Khang', 'Việt Tiến', 'Sao Mai', 'Phương Đông', 'Hải Âu', 'Thành Công', 'Kim Ngân', 'Lộc Phát', 'Vĩnh Hưng', 'Hòa Bình', 'Gia Bảo', 'Đông Á', 'Tiến Thành', 'Hồng Hà', 'Sông Đà', 'Thăng Long', 'Phúc Lộc'];
const PLACE = ['', '', '', ' Hà Nội', ' Sài Gòn', ' Miền Bắc', ' Hải Phòng', ' Đà Nẵng'];
const SURNAME = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý'];
const MIDDLE = ['Văn', 'Thị', 'Đức', 'Minh', 'Quốc', 'Thanh', 'Hữu', 'Ngọc'];
const GIVEN = ['Hùng', 'Lan', 'Hương', 'Tuấn', 'Dũng', 'Hà', 'Nam', 'Linh', 'Phương', 'Sơn', 'Trang', 'Khánh', 'Thảo', 'Long', 'Quân', 'Hạnh'];
const BANKS = ['TCB', 'ACB', 'BIDV', 'VIETINBANK', 'MB', 'VPB', 'SHB', 'TPB', 'SACOMBANK', 'HDBANK', 'AGRIBANK'];
const ABBR: [RegExp, string][] = [[/^CONG TY TNHH MTV /, 'CTY TNHH MTV '], [/^CONG TY TNHH /, 'CTY TNHH '], [/^CONG TY CO PHAN /, 'CTY CP '], [/^DOANH NGHIEP TU NHAN /, 'DNTN '], [/XAY DUNG/, 'XD'], [/THUONG MAI/, 'TM'], [/DICH VU/, 'DV'], [/DAU TU/, 'DT'], [/SAN XUAT/, 'SX'], [/KY THUAT/, 'KT'], [/THIET BI/, 'TB'], [/CO DIEN/, 'CD']];

interface Cust { code: string; name: string; mst: string; acct: string; bank: string; director: string }
interface Inv { cust: Cust; series: string; no: number; day: number; voucher: string; desc: string; amount: number; paidBefore: number; contract?: string }
interface StRow { day: number; ref: string; debit: number; credit: number; text: string }

/** How the bank passes a payer's own text on: upper case, no diacritics, abbreviated, cut at 70. */
function bankName(r: Mulberry32, name: string): string {
  let s = bankAscii(name);
  if (r.chance(0.7)) for (const [re, to] of ABBR) s = s.replace(re, to);
  return s;
}
const invNo = (r: Mulberry32, i: Inv) => (r.chance(0.35) ? String(i.no).padStart(7, '0') : String(i.no));

export function vnVcb(options: WorldOptions): World {
  const r = rngFor(options.seed, 1301);
  const N = Math.max(60, options.openItems);
  // Customers: some share a trade name ("Hoàng Long") across different companies.
  const custs: Cust[] = [];
  const seen = new Set<string>();
  const nCust = Math.max(12, Math.round(N / 6));
  for (let k = 0; custs.length < nCust && k < nCust * 50; k++) {
    const name = `${r.pick(PREFIX)} ${r.pick(TRADE)} ${r.pick(NAME)}${r.pick(PLACE)}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const mst = String(r.int(100000000, 999999999)).padStart(10, '0').replace(/^0/, r.pick(['0', '1', '3']));
    custs.push({ code: `KH${String(custs.length + 1).padStart(5, '0')}`, name, mst: r.chance(0.1) ? `${mst}-00${r.int(1, 3)}` : mst, acct: String(r.int(1e9, 9.9e9)) + String(r.int(100, 999)), bank: r.pick(BANKS), director: `${r.pick(SURNAME)} ${r.pick(MIDDLE)} ${r.pick(GIVEN)}` });
  }
  // Invoices: head office series 1C26TAA, branch 1C26TBB (numbers overlap), a few left from 1C25TAA.
  const invs: Inv[] = [];
  const counters: Record<string, number> = { '1C26TAA': 2100, '1C26TBB': 2500, '1C25TAA': 4100 };
  const start = dayOf(2026, 7, 1), end = dayOf(2026, 11, 20);
  let voucher = 1800;
  for (let i = 0; i < N; i++) {
    const series = r.chance(0.03) ? '1C25TAA' : r.chance(0.3) ? '1C26TBB' : '1C26TAA';
    counters[series] += series === '1C26TAA' ? r.int(1, 3) : r.int(1, 2);
    const day = series === '1C25TAA' ? dayOf(2025, 12, r.int(1, 28)) : start + Math.floor(((end - start) * i) / N) + r.int(0, 2);
    const net = r.chance(0.8) ? r.int(1500, 180000) * 1000 : r.int(20, 900) * 100000;
    const amount = net + Math.round(net * (r.chance(0.6) ? 0.08 : 0.1));
    voucher += r.int(1, 2);
    invs.push({ cust: r.pick(custs), series, no: counters[series], day, voucher: `BH${String(voucher).padStart(5, '0')}`, desc: 'Bán hàng thiết bị điện', amount, paidBefore: 0 });
  }
  const oi: Row<Inv>[] = [];
  const st: Row<StRow>[] = [];
  let g = 0;
  const stRef = () => `${r.int(1000, 9999)} - ${r.int(10000, 99999)}`;
  const LATEST = dayOf(2026, 11, 27);
  /** A payment 5–45 days after the invoice; what fell due before September arrives spread over its first weeks. */
  const payDay = (i: Inv) => {
    let d = Math.max(i.day + r.int(5, 45), dayOf(2026, 9, 1) + r.int(0, 25));
    if (d > LATEST) d = i.day + 5 + r.int(0, Math.max(0, LATEST - i.day - 5));
    return businessDay(d);
  };
  /** A credit line carrying `text` the payer typed, wrapped the way the channel wraps it. */
  const credit = (c: Cust, day: number, amount: number, text: string, fromPerson = false): StRow => {
    const payer = fromPerson ? bankAscii(c.director) : bankName(r, c.name);
    const ch = r.int(0, 3);
    let t: string;
    if (ch === 0) t = `MBVCB.${r.int(1e9, 9.9e9)}.${text}.CT tu ${c.acct} ${payer} toi 0011004123456 CONG TY CO PHAN THIET BI DIEN AN PHAT`;
    else if (ch === 1) t = `IBFT ${text}`;
    else if (ch === 2) t = `${c.bank};${c.acct};${payer};${text}`;
    else t = `${r.int(100000, 999999)}.${dmy(day, '').slice(0, 4)}26.${r.int(100000, 999999)}.${text}`;
    return { day, ref: stRef(), debit: 0, credit: amount, text: t };
  };
  const who = (c: Cust) => (r.chance(0.75) ? bankName(r, c.name) + ' ' : '');
  const numberText = (c: Cust, nos: string[], series?: string, day?: number) => {
    const list = nos.length === 1 ? nos[0] : r.chance(0.5) ? nos.join(', ') : nos.slice(0, -1).join(' ') + ' VA ' + nos[nos.length - 1];
    const v = r.int(0, 4);
    if (v === 0) return `${who(c)}TT HD ${list}`;
    if (v === 1) return `${who(c)}THANH TOAN HOA DON SO ${list}${series ? ' KY HIEU ' + series : ''}`;
    if (v === 2) return `${who(c)}TT TIEN HANG THEO HD ${list}`;
    if (v === 3) return `${who(c)}CK TT HOA DON ${list}${series ? ' ' + series : ''}`;
    return `${who(c)}TT HDGTGT SO ${list}${day ? ' NGAY ' + dmy(day, '/').slice(0, 5) : ''}`;
  };
  // Open items per customer, so that the cases draw on one customer's invoices.
  const byCust = new Map<Cust, Inv[]>();
  for (const i of invs) byCust.set(i.cust, [...(byCust.get(i.cust) ?? []), i]);
  const amountCount = new Map<number, number>();
  for (const i of invs) amountCount.set(i.amount, (amountCount.get(i.amount) ?? 0) + 1);
  const collide = (i: Inv) => invs.some((o) => o !== i && o.no === i.no);
  for (const c of custs) {
    const left = shuffle(r, [...(byCust.get(c) ?? [])]);
    while (left.length) {
      const x = r.next();
      const i = left.pop()!;
      const id = `vn${++g}`;
      if (x < 0.16 || i.series === '1C25TAA' && x < 0.4) { oi.push(row(i, null, 'unpaid_invoice')); continue; }
      if (x < 0.42) {
        const kind = collide(i) ? 'number_in_two_series' : 'single_by_invoice_number';
        const t = numberText(c, [invNo(r, i)], kind === 'number_in_two_series' && r.chance(0.4) ? i.series : undefined, i.day);
        oi.push(row(i, id, kind));
        st.push(row(credit(c, payDay(i), i.amount, r.chance(0.05) ? typo(r, t) : t), id, kind));
        continue;
      }
      if (x < 0.52 && left.length >= 1) {
        const more = left.splice(0, Math.min(left.length, r.int(1, 3)));
        const all = [i, ...more];
        for (const m of all) oi.push(row(m, id, 'multi_invoice'));
        st.push(row(credit(c, payDay(all.reduce((a, b) => (a.day > b.day ? a : b))), all.reduce((s, m) => s + m.amount, 0), numberText(c, all.map((m) => invNo(r, m)))), id, 'multi_invoice'));
        continue;
      }
      if (x < 0.6) {
        // Name or tax code only: unique amount unless the customer has an equal one open.
        const taxOnly = r.chance(0.35);
        const kind = taxOnly ? 'tax_code_only' : 'payer_name_only';
        const amb = (byCust.get(c) ?? []).some((o) => o !== i && o.amount === i.amount);
        const t = taxOnly ? `MST ${c.mst} ${r.pick(['TT TIEN HANG', 'THANH TOAN CONG NO', 'TRA TIEN MUA HANG'])}` : `${bankName(r, c.name)} ${r.pick(['CHUYEN TIEN', 'THANH TOAN TIEN HANG', 'TT CONG NO THANG ' + r.int(8, 11), 'TRA TIEN HANG'])}`;
        oi.push(row(i, id, kind, amb));
        st.push(row(credit(c, payDay(i), i.amount, t), id, kind, amb));
        continue;
      }
      if (x < 0.65) {
        // A contract (hợp đồng, also "HD") delivered in one or two invoices, paid citing the contract.
        const contract = `${r.int(1, 180)}/2026/HĐMB-${r.pick(['AP', 'APHN', 'APHCM'])}`;
        const all = [i, ...left.splice(0, r.chance(0.5) ? Math.min(1, left.length) : 0)];
        all.forEach((m, k) => { m.contract = contract; m.desc = `Giao hàng đợt ${k + 1} theo HĐ số ${contract}`; oi.push(row(m, id, 'contract_reference')); });
        const ct = bankAscii(contract).replace('HDMB', r.pick(['HDMB', 'HD MB', 'HDKT']));
        st.push(row(credit(c, payDay(all[all.length - 1]), all.reduce((s, m) => s + m.amount, 0), `${who(c)}TT HOP DONG ${ct}`), id, 'contract_reference'));
        continue;
      }
      if (x < 0.7) {
        // A decreasing adjustment invoice (hóa đơn điều chỉnh giảm) netted by the payer.
        counters[i.series] += 1;
        const adj: Inv = { cust: c, series: i.series, no: counters[i.series], day: Math.min(i.day + r.int(3, 15), dayOf(2026, 11, 22)), voucher: `GG${String(r.int(100, 999)).padStart(5, '0')}`, desc: `Điều chỉnh giảm HĐ ${String(i.no).padStart(7, '0')} do giảm giá hàng bán`, amount: -Math.round((i.amount * r.int(3, 20)) / 100 / 1000) * 1000, paidBefore: 0 };
        oi.push(row(i, id, 'adjustment_netted'), row(adj, id, 'adjustment_netted'));
        st.push(row(credit(c, payDay(adj), i.amount + adj.amount, numberText(c, [invNo(r, i)])), id, 'adjustment_netted'));
        continue;
      }
      if (x < 0.75) {
        const first = Math.round((i.amount * r.int(30, 60)) / 100 / 100000) * 100000;
        const d1 = payDay(i), d2 = businessDay(d1 + r.int(10, 30));
        if (d2 > dayOf(2026, 11, 30)) {
          // The second instalment has not come yet.
          oi.push(row(i, id, 'part_payment'));
          st.push(row(credit(c, d1, first, `${who(c)}TT DOT 1 HD ${invNo(r, i)}`), id, 'part_payment'));
          continue;
        }
        oi.push(row(i, id, 'instalments'));
        st.push(row(credit(c, d1, first, `${who(c)}TT DOT 1 HD ${invNo(r, i)}`), id, 'instalments'), row(credit(c, d2, i.amount - first, `${who(c)}TT DOT 2 CON LAI HD ${invNo(r, i)}`), id, 'instalments'));
        continue;
      }
      if (x < 0.79) {
        const part = Math.round((i.amount * r.int(30, 70)) / 100 / 1000000) * 1000000 || 1000000;
        oi.push(row(i, id, 'part_payment'));
        st.push(row(credit(c, payDay(i), Math.min(part, i.amount - 1000), `${who(c)}${r.pick(['TAM UNG', 'TT MOT PHAN', 'TT TRUOC'])} HD ${invNo(r, i)}`), id, 'part_payment'));
        continue;
      }
      if (x < 0.83 && i.amount % 10000 !== 0) {
        oi.push(row(i, id, 'rounded_down'));
        st.push(row(credit(c, payDay(i), Math.floor(i.amount / 10000) * 10000, numberText(c, [invNo(r, i)])), id, 'rounded_down'));
        continue;
      }
      if (x < 0.88) {
        const t = `${bankAscii(c.director)} ${r.pick(['CK', 'CHUYEN KHOAN', 'CHUYEN TIEN'])} ${r.chance(0.7) ? 'TT HD ' + invNo(r, i) : 'TIEN HANG'}${r.chance(0.5) ? ' CHO ' + bankName(r, c.name) : ''}`;
        const amb = !t.includes('TT HD') && !t.includes(' CHO ') && (amountCount.get(i.amount) ?? 0) > 1;
        oi.push(row(i, id, 'personal_account_payer', amb));
        st.push(row(credit(c, payDay(i), i.amount, t, true), id, 'personal_account_payer', amb));
        continue;
      }
      if (x < 0.9) {
        const d = payDay(i);
        const t = numberText(c, [invNo(r, i)]);
        oi.push(row(i, id, 'single_by_invoice_number'));
        st.push(row(credit(c, d, i.amount, t), id, 'single_by_invoice_number'), row(credit(c, Math.min(dayOf(2026, 11, 30), d + r.int(0, 3)), i.amount, t), null, 'duplicate_payment'));
        st.push(row({ day: Math.min(dayOf(2026, 11, 30), businessDay(d + r.int(7, 20))), ref: stRef(), debit: i.amount, credit: 0, text: `HOAN TRA TIEN CHUYEN THUA CHO ${bankName(r, c.name)}` }, null, 'refund_of_duplicate'));
        continue;
      }
      if (x < 0.93) {
        // A twin of equal amount: the payment names no number.
        counters[i.series] += 1;
        const twin: Inv = { ...i, no: counters[i.series], day: Math.min(i.day + r.int(1, 9), dayOf(2026, 11, 22)), voucher: `BH${String(r.int(1000, 9999)).padStart(5, '0')}` };
        oi.push(row(i, id, 'ambiguous_equal_amounts', true), row(twin, null, 'ambiguous_equal_amounts', true));
        st.push(row(credit(c, payDay(twin), i.amount, `${bankName(r, c.name)} THANH TOAN TIEN HANG`), id, 'ambiguous_equal_amounts', true));
        continue;
      }
      if (x < 0.96) {
        // Partly paid before the period; the payer settles the rest.
        i.paidBefore = Math.round((i.amount * r.int(20, 60)) / 100 / 1000000) * 1000000 || 1000000;
        if (i.paidBefore >= i.amount) i.paidBefore = 0;
        oi.push(row(i, id, 'remaining_balance'));
        st.push(row(credit(c, payDay(i), i.amount - i.paidBefore, `${who(c)}TT NOT CON LAI HD ${invNo(r, i)}`), id, 'remaining_balance'));
        continue;
      }
      oi.push(row(i, null, 'unpaid_invoice'));
    }
  }
  // Lines that pay nothing on the list.
  const nNoise = Math.round(st.length * 0.12);
  for (let k = 0; k < nNoise; k++) {
    const day = businessDay(dayOf(2026, 9, 1) + r.int(0, 90));
    const v = r.int(1, 6);
    const out = (a: number, t: string) => st.push(row({ day, ref: stRef(), debit: a, credit: 0, text: t }, null, 'noise_debit'));
    if (v === 1) out(r.pick([11000, 22000, 55000]), r.pick(['THU PHI QUAN LY TAI KHOAN', 'PHI DV SMS BANKING THANG ' + r.int(9, 11), 'PHI CHUYEN TIEN LIEN NGAN HANG']));
    else if (v === 2) out(r.int(300, 2000) * 1000000, `CHI LUONG THANG ${ymd(day).m === 9 ? 8 : ymd(day).m - r.int(0, 1)}/2026 CHO CBNV`);
    else if (v === 3) out(r.int(20, 900) * 1000000, `NOP THUE ${r.pick(['GTGT', 'TNCN', 'TNDN TAM NOP'])} ${r.chance(0.5) ? 'THANG ' + (ymd(day).m - 1) : 'QUY ' + (ymd(day).m > 9 ? 3 : 2)}/2026 MST 0105678912`);
    else if (v === 4) st.push(row({ day, ref: stRef(), debit: 0, credit: r.int(2000, 60000) * 1000 - r.int(0, 999) * 10, text: `VCB POS TT THE TID ${r.int(10000000, 99999999)} NGAY ${dmy(day - 1, '/')} MID 120000${r.int(1000, 9999)}` }, null, 'card_settlement'));
    else out(r.int(30, 2000) * 1000000, `CHUYEN TIEN TT CHO ${bankName(r, `${r.pick(PREFIX)} ${r.pick(TRADE)} ${r.pick(NAME)}`)} HD ${r.int(100, 9999)}`);
  }
  // Interest on the current account, credited on the last day of each month.
  for (const d of [dayOf(2026, 9, 30), dayOf(2026, 10, 31), dayOf(2026, 11, 30)]) st.push(row({ day: d, ref: stRef(), debit: 0, credit: r.int(200000, 2500000), text: `TRA LAI TIEN GUI KHONG KY HAN THANG ${dmy(d, '/').slice(3)}` }, null, 'interest'));
  // File order: the ledger by customer then date; the statement by day.
  const allInv = [...oi];
  allInv.sort((a, b) => a.data.cust.code.localeCompare(b.data.cust.code) || a.data.day - b.data.day || a.data.no - b.data.no);
  const sts = st.map((s, k) => ({ s, k })).sort((a, b) => a.s.data.day - b.s.data.day || a.k - b.k).map((x) => x.s);
  // MISA: VN locale amounts (dot thousands), comma-separated CSV, a preamble and a total line.
  const vnd = (v: number) => money(v, { dec: ',', thou: '.', decimals: 0 });
  const L: string[] = [
    'CÔNG TY CỔ PHẦN THIẾT BỊ ĐIỆN AN PHÁT',
    'Địa chỉ: Số 18 Nguyễn Văn Cừ, phường Bồ Đề, Hà Nội - MST: 0105678912',
    'CHI TIẾT CÔNG NỢ PHẢI THU KHÁCH HÀNG',
    'Tài khoản: 131; Loại tiền: VND; Từ ngày 01/07/2026 đến ngày 30/11/2026',
    '',
    'Ngày hạch toán,Ngày chứng từ,Số chứng từ,Ký hiệu hóa đơn,Số hóa đơn,Mã khách hàng,Tên khách hàng,Mã số thuế,Diễn giải,Hạn thanh toán,Số tiền,Đã thu,Còn phải thu',
  ];
  let tot = 0, totPaid = 0;
  for (const { data: i } of allInv) {
    tot += i.amount;
    totPaid += i.paidBefore;
    L.push([dmy(i.day, '/'), dmy(i.day, '/'), i.voucher, i.series, String(i.no).padStart(7, '0'), i.cust.code, i.cust.name, i.cust.mst, i.desc, dmy(i.day + 30, '/'), vnd(i.amount), vnd(i.paidBefore), vnd(i.amount - i.paidBefore)].map((f) => field(f, ',')).join(','));
  }
  L.push(['Cộng', '', '', '', '', '', '', '', '', '', vnd(tot), vnd(totPaid), vnd(tot - totPaid)].join(','));
  // Vietcombank: bilingual preamble, comma-thousands amounts (quoted), running balance, totals.
  const us = (v: number) => money(v, { dec: '.', thou: ',', decimals: 0 });
  // An opening balance the account never overdraws from.
  let low = 0, run = 0;
  for (const s of sts) { run += s.data.credit - s.data.debit; low = Math.min(low, run); }
  const opening = 4_812_375_000 + Math.ceil(-low / 1e9) * 1e9;
  const S: string[] = [
    'NGÂN HÀNG TMCP NGOẠI THƯƠNG VIỆT NAM - VIETCOMBANK',
    'SAO KÊ TÀI KHOẢN / ACCOUNT STATEMENT',
    'Số tài khoản/Account number: 0011004123456',
    'Tên tài khoản/Account name: CONG TY CO PHAN THIET BI DIEN AN PHAT',
    'Loại tiền/Currency: VND',
    'Từ ngày/From: 01/09/2026 Đến ngày/To: 30/11/2026',
    `Số dư đầu kỳ/Opening balance: "${us(opening)}"`,
    '',
    'STT,Ngày GD/TNX Date,Số CT/Doc No,Ghi nợ/Debit,Ghi có/Credit,Số dư/Balance,Nội dung chi tiết/Transactions in detail',
  ];
  let bal = opening, dr = 0, cr = 0;
  sts.forEach((s, k) => {
    bal += s.data.credit - s.data.debit;
    dr += s.data.debit;
    cr += s.data.credit;
    S.push([String(k + 1), dmy(s.data.day, '/'), s.data.ref, s.data.debit ? us(s.data.debit) : '', s.data.credit ? us(s.data.credit) : '', us(bal), s.data.text].map((f) => field(f, ',')).join(','));
  });
  S.push('', `Tổng số ghi nợ/Total debit: "${us(dr)}"`, `Tổng số ghi có/Total credit: "${us(cr)}"`, `Số dư cuối kỳ/Closing balance: "${us(bal)}"`);
  return {
    name: 'vn-vcb',
    description: `A Hanoi electrical-equipment distributor exports its receivables ledger from MISA (Vietnamese headers, UTF-8 with BOM, comma-separated, amounts in whole VND with dot thousands "13.585.000", dd/mm/yyyy, a four-line preamble and a "Cộng" total line) and its Vietcombank account statement (bilingual preamble with the opening balance, quoted comma-thousands amounts "13,585,000" in separate Debit/Credit columns with a running balance, a totals trailer). E-invoices are numbered per series (1C26TAA head office, 1C26TBB HCMC branch, 1C25TAA left from last year) so the same number exists in two series; the ledger writes it zero-padded to seven digits, payers write it with or without the zeros. The bank passes payers' text on in upper case without diacritics, company forms abbreviated (CTY TNHH, CTY CP, XD, TM), inside channel wrappers full of digits (MBVCB.<id>.<text>.CT tu <account> …, IBFT, BANK;account;name;text). "HD" means both invoice (hóa đơn) and contract (hợp đồng). Cases: payment by invoice number, numbers present in two series, several invoices in one payment, name-only and tax-code-only (MST) payments, payments citing a sales contract covering one or two invoices, decreasing adjustment invoices netted, instalments (DOT 1 / DOT 2), part payments (TAM UNG), payers rounding down to 10,000 VND, directors paying from personal accounts, duplicate payments refunded, twin invoices of equal amount paid without a number (ambiguous), balances left from earlier part payments, unpaid invoices, and interest, account fees, salaries, tax payments, supplier payments and card (POS) settlements.`,
    openItems: { fileName: 'cong-no-phai-thu-MISA.csv', content: '\ufeff' + L.join('\r\n') + '\r\n' },
    statement: { fileName: 'VCB_saoke_0011004123456_092026-112026.csv', content: '\ufeff' + S.join('\r\n') + '\r\n' },
    truth: [...truthOf('open_items', allInv), ...truthOf('statement', sts)],
  };
}
