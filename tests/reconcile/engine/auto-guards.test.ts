/**
 * The run-wide check of automatic groups (matching/auto-guards.ts, issue 27): a statement line that
 * also names another open item is only suggested, saying which. These worlds have no counterparty
 * column, so the model has no payer to tell whose item a number is: only references of six digits
 * or more count as naming another item (a shorter number is too often there by chance).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import type { Recipe } from '../../../src/shared/reconcile/recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const date = (day: number) => new Date(Date.UTC(2026, 2, 1 + day)).toISOString().slice(0, 10);
const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * 100 invoices numbered `first + k`, each paid by a line naming it, and 3 more open: the line
 * paying invoice `first + 100` also names `first + 101` ("… AND <n>"), and the line paying
 * `first + 102` names only it. What the run made of the two planted lines, by the invoices each
 * group holds.
 */
async function runWithNamedOther(first: number, options: { payers?: boolean; recipeOf?: (auto: Recipe) => Recipe } = {}) {
  const items: string[] = [];
  const lines: string[] = [];
  // With `payers`: a customer column and the payer's name on each line; 100 and 101 are one customer's.
  const payer = (k: number) => (options.payers ? [`Customer ${1 + (Math.floor(k / 2) % 40)} Ltd`] : []);
  for (let k = 0; k < 103; k++) {
    const cents = 20_000 + ((k * 7_919) % 80_000);
    items.push([`${first + k}`, ...payer(k), date(k % 20), money(cents)].join(','));
    const line = (text: string) => lines.push([date((k % 20) + 3), money(cents), ...payer(k).map((p) => p.toUpperCase()), text].join(','));
    if (k < 100 || k === 102) line(`TRANSFER INVOICE ${first + k}`);
    if (k === 100) line(`TRANSFER INVOICE ${first + k} AND ${first + 101}`);
  }
  const ws = await sb.workspace(`n${first}`);
  await ws.addSourceFromPath('left', sb.file(`invoices-${first}.csv`, csv(options.payers ? 'Invoice,Customer,Invoice Date,Amount' : 'Invoice,Invoice Date,Amount', items)));
  await ws.addSourceFromPath('right', sb.file(`bank-${first}.csv`, csv(options.payers ? 'Date,Amount,Payer,Text' : 'Date,Amount,Text', lines)));
  const auto = await buildAutoRecipe(ws);
  const model = auto.recipe.rules.find((r) => r.model)?.model;
  expect(model?.references.length).toBeGreaterThan(0);
  expect(model?.party === undefined).toBe(!options.payers);
  const result = await ws.run(options.recipeOf ? options.recipeOf(auto.recipe) : auto.recipe);
  const groups = [...(await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items, ...(await ws.page(result.run_id, 'suggested', { offset: 0, limit: 1000 })).items];
  const of = (n: number) => {
    const g = groups.filter((x) => x.left_rows.some((r) => Number(r.Invoice) === n));
    return g.map((x) => ({ status: x.status, invoices: x.left_rows.map((r) => Number(r.Invoice)), evidence: x.evidence ?? '' }));
  };
  return { namesOther: of(first + 100), plain: of(first + 102), ordinary: of(first + 7) };
}

describe('a line that names another open item, without a counterparty in the model', () => {
  it('is only suggested when the other number has six digits, and says which', async () => {
    const { namesOther, plain, ordinary } = await runWithNamedOther(400_000);
    expect(namesOther).toMatchObject([{ status: 'suggested', invoices: [400_100] }]);
    expect(namesOther[0].evidence).toContain('the line names 400101, which is still open and not in this group');
    expect(plain).toMatchObject([{ status: 'auto', invoices: [400_102] }]);
    expect(ordinary).toMatchObject([{ status: 'auto', invoices: [400_007] }]);
  });

  it('is still confirmed when the other number has five digits (a number that short may be there by chance)', async () => {
    const { namesOther, plain } = await runWithNamedOther(40_000);
    expect(namesOther).toMatchObject([{ status: 'auto', invoices: [40_100] }]);
    expect(namesOther[0].evidence).not.toContain('still open');
    expect(plain).toMatchObject([{ status: 'auto', invoices: [40_102] }]);
  });

  it('is found by the model rule that reads references, though a model rule without references comes first', async () => {
    // The user's own first pass: the same model by payer, amount and date, no reference columns,
    // confirming from a probability of 0.95 (the planted line's pair: 0.97).
    const amountsFirst = (auto: Recipe): Recipe => {
      const scored = auto.rules.find((r) => r.model)!;
      return { ...auto, rules: [{ ...scored, id: 'amounts', name: 'Payer and amount', model: { ...scored.model!, references: [], auto_at: 0.95 } }, ...auto.rules] };
    };
    const { namesOther } = await runWithNamedOther(400_000, { payers: true, recipeOf: amountsFirst });
    expect(namesOther).toMatchObject([{ status: 'suggested', invoices: [400_100] }]);
    expect(namesOther[0].evidence).toContain('the line names 400101, which is still open and not in this group');
  });
});
