/**
 * The frame the held-out self-checks (heldout-v2 … v5) share: their command-line options, the
 * error list their asserts fill, and the loop that generates each world twice (it must be
 * identical for a seed), runs the set's own check and prints one line a world (`--kinds`: the
 * rows of each kind per side). Every held-out set from heldout-v2 on runs its check through it.
 */
import type { World, WorldGenerator } from './world';

const arg = (name: string, dflt: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : dflt; };
/** `--open-items` (2000), `--seed` (1), `--world` (every world of the set). */
export const N = Number(arg('open-items', '2000')), SEED = Number(arg('seed', '1')), ONLY = arg('world', '');

/** What the current world's check found wrong (at most 200). */
export const errors: string[] = [];
export const assert = (ok: boolean, msg: string) => { if (!ok && errors.length < 200) errors.push(msg); };

/**
 * Checks every world of the set (or `--world`), prints the results and exits 1 if any failed. A
 * check may be async (a set whose reader parses an XLSX file).
 */
export async function runSelfChecks(worlds: Record<string, WorldGenerator>, check: (w: World) => void | Promise<void>): Promise<never> {
  let failed = false;
  for (const [name, gen] of Object.entries(worlds)) {
    if (ONLY && name !== ONLY) continue;
    errors.length = 0;
    const t0 = performance.now();
    const w = gen({ seed: SEED, openItems: N });
    const ms = performance.now() - t0;
    try { await check(w); } catch (e) { errors.push(`parse: ${(e as Error).stack}`); }
    const w2 = gen({ seed: SEED, openItems: N });
    const same = (a: string | Buffer, b: string | Buffer) => (typeof a === 'string' ? a === b : Buffer.compare(a, b as Buffer) === 0);
    assert(same(w.openItems.content, w2.openItems.content) && same(w.statement.content, w2.statement.content) && JSON.stringify(w.truth) === JSON.stringify(w2.truth), `${name}: deterministic for a seed`);
    assert(w.name === name, `${name}: world.name ${w.name}`);
    const oi = w.truth.filter((t) => t.side === 'open_items'), st = w.truth.filter((t) => t.side === 'statement');
    const groups = new Set(w.truth.filter((t) => t.group).map((t) => t.group)).size;
    console.log(`${errors.length ? 'FAIL' : 'ok  '} ${name}: ${oi.length} open items (${oi.filter((t) => t.group).length} in groups), ${st.length} statement rows (${st.filter((t) => t.group).length} in groups), ${groups} groups, ${w.truth.filter((t) => t.ambiguous).length} ambiguous rows, ${Math.round(ms)} ms`);
    if (process.argv.includes('--kinds')) {
      const k = new Map<string, [number, number]>();
      for (const t of w.truth) { const e = k.get(t.kind) ?? [0, 0]; e[t.side === 'open_items' ? 0 : 1]++; k.set(t.kind, e); }
      console.log('     ' + [...k].sort((a, b) => b[1][0] - a[1][0] || b[1][1] - a[1][1]).map(([a, [b, c]]) => `${a} ${b}/${c}`).join(', '));
    }
    for (const e of errors.slice(0, 20)) console.log(`     - ${e}`);
    if (errors.length) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

/** A group of the truth: its rows (0-based) on each side, its kinds and whether it is ambiguous. */
export interface TruthGroup { oi: number[]; st: number[]; kinds: Set<string>; amb: boolean }

/**
 * The truth's groups, after asserting that it names every parsed row of both files exactly once;
 * `kindOf` is each row's kind (0-based) per side.
 */
export function truthGroups(w: World, p: { oi: unknown[]; st: unknown[] }): { groups: Map<string, TruthGroup>; kindOf: Record<'open_items' | 'statement', Map<number, string>> } {
  const seen = { open_items: new Set<number>(), statement: new Set<number>() };
  const groups = new Map<string, TruthGroup>();
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
  return { groups, kindOf };
}
