/**
 * Which columns hold the amounts, from the data (amount-pairing.ts), through real DuckDB: a
 * reference number kept in both files meets its counterpart more often than the amounts do, yet
 * where the money has cents a column without any is never the money (Estonia's viitenumber, v19).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FieldMapping } from '../../../src/shared/reconcile/recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

async function amountPair(left: string, right: string, proposed: FieldMapping[] = []) {
  const ws = await sb.workspace();
  await ws.addSourceFromPath('left', sb.file('open.csv', left));
  await ws.addSourceFromPath('right', sb.file('bank.csv', right));
  const { mappings, note } = await ws.withAmountMapping(proposed);
  ws.close();
  return { pair: mappings.find((m) => m.role === 'amount'), note };
}

describe('the amount pair from the data', () => {
  it('takes the amounts with cents over a whole-number reference that meets more often', async () => {
    const n = 200;
    // References of several lengths (invoice references and shorter customer references) span
    // magnitudes as amounts do. Every payment quotes its reference; only a third pay the amount to
    // the cent (the rest: instalments, fees, batches).
    const ref = (i: number) => [137, 2_471, 35_713, 264_931][i % 4] + i * 7;
    const left = csv('Ref,Amount', Array.from({ length: n }, (_, i) => `${ref(i)},${(1_000 + i * 13.37).toFixed(2)}`));
    const right = csv('Ref,Amount', Array.from({ length: n }, (_, i) => `${ref(i)},${(i % 3 === 0 ? 1_000 + i * 13.37 : 400 + i * 3.11).toFixed(2)}`));
    const { pair, note } = await amountPair(left, right);
    expect([pair?.field_a, pair?.field_b]).toEqual(['Amount', 'Amount']);
    expect(note).toMatch(/of the Amount values appear as Amount/);
  });

  it('still pairs whole amounts where no column has cents (a yen ledger)', async () => {
    const n = 120;
    const yen = (i: number) => [5_060, 48_200, 747_340, 1_250_000][i % 4] + i * 10;
    const left = csv('Doc,Amount', Array.from({ length: n }, (_, i) => `${1_800_012_345 + i},${yen(i)}`));
    const right = csv('Memo,Amount', Array.from({ length: n }, (_, i) => `Furikomi ${i},${yen(i)}`));
    const { pair } = await amountPair(left, right);
    expect([pair?.field_a, pair?.field_b]).toEqual(['Amount', 'Amount']);
  });

  it('pairs whole amounts whose largest fill only the start of their top power of ten (krónur, either file first)', async () => {
    // 1,980 amounts log-uniform from 1,000 to 1,000,000, 15 just over a million and 105 of 1.2–2.4
    // million: the 95th percentile falls just past a million, so 15 amounts (under 1 %) lie
    // between a million and it. An identifier of two lengths still is no amount: 8 and 10 digits
    // with none of 9.
    const n = 2_100;
    const kr = (i: number) =>
      i < 1_980 ? Math.round(10 ** (3 + (((i * 7_919) % 1_980) / 1_980) * 3)) : i < 1_995 ? 1_000_000 + (i - 1_980) * 1_000 : 1_200_000 + (i - 1_995) * 11_000;
    const ids = (i: number) => (i % 2 === 0 ? 31_893_975 + i * 17 : 2_485_540_642 + i * 13);
    const ledger = csv('Kennitala;Upphæð', Array.from({ length: n }, (_, i) => `${ids(i)};${kr(i)}`));
    const bank = csv('Kennitala;Skýring;Upphæð', Array.from({ length: n }, (_, i) => `${ids(i)};Greiðsla ${i};${kr(i)}`));
    expect(await amountPair(ledger, bank).then((r) => [r.pair?.field_a, r.pair?.field_b])).toEqual(['Upphæð', 'Upphæð']);
    expect(await amountPair(bank, ledger).then((r) => [r.pair?.field_a, r.pair?.field_b])).toEqual(['Upphæð', 'Upphæð']);
  });

  it('replaces a proposed pair the data does not bear out with the amounts in their signed form on both sides', async () => {
    // A DATEV export: unsigned Umsatz with its Soll/Haben flag (S an invoice, H a credit note) and
    // an exchange rate the names paired with the bank's amount.
    const n = 120;
    const cents = (i: number) => 20_000 + ((i * 37_171) % 900_000);
    const eur = (c: number) => (c / 100).toFixed(2).replace('.', ',');
    const left = csv('Umsatz;Soll/Haben-Kennzeichen;Kurs;Belegfeld 1', Array.from({ length: n }, (_, i) => `${eur(cents(i))};${i % 10 === 9 ? 'H' : 'S'};${(1 + i / 997).toFixed(4).replace('.', ',')};RE${10_000 + i}`));
    const right = csv('Buchungstag;Verwendungszweck;Betrag', Array.from({ length: n }, (_, i) => `02.03.2026;Rechnung RE${10_000 + i};${eur(cents(i))}`).filter((_, i) => i % 10 !== 9));
    const proposed: FieldMapping = { field_a: 'Kurs', field_b: 'Betrag', confidence: 0.6, reason: 'similar names', role: 'amount' };
    const { pair, note } = await amountPair(left, right, [proposed]);
    expect([pair?.field_a, pair?.field_b]).toEqual(['signed_amount', 'Betrag']);
    expect(note).toMatch(/Umsatz instead of Kurs/);
  });
});
