/**
 * A summary record at the top of a table (an Amazon settlement report, flat file V2: the first row
 * after the header holds the settlement's dates, deposit date, total and currency, and every
 * transaction column empty; v11's amazon-settlement): left out as no transaction, its total checked
 * against the rows, and the columns only it fills are never proposed as the date to compare.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const HEAD = 'settlement-id\tsettlement-start-date\tsettlement-end-date\tdeposit-date\ttotal-amount\tcurrency\ttransaction-type\torder-id\tamount-type\tamount\tposted-date';
const orders = Array.from({ length: 40 }, (_, i) => ({ id: `113-${String(1_000_000 + i * 7_919).padStart(7, '0')}-${String(4_635_440 + i)}`, cents: 1_000 + ((i * 3_571) % 20_000), day: 2 + (i % 14) }));
const day = (d: number) => `2026-10-${String(d).padStart(2, '0')}`;
const rows = orders.flatMap((o) => [
  ['12742505753', '', '', '', '', '', 'Order', o.id, 'ItemPrice', (o.cents / 100).toFixed(2), day(o.day)].join('\t'),
  ['12742505753', '', '', '', '', '', 'Order', o.id, 'ItemFees', (-Math.round(o.cents * 0.15) / 100).toFixed(2), day(o.day)].join('\t'),
]);
const total = orders.reduce((s, o) => s + o.cents - Math.round(o.cents * 0.15), 0);
const summary = ['12742505753', '2026-10-02 07:00:00 UTC', '2026-10-17 07:00:00 UTC', '2026-10-18 07:00:00 UTC', (total / 100).toFixed(2), 'USD', '', '', '', '', ''].join('\t');

describe('a summary record at the top of a table', () => {
  it('is left out, said with its total checked, and the rows keep their order', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('right', sb.file('settlement.txt', csv(HEAD, [summary, ...rows])));
    expect(info.row_count).toBe(rows.length);
    expect(info.notices.find((n) => n.code === 'summary_record')?.message).toMatch(/line 2 .* it alone fills column\(s\) 2, 3, 4, 5, 6 .* its amount equals the sum of column 10 over the 80 rows/);
    const first = (await ws.preview('right', { offset: 0, limit: 1 })).items[0];
    expect(first['order-id']).toBe(orders[0].id);
  });

  it('is not a first row that is a transaction, nor one that fills a column the others leave empty beside its own', async () => {
    const ws = await sb.workspace();
    expect((await ws.addSourceFromPath('right', sb.file('plain.txt', csv(HEAD, rows)))).row_count).toBe(rows.length);
    // A first transaction with a note of its own: it fills the columns every row fills.
    const noted = [rows[0].replace(/^12742505753\t\t\t/, '12742505753\tsee note\tcheck\t'), ...rows.slice(1)];
    const info = await ws.addSourceFromPath('left', sb.file('noted.txt', csv(HEAD, noted)));
    expect(info.row_count).toBe(rows.length);
    expect(info.notices.some((n) => n.code === 'summary_record')).toBe(false);
  });

  it('lets the auto recipe run: a column only the summary filled is not the date it compares', async () => {
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('open.csv', csv('Invoice,PO Number,Date,Amount', orders.map((o, i) => `INV-${5000 + i},${o.id},${day(o.day - 1)},${((o.cents - Math.round(o.cents * 0.15)) / 100).toFixed(2)}`))));
    await ws.addSourceFromPath('right', sb.file('settlement.txt', csv(HEAD, [summary, ...rows])));
    const auto = await buildAutoRecipe(ws, 'amazon');
    expect(auto.recipe.mappings.some((m) => m.role === 'date' && (m.field_a === 'deposit-date' || m.field_b === 'deposit-date'))).toBe(false);
    const result = await ws.run(auto.recipe);
    expect(result.summary.status).toBe('completed');
  });
});
