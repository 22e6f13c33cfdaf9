/**
 * A statement's running balance is never the amount (issue 25, heldout-v8 us-ach-ctx): the names
 * pair `Open Balance` with the bank's `Balance`, but the payments meet the `Amount` column. The
 * data decides which column is compared, on either side, through buildAutoRecipe and a real run.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const money = (cents: number) => `"$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}"`;

function files(n: number) {
  const items = Array.from({ length: n }, (_, k) => ({ doc: `INV${104000 + k * 7}`, cents: 12_345 + ((k * 7_919_13) % 2_500_000), due: `10/${1 + (k % 28)}/2026` }));
  const left = ['Customer,Type,Date,Document Number,Due Date,Age,Open Balance', ...items.map((it, k) => `Customer ${k % 9},Invoice,9/${1 + (k % 28)}/2026,${it.doc},${it.due},${k % 60},${money(it.cents)}`)];
  // Newest first, as Chase prints it: the balance after each line moves by that line's amount.
  let balance = 5_000_000_00;
  const lines = items.map((it, k) => {
    balance += it.cents;
    return { text: `ORIG CO NAME:CUSTOMER ${k % 9} SEC:CCD`, addenda: `RMR*IV*${it.doc}*PI*${(it.cents / 100).toFixed(2)}\\`, cents: it.cents, balance, day: 1 + (k % 28) };
  });
  const right = ['Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #,Addenda Information', ...lines.reverse().map((l) => `CREDIT,10/${String(l.day).padStart(2, '0')}/2026,${l.text},${(l.cents / 100).toFixed(2)},ACH_CREDIT,${(l.balance / 100).toFixed(2)},,${l.addenda}`)];
  return { left: `${left.join('\n')}\n`, right: `${right.join('\n')}\n` };
}

describe('a statement with a running balance', () => {
  it('compares the open balance with the Amount column, not with the Balance', async () => {
    const f = files(60);
    const ws = await sb.workspace('balance');
    await ws.addSourceFromPath('left', sb.file('aging.csv', f.left));
    await ws.addSourceFromPath('right', sb.file('activity.csv', f.right));
    const auto = await buildAutoRecipe(ws);
    expect(auto.recipe.mappings.find((m) => m.role === 'amount')).toMatchObject({ field_a: 'Open Balance', field_b: 'Amount' });
    expect(auto.explanation).toContain('Amount instead of Balance is compared');
    const result = await ws.run(auto.recipe);
    expect(result.summary?.matched.left.count).toBe(60);
  });
});
