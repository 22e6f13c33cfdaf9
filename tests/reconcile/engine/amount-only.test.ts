/**
 * A lockbox deposit that shows only its amount (issue 25, heldout-v8 us-ach-ctx): with no payer to
 * tell customers apart, the one open item of that exact amount is suggested, never confirmed, and
 * an amount two items share is left to a person whatever their dates.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

describe('a payment that shows only its amount', () => {
  it('is suggested for the only open item of that amount, and not for an amount two items share', async () => {
    const items = Array.from({ length: 150 }, (_, k) => ({ no: `INV${104_000 + k * 7}`, cents: 10_000 + ((k * 7_919_31) % 4_000_000), due: `2026-09-${String(1 + (k % 28)).padStart(2, '0')}` }));
    // Items 140 and 141 carry the same amount (two customers), the earlier one due a month before.
    items[141] = { ...items[141], cents: items[140].cents, due: '2026-08-02' };
    const left = items.map((it) => [it.no, it.due, (it.cents / 100).toFixed(2)].join(','));
    const right: string[] = [];
    // 100 payments name their invoice (the model learns from these).
    items.slice(0, 100).forEach((it) => right.push(['2026-10-05', `ACH CREDIT RMR*IV*${it.no}`, (it.cents / 100).toFixed(2)].join(',')));
    // Deposits with the check number only: 20 of unique amounts, one of the shared amount.
    items.slice(110, 130).forEach((it, k) => right.push(['2026-10-06', `LOCKBOX DEPOSIT CHECK ${5_100 + k}`, (it.cents / 100).toFixed(2)].join(',')));
    right.push(['2026-10-06', 'LOCKBOX DEPOSIT CHECK 5200', (items[140].cents / 100).toFixed(2)].join(','));
    const ws = await sb.workspace('lockbox');
    await ws.addSourceFromPath('left', sb.file('aging.csv', csv('Document Number,Due Date,Open Balance', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Posting Date,Description,Amount', right)));
    const auto = await buildAutoRecipe(ws);
    const result = await ws.run(auto.recipe);
    const suggested = (await ws.page(result.run_id, 'suggested', { offset: 0, limit: 1000 })).items.filter((g) => g.rule_id === 'amount-only');
    const docs = suggested.map((g) => String(g.left_rows[0]['Document Number'])).sort();
    expect(docs).toEqual(items.slice(110, 130).map((it) => it.no).sort());
    const matched = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items.filter((g) => g.rule_id === 'amount-only');
    expect(matched).toHaveLength(0);
  });

  it('learns the dates when every naming line also carries a number of the reference’s shape (the bank’s user id)', async () => {
    // au-bpay: "Direct Credit 751861 MURRAY ELECTRICA INV 2395" — lines naming one invoice were
    // counted as naming two (the user id is a number of the invoice's shape), no date pair was
    // learned, and the deposits that show only an amount were never paired.
    const items = Array.from({ length: 150 }, (_, k) => ({ no: `INV${104_000 + k * 7}`, cents: 10_000 + ((k * 7_919_31) % 4_000_000), due: `2026-09-${String(1 + (k % 28)).padStart(2, '0')}` }));
    const left = items.map((it) => [it.no, it.due, (it.cents / 100).toFixed(2)].join(','));
    const right: string[] = [];
    items.slice(0, 100).forEach((it, k) => right.push(['2026-10-05', `DIRECT CREDIT ${751_000 + (k % 9) * 13} ${it.no}`, (it.cents / 100).toFixed(2)].join(',')));
    items.slice(110, 130).forEach((it, k) => right.push(['2026-10-06', `BPAY CREDIT CRN ${1_013_820 + k * 31}`, (it.cents / 100).toFixed(2)].join(',')));
    const ws = await sb.workspace('user-id');
    await ws.addSourceFromPath('left', sb.file('aging.csv', csv('Document Number,Due Date,Open Balance', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Posting Date,Description,Amount', right)));
    const auto = await buildAutoRecipe(ws);
    expect(auto.explanation).toMatch(/dates: Due Date ↔ Posting Date: 90 % of \d+ payments naming one item/);
    const result = await ws.run(auto.recipe);
    const suggested = (await ws.page(result.run_id, 'suggested', { offset: 0, limit: 1000 })).items.filter((g) => g.rule_id === 'amount-only');
    expect(suggested.map((g) => String(g.left_rows[0]['Document Number'])).sort()).toEqual(items.slice(110, 130).map((it) => it.no).sort());
  });

  it('with payers named on other lines, only the lines no customer claims are paired by amount', async () => {
    const customers = ['Evergreen Cafe', 'Bayou Taqueria Inc', 'Harbor Tools LLC', 'Summit Dental PC', 'Prairie Florist'];
    const items = Array.from({ length: 150 }, (_, k) => ({ no: String(14_000 + k), who: customers[k % 5], cents: 10_000 + ((k * 7_919_31) % 4_000_000) }));
    const left = items.map((it) => [it.no, it.who, '2026-09-15', (it.cents / 100).toFixed(2)].join(','));
    const right: string[] = [];
    // 100 ACH credits name their payer and invoice (the model learns the payer from these).
    items.slice(0, 100).forEach((it) => right.push(['2026-10-05', `ORIG CO NAME:${it.who.toUpperCase()} IND ID:INV ${it.no}`, it.who.toUpperCase(), (it.cents / 100).toFixed(2)].join(',')));
    // Cheque deposits: no payer, no reference, 20 of unique amounts.
    items.slice(110, 130).forEach((it, k) => right.push(['2026-10-06', `REMOTE ONLINE DEPOSIT # ${k + 1}`, '', (it.cents / 100).toFixed(2)].join(',')));
    // A known payer paying the exact amount of another customer's item: not this rule's to pair.
    right.push(['2026-10-07', 'ORIG CO NAME:PRAIRIE FLORIST IND ID:DEPOSIT', 'PRAIRIE FLORIST', (items[141].cents / 100).toFixed(2)].join(','));
    // A payer who is no customer of the list: a name, so not a line nobody claims.
    right.push(['2026-10-07', 'ORIG CO NAME:ACME HOLDINGS IND ID:REFUND', 'ACME HOLDINGS', (items[142].cents / 100).toFixed(2)].join(','));
    const ws = await sb.workspace('deposits');
    await ws.addSourceFromPath('left', sb.file('aging.csv', csv('Num,Customer,Date,Open Balance', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Posting Date,Description,Payer,Amount', right)));
    const auto = await buildAutoRecipe(ws);
    expect(auto.recipe.rules.find((r) => r.id === 'amount-only')).toMatchObject({ payer_unknown: { left: 'Customer', right: 'Payer' } });
    const result = await ws.run(auto.recipe);
    const suggested = (await ws.page(result.run_id, 'suggested', { offset: 0, limit: 1000 })).items.filter((g) => g.rule_id === 'amount-only');
    expect(suggested.map((g) => String(Number(g.left_rows[0].Num))).sort()).toEqual(items.slice(110, 130).map((it) => it.no).sort());
  });
});
