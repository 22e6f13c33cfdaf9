/**
 * Self-check for the held-out worlds: generates each world, parses both files back and asserts
 * that the truth covers every transaction row exactly once, that every group has rows on both
 * sides and one kind, and that each group's arithmetic holds as designed.
 *   npx tsx scripts/bench/worlds/heldout/check.ts [--open-items 2000] [--seed 1] [--world us-lockbox]
 */
import type { World } from '../world';
import { splitCsvLine } from '../csv';
import { HELDOUT_WORLDS } from './index';
import { abnValid, crnOf, gstinCheck } from './in-au-mixed';

const arg = (name: string, dflt: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : dflt; };
const N = Number(arg('open-items', '2000')), SEED = Number(arg('seed', '1')), ONLY = arg('world', '');

const parseCsv = (text: string, sep: string): string[][] => text.split(/\r?\n/).map((line) => splitCsvLine(line, sep));
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
  if (w.name === 'fr-lettrage') {
    const ot = String(w.openItems.content);
    assert(ot.startsWith('\ufeff'), 'fr-lettrage: ERP export starts with a BOM');
    const o = parseCsv(ot.slice(1), ';').slice(1).filter((r) => r.join('') !== '');
    assert(o.every((r) => r.length === 13 && (r[11] === 'D' || r[11] === 'C') && /^\d+,\d\d$/.test(r[10])), 'fr-lettrage: 13 fields, unsigned Montant, Sens D/C');
    const st = (w.statement.content as Buffer).toString('latin1').split(/\r?\n/);
    const h = st.findIndex((l) => l.startsWith('Date opération;'));
    assert(h === 6 && st[h - 1] === '', 'fr-lettrage: preamble, blank line, header');
    const s = parseCsv(st.slice(h).join('\n'), ';').slice(1).filter((r) => r.join('') !== '');
    assert(s.every((r) => r.length === 5 && (r[3] === '') !== (r[4] === '')), 'fr-lettrage: one of Débit/Crédit per line');
    const closing = cents(st[4].split(';')[1]);
    // Newest first; the closing balance is opening + movements; the preamble does not give the opening, so just its sign of life.
    assert(Number.isFinite(closing), 'fr-lettrage: closing balance');
    return {
      open: o.map((r) => ({ amt: cents(r[10]) * (r[11] === 'C' ? -1 : 1), ref: r[4], extra: [r[6], r[12], r[5]] })),
      stmt: s.map((r) => ({ amt: (r[4] ? cents(r[4]) : 0) - (r[3] ? cents(r[3]) : 0), text: r[2] })),
    };
  }
  if (w.name === 'in-au-mixed' || w.name === 'in-au-mixed-au') {
    const drcr = (x: string) => { const m = /^([\d,]+\.\d\d) (Dr|Cr)$/.exec(x); assert(!!m && /^\d{1,2}(,\d\d)*(,\d{3})?\.\d\d$|^\d{1,3}\.\d\d$/.test(m![1]), `in-au: Indian grouping ${x}`); return m ? cents(m[1]) * (m[2] === 'Cr' ? -1 : 1) : NaN; };
    const o = parseCsv(String(w.openItems.content), ',').slice(1).filter((r) => r.join('') !== '');
    assert(o.every((r) => r.length === 11), 'in-au: 11 fields per open item');
    for (const r of o) {
      if (r[6] === 'INR') assert(r[5].length === 15 && gstinCheck(r[5].slice(0, 14)) === r[5][14], `in-au: GSTIN ${r[5]} valid`);
      else assert(abnValid(r[5]), `in-au: ABN ${r[5]} valid`);
      assert((r[6] === 'INR') === r[2].includes('/'), `in-au: ${r[2]} numbered as its entity`);
    }
    const s = parseCsv(String(w.statement.content), ',').slice(1).filter((r) => r.join('') !== '');
    const inn = w.name === 'in-au-mixed';
    const amt = (r: string[]) => (inn ? (r[5] ? cents(r[5]) : 0) - (r[4] ? cents(r[4]) : 0) : cents(r[1]));
    for (let k = 1; k < s.length; k++) assert(cents(s[k][inn ? 6 : 3]) === cents(s[k - 1][inn ? 6 : 3]) + amt(s[k]), `in-au: running balance at statement row ${k + 1}`);
    assert(s.every((r) => r.length === (inn ? 7 : 4)), 'in-au: statement field count');
    return { open: o.map((r) => ({ amt: drcr(r[8]), ref: r[2], extra: [r[6], String(drcr(r[7])), r[10]] })), stmt: s.map((r) => ({ amt: amt(r), text: inn ? `${r[2]} ${r[3]}` : r[2] })) };
  }
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
const EXACT = new Set(['split_payment', 'single_by_doc_number', 'po_reference', 'instalments', 'multi_invoice', 'credit_note_netted', 'no_reference', 'typo_reference', 'parent_payer', 'remaining_balance', 'ambiguous_same_amount', 'single_by_structured_ref', 'single_by_rf_ref', 'single_by_loose_ref', 'direct_debit', 'exact_reference', 'reference_in_text', 'order_ref_only', 'cheque_deposit', 'lcr_remise', 'balance_after_lettrage', 'payer_name_only', 'ambiguous_equal_amounts', 'bpay_crn', 'cheque_amount_only', 'balance_of_part_paid']);
/** fr-lettrage / in-au-mixed: does the text name this invoice (full number, or year + sequence, or the sequence alone)? */
function namesNew(world: string, ref: string, text: string): boolean {
  if (world === 'fr-lettrage') { const y = ref.slice(0, 4), q = ref.slice(4); return new RegExp(`${y}[-/ ]?${q}`).test(text) || new RegExp(`(^|\\D)${q}(\\D|$)`).test(text); }
  const seq = Number(ref.replace(/^.*\D/, ''));
  if (ref.startsWith('INV-AU') && text.includes(`CRN ${crnOf(seq)}`)) return true;
  return text.includes(ref) || new RegExp(`(^|\\D)0*${seq}(\\D|$)`).test(text.replace(/DIRECT CREDIT \d{6}|DIRECT CREDIT REVERSAL \d{6}/, ''));
}

for (const [name, gen] of Object.entries(HELDOUT_WORLDS)) {
  if (ONLY && ONLY !== name) continue;
  const t0 = performance.now();
  const w = gen({ seed: SEED, openItems: N });
  const ms = performance.now() - t0;
  const again = gen({ seed: SEED, openItems: Math.min(N, 3000) });
  assert(N > 3000 || Buffer.from(again.statement.content).equals(Buffer.from(w.statement.content)), `${name}: deterministic per seed`);
  const p = parse(w);
  const us = name === 'us-lockbox', plw = name === 'es-pl-mixed', nw = ['fr-lettrage', 'in-au-mixed', 'in-au-mixed-au'].includes(name);
  // Truth rows: each side numbered 1..n exactly once.
  for (const side of ['open_items', 'statement'] as const) {
    const n = side === 'open_items' ? p.open.length : p.stmt.length;
    const rows = w.truth.filter((t) => t.side === side).map((t) => t.row).sort((a, b) => a - b);
    assert(rows.length === n && rows.every((r, i) => r === i + 1), `${name}: ${side} truth rows cover 1..${n} once (got ${rows.length})`);
  }
  if (!us && !plw && !nw) {
    // Every structured communication and RF reference on the open-items list is valid.
    const mod97 = (x: string) => [...x].reduce((r, ch) => (r * 10 + Number(ch)) % 97, 0);
    for (const d of p.open) {
      const ref = d.extra[0].replace(/\s/g, '');
      if (ref.startsWith('+++')) { const x = ref.replace(/\D/g, ''); assert((mod97(x.slice(0, 10)) || 97) === Number(x.slice(10)), `${name}: structured communication ${ref} valid`); }
      else if (ref.startsWith('RF')) assert(mod97((ref.slice(4) + 'RF' + ref.slice(2, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) === 1, `${name}: RF reference ${ref} valid`);
      else assert(d.amt < 0 || ref === '', `${name}: invoice ${d.ref} has a reference`);
    }
  }
  if (nw) {
    // Payer-only amounts unique per customer (twins exactly two), cheque-only amounts unique among INR items, other entity's items in its currency.
    const raw = parseCsv(String(w.openItems.content).replace(/^\ufeff/, ''), name === 'fr-lettrage' ? ';' : ',').slice(1).filter((r) => r.join('') !== '');
    const cust = raw.map((r) => (name === 'fr-lettrage' ? r[0] : r[4]));
    for (const t of w.truth) {
      if (t.side !== 'open_items') continue;
      const i = t.row - 1, a = p.open[i].amt, same = (j: number) => p.open[j].amt === a;
      if (t.kind === 'payer_name_only') assert(cust.filter((c, j) => c === cust[i] && same(j)).length === 1, `${name}: payer-only amount ${a} unique for ${cust[i]}`);
      if (t.kind === 'ambiguous_equal_amounts') assert(cust.filter((c, j) => c === cust[i] && same(j)).length === 2 && t.ambiguous === true, `${name}: ambiguous amount ${a} twice for ${cust[i]}`);
      if (t.kind === 'cheque_amount_only') assert(raw.filter((r, j) => r[6] === 'INR' && same(j)).length === 1, `${name}: cheque amount ${a} unique among INR items`);
      if (t.kind === 'other_entity_item') assert(raw[i][6] === (name === 'in-au-mixed' ? 'AUD' : 'INR') && t.group === null, `${name}: other entity's item row ${t.row}`);
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
    else if (kind === 'card_settlement') assert(o - s >= 5 && o - s <= Math.ceil(o * 0.0151), `${name} ${id}: card commission 0.4–1.5 % (${o} → ${s})`);
    else if (kind === 'short_payment') assert(o - s > 0 && o - s <= Math.ceil(o * 0.0301), `${name} ${id}: escompte ≤ 3 % (${o} → ${s})`);
    else if (kind === 'tds_short') assert((o - s) / o >= 0.0075 && (o - s) / o <= 0.0176, `${name} ${id}: TDS 1–2 % of invoice/1.18 (${o} → ${s})`);
    else if (kind === 'fx_payment') assert(Math.abs(s / o - 1) <= 0.0301, `${name} ${id}: fx within 3 % (${o} → ${s})`);
    else assert(false, `${name} ${id}: unexpected group kind ${kind}`);
    for (const i of g.open) {
      const d = p.open[i];
      const refIn = nw ? namesNew(name, d.ref, text) : plw ? namesPl(d.ref, text) : us ? new RegExp(`(^|\\D)${d.ref}(\\D|$)`).test(text) : (() => {
        const sc = d.extra[0].replace(/\D/g, ''), seq = String(Number(d.ref.slice(5)));
        const compact = text.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
        return compact.includes(d.ref.replace('-', '')) || (sc.length === 12 && digits.includes(sc)) || (d.extra[0].startsWith('RF') && text.includes(d.extra[0])) || new RegExp(`(^|\\D)0*${seq}(\\D|$)`).test(text);
      })();
      if (d.amt < 0) continue;
      if (nw) {
        if (['exact_reference', 'reference_in_text', 'multi_invoice', 'credit_note_netted', 'part_payment', 'short_payment', 'balance_after_lettrage', 'tds_short', 'balance_of_part_paid', 'bpay_crn'].includes(kind)) assert(refIn, `${name} ${id} ${kind}: ${d.ref} named in "${text}"`);
        if (['payer_name_only', 'ambiguous_equal_amounts', 'cheque_deposit', 'card_settlement', 'lcr_remise', 'cheque_amount_only', 'order_ref_only'].includes(kind)) assert(!refIn, `${name} ${id} ${kind}: ${d.ref} must not be named in "${text}"`);
        if (kind === 'exact_reference' && name === 'fr-lettrage') assert(text.endsWith(`/REF ${d.ref}`), `${name} ${id}: /REF ${d.ref} in "${text}"`);
        if (kind === 'order_ref_only') assert(d.extra[0] !== '' && text.includes(d.extra[0].normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase()), `${name} ${id}: order ref ${d.extra[0]} in "${text}"`);
        if (kind === 'balance_of_part_paid') assert(Number(d.extra[1]) > d.amt, `${name} ${id}: pending below bill`);
        continue;
      }
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
