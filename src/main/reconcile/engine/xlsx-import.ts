/**
 * Excel (.xlsx) sources: one sheet of the workbook is streamed (row by row, never the whole workbook
 * in memory, awaiting between rows so the main process keeps answering) into a plain CSV in the
 * workspace, which is then read like any CSV — same header, preamble and summary detection. One CSV
 * line per sheet row (empty rows kept), so "line N" is Excel's row N.
 *
 * The parts are found through the ZIP's central directory (zip.ts readZipDirectory), not in the order
 * they are stored: first the workbook's relationships, `xl/workbook.xml` (sheet names, visibility,
 * date system), the shared strings and `xl/styles.xml` (number formats: which numbers are dates),
 * then each worksheet in the workbook's tab order, streamed on its own. exceljs' own WorkbookReader
 * reads the ZIP in one pass in stored order and could parse a sheet before the workbook part (crash,
 * "Cannot read properties of undefined (reading 'sheets')") or before the styles (dates silently
 * read as numbers): exceljs#3064, seen in CI. Its part and sheet parsers are still the ones used,
 * driven in this order (exceljs is pinned to 4.4.0 in package.json: these are its internal methods).
 *
 * Why exceljs: the `xlsx` (SheetJS) package on npm stopped at 0.18.5 (2022) with known advisories;
 * SheetJS now ships from its own CDN, outside the npm registry this project installs from. exceljs
 * is maintained on npm, MIT, and has a streaming reader. Legacy .xls (OLE2) is not read by either
 * in a maintained form: such files get a clear "save as .xlsx or CSV" error (file-sniff.ts).
 */
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { ReconError } from '../../errors';
import { openZipMember, readZipDirectory, type ZipMember } from './zip';

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
  /** The CSV written; null for a hidden sheet only looked into (`rows` is then 0 or 1). */
  file: string | null;
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

interface Relationship {
  Id: string;
  Type?: string;
  Target: string;
  TargetMode?: string;
}

interface WorkbookSheet {
  id: number;
  name: string;
  state?: string;
  rId: string;
}

/** A worksheet as exceljs' WorksheetReader streams it: rows, in order. */
type SheetRows = AsyncIterable<ExcelJS.Row> & { name: string; state?: string; id: number | string };

/**
 * exceljs 4.4.0's WorkbookReader, used for its part parsers only (never its single-pass `parse`):
 * each takes a stream of one part, and the worksheet reader reads the styles, shared strings and
 * date system the earlier parts left on the reader.
 */
interface PartParsers {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: SheetRows }>;
  workbookRels?: Relationship[];
  model?: { sheets?: WorkbookSheet[] };
}

const WORKBOOK_PART = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';

/** A relationship's target as a ZIP member name, relative to the workbook part's folder ("/x" is from the root). */
function partName(target: string): string {
  return target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(posix.dirname(WORKBOOK_PART), target));
}

/**
 * A part as text, decoded here as one stream: exceljs decodes each chunk on its own, which turned a
 * character whose UTF-8 bytes a chunk boundary split into "\uFFFD" (seen with umlauts in long sheets).
 */
async function openPart(path: string, member: ZipMember, opened: Readable[]): Promise<Readable> {
  const stream = await openZipMember(path, member);
  opened.push(stream);
  return stream.setEncoding('utf8');
}

/** The workbook's sheets in tab order, each with its ZIP member (a sheet the workbook names but the file lacks is left out). */
interface WorkbookLayout {
  sheets: { name: string; hidden: boolean; member: ZipMember }[];
}

/**
 * Opens the workbook: reads its relationships, workbook part, shared strings and styles — each
 * through the central directory, whatever their order in the file — into `parsers`.
 */
async function readWorkbookParts(path: string, members: Map<string, ZipMember>, parsers: PartParsers, opened: Readable[]): Promise<WorkbookLayout> {
  const part = async (name: string): Promise<Readable | null> => {
    const member = members.get(name);
    if (!member) return null;
    return openPart(path, member, opened);
  };
  const required = async (name: string): Promise<Readable> => {
    const stream = await part(name);
    if (!stream) throw new Error(`it has no ${name}`);
    return stream;
  };
  await parsers._parseRels(await required(WORKBOOK_RELS));
  await parsers._parseWorkbook(await required(WORKBOOK_PART));
  const relationships = parsers.workbookRels ?? [];
  const ofType = (type: string, fallback: string) => {
    const rel = relationships.find((r) => r.Type?.endsWith(`/${type}`) && r.TargetMode !== 'External');
    return rel ? partName(rel.Target) : fallback;
  };
  const sharedStrings = await part(ofType('sharedStrings', 'xl/sharedStrings.xml'));
  // Cached on the reader as they are parsed ('cache'): the generator yields nothing.
  if (sharedStrings) for await (const _ of parsers._parseSharedStrings(sharedStrings));
  const styles = await part(ofType('styles', 'xl/styles.xml'));
  if (styles) await parsers._parseStyles(styles);
  const sheets: WorkbookLayout['sheets'] = [];
  for (const sheet of parsers.model?.sheets ?? []) {
    const rel = relationships.find((r) => r.Id === sheet.rId);
    // Chart sheets and dialog sheets have no rows; a sheet whose part is missing cannot be read.
    if (!rel || (rel.Type !== undefined && !rel.Type.endsWith('/worksheet'))) continue;
    const member = members.get(partName(rel.Target));
    if (member) sheets.push({ name: sheet.name, hidden: sheet.state === 'hidden' || sheet.state === 'veryHidden', member });
  }
  return { sheets };
}

/**
 * Writes one sheet as CSV to `target`: the one picked by name, else the visible sheet that is most
 * a table (most rows with two or more filled cells; then most rows). A hidden sheet is never read
 * unless picked by name: a workbook whose data is only on hidden sheets is refused, naming them.
 * A sheet picked by name is the only one streamed. Otherwise every sheet is, in tab order, each
 * visible one to its own file, and only the chosen one is kept.
 */
export async function xlsxToCsv(path: string, target: string, sheet: string | undefined, signal?: AbortSignal): Promise<XlsxConversion> {
  const sheets: string[] = [];
  const written: SheetRead[] = [];
  const hidden: string[] = [];
  const opened: Readable[] = [];
  const options = { sharedStrings: 'cache', worksheets: 'emit', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' } as const;
  try {
    const members = await readZipDirectory(path);
    // Imported here, not at the top: exceljs is 235 modules, and only a workbook needs them.
    const { default: excel } = await import('exceljs');
    const parsers = new excel.stream.xlsx.WorkbookReader(path, options) as unknown as PartParsers;
    const layout = await readWorkbookParts(path, members, parsers, opened);
    for (const [index, part] of layout.sheets.entries()) {
      const { name } = part;
      sheets.push(name);
      if (part.hidden) hidden.push(name);
      if (sheet !== undefined && sheet !== name) continue;
      const stream = await openPart(path, part.member, opened);
      // The part's number (sheetN.xml) only names the reader; the name and state come from the workbook part.
      const ws = [...parsers._parseWorksheet(stream, /sheet(\d+)\.xml$/.exec(part.member.name)?.[1] ?? String(index + 1))][0].value;
      // A hidden sheet is only looked into (it is named when it alone has data), unless picked.
      const read: SheetRead = { name, file: sheet !== undefined || !part.hidden ? `${target}.sheet${index + 1}` : null, rows: 0, tableRows: 0, hidden: part.hidden };
      written.push(read);
      const out = read.file ? createWriteStream(read.file) : null;
      try {
        let last = 0;
        for await (const row of ws) {
          if (signal?.aborted) throw new ReconError('cancelled', 'reading the workbook was cancelled');
          read.rows++;
          // Whether a hidden sheet has data is all that is needed of it.
          if (!out) break;
          const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
          if (values.filter((v) => v.trim() !== '').length >= 2) read.tableRows++;
          const line = `${'\n'.repeat(Math.max(0, row.number - last - 1))}${values.map(csvField).join(',')}\n`;
          last = row.number;
          if (!out.write(line)) await once(out, 'drain');
        }
      } finally {
        if (out) {
          out.end();
          await once(out, 'close');
        }
      }
    }
  } catch (error) {
    await Promise.all(written.map((w) => (w.file ? rm(w.file, { force: true }) : undefined)));
    if (error instanceof ReconError) throw error;
    throw new ReconError('binary_file', `${path} is not an Excel workbook that can be read (${(error as Error).message}); open it in Excel and save it as .xlsx or CSV`, { path, kind: 'xlsx' });
  } finally {
    for (const stream of opened) stream.destroy();
  }
  if (sheet !== undefined && written.length === 0) {
    throw new ReconError('not_found', `${path} has no sheet “${sheet}”; its sheets are ${sheets.map((s) => `“${s}”`).join(', ')}`, { path, sheets });
  }
  const better = (w: SheetRead, best: SheetRead) => (w.tableRows !== best.tableRows ? w.tableRows > best.tableRows : w.rows > best.rows);
  // Every sheet picked by name, and every visible one, was written to a file.
  const candidates = written.filter((w): w is SheetRead & { file: string } => w.file !== null);
  const pick = sheet !== undefined ? candidates[0] : candidates.filter((w) => !w.hidden && w.rows > 0).reduce<(typeof candidates)[number] | null>((best, w) => (!best || better(w, best) ? w : best), null);
  const removeFile = (w: SheetRead) => (w.file ? rm(w.file, { force: true }) : undefined);
  await Promise.all(written.filter((w) => w !== pick).map(removeFile));
  if (!pick || pick.rows === 0) {
    if (pick) await removeFile(pick);
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
