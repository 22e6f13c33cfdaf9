/**
 * Excel (.xlsx) sources: the workbook is streamed with exceljs' WorkbookReader (row by row, never
 * the whole workbook in memory, awaiting between rows so the main process keeps answering) into a
 * plain CSV in the workspace, which is then read like any CSV — same header, preamble and summary
 * detection. One CSV line per sheet row (empty rows kept), so "line N" is Excel's row N.
 *
 * Why exceljs: the `xlsx` (SheetJS) package on npm stopped at 0.18.5 (2022) with known advisories;
 * SheetJS now ships from its own CDN, outside the npm registry this project installs from. exceljs
 * is maintained on npm, MIT, and has a streaming reader. Legacy .xls (OLE2) is not read by either
 * in a maintained form: such files get a clear "save as .xlsx or CSV" error (file-sniff.ts).
 */
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { ReconError } from '../../errors';

export const XLSX_EXTENSIONS = /\.(xlsx|xlsm)$/i;

/** A ZIP archive starts with "PK\x03\x04" (an .xlsx is one). */
export async function isZipFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(4);
    const { bytesRead } = await handle.read(buf, 0, 4, 0);
    return bytesRead === 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;
  } finally {
    await handle.close();
  }
}

export interface XlsxConversion {
  sheet: string;
  sheets: string[];
  rows: number;
  /** Sheets hidden in the workbook (never read unless picked by name). */
  hidden: string[];
  /** Why this sheet: picked by name, or the visible sheet with the most table rows. */
  reason: string;
}

interface SheetRead {
  name: string;
  file: string;
  rows: number;
  /** Rows with two or more filled cells: a table has many, a sheet of notes (one cell a row) few. */
  tableRows: number;
  hidden: boolean;
}

const csvField = (v: string) => (/[",\r\n]/.test(v) || v.trim() !== v ? `"${v.replace(/"/g, '""')}"` : v);

/** A cell as the text a CSV export of Excel would hold: ISO dates, plain numbers with ".", results of formulas. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // Control characters (vertical tabs from Excel line breaks) would make the CSV look binary.
  if (typeof value === 'string') return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ' ');
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('hyperlink' in value) return String((value as { text?: unknown }).text ?? value.hyperlink);
    if ('error' in value) return String(value.error);
  }
  return String(value as unknown as string);
}

/**
 * Writes one sheet as CSV to `target`: the one picked by name, else the visible sheet that is most
 * a table (most rows with two or more filled cells; then most rows). A hidden sheet is never read
 * unless picked by name: a workbook whose data is only on hidden sheets is refused, naming them.
 * Every sheet is streamed (the format allows no skipping); without a chosen sheet each goes to its
 * own file and only the chosen one is kept.
 */
export async function xlsxToCsv(path: string, target: string, sheet: string | undefined, signal?: AbortSignal): Promise<XlsxConversion> {
  const sheets: string[] = [];
  const written: SheetRead[] = [];
  const hidden: string[] = [];
  let reader: ExcelJS.stream.xlsx.WorkbookReader;
  try {
    reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { sharedStrings: 'cache', worksheets: 'emit', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
    for await (const ws of reader) {
      const name = (ws as unknown as { name: string }).name;
      const state = (ws as unknown as { state?: string }).state;
      const isHidden = state === 'hidden' || state === 'veryHidden';
      sheets.push(name);
      if (isHidden) hidden.push(name);
      const wanted = sheet === undefined || sheet === name;
      const file = `${target}.sheet${sheets.length}`;
      const out = wanted ? createWriteStream(file) : null;
      let rows = 0;
      let tableRows = 0;
      let last = 0;
      for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
        if (signal?.aborted) throw new ReconError('cancelled', 'reading the workbook was cancelled');
        if (!out) continue;
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
        if (values.filter((v) => v.trim() !== '').length >= 2) tableRows++;
        const line = `${'\n'.repeat(Math.max(0, row.number - last - 1))}${values.map(csvField).join(',')}\n`;
        last = row.number;
        rows++;
        if (!out.write(line)) await once(out, 'drain');
      }
      if (out) {
        out.end();
        await once(out, 'close');
        written.push({ name, file, rows, tableRows, hidden: isHidden });
      }
    }
  } catch (error) {
    await Promise.all(written.map((w) => rm(w.file, { force: true })));
    if (error instanceof ReconError) throw error;
    throw new ReconError('binary_file', `${path} is not an Excel workbook that can be read (${(error as Error).message}); open it in Excel and save it as .xlsx or CSV`, { path, kind: 'xlsx' });
  }
  if (sheet !== undefined && written.length === 0) {
    throw new ReconError('not_found', `${path} has no sheet “${sheet}”; its sheets are ${sheets.map((s) => `“${s}”`).join(', ')}`, { path, sheets });
  }
  const better = (w: SheetRead, best: SheetRead) => (w.tableRows !== best.tableRows ? w.tableRows > best.tableRows : w.rows > best.rows);
  const pick = sheet !== undefined ? written[0] : written.filter((w) => !w.hidden && w.rows > 0).reduce<SheetRead | null>((best, w) => (!best || better(w, best) ? w : best), null);
  await Promise.all(written.filter((w) => w !== pick).map((w) => rm(w.file, { force: true })));
  if (!pick || pick.rows === 0) {
    if (pick) await rm(pick.file, { force: true });
    const hiddenData = written.filter((w) => w.hidden && w.rows > 0).map((w) => `“${w.name}”`);
    if (hiddenData.length > 0) {
      throw new ReconError(
        'empty_file',
        `${path}: the visible sheets are empty; data is only on hidden sheet(s) ${hiddenData.join(', ')}, which are not read unless chosen: pick the sheet by name if it is the one to reconcile`,
        { path, sheets, hidden },
      );
    }
    throw new ReconError('empty_file', `${path}: the workbook's sheets are empty`, { path, sheets });
  }
  await rename(pick.file, target);
  const others = written.filter((w) => w !== pick && !w.hidden && w.rows > pick.rows).map((w) => `“${w.name}” has more rows but fewer table rows (${w.tableRows} of ${w.rows} with two or more cells)`);
  const reason =
    sheet !== undefined
      ? `picked by name${pick.hidden ? ' (it is hidden in the workbook)' : ''}`
      : `the visible sheet with the most table rows (${pick.tableRows} of ${pick.rows} with two or more cells)${others.length ? `; ${others.join('; ')}` : ''}`;
  return { sheet: pick.name, sheets, rows: pick.rows, hidden, reason };
}
