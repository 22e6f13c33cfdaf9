/**
 * The scored model's statements (issue 30, performance only; the groups are the other tests'
 * business). Two shapes are checked through a real run (buildAutoRecipe + run on real DuckDB):
 * - u's random pairs: the sample's tied pairs are taken out by a hash anti-join. Two correlated
 *   NOT EXISTS over the whole cross product made DuckDB group every pair (a DELIM_JOIN), the
 *   costliest statement of the model at 300k rows. The counts must stay those of NOT EXISTS.
 * - the candidates and their comparison levels are written by one statement per scored pass, not
 *   written and then rewritten.
 * - credit netting finds the credit notes by hash joins: its two conditions OR-ed in one join
 *   compared every named payment with every credit note (a nested loop).
 */
import { describe, expect, it, vi } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { Db, type Params } from '../../../src/main/reconcile/engine/db';
import { csv, explainJson, spiedSandbox } from './helpers';

const sandbox = spiedSandbox();

const doc = (n: number) => String(1_800_012_000 + n);
const date = (day: number) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
const eur = (cents: number) => (cents / 100).toFixed(2);

/** Open items and payments naming them (so the sample holds tied pairs), some by payer and amount only. */
function world(): { items: string[]; lines: string[] } {
  const items: string[] = [];
  const lines: string[] = [];
  for (let n = 1; n <= 150; n++) {
    const customer = 1 + (n % 15);
    const cents = 10_000 + ((n * 7_919) % 90_000);
    items.push([doc(n), 3_000_000 + customer, `Kunde ${customer} GmbH`, date(n % 60), eur(cents)].join(','));
    if (n <= 110) lines.push([date((n % 60) + 4), eur(cents), `KUNDE ${customer} GMBH`, `SVWZ+RE ${doc(n)} Kd-Nr. ${3_000_000 + customer}`].join(';'));
    else if (n <= 125) lines.push([date((n % 60) + 6), eur(cents), `KUNDE ${customer} GMBH`, 'SVWZ+Zahlung'].join(';'));
  }
  return { items, lines };
}

/** The physical operators of a statement's plan, by name (EXPLAIN's JSON form: the boxed one cuts long names). */
async function operators(db: Db, all: typeof Db.prototype.all, sql: string, params?: Params): Promise<string[]> {
  const names: string[] = [];
  const walk = (node: { name: string; children?: unknown[] }) => {
    names.push(node.name);
    for (const c of node.children ?? []) walk(c as { name: string; children?: unknown[] });
  };
  for (const root of await explainJson<{ name: string }[]>(db, all, sql, params)) walk(root);
  return names;
}

interface FitSeen {
  plan: string[];
  pairs: number;
  /** The pairs the date and the counterparty comparisons count (from their distinct values). */
  perComparison: number[];
  expected: number;
  crossProduct: number;
}

/** Runs the world and records the u-sample statement's plan and counts, and the statements' shapes. */
async function runWorld(): Promise<{ fits: FitSeen[]; candidateWrites: number; passes: number; nettingPlans: string[][] }> {
  const fits: FitSeen[] = [];
  const nettingPlans: string[][] = [];
  let candidateWrites = 0;
  let passes = 0;
  const all = Db.prototype.all;
  const exec = Db.prototype.exec;
  vi.spyOn(Db.prototype, 'all').mockImplementation(async function (this: Db, sql: string, params?: Params) {
    const sample = /^\s*WITH l AS \(SELECT \* FROM m_left ORDER BY hash\(h, id\) LIMIT (\d+)\), r AS \(SELECT \* FROM m_right ORDER BY hash\(h, id\) LIMIT \d+\)/.exec(sql);
    if (!sample) return all.call(this, sql, params) as Promise<never[]>;
    const plan = await operators(this, all, sql, params);
    // The reference: the sample's cross product less the pairs tied exactly or by a typo, by NOT EXISTS.
    const [reference] = (await all.call(
      this,
      `WITH l AS (SELECT * FROM m_left ORDER BY hash(h, id) LIMIT ${sample[1]}), r AS (SELECT * FROM m_right ORDER BY hash(h, id) LIMIT ${sample[1]})
       SELECT count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM m_exact e WHERE e.lid = l.id AND e.rid = r.id) AND NOT EXISTS (SELECT 1 FROM m_typo e WHERE e.lid = l.id AND e.rid = r.id)) AS n,
         count(*) AS cross_product FROM l, r`,
    )) as { n: number; cross_product: number }[];
    // One row per comparison and level: each comparison's levels count every pair once.
    const rows = (await all.call(this, sql, params)) as { cmp: string; n: number }[];
    const per = (cmp: string) => rows.filter((r) => r.cmp === cmp).reduce((s, r) => s + Number(r.n), 0);
    fits.push({ plan, pairs: per('amt'), perComparison: [per('dte'), per('pty')], expected: Number(reference.n), crossProduct: Number(reference.cross_product) });
    return rows as never[];
  });
  vi.spyOn(Db.prototype, 'exec').mockImplementation(async function (this: Db, sql: string, params?: Params) {
    if (/^\s*CREATE OR REPLACE TEMP TABLE m_cand\b/.test(sql)) candidateWrites++;
    if (/^\s*CREATE OR REPLACE TEMP TABLE m_scored\b/.test(sql)) passes++;
    const netting = /^\s*CREATE OR REPLACE TEMP TABLE m_cn AS([\s\S]*)$/.exec(sql);
    if (netting) nettingPlans.push(await operators(this, all, netting[1], params));
    return exec.call(this, sql, params);
  });
  const sb = sandbox();
  const ws = await sb.workspace();
  const { items, lines } = world();
  await ws.addSourceFromPath('left', sb.file('items.csv', csv('Belegnummer,Kunde,Name,Belegdatum,Betrag', items)));
  await ws.addSourceFromPath('right', sb.file('lines.csv', csv('Buchungstag;Betrag;Auftraggeber;Verwendungszweck', lines)));
  const auto = await buildAutoRecipe(ws, 'plan');
  expect(auto.recipe.rules.map((r) => r.id)).toContain('scored');
  await ws.run(auto.recipe);
  return { fits, candidateWrites, passes, nettingPlans };
}

describe('the scored model’s statements', () => {
  it('takes the tied pairs out of u’s random pairs by a hash anti-join, with the counts NOT EXISTS gives', async () => {
    const { fits } = await runWorld();
    expect(fits.length).toBeGreaterThan(0);
    for (const f of fits) {
      expect(f.plan.filter((o) => o.includes('DELIM'))).toEqual([]);
      expect(f.plan).toContain('HASH_JOIN');
      // Some pairs were tied (the payments name their items), and exactly those were left out.
      expect(f.expected).toBeLessThan(f.crossProduct);
      expect(f.pairs).toBe(f.expected);
      expect(f.perComparison).toEqual([f.expected, f.expected]);
    }
  });

  it('nets credit notes by hash joins, never a nested loop', async () => {
    const { nettingPlans } = await runWorld();
    expect(nettingPlans.length).toBeGreaterThan(0);
    for (const plan of nettingPlans) {
      expect(plan).toContain('HASH_JOIN');
      expect(plan.filter((o) => /NESTED_LOOP|NL_JOIN|CROSS_PRODUCT|PIECEWISE/.test(o))).toEqual([]);
    }
  });

  it('writes the candidates with their levels once per scored pass', async () => {
    const { candidateWrites, passes } = await runWorld();
    expect(passes).toBeGreaterThan(0);
    expect(candidateWrites).toBe(passes);
  });
});
