/**
 * Minimal XLSX (SpreadsheetML) writer: one sheet per table, inline strings,
 * numbers as numbers. No timestamps anywhere, so identical content gives an
 * identical file.
 */
import { buildZip, type ZipEntry } from './zip';

export type Cell = string | number | bigint | boolean | null;

export interface SheetSource {
  name: string;
  columns: string[];
  rows: AsyncIterable<Cell[]>;
}

/** Excel's hard limit minus the header row. */
export const XLSX_MAX_ROWS = 1_048_575;

const INVALID_XML = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function xml(text: string): string {
  return text.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function cell(value: Cell): string {
  if (value === null || value === undefined) return '<c/>';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c><v>${value}</v></c>` : '<c/>';
  if (typeof value === 'bigint') return `<c><v>${value.toString()}</v></c>`;
  if (typeof value === 'boolean') return `<c t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c t="inlineStr"><is><t xml:space="preserve">${xml(value)}</t></is></c>`;
}

function row(values: Cell[]): string {
  return `<row>${values.map(cell).join('')}</row>`;
}

export function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet';
}

export async function buildXlsx(sheets: SheetSource[]): Promise<{ data: Buffer; truncated: string[] }> {
  const truncated: string[] = [];
  const entries: ZipEntry[] = [];
  const sheetEntries: ZipEntry[] = [];
  for (const [i, sheet] of sheets.entries()) {
    const parts: string[] = [
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
      row(sheet.columns),
    ];
    let count = 0;
    for await (const values of sheet.rows) {
      if (count >= XLSX_MAX_ROWS) {
        truncated.push(sheet.name);
        break;
      }
      parts.push(row(values));
      count++;
    }
    parts.push('</sheetData></worksheet>');
    sheetEntries.push({ name: `xl/worksheets/sheet${i + 1}.xml`, data: Buffer.from(parts.join(''), 'utf8') });
  }
  const sheetList = sheets.map((s, i) => `<sheet name="${xml(sheetName(s.name))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  const rels = sheets
    .map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
    .join('');
  const overrides = sheets
    .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
    .join('');
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  entries.push(
    {
      name: '[Content_Types].xml',
      data: Buffer.from(`${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(`${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(`${head}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheetList}</sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(`${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`),
    },
    {
      name: 'xl/styles.xml',
      data: Buffer.from(`${head}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="1"><xf/></cellXfs></styleSheet>`),
    },
    ...sheetEntries,
  );
  return { data: buildZip(entries), truncated };
}
