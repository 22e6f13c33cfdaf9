/**
 * Learned cash-application facts are kept per source content (issue 30, learn-cache.ts): the same
 * files — dropped again, or the workspace reopened — reuse the stored answer without reading the
 * rows; a changed file or another typing learns anew. Real DuckDB; learnCashFacts is wrapped only
 * to count how often the data is actually read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { learnCashFacts } from '../../../src/main/reconcile/engine/cash-learning';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

vi.mock('../../../src/main/reconcile/engine/cash-learning', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/main/reconcile/engine/cash-learning')>();
  return { ...original, learnCashFacts: vi.fn(original.learnCashFacts) };
});
const learned = vi.mocked(learnCashFacts);

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
  learned.mockClear();
});
afterEach(() => sb.cleanup());

const LEFT = 'invoice_no,customer_name,invoice_date,amount';
const RIGHT = 'booking_date;amount;counterparty;reference;remittance_text';
const inv = (n: number) => `INV-2026-${String(n).padStart(6, '0')}`;
const date = (day: number) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
const money = (cents: number) => (cents / 100).toFixed(2);

/** 40 invoices, each paid with its reference; every fourth less a 7.50 fee. `paidFrom` shifts which are paid. */
function files(paidFrom = 1): { invoices: string; bank: string } {
  const invoices: string[] = [];
  const bank: string[] = [];
  for (let n = 1; n <= 40; n++) {
    const cents = 10_000 + n * 1_237;
    invoices.push([inv(n), `Customer ${1 + (n % 8)} Ltd`, date(n), money(cents)].join(','));
    if (n >= paidFrom) bank.push([date(n + 2), money(n % 4 === 0 ? cents - 750 : cents), `Customer ${1 + (n % 8)} Ltd`, inv(n), 'Payment'].join(';'));
  }
  return { invoices: csv(LEFT, invoices), bank: csv(RIGHT, bank) };
}

describe('learned facts per source content', () => {
  it('reuses the stored facts for the same files across reloads and reopening; learns again when a file or its typing changes', async () => {
    const { invoices, bank } = files();
    const left = sb.file('invoices.csv', invoices);
    let ws = await sb.workspace('cache');
    await ws.addSourceFromPath('left', left);
    await ws.addSourceFromPath('right', sb.file('bank.csv', bank));
    const { recipe } = await buildAutoRecipe(ws, 'cash');
    expect(learned).toHaveBeenCalledTimes(1);
    // null: the sign read off the data, as the auto recipe asks (withCashRules).
    const first = await ws.learnCash(recipe.mappings, null);
    expect(first.fixed).toContain(7.5); // really learned something from the data
    expect(learned).toHaveBeenCalledTimes(1);

    // The same bytes under another name, dropped again: a new load, the same content.
    await ws.addSourceFromPath('right', sb.file('bank-again.csv', bank));
    expect(await ws.learnCash(recipe.mappings, null)).toEqual(first);
    expect(learned).toHaveBeenCalledTimes(1);

    // The workspace closed and opened again (the app restarted): the answer is in recon.duckdb.
    ws.close();
    ws = await sb.workspace('cache');
    expect(await ws.learnCash(recipe.mappings, null)).toEqual(first);
    expect(learned).toHaveBeenCalledTimes(1);

    // Other mappings or sign: another question, learned.
    await ws.learnCash(recipe.mappings, true);
    expect(learned).toHaveBeenCalledTimes(2);

    // A changed statement (the first ten invoices no longer paid): learned anew.
    await ws.addSourceFromPath('right', sb.file('bank-changed.csv', files(11).bank));
    const changed = await ws.learnCash(recipe.mappings, null);
    expect(learned).toHaveBeenCalledTimes(3);
    expect(changed.pairs).toBeLessThan(first.pairs);

    // The original file back: its stored answer again, without reading.
    await ws.addSourceFromPath('right', sb.file('bank-back.csv', bank));
    expect(await ws.learnCash(recipe.mappings, null)).toEqual(first);
    expect(learned).toHaveBeenCalledTimes(3);

    // The same file typed another way (amount read as text): its rows differ, so it is learned again.
    await ws.setColumnOverrides('left', { amount: { type: 'text' } });
    await ws.learnCash(recipe.mappings, null);
    expect(learned).toHaveBeenCalledTimes(4);
  });
});

describe('learning started ahead of the click (prefetchCash)', () => {
  it('is joined by the click for the same mapping; a changed mapping or source learns anew', async () => {
    const { invoices, bank } = files();
    const ws = await sb.workspace('ahead');
    await ws.addSourceFromPath('left', sb.file('invoices.csv', invoices));
    await ws.addSourceFromPath('right', sb.file('bank.csv', bank));
    const { recipe } = await buildAutoRecipe(ws, 'cash');
    learned.mockClear();
    const other = await sb.workspace('reference');
    await other.addSourceFromPath('left', sb.file('invoices2.csv', invoices));
    await other.addSourceFromPath('right', sb.file('bank-changed.csv', files(11).bank));

    // Another mapping (the reference pair dropped) asked ahead, then the click joins it: read once.
    const fewer = recipe.mappings.filter((m) => m.field_b !== 'reference');
    ws.prefetchCash(fewer, null);
    const joined = await ws.learnCash(fewer, null);
    expect(learned).toHaveBeenCalledTimes(1);

    // The user changed the mapping before the click: the prefetched answer is not given for it.
    ws.prefetchCash(recipe.mappings.filter((m) => m.field_b !== 'counterparty'), null);
    const asked = await ws.learnCash(fewer.filter((m) => m.field_b !== 'counterparty'), null);
    expect(learned).toHaveBeenCalledTimes(3);
    expect(asked).not.toBe(joined);

    // A source loaded again after the prefetch: the click learns the new file, not the old one.
    ws.prefetchCash(recipe.mappings, null);
    await ws.addSourceFromPath('right', sb.file('bank-changed.csv', files(11).bank));
    const fresh = await ws.learnCash(recipe.mappings, null);
    expect(fresh).toEqual(await other.learnCash(recipe.mappings, null));
    other.close();
  });
});
