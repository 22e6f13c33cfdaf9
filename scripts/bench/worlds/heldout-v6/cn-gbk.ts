/**
 * cn-gbk — 苏州瑞丰精密机械有限公司 (Suzhou, CNY): open items from a Kingdee-like 应收款明细表 in GBK
 * (`,`, yyyy/m/d, "1,234.56", 价税合计 with 13 % VAT, 8-digit or 20-digit 发票号码, 合同号), the statement
 * a CMB-like 交易明细 CSV in UTF-8 with BOM whose 对方户名 is the payer's Chinese company name and whose
 * 用途 sometimes carries a fapiao or contract number; bank acceptance bills collected in lumps,
 * consolidated monthly payments, 抹零 (amounts rounded down by the payer), red-letter fapiao netted,
 * and noise.
 */
import type { World, WorldGenerator } from '../world';
import { Book, Rng, allot, assemble, csvField, dayOf, encodeGbk, fmtMoney, nextBiz, pad, uniqueName, sweeps, weekday, ymd, type Cust, type Gen, type Item, type Line } from './common';

const CITY = ['苏州', '无锡', '常州', '宁波', '杭州', '东莞', '佛山', '昆山', '南通', '嘉兴', '温州', '青岛'];
const BRAND = ['恒达', '鑫源', '华瑞', '永盛', '金诚', '宏远', '天成', '博润', '盛达', '嘉禾', '远航', '中联', '汇通', '鼎丰', '三和', '富华', '联创', '海天'];
const TRADE = ['机械制造', '电子科技', '精密模具', '五金制品', '新材料科技', '自动化设备', '塑胶制品', '包装材料', '汽车零部件', '智能装备'];
const ACCEPTOR = ['中国工商银行股份有限公司苏州分行', '中国建设银行股份有限公司无锡分行', '招商银行股份有限公司宁波分行', '江苏银行股份有限公司常州分行', '浙商银行股份有限公司杭州分行'];
const SUPPLIER: [string, string][] = [['江苏沙钢集团有限公司', '材料款'], ['上海宝钢钢材贸易有限公司', '钢材款'], ['中国移动通信集团江苏有限公司', '话费'], ['顺丰速运有限公司', '快递费'], ['昆山市华宇物流有限公司', '运费'], ['苏州工业园区精工轴承有限公司', '货款'], ['无锡华光刀具有限公司', '刀具款']];
export const cnDate = (d: number) => { const [y, m, dd] = ymd(d); return `${y}/${m}/${dd}`; };
const iso = (d: number) => { const [y, m, dd] = ymd(d); return `${y}-${pad(m, 2)}-${pad(dd, 2)}`; };

export const cnGbk: WorldGenerator = ({ seed, openItems }) => {
  const rng = new Rng(seed * 65537 + 86);
  const bk = new Book(rng, 'cn');
  const nc = Math.min(900, Math.max(30, Math.round(openItems / 10)));
  const used = new Set<string>(), custs: Cust[] = [];
  for (let i = 0; i < nc; i++) {
    const name = uniqueName(used, () => `${rng.pick(CITY)}${rng.pick(BRAND)}${rng.pick(TRADE)}有限公司`);
    custs.push({ code: `1122.${pad(i + 1, 4)}`, name, bank: name, tax: '', cur: 'CNY', acct: `6${rng.digits(18)}`, branch: rng.pick(['中国工商银行苏州分行', '中国农业银行无锡分行', '中国银行宁波分行', '交通银行杭州分行', '招商银行东莞分行', '中国建设银行佛山分行', '浙商银行温州分行']) });
  }
  const pickC = () => custs[rng.skewedIndex(custs.length)];
  /** Business days; 1–7 October is the National Day holiday (banks' corporate transfers wait for the 8th). */
  const day = (a: number, b: number) => Math.min(dayOf(2026, 10, 30), nextBiz(dayOf(2026, 10, rng.int(Math.max(8, a), b))));
  const seen = new Map<string, Set<number>>(), fapiao = new Set<string>(), hts = new Set<string>();
  const newHt = (): string => { for (;;) { const h = `HT${rng.digits(2)}-2026-${pad(rng.int(1, 9999), 4)}`; if (!hts.has(h)) { hts.add(h); return h; } } };
  const newFp = (): string => { for (;;) { const f = rng.chance(0.6) ? `2632${pad(rng.int(0, 99), 2)}${rng.digits(14)}` : rng.digits(8); if (!fapiao.has(f)) { fapiao.add(f); return f; } } };
  const inv = (c: Cust, kind: string, g: string | null, lo = 2000, hi = 400000, d?: number, twin?: Item): Item => {
    const s = seen.get(c.code) ?? new Set<number>(); seen.set(c.code, s);
    let net = twin?.net ?? 0, tot = twin?.amt ?? 0;
    while (!twin) { net = rng.amountCents(lo, hi); tot = net + Math.round(net * 0.13); if (!s.has(tot)) break; }
    s.add(tot);
    const dd = d ?? dayOf(2026, 7, 25) + rng.int(0, 95);
    return bk.item(c, dd, tot, kind, g, { net, due: dd + rng.pick([30, 60, 90]), x: { fp: newFp(), ht: newHt() } });
  };
  const xfer = (c: Cust, use: () => string) => () => ['转账', '汇入', c.bank, c.acct as string, c.branch as string, use()];
  const fpUse = (its: Item[]) => () => rng.pick([`货款 发票号${its.map((i) => i.x.fp).join(',')}`, `付发票${its.map((i) => i.x.fp).join('、')}款`, `${its.map((i) => i.x.fp).join(' ')}`]);
  const k = allot(openItems, {
    fapiao_cited: 0.2, contract_cited: 0.08, multi_fapiao_cited: 0.08, consolidated_monthly: 0.12, bank_acceptance_bill: 0.12, name_only: 0.05, moling_rounded_down: 0.04,
    red_fapiao_netted: 0.05, part_payment: 0.03, ambiguous_equal_amounts: 0.03, open_red_fapiao: 0.01, unpaid_invoice: 1,
  });
  for (let i = 0; i < k.fapiao_cited; i++) { const g = bk.group(), c = pickC(), it = inv(c, 'fapiao_cited', g); bk.line(day(1, 31), it.amt, 'fapiao_cited', g, xfer(c, fpUse([it]))); }
  for (let i = 0; i < k.contract_cited; i++) { const g = bk.group(), c = pickC(), it = inv(c, 'contract_cited', g); bk.line(day(1, 31), it.amt, 'contract_cited', g, xfer(c, () => rng.pick([`${it.x.ht}货款`, `合同${it.x.ht}`, `支付${it.x.ht}合同款`]))); }
  for (let n = 0; n < k.multi_fapiao_cited;) { const g = bk.group(), c = pickC(), m = rng.int(2, 4), its = Array.from({ length: m }, () => inv(c, 'multi_fapiao_cited', g)); n += m; bk.line(day(1, 31), its.reduce((s, x) => s + x.amt, 0), 'multi_fapiao_cited', g, xfer(c, fpUse(its))); }
  for (let n = 0; n < k.consolidated_monthly;) {
    const g = bk.group(), c = pickC(), m = rng.int(3, 8), its = Array.from({ length: m }, () => inv(c, 'consolidated_monthly', g, 1000, 80000, dayOf(2026, 9, rng.int(1, 30)))); n += m;
    bk.line(day(8, 28), its.reduce((s, x) => s + x.amt, 0), 'consolidated_monthly', g, xfer(c, () => rng.pick(['9月货款', '9月份货款', '支付9月货款', '货款(2026年9月)'])));
  }
  // Bank acceptance bills (银行承兑汇票, three-month e-bills) received from customers in July and held until
  // maturity; the receivable stays open until the bill is collected (this company's practice); several bills of one maturity date in one credit from the clearing account.
  for (let n = 0; n < k.bank_acceptance_bill;) {
    const g = bk.group(), nb = rng.int(2, 4), its: Item[] = [], bills: string[] = [];
    for (let b = 0; b < nb; b++) { const c = pickC(), m = rng.int(1, 3); for (let j = 0; j < m; j++) its.push(inv(c, 'bank_acceptance_bill', g, 5000, 200000, dayOf(2026, 7, 15) + rng.int(0, 45))); bills.push(`5${rng.digits(12)}202607${pad(rng.int(1, 31), 2)}${rng.digits(9)}`); }
    n += its.length;
    bk.line(day(1, 31), its.reduce((s, x) => s + x.amt, 0), 'bank_acceptance_bill', g, () => ['票据托收', '汇入', rng.pick(ACCEPTOR), '', '', `银行承兑汇票到期托收 ${nb}张 票号${bills[0]}等`]);
  }
  for (let i = 0; i < k.name_only; i++) { const g = bk.group(), c = pickC(), it = inv(c, 'name_only', g); bk.line(day(1, 31), it.amt, 'name_only', g, xfer(c, () => rng.pick(['货款', '付货款', '', '往来款']))); }
  for (let i = 0; i < k.moling_rounded_down; i++) {
    const g = bk.group(), c = pickC();
    let it = inv(c, 'moling_rounded_down', g);
    while (it.amt % 100 === 0) { bk.items.pop(); it = inv(c, 'moling_rounded_down', g); }
    const step = rng.chance(0.6) ? 100 : 1000;
    bk.line(day(1, 31), Math.floor(it.amt / step) * step, 'moling_rounded_down', g, xfer(c, fpUse([it])));
  }
  for (let n = 0; n < k.red_fapiao_netted;) {
    const g = bk.group(), c = pickC(), m = rng.int(1, 3), its = Array.from({ length: m }, () => inv(c, 'red_fapiao_netted', g)), net = -Math.round((its[0].net * rng.int(3, 30)) / 100), tot = net + Math.round(net * 0.13);
    const red = bk.item(c, its[0].day + rng.int(3, 20), tot, 'red_fapiao_netted', g, { net, x: { fp: newFp(), ht: its[0].x.ht } });
    n += m + 1; bk.line(day(1, 31), its.reduce((s, x) => s + x.amt, 0) + red.amt, 'red_fapiao_netted', g, xfer(c, fpUse(its)));
  }
  for (let i = 0; i < k.part_payment; i++) { const g = bk.group(), c = pickC(), it = inv(c, 'part_payment', g, 50000, 800000), p = Math.round((it.amt * rng.int(30, 70)) / 10000) * 100; bk.line(day(1, 31), p, 'part_payment', g, xfer(c, () => `部分货款 合同${it.x.ht}`)); }
  for (let n = 0; n < k.ambiguous_equal_amounts; n += 2) {
    const g = bk.group(), c = pickC(), a = inv(c, 'ambiguous_equal_amounts', g); a.amb = true;
    const b = inv(c, 'ambiguous_equal_amounts', null, 0, 0, undefined, a); b.amb = true;
    bk.line(day(1, 31), a.amt, 'ambiguous_equal_amounts', g, xfer(c, () => '货款'), { amb: true });
  }
  for (let i = 0; i < k.open_red_fapiao; i++) { const c = pickC(), net = -rng.amountCents(500, 20000), tot = net + Math.round(net * 0.13); bk.item(c, dayOf(2026, 9, 1) + rng.int(0, 55), tot, 'open_red_fapiao', null, { net, x: { fp: newFp(), ht: '' } }); }
  const unpaid: Item[] = [];
  for (let i = 0; i < k.unpaid_invoice; i++) unpaid.push(inv(pickC(), 'unpaid_invoice', null));
  // Trap: a customer's transfer for another supplier, sent to us by mistake (amount = one of its unpaid invoices) and sent back the next day.
  for (let i = 0; i < 4; i++) {
    const u = unpaid[(i * 37) % unpaid.length], d = day(2, 27);
    bk.line(d, u.amt, 'noise_misdirected_returned', null, xfer(u.cust, () => '货款'));
    bk.line(nextBiz(d + 1), -u.amt, 'noise_misdirected_returned', null, () => ['转账', '汇出', u.cust.bank, u.cust.acct as string, u.cust.branch as string, '退回误汇款']);
  }
  const nNoise = Math.round(openItems * 0.1);
  for (let i = 0; i < nNoise; i++) {
    const t = rng.weighted({ sup: 5, fee: 3, util: 1, tax: 0.3, wage: 0.2 }), d = day(1, 31);
    if (t === 'sup') { const [s, u] = rng.pick(SUPPLIER); bk.line(d, -rng.amountCents(2000, 300000), 'noise', null, () => ['转账', '汇出', s, `3${rng.digits(17)}`, '', u]); }
    else if (t === 'fee') bk.line(d, -rng.pick([50, 200, 550, 1000, 1500]), 'noise', null, () => ['收费', '汇出', '', '', '', rng.pick(['汇划手续费', '网银年费', '短信服务费', '账户管理费'])]);
    else if (t === 'util') bk.line(d, -rng.amountCents(5000, 90000), 'noise', null, () => ['代扣', '汇出', '国网江苏省电力有限公司苏州供电分公司', '', '', '电费']);
    else if (t === 'tax') bk.line(d, -rng.amountCents(50000, 400000), 'noise', null, () => ['电子缴税', '汇出', '国家金库苏州市中心支库', '', '', rng.pick(['增值税', '企业所得税', '附加税费'])]);
    else bk.line(d, -rng.amountCents(300000, 900000), 'noise', null, () => ['代发', '汇出', '', '', '', '代发工资']);
  }
  // Fridays: surplus above ¥5m into a structured deposit (结构性存款), down to about ¥2.5m.
  const start = rng.int(200000000, 400000000), fridays = Array.from({ length: 31 }, (_, i) => dayOf(2026, 10, i + 1)).filter((d) => weekday(d) === 5 && d >= dayOf(2026, 10, 9));
  for (const sw of sweeps(bk.lines, fridays, start, 250000000, 500000000)) bk.line(sw.day, sw.amt, 'noise', null, () => ['理财', '汇出', '', '', '', '购买结构性存款'], { last: true } as Partial<Line>);
  const secs = new Map<Line, number>(bk.lines.map((l) => [l, (l as { last?: boolean }).last ? 17 * 3600 + rng.int(0, 1800) : rng.int(8 * 3600 + 1800, 16 * 3600 + 3599)]));
  bk.number(3901, (s, it) => `AR-${ymd(it.day)[0]}${pad(ymd(it.day)[1], 2)}-${pad(s, 5)}`, 87, (s, it) => `ARH-${ymd(it.day)[0]}${pad(ymd(it.day)[1], 2)}-${pad(s, 4)}`);
  const { oi, st, truth } = assemble(rng, bk.items.map((it): Gen<Item> => ({ key: custs.indexOf(it.cust) * 1e6 + it.day + it.seq / 1e7, v: it, g: it.g, kind: it.kind, amb: it.amb })), bk.lines.map((l): Gen<Line> => ({ key: l.day + (secs.get(l) ?? 0) / 86400, v: l, g: l.g, kind: l.kind, amb: l.amb })));
  const m = (c: number) => fmtMoney(c, ',', '.');
  const f = (s: string) => csvField(s, ',');
  const out = ['应收款明细表', '单位：苏州瑞丰精密机械有限公司    截止日期：2026/11/2    币别：人民币', '',
    '客户编码,客户名称,单据日期,单据编号,发票号码,合同号,摘要,不含税金额,税额,价税合计,已核销金额,未核销金额,到期日'];
  let total = 0;
  for (const { v: it } of oi) {
    total += it.amt;
    out.push([it.cust.code, f(it.cust.name), cnDate(it.day), it.no, it.x.fp, it.x.ht, it.credit ? '红字发票 销售退回' : '销售货款', f(m(it.net)), f(m(it.amt - it.net)), f(m(it.amt)), '0.00', f(m(it.amt)), cnDate(it.due)].join(','));
  }
  out.push("", `合计,,,,,,,,,,,${f(m(total))},`);
  const open = start;
  const sout = ['账号：512908765410601,户名：苏州瑞丰精密机械有限公司,币种：人民币', '查询日期：2026-10-01 至 2026-10-31', '',
    '交易日期,交易时间,交易类型,借贷方向,借方金额,贷方金额,余额,对方户名,对方账号,对方开户行,用途,流水号'];
  let bal = open;
  for (const { v: l } of st) {
    bal += l.amt;
    const [type, dir, name, acct, bank, use] = l.text();
    const t = secs.get(l) ?? 0;
    sout.push([iso(l.day), `${pad(Math.floor(t / 3600), 2)}:${pad(Math.floor(t / 60) % 60, 2)}:${pad(t % 60, 2)}`, type, dir === '汇入' ? '贷' : '借', l.amt < 0 ? (-l.amt / 100).toFixed(2) : '', l.amt > 0 ? (l.amt / 100).toFixed(2) : '', (bal / 100).toFixed(2), f(name), acct, f(bank), f(use), `G${rng.digits(15)}`].join(','));
  }
  sout.push('', `期初余额,${(open / 100).toFixed(2)}`, `期末余额,${(bal / 100).toFixed(2)}`);
  const world: World = {
    name: 'cn-gbk',
    description: '苏州瑞丰精密机械有限公司 (Suzhou), October 2026, CNY. Open items: Kingdee-like 应收款明细表 in GBK, 3 title lines, yyyy/m/d, "1,234.56", AR-yyyymm-nnnnn documents by date, ARH- red-letter (negative) fapiao, 8- or 20-digit 发票号码, 合同号, 13 % VAT (不含税金额/税额/价税合计). Statement: CMB-like 交易明细 CSV in UTF-8 with BOM, 交易日期 yyyy-mm-dd, 借方/贷方金额, 余额, 对方户名 (Chinese company name), 用途. Kinds: transfers citing a fapiao (one or several) or a contract, consolidated September payments ("9月货款"), bank acceptance bills of several customers collected in one credit from the acceptor bank, transfers saying only 货款, payments rounded down by the payer (抹零), red-letter fapiao netted, part payments, equal open invoices paid once, unpaid invoices, open red-letter fapiao, noise, and transfers sent by mistake and returned the next day whose amount equals an unpaid invoice of the sender (trap).',
    openItems: { fileName: 'cn-gbk-yingshou-mingxi.csv', content: encodeGbk(out.join('\r\n') + '\r\n') },
    statement: { fileName: 'cn-gbk-jiaoyi-mingxi.csv', content: '\ufeff' + sout.join('\r\n') + '\r\n' },
    truth,
  };
  return world;
};
