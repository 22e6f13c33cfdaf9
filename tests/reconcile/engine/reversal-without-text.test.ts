/**
 * A statement without any text column (date, document number, amount: a lockbox or ERP export)
 * still has its reversals found: a payment and its return carrying the same document number net to
 * zero, so the invoice stays open (reversals.ts reads the lines' texts only when there are any).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { MatchRuleSchema } from '../../../src/shared/reconcile/recipe';
import type { GroupPageItem } from '../../../src/shared/reconcile/sources-and-runs';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const day = (d: number) => new Date(Date.UTC(2026, 8, 1 + d)).toISOString().slice(0, 10);

describe('a statement without text columns', () => {
  it('nets a payment and its return on the same document number: the invoice stays open', async () => {
    // 80 invoices numbered like an ERP's documents, each paid by a line writing its number.
    const items = Array.from({ length: 80 }, (_, i) => ({ no: 1_800_012_345 + i * 17, cents: 40_000 + ((i * 7_919_311) % 4_000_000), date: i % 30 }));
    const lines = items.map((v) => [day(v.date + 5), v.no, (v.cents / 100).toFixed(2)].join(','));
    // One payment comes back a week later under the same document number.
    const returned = items[7];
    lines.push([day(returned.date + 12), returned.no, (-returned.cents / 100).toFixed(2)].join(','));
    const ws = await sb.workspace('no-text');
    await ws.addSourceFromPath('left', sb.file('ar.csv', csv('Invoice,Date,Balance', items.map((v) => [v.no, day(v.date), (v.cents / 100).toFixed(2)].join(',')))));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Date,Document,Amount', lines)));
    const auto = await buildAutoRecipe(ws, 'no-text');
    // The scored model reading the document number as the reference: the only place tied reversals are looked for.
    const model = MatchRuleSchema.parse({ id: 'scored', name: 'model', keys: [], cardinality: '1:1', auto_confirm: true, amount: { left: 'Balance', right: 'Amount' }, date: { left: 'Date', right: 'Date', window_days: 60 }, model: { references: [{ left: 'Invoice', right: ['Document'], groups: [{ width: 0, min: 10, max: 10 }] }] } });
    const { run_id } = await ws.run({ ...auto.recipe, rules: [model] });
    const [matched, suggested] = await Promise.all((['matched', 'suggested'] as const).map((c) => ws.page(run_id, c, { offset: 0, limit: 500 })));
    const groups = [...matched.items, ...suggested.items] as GroupPageItem[];
    // Every other invoice is paid by its line; the returned one by none.
    expect(groups).toHaveLength(79);
    expect(groups.filter((g) => g.left_rows.some((r) => Number(r.Invoice) === returned.no))).toEqual([]);
    const exceptions = (await ws.page(run_id, 'exceptions_right', { offset: 0, limit: 500 })).items;
    expect(exceptions.map((e) => [Number(e.row.Amount), e.exception?.reason])).toEqual([
      [returned.cents / 100, 'reversed_pair'],
      [-returned.cents / 100, 'reversed_pair'],
    ]);
    ws.close();
  });
});
