/**
 * kr-vaccount — 한빛유통 주식회사 (Ansan): a food and household-goods distributor selling on credit
 * to supermarkets, restaurants' suppliers and wholesalers, in KRW (no decimals).
 *
 * Open items: a Douzone-like "미수채권 현황 (전표별)" CSV, UTF-8 with BOM, `,`, CRLF, a title, a
 * print line and a blank above the header, a `합계` line after a blank; yyyy-mm-dd; quoted
 * `"1,234,000"`; per customer code its 사업자등록번호 (valid check digit) and the virtual account
 * (가상계좌) the company assigned to it; one row per tax invoice (세금계산서, 24-character NTS approval
 * number), 공급가액 / 부가세 / 합계 / 수금액 / 미수잔액; 반품 (수정세금계산서) rows negative.
 *
 * Statement: an IBK-like 거래내역 CSV, UTF-8 with BOM, newest first, 거래일시 `yyyy.mm.dd hh:mm:ss`,
 * 적요, 입금액 / 출금액 (the unused one `0`), 잔액, 입금자명 (as the payer's bank sent it: cut at
 * seven characters, with or without (주)/㈜, sometimes the owner's name), the virtual account the money
 * arrived on (hyphenated), 거래점. Virtual accounts name the customer, never the invoice.
 */
import type { World, WorldOptions } from '../world';
import { Amounts, Rng, allot, brnCheck, csvField, dayOf, fmtMoney, inFileOrder, pad, truthFor, uniqueName, ymd, type Gen } from './common';

const AS_OF = dayOf(2026, 11, 26), S0 = dayOf(2026, 9, 1), D0 = dayOf(2026, 8, 1);
const STEM = ['대성', '미래', '한솔', '우리', '새한', '동원', '삼정', '청솔', '금강', '태평', '신세계', '행복', '다온', '푸른', '영진', '성원', '한마음', '진로', '하나', '제일', '대한', '보람', '늘푸른', '서해', '남도', '경인', '한라', '백두', '초록', '정우'];
const KIND = ['상사', '유통', '마트', '식품', '산업', '물산', '상회', '푸드', '종합상사', '식자재', '마켓', '도매'];
const SURNAME = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임'];
const GIVEN = ['영수', '민준', '서연', '지훈', '현우', '수진', '정희', '상철', '미경', '동현'];

interface Cust { code: string; name: string; bare: string; corp: boolean; owner: string; brn: string; va: string; style: number }
interface Inv { c: Cust; day: number; no: string; appr: string; memo: string; supply: number; vat: number; paid: number; open: number; due: number }
interface Mov { t: number; memo: string; amt: number; who: string; va: string; branch: string }

const won = (v: number) => fmtMoney(v, ',', '', 0);
const ymdStr = (d: number, sep = '-') => { const [y, m, dd] = ymd(d); return `${y}${sep}${pad(m, 2)}${sep}${pad(dd, 2)}`; };
const vaShown = (va: string) => `${va.slice(0, 3)}-${va.slice(3, 9)}-${va.slice(9, 11)}-${va.slice(11)}`;

export function krVaccount({ seed, openItems }: WorldOptions): World {
  const rng = new Rng(seed * 104729 + 82);
  const amounts = new Amounts(rng);
  const used = new Set<string>();
  const nCust = Math.max(10, Math.round(openItems / 11));
  const custs: Cust[] = [];
  for (let i = 0; i < nCust; i++) {
    const corp = rng.chance(0.65);
    const bare = uniqueName(used, () => (rng.chance(0.3) ? rng.pick(['서울', '부산', '대구', '인천', '광주', '수원', '안산']) : '') + rng.pick(STEM) + rng.pick(KIND));
    const name = corp ? rng.pick([`(주)${bare}`, `${bare}(주)`, `㈜${bare}`, `주식회사 ${bare}`]) : bare;
    const b9 = `${rng.int(101, 899)}${pad(rng.int(corp ? 81 : 1, corp ? 88 : 79), 2)}${pad(rng.int(0, 9999), 4)}`;
    const brn = b9 + brnCheck(b9);
    custs.push({ code: pad(10000 + i * 3, 5), name, bare, corp, owner: rng.pick(SURNAME) + rng.pick(GIVEN), brn: `${brn.slice(0, 3)}-${brn.slice(3, 5)}-${brn.slice(5)}`, va: `562${pad(seed % 1000, 3)}${pad(70000000 + i * 17, 8)}`, style: rng.int(0, 4) });
  }
  /** 입금자명 as the payer's bank sends it for this customer (one habit per customer, sometimes another). */
  const depositor = (c: Cust) => {
    const s = rng.chance(0.85) ? c.style : rng.int(0, 4);
    const v = !c.corp && s >= 3 ? c.owner : s === 0 ? c.bare : s === 1 ? `(주)${c.bare}` : s === 2 ? `㈜${c.bare}` : s === 3 ? `주식회사${c.bare}` : c.name.replace(/\s/g, '');
    return [...v].slice(0, 7).join('');
  };
  let gid = 0, slip = 0;
  const oi: Gen<Inv>[] = [], st: Gen<Mov>[] = [];
  const custOf = () => custs[rng.skewedIndex(custs.length)];
  const inv = (c: Cust, day: number, o: Partial<Inv> = {}): Inv => {
    const supply = o.supply ?? 0;
    const vat = o.vat ?? Math.floor(supply / 10);
    const i: Inv = { c, day, no: '', appr: `${ymdStr(day, '')}-${41000000 + rng.int(0, 999999)}-${rng.digits(8)}`, memo: rng.pick(['상품 납품', '식자재 납품', '생활용품 납품', '월 정기 납품', '음료 납품']), supply, vat, paid: 0, open: supply + vat, due: 0, ...o };
    i.open = i.supply + i.vat - i.paid;
    i.due = i.due || monthEnd(day) + 25;
    return i;
  };
  const monthEnd = (d: number) => { const [y, m] = ymd(d); return dayOf(y, m + 1, 1) - 1; };
  /** 공급가액 of a 합계금액 (부가세 = 공급가액 / 10, rounded down); totals that no supply gives are moved to the nearest one below. */
  const fixSupply = (total: number) => { let sp = Math.floor((total * 10) / 11) + 2; while (sp + Math.floor(sp / 10) > total) sp--; return sp; };
  const vatTotal = (sp: number) => sp + Math.floor(sp / 10);
  const mk = (c: Cust, day: number, o: Partial<Inv> = {}) => {
    if (o.supply === undefined) {
      const total = amounts.fresh(c.code, () => vatTotal(Math.round(rng.amountCents(900, 140000) / 10) * 10));
      o = { ...o, supply: fixSupply(total) };
      o.vat = total - o.supply!;
    }
    return inv(c, day, o);
  };
  const time = (d: number) => d * 86400 + rng.int(8 * 3600, 21 * 3600);
  const addOi = (i: Inv, g: string | null, kind: string, amb = false) => oi.push({ key: Number(i.c.code) * 100000 + i.day, v: i, g, kind, amb });
  const addSt = (m: Mov, g: string | null, kind: string, amb = false) => st.push({ key: m.t, v: m, g, kind, amb });
  const vaDeposit = (c: Cust, d: number, amt: number): Mov => ({ t: time(d), memo: '가상계좌입금', amt, who: depositor(c), va: vaShown(c.va), branch: rng.pick(['인터넷', '타행', '모바일', 'CMS']) });
  const transfer = (c: Cust, d: number, amt: number): Mov => ({ t: time(d), memo: rng.pick(['타행이체', '인터넷입금', '모바일입금', 'FB입금']), amt, who: depositor(c), va: '', branch: rng.pick(['안산중앙', '인터넷', '타행']) });
  const payIn = (month0: number) => Math.min(AS_OF - 1, monthEnd(month0) + rng.int(5, 28));
  const monthStarts = [dayOf(2026, 8, 1), dayOf(2026, 9, 1), dayOf(2026, 10, 1)];

  const n = allot(openItems, {
    va_single_exact: 0.18, va_monthly_sum: 0.3, va_monthly_sum_fee_net: 0.1, va_credit_netted: 0.06, transfer_name_only: 0.04, transfer_name_monthly_sum: 0.05,
    paid_by_affiliate: 0.03, va_partial_payment: 0.015, remaining_balance: 0.015, ambiguous_equal_amounts: 0.02, open_credit_note: 0.008, unpaid_invoice: 1,
  });
  const left = { ...n };
  // One invoice, one deposit (on the virtual account, or by ordinary transfer naming only the payer).
  for (const kind of ['va_single_exact', 'transfer_name_only'] as const) {
    for (; left[kind] > 0; left[kind]--) {
      const c = custOf(), m0 = rng.pick(monthStarts), i = mk(c, m0 + rng.int(0, 27)), g = `g${++gid}`, pay = payIn(m0);
      addOi(i, g, kind);
      addSt(kind === 'va_single_exact' ? vaDeposit(c, pay, i.open) : transfer(c, pay, i.open), g, kind);
    }
  }
  // A month's invoices in one deposit: exact, less a transfer fee, netted with a 반품, or by ordinary transfer.
  for (const kind of ['va_monthly_sum', 'va_monthly_sum_fee_net', 'va_credit_netted', 'transfer_name_monthly_sum'] as const) {
    while (left[kind] > 0) {
      const c = custOf(), m0 = rng.pick(monthStarts), k = Math.min(left[kind], rng.int(3, 8)), g = `g${++gid}`, pay = payIn(m0);
      const docs: Inv[] = [];
      for (let j = 0; j < (kind === 'va_credit_netted' ? Math.max(1, k - 1) : k); j++) docs.push(mk(c, m0 + rng.int(0, 27)));
      if (kind === 'va_credit_netted') {
        const supply = -Math.round((docs[0].supply * rng.pick([0.1, 0.2, 0.3])) / 10) * 10, total = -vatTotal(-supply);
        amounts.mark(c.code, total);
        docs.push(inv(c, docs[0].day + rng.int(1, 5), { supply, vat: total - supply, memo: '반품 (수정세금계산서)' }));
      }
      for (const d of docs) addOi(d, g, kind);
      const sum = docs.reduce((s, d) => s + d.open, 0), fee = kind === 'va_monthly_sum_fee_net' ? rng.pick([500, 500, 1000, 1000, 1200]) : 0;
      addSt(kind === 'transfer_name_monthly_sum' ? transfer(c, pay, sum) : vaDeposit(c, pay, sum - fee), g, kind);
      left[kind] -= docs.length;
    }
  }
  // A head office pays, on its own virtual account, a month of a branch company's invoices.
  while (left.paid_by_affiliate > 0) {
    const parent = custs[rng.int(0, Math.min(custs.length - 1, 15))];
    let child = custOf();
    while (child === parent) child = custOf();
    const m0 = rng.pick(monthStarts), k = Math.min(left.paid_by_affiliate, rng.int(2, 4)), g = `g${++gid}`, docs: Inv[] = [];
    for (let j = 0; j < k; j++) docs.push(mk(rng.chance(0.5) ? parent : child, m0 + rng.int(0, 27)));
    if (docs.every((d) => d.c === parent)) docs[0] = mk(child, docs[0].day);
    for (const d of docs) addOi(d, g, 'paid_by_affiliate');
    addSt(vaDeposit(parent, payIn(m0), docs.reduce((s, d) => s + d.open, 0)), g, 'paid_by_affiliate');
    left.paid_by_affiliate -= k;
  }
  for (; left.va_partial_payment > 0; left.va_partial_payment--) {
    const c = custOf(), m0 = rng.pick(monthStarts), i = mk(c, m0 + rng.int(0, 27)), g = `g${++gid}`;
    addOi(i, g, 'va_partial_payment');
    const unit = i.open > 1000000 ? 10000 : 1000;
    addSt(vaDeposit(c, payIn(m0), Math.round((i.open * (0.33 + rng.next() * 0.34)) / unit) * unit), g, 'va_partial_payment');
  }
  for (; left.remaining_balance > 0; left.remaining_balance--) {
    const c = custOf(), day = rng.int(D0, dayOf(2026, 9, 20)), g = `g${++gid}`;
    const total = amounts.fresh(c.code, () => vatTotal(Math.round(rng.amountCents(2000, 140000) / 10) * 10)), s = fixSupply(total);
    const i = inv(c, day, { supply: s, vat: total - s, paid: Math.round((total * rng.pick([0.3, 0.5, 0.6])) / 10000) * 10000 });
    amounts.mark(c.code, i.open);
    addOi(i, g, 'remaining_balance');
    addSt(vaDeposit(c, rng.int(Math.max(S0, day + 30), AS_OF - 1), i.open), g, 'remaining_balance');
  }
  // Monthly rental of a display freezer: equal invoices, one deposit naming neither.
  while (left.ambiguous_equal_amounts >= 2) {
    const c = custOf(), g = `g${++gid}`, total = amounts.fresh(c.code, () => rng.int(5, 40) * 11000), s = fixSupply(total);
    const a = inv(c, dayOf(2026, 9, 30), { supply: s, vat: total - s, memo: '냉동쇼케이스 임대료' }), b = inv(c, dayOf(2026, 10, 31), { supply: s, vat: total - s, memo: '냉동쇼케이스 임대료' });
    addOi(a, g, 'ambiguous_equal_amounts', true);
    addOi(b, null, 'ambiguous_equal_amounts', true);
    addSt(vaDeposit(c, rng.int(dayOf(2026, 11, 5), AS_OF - 1), total), g, 'ambiguous_equal_amounts', true);
    left.ambiguous_equal_amounts -= 2;
  }
  for (; left.open_credit_note > 0; left.open_credit_note--) {
    const c = custOf(), total = -amounts.fresh(c.code, () => vatTotal(Math.round(rng.amountCents(100, 20000) / 10) * 10)), s = -fixSupply(-total);
    addOi(inv(c, rng.int(dayOf(2026, 11, 1), AS_OF - 1), { supply: s, vat: total - s, memo: '반품 (수정세금계산서)' }), null, 'open_credit_note');
  }
  for (; left.unpaid_invoice > 0; left.unpaid_invoice--) { const c = custOf(); addOi(mk(c, rng.chance(0.6) ? rng.int(dayOf(2026, 10, 20), AS_OF - 1) : rng.int(D0, AS_OF - 1)), null, 'unpaid_invoice'); }

  // Noise: payroll, social insurance, VAT, card settlement, supplier payments, bank fees, interest; advance deposits (선입금).
  for (let m = 9; m <= 11; m++) {
    const d = (x: number) => dayOf(2026, m, x);
    addSt({ t: time(d(10)), memo: '급여이체', amt: -rng.int(180, 240) * 1000000 - rng.int(0, 999) * 1000, who: '', va: '', branch: '인터넷' }, null, 'noise');
    addSt({ t: time(d(10)), memo: '국민연금', amt: -rng.int(9000, 12000) * 1000, who: '', va: '', branch: 'CMS' }, null, 'noise');
    addSt({ t: time(d(10)), memo: '건강보험', amt: -rng.int(8000, 11000) * 1000, who: '', va: '', branch: 'CMS' }, null, 'noise');
    addSt({ t: time(d(14)), memo: '카드대금', amt: -rng.int(5000, 30000) * 1000 - rng.int(0, 999), who: '', va: '', branch: 'CMS' }, null, 'noise');
    addSt({ t: time(d(2)), memo: '가상계좌수수료', amt: -rng.int(80, 300) * 150, who: '', va: '', branch: '본점' }, null, 'noise');
    if (m === 10) addSt({ t: time(d(24)), memo: '부가가치세', amt: -rng.int(150, 400) * 1000000, who: '', va: '', branch: '국세' }, null, 'noise');
    if (m !== 11) addSt({ t: time(d(25)), memo: '결산이자', amt: rng.int(100000, 900000), who: '', va: '', branch: '본점' }, null, 'noise');
  }
  const SUP = ['오뚜기', 'CJ제일제당', '농심', '대상', '동서식품', '풀무원', '롯데칠성', '해태제과'];
  const nNoise = Math.round(openItems * 0.06);
  for (let i = 0; i < nNoise; i += 2) {
    const d = rng.int(S0, AS_OF - 1);
    addSt({ t: time(d), memo: '타행이체', amt: -Math.round(rng.amountCents(5000000, 90000000) / 100000) * 1000, who: rng.pick(SUP), va: '', branch: '인터넷' }, null, 'noise');
    addSt({ t: time(d), memo: '타행이체수수료', amt: -500, who: '', va: '', branch: '인터넷' }, null, 'noise');
  }
  for (let i = 0; i < Math.max(2, Math.round(openItems * 0.006)); i++) {
    const c = oi[rng.int(0, oi.length - 1)].v.c;
    addSt(vaDeposit(c, rng.int(S0, AS_OF - 1), rng.int(10, 200) * 10000 + 3000), null, 'noise_advance_deposit');
  }

  // Slip numbers follow the date (전표번호 yyyymmdd-nnnnn).
  const byDay = oi.map((r) => [r.v, rng.next()] as const).sort((a, b) => a[0].day - b[0].day || a[1] - b[1]);
  for (const [i] of byDay) i.no = `${ymdStr(i.day, '')}-${pad(++slip, 5)}`;

  // ---- Files -----------------------------------------------------------------------------
  const O = inFileOrder(oi, rng), S = inFileOrder(st, rng, true);
  const head = ['거래처코드', '거래처명', '사업자등록번호', '가상계좌번호', '전표일자', '전표번호', '세금계산서 승인번호', '적요', '공급가액', '부가세', '합계금액', '수금액', '미수잔액', '수금예정일'];
  const q = (s: string) => csvField(s, ',');
  const L = ['\ufeff미수채권 현황 (전표별)', `회사: 한빛유통 주식회사,기준일: ${ymdStr(AS_OF)},출력: 경리팀`, '', head.join(',')];
  const tot = [0, 0, 0, 0, 0];
  for (const { v: i } of O) {
    [i.supply, i.vat, i.supply + i.vat, i.paid, i.open].forEach((x, k) => (tot[k] += x));
    L.push([i.c.code, i.c.name, i.c.brn, i.c.va, ymdStr(i.day), i.no, i.appr, i.memo, won(i.supply), won(i.vat), won(i.supply + i.vat), won(i.paid), won(i.open), ymdStr(i.due)].map(q).join(','));
  }
  L.push('', ['합계', '', '', '', '', '', '', '', ...tot.map(won), ''].map(q).join(','));
  let bal = 412_385_220;
  const bals = new Map<Gen<Mov>, number>();
  for (const r of [...S].reverse()) { bal += r.v.amt; bals.set(r, bal); }
  const dt = (t: number) => { const d = Math.floor(t / 86400), s = t % 86400; return `${ymdStr(d, '.')} ${pad(Math.floor(s / 3600), 2)}:${pad(Math.floor(s / 60) % 60, 2)}:${pad(s % 60, 2)}`; };
  const M = ['\ufeff거래내역조회', '계좌번호,024-118273-01-015', '예금주,한빛유통 주식회사', `조회기간,${ymdStr(S0)} ~ ${ymdStr(AS_OF)}`, '', '거래일시,적요,입금액,출금액,잔액,입금자명,가상계좌번호,거래점'];
  for (const r of S) M.push([dt(r.v.t), r.v.memo, won(Math.max(0, r.v.amt)), won(Math.max(0, -r.v.amt)), won(bals.get(r)!), r.v.who, r.v.va, r.v.branch].map(q).join(','));
  return {
    name: 'kr-vaccount',
    description: `A Korean food and household-goods distributor (KRW). Open items: a Douzone-like 미수채권 현황 CSV (UTF-8 BOM, Korean headings) with one row per 세금계산서 (approval number), 공급가액/부가세/합계/수금액/미수잔액 and the customer's 가상계좌. Statement: an IBK-like 거래내역 CSV (UTF-8 BOM, newest first, 입금액/출금액 with 0 in the unused one, 입금자명 cut at seven characters with or without (주)/㈜ or the owner's name, the virtual account hyphenated). Virtual accounts identify the customer only: single invoices, a month's invoices in one deposit (exact, less a 500–1,200 won fee, netted with a 반품), ordinary transfers naming only the payer, a head office paying a branch company's invoices, part payments, remaining balances, equal monthly rentals; payroll, social insurance, VAT, card, supplier transfers with fees, interest, advance deposits on a virtual account.`,
    openItems: { fileName: 'kr-vaccount-misu-chaegwon.csv', content: L.join('\r\n') + '\r\n' },
    statement: { fileName: 'kr-vaccount-georae-naeyeok.csv', content: M.join('\r\n') + '\r\n' },
    truth: [...truthFor('open_items', O), ...truthFor('statement', S)],
  };
}
