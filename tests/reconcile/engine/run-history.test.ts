/**
 * Run history (issue 28) through real DuckDB: each run's match and auto rate, open items,
 * exceptions by reason, aging of open items against the run's as-of date and the top unmatched
 * counterparties; kept when the sources are replaced by next month's; refreshed after a review of
 * the latest run only; and the IPC channel's validation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordPageItem } from '../../../src/shared/reconcile/sources-and-runs';
import { RunHistorySchema } from '../../../src/shared/reconcile/sources-and-runs';
import { reconcileChannels } from '../../../src/shared/contract/reconcile';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const LEFT = 'ref,amount,date,customer';
const RIGHT = 'ref,amount,date,memo';

describe('run history', () => {
  it('records the figures of each run, keeps a past month when the files are replaced, refreshes after review', async () => {
    const ws = await sb.workspace();
    // March: A matches; B is paid short (an exception); C, D, E are unpaid; X is a payment for nothing.
    await ws.addSourceFromPath(
      'left',
      sb.file('l1.csv', csv(LEFT, ['A,100.00,2024-03-30,Acme', 'B,50.00,2024-03-01,Acme', 'C,75.00,2024-01-20,Beta', 'D,10.00,2023-12-01,Acme', 'E,20.00,2024-02-15,Gamma'])),
    );
    await ws.addSourceFromPath('right', sb.file('r1.csv', csv(RIGHT, ['A,100.00,2024-03-31,a', 'B,45.00,2024-03-02,b', 'X,75.00,2024-03-31,x'])));
    const run1 = await ws.run(recipe([refRule('exact')]));
    let [march] = await ws.history('March');
    expect(march).toMatchObject({
      run_id: run1.run_id,
      workspace: 'March',
      carried: false,
      // The latest date in the run's rows: aging counts to it, not to the day it is read.
      as_of: '2024-03-31',
      left_rows: 5,
      right_rows: 3,
      match_rate: 0.25,
      auto_rate: 0.25,
      open_items: { left: 4, right: 2 },
      counterparty_column: 'customer',
    });
    expect(march.match_rate).toBe(run1.summary.match_rate);
    // B 30 days, E 45, C 71, D 121 days before 31 March.
    expect(march.aging).toEqual([
      { bucket: '0–30', count: 1, amount: 50 },
      { bucket: '31–60', count: 1, amount: 20 },
      { bucket: '61–90', count: 1, amount: 75 },
      { bucket: '90+', count: 1, amount: 10 },
    ]);
    expect(march.aging_unknown).toBe(0);
    expect(march.top_unmatched).toEqual([
      { name: 'Acme', count: 2, amount: 60 },
      { name: 'Beta', count: 1, amount: 75 },
      { name: 'Gamma', count: 1, amount: 20 },
    ]);
    const exceptionCount = run1.summary.exceptions.left.count + run1.summary.exceptions.right.count;
    expect(exceptionCount).toBeGreaterThan(0);
    expect(march.exceptions_by_reason.reduce((s, r) => s + r.count, 0)).toBe(exceptionCount);

    // A review of the latest run moves its figures: C matched by hand with X.
    const rowId = async (category: 'unmatched_left' | 'unmatched_right' | 'exceptions_left' | 'exceptions_right', ref: string) => {
      for (const c of [category]) {
        const page = await ws.page(run1.run_id, c, { offset: 0, limit: 100 });
        const hit = (page.items as RecordPageItem[]).find((r) => r.row.ref === ref);
        if (hit) return hit.row_id;
      }
      throw new Error(`${ref} not in ${category}`);
    };
    const c = await rowId('unmatched_left', 'C').catch(() => rowId('exceptions_left', 'C'));
    const x = await rowId('unmatched_right', 'X').catch(() => rowId('exceptions_right', 'X'));
    await ws.matchManual(run1.run_id, { left: [c], right: [x] });
    await ws.refreshHistory(run1.run_id);
    [march] = await ws.history('March');
    expect(march).toMatchObject({ match_rate: 0.5, auto_rate: 0.25, open_items: { left: 3, right: 1 } });
    expect(march.aging.find((a) => a.bucket === '61–90')?.count).toBe(0);
    expect(march.top_unmatched.map((t) => t.name)).toEqual(['Acme', 'Gamma']);

    // April's files replace March's; run 2 is added and March's entry stays as it was.
    await ws.addSourceFromPath('left', sb.file('l2.csv', csv(LEFT, ['F,30.00,2024-04-10,Delta', 'G,40.00,2024-04-11,Delta'])));
    await ws.addSourceFromPath('right', sb.file('r2.csv', csv(RIGHT, ['F,30.00,2024-04-12,f', 'G,40.00,2024-04-13,g'])));
    const run2 = await ws.run(recipe([refRule('exact')]));
    // Reviewing March now (its files are gone) leaves its figures alone.
    await ws.refreshHistory(run1.run_id);
    const history = await ws.history('Spring');
    expect(history.map((h) => [h.run_id, h.match_rate, h.as_of])).toEqual([
      [run1.run_id, 0.5, '2024-03-31'],
      [run2.run_id, 1, '2024-04-13'],
    ]);
    expect(RunHistorySchema.parse({ entries: history }).entries).toHaveLength(2);

    // Carried into another workspace (Duplicate): marked, with the name they came from.
    const copy = await sb.workspace('copy');
    await copy.importHistory(history);
    const carried = await copy.history('May');
    expect(carried.map((h) => [h.workspace, h.carried, h.run_id])).toEqual([
      ['Spring', true, run1.run_id],
      ['Spring', true, run2.run_id],
    ]);
  });

  it('without a date column every open item is of unknown age', async () => {
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('l.csv', csv('ref,amount', ['A,1.00', 'B,2.00'])));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv('ref,amount', ['A,1.00'])));
    await ws.run(recipe([refRule('exact', { date: undefined })]));
    const [h] = await ws.history('x');
    expect(h).toMatchObject({ as_of: null, aging_unknown: 1, counterparty_column: null, top_unmatched: [] });
    expect(h.aging.every((a) => a.count === 0)).toBe(true);
  });

  it('the IPC channel takes a workspace id only', () => {
    const input = reconcileChannels['reconcile.history'].input;
    expect(input.safeParse({ id: 'ws-1' }).success).toBe(true);
    expect(input.safeParse({ id: '../etc' }).success).toBe(false);
    expect(input.safeParse({ id: 'ws-1', runId: 1 }).success).toBe(false);
    expect(reconcileChannels['reconcile.history'].output.safeParse({ entries: [{ run_id: 1 }] }).success).toBe(false);
  });
});
