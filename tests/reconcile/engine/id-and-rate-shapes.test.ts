/**
 * Review points of issue 27: "2E03" is read as a number or kept as a code from the column's other
 * values, and 3-decimal rates such as 1.085 are not read as thousands.
 *
 * Why: spreadsheets write scientific notation as 2E+03 or 2.5E+03; a bare digits-E-digits value is
 * how batch and part codes look. In an amount column (values with cents) a lone 2E03 is still read
 * as 2000; in a column of whole numbers, or where such values are half or more, it is a code and the
 * column stays text, so "2E03" is never matched against invoice 2000.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

async function load(header: string, rows: string[]) {
  const ws = await sb.workspace();
  const info = await ws.addSourceFromPath('left', sb.file('f.csv', csv(header, rows)));
  const page = await ws.preview('left', { offset: 0, limit: 50 });
  return { info, rows: page.items };
}

describe('2E03: number or code, from the column', () => {
  it('a column of codes such as 2E03, 7E12 stays text', async () => {
    const { info, rows } = await load('batch,amount', ['2E03,1.00', '7E12,2.00', '3E05,3.00', '4E07,4.00']);
    expect(info.columns.find((c) => c.name === 'batch')?.type).toBe('text');
    expect(rows.map((r) => r.batch)).toEqual(['2E03', '7E12', '3E05', '4E07']);
  });

  it('whole-number ids with one 2E03 stay text (2E03 is not id 2000)', async () => {
    const { info } = await load('id,amount', ['1001,1.00', '1002,2.00', '2000,3.00', '2E03,4.00', '1005,5.00']);
    expect(info.columns.find((c) => c.name === 'id')?.type).toBe('text');
  });

  it('in an amount column with cents, 2E03 and 1.5E+3 are numbers', async () => {
    const { info, rows } = await load('ref,amount', ['A,100.50', 'B,2E03', 'C,1.5E+3', 'D,20.25']);
    expect(info.columns.find((c) => c.name === 'amount')?.type).toBe('number');
    expect(rows.map((r) => Number(r.amount))).toEqual([100.5, 2000, 1500, 20.25]);
  });
});

describe('1.085: a rate, not a thousand', () => {
  it('a rate column of d.ddd values reads 1.085 as one point zero eight five', async () => {
    const { info, rows } = await load('ref,booked,fx', ['A,2024-01-02,1.085', 'B,2024-01-03,1.250', 'C,2024-01-04,1.100']);
    expect(info.columns.find((c) => c.name === 'fx')?.type).toBe('number');
    expect(rows.map((r) => Number(r.fx))).toEqual([1.085, 1.25, 1.1]);
  });

  it('an unnamed column of d.ddd values is read as decimals, with the notice naming the other reading', async () => {
    const { info, rows } = await load('ref,booked,c3', ['A,2024-01-02,1.085', 'B,2024-01-03,2.250', 'C,2024-01-04,1.100']);
    expect(rows.map((r) => Number(r.c3))).toEqual([1.085, 2.25, 1.1]);
    expect(info.notices.find((n) => n.code === 'thousands_dot')?.message).toMatch(/read as one and a half/);
  });

  it('an amount column of 1.500 and 2.250 stays thousands (issue 27), with its notice', async () => {
    const { rows, info } = await load('ref,booked,amount', ['A,2024-01-02,1.500', 'B,2024-01-03,2.250']);
    expect(rows.map((r) => Number(r.amount))).toEqual([1500, 2250]);
    expect(info.notices.find((n) => n.code === 'thousands_dot')?.message).toMatch(/read as thousands/);
  });
});
