/**
 * Fees are learned from lines that name exactly one open item, whatever else of the reference's
 * shape they carry. A US lockbox: invoices 109503 …, credit memos CM3618 … (so the learned shape is
 * loose, 4–7 digits), and every line also carries a 4-digit check number. The fee ($15.00) the
 * payers' banks deduct recurs; it must be learned (it was not, when "one token of the shape" was
 * required: the check number made every line two).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const usd = (cents: number) => `"${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}"`;

describe('fees learned beside other numbers of the reference shape', () => {
  it('learns a recurring fee when lines carry a check number besides the invoice', async () => {
    const left: string[] = [];
    const right: string[] = [];
    for (let k = 0; k < 120; k++) {
      const cents = 25_000 + ((k * 7_919_31) % 3_000_000);
      left.push([`CUST${k % 9}`, `Customer ${k % 9}`, String(109_503 + k * 7), 'Invoice', '11/30/2025', usd(cents)].join(','));
      const fee = k % 3 === 0 ? 1_500 : 0;
      right.push(['12/05/2025', `LOCKBOX DEPOSIT CHK ${4_100 + k} INV ${109_503 + k * 7}`, usd(cents - fee)].join(','));
    }
    for (let k = 0; k < 12; k++) left.push([`CUST${k % 9}`, `Customer ${k % 9}`, `CM${3_600 + k}`, 'Credit Memo', '11/30/2025', usd(-(2_000 + k * 311))].join(','));
    const ws = await sb.workspace('lockbox');
    await ws.addSourceFromPath('left', sb.file('open.csv', csv('Customer ID,Customer Name,Document No.,Doc Type,Due Date,Balance', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Date,Detail,Amount', right)));
    const auto = await buildAutoRecipe(ws, 'lockbox');
    ws.close();
    const scored = auto.recipe.rules.find((r) => r.id === 'scored');
    expect(scored?.model?.references[0]?.left).toBe('Document No.');
    expect(scored?.amount?.differences?.fixed).toContain(15);
  });
});
