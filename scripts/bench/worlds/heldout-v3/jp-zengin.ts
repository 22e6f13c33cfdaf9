/**
 * jp-zengin — 株式会社みなと精工 (Minato Seiko), Hamamatsu: a Japanese parts maker selling on monthly
 * closing dates (締め日) and collecting by bank transfer, promissory notes (手形) and densai.
 *
 * Open items: a receivables export from a sales-management package (UTF-8 with BOM, `,`, CRLF,
 * yyyy/mm/dd, amounts with thousands commas in quotes, no decimals). Most customers get one
 * consolidated 請求書 per closing date; some are kept per delivery slip (売上伝票), paid as one sum per
 * closing period; returns are red slips (赤伝票, negative).
 *
 * Statement: 入出金明細 CSV (UTF-8 with BOM, `,`, oldest first, running balance). Transfers show
 * `振込　` and the payer as the Zengin network carries it: half-width katakana, legal form as `ｶ)` /
 * `(ｶ` / `ﾕ)`, small kana written large, cut at 30 characters. Payers never cite an invoice: name,
 * amount and the expected date are all there is, and many deduct the transfer fee (振込手数料).
 */
import type { World, WorldOptions } from '../world';
import { Amounts, Rng, csvField, fmtMoney, dayOf, inFileOrder, lastOfMonth, nextBiz, pad, prevBiz, toHalfKana, truthFor, ymd, type Gen } from './common';

const NAME = 'jp-zengin';

const PREFIX: [string, string][] = [
  ['山田', 'ヤマダ'], ['北斗', 'ホクト'], ['東和', 'トウワ'], ['大成', 'タイセイ'], ['丸三', 'マルサン'], ['日進', 'ニッシン'], ['三協', 'サンキョウ'], ['中央', 'チュウオウ'],
  ['青葉', 'アオバ'], ['富士見', 'フジミ'], ['昭和', 'ショウワ'], ['協和', 'キョウワ'], ['新光', 'シンコウ'], ['大和', 'ヤマト'], ['旭', 'アサヒ'], ['光洋', 'コウヨウ'],
  ['太平', 'タイヘイ'], ['東邦', 'トウホウ'], ['菱和', 'リョウワ'], ['千代田', 'チヨダ'], ['浜名', 'ハマナ'], ['遠州', 'エンシュウ'], ['天竜', 'テンリュウ'], ['駿河', 'スルガ'],
  ['三和', 'サンワ'], ['朝日', 'アサヒ'], ['日東', 'ニットウ'], ['東洋', 'トウヨウ'], ['第一', 'ダイイチ'], ['共栄', 'キョウエイ'], ['平和', 'ヘイワ'], ['富士', 'フジ'],
  ['明和', 'メイワ'], ['松本', 'マツモト'], ['小林', 'コバヤシ'], ['加藤', 'カトウ'], ['吉田', 'ヨシダ'], ['森', 'モリ'], ['三友', 'サンユウ'], ['豊田', 'トヨダ'],
];
const SUFFIX: [string, string][] = [
  ['商事', 'ショウジ'], ['電機', 'デンキ'], ['産業', 'サンギョウ'], ['工業', 'コウギョウ'], ['金属', 'キンゾク'], ['精工', 'セイコウ'], ['機材', 'キザイ'], ['化成', 'カセイ'],
  ['製作所', 'セイサクショ'], ['技研', 'ギケン'], ['物産', 'ブッサン'], ['電子', 'デンシ'], ['工機', 'コウキ'], ['テクノ', 'テクノ'], ['システム', 'システム'],
  ['精機', 'セイキ'], ['鋼材', 'コウザイ'], ['工業所', 'コウギョウショ'], ['機工', 'キコウ'], ['商会', 'ショウカイ'], ['設備', 'セツビ'], ['ゴム', 'ゴム'], ['樹脂', 'ジュシ'],
];
const PEOPLE: [string, string][] = [['鈴木 一郎', 'スズキ イチロウ'], ['佐藤 健二', 'サトウ ケンジ'], ['高橋 誠', 'タカハシ マコト'], ['伊藤 浩', 'イトウ ヒロシ'], ['渡辺 修', 'ワタナベ オサム'], ['中村 聡', 'ナカムラ サトシ']];

type Behaviour = 'exact' | 'fee' | 'delivery' | 'delivery_fee' | 'differs' | 'fixed' | 'bill' | 'densai';
interface Customer {
  code: string; name: string; kana: string; form: 'kk-pre' | 'kk-post' | 'yk' | 'none'; payer: string; closing: number; terms: number; termDay: number;
  holidayPrev: boolean; behaviour: Behaviour; fee: [number, number]; fixed: number; method: string; groupOf?: string;
}
interface Item { cust: Customer; type: '請求書' | '売上伝票' | '赤伝票'; no: string; closing: number; date: number; due: number; amount: number; paid: number }
interface StRow { date: number; text: string; amount: number; kubun: string }

/** The payer as it arrives in a Zengin transfer: half-width, legal form abbreviated, 30 characters. */
function zenginName(kana: string, form: Customer['form']): string {
  const k = toHalfKana(kana.replace(/ /g, ' '));
  const s = form === 'kk-pre' ? `ｶ)${k}` : form === 'kk-post' ? `${k}(ｶ` : form === 'yk' ? `ﾕ)${k}` : k;
  return s.slice(0, 30);
}

export function jpZengin({ seed, openItems }: WorldOptions): World {
  const rng = new Rng(seed * 40503 + 0x1a9f);
  const amounts = new Amounts(rng);
  const S0 = dayOf(2026, 8, 1), S1 = dayOf(2026, 10, 31), PRINT = dayOf(2026, 11, 2);
  const oi: Gen<Item>[] = [];
  const st: Gen<StRow>[] = [];
  let gid = 0;
  const G = () => `g${++gid}`;
  const usedNames = new Set<string>();
  let code = 1000;
  const newCustomer = (behaviour: Behaviour, forced?: [string, string]): Customer => {
    let pre: [string, string], suf: [string, string];
    let tries = 0;
    do {
      pre = forced && tries < 40 ? forced : rng.pick(PREFIX);
      if (++tries > 80) { const p2 = rng.pick(PREFIX); pre = [pre[0] + p2[0], pre[1] + p2[1]]; }
      suf = rng.pick(SUFFIX);
    } while (usedNames.has(pre[0] + suf[0]));
    usedNames.add(pre[0] + suf[0]);
    const form = rng.weighted({ 'kk-pre': 5, 'kk-post': 3, yk: 1, none: 0 });
    const name = form === 'kk-pre' ? `株式会社${pre[0]}${suf[0]}` : form === 'kk-post' ? `${pre[0]}${suf[0]}株式会社` : `有限会社${pre[0]}${suf[0]}`;
    const kana = pre[1] + suf[1];
    code += rng.int(1, 12);
    const closing = rng.pick([20, 25, 31, 31, 31]);
    const terms = rng.pick([1, 1, 1, 2]);
    const termDay = terms === 2 ? rng.pick([10, 31]) : rng.pick([25, 31, 31]);
    const same = rng.chance(0.2);
    const c: Customer = {
      code: String(code), name, kana, form, payer: zenginName(kana, form), closing, terms, termDay, holidayPrev: rng.chance(0.35), behaviour,
      fee: same ? [110, 330] : rng.pick([[440, 660], [660, 880], [550, 770]] as [number, number][]), fixed: 0, method: behaviour === 'bill' ? '手形' : behaviour === 'densai' ? 'でんさい' : '振込',
    };
    if (behaviour === 'differs') {
      // A sole proprietor's shop paying from the owner's account, or a firm paying under its trade name.
      const [, pk] = rng.pick(PEOPLE);
      c.payer = rng.chance(0.5) ? toHalfKana(pk) : zenginName(pre[1] + rng.pick(['ショウテン', 'ホンテン', 'ジギョウブ']), 'none');
    }
    if (behaviour === 'fixed') c.fixed = rng.int(3, 60) * 11000;
    // Some customers were asked to put their customer code in front of their name (依頼人コード).
    if ((behaviour === 'exact' || behaviour === 'fee') && rng.chance(0.1)) c.payer = `${c.code}${c.payer}`.slice(0, 30);
    return c;
  };
  const closingDate = (c: Customer, y: number, m: number) => (c.closing === 31 ? lastOfMonth(y, m) : dayOf(y, m, c.closing));
  const dueDate = (c: Customer, close: number) => {
    const [y, m] = ymd(close);
    if (c.method !== '振込') return nextBiz(lastOfMonth(y, m + 4)); // a 120-day note, due at month end
    const d = c.termDay === 31 ? lastOfMonth(y, m + c.terms) : dayOf(y, m + c.terms, c.termDay);
    return c.holidayPrev ? prevBiz(d) : nextBiz(d);
  };
  const payKind: Record<Behaviour, string> = {
    exact: 'name_amount_exact', fee: 'fee_deducted', delivery: 'delivery_slips_summed', delivery_fee: 'delivery_slips_fee_deducted', differs: 'payer_name_differs',
    fixed: 'fixed_monthly_fee', bill: 'bill_collection_batch', densai: 'bill_collection_batch',
  };
  const transfer = (date: number, payer: string, amount: number, g: string | null, kind: string, amb = false) =>
    st.push({ key: date, v: { date, text: `振込　${payer}`, amount, kubun: '振込入金' }, g, kind, amb });
  const feeOf = (c: Customer, amt: number) => (amt < 30000 ? c.fee[0] : c.fee[1]);
  const invAmount = (c: Customer) => amounts.fresh(c.code, () => Math.floor(rng.amountCents(80, 42000) / 100) * 110);
  const slipAmount = (c: Customer) => amounts.fresh(c.code, () => Math.floor(rng.amountCents(30, 9000) / 100) * 110);
  const batches = new Map<string, { g: string; total: number; n: number; method: string; date: number }>(); // n: notes (one per customer and closing)
  const months: [number, number][] = [[2026, 3], [2026, 4], [2026, 5], [2026, 6], [2026, 7], [2026, 8], [2026, 9]];

  /** One customer's items over the months; returns nothing, pushes rows. */
  const runCustomer = (c: Customer, group?: { payer: string; members: Customer[] }) => {
    const members = group ? group.members : [c];
    let carry: { items: Item[]; g: string } | null = null;
    const flush = () => {
      if (carry) for (const it of carry.items) oi.push({ key: it.date, v: it, g: null, kind: 'unpaid_overdue' });
      carry = null;
    };
    for (const [y, m] of months) {
      const close = closingDate(c, y, m);
      if (close > PRINT) continue;
      const due = dueDate(c, close);
      const items: Item[] = [];
      for (const mc of members) {
        const perSlip = mc.behaviour === 'delivery' || mc.behaviour === 'delivery_fee' || (mc.method !== '振込' && rng.chance(0.3));
        const nSlips = perSlip ? rng.int(2, 6) : 1;
        for (let k = 0; k < nSlips; k++) {
          const amount = mc.behaviour === 'fixed' ? mc.fixed : perSlip ? slipAmount(mc) : invAmount(mc);
          items.push({ cust: mc, type: perSlip ? '売上伝票' : '請求書', no: '', closing: close, date: perSlip ? close - rng.int(1, 27) : close, due, amount, paid: 0 });
        }
      }
      if (due < S0) {
        // Settled before the period: not on the list, except a few that were never paid.
        if (rng.chance(0.04) && c.behaviour !== 'fixed' && !group) for (const it of items) oi.push({ key: it.date, v: it, g: null, kind: 'unpaid_overdue' });
        continue;
      }
      if (due > S1 || (c.method === '振込' && rng.chance(0.04) && c.behaviour !== 'fixed')) {
        const kind = due > S1 ? 'not_yet_due' : 'unpaid_overdue';
        for (const it of items) oi.push({ key: it.date, v: it, g: null, kind });
        flush();
        continue;
      }
      if (c.method !== '振込') {
        const key = `${c.method}${due}`;
        const b = batches.get(key) ?? { g: G(), total: 0, n: 0, method: c.method, date: due };
        batches.set(key, b);
        for (const it of items) { oi.push({ key: it.date, v: it, g: b.g, kind: 'bill_collection_batch' }); b.total += it.amount; }
        b.n++;
        continue;
      }
      const g = G();
      const sum = items.reduce((s, it) => s + it.amount, 0);
      const payOn = rng.chance(0.85) ? due : nextBiz(due + rng.int(1, 6));
      if (payOn > S1) { for (const it of items) oi.push({ key: it.date, v: it, g: null, kind: 'not_yet_due' }); flush(); continue; }
      if (group) {
        for (const it of items) oi.push({ key: it.date, v: it, g, kind: 'group_company_payer' });
        transfer(payOn, group.payer, sum, g, 'group_company_payer');
        continue;
      }
      const r = rng.next();
      if (c.behaviour === 'fixed') {
        if (carry === null && rng.chance(0.25) && due + 40 < S1) {
          // This month is skipped; next month one fee arrives and nobody can tell which month it pays.
          carry = { items, g };
          continue;
        }
        if (carry) {
          oi.push({ key: carry.items[0].date, v: carry.items[0], g: carry.g, kind: 'ambiguous_equal_amounts', amb: true });
          oi.push({ key: items[0].date, v: items[0], g: null, kind: 'ambiguous_equal_amounts', amb: true });
          transfer(payOn, c.payer, c.fixed, carry.g, 'ambiguous_equal_amounts', true);
          carry = null;
          continue;
        }
        oi.push({ key: items[0].date, v: items[0], g, kind: 'fixed_monthly_fee' });
        transfer(payOn, c.payer, c.fixed, g, 'fixed_monthly_fee');
        continue;
      }
      const plainPayer = c.behaviour === 'exact' || c.behaviour === 'fee';
      if (r < 0.07 && items.length === 1 && plainPayer) {
        // A return credited on a red slip; the customer pays the net.
        const red: Item = { ...items[0], type: '赤伝票', date: close - rng.int(1, 15), amount: -amounts.fresh(c.code, () => Math.floor((items[0].amount * (0.03 + rng.next() * 0.3)) / 110) * 110), paid: 0 };
        oi.push({ key: items[0].date, v: items[0], g, kind: 'credit_note_netted' }, { key: red.date, v: red, g, kind: 'credit_note_netted' });
        transfer(payOn, c.payer, items[0].amount + red.amount, g, 'credit_note_netted');
        continue;
      }
      if (r < 0.1 && items.length === 1 && items[0].amount > 100000 && plainPayer) {
        // 内入金: a round part now, the rest later (after the period).
        oi.push({ key: items[0].date, v: items[0], g, kind: 'part_payment' });
        transfer(payOn, c.payer, Math.round((items[0].amount * (0.32 + rng.next() * 0.36)) / 1000) * 1000, g, 'part_payment');
        continue;
      }
      if (r >= 0.15 && r < 0.18 && items.length === 1 && plainPayer && items[0].amount > 50000) {
        // Part paid earlier (入金済額 shows it); the rest arrives now.
        const it = items[0];
        it.paid = Math.round((it.amount * (0.3 + rng.next() * 0.4)) / 1000) * 1000;
        amounts.mark(c.code, it.amount - it.paid);
        oi.push({ key: it.date, v: it, g, kind: 'remaining_balance' });
        transfer(payOn, c.payer, it.amount - it.paid, g, 'remaining_balance');
        continue;
      }
      if (r < 0.15 && items.length === 1 && payOn + 35 < S1 && (c.behaviour === 'exact' || c.behaviour === 'fee')) {
        // Skips this due date and pays two months together next time.
        carry = { items, g };
        continue;
      }
      if (carry && (c.behaviour === 'exact' || c.behaviour === 'fee')) {
        const all = [...carry.items, ...items];
        for (const it of all) oi.push({ key: it.date, v: it, g: carry.g, kind: 'two_months_together' });
        transfer(payOn, c.payer, all.reduce((s, it) => s + it.amount, 0), carry.g, 'two_months_together');
        carry = null;
        continue;
      }
      flush();
      const kind = payKind[c.behaviour];
      const fee = c.behaviour === 'fee' || c.behaviour === 'delivery_fee' ? feeOf(c, sum) : 0;
      for (const it of items) oi.push({ key: it.date, v: it, g, kind });
      transfer(payOn, c.payer, sum - fee, g, kind);
    }
    // A carried month never paid stays open.
    flush();
  };

  const mix: Record<Behaviour, number> = { exact: 34, fee: 32, delivery: 6, delivery_fee: 6, differs: 8, fixed: 8, bill: 4, densai: 3 };
  let nCust = 0;
  while (oi.length < openItems) {
    nCust++;
    if (nCust % 25 === 12) {
      // A holding pays for its group companies in one transfer.
      const pre = rng.pick(PREFIX);
      const lead = newCustomer('exact', pre);
      const members = [lead, newCustomer('exact', pre), ...(rng.chance(0.5) ? [newCustomer('exact', pre)] : [])];
      for (const mm of members.slice(1)) { mm.closing = lead.closing; mm.terms = lead.terms; mm.termDay = lead.termDay; mm.holidayPrev = lead.holidayPrev; }
      runCustomer(lead, { payer: zenginName(`${pre[1]}ホールディングス`, 'kk-pre'), members });
      continue;
    }
    runCustomer(newCustomer(rng.weighted(mix)));
  }
  for (const b of batches.values()) {
    if (b.date > S1) continue;
    st.push({ key: b.date, v: { date: b.date, text: b.method === '手形' ? `手形取立　${b.n}枚` : `ﾃﾞﾝｻｲ ｷｼﾞﾂﾆｭｳｷﾝ ${b.n}ｹﾝ`, amount: b.total, kubun: b.method === '手形' ? '手形入金' : '電子記録債権' }, g: b.g, kind: 'bill_collection_batch' });
  }
  // Bills maturing after the period: their rows lose the group.
  const liveBatches = new Set([...batches.values()].filter((b) => b.date <= S1).map((b) => b.g));
  for (const r of oi) if (r.kind === 'bill_collection_batch' && !liveBatches.has(r.g!)) { r.g = null; r.kind = 'not_yet_due'; }

  // Noise.
  const nNoise = Math.round(openItems * 0.08);
  const noise = (date: number, text: string, amount: number, kubun: string, kind = 'noise') => st.push({ key: date, v: { date, text, amount, kubun }, g: null, kind });
  let made = 0;
  for (const m of [8, 9, 10]) {
    noise(nextBiz(dayOf(2026, m, 25)), '総合振込　給与', -rng.int(9000000, 12000000), '振込出金');
    noise(lastOfMonth(2026, m) - (m === 10 ? 1 : 0), '口振　ﾆﾎﾝﾈﾝｷﾝｷｺｳ', -rng.int(2600000, 3100000), '口座振替');
    noise(nextBiz(dayOf(2026, m, 10)), '税金　ｺｸｾﾞｲ ｹﾞﾝｾﾝｼｮﾄｸｾﾞｲ', -rng.int(380000, 520000), '税金');
    noise(nextBiz(dayOf(2026, m, 10)), '税金　ｼﾞｭｳﾐﾝｾﾞｲ ﾄｸﾍﾞﾂﾁｮｳｼｭｳ', -rng.int(420000, 560000), '税金');
    noise(nextBiz(dayOf(2026, m, 22)), '口振　ﾁｭｳﾌﾞﾃﾞﾝﾘｮｸﾐﾗｲｽﾞ', -rng.int(300000, 700000), '口座振替');
    noise(prevBiz(lastOfMonth(2026, m)), '総合振込　支払', -rng.int(15000000, 38000000), '振込出金');
    noise(prevBiz(lastOfMonth(2026, m)), '振込手数料', -rng.pick([4840, 5720, 6160, 7040]), '手数料');
    made += 7;
  }
  noise(dayOf(2026, 8, 17), '利息', rng.int(200, 900), '利息');
  made++;
  const suppliers = ['ｶ)ﾔﾏﾄｳﾝﾕ', 'ｶ)ﾊﾏﾏﾂｺｳｸﾞﾃﾝ', 'ﾄｳｶｲｺｳｻﾞｲ(ｶ', 'ｶ)ｼｽﾞｵｶｶﾞｽ', 'ｴﾝｼｭｳﾃﾂｺｳ(ｶ'];
  while (made < nNoise) {
    const date = nextBiz(rng.int(S0, S1 - 1));
    const t = rng.int(0, 5);
    made++;
    if (t <= 1) noise(date, `振込　${rng.pick(suppliers)}`, -rng.int(20, 4000) * 110, '振込出金');
    else if (t === 2) noise(date, `振込　${zenginName(rng.pick(PREFIX)[1] + rng.pick(SUFFIX)[1], 'kk-pre')}`, rng.int(5, 300) * 110, '振込入金', 'noise_refund_similar_name');
    else if (t === 3) noise(date, '現金　ATM', rng.int(10, 300) * 1000, '現金入金');
    else if (t === 4) noise(date, `振込　${rng.pick(['ﾄｳｶｲｿﾝｶﾞｲﾎｹﾝ(ｶ', 'ﾊﾏﾏﾂｼ', 'ﾆﾎﾝｾｲｻｸｷﾝﾕｳｺｳｺ'])}`, rng.int(50, 3000) * 1000, '振込入金');
    else noise(date, 'ｶｰﾄﾞ　ﾐﾂｲｽﾐﾄﾓｶｰﾄﾞ', -rng.int(3000, 200000), 'カード');
  }

  // Numbers: invoices per closing month and customer, slips in date order.
  const oiRows = inFileOrder(oi, rng);
  let slip = 41200 + rng.int(0, 999);
  for (const r of [...oiRows].sort((a, b) => a.v.date - b.v.date)) {
    const it = r.v;
    const [y, m] = ymd(it.closing);
    if (it.type === '請求書') it.no = `${String(y).slice(2)}${pad(m, 2)}-${it.cust.code}`;
    else it.no = `${it.type === '赤伝票' ? 'R' : 'U'}${pad(slip += rng.int(1, 3), 7)}`;
  }
  const stRows = inFileOrder(st, rng);
  const ymdS = (d: number) => { const [y, m, dd] = ymd(d); return `${y}/${pad(m, 2)}/${pad(dd, 2)}`; };
  const yen = (v: number) => csvField(fmtMoney(v, ',', '', 0), ',', true);
  const termText = (c: Customer) => `${c.closing === 31 ? '末' : c.closing + '日'}締め${c.method !== '振込' ? '手形120日' : `${c.terms === 1 ? '翌月' : '翌々月'}${c.termDay === 31 ? '末' : c.termDay + '日'}払い`}`;
  const oiLines = [
    ['得意先コード', '得意先名', '得意先名カナ', '伝票種別', '伝票番号', '締日', '伝票日付', '入金予定日', '請求金額', '入金済額', '請求残高', '回収方法', '支払条件'].join(','),
    ...oiRows.map(({ v: it }) => [it.cust.code, it.cust.name, it.cust.kana, it.type, it.no, ymdS(it.closing), ymdS(it.date), ymdS(it.due), yen(it.amount), yen(it.paid), yen(it.amount - it.paid), it.cust.method, termText(it.cust)].join(',')),
  ];
  let bal = rng.int(20000000, 60000000);
  const stLines = ['"取引日","起算日","摘要","お支払金額","お預り金額","差引残高","取引区分"'];
  for (const { v } of stRows) {
    bal += v.amount;
    stLines.push([ymdS(v.date), ymdS(v.date), v.text, v.amount < 0 ? String(-v.amount) : '', v.amount > 0 ? String(v.amount) : '', String(bal), v.kubun].map((f) => `"${f}"`).join(','));
  }
  const BOM = '\ufeff';
  return {
    name: NAME,
    description: `A Japanese parts maker (株式会社みなと精工) billing customers on monthly closing dates (20th, 25th or month end; paid next month or the month after, moved to the business day before or after a weekend). Open items: a sales-management export (UTF-8 with BOM, yyyy/mm/dd, quoted amounts with thousands commas, yen without decimals), one consolidated invoice (請求書) per customer and closing date, or per delivery slip (売上伝票) for some, red slips for returns, 手形/でんさい customers with a 120-day maturity. Statement: a bank 入出金明細 CSV (UTF-8 with BOM, running balance), payers' names in half-width katakana as the Zengin network carries them (ｶ)…, …(ｶ, ﾕ)…, cut at 30), never an invoice number. Cases: full payment on the expected date, transfer fee deducted (110–880 yen by amount), slips of a closing period paid in one sum (sometimes less the fee), payers whose name differs from the customer's (the owner's account, a trade name) or carries their customer code in front, balances of invoices part-paid earlier (入金済額), fixed monthly fees, a holding paying for its group companies, two months paid together, returns netted, part payments, notes and densai collected at maturity in one sum per day for several customers; noise: payroll, pension and tax debits, utilities, supplier transfers, ATM cash, loans and subsidies, refunds from firms named like customers.`,
    openItems: { fileName: 'jp-zengin-urikake-zandaka.csv', content: BOM + oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: 'jp-zengin-nyushukkin-meisai.csv', content: BOM + stLines.join('\r\n') + '\r\n' },
    truth: [...truthFor('open_items', oiRows), ...truthFor('statement', stRows)],
  };
}
