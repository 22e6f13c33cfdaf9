/**
 * The ambiguity rule of exclusive 1:1 matching (src/main/reconcile/engine/matching/one-to-one.ts), one
 * behaviour per case: a chosen pair is ambiguous when one of its rows had another candidate as good
 * (same amount distance, dates within AMBIGUOUS_WITHIN_DAYS = 7 for a rule that only suggests, the
 * same date distance for one that auto-confirms) whose content differs. Written to kill the mutants
 * that survived the example tests (`npm run test:mutation`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchRule } from '../../../src/shared/reconcile/recipe';
import type { GroupPageItem, RecordPageItem } from '../../../src/shared/reconcile/sources-and-runs';
import type { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { csv, recipe, refRule, rule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const HEADER = 'ref,amount,date,memo';

async function run(left: string[], right: string[], r: MatchRule) {
  const ws: ReconEngine = await sb.workspace('ws');
  await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, left)));
  await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, right)));
  const { run_id } = await ws.run(recipe([r]));
  const page = async (c: 'matched' | 'suggested' | 'exceptions_left' | 'exceptions_right') => (await ws.page(run_id, c, { offset: 0, limit: 100 })).items;
  const groups = async (c: 'matched' | 'suggested') =>
    ((await page(c)) as GroupPageItem[]).map((g) => `${g.left_rows.map((r) => r.memo).join('+')}<->${g.right_rows.map((r) => r.memo).join('+')}`).sort();
  const reasons = async (c: 'exceptions_left' | 'exceptions_right') =>
    ((await page(c)) as RecordPageItem[]).map((r) => `${String(r.row.memo)}:${r.exception?.reason}`).sort();
  return { groups, reasons };
}

/** Amount alone decides (no keys), and the rule only suggests: the 7-day ambiguity window applies. */
const amountOnly = rule({
  id: 'amount',
  auto_confirm: false,
  amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false },
  date: { left: 'date', right: 'date', window_days: 30 },
});

describe('1:1 ambiguity, a rule that only suggests', () => {
  it('two invoices of one amount whose dates are 7 days apart around one payment: neither is suggested, all three are ambiguous', async () => {
    // Payment on the 10th; invoices 9 and 2 days before: |9 - 2| = 7, inside the window.
    const r = await run(['X,450.00,2024-03-01,inv-a', 'Y,450.00,2024-03-08,inv-b'], ['P,450.00,2024-03-10,pay'], amountOnly);
    expect(await r.groups('suggested')).toEqual([]);
    expect(await r.reasons('exceptions_left')).toEqual(['inv-a:ambiguous_candidates', 'inv-b:ambiguous_candidates']);
    expect(await r.reasons('exceptions_right')).toEqual(['pay:ambiguous_candidates']);
  });

  it('8 days apart, the closer date decides: the pair is suggested', async () => {
    const r = await run(['X,450.00,2024-02-29,inv-a', 'Y,450.00,2024-03-08,inv-b'], ['P,450.00,2024-03-10,pay'], amountOnly);
    expect(await r.groups('suggested')).toEqual(['inv-b<->pay']);
    expect(await r.reasons('exceptions_left')).toEqual(['inv-a:duplicate_candidate']);
  });

  it('the mirror: one invoice, two payments of its amount 7 days apart: ambiguous from the invoice side', async () => {
    const r = await run(['X,450.00,2024-03-10,inv'], ['P,450.00,2024-03-01,pay-a', 'Q,450.00,2024-03-08,pay-b'], amountOnly);
    expect(await r.groups('suggested')).toEqual([]);
    expect(await r.reasons('exceptions_left')).toEqual(['inv:ambiguous_candidates']);
    expect(await r.reasons('exceptions_right')).toEqual(['pay-a:ambiguous_candidates', 'pay-b:ambiguous_candidates']);
  });

  it('identical rows are not ambiguous: either copy is the same match', async () => {
    const left = await run(['X,450.00,2024-03-08,inv', 'X,450.00,2024-03-08,inv'], ['P,450.00,2024-03-10,pay'], amountOnly);
    expect(await left.groups('suggested')).toEqual(['inv<->pay']);
    expect(await left.reasons('exceptions_left')).toEqual(['inv:duplicate_candidate']);
  });

  it('identical payments are not ambiguous either', async () => {
    const right = await run(['X,450.00,2024-03-10,inv'], ['P,450.00,2024-03-08,pay', 'P,450.00,2024-03-08,pay'], amountOnly);
    expect(await right.groups('suggested')).toEqual(['inv<->pay']);
    expect(await right.reasons('exceptions_right')).toEqual(['pay:duplicate_candidate']);
  });
});

describe('1:1 ambiguity, a rule that auto-confirms', () => {
  const exact = refRule('exact', { date: { left: 'date', right: 'date', window_days: 5 } });

  it('two payments equally good for one invoice (same amount, same date distance): suggested, not confirmed', async () => {
    const r = await run(['INV-1,100.00,2024-01-10,inv'], ['INV-1,100.00,2024-01-11,pay-a', 'inv1,100.00,2024-01-09,pay-b'], exact);
    expect(await r.groups('matched')).toEqual([]);
    expect((await r.groups('suggested')).length).toBe(1);
  });

  it('a day closer decides: confirmed (the suggest-only window of 7 days does not apply)', async () => {
    const r = await run(['INV-1,100.00,2024-01-10,inv'], ['INV-1,100.00,2024-01-11,pay-a', 'inv1,100.00,2024-01-08,pay-b'], exact);
    expect(await r.groups('matched')).toEqual(['inv<->pay-a']);
    expect(await r.groups('suggested')).toEqual([]);
    expect(await r.reasons('exceptions_right')).toEqual(['pay-b:duplicate_candidate']);
  });
});

describe('1:1 candidates', () => {
  const keyless = (tolerance_abs: number, tolerance_pct: number) =>
    rule({ id: 'amount', amount: { left: 'amount', right: 'amount', tolerance_abs, tolerance_pct, flip_sign: false } });

  it('without keys, a percentage tolerance reaches its edge (the amount band is not narrower than the rule)', async () => {
    // 0.5 % of the larger amount, 1004.99, is 5.02: a 4.99 difference is inside.
    const r = await run(['X,1000.00,2024-03-01,inv'], ['P,1004.99,2024-03-01,pay'], keyless(0, 0.5));
    expect(await r.groups('matched')).toEqual(['inv<->pay']);
  });

  it('without keys, an absolute tolerance reaches its edge', async () => {
    const r = await run(['X,100.00,2024-03-01,inv'], ['P,101.50,2024-03-01,pay', 'Q,102.50,2024-03-01,far'], keyless(2, 0));
    expect(await r.groups('matched')).toEqual(['inv<->pay']);
  });

  it('a rule of keys alone (no amount, no date) matches on the key', async () => {
    const keysOnly = rule({ id: 'ref', keys: [{ left: 'ref', right: 'ref', normalisers: [{ kind: 'casefold' }] }] });
    const r = await run(['INV-1,100.00,2024-01-10,inv'], ['inv-1,250.00,2025-06-30,pay'], keysOnly);
    expect(await r.groups('matched')).toEqual(['inv<->pay']);
  });
});

describe('1:1 assignment of a long chain of contested rows', () => {
  // Twenty invoices and twenty payments on one key (a low-cardinality key: every row a candidate of
  // every row on the other side), their amounts spaced so that each round of mutual-best pairs
  // accepts only one pair: invoice i's closest payment is payment i - 1, taken by invoice i - 1.
  // The SQL rounds take one round per link (204 rounds of ~0.2 s were seen on real data); up to
  // KALLA_GREEDY_IN_MEMORY contested pairs (a million by default) one in-memory greedy pass gives
  // the same pairs with one round. Rounds are counted by the run's cancellation checks (one per
  // round, plus a fixed number per phase).
  const N = 20;
  const amounts: number[] = [];
  for (let k = 0, at = 100; k < 2 * N; k++) amounts.push((at += k / 100));
  const left = Array.from({ length: N }, (_, i) => `K,${amounts[2 * i]!.toFixed(2)},2024-03-01,inv-${i}`);
  const right = Array.from({ length: N }, (_, i) => `K,${amounts[2 * i + 1]!.toFixed(2)},2024-03-01,pay-${i}`);
  const byKey = rule({
    id: 'key',
    keys: [{ left: 'ref', right: 'ref', normalisers: [] }],
    amount: { left: 'amount', right: 'amount', tolerance_abs: 10, tolerance_pct: 0, flip_sign: false },
  });
  const chained = Array.from({ length: N }, (_, i) => `inv-${i}<->pay-${i}`).sort();

  const saved = process.env.KALLA_GREEDY_IN_MEMORY;
  afterEach(() => {
    if (saved === undefined) delete process.env.KALLA_GREEDY_IN_MEMORY;
    else process.env.KALLA_GREEDY_IN_MEMORY = saved;
  });

  /** The run's pairs and how often it checked for cancellation. */
  async function checks(limit: string | undefined) {
    if (limit === undefined) delete process.env.KALLA_GREEDY_IN_MEMORY;
    else process.env.KALLA_GREEDY_IN_MEMORY = limit;
    const aborted = vi.spyOn(AbortSignal.prototype, 'aborted', 'get');
    try {
      const r = await run(left, right, byKey);
      const n = aborted.mock.calls.length;
      expect(await r.groups('matched')).toEqual(chained);
      return n;
    } finally {
      aborted.mockRestore();
    }
  }

  it('is assigned in one pass, not one SQL round per link; the same pairs either way', async () => {
    const rounds = await checks('0');
    expect(rounds - (await checks(undefined))).toBe(N);
  });

  it('the in-memory limit counts contested pairs and is inclusive: 400 pairs pass at 400, not at 399', async () => {
    const rounds = await checks('399');
    expect(rounds - (await checks('400'))).toBe(N);
  });
});
