/** Excel statements as sources: streamed to CSV in the workspace, sheet picked, same header/summary detection. */
import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReconError } from '../../../src/main/errors';
import { xlsxToCsv } from '../../../src/main/reconcile/engine/xlsx-import';
import { writeStatementXlsx } from '../../helpers/xlsx-statement';
import { sandbox, type Sandbox } from './helpers';

const STATEMENT = join(__dirname, '..', '..', 'fixtures', 'bank-exports', 'statement-two-sheets.xlsx');

let sb: Sandbox;
beforeAll(() => {
  sb = sandbox();
});
afterAll(() => sb.cleanup());

describe('xlsx sources', () => {
  it('reads the sheet with the table, skipping the title rows and the closing balance', async () => {
    const ws = await sb.workspace('default-sheet');
    const info = await ws.addSourceFromPath('left', STATEMENT);
    expect(info.sheet).toEqual({ name: 'Umsätze', sheets: ['Übersicht', 'Umsätze'] });
    expect(info.row_count).toBe(30);
    expect(info.skip_top).toBe(3);
    expect(info.skip_bottom).toBe(1);
    expect(info.skipped_lines?.find((l) => l.where === 'bottom')?.text).toMatch(/Kontostand am 31\.12\.2026/);
    expect(info.columns.map((c) => [c.name, c.type])).toEqual([
      ['Buchungstag', 'date'],
      ['Empfänger', 'text'],
      ['Verwendungszweck', 'text'],
      ['Betrag', 'number'],
      ['Währung', 'text'],
    ]);
    const first = (await ws.preview('left', { offset: 1, limit: 1 })).items[0];
    expect(first).toMatchObject({ Buchungstag: '2026-02-02', Verwendungszweck: 'RE-2026-00001' });
    expect(Number(first.Betrag)).toBeCloseTo(-79.19, 6);
  });

  it('a workbook whose sheet converts but does not load leaves no file in the workspace', async () => {
    const ws = await sb.workspace('converted-then-failed');
    // The sheet converts to CSV; skipping more lines than it has leaves no records, so the load fails after conversion.
    await expect(ws.addSourceFromPath('left', STATEMENT, { skip_top: 10_000 })).rejects.toBeInstanceOf(ReconError);
    expect(readdirSync(join(sb.dir, 'converted-then-failed', 'sources'))).toEqual([]);
  });

  it('reads the sheet the user picks, and names the sheets when the pick does not exist', async () => {
    const ws = await sb.workspace('picked-sheet');
    const info = await ws.addSourceFromPath('left', STATEMENT, { sheet: 'Übersicht' });
    expect(info.sheet?.name).toBe('Übersicht');
    expect(info.columns.map((c) => c.name)).toEqual(['Kontoinhaber', 'Muster GmbH']);
    const error = await ws.addSourceFromPath('right', STATEMENT, { sheet: 'Juli' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReconError);
    expect((error as ReconError).message).toMatch(/no sheet “Juli”; its sheets are “Übersicht”, “Umsätze”/);
    // Nothing is left behind by the failed conversion: only the picked sheet's copy.
    expect(readdirSync(join(sb.dir, 'picked-sheet', 'sources')).filter((f) => f.startsWith('right-'))).toEqual([]);
  });

  it('says a file named .xlsx that is no workbook is not an Excel file', async () => {
    const ws = await sb.workspace('fake');
    const path = sb.file('statement.xlsx', 'Date,Amount\n2026-01-01,10.00\n');
    const error = (await ws.addSourceFromPath('left', path).catch((e: unknown) => e)) as ReconError;
    expect(error.code).toBe('binary_file');
    expect(error.message).toMatch(/is not an Excel file/);
  });

  it('streams a larger workbook written by a streaming writer', async () => {
    const ws = await sb.workspace('large');
    const path = join(sb.dir, 'large.xlsx');
    await writeStatementXlsx(path, 20_000, { streaming: true });
    const info = await ws.addSourceFromPath('left', path);
    expect(info.row_count).toBe(20_000);
    expect(info.columns.find((c) => c.name === 'Betrag')?.type).toBe('number');
  });

  it.each([
    ['inline strings', false],
    ['shared strings', true],
  ])('keeps umlauts whole across the stream’s chunk boundaries (%s)', async (_label, useSharedStrings) => {
    // exceljs decoded each chunk of a part on its own: a character split by a chunk boundary became
    // U+FFFD ("Gr\uFFFDe"), 2 of them in this sheet with inline strings, 15 with shared strings.
    const path = join(sb.dir, `umlauts-${useSharedStrings}.xlsx`);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings });
    const sheet = wb.addWorksheet('Umsätze');
    sheet.addRow(['Referenz', 'Text']).commit();
    for (let i = 0; i < 5000; i++) sheet.addRow([`RE-${i}`, `Überweisung Müller Straße Nr. ${i} – Größe ÄÖÜ äöü ß €`]).commit();
    sheet.commit();
    await wb.commit();
    const csv = `${path}.csv`;
    await xlsxToCsv(path, csv, undefined);
    const lines = readFileSync(csv, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(5001);
    expect(lines.filter((l, i) => i > 0 && l !== `RE-${i - 1},Überweisung Müller Straße Nr. ${i - 1} – Größe ÄÖÜ äöü ß €`)).toEqual([]);
  });
});
