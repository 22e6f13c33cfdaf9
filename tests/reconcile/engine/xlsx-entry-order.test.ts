/**
 * A workbook is read the same whatever order its ZIP stores the parts in (exceljs#3064). exceljs'
 * single-pass reader parsed a sheet before `xl/workbook.xml` (crash, seen in CI on a valid workbook)
 * or before `xl/styles.xml` (dates silently read as numbers). Each workbook here is a valid one
 * whose parts were stored again in an adversarial order; its CSV must be byte for byte the one of
 * the order the writer chose, with the dates as dates.
 */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReconError } from '../../../src/main/errors';
import { xlsxToCsv } from '../../../src/main/reconcile/engine/xlsx-import';
import { deflateEntry, readZipEntries, writeZip } from '../../../src/main/reconcile/engine/zip';
import { writeStatementXlsx } from '../../helpers/xlsx-statement';
import { sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
let statement: string;
beforeAll(async () => {
  sb = sandbox();
  statement = join(sb.dir, 'statement.xlsx');
  await writeStatementXlsx(statement, 12);
});
afterAll(() => sb.cleanup());

const WORKBOOK = 'xl/workbook.xml';
const RELS = 'xl/_rels/workbook.xml.rels';
const SHARED = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';
const SHEET1 = 'xl/worksheets/sheet1.xml';
const SHEET2 = 'xl/worksheets/sheet2.xml';

/** The workbook's parts stored again: `first` in that order, then the others in the writer's order, then `last`. */
async function restored(source: string, name: string, first: string[], last: string[] = []): Promise<string> {
  const parts = readZipEntries(readFileSync(source));
  for (const n of [...first, ...last]) expect(parts.has(n), n).toBe(true);
  const middle = [...parts.keys()].filter((n) => !n.endsWith('/') && !first.includes(n) && !last.includes(n));
  const target = join(sb.dir, name);
  await writeZip(target, [...first, ...middle, ...last].map((n) => deflateEntry(n, parts.get(n)!)));
  return target;
}

async function csv(path: string, sheet?: string): Promise<{ text: string; sheet: string; sheets: string[]; rows: number }> {
  const target = `${path}.${sheet ?? 'auto'}.csv`;
  const result = await xlsxToCsv(path, target, sheet);
  return { text: readFileSync(target, 'utf8'), sheet: result.sheet, sheets: result.sheets, rows: result.rows };
}

/** The statement's first booking, with its date read as a date: what a number-typed read loses. */
const FIRST_BOOKING = '2026-01-01,Partner 0,RE-2026-00000,0,EUR';

describe('xlsx entry order', () => {
  it('the writer’s own order reads the bookings with dates (the reference for the others)', async () => {
    const reference = await csv(statement);
    expect(reference.sheet).toBe('Umsätze');
    expect(reference.sheets).toEqual(['Übersicht', 'Umsätze']);
    expect(reference.text.split('\n')).toContain(FIRST_BOOKING);
  });

  it.each([
    ['the workbook part last, the shared strings first', [SHARED, '[Content_Types].xml', '_rels/.rels', RELS, STYLES], [WORKBOOK]],
    ['the styles after the sheets', ['[Content_Types].xml', '_rels/.rels', WORKBOOK, RELS, SHARED, SHEET1, SHEET2, STYLES], []],
    ['both: the shared strings first, the styles after the sheets, the workbook part last', [SHARED, RELS, SHEET1, SHEET2, STYLES], [WORKBOOK]],
    ['the chosen sheet first, before every other part', [SHEET2, '[Content_Types].xml', RELS, SHARED, SHEET1, STYLES], [WORKBOOK]],
  ])('%s: same sheet, same rows, dates still dates', async (label, first, last) => {
    const reference = await csv(statement);
    const path = await restored(statement, `${label.replace(/\W+/g, '-')}.xlsx`, first, last);
    const read = await csv(path);
    expect(read).toEqual(reference);
    expect(read.text.split('\n')).toContain(FIRST_BOOKING);
    // Picked by name, too.
    expect(await csv(path, 'Umsätze')).toEqual(await csv(statement, 'Umsätze'));
  });

  it('through the workspace: Buchungstag stays a date column in the adversarial order', async () => {
    const path = await restored(statement, 'workspace-order.xlsx', [SHEET2, SHARED, RELS, SHEET1, STYLES], [WORKBOOK]);
    const ws = await sb.workspace('order');
    const info = await ws.addSourceFromPath('left', path);
    expect(info.sheet).toEqual({ name: 'Umsätze', sheets: ['Übersicht', 'Umsätze'] });
    expect(info.row_count).toBe(12);
    expect(info.columns.find((c) => c.name === 'Buchungstag')?.type).toBe('date');
    const first = (await ws.preview('left', { offset: 0, limit: 1 })).items[0];
    expect(first).toMatchObject({ Buchungstag: '2026-01-01', Verwendungszweck: 'RE-2026-00000' });
    ws.close();
  });

  it('a workbook in the 1904 date system, stored in the adversarial order, keeps its dates', async () => {
    const wb = new ExcelJS.Workbook();
    wb.properties.date1904 = true;
    const sheet = wb.addWorksheet('Buchungen');
    sheet.addRow(['Buchungstag', 'Referenz', 'Betrag']);
    sheet.addRow([new Date(Date.UTC(2026, 0, 15)), 'RE-1', 10.5]);
    sheet.addRow([new Date(Date.UTC(2026, 11, 31)), 'RE-2', -3]);
    const written = join(sb.dir, 'date1904.xlsx');
    await wb.xlsx.writeFile(written);
    // The stored serial of 2026-01-15 is the 1904 one, 44575 (46037 in the 1900 system): read without
    // the workbook part’s date1904, it would be 2022-01-14.
    const stored = readZipEntries(readFileSync(written));
    expect(stored.get(WORKBOOK)!.toString()).toMatch(/date1904="1"/);
    expect(stored.get(SHEET1)!.toString()).toMatch(/<v>44575<\/v>/);
    const path = await restored(written, 'date1904-order.xlsx', [SHARED, RELS, SHEET1, STYLES], [WORKBOOK]);
    const read = await csv(path);
    expect(read).toEqual(await csv(written));
    expect(read.text).toBe('Buchungstag,Referenz,Betrag\n2026-01-15,RE-1,10.5\n2026-12-31,RE-2,-3\n');
  });

  it('a workbook without its workbook part is refused as unreadable, naming what is missing', async () => {
    const parts = readZipEntries(readFileSync(statement));
    const path = join(sb.dir, 'no-workbook.xlsx');
    await writeZip(path, [...parts.keys()].filter((n) => n !== WORKBOOK && !n.endsWith('/')).map((n) => deflateEntry(n, parts.get(n)!)));
    const error = (await xlsxToCsv(path, `${path}.csv`, undefined).catch((e: unknown) => e)) as ReconError;
    expect(error).toBeInstanceOf(ReconError);
    expect(error.code).toBe('binary_file');
    expect(error.message).toMatch(/is not an Excel workbook that can be read \(it has no xl\/workbook\.xml\)/);
  });
});
