/**
 * References as payers write them, through real DuckDB and buildAutoRecipe.
 *
 * An ISO 11649 creditor reference on the open item (RF24 2048 0106 2742) is found when the payer
 * quotes only the reference behind its check digits, in blocks ("Viite 20 48010 62742").
 *
 * References written wrong, in a UK layout where the
 * invoices are INV-nnnn and the customers' purchase orders PO-nnnn (two reference columns):
 * - a digit changed, added or left out is one typo (Damerau–Levenshtein distance 1);
 * - a number written behind the invoice letters ("INV-7455") does not name purchase order PO-7455,
 *   unless the line also writes it behind the order's own letters ("INV 7455 PO 7455");
 * - an invoice whose number turns up by chance elsewhere (a time "1919" in a card line) is still
 *   looked for with a typo.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const LEFT = 'Invoice Number,Contact Name,Invoice Date,Reference,Total';
const RIGHT = 'Date,Type,Description,Paid out,Paid in';
const NAMES = [
  'Wessex Electrical PLC',
  'Mercia Developments Ltd',
  'Lakeside Roofing LLP',
  'Heath Trading Ltd',
  'Pennine Hire Ltd',
  'Clyde Logistics Ltd',
  'Victoria Building Services PLC',
  'Medway Fabrication Ltd',
];
const inv = (n: number) => `INV-${String(n).padStart(4, '0')}`;
const ukDate = (day: number) => {
  const d = new Date(Date.UTC(2026, 0, 1 + day));
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
const gbp = (cents: number) => (cents / 100).toFixed(2);

interface Item {
  n: number;
  customer: number;
  po: number | null;
  cents: number;
  day: number;
}

function world() {
  const items: Item[] = [];
  const lines: string[] = [];
  for (let k = 0; k < 160; k++) {
    const n = 1000 + k * 7;
    const item = { n, customer: k % NAMES.length, po: k % 2 === 0 ? 7000 + k * 3 : null, cents: 15_000 + ((k * 7_919) % 400_000), day: k % 50 };
    items.push(item);
    // Some customers quote their purchase order instead of the invoice.
    const quoted = item.po !== null && k % 6 === 0 ? `PO ${item.po}` : inv(n);
    if (k < 130) lines.push([ukDate(item.day + 4), 'FPI', `${NAMES[item.customer].toUpperCase()} ${quoted}`, '', gbp(item.cents)].join(','));
  }
  const rows = () => items.map((i) => [inv(i.n), NAMES[i.customer], ukDate(i.day), i.po === null ? 'Call-out' : `PO-${i.po}`, gbp(i.cents)].join(','));
  const line = (day: number, text: string, cents: number) => lines.push([ukDate(day), 'FPI', text, '', gbp(cents)].join(','));
  return { items, lines, rows, line };
}

async function run(w: ReturnType<typeof world>) {
  const ws = await sb.workspace(`w-${Math.random().toString(36).slice(2, 8)}`);
  await ws.addSourceFromPath('left', sb.file('Aged_Receivables.csv', csv(LEFT, w.rows())));
  await ws.addSourceFromPath('right', sb.file('Statement.csv', csv(RIGHT, w.lines)));
  const auto = await buildAutoRecipe(ws, 'model');
  const result = await ws.run(auto.recipe);
  const groups: { status: string; invoices: string[]; texts: string[]; evidence: string }[] = [];
  for (const category of ['matched', 'suggested'] as const) {
    for (const g of (await ws.page(result.run_id, category, { offset: 0, limit: 10_000 })).items) {
      groups.push({ status: g.status, invoices: g.left_rows.map((r) => String(r['Invoice Number'])), texts: g.right_rows.map((r) => String(r.Description)), evidence: g.evidence ?? '' });
    }
  }
  return (text: string) => groups.filter((g) => g.texts.includes(text));
}

describe('references written with one typo', () => {
  it('finds the invoice behind a digit changed, added or left out, and never the purchase order with the same digits', async () => {
    const w = world();
    // Unpaid items (k ≥ 130) are the ones paid here, each written wrong.
    const [a, b, c, d] = w.items.slice(130, 134);
    // "INV-7xxx" with a digit changed: 7xxx is also another item's purchase order number.
    const poTwin = w.items.find((i) => i.po !== null && Math.floor(i.po / 10) % 10 < 9)!;
    a.n = poTwin.po! + 10; // a's own number differs from the PO in its tens digit
    const changed = `${NAMES[a.customer].toUpperCase()} ${inv(poTwin.po!)}`;
    w.line(a.day + 3, changed, a.cents);
    // A digit added (INV-3825 for INV-0825, as a zero misread) and one left out.
    b.n = 825;
    const added = `${NAMES[b.customer].toUpperCase()} INV-3825`;
    w.line(b.day + 3, added, b.cents);
    const dropped = `${NAMES[c.customer].toUpperCase()} INV-${String(c.n).slice(0, 2)}${String(c.n).slice(3)}`;
    w.line(c.day + 3, dropped, c.cents);
    // d's number appears by chance as a time in a card line of another amount; its payment has a typo.
    w.line(d.day + 1, `CARD SETTLEMENT FP ${ukDate(d.day + 1).slice(0, 5)} ${d.n} 2DX32845`, 123_456);
    const swapped = String(d.n).slice(0, 2) + String(d.n)[3] + String(d.n)[2];
    const typoD = `${NAMES[d.customer].toUpperCase()} INV-${swapped}`;
    w.line(d.day + 3, typoD, d.cents);

    const groupsOf = await run(w);
    expect(groupsOf(changed)).toMatchObject([{ invoices: [inv(a.n)], evidence: expect.stringMatching(/one typo/) }]);
    expect(groupsOf(added)).toMatchObject([{ invoices: [inv(b.n)], evidence: expect.stringMatching(/one typo/) }]);
    expect(groupsOf(dropped)).toMatchObject([{ invoices: [inv(c.n)], evidence: expect.stringMatching(/one typo/) }]);
    expect(groupsOf(typoD)).toMatchObject([{ invoices: [inv(d.n)], evidence: expect.stringMatching(/one typo/) }]);
    // The payer, the amount and the date agree: each is confirmed without review.
    for (const text of [changed, added, dropped, typoD]) expect(groupsOf(text).map((g) => g.status)).toEqual(['auto']);
  });
});

describe('a purchase order number written behind both letters', () => {
  it('still names the purchase order when the line also writes it behind the invoice letters ("INV 7396 PO 7396")', async () => {
    const w = world();
    const item = w.items[132]; // unpaid here, with a purchase order
    const text = `${NAMES[item.customer].toUpperCase()} INV ${item.po} PO ${item.po}`;
    w.line(item.day + 3, text, item.cents);
    const groupsOf = await run(w);
    expect(groupsOf(text)).toMatchObject([{ status: 'auto', invoices: [inv(item.n)], evidence: expect.stringContaining(`Reference PO-${item.po} named on the line`) }]);
  });
});

/** ISO 11649: RF + two check digits over the reference + "RF00" (R = 27, F = 15), mod 97. */
function rf(reference: string): string {
  const digits = `${reference}271500`;
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return `RF${String(98 - rest).padStart(2, '0')}${reference}`;
}

describe('creditor references', () => {
  it('finds an RF reference when the payer quotes only the reference behind its check digits', async () => {
    const items: string[] = [];
    const lines: string[] = [];
    const blocks = (r: string) => `${r.slice(0, 2)} ${r.slice(2, 7)} ${r.slice(7)}`;
    for (let k = 0; k < 120; k++) {
      const reference = `20${480 + (k % 40)}10${String(62000 + k * 37).padStart(5, '0')}`;
      const amount = (80 + k * 11.31).toFixed(2).replace('.', ',');
      const name = `Asiakas ${k % 9} Oy`;
      items.push([String(104000 + k), name, `${String(1 + (k % 27)).padStart(2, '0')}.01.2026`, amount, rf(reference)].join(';'));
      if (k < 100)
        lines.push(
          [`${String(3 + (k % 25)).padStart(2, '0')}.02.2026`, `+${amount}`, name.toUpperCase(), k % 2 === 0 ? '' : rf(reference), k % 2 === 0 ? `Viite ${blocks(reference)}` : 'Maksu'].join(';'),
        );
    }
    const ws = await sb.workspace('rf');
    await ws.addSourceFromPath('left', sb.file('avoimet.csv', csv('Laskunumero;Asiakas;Laskupäivä;Summa;Maksuviite', items)));
    await ws.addSourceFromPath('right', sb.file('tapahtumat.csv', csv('Kirjauspäivä;Määrä EUROA;Saaja/Maksaja;Viite;Viesti', lines)));
    const auto = await buildAutoRecipe(ws, 'rf');
    const result = await ws.run(auto.recipe);
    const matched = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1_000 })).items;
    const quotedInner = matched.filter((g) => String(g.right_rows[0].Viesti).startsWith('Viite'));
    // Every payment quoting only the creditor reference is paired with its item, without review.
    expect(quotedInner).toHaveLength(50);
    for (const g of quotedInner) expect(String(g.left_rows[0].Maksuviite)).toContain(String(g.right_rows[0].Viesti).replace(/^Viite |\s/g, ''));
  });
});

/**
 * A reference printed in blocks for reading: threes from the right, so "1 234 567", "12 345 678"
 * and "123 456 789" all print as three groups of varying widths, and the branch office's items in
 * fours from the left ("1234 5678 9"), while the bank's reference field carries the number glued
 * and padded with zeros. Read as three parts, no glued value could be split back (v17's
 * fi-viitenumero: 916 lines naming it in the bank's reference column, none confirmed).
 */
describe('a reference printed in blocks', () => {
  it('is the one number the blocks spell: the bank quoting it glued confirms the item', async () => {
    const threes = (n: string) => n.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
    const fours = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');
    const items: string[] = [];
    const lines: string[] = [];
    for (let k = 0; k < 90; k++) {
      const reference = String([1_234_567, 12_345_678, 123_456_789][k % 3] + k * 7_919);
      // Fifteen items of each customer and amount: only the reference tells them apart.
      const amount = (250 + (k % 6) * 17.35).toFixed(2);
      // The branch office's items print it in fours from the left.
      items.push([`F${7000 + k}`, `Cliente ${k % 3}`, `2026-03-${String(1 + (k % 28)).padStart(2, '0')}`, amount, k % 4 === 3 ? fours(reference) : threes(reference)].join(','));
      // The bank pads it with zeros to 12 digits.
      if (k < 80) lines.push([`2026-04-${String(1 + (k % 28)).padStart(2, '0')}`, amount, `TRANSFER CLIENTE ${k % 3}`, reference.padStart(12, '0')].join(','));
    }
    const ws = await sb.workspace('blocks');
    // Estonian headings: no name tells which columns pair, the values must.
    await ws.addSourceFromPath('left', sb.file('arved.csv', csv('Arve nr,Klient,Kuupäev,Summa,Viitenumber', items)));
    await ws.addSourceFromPath('right', sb.file('pank.csv', csv('Kuupäev,Summa,Selgitus,Viide', lines)));
    const auto = await buildAutoRecipe(ws, 'blocks');
    const result = await ws.run(auto.recipe);
    const matched = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1_000 })).items;
    const confirmed = matched.filter((g) => g.status === 'auto');
    expect(confirmed.length).toBeGreaterThanOrEqual(76);
    for (const g of confirmed) expect(String(g.left_rows[0].Viitenumber).replace(/ /g, '')).toBe(String(g.right_rows[0].Viide).replace(/^0+/, ''));
  });
});
