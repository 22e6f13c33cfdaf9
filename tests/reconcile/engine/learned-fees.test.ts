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

  it('matches a remittance naming several invoices, each paid less the learned early-payment discount', async () => {
    const left: string[] = [];
    const right: string[] = [];
    const items = Array.from({ length: 160 }, (_, k) => ({ no: 106_000 + k * 7, cents: 20_000 + ((k * 7_919_31) % 2_500_000) }));
    for (const it of items) left.push([`CUST${it.no % 9}`, `Customer ${it.no % 9}`, `INV${it.no}`, 'Invoice', '11/30/2025', usd(it.cents)].join(','));
    const less2 = (cents: number) => cents - Math.round(cents * 0.02);
    // 100 single payments, a third of them less 2 % (the discount is learned from these).
    items.slice(0, 100).forEach((it, k) => right.push(['12/05/2025', `ACH CCD RMR*IV*INV${it.no}*PI`, usd(k % 3 === 0 ? less2(it.cents) : it.cents)].join(',')));
    // 15 EDI remittances naming four invoices each, every one paid less 2 % (rounded per invoice).
    const batches: string[][] = [];
    for (let b = 0; b < 15; b++) {
      const four = items.slice(100 + b * 4, 104 + b * 4);
      batches.push(four.map((it) => `INV${it.no}`).sort());
      const text = four.map((it) => `RMR*IV*INV${it.no}**${(less2(it.cents) / 100).toFixed(2)}*${(it.cents / 100).toFixed(2)}`).join('~');
      right.push(['12/06/2025', `ACH CTX ${text}~`, usd(four.reduce((a, it) => a + less2(it.cents), 0))].join(','));
    }
    const ws = await sb.workspace('ctx');
    await ws.addSourceFromPath('left', sb.file('open.csv', csv('Customer ID,Customer Name,Document No.,Doc Type,Due Date,Balance', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Date,Detail,Amount', right)));
    const auto = await buildAutoRecipe(ws, 'ctx');
    const result = await ws.run(auto.recipe);
    const groups = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items.filter((g) => g.left_rows.length === 4);
    expect(groups.map((g) => g.left_rows.map((r) => String(r['Document No.'])).sort()).sort()).toEqual(batches.sort());
    expect(new Set(groups.map((g) => g.status))).toEqual(new Set(['auto']));
  });

  it('learns that payers drop the cents, and confirms those payments as rounding', async () => {
    const left: string[] = [];
    const right: string[] = [];
    for (let k = 0; k < 120; k++) {
      const cents = 25_037 + ((k * 7_919_31) % 3_000_000);
      left.push([`CUST${k % 9}`, `Customer ${k % 9}`, `FT ${2_000 + k * 7}`, 'Invoice', '11/30/2025', usd(cents)].join(','));
      // A third of the payers pay the whole euros only.
      const paid = k % 3 === 0 ? Math.floor(cents / 100) * 100 : cents;
      right.push(['12/05/2025', `BONIFICO SALDO FATTURA ${2_000 + k * 7}`, usd(paid)].join(','));
    }
    const ws = await sb.workspace('abbuono');
    await ws.addSourceFromPath('left', sb.file('open.csv', csv('Customer ID,Customer Name,Document No.,Doc Type,Due Date,Balance', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Date,Detail,Amount', right)));
    const auto = await buildAutoRecipe(ws, 'abbuono');
    const result = await ws.run(auto.recipe);
    const matched = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items;
    expect(matched.filter((g) => g.status === 'auto')).toHaveLength(120);
    expect(matched.filter((g) => g.difference_reason === 'rounding')).toHaveLength(40);
  });

  it('learns that payers pay the net of a 15 % tax (13.0435 % of the gross, to the cent), and confirms those payments', async () => {
    const left: string[] = [];
    const right: string[] = [];
    for (let k = 0; k < 120; k++) {
      const cents = 11_537 + ((k * 7_919_31) % 3_000_000);
      left.push([`CUST${k % 9}`, `Customer ${k % 9}`, `INV-${4_000 + k * 7}`, 'Invoice', '11/30/2025', usd(cents)].join(','));
      // A quarter of the payers pay the amount without GST: gross / 1.15, to the cent.
      const paid = k % 4 === 0 ? Math.round(cents / 1.15) : cents;
      right.push(['12/05/2025', `DIRECT CREDIT INV-${4_000 + k * 7}`, usd(paid)].join(','));
    }
    const ws = await sb.workspace('gst');
    await ws.addSourceFromPath('left', sb.file('open.csv', csv('Customer ID,Customer Name,Document No.,Doc Type,Due Date,Balance', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Date,Detail,Amount', right)));
    const auto = await buildAutoRecipe(ws, 'gst');
    const scored = auto.recipe.rules.find((r) => r.id === 'scored');
    expect(scored?.amount?.differences?.percent.map((p) => p.toFixed(2))).toContain('13.04');
    const result = await ws.run(auto.recipe);
    const matched = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items;
    expect(matched.filter((g) => g.status === 'auto')).toHaveLength(120);
    expect(matched.filter((g) => Number(g.amount_delta) !== 0)).toHaveLength(30);
  });

  it('learns a charge the payers add (a claim\'s notice fee) and confirms those payments; never two equal-priced items as a charge', async () => {
    const left: string[] = [];
    const right: string[] = [];
    const kr = (n: number) => n.toLocaleString('de-DE');
    for (let k = 0; k < 120; k++) {
      const amount = 4_500 + ((k * 79_193) % 900_000);
      left.push([`R-26-${1_000 + k}`, `Viðskiptavinur ${k % 9}`, '02.09.2026', kr(amount)].join(';'));
      // Half the invoices were sent as bank claims: the payer pays them plus the 395 kr notice fee.
      right.push(['15.09.2026', `Greiðsla R-26-${1_000 + k}`, kr(k % 2 === 0 ? amount + 395 : amount)].join(';'));
    }
    // Another shop sells one product at 2,000 kr: twelve payments name one invoice and pay two.
    for (let k = 0; k < 24; k++) left.push([`V-26-${500 + k}`, 'Verslun', '03.09.2026', kr(2_000)].join(';'));
    for (let k = 0; k < 24; k += 2) right.push(['16.09.2026', `Greiðsla V-26-${500 + k}`, kr(4_000)].join(';'));
    const ws = await sb.workspace('krafa');
    await ws.addSourceFromPath('left', sb.file('open.csv', csv('Nr.;Heiti;Dags.;Upphæð', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Dags.;Skýring;Upphæð', right)));
    const auto = await buildAutoRecipe(ws, 'krafa');
    const scored = auto.recipe.rules.find((r) => r.id === 'scored');
    expect(scored?.amount?.differences?.fixed).toEqual([-395]);
    expect(auto.explanation).toMatch(/the fee 395\.00 \(added by the payer\) recurs/);
    const result = await ws.run(auto.recipe);
    const matched = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items.filter((g) => String(g.left_rows[0]?.['Nr.']).startsWith('R-'));
    ws.close();
    expect(matched.filter((g) => g.status === 'auto')).toHaveLength(120);
    expect(matched.filter((g) => g.difference_reason === 'bank_fee')).toHaveLength(60);
  });
});
