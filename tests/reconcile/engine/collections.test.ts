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

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const LEFT = 'Invoice,Customer,Invoice Date,Due Date,Method,Amount';
const RIGHT = 'Date,Details,Amount';
const CUSTOMERS = ['Harbour Dental Ltd', 'Kestrel Print Co', 'Moorland Vets', 'Oakfield Nursery', 'Pennine Optics', 'Quayside Cafe', 'Riverside Gym'];

interface Item {
  no: number;
  customer: number;
  due: string;
  method: 'Direct Debit' | 'Transfer';
  pence: number;
}

function world() {
  const dues = ['2026-10-01', '2026-10-08', '2026-10-15', '2026-10-22'];
  const items: Item[] = [];
  let no = 104_000;
  for (const [d, due] of dues.entries()) {
    for (let k = 0; k < 9; k++) items.push({ no: no++, customer: (d + k) % CUSTOMERS.length, due, method: k % 3 === 2 ? 'Transfer' : 'Direct Debit', pence: 4_000 + ((no * 7_919) % 90_000) });
  }
  const left = items.map((it) => [`INV-${it.no}`, CUSTOMERS[it.customer], '2026-09-01', it.due, it.method, (it.pence / 100).toFixed(2)].join(','));
  const lines: string[] = [];
  const line = (date: string, text: string, pence: number) => lines.push([date, `"${text}"`, (pence / 100).toFixed(2)].join(','));
  const dd = (due: string) => items.filter((it) => it.due === due && it.method === 'Direct Debit');
  const sum = (xs: Item[]) => xs.reduce((a, it) => a + it.pence, 0);
  // Days 1–3: the collection is credited two or three days after the due date.
  line('2026-10-03', 'BACS DD COLLECTION SUN 123456', sum(dd(dues[0])));
  line('2026-10-09', 'BACS DD COLLECTION SUN 123456', sum(dd(dues[1])));
  line('2026-10-17', 'BACS DD COLLECTION SUN 123456', sum(dd(dues[2])));
  // Day 2: one debit comes back (ARUDD), naming its invoice; its customer has another item in the
  // collection, so the return line names an open item of a payer in the group.
  const returned = dd(dues[1])[0];
  line('2026-10-14', `${CUSTOMERS[returned.customer].toUpperCase()} DD RETURN ARUDD 0 REFER TO PAYER INV-${returned.no}`, -returned.pence);
  // Day 4: one direct debit was cancelled before the run; the credit is for the rest only.
  line('2026-10-24', 'BACS DD COLLECTION SUN 123456', sum(dd(dues[3]).slice(1)));
  // Transfers: each names its invoice.
  for (const it of items.filter((x) => x.method === 'Transfer')) line('2026-10-20', `${CUSTOMERS[it.customer].toUpperCase()} FASTER PAYMENT INV-${it.no}`, it.pence);
  return { left, lines, items, dd, returned, dues };
}

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
