/**
 * A number several open items share, named by a payment that settles all of them (issue 25,
 * heldout-v12 th-kbank: a Thai billing note). Here a Japanese-style consolidated statement
 * (請求書 "SEI-2026-0012" over two or three invoices): its number in a payment's text does not
 * point at one item of the paid amount, so it is no reference, but the lines naming it pay the sum
 * of its items far beyond chance. The learner finds that, and such a line pays all of them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const CUSTOMERS = ['Minato Seiko', 'Kansai Denki', 'Hokuto Shoji', 'Sakura Kogyo', 'Fuji Buhin', 'Tokai Kasei', 'Nagoya Kikai'];

describe('a payment naming a number its open items share', () => {
  it('pays all the items of that number, found from the data, and nothing else', async () => {
    const items: { no: string; set: string; customer: string; cents: number }[] = [];
    const sets: { no: string; items: number[] }[] = [];
    for (let k = 0; k < 150; k++) items.push({ no: `INV-${70_001 + k}`, set: '', customer: CUSTOMERS[k % CUSTOMERS.length], cents: 30_000 + ((k * 7_919_31) % 2_000_000) });
    // 45 statements of 2 or 3 invoices each, issued to one customer.
    for (let s = 0; s < 45; s++) {
      const size = 2 + (s % 2);
      const members = Array.from({ length: size }, (_, j) => items.length + j);
      const no = `SEI-2026-${String(s + 1).padStart(4, '0')}`;
      for (let j = 0; j < size; j++) items.push({ no: `INV-${80_001 + items.length}`, set: no, customer: CUSTOMERS[s % CUSTOMERS.length], cents: 20_000 + (((s * 3 + j) * 4_567_89) % 900_000) });
      sets.push({ no, items: members });
    }
    const left = items.map((it) => [it.no, it.set, it.customer, '2026-09-30', (it.cents / 100).toFixed(2)].join(','));
    const right: string[] = [];
    // 110 transfers name their own invoice.
    items.slice(0, 110).forEach((it) => right.push(['2026-10-20', `FURIKOMI ${it.customer.toUpperCase()} ${it.no}`, (it.cents / 100).toFixed(2)].join(',')));
    // 36 name a statement number and pay its total.
    const paidSets = sets.slice(0, 36);
    paidSets.forEach((s) => right.push(['2026-10-25', `FURIKOMI SEIKYU ${s.no}`, (s.items.reduce((sum, i) => sum + items[i].cents, 0) / 100).toFixed(2)].join(',')));
    const ws = await sb.workspace('sets');
    await ws.addSourceFromPath('left', sb.file('open-items.csv', csv('Invoice,Statement No,Customer,Due Date,Amount', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Date,Description,Amount', right)));
    const auto = await buildAutoRecipe(ws);
    expect(auto.recipe.rules.map((r) => r.id)).toContain('reference-set');
    expect(auto.explanation).toMatch(/Statement No is shared by several open items/);
    const result = await ws.run(auto.recipe);
    const matched = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items;
    const bySet = new Map(matched.filter((g) => g.right_rows.length === 1 && /SEIKYU/.test(String(g.right_rows[0].Description))).map((g) => [String(g.right_rows[0].Description).split(' ').pop(), g.left_rows.map((r) => String(r.Invoice)).sort()]));
    // Every statement paid is matched automatically, with exactly its invoices.
    for (const s of paidSets) expect([s.no, bySet.get(s.no)]).toEqual([s.no, s.items.map((i) => items[i].no).sort()]);
  });
});
