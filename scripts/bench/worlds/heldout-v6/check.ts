/**
 * Self-check for the sixth held-out set: generates each world twice (must be identical), reads both
 * files back with its own small parsers (a Windows-1252 Sage 50 list and an RBC CSV; a UTF-8-BOM Zoho
 * list and an ENBD CSV; a GBK Kingdee list and a UTF-8-BOM CMB CSV) and asserts that the truth covers
 * every transaction row exactly once, that every group has both sides and one kind, that each kind's
 * arithmetic holds, that what a kind says the payer cited is in the bank line (and what it says they did
 * not cite is not), and that taxes, identifiers (BN Luhn digit), list totals and balances are valid.
 * Never runs the engine.
 *   npx tsx scripts/bench/worlds/heldout-v6/check.ts [--open-items 2000] [--seed 1] [--world ca-eft] [--kinds]
 */
import type { World } from '../world';
import { assert, runSelfChecks } from '../self-check';
import { HELDOUT_V6_WORLDS } from './index';
import { bnCheck, decodeCp1252, decodeGbk, encodeCp1252, encodeGbk } from './common';


function split(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '', inQ = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inQ) { if (ch === '"') { if (line[i + 1] === '"') { cur += '"'; i++; } else inQ = false; } else cur += ch; }
    else if (ch === '"') inQ = true;
    else if (ch === sep) { out.push(cur); cur = ''; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}
function table(text: string, first: string, sep: string): { head: string[]; rows: string[][]; after: string[] } {
  const ls = text.replace(/^\ufeff/, '').split(/\r?\n/);
  const h = ls.findIndex((l) => split(l, sep)[0] === first);
  if (h < 0) throw new Error(`no header ${first}`);
  const head = split(ls[h], sep), rows: string[][] = [];
  let i = h + 1;
  for (; i < ls.length && ls[i] !== ''; i++) { const r = split(ls[i], sep); assert(r.length === head.length, `row ${rows.length + 1}: ${r.length} fields, header ${head.length}`); rows.push(r); }
  return { head, rows, after: ls.slice(i) };
}
const colOf = (head: string[]) => (n: string) => { const i = head.indexOf(n); if (i < 0) throw new Error(`no column ${n}`); return i; };
/** "1,234.56" / "-1234.56" → cents; '' → 0. */
function cents(s: string): number {
  let t = s.trim(), neg = false;
  if (t === '') return 0;
  if (t.startsWith('-')) { neg = true; t = t.slice(1); }
  t = t.replace(/,/g, '');
  if (!/^\d+\.\d\d$/.test(t)) throw new Error(`bad amount "${s}"`);
  return (neg ? -1 : 1) * Number(t.replace('.', ''));
}
/** French Canadian "1 234,56 $" / "-1 234,56 $ US" (non-breaking spaces) → cents and currency. */
function caCents(s: string): [number, string] {
  const m = /^(-?\d{1,3}(?:\u00a0\d{3})*),(\d\d)\u00a0\$(\u00a0US)?$/.exec(s);
  if (!m) throw new Error(`bad French amount "${s}"`);
  const v = Number(m[1].replace(/\u00a0/g, '').replace('-', '')) * 100 + Number(m[2]);
  return [m[1].startsWith('-') ? -v : v, m[3] ? 'USD' : 'CAD'];
}
const citedSeq = (text: string, seq: number) => new RegExp(`(^|\\D)0*${seq}(\\D|$)`).test(text);

interface OI { amt: number; cust: string; name: string; no: string; seq: number; credit: boolean; day: string; fp: string; ht: string; cur: string }
interface ST { amt: number; text: string; name: string; use: string; cur: string; d1: string }
interface Parsed { oi: OI[]; st: ST[] }

function balances(amts: number[], bals: number[], tag: string): number {
  let ok = true;
  for (let i = 1; i < amts.length; i++) if (bals[i] !== bals[i - 1] + amts[i]) ok = false;
  assert(ok, `${tag}: running balance`);
  assert(bals.every((b) => b >= 0), `${tag}: balance never negative`);
  return bals[0] - amts[0];
}

const RATES: [number, number][] = [[0.05, 0.09975], [0.13, 0], [0.15, 0], [0.05, 0], [0, 0]];
function parseCa(w: World): Parsed {
  const raw = w.openItems.content as Buffer, text = decodeCp1252(raw);
  assert(Buffer.compare(encodeCp1252(text), raw) === 0 && /Échéance/.test(text) && text.includes('\u00a0'), 'ca: open items Windows-1252 with accents and non-breaking spaces');
  assert(!/[^\r]\n/.test(text), 'ca: CRLF throughout');
  const { head, rows, after } = table(text, 'No client', ';');
  const c = colOf(head), tot: Record<string, number> = { CAD: 0, USD: 0 };
  const oi = rows.map((f): OI => {
    const [net, cur] = caCents(f[c('Montant avant taxes')]), [t1] = caCents(f[c('TPS/TVH')]), [t2] = caCents(f[c('TVQ')]), [total] = caCents(f[c('Total')]), [paid] = caCents(f[c('Payé')]), [sol, cur2] = caCents(f[c('Solde')]);
    assert(cur === f[c('Devise')] && cur2 === cur, 'ca: currency marks agree');
    assert(net + t1 + t2 === total && total - paid === sol, 'ca: net + TPS/TVH + TVQ = Total, Total − Payé = Solde');
    assert(RATES.some(([a, b]) => t1 === Math.round(net * a) && t2 === Math.round(net * b)), `ca: tax rates of ${f[c('No de facture')]} (${net} ${t1} ${t2})`);
    const tax = f[c('No TPS/TVH')];
    assert(cur === 'USD' ? tax === '' && t1 === 0 : /^\d{9} RT0001$/.test(tax) && bnCheck(tax.slice(0, 8)) === Number(tax[8]), `ca: BN ${tax} check digit`);
    const no = f[c('No de facture')], credit = f[c('Type')] === 'Note de crédit';
    assert(credit ? /^NC-\d{5}$/.test(no) && total < 0 : /^\d{5,6}$/.test(no) && total > 0, `ca: document ${no} form and sign`);
    assert(/^2026-\d\d-\d\d$/.test(f[c('Date')]), 'ca: yyyy-mm-dd');
    tot[cur] += sol;
    return { amt: sol, cust: f[c('No client')], name: f[c('Nom du client')], no, seq: Number(no.replace(/\D/g, '')), credit, day: f[c('Date')], fp: '', ht: '', cur };
  });
  for (const cur of ['CAD', 'USD']) assert(caCents(split(after.find((l) => l.startsWith(`Total ${cur}`))!, ';')[14])[0] === tot[cur], `ca: Total ${cur}`);
  const s = table(w.statement.content as string, 'Account Type', ',');
  const k = colOf(s.head);
  const st = s.rows.map((f): ST => {
    const cad = f[k('CAD$')], usd = f[k('USD$')];
    assert((cad === '') !== (usd === '') && /^(-?\d+\.\d\d)?$/.test(cad + usd), 'ca: one plain amount, CAD$ or USD$');
    assert(/^10\/\d{1,2}\/2026$/.test(f[k('Transaction Date')]), 'ca: m/d/yyyy in October');
    const d1 = f[k('Description 1')], d2 = f[k('Description 2')];
    return { amt: cents(cad || usd), text: `${d1} ${d2}`, name: d2, use: d2, cur: cad ? 'CAD' : 'USD', d1 };
  });
  return { oi, st };
}

function parseAe(w: World): Parsed {
  const text = w.openItems.content as string;
  assert(text.startsWith('\ufeff') && /[\u0600-\u06ff]/.test(text), 'ae: open items UTF-8 with BOM and Arabic names');
  const { head, rows, after } = table(text, 'Date', ',');
  const c = colOf(head);
  let tot = 0;
  const oi = rows.map((f): OI => {
    const net = cents(f[c('Sub Total (AED)')]), vat = cents(f[c('VAT (AED)')]), total = cents(f[c('Total (AED)')]), due = cents(f[c('Balance Due (AED)')]);
    assert(net + vat === total && vat === Math.round(net * 0.05) && due === total, `ae: VAT 5 % and totals of ${f[c('Transaction#')]}`);
    const no = f[c('Transaction#')], m = /^(INV|CN)\/2026\/(\d{5})$/.exec(no);
    assert(!!m && (m[1] === 'CN') === (total < 0) && f[c('Type')] === (m[1] === 'CN' ? 'Credit Note' : 'Invoice'), `ae: ${no} form and sign`);
    assert(/^100\d{12}$/.test(f[c('Customer TRN')]), 'ae: TRN 15 digits starting 100');
    assert(/^\d\d\/\d\d\/2026$/.test(f[c('Date')]), 'ae: dd/mm/yyyy');
    tot += due;
    return { amt: due, cust: f[c('Customer TRN')], name: f[c('Customer Name')], no, seq: Number(m?.[2]), credit: m?.[1] === 'CN', day: f[c('Date')], fp: '', ht: '', cur: 'AED' };
  });
  assert(cents(split(after.find((l) => l.startsWith('Total,'))!, ',')[10]) === tot, 'ae: Total adds up');
  const stext = w.statement.content as string;
  const s = table(stext, 'Date', ',');
  const k = colOf(s.head), bals: number[] = [];
  let prev = '';
  const st = s.rows.map((f): ST => {
    const deb = f[k('Debit')], cred = f[k('Credit')];
    assert((deb === '') !== (cred === ''), 'ae: exactly one of Debit / Credit');
    assert(/^\d\d\/10\/2026$/.test(f[k('Date')]) && f[k('Date')] === f[k('Value Date')], 'ae: October dates');
    const key = f[k('Date')].split('/').reverse().join('');
    assert(key >= prev, 'ae: oldest first'); prev = key;
    const wd = new Date(Date.UTC(2026, 9, Number(f[k('Date')].slice(0, 2)))).getUTCDay();
    assert(wd >= 1 && wd <= 5, 'ae: Monday–Friday');
    bals.push(cents(f[k('Balance')]));
    const d = f[k('Description')];
    return { amt: cred ? cents(cred) : -cents(deb), text: d, name: d, use: d.split(' /RFB/')[1] ?? '', cur: 'AED', d1: d };
  });
  const opening = balances(st.map((r) => r.amt), bals, 'ae');
  const get = (l: string) => cents(split(stext.split('\r\n').find((x) => x.startsWith(l))!, ',')[1]);
  assert(get('Opening Balance') === opening && get('Closing Balance') === bals[bals.length - 1], 'ae: opening and closing balance');
  assert(st.some((r) => /[\u0600-\u06ff]/.test(r.text)), 'ae: some payers in Arabic');
  return { oi, st };
}

function parseCn(w: World): Parsed {
  const raw = w.openItems.content as Buffer, text = decodeGbk(raw);
  assert(Buffer.compare(encodeGbk(text), raw) === 0 && /有限公司/.test(text) && raw.includes(Buffer.from([0xd3, 0xd0, 0xcf, 0xde])), 'cn: open items in GBK (有限 = D3D0 CFDE)');
  assert(!raw.includes(Buffer.from([0xef, 0xbb, 0xbf])), 'cn: no UTF-8 BOM in the GBK list');
  const { head, rows, after } = table(text, '客户编码', ',');
  const c = colOf(head);
  let tot = 0;
  const oi = rows.map((f): OI => {
    const net = cents(f[c('不含税金额')]), vat = cents(f[c('税额')]), total = cents(f[c('价税合计')]), open = cents(f[c('未核销金额')]);
    assert(net + vat === total && vat === Math.round(net * 0.13) && open === total - cents(f[c('已核销金额')]), `cn: 13 % VAT and totals of ${f[c('单据编号')]}`);
    const no = f[c('单据编号')], m = /^(AR|ARH)-2026(\d\d)-(\d{4,5})$/.exec(no), fp = f[c('发票号码')];
    assert(!!m && (m[1] === 'ARH') === (total < 0), `cn: ${no} form and sign`);
    assert(/^\d{8}$/.test(fp) || /^26\d{18}$/.test(fp), `cn: fapiao ${fp} 8 or 20 digits`);
    assert(/^2026\/\d{1,2}\/\d{1,2}$/.test(f[c('单据日期')]) && !/\/0/.test(f[c('单据日期')]), 'cn: yyyy/m/d');
    tot += open;
    return { amt: open, cust: f[c('客户编码')], name: f[c('客户名称')], no, seq: Number(m?.[3]), credit: m?.[1] === 'ARH', day: f[c('单据日期')], fp, ht: f[c('合同号')], cur: 'CNY' };
  });
  assert(new Set(oi.map((o) => o.fp)).size === oi.length, 'cn: fapiao numbers unique');
  assert(new Set(oi.filter((o) => !o.credit).map((o) => o.ht)).size === oi.filter((o) => !o.credit).length, 'cn: contract numbers unique among invoices');
  assert(oi.filter((o) => o.credit && o.ht).every((o) => oi.some((x) => !x.credit && x.ht === o.ht && x.cust === o.cust)), 'cn: a red-letter fapiao names its invoice\'s contract');
  assert(cents(split(after.find((l) => l.startsWith('合计,'))!, ',')[11]) === tot, 'cn: 合计 adds up');
  const stext = w.statement.content as string;
  assert(stext.startsWith('\ufeff'), 'cn: statement UTF-8 with BOM');
  const s = table(stext, '交易日期', ',');
  const k = colOf(s.head), bals: number[] = [];
  let prev = '';
  const st = s.rows.map((f): ST => {
    const deb = f[k('借方金额')], cred = f[k('贷方金额')];
    assert((deb === '') !== (cred === '') && f[k('借贷方向')] === (cred ? '贷' : '借'), 'cn: one amount and its direction');
    const key = f[k('交易日期')] + f[k('交易时间')];
    assert(/^2026-10-\d\d\d\d:\d\d:\d\d$/.test(key) && key >= prev && f[k('交易日期')] >= '2026-10-08', 'cn: oldest first, after the National Day holiday');
    prev = key;
    bals.push(cents(f[k('余额')]));
    return { amt: cred ? cents(cred) : -cents(deb), text: `${f[k('对方户名')]} ${f[k('用途')]}`, name: f[k('对方户名')], use: f[k('用途')], cur: 'CNY', d1: f[k('交易类型')] };
  });
  const opening = balances(st.map((r) => r.amt), bals, 'cn');
  const get = (l: string) => cents(split(stext.split('\r\n').find((x) => x.startsWith(l))!, ',')[1]);
  assert(get('期初余额') === opening && get('期末余额') === bals[bals.length - 1], 'cn: opening and closing balance');
  return { oi, st };
}

const EXACT = new Set(['eft_invoice_ref', 'eft_multi_invoice', 'eft_name_only', 'cheque_batch_deposit', 'interac_etransfer', 'credit_note_netted', 'ambiguous_equal_amounts', 'pad_run',
  'ipi_invoice_ref', 'ipi_multi_invoice', 'pdc_cheque_cleared', 'cdm_cash_deposit', 'ipi_name_only', 'sister_company_pays',
  'fapiao_cited', 'contract_cited', 'multi_fapiao_cited', 'consolidated_monthly', 'bank_acceptance_bill', 'name_only', 'red_fapiao_netted']);
const NAME_ONLY = new Set(['eft_name_only', 'ipi_name_only', 'name_only']);
/** Kinds whose line names no document of the customer. */
const SILENT = new Set([...NAME_ONLY, 'ambiguous_equal_amounts', 'cheque_batch_deposit', 'pdc_cheque_cleared', 'cdm_cash_deposit', 'consolidated_monthly', 'bank_acceptance_bill', 'pad_run']);
const MULTI_CUSTOMER = new Set(['cheque_batch_deposit', 'pad_run', 'bank_acceptance_bill']);

function check(w: World): void {
  const p = w.name === 'ca-eft' ? parseCa(w) : w.name === 'ae-aed' ? parseAe(w) : parseCn(w);
  const seen = { open_items: new Set<number>(), statement: new Set<number>() };
  const groups = new Map<string, { oi: number[]; st: number[]; kinds: Set<string>; amb: boolean }>();
  const kindOf = { open_items: new Map<number, string>(), statement: new Map<number, string>() };
  for (const t of w.truth) {
    const n = t.side === 'open_items' ? p.oi.length : p.st.length;
    assert(t.row >= 1 && t.row <= n && !seen[t.side].has(t.row), `${w.name}: ${t.side} row ${t.row} exists once`);
    seen[t.side].add(t.row);
    kindOf[t.side].set(t.row - 1, t.kind);
    if (t.group === null) continue;
    const g = groups.get(t.group) ?? { oi: [], st: [], kinds: new Set<string>(), amb: false };
    groups.set(t.group, g);
    (t.side === 'open_items' ? g.oi : g.st).push(t.row - 1);
    g.kinds.add(t.kind);
    g.amb ||= !!t.ambiguous;
  }
  assert(seen.open_items.size === p.oi.length && seen.statement.size === p.st.length, `${w.name}: truth covers ${seen.open_items.size}/${p.oi.length} open items, ${seen.statement.size}/${p.st.length} statement rows`);
  const ambTwins = w.truth.filter((t) => t.side === 'open_items' && t.ambiguous && t.group === null).length;
  assert(ambTwins === [...groups.values()].filter((g) => g.amb).length, `${w.name}: one twin per ambiguous group`);
  const byCust = new Map<string, OI[]>();
  for (const o of p.oi) byCust.set(o.cust, [...(byCust.get(o.cust) ?? []), o]);
  const allAmts = new Map<number, number>();
  for (const o of p.oi) allAmts.set(o.amt, (allAmts.get(o.amt) ?? 0) + 1);
  const citesAny = (text: string, o: OI) => (o.fp && text.includes(o.fp)) || (o.ht && text.includes(o.ht)) || text.includes(o.no) || (w.name !== 'cn-gbk' && citedSeq(text, o.seq));
  for (const [id, g] of groups) {
    if (!g.oi.length || !g.st.length || g.kinds.size !== 1) { assert(false, `${w.name} ${id}: both sides, one kind`); continue; }
    const kind = [...g.kinds][0], tag = `${w.name} ${id} (${kind})`;
    const O = g.oi.map((r) => p.oi[r]), S = g.st.map((r) => p.st[r]);
    const I = O.reduce((s, o) => s + o.amt, 0), P = S.reduce((s, r) => s + r.amt, 0);
    const text = S.map((s) => s.text).join(' | '), use = S.map((s) => s.use).join(' | ');
    const inv = O.find((o) => !o.credit) ?? O[0];
    if (EXACT.has(kind)) assert(I === P, `${tag}: payments ${P} = items ${I}`);
    else if (kind === 'part_payment') assert(P > 0 && P / I >= 0.29 && P / I <= 0.71, `${tag}: part ${P}/${I}`);
    else if (kind === 'usd_wire_less_fees') assert(I - P >= 1000 && I - P <= 4000 && (I - P) % 500 === 0 && inv.cur === 'USD' && S[0].cur === 'USD', `${tag}: USD wire less ${I - P}`);
    else if (kind === 'ipi_less_charges') assert([1050, 2625, 5250, 7875].includes(I - P), `${tag}: charges ${I - P} (VAT-inclusive)`);
    else if (kind === 'moling_rounded_down') assert(P !== I && (P === Math.floor(I / 100) * 100 || P === Math.floor(I / 1000) * 1000), `${tag}: ${P} is ${I} rounded down`);
    else assert(false, `${tag}: unknown group kind`);
    if (!MULTI_CUSTOMER.has(kind)) assert(new Set(O.map((o) => o.cust)).size === 1, `${tag}: one customer`);
    else if (kind !== 'pad_run') assert(new Set(O.map((o) => o.cust)).size >= 1 && O.length >= 2, `${tag}: several items`);
    if (kind === 'credit_note_netted' || kind === 'red_fapiao_netted') assert(O.some((o) => o.credit) && O.some((o) => !o.credit), `${tag}: invoices and a credit note`);
    else assert(O.every((o) => !o.credit), `${tag}: no credit note`);
    const mine = byCust.get(inv.cust) ?? [];
    if (kind === 'ambiguous_equal_amounts') assert(g.amb && O.length === 1 && mine.filter((o) => o.amt === I).length === 2, `${tag}: exactly one twin`);
    else assert(!g.amb, `${tag}: not ambiguous`);
    if (NAME_ONLY.has(kind)) assert(O.length === 1 && mine.filter((o) => o.amt === I).length === 1, `${tag}: amount unique for the customer`);
    // What is said: in SILENT kinds the bank's own digits (references, cheque and bill numbers) are stripped before looking for a cited number.
    const bare = (w.name === 'cn-gbk' ? use : text).replace(/[A-Z]{2,3}\d{8,}|\b\d{10,}\b|BATCH \d+ \d+|CHQ CLEARED \d{6}|CDM \d{4}|BR \d{5}/g, '');
    if (SILENT.has(kind)) for (const o of MULTI_CUSTOMER.has(kind) ? O : mine) assert(!citesAny(bare, o), `${tag}: no document of the customer cited: ${text}`);
    else if (kind !== 'pad_run') assert(O.some((o) => !o.credit && citesAny(use || text, o)), `${tag}: an invoice of the group cited: ${text}`);
    if (w.name === 'ca-eft') {
      if (['eft_invoice_ref', 'eft_multi_invoice', 'eft_name_only', 'credit_note_netted', 'part_payment', 'ambiguous_equal_amounts'].includes(kind)) {
        const want = inv.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[.,]/g, '').slice(0, 30).trimEnd();
        assert(S[0].d1 === 'MISC PAYMENT' && S[0].name.startsWith(want) && S[0].name.length <= 30 + 1 + 19, `${tag}: CPA-005 originator ${want} cut at 30, cross-reference ≤ 19: ${S[0].name}`);
      }
      if (kind === 'cheque_batch_deposit') assert(S.length === 1 && S[0].d1 === 'DEPOSIT' && O.length >= 2, `${tag}: one deposit line of several cheques`);
      if (kind === 'interac_etransfer') assert(S[0].d1 === 'e-Transfer - Autodeposit', `${tag}: Interac`);
      if (kind === 'pad_run') {
        const credit = S.filter((s) => s.amt > 0), ret = S.filter((s) => s.amt < 0), m = /PAD SETTLEMENT BATCH \d+ (\d+) ITEMS/.exec(credit[0]?.text ?? '');
        assert(credit.length === 1 && !!m && Number(m[1]) === O.length + ret.length && ret.every((r) => r.d1 === 'PAD RETURN NSF'), `${tag}: one settlement counting ${O.length} + ${ret.length} returned`);
      }
    }
    if (w.name === 'ae-aed') {
      if (kind === 'sister_company_pays') assert(text.includes(inv.no) && !text.toUpperCase().includes(inv.name.toUpperCase().slice(0, 12)) && /HOLDING/.test(text), `${tag}: the sister company cites ${inv.no} in full`);
      if (kind === 'pdc_cheque_cleared') assert(/^PDC CHQ CLEARED \d{6} [A-Z]+$/.test(text), `${tag}: cheque number and bank only`);
      if (kind === 'cdm_cash_deposit') assert(/^CASH DEPOSIT CDM \d{4} /.test(text) && allAmts.get(I) === 1, `${tag}: CDM amount unique in the whole list`);
    }
    if (w.name === 'cn-gbk') {
      if (kind === 'consolidated_monthly') assert(O.length >= 3 && O.every((o) => o.day.startsWith('2026/9/')) && /9月/.test(use) && S[0].name === inv.name, `${tag}: all September invoices, "9月"`);
      if (kind === 'bank_acceptance_bill') assert(/银行股份有限公司/.test(S[0].name) && /^银行承兑汇票到期托收 \d张 票号5\d{29}等$/.test(use), `${tag}: collected from the acceptor bank, 30-digit bill number`);
      else assert(S.every((s) => s.name === inv.name), `${tag}: payer ${inv.name} as 对方户名`);
      if (kind === 'contract_cited') assert(use.includes(inv.ht) && !use.includes(inv.fp), `${tag}: contract, no fapiao`);
    }
  }
  for (const [i, kind] of kindOf.open_items) {
    const o = p.oi[i];
    if (kind.startsWith('open_')) assert(o.credit, `${w.name}: ${o.no} open credit is a credit`);
    if (kind === 'unpaid_invoice' || kind === 'pad_nsf_returned') assert(!o.credit, `${w.name}: ${o.no} unpaid is an invoice`);
    if (kind === 'pad_nsf_returned') assert(p.st.some((s) => s.amt === -o.amt && s.d1 === 'PAD RETURN NSF'), `${w.name}: NSF return for ${o.no}`);
  }
  const unpaid = new Map<number, OI[]>();
  for (const [i, kind] of kindOf.open_items) if (kind === 'unpaid_invoice') unpaid.set(p.oi[i].amt, [...(unpaid.get(p.oi[i].amt) ?? []), p.oi[i]]);
  let traps = 0;
  for (const [j, kind] of kindOf.statement) {
    const s = p.st[j];
    if (kind === 'noise_government_same_amount') { traps++; assert(s.amt > 0 && (unpaid.get(s.amt)?.length ?? 0) >= 1 && /GOV|GST|REVENU/.test(s.text), `${w.name}: government deposit equal to an unpaid invoice: ${s.text}`); }
    if (kind === 'noise_misdirected_returned') {
      traps++;
      const u = unpaid.get(Math.abs(s.amt)) ?? [];
      assert(u.some((o) => o.name === s.name) && p.st.some((t, jj) => kindOf.statement.get(jj) === kind && t.amt === -s.amt && t.name === s.name), `${w.name}: misdirected transfer and its return, amount of an unpaid invoice of ${s.name}`);
      if (s.amt > 0) assert(!u.some((o) => citesAny(s.use, o)), `${w.name}: misdirected transfer cites nothing`);
    }
  }
  if (w.name !== 'ae-aed') assert(traps >= 4, `${w.name}: traps present (${traps})`);
}

void runSelfChecks(HELDOUT_V6_WORLDS, check);
