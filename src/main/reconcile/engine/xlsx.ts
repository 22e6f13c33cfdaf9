/**
 * Minimal XLSX (SpreadsheetML) writer: one sheet per table, inline strings,
 * numbers as numbers. No timestamps anywhere, so identical content gives an
 * identical file. Sheet rows are streamed into deflated temp files, so memory
 * stays flat however many rows there are.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeflatingFile, deflateEntry, writeZip, type DeflatedEntry } from './zip';

export type Cell = string | number | bigint | boolean | null;

/** A sheet: its header, then its rows as values (`rows`), or written as row XML by `renderRows`. */
export type SheetSource = {
  name: string;
  columns: string[];
} & (
  | { rows: AsyncIterable<Cell[]> }
  /**
   * Writes the sheet's `<row>` elements, each ended by 0x01, from row 2 on, into the file `path` (export.ts:
   * DuckDB's COPY, see xlsx-rows-sql.ts); resolves to whether the sheet was cut at XLSX_MAX_ROWS.
   * Bytes 0x01 in the file are dropped (withoutQuoteBytes).
   */
  | { renderRows: (path: string) => Promise<boolean> }
);

/** Excel's hard limit minus the header row. */
export const XLSX_MAX_ROWS = 1_048_575;

const INVALID_XML = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function xml(text: string): string {
  return text.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * Rows and cells carry their references (r="2", r="B2"). Excel infers them when absent, but
 * stricter readers do not: exceljs refused the workbook with "Invalid row number in model".
 */
function cell(value: Cell, ref: string): string {
  if (value === null || value === undefined) return `<c r="${ref}"/>`;
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}"/>`;
  if (typeof value === 'bigint') return `<c r="${ref}"><v>${value.toString()}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(value)}</t></is></c>`;
}

function row(values: Cell[], rowNumber: number): string {
  return `<row r="${rowNumber}">${values.map((v, i) => cell(v, `${columnLetters(i)}${rowNumber}`)).join('')}</row>`;
}

/**
 * The chunk without its 0x01 bytes. The rows' COPY (xlsx-rows-sql.ts) ends each row with 0x01 and
 * quotes a value holding `#` (DuckDB does, as in `&#10;`, whatever the options say) with 0x01; sheet
 * XML holds no U+0001, so without them the sheet is the bytes the JavaScript writer writes.
 */
export function withoutQuoteBytes(chunk: Buffer): Buffer {
  let at = chunk.indexOf(0x01);
  if (at < 0) return chunk;
  const parts: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    if (at > from) parts.push(chunk.subarray(from, at));
    from = at + 1;
    at = chunk.indexOf(0x01, from);
  }
  if (from < chunk.length) parts.push(chunk.subarray(from));
  return Buffer.concat(parts);
}

export function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet';
}

export async function writeXlsx(target: string, sheets: SheetSource[]): Promise<{ truncated: string[] }> {
  const truncated: string[] = [];
  const scratch = await mkdtemp(join(tmpdir(), 'kalla-xlsx-'));
  try {
    const sheetEntries: DeflatedEntry[] = [];
    for (const [i, sheet] of sheets.entries()) {
      const file = new DeflatingFile(join(scratch, `sheet${i + 1}.xml.deflate`));
      await file.write('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
      await file.write(row(sheet.columns, 1));
      if ('renderRows' in sheet) {
        const rowsPath = join(scratch, `sheet${i + 1}.rows.xml`);
        if (await sheet.renderRows(rowsPath)) truncated.push(sheet.name);
        for await (const chunk of createReadStream(rowsPath, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) await file.writeBytes(withoutQuoteBytes(chunk));
        await rm(rowsPath, { force: true });
      } else {
        let count = 0;
        let batch: string[] = [];
        for await (const values of sheet.rows) {
          if (count >= XLSX_MAX_ROWS) {
            truncated.push(sheet.name);
            break;
          }
          count++;
          batch.push(row(values, count + 1));
          if (batch.length === 2000) {
            await file.write(batch.join(''));
            batch = [];
          }
        }
        if (batch.length > 0) await file.write(batch.join(''));
      }
      await file.write('</sheetData></worksheet>');
      sheetEntries.push(await file.finish(`xl/worksheets/sheet${i + 1}.xml`));
    }
    await writeZip(target, [...packageParts(sheets), ...sheetEntries]);
    return { truncated };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function packageParts(sheets: SheetSource[]): DeflatedEntry[] {
  const sheetList = sheets.map((s, i) => `<sheet name="${xml(sheetName(s.name))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  const rels = sheets
    .map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
    .join('');
  const overrides = sheets
    .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
    .join('');
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const part = (name: string, text: string) => deflateEntry(name, Buffer.from(head + text, 'utf8'));
  return [
    part('[Content_Types].xml', `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`),
    part('_rels/.rels', `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    part('xl/workbook.xml', `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheetList}</sheets></workbook>`),
    part('xl/_rels/workbook.xml.rels', `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`),
    part('xl/styles.xml', `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="1"><xf/></cellXfs></styleSheet>`),
  ];
}
