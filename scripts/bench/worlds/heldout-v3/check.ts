/**
 * Self-check for the third held-out set: generates each world twice (must be identical), reads both
 * files back with its own small parsers (Windows-1250 CSV, Japanese bank CSV, A/R aging CSV, BAI2)
 * and asserts that the truth covers every transaction row exactly once, that every group has both
 * sides and one kind, that each kind's arithmetic holds, that what a kind says the payer cited is in
 * the bank line, and that identifiers, balances and control totals are valid. Never runs the engine.
 *   npx tsx scripts/bench/worlds/heldout-v3/check.ts [--open-items 2000] [--seed 1] [--world cz-vs]
 */
import type { World } from '../world';
import { colOf, csvTable, splitCsvLine as split } from '../csv';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import { HELDOUT_V3_WORLDS } from './index';
import { encodeCp1250, toHalfKana } from './common';
import { accountPartValid, icoCheck } from './cz-vs';

const table = (text: string, sep: string, first: string) => csvTable(text, sep, first, assert);
/** "1 234,56", "-12,00", "$1,234.56", "($12.00)", "1,234" → minor units. */
function minor(s: string, thou: string, dec: string, decimals = 2): number {
  let t = s.trim(), neg = false;
  if (/^\(.*\)$/.test(t)) { neg = true; t = t.slice(1, -1); }
  if (t.startsWith('-')) { neg = true; t = t.slice(1); }
  t = t.replace(/^\$/, '').split(thou).join('');
  const re = decimals ? new RegExp(`^\\d+\\${dec}\\d{${decimals}}$`) : /^\d+$/;
  if (!re.test(t)) throw new Error(`bad amount "${s}"`);
  const v = decimals ? Number(t.replace(dec, '')) : Number(t);
  return neg ? -v : v;
}

interface OI { amt: number; orig: number; cust: string; no: string; vs: string; type: string; due: string; kana: string; po: string }
interface ST { amt: number; text: string; vs: string; date: string }
interface Parsed { oi: OI[]; st: ST[] }

function parseCz(w: World): Parsed {
  const raw = w.openItems.content as Buffer;
  const text = new TextDecoder('windows-1250').decode(raw);
  assert(Buffer.compare(encodeCp1250(text), raw) === 0, 'cz: open items are Windows-1250 and round-trip');
  assert(!/[^\r]\n/.test(text), 'cz: open items CRLF throughout');
  const { head, rows, after } = table(text, ';', 'Číslo');
  const c = colOf(head);
  const oi = rows.map((f) => {
    assert(f[c('Var. symbol')] === f[c('Číslo')].slice(2) && /^\d{7}$/.test(f[c('Var. symbol')]), `cz: VS ${f[c('Var. symbol')]} is the number without letters`);
    const ico = f[c('IČ')];
    assert(ico === '' || (/^\d{8}$/.test(ico) && icoCheck(ico.slice(0, 7)) === Number(ico[7])), `cz: IČO ${ico} valid`);
    assert(/^-?\d{1,3}(\u00a0\d{3})*,\d\d$/.test(f[c('Celkem')]), `cz: no-break space grouping ${f[c('Celkem')]}`);
    return { amt: minor(f[c('Zbývá uhradit')], '\u00a0', ','), orig: minor(f[c('Celkem')], '\u00a0', ','), cust: f[c('Odběratel')], no: f[c('Číslo')], vs: f[c('Var. symbol')], type: f[c('Typ dokladu')], due: f[c('Splatnost')], kana: f[c('Text')], po: f[c('Měna')] };
  });
  for (const ccy of ['CZK', 'EUR']) {
    const t = after.find((l) => l.startsWith(`Celkem ${ccy};`));
    assert(!!t && minor(split(t, ';')[11], '\u00a0', ',') === oi.filter((o) => o.po === ccy).reduce((s, o) => s + o.amt, 0), `cz: Celkem ${ccy} adds up`);
  }
  const stText = w.statement.content as string;
  const s = table(stText, ';', 'Datum zaúčtování');
  const k = colOf(s.head);
  const st = s.rows.map((f) => {
    const acc = f[k('Protiúčet')];
    const m = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/.exec(acc);
    assert(acc === '' || /^[A-Z]{2}\d{2}\d+$/.test(acc) || (!!m && (!m[1] || accountPartValid(m[1])) && accountPartValid(m[2])), `cz: counter-account ${acc} passes mod 11`);
    assert(f[k('Zpráva pro příjemce')].length <= 140, 'cz: message ≤ 140');
    return { amt: minor(f[k('Částka')], '\u0000', ','), text: `${f[k('Název protiúčtu')]} ${f[k('Zpráva pro příjemce')]}`, vs: f[k('VS')], date: f[k('Datum zaúčtování')], ccy: f[k('Měna')] };
  });
  for (const ccy of ['CZK', 'EUR']) {
    const get = (label: string) => minor(split(s.after.find((l) => l.startsWith(`${label} ${ccy};`))!, ';')[1], '\u0000', ',');
    assert(get('Počáteční zůstatek') + st.filter((r) => r.ccy === ccy).reduce((a, r) => a + r.amt, 0) === get('Konečný zůstatek'), `cz: ${ccy} opening + movements = closing`);
  }
  return { oi, st };
}

function parseJp(w: World): Parsed {
  const o = w.openItems.content as string, s = w.statement.content as string;
  assert(o.startsWith('\ufeff') && s.startsWith('\ufeff'), 'jp: both files UTF-8 with BOM');
  const { head, rows } = table(o, ',', '得意先コード');
  const c = colOf(head);
  const oi = rows.map((f) => {
    const a = minor(f[c('請求金額')], ',', '', 0), p = minor(f[c('入金済額')], ',', '', 0), r = minor(f[c('請求残高')], ',', '', 0);
    assert(a - p === r, 'jp: 請求金額 - 入金済額 = 請求残高');
    assert(f[c('伝票種別')] !== '赤伝票' || r < 0, 'jp: red slips negative');
    return { amt: r, orig: a, cust: f[c('得意先コード')], no: f[c('伝票番号')], vs: f[c('締日')], type: f[c('伝票種別')], due: f[c('入金予定日')], kana: f[c('得意先名カナ')], po: f[c('回収方法')] };
  });
  const t = table(s, ',', '取引日');
  const k = colOf(t.head);
  let prev: number | null = null;
  const st = t.rows.map((f) => {
    const out = f[k('お支払金額')], inn = f[k('お預り金額')];
    assert((out === '') !== (inn === ''), 'jp: exactly one of お支払金額 / お預り金額');
    const amt = inn ? minor(inn, ',', '', 0) : -minor(out, ',', '', 0);
    const bal = minor(f[k('差引残高')], ',', '', 0);
    if (prev !== null) assert(prev + amt === bal, 'jp: running balance');
    prev = bal;
    return { amt, text: f[k('摘要')], vs: '', date: f[k('取引日')] };
  });
  return { oi, st };
}

function parseUs(w: World): Parsed {
  const { head, rows, after } = table(w.openItems.content as string, ',', 'Customer ID');
  const c = colOf(head);
  const usd = (x: string) => (x === '' ? 0 : minor(x, ',', '.'));
  const tot = [0, 0, 0, 0, 0, 0, 0];
  const oi = rows.map((f) => {
    const bal = usd(f[c('Balance Due')]);
    const buckets = ['Current', '1-30 Days', '31-60 Days', '61-90 Days', 'Over 90 Days'].map((n) => usd(f[c(n)]));
    assert(buckets.filter((b) => b !== 0).length === 1 && buckets.reduce((a, b) => a + b, 0) === bal, 'us: balance in exactly one aging bucket');
    tot[0] += usd(f[c('Original Amount')]); tot[1] += bal; buckets.forEach((b, i) => (tot[2 + i] += b));
    assert(!/-/.test(f[c('Balance Due')]), 'us: negatives in parentheses');
    return { amt: bal, orig: usd(f[c('Original Amount')]), cust: f[c('Customer ID')], no: f[c('Invoice #')], vs: '', type: f[c('Invoice #')].startsWith('CM-') ? 'CM' : 'IV', due: f[c('Due Date')], kana: f[c('Customer Name')], po: f[c('PO Number')] };
  });
  const totalLine = split(after.find((l) => l.startsWith('Report Total'))!, ',');
  assert(totalLine.slice(7).map(usd).every((v, i) => v === tot[i]), 'us: report total line adds up');
  // BAI2.
  const recs = (w.statement.content as string).trimEnd().split('\n');
  assert(recs[0].startsWith('01,') && recs[recs.length - 1].startsWith('99,'), 'us: BAI2 01 … 99');
  for (const r of recs) assert(r.length <= 80, `us: record fits the declared 80 characters: ${r}`);
  const st: ST[] = [];
  let fileSum = 0, groups = 0, date = '', acctSum = 0, acctRecs = 0, groupRecs = 0;
  // Logical records: an 88 continues the text of a 16, or the fields of any other record.
  const logical: { r: string; n: number }[] = [];
  for (const r of recs) {
    const prev = logical[logical.length - 1];
    if (r.startsWith('88,') && prev.r.startsWith('16,')) { prev.r += r.slice(3); prev.n++; }
    else if (r.startsWith('88,')) { prev.r = prev.r.replace(/\/$/, '') + ',' + r.slice(3); prev.n++; }
    else logical.push({ r, n: 1 });
  }
  for (const { r: rr, n: physical } of logical) {
    const r = rr.startsWith('16,') ? rr : rr.replace(/,\//g, ',').replace(/\/$/, '');
    const f = r.split(',');
    const code = f[0];
    if (code === '02') { date = f[4]; groupRecs = 1; groups++; continue; }
    groupRecs += physical;
    if (code === '03') {
      acctRecs = physical;
      assert(f[3] === '010' && f[7] === '015' && f[11] === '100' && f[15] === '400', 'us: 03 summary codes 010, 015, 100, 400');
      acctSum = [f[4], f[8], f[12], f[16]].reduce((a, x) => a + Number(x), 0);
      assert(Number(f[4]) + Number(f[12]) - Number(f[16]) === Number(f[8]), 'us: opening + credits - debits = closing');
      continue;
    }
    acctRecs += physical;
    if (code === '16') {
      const type = Number(f[1]), amount = Number(f[2]);
      assert(type >= 100 && type < 700, `us: type code ${type}`);
      acctSum += amount;
      st.push({ amt: type < 400 ? amount : -amount, text: f.slice(6).join(','), vs: f[5], date });
    } else if (code === '49') { assert(Number(f[1]) === acctSum && Number(f[2]) === acctRecs, `us: 49 control total and count (${date})`); fileSum += acctSum; }
    else if (code === '98') assert(Number(f[1]) === acctSum && Number(f[3]) === groupRecs, `us: 98 control total and count (${date})`);
    else if (code === '99') assert(Number(f[1]) === fileSum && Number(f[2]) === groups && Number(f[3]) === recs.length, 'us: 99 totals');
  }
  return { oi, st };
}

const EXACT = new Set([
  'vs_exact', 'vs_zero_variant', 'invoice_number_in_message', 'wrong_vs_number_in_message', 'typo_vs', 'multi_invoice', 'credit_note_netted', 'advance_invoice', 'final_invoice_after_advance', 'instalments', 'remaining_balance', 'payer_name_only', 'ambiguous_equal_amounts', 'eur_sepa_text',
  'name_amount_exact', 'delivery_slips_summed', 'payer_name_differs', 'fixed_monthly_fee', 'group_company_payer', 'two_months_together', 'bill_collection_batch',
  'ccd_rmr_exact', 'rmr_invoice_variant', 'rmr_po_number', 'ctx_multi_invoice', 'ctx_credit_memo_netted', 'lockbox_batch', 'wire_obi',
]);
const JP_FEES = new Set([110, 220, 330, 440, 550, 660, 770, 880]);
const cents2 = (v: number) => `${v < 0 ? '-' : ''}${Math.floor(Math.abs(v) / 100)}.${String(Math.abs(v) % 100).padStart(2, '0')}`;

function check(w: World): void {
  const p = w.name === 'cz-vs' ? parseCz(w) : w.name === 'jp-zengin' ? parseJp(w) : parseUs(w);
  const { groups } = truthGroups(w, p);
  const allVs = new Set(p.oi.map((o) => o.vs));
  for (const [id, g] of groups) {
    if (!g.oi.length || !g.st.length || g.kinds.size !== 1) { assert(false, `${w.name} ${id}: both sides, one kind`); continue; }
    const kind = [...g.kinds][0];
    const O = g.oi.map((r) => p.oi[r]), S = g.st.map((r) => p.st[r]);
    const I = O.reduce((s, o) => s + o.amt, 0), P = S.reduce((s, r) => s + r.amt, 0);
    const text = S.map((s) => s.text).join(' ');
    if (EXACT.has(kind)) assert(I === P, `${w.name} ${id} (${kind}): payments ${P} = items ${I}`);
    else if (kind === 'part_payment') assert(P > 0 && P / I >= 0.29 && P / I <= 0.71, `${w.name} ${id}: part ${P}/${I}`);
    else if (kind === 'short_paid_fee') assert(I - P >= 500 && I - P <= 4500, `${w.name} ${id}: charges ${I - P}`);
    else if (kind === 'fee_deducted' || kind === 'delivery_slips_fee_deducted') assert(JP_FEES.has(I - P), `${w.name} ${id}: fee ${I - P}`);
    else if (kind === 'early_pay_discount' || kind === 'unearned_discount') assert(O.length === 1 && P === I - Math.round(I * 0.02) && text.includes(`*${cents2(P)}*${cents2(I)}*${cents2(I - P)}`), `${w.name} ${id}: 2 % discount ${I} → ${P} in the RMR`);
    else if (kind === 'deduction_short_pay') {
      const adx = [...text.matchAll(/ADX\*(-\d+\.\d\d)\*/g)].reduce((s, m) => s + Math.round(Number(m[1]) * 100), 0);
      assert(I - P > 0 && I - P <= 0.3 * I && adx === P - I, `${w.name} ${id}: deductions ${I - P}, ADX ${adx}`);
    } else assert(false, `${w.name} ${id}: unknown group kind ${kind}`);
    if (kind !== 'group_company_payer' && kind !== 'bill_collection_batch' && kind !== 'lockbox_batch') assert(new Set(O.map((o) => o.cust)).size === 1, `${w.name} ${id} (${kind}): one customer`);
    if (kind === 'group_company_payer') assert(new Set(O.map((o) => o.cust)).size >= 2, `${w.name} ${id}: several group companies`);
    // Name-and-amount kinds: the amount is unique for the customer; ambiguous ones have exactly one twin.
    if (['payer_name_only', 'ambiguous_equal_amounts', 'name_amount_exact', 'payer_name_differs'].includes(kind)) {
      const same = p.oi.filter((o) => o.cust === O[0].cust && o.amt === I).length;
      // (jp: a fixed monthly fee repeats in later, not yet due months too)
      assert(kind === 'ambiguous_equal_amounts' ? (w.name === 'jp-zengin' ? same >= 2 : same === 2) && g.amb && O.length === 1 : same === 1 && !g.amb, `${w.name} ${id} (${kind}): ${same} items of ${I} for ${O[0].cust}`);
    }
    // What the payer cited.
    const inv = O[0];
    if (w.name === 'cz-vs') {
      const vs = S[0].vs, bare = inv.vs.replace(/^0+/, '');
      if (kind === 'vs_exact') assert(vs === inv.vs, `cz ${id}: VS ${vs} = ${inv.vs}`);
      if (kind === 'vs_zero_variant') assert(vs !== inv.vs && vs.replace(/^0+/, '') === bare, `cz ${id}: VS ${vs} ~ ${inv.vs}`);
      if (kind === 'typo_vs') assert(vs.length === inv.vs.length && vs !== inv.vs && !allVs.has(vs), `cz ${id}: typo ${vs} of ${inv.vs}`);
      if (kind === 'invoice_number_in_message' || kind === 'wrong_vs_number_in_message') assert(!allVs.has(vs) && text.includes(bare), `cz ${id}: invoice ${inv.no} in the message, VS ${vs} not ours`);
      if (kind === 'advance_invoice') assert(inv.type === 'Zálohová faktura', `cz ${id}: an advance invoice`);
      if (kind === 'final_invoice_after_advance') assert(inv.orig > inv.amt && /zálohy ZF1\d{6}/.test(inv.kana), `cz ${id}: final invoice less its advance`);
      if (kind === 'remaining_balance') assert(inv.orig > inv.amt, `cz ${id}: part-paid before`);
      if (kind === 'credit_note_netted') assert(O.some((o) => o.type === 'Dobropis' && o.amt < 0), `cz ${id}: a credit note`);
      if (kind === 'instalments') assert(S.length === 2 && S.every((s) => s.vs === inv.vs), `cz ${id}: two instalments citing the VS`);
    }
    if (w.name === 'jp-zengin') {
      const half = toHalfKana(inv.kana).slice(0, 12);
      if (['name_amount_exact', 'fee_deducted', 'delivery_slips_summed', 'delivery_slips_fee_deducted', 'fixed_monthly_fee', 'two_months_together', 'credit_note_netted', 'part_payment', 'ambiguous_equal_amounts', 'remaining_balance'].includes(kind)) assert(text.includes(half), `jp ${id}: payer ${half} in ${text}`);
      if (kind === 'payer_name_differs') assert(!text.includes(half), `jp ${id}: payer name differs`);
      if (kind === 'bill_collection_batch') {
        const m = /(\d+)(枚|ｹﾝ)/.exec(text);
        const notes = new Set(O.map((o) => `${o.cust} ${o.vs}`)).size; // one note per customer and closing date
        assert(O.every((o) => o.due === S[0].date && o.po !== '振込') && !!m && Number(m[1]) === notes, `jp ${id}: notes due ${S[0].date}, count ${m?.[1]} = ${notes}`);
      }
      if (kind === 'remaining_balance') assert(O.length === 1 && inv.orig > inv.amt, `jp ${id}: part-paid before (入金済額)`);
      assert(!/\d{4}-\d{4}/.test(text), `jp ${id}: no invoice number in the bank text`);
    }
    if (w.name === 'us-bai2-820') {
      const rmr = (o: OI) => `RMR*${o.type}*${o.no}*`;
      if (kind === 'ccd_rmr_exact' || kind === 'ctx_multi_invoice' || kind === 'ctx_credit_memo_netted' || kind === 'deduction_short_pay') assert(O.every((o) => text.includes(rmr(o))), `us ${id} (${kind}): an RMR per document`);
      if (kind === 'ctx_multi_invoice' || kind === 'ctx_credit_memo_netted' || kind === 'deduction_short_pay') assert(text.includes(`BPR*C*${cents2(P)}*`), `us ${id}: BPR amount = the credit`);
      if (kind === 'rmr_invoice_variant') assert(!text.includes(rmr(inv)) && text.includes(inv.no), `us ${id}: invoice ${inv.no} cited in another form`);
      if (kind === 'rmr_po_number') assert(inv.po !== '' && text.includes(`RMR*PO*${inv.po}*`) && !text.includes(inv.no), `us ${id}: PO ${inv.po} cited`);
      if (kind === 'wire_obi') assert(O.every((o) => text.includes(o.no)) && text.includes('OBI='), `us ${id}: invoices in OBI`);
      if (kind === 'payer_name_only' || kind === 'ambiguous_equal_amounts') assert(!text.includes('ADDENDA') && !/\b3[12]\d{4}\b/.test(text), `us ${id}: no remittance`);
      if (kind === 'lockbox_batch') assert(/ITEMS \d+$/.test(text) && Number(/ITEMS (\d+)$/.exec(text)![1]) <= O.length, `us ${id}: a lockbox batch line`);
    }
  }
  if (w.name === 'cz-vs') {
    // The trap: a supplier refund citing one of our unpaid invoices' VS without its leading zero.
    const unpaid = new Set(w.truth.filter((t) => t.side === 'open_items' && t.kind === 'unpaid_invoice').map((t) => p.oi[t.row - 1].vs.replace(/^0+/, '')));
    const traps = w.truth.filter((t) => t.side === 'statement' && t.kind === 'noise_vs_collision');
    assert(traps.every((t) => unpaid.has(p.st[t.row - 1].vs)), 'cz: VS collisions cite an unpaid invoice');
  }
}

void runSelfChecks(HELDOUT_V3_WORLDS, check);
