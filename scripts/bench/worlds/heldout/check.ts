/**
 * Self-check for the held-out worlds: generates each world, parses both files back and asserts
 * that the truth covers every transaction row exactly once, that every group has rows on both
 * sides and one kind, and that each group's arithmetic holds as designed.
 *   npx tsx scripts/bench/worlds/heldout/check.ts [--open-items 2000] [--seed 1] [--world us-lockbox]
 */
import type { World } from '../world';
import { HELDOUT_WORLDS } from './index';

const arg = (name: string, dflt: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : dflt; };
const N = Number(arg('open-items', '2000')), SEED = Number(arg('seed', '1')), ONLY = arg('world', '');

function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
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
    rows.push(out);
  }
  return rows;
}
const cents = (s: string) => {
  let t = s.trim(), neg = false;
  if (/^\(.*\)$/.test(t)) { neg = true; t = t.slice(1, -1); }
  if (t.includes(',') && !t.includes('.') && /,\d{2}$/.test(t)) t = t.replace(/\s/g, '').replace(',', '.');
  else t = t.replace(/[,\s]/g, '');
  const v = Math.round(Number(t) * 100);
  if (!Number.isFinite(v)) throw new Error(`bad amount ${s}`);
  return neg ? -v : v;
};

interface Parsed { open: { amt: number; ref: string; extra: string[] }[]; stmt: { amt: number; text: string }[] }
function parse(w: World): Parsed {
  if (w.name === 'es-pl-mixed') {
    const o = parseCsv(String(w.openItems.content), ';').slice(1).filter((r) => r.join('') !== '');
    const s = parseCsv(String(w.statement.content), ',').slice(1).filter((r) => r.join('') !== '');
    assert(s.every((r) => r.length === 10), 'PKO rows have ten fields');
    // Newest first: the balance after a line is the next (older) line's balance plus its amount.
    for (let k = 0; k + 1 < s.length; k++) assert(cents(s[k][5]) === cents(s[k + 1][5]) + cents(s[k][3]), `running balance at statement row ${k + 1}`);
    return { open: o.map((r) => ({ amt: cents(r[8]), ref: r[0], extra: [r[5], r[6], r[7]] })), stmt: s.map((r) => ({ amt: cents(r[3]), text: r.slice(6).join(' ') })) };
  }
  const us = w.name === 'us-lockbox', sep = us ? ',' : ';';
  const o = parseCsv(String(w.openItems.content), sep).slice(1).filter((r) => r.join('') !== '');
  const sRows = parseCsv(String(w.statement.content), sep).slice(1);
  const blank = sRows.findIndex((r) => r.join('') === '');
  const s = blank >= 0 ? sRows.slice(0, blank) : sRows;
  if (!us) {
    const tail = sRows.slice(blank + 1).filter((r) => r.join('') !== '');
    assert(tail.length === 2 && tail[0][0] === 'Solde initial' && tail[1][0] === 'Solde final', 'two balance lines at the end');
    const sum = s.reduce((a, r) => a + cents(r[6]), 0);
    assert(cents(tail[1][6]) === cents(tail[0][6]) + sum, 'Solde final = Solde initial + movements');
  }
  return {
    open: o.map((r) => (us ? { amt: cents(r[8]), ref: r[2], extra: [r[6]] } : { amt: cents(r[7]), ref: r[0], extra: [r[8], r[5], r[6]] })),
    stmt: s.map((r) => (us ? { amt: cents(r[4]), text: `${r[6]} ${r[7]}` } : { amt: cents(r[6]), text: r[11] })),
  };
}

/** Does the text name invoice FV/yyyy/mm/nnnn in any of its loose forms (yyyy m n, or n m yyyy)? */
function namesPl(ref: string, text: string): boolean {
  const [, y, m, n] = ref.split('/').map(Number);
  for (const t of text.matchAll(/(\d+)[/ -]+(\d+)[/ -]+(\d+)/g)) {
    const [a, b, c] = [t[1], t[2], t[3]].map(Number);
    if ((a === y && b === m && c === n) || (a === n && b === m && c === y)) return true;
  }
  return false;
}
let failures = 0;
function assert(ok: boolean, msg: string) { if (!ok) { failures++; if (failures < 30) console.error('FAIL', msg); } }
const EXACT = new Set(['split_payment', 'single_by_doc_number', 'po_reference', 'instalments', 'multi_invoice', 'credit_note_netted', 'no_reference', 'typo_reference', 'parent_payer', 'remaining_balance', 'ambiguous_same_amount', 'single_by_structured_ref', 'single_by_rf_ref', 'single_by_loose_ref', 'direct_debit']);

for (const [name, gen] of Object.entries(HELDOUT_WORLDS)) {
  if (ONLY && ONLY !== name) continue;
  const t0 = performance.now();
  const w = gen({ seed: SEED, openItems: N });
  const ms = performance.now() - t0;
  const again = gen({ seed: SEED, openItems: Math.min(N, 3000) });
  assert(N > 3000 || again.statement.content === w.statement.content, `${name}: deterministic per seed`);
  const p = parse(w);
  const us = name === 'us-lockbox', plw = name === 'es-pl-mixed';
  // Truth rows: each side numbered 1..n exactly once.
  for (const side of ['open_items', 'statement'] as const) {
    const n = side === 'open_items' ? p.open.length : p.stmt.length;
    const rows = w.truth.filter((t) => t.side === side).map((t) => t.row).sort((a, b) => a - b);
    assert(rows.length === n && rows.every((r, i) => r === i + 1), `${name}: ${side} truth rows cover 1..${n} once (got ${rows.length})`);
  }
  if (!us && !plw) {
    // Every structured communication and RF reference on the open-items list is valid.
    const mod97 = (x: string) => [...x].reduce((r, ch) => (r * 10 + Number(ch)) % 97, 0);
    for (const d of p.open) {
      const ref = d.extra[0].replace(/\s/g, '');
      if (ref.startsWith('+++')) { const x = ref.replace(/\D/g, ''); assert((mod97(x.slice(0, 10)) || 97) === Number(x.slice(10)), `${name}: structured communication ${ref} valid`); }
      else if (ref.startsWith('RF')) assert(mod97((ref.slice(4) + 'RF' + ref.slice(2, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) === 1, `${name}: RF reference ${ref} valid`);
      else assert(d.amt < 0 || ref === '', `${name}: invoice ${d.ref} has a reference`);
    }
  }
  const groups = new Map<string, { kinds: Set<string>; open: number[]; stmt: number[] }>();
  const kinds = new Map<string, [number, number, number]>();
  let amb = 0, retSum = 0;
  for (const t of w.truth) {
    const k = kinds.get(t.kind) ?? [0, 0, 0];
    k[t.side === 'open_items' ? 0 : 1]++;
    kinds.set(t.kind, k);
    if (t.ambiguous) amb++;
    if (t.kind === 'returned_payment' && t.side === 'statement') retSum += p.stmt[t.row - 1].amt;
    if (t.kind === 'near_miss_refund' && t.side === 'statement') assert(p.stmt[t.row - 1].amt < 0, `${name}: refund is outgoing`);
    if (t.group === null) continue;
    const g = groups.get(t.group) ?? { kinds: new Set(), open: [], stmt: [] };
    g.kinds.add(t.kind);
    (t.side === 'open_items' ? g.open : g.stmt).push(t.row - 1);
    groups.set(t.group, g);
  }
  assert(retSum === 0, `${name}: returned payments and their reversals net to zero (${retSum})`);
  for (const [id, g] of groups) {
    const kind = [...g.kinds][0];
    kinds.get(kind)![2]++;
    assert(g.kinds.size === 1, `${name} ${id}: one kind per group`);
    assert(g.open.length >= 1 && g.stmt.length >= 1, `${name} ${id}: rows on both sides`);
    const o = g.open.reduce((a, i) => a + p.open[i].amt, 0), s = g.stmt.reduce((a, i) => a + p.stmt[i].amt, 0);
    const text = g.stmt.map((i) => p.stmt[i].text).join(' '), digits = text.replace(/\D/g, '');
    if (EXACT.has(kind)) assert(o === s, `${name} ${id} ${kind}: payment ${s} = open ${o}`);
    else if (kind === 'discount_taken') assert(s < o && o - s <= Math.ceil(o * 0.0301), `${name} ${id}: discount ≤ 3 % (${o} → ${s})`);
    else if (kind === 'bank_fee_deducted') assert(o - s >= 500 && o - s <= 6000, `${name} ${id}: fee 5–60 (${o - s})`);
    else if (kind === 'part_payment') assert(s > 0 && s < o, `${name} ${id}: part payment below the invoice`);
    else if (kind === 'fx_payment') assert(Math.abs(s / o - 1) <= 0.0301, `${name} ${id}: fx within 3 % (${o} → ${s})`);
    else assert(false, `${name} ${id}: unexpected group kind ${kind}`);
    for (const i of g.open) {
      const d = p.open[i];
      const refIn = plw ? namesPl(d.ref, text) : us ? new RegExp(`(^|\\D)${d.ref}(\\D|$)`).test(text) : (() => {
        const sc = d.extra[0].replace(/\D/g, ''), seq = String(Number(d.ref.slice(5)));
        const compact = text.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
        return compact.includes(d.ref.replace('-', '')) || (sc.length === 12 && digits.includes(sc)) || (d.extra[0].startsWith('RF') && text.includes(d.extra[0])) || new RegExp(`(^|\\D)0*${seq}(\\D|$)`).test(text);
      })();
      if (d.amt < 0) continue;
      if (['single_by_doc_number', 'multi_invoice', 'instalments', 'credit_note_netted', 'single_by_structured_ref', 'single_by_rf_ref', 'single_by_loose_ref', 'direct_debit'].includes(kind)) assert(refIn, `${name} ${id} ${kind}: ${d.ref} named in "${text}"`);
      if (plw && ['fx_payment', 'split_payment', 'parent_payer', 'part_payment'].includes(kind)) assert(refIn, `${name} ${id} ${kind}: ${d.ref} named in "${text}"`);
      if (['no_reference', 'typo_reference', 'ambiguous_same_amount'].includes(kind) && (us || plw)) assert(!refIn, `${name} ${id} ${kind}: ${d.ref} must not be named in "${text}"`);
      if (kind === 'fx_payment' && plw) { const r = d.amt / cents(d.extra[1]); assert(d.extra[0] === 'EUR' && r > 4.1 && r < 4.45 && Math.abs(r - Number(d.extra[2].replace(',', '.'))) < 0.00051, `${name} ${id}: EUR invoice at the NBP rate (${r})`); }
      if (kind === 'fx_payment' && !us && !plw) { const r = cents(d.extra[2]) / d.amt; assert(d.extra[1] === 'USD' && r > 1.0 && r < 1.2, `${name} ${id}: USD invoice at a plausible rate (${r})`); }
    }
  }
  console.log(`\n${name}: ${p.open.length} open items, ${p.stmt.length} statement rows, ${groups.size} groups, ${amb} ambiguous rows (${((100 * amb) / w.truth.length).toFixed(1)} %), generated in ${ms.toFixed(0)} ms`);
  console.log('  kind'.padEnd(34) + 'open  stmt  groups');
  for (const [k, [o, s, g]] of [...kinds].sort()) console.log(`  ${k.padEnd(32)}${String(o).padStart(4)}  ${String(s).padStart(4)}  ${String(g).padStart(6)}`);
}
if (failures) { console.error(`\n${failures} failure(s)`); process.exit(1); }
console.log('\nall checks passed');
