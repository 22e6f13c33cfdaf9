/**
 * Matching invariants as properties, on the real DuckDB engine.
 *
 * fast-check generates small ledgers and bank files out of "stories" (a pair, a split, a batch, a lone
 * row) whose references, amounts and dates collide often, so rows compete for each other. For every rule
 * kind (1:1 keyed, 1:1 on amount + date only, 1:N, N:1, N:M, and a strict→loose recipe of several rules)
 * the run must satisfy, whatever the data:
 *  - no row is in two groups (across all rules of the run), and 1:1 groups have one row a side;
 *  - every group's sums agree within the rule's tolerance (abs + pct of the larger magnitude);
 *  - every member lies within the rule's date window of its counterpart(s), boundaries inclusive;
 *  - every member of a keyed group has the same normalised key;
 *  - shuffling both files gives the same groups (described by content, not row ids);
 *  - running twice gives identical results (ids included);
 *  - a single 1:1 rule is maximal: no unmatched left row and unmatched right row would satisfy it.
 * Planted, unambiguous matches (unique references; date deltas at exactly the window) must be found.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchRule, Recipe } from '../../../src/shared/reconcile/recipe';
import type { GroupPageItem, RecordPageItem } from '../../../src/shared/reconcile/sources-and-runs';
import type { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { csv, recipe, refRule, rule, sandbox, type Sandbox } from './helpers';

const HEADER = 'ref,amount,date,memo';
const RUNS = Number(process.env.KALLA_PROPERTY_RUNS ?? 15);

interface Row {
  ref: string;
  cents: number;
  day: number; // day of March 2024
  memo: string; // unique per row: it names the row in assertions
}

interface Files {
  left: Row[];
  right: Row[];
}

// ── generators ──────────────────────────────────────────────────────────────

/** Reference spellings that the casefold+alnum normalisers make equal (A-1 = a1 = A1). */
const REFS = ['A1', 'B2', 'C3', 'D4'];
const spell = (ref: string, variant: number) => [ref, ref.toLowerCase(), `${ref[0]}-${ref.slice(1)}`][variant % 3];
const normKey = (ref: string) => ref.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Amounts cluster on a few values (rent, subscriptions, the same invoice twice) so rows compete. */
const cents = fc.oneof(fc.constantFrom(1000, 2500, 4200), fc.integer({ min: 100, max: 5000 }));

const story = fc.oneof(
  fc.record({ kind: fc.constant('pair' as const), ref: fc.constantFrom(...REFS), cents, da: fc.constantFrom(0, 0, 1, 50, 300), dd: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('split' as const), ref: fc.constantFrom(...REFS), parts: fc.array(fc.integer({ min: 100, max: 3000 }), { minLength: 2, maxLength: 3 }), da: fc.constantFrom(0, 1), dd: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant('batch' as const), ref: fc.constantFrom(...REFS), parts: fc.array(fc.integer({ min: 100, max: 3000 }), { minLength: 2, maxLength: 3 }), da: fc.constantFrom(0, 1), dd: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant('lone' as const), side: fc.constantFrom('left' as const, 'right' as const), ref: fc.constantFrom(...REFS), cents, dd: fc.integer({ min: 0, max: 5 }) }),
  // The same line twice (a bank export downloaded over an overlapping period): two rows want one partner.
  fc.record({ kind: fc.constant('twice' as const), side: fc.constantFrom('left' as const, 'right' as const), ref: fc.constantFrom(...REFS), cents, dd: fc.integer({ min: 0, max: 2 }) }),
);

const filesArb: fc.Arbitrary<Files> = fc
  .tuple(fc.array(story, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 1000 }))
  .map(([stories, day0, spellSeed]) => {
    const left: Row[] = [];
    const right: Row[] = [];
    let n = 0;
    const add = (side: Row[], ref: string, cents: number, day: number) => side.push({ ref: spell(ref, spellSeed + n), cents, day: Math.min(28, Math.max(1, day)), memo: `m${n++}` });
    stories.forEach((s, i) => {
      const day = ((day0 + i * 3) % 20) + 1;
      switch (s.kind) {
        case 'pair':
          add(left, s.ref, s.cents, day);
          add(right, s.ref, s.cents + s.da, day + s.dd);
          break;
        case 'split':
          add(left, s.ref, s.parts.reduce((a, b) => a + b, 0) + s.da, day);
          s.parts.forEach((p, j) => add(right, s.ref, p, day + ((s.dd + j) % 5)));
          break;
        case 'batch':
          s.parts.forEach((p, j) => add(left, s.ref, p, day + ((s.dd + j) % 5)));
          add(right, s.ref, s.parts.reduce((a, b) => a + b, 0) + s.da, day + s.dd);
          break;
        case 'lone':
          add(s.side === 'left' ? left : right, s.ref, s.cents, day + s.dd);
          break;
        case 'twice':
          add(s.side === 'left' ? left : right, s.ref, s.cents, day);
          add(s.side === 'left' ? left : right, s.ref, s.cents, day);
          add(s.side === 'left' ? right : left, s.ref, s.cents, day + s.dd);
          break;
      }
    });
    // Each side needs a row for the file to load as a table with these columns.
    if (left.length === 0) add(left, 'Z9', 999, 1);
    if (right.length === 0) add(right, 'Z9', 998, 1);
    return { left, right };
  });

const amountArb = fc.record({
  left: fc.constant('amount'),
  right: fc.constant('amount'),
  tolerance_abs: fc.constantFrom(0, 0.01, 1),
  tolerance_pct: fc.constantFrom(0, 0, 1),
  flip_sign: fc.constant(false),
});
const dateArb = fc.record({ left: fc.constant('date'), right: fc.constant('date'), window_days: fc.integer({ min: 0, max: 4 }) });
const keys = [{ left: 'ref', right: 'ref', normalisers: [{ kind: 'casefold' as const }, { kind: 'alnum' as const }] }];

const ruleArb = (id: string, cardinality: MatchRule['cardinality'], keyed: boolean, withDate: boolean): fc.Arbitrary<MatchRule> =>
  fc.record({ amount: amountArb, date: withDate ? dateArb.map((d) => d as MatchRule['date']) : fc.constant(undefined) }).map(({ amount, date }) =>
    rule({ id, cardinality, keys: keyed ? keys : [], amount, ...(date ? { date } : {}) }),
  );

// ── running ─────────────────────────────────────────────────────────────────

let sb: Sandbox;
let a: ReconEngine;
let b: ReconEngine;
let loads = 0;
beforeAll(async () => {
  sb = sandbox();
  a = await sb.workspace('a');
  b = await sb.workspace('b');
});
afterAll(() => sb.cleanup());

const line = (r: Row) => `${r.ref},${(r.cents / 100).toFixed(2)},2024-03-${String(r.day).padStart(2, '0')},${r.memo}`;

async function load(ws: ReconEngine, files: Files): Promise<void> {
  const n = loads++;
  await ws.addSourceFromPath('left', sb.file(`l${n}.csv`, csv(HEADER, files.left.map(line))));
  await ws.addSourceFromPath('right', sb.file(`r${n}.csv`, csv(HEADER, files.right.map(line))));
}

interface Outcome {
  groups: GroupPageItem[];
  unmatchedLeft: string[];
  unmatchedRight: string[];
}

async function runOn(ws: ReconEngine, r: Recipe): Promise<Outcome> {
  const { run_id } = await ws.run(r);
  const page = async (category: 'matched' | 'suggested') => (await ws.page(run_id, category, { offset: 0, limit: 10_000 })).items;
  const memos = async (...categories: Array<'unmatched_left' | 'unmatched_right' | 'exceptions_left' | 'exceptions_right'>) =>
    (await Promise.all(categories.map(async (c) => ((await ws.page(run_id, c, { offset: 0, limit: 10_000 })).items as RecordPageItem[]).map((x) => String(x.row.memo))))).flat().sort();
  return {
    groups: [...(await page('matched')), ...(await page('suggested'))],
    unmatchedLeft: await memos('unmatched_left', 'exceptions_left'),
    unmatchedRight: await memos('unmatched_right', 'exceptions_right'),
  };
}

/** A run's groups as content, independent of row ids and file order. */
const describeGroups = (o: Outcome) =>
  o.groups.map((g) => `${g.rule_id}/${g.status}: ${g.left_rows.map((r) => r.memo).sort().join('+')} <-> ${g.right_rows.map((r) => r.memo).sort().join('+')}`).sort();

const shuffled = <T>(rows: T[], seed: number): T[] => {
  const copy = [...rows];
  let s = seed || 1;
  for (let i = copy.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};

// ── the invariants ──────────────────────────────────────────────────────────

const EPS = 1e-6;

function withinTolerance(r: MatchRule, left: number, right: number): boolean {
  const t = r.amount!;
  const allowed = (t.tolerance_abs ?? 0) + ((t.tolerance_pct ?? 0) / 100) * Math.max(Math.abs(left), Math.abs(right));
  return Math.abs(left - right) <= allowed + EPS;
}

function checkInvariants(files: Files, rules: MatchRule[], o: Outcome): void {
  const byMemo = new Map([...files.left, ...files.right].map((r) => [r.memo, r]));
  const seen = { left: new Set<string>(), right: new Set<string>() };
  for (const g of o.groups) {
    const rl = rules.find((x) => x.id === g.rule_id)!;
    const left = g.left_rows.map((r) => byMemo.get(String(r.memo))!);
    const right = g.right_rows.map((r) => byMemo.get(String(r.memo))!);
    const label = `${g.rule_id} ${left.map((r) => r.memo)} <-> ${right.map((r) => r.memo)}`;
    // No row in two groups, on either side.
    for (const [side, rows] of [['left', left], ['right', right]] as const) {
      for (const r of rows) {
        expect(seen[side].has(r.memo), `${side} row ${r.memo} is in two groups (${label})`).toBe(false);
        seen[side].add(r.memo);
      }
    }
    expect(g.cardinality, label).toBe(rl.cardinality);
    if (rl.cardinality === '1:1') expect([left.length, right.length], label).toEqual([1, 1]);
    if (rl.cardinality === '1:N') expect(left.length, label).toBe(1);
    if (rl.cardinality === 'N:1') expect(right.length, label).toBe(1);
    // Sums within tolerance.
    const sum = (rows: Row[]) => rows.reduce((acc, r) => acc + r.cents, 0) / 100;
    expect(withinTolerance(rl, sum(left), sum(right)), `sums ${sum(left)} vs ${sum(right)} outside tolerance (${label})`).toBe(true);
    // Every member within the date window of its counterpart(s), boundaries inclusive.
    if (rl.date) {
      for (const l of left) {
        for (const r of right) {
          expect(Math.abs(l.day - r.day), `dates ${l.day} and ${r.day} outside window ${rl.date.window_days} (${label})`).toBeLessThanOrEqual(rl.date.window_days);
        }
      }
    }
    // Keyed groups share one normalised key.
    if (rl.keys.length > 0) expect(new Set([...left, ...right].map((r) => normKey(r.ref))).size, label).toBe(1);
  }
  // Every row is somewhere exactly once: a group, or the unmatched/exception lists.
  expect([...seen.left, ...o.unmatchedLeft].sort()).toEqual(files.left.map((r) => r.memo).sort());
  expect([...seen.right, ...o.unmatchedRight].sort()).toEqual(files.right.map((r) => r.memo).sort());
}

function candidate(r: MatchRule, l: Row, x: Row): boolean {
  if (r.keys.length > 0 && normKey(l.ref) !== normKey(x.ref)) return false;
  if (r.date && Math.abs(l.day - x.day) > r.date.window_days) return false;
  return withinTolerance(r, l.cents / 100, x.cents / 100);
}

async function checkRule(files: Files, rules: MatchRule[], seed: number): Promise<Outcome> {
  const r = recipe(rules);
  await load(a, files);
  const first = await runOn(a, r);
  checkInvariants(files, rules, first);
  // Determinism: the same workspace and recipe give the very same groups, ids included.
  const again = await runOn(a, r);
  expect(again.groups.map(({ group_id: _g, ...rest }) => rest)).toEqual(first.groups.map(({ group_id: _g, ...rest }) => rest));
  // Order independence: both files shuffled give the same groups by content.
  await load(b, { left: shuffled(files.left, seed), right: shuffled(files.right, seed + 7) });
  expect(describeGroups(await runOn(b, r))).toEqual(describeGroups(first));
  return first;
}

const property = (rulesArb: fc.Arbitrary<MatchRule[]>, extra?: (files: Files, rules: MatchRule[], o: Outcome) => void) =>
  fc.assert(
    fc.asyncProperty(filesArb, rulesArb, fc.integer({ min: 1, max: 1_000_000 }), async (files, rules, seed) => {
      const o = await checkRule(files, rules, seed);
      extra?.(files, rules, o);
    }),
    { numRuns: RUNS, endOnFailure: true },
  );

describe('matching invariants (fast-check on the real engine)', { timeout: 600_000 }, () => {
  it('1:1 with keys: exclusive from both sides, within tolerance and window, order-independent, deterministic, maximal', async () => {
    await property(ruleArb('exact', '1:1', true, true).map((r) => [r]), (files, [r], o) => {
      const freeLeft = files.left.filter((x) => o.unmatchedLeft.includes(x.memo));
      const freeRight = files.right.filter((x) => o.unmatchedRight.includes(x.memo));
      for (const l of freeLeft) for (const x of freeRight) expect(candidate(r, l, x), `${l.memo} and ${x.memo} both unmatched but match the rule`).toBe(false);
    });
  });

  it('1:1: the in-memory greedy pass gives the very groups the SQL rounds give', async () => {
    await fc.assert(
      fc.asyncProperty(filesArb, fc.oneof(ruleArb('exact', '1:1', true, true), ruleArb('amount-date', '1:1', false, true)), async (files, r) => {
        await load(a, files);
        const inMemory = describeGroups(await runOn(a, recipe([r])));
        process.env.KALLA_GREEDY_IN_MEMORY = '0';
        try {
          expect(describeGroups(await runOn(a, recipe([r])))).toEqual(inMemory);
        } finally {
          delete process.env.KALLA_GREEDY_IN_MEMORY;
        }
      }),
      { numRuns: RUNS, endOnFailure: true, seed: 25 },
    );
  });

  it('1:1 on amount and date only (no keys): the same invariants', async () => {
    await property(ruleArb('amount-date', '1:1', false, true).map((r) => [r]), (files, [r], o) => {
      const freeLeft = files.left.filter((x) => o.unmatchedLeft.includes(x.memo));
      const freeRight = files.right.filter((x) => o.unmatchedRight.includes(x.memo));
      for (const l of freeLeft) for (const x of freeRight) expect(candidate(r, l, x), `${l.memo} and ${x.memo} both unmatched but match the rule`).toBe(false);
    });
  });

  it('1:N split and N:1 batch: one row on the "one" side, sums and every member date within the rule', async () => {
    await property(fc.tuple(ruleArb('split', '1:N', true, true), ruleArb('batch', 'N:1', true, true)).map(([s, bt]) => [s, bt]));
  });

  it('N:M groups by key: sums within tolerance, every left date within the window of every right date', async () => {
    await property(fc.tuple(ruleArb('nm', 'N:M', true, true), fc.boolean()).map(([r, noDate]) => [noDate ? { ...r, date: undefined } : r]));
  });

  it('a strict-to-loose recipe (1:1, 1:N, N:1, suggested 1:1 on amount+date) never puts a row in two groups', async () => {
    await property(
      fc
        .tuple(ruleArb('exact', '1:1', true, true), ruleArb('split', '1:N', true, true), ruleArb('batch', 'N:1', true, true), ruleArb('loose', '1:1', false, true))
        .map(([e, s, bt, l]) => [e, s, bt, { ...l, auto_confirm: false }]),
    );
  });

  it('finds planted matches: unique references, amounts within tolerance, dates exactly at the window boundary', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 4 }), fc.array(fc.integer({ min: 100, max: 90_000 }), { minLength: 1, maxLength: 6 }), async (window, amounts) => {
        const left = amounts.map((c, i) => ({ ref: `P${i}`, cents: c, day: 10, memo: `l${i}` }));
        // Alternately exactly at the window and at the window + 1 (that one must not match).
        const right = amounts.map((c, i) => ({ ref: `p-${i}`, cents: c, day: 10 + (i % 2 === 0 ? window : window + 1), memo: `r${i}` }));
        const exact = refRule('exact', { date: { left: 'date', right: 'date', window_days: window }, amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false } });
        await load(a, { left, right });
        const o = await runOn(a, recipe([exact]));
        expect(describeGroups(o)).toEqual(amounts.flatMap((_, i) => (i % 2 === 0 ? [`exact/auto: l${i} <-> r${i}`] : [])).sort());
      }),
      { numRuns: Math.max(5, Math.round(RUNS / 3)) },
    );
  });
});
