/**
 * The XLSX export is read back by a second, independent reader (exceljs, what a user's
 * spreadsheet tooling uses), not only by our own zip reader: every sheet is there, with its
 * header, its rows, numbers as numbers and text with XML-special characters intact.
 */
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const HEADER = 'ref,amount,date,memo';
const MEMO = 'Müller & Söhne <GmbH> "quoted"';

function values(ws: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe('XLSX export', () => {
  it('opens in exceljs with every sheet, header and row, numbers as numbers and text intact', async () => {
    const ws = await sb.workspace();
    const memo = `"${MEMO.replace(/"/g, '""')}"`;
    await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b', `C,75.00,2024-01-03,${memo}`])));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, ['A,100.00,2024-01-01,x', 'B,50.00,2024-01-02,y', 'Z,9.50,2024-01-05,z'])));
    const result = await ws.run(recipe([refRule('exact')]));
    const dir = sb.mkdir('out');
    await ws.export(result.run_id, { dir, formats: ['xlsx'] });

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(dir, 'reconciliation.xlsx'));
    const names = book.worksheets.map((w) => w.name);
    for (const n of ['summary', 'matched', 'suggested', 'exceptions_left', 'exceptions_right', 'unmatched_left', 'unmatched_right']) expect(names).toContain(n);

    expect(values(book.getWorksheet('summary')!)[0]).toEqual(['category', 'side', 'count', 'amount']);

    const matched = values(book.getWorksheet('matched')!);
    const head = matched[0] as string[];
    expect(head.slice(0, 3)).toEqual(['group_id', 'rule_id', 'cardinality']);
    expect(matched).toHaveLength(3);
    const amountLeft = head.indexOf('amount_left');
    const amounts = matched.slice(1).map((r) => r[amountLeft]);
    expect(amounts.every((a) => typeof a === 'number')).toBe(true);
    expect([...amounts].sort()).toEqual([100, 50]);

    const unmatchedLeft = values(book.getWorksheet('unmatched_left')!);
    expect(unmatchedLeft).toHaveLength(2);
    expect(unmatchedLeft[1]).toEqual(expect.arrayContaining(['C', MEMO]));
    expect(values(book.getWorksheet('unmatched_right')!)[1]).toEqual(expect.arrayContaining(['Z', 'z']));
  });
});
