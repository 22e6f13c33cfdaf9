/**
 * The rows the rules are read off (keyAlignedSample) can be read ahead, when the mapping is proposed
 * (issue 30, prefetchAlignedSample): the click asking the same question joins that reading, another
 * question (other columns, a source loaded again) reads anew. Real DuckDB; the statements are only
 * listened to, to count the readings.
 */
import { describe, expect, it } from 'vitest';
import { csv, spiedSandbox, statements } from './helpers';

const sb = spiedSandbox();

const LEFT = 'invoice_no,customer,amount';
const RIGHT = 'reference,payer,paid,text';
const inv = (n: number) => `INV-${String(n).padStart(5, '0')}`;

/** 60 invoices; the statement pays those from `paidFrom` on, with the reference spelled otherwise. */
function files(paidFrom = 1): { invoices: string; bank: string } {
  const invoices: string[] = [];
  const bank: string[] = [];
  for (let n = 1; n <= 60; n++) {
    invoices.push([inv(n), `Customer ${n % 7}`, (100 + n * 3.25).toFixed(2)].join(','));
    if (n >= paidFrom) bank.push([`inv ${String(n).padStart(5, '0')}`, `CUSTOMER ${n % 7}`, (100 + n * 3.25).toFixed(2), `payment ${n}`].join(','));
  }
  return { invoices: csv(LEFT, invoices), bank: csv(RIGHT, bank) };
}

const KEY = { left: 'invoice_no', right: 'reference' };
const COLUMNS = { left: ['invoice_no', 'customer', 'amount'], right: ['reference', 'payer', 'paid'] };
/** Until the read ahead has looked its sources up and begun (as it has long before a person clicks). */
async function started(ws: object): Promise<void> {
  while (!(ws as { alignedSample?: unknown }).alignedSample) await new Promise((r) => setTimeout(r, 5));
}
const readings = (seen: { sql: string }[]) => seen.filter((s) => /TEMP TABLE kalla_sample_keys/.test(s.sql)).length;

describe('the key-aligned sample read ahead (prefetchAlignedSample)', () => {
  it('is joined by the click asking the same question; other columns or a reloaded source read anew', async () => {
    const { invoices, bank } = files();
    const ws = await sb().workspace('ahead');
    await ws.addSourceFromPath('left', sb().file('invoices.csv', invoices));
    await ws.addSourceFromPath('right', sb().file('bank.csv', bank));
    const reference = await sb().workspace('reference');
    await reference.addSourceFromPath('left', sb().file('invoices2.csv', invoices));
    await reference.addSourceFromPath('right', sb().file('bank-changed.csv', files(31).bank));

    // Asked ahead, then the click: one reading, the rows a reading on its own gives.
    let joined: Awaited<ReturnType<typeof ws.keyAlignedSample>> | undefined;
    let seen = await statements(async () => {
      ws.prefetchAlignedSample(KEY, COLUMNS);
      await started(ws);
      joined = await ws.keyAlignedSample(KEY, COLUMNS);
    });
    expect(readings(seen)).toBe(1);
    expect(joined!.left).toHaveLength(60);
    expect(joined!.right[0]).toEqual({ reference: 'inv 00001', payer: 'CUSTOMER 1', paid: '103.250000' });

    // The user dropped a pair before the click: not the rows read ahead.
    const fewer = { left: ['invoice_no', 'amount'], right: ['reference', 'paid'] };
    let asked: Awaited<ReturnType<typeof ws.keyAlignedSample>> | undefined;
    seen = await statements(async () => {
      ws.prefetchAlignedSample(KEY, COLUMNS);
      asked = await ws.keyAlignedSample(KEY, fewer);
    });
    expect(readings(seen)).toBe(1);
    expect(Object.keys(asked!.right[0]).sort()).toEqual(['paid', 'reference']);

    // A source loaded again after the read ahead: the click reads the new file.
    ws.prefetchAlignedSample(KEY, COLUMNS);
    await ws.addSourceFromPath('right', sb().file('bank-changed.csv', files(31).bank));
    const fresh = await ws.keyAlignedSample(KEY, COLUMNS);
    expect(fresh.right).toHaveLength(30);
    expect(fresh).toEqual(await reference.keyAlignedSample(KEY, COLUMNS));
  });
});
