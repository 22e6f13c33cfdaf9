/**
 * Which sheet of a workbook is read (issue 27, item 2): the largest sheet was read, hidden or not,
 * and a notes sheet with more rows won over the table (every pair off by 7.00). Now: visible sheets
 * first, a hidden sheet never read silently, a sheet that is not a table not chosen over one that is.
 */
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReconError } from '../../../src/main/errors';
import { sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeAll(() => {
  sb = sandbox();
});
afterAll(() => sb.cleanup());

type SheetSpec = { name: string; state?: 'visible' | 'hidden' | 'veryHidden'; rows: (string | number)[][] };

async function workbook(file: string, sheets: SheetSpec[]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name, { state: s.state ?? 'visible' });
    for (const r of s.rows) ws.addRow(r);
  }
  const path = join(sb.dir, file);
  await wb.xlsx.writeFile(path);
  return path;
}

const table = (n: number, offset = 0): (string | number)[][] => [['ref', 'amount'], ...Array.from({ length: n }, (_, i) => [`INV-${i + 1}`, 100 + i + offset])];

describe('xlsx sheet choice', () => {
  it('a hidden sheet with more rows is not read; the notice names it', async () => {
    const path = await workbook('hidden.xlsx', [
      { name: 'Old', state: 'hidden', rows: table(40, 7) },
      { name: 'Statement', rows: table(10) },
    ]);
    const ws = await sb.workspace('hidden');
    const info = await ws.addSourceFromPath('left', path);
    expect(info.sheet?.name).toBe('Statement');
    expect(info.row_count).toBe(10);
    const page = await ws.preview('left', { offset: 0, limit: 1 });
    expect(Number(page.items[0].amount)).toBe(100);
    expect(info.notices.find((n) => n.code === 'xlsx_sheet')?.message).toMatch(/hidden sheet\(s\) not read: “Old” \(pick one by name to read it\)/);
    ws.close();
  });

  it('a notes sheet with more rows is not chosen over the table', async () => {
    const notes = Array.from({ length: 60 }, (_, i) => [`Note ${i + 1}: amounts include a fee of 7.00`]);
    const path = await workbook('notes.xlsx', [
      { name: 'Notes', rows: notes },
      { name: 'Statement', rows: table(10) },
    ]);
    const ws = await sb.workspace('notes');
    const info = await ws.addSourceFromPath('left', path);
    expect(info.sheet?.name).toBe('Statement');
    expect(info.columns.map((c) => c.name)).toEqual(['ref', 'amount']);
    expect(info.notices.find((n) => n.code === 'xlsx_sheet')?.message).toMatch(/most table rows \(11 of 11.*“Notes” has more rows but fewer table rows \(0 of 60/);
    ws.close();
  });

  it('data only on a hidden sheet: refused, naming it; read when picked by name, and said so', async () => {
    const path = await workbook('only-hidden.xlsx', [
      { name: 'Cover', rows: [] },
      { name: 'Data', state: 'veryHidden', rows: table(5) },
    ]);
    const ws = await sb.workspace('only-hidden');
    const error = (await ws.addSourceFromPath('left', path).catch((e: unknown) => e)) as ReconError;
    expect(error).toBeInstanceOf(ReconError);
    expect(error.message).toMatch(/data is only on hidden sheet\(s\) “Data”.*pick the sheet by name/);
    const info = await ws.addSourceFromPath('left', path, { sheet: 'Data' });
    expect(info.row_count).toBe(5);
    expect(info.notices.find((n) => n.code === 'xlsx_sheet')?.message).toMatch(/picked by name \(it is hidden in the workbook\)/);
    ws.close();
  });
});
