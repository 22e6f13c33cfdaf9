/**
 * Remittance texts cut short by the bank's field length (RBC cuts its description at a fixed length):
 * a payment of five invoices names two, "MENUISERIE KAWARTHA LTEE INVOICE 10108/10152"; a payment
 * of two invoices less a credit note names the invoices only. Through real DuckDB, the auto recipe
 * and a run: the counterparty batch takes the named invoices as members it must hold, completes
 * them from the same customer's other open items (more of them than the plain search weighs, since
 * fewer places are free), nets the credit note (which has no due date), and confirms the exact sum.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const CUSTOMERS = ['Menuiserie Kawartha ltée', 'Toitures Algonquin ltée', 'Béton Saguenay inc.', 'Fundy Landscaping Corp.', 'Rideau Drywall Inc.', 'Chaleur Builders Ltd.'];
const upper = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[.]/g, '').toUpperCase();
const money = (cents: number) => (cents / 100).toFixed(2);
const due = (day: number) => `2026-10-${String(day).padStart(2, '0')}`;

interface Item {
  no: string;
  customer: number;
  due: string;
  cents: number;
}

function world() {
  const items: Item[] = [];
  let no = 10_001;
  // Menuiserie Kawartha: 30 open invoices due through October (far more than the 12 the plain search weighs).
  for (let k = 0; k < 30; k++) items.push({ no: String(no++), customer: 0, due: due(1 + (k % 28)), cents: 20_000 + ((k * 611_953) % 1_500_000) });
  for (let k = 0; k < 60; k++) items.push({ no: String(no++), customer: 1 + (k % 5), due: due(1 + (k % 28)), cents: 15_000 + ((k * 377_171) % 900_000) });
  const lines: string[] = [];
  const line = (text: string, cents: number) => lines.push(['Chequing', '06702-1009876', '10/20/2026', '', 'MISC PAYMENT', `"${text.slice(0, 50)}"`, money(cents), ''].join(','));
  // 40 payments of one invoice each, naming it: what the learning reads the reference and payer from.
  const singles = items.filter((i) => i.customer !== 0).slice(0, 40);
  for (const i of singles) line(`${upper(CUSTOMERS[i.customer])} INV ${i.no}`, i.cents);
  // Five Kawartha invoices, two named (the text is cut after them).
  const five = [items[2], items[9], items[17], items[23], items[27]];
  line(`${upper(CUSTOMERS[0])} INVOICE ${five[0].no}/${five[1].no}/${five[2].no}/${five[3].no}`, five.reduce((s, i) => s + i.cents, 0));
  // Two Algonquin invoices less a credit note the payer does not name.
  const open = items.filter((i) => i.customer === 1 && !singles.includes(i));
  const credit: Item = { no: 'NC-00541', customer: 1, due: '', cents: -3_202 };
  items.push(credit);
  line(`${upper(CUSTOMERS[1])} INV#${open[0].no} ${open[1].no}`, open[0].cents + open[1].cents + credit.cents);
  return { items, lines, five, netted: [open[0], open[1], credit] };
}

describe('remittance texts cut short', () => {
  it('completes the named invoices from the same customer, nets an unnamed credit note, and confirms both', async () => {
    const { items, lines, five, netted } = world();
    const ws = await sb.workspace('ca');
    await ws.addSourceFromPath('left', sb.file('ar.csv', csv('No client,Nom du client,No de facture,Échéance,Total', items.map((i) => [`C${i.customer}`, `"${CUSTOMERS[i.customer]}"`, i.no, i.due, money(i.cents)].join(',')))));
    await ws.addSourceFromPath('right', sb.file('rbc.csv', csv('Account Type,Account Number,Transaction Date,Cheque Number,Description 1,Description 2,CAD$,USD$', lines)));
    const auto = await buildAutoRecipe(ws, 'ca');
    const batch = auto.recipe.rules.find((r) => r.id === 'counterparty-batch');
    expect(batch?.named?.left).toBe('No de facture');
    const result = await ws.run(auto.recipe);
    const groups = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 200 })).items;
    ws.close();
    const members = (text: RegExp) => {
      const g = groups.find((x) => text.test(String(x.right_rows[0]?.['Description 2'])));
      return g ? { status: g.status, rule: g.rule_id, ids: g.left_rows.map((r) => String(r['No de facture'])).sort() } : null;
    };
    expect(members(/^MENUISERIE KAWARTHA/)).toEqual({ status: 'auto', rule: 'counterparty-batch', ids: five.map((i) => i.no).sort() });
    expect(members(/^TOITURES ALGONQUIN LTEE INV#/)).toEqual({ status: 'auto', rule: 'counterparty-batch', ids: netted.map((i) => i.no).sort() });
  });
});
