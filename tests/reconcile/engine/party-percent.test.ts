/**
 * A payer who deducts a percentage and names no invoice (issue 25, heldout-v11 il-leumi: a Masav
 * credit less 3 % withholding tax on the amount before VAT). The percentage is learned from the
 * payments that do name their invoice; a line that names only its payer is then paired with the
 * payer's open item it is that percentage short of, not left unpaired for want of an equal amount.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const PAYERS = ['Galil Plastics Ltd', 'Negev Steel Works', 'Carmel Print House', 'Yarden Foods Ltd', 'Sharon Medical Supply', 'Arava Solar Ltd'];
/** 3 % of the amount before 17 % VAT, to the agora. */
const withheld = (cents: number) => cents - Math.round((cents / 1.17) * 0.03);

describe('a payment less a learned percentage, naming only its payer', () => {
  it('is paired with the payer’s item it is that percentage short of', async () => {
    const items = Array.from({ length: 180 }, (_, k) => ({ no: `${40_100 + k}`, payer: PAYERS[k % PAYERS.length], cents: 50_000 + ((k * 7_919_31) % 3_000_000) }));
    const left = items.map((it) => [it.no, it.payer, '2026-09-15', (it.cents / 100).toFixed(2)].join(','));
    const right: string[] = [];
    // 120 transfers name payer and invoice (the withholding is learned from these).
    items.slice(0, 120).forEach((it) => right.push(['2026-10-05', `${it.payer.toUpperCase()} INVOICE ${it.no}`, (withheld(it.cents) / 100).toFixed(2)].join(',')));
    // 24 Masav credits name the payer only.
    const masav = items.slice(130, 154);
    masav.forEach((it) => right.push(['2026-10-08', `${it.payer.toUpperCase()} MASAV`, (withheld(it.cents) / 100).toFixed(2)].join(',')));
    const ws = await sb.workspace('withholding');
    await ws.addSourceFromPath('left', sb.file('open-items.csv', csv('Invoice,Customer,Due Date,Amount', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Date,Description,Amount', right)));
    const auto = await buildAutoRecipe(ws);
    const result = await ws.run(auto.recipe);
    const groups = [...(await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items, ...(await ws.page(result.run_id, 'suggested', { offset: 0, limit: 1000 })).items];
    const paired = new Map(groups.filter((g) => g.right_rows.length === 1 && g.left_rows.length === 1).map((g) => [`${g.right_rows[0].Description} ${Number(g.right_rows[0].Amount).toFixed(2)}`, String(Number(g.left_rows[0].Invoice))]));
    const masavPairs = masav.map((it) => paired.get(`${it.payer.toUpperCase()} MASAV ${(withheld(it.cents) / 100).toFixed(2)}`));
    // Each Masav line that is paired is paired with its own invoice, and most are paired.
    masav.forEach((it, k) => expect([undefined, it.no]).toContain(masavPairs[k]));
    expect(masavPairs.filter(Boolean).length).toBeGreaterThanOrEqual(20);
  });
});
