/**
 * Collections (issue 25, heldout-v8 it-fatturapa's Ri.Ba. distinte): the bank collects every open
 * item due on one day by one payment method and credits one sum. Through buildAutoRecipe and a run
 * on a UK direct-debit layout: the rule is learned from the data (which date is the due date, which
 * column the bank collects by), a returned debit takes its item out of the group, and a day whose
 * total no line equals is left alone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';
import { COLLECTION_LEFT as LEFT, COLLECTION_RIGHT as RIGHT, collectionWorld as world } from '../../fixtures/collections-world';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

describe('a direct-debit collection credited as one sum', () => {
  it('pays every item due that day by direct debit, and a returned debit leaves its item open', async () => {
    const w = world();
    const ws = await sb.workspace('collections');
    await ws.addSourceFromPath('left', sb.file('ledger.csv', csv(LEFT, w.left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv(RIGHT, w.lines)));
    const auto = await buildAutoRecipe(ws);
    const rule = auto.recipe.rules.find((r) => r.id === 'collection');
    expect(rule).toMatchObject({ cardinality: 'N:1', date: { left: 'Due Date' }, collection: { by: ['Method'] } });
    const result = await ws.run(auto.recipe);
    const groups = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items.filter((g) => g.rule_id === 'collection');
    const invoices = (due: string, except: number[] = []) => w.dd(due).filter((it) => !except.includes(it.no)).map((it) => `INV-${it.no}`).sort();
    const got = groups.map((g) => ({ invoices: g.left_rows.map((r) => String(r.Invoice)).sort(), lines: g.right_rows.length, status: g.status }));
    expect(got).toEqual(
      expect.arrayContaining([
        { invoices: invoices(w.dues[0]), lines: 1, status: 'auto' },
        { invoices: invoices(w.dues[1], [w.returned.no]), lines: 2, status: 'auto' },
        { invoices: invoices(w.dues[2]), lines: 1, status: 'auto' },
      ]),
    );
    // Day 4's credit is not the day's total: no collection group claims its items.
    expect(got).toHaveLength(3);
    const evidence = groups.find((g) => g.right_rows.length === 2)?.evidence ?? '';
    expect(evidence).toContain('returned, open again');
    // The returned invoice is not matched anywhere.
    const matched = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items.flatMap((g) => g.left_rows.map((r) => String(r.Invoice)));
    expect(matched).not.toContain(`INV-${w.returned.no}`);
  });

  it('is not proposed when no line is a day’s total', async () => {
    const w = world();
    const ws = await sb.workspace('no-collections');
    await ws.addSourceFromPath('left', sb.file('ledger.csv', csv(LEFT, w.left)));
    // Only the transfers: every line names one invoice.
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv(RIGHT, w.lines.filter((l) => l.includes('FASTER PAYMENT')))));
    const auto = await buildAutoRecipe(ws);
    expect(auto.recipe.rules.find((r) => r.id === 'collection')).toBeUndefined();
  });
});
