/**
 * A sheet's rows as SpreadsheetML, built by DuckDB instead of cell by cell in JavaScript. Reading a
 * 1M-row run's tables into JS values and writing each cell's XML there took ~23 s of the main
 * thread (string decoding, the XML escapes, garbage collection) of a 30 s XLSX export; DuckDB
 * builds the same rows on all cores and COPY writes them to a file, which the writer deflates.
 *
 * The rows read back as the JS writer's (xlsx.ts) do: the same references, inline strings, numbers
 * as numbers, booleans, empty cells for NULL and non-finite numbers, the characters XML cannot hold
 * removed. Line breaks in text are written as `&#10;`, since a row must stay one line of the file:
 * XML readers turn a raw CR LF or CR into LF, and so the JS writer's cells read back as LF too.
 */
import { columnLetters } from './xlsx';
import { ident, lit } from './sql';
import { WIDE_STATEMENT_COLUMNS } from './db';

/** Column types DuckDB hands to JS as plain values; a sheet with any other type is written by the JS path. */
const INTEGER = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT)$/;
const FLOATING = /^(FLOAT|DOUBLE)$/;
const TEXT = /^(VARCHAR|ENUM\(.*\))$/s;

/** Columns the XLSX export writes as numbers even when they are decimals (as export.ts's numericSql). */
export const XLSX_NUMERIC_COLUMNS = new Set(['amount_left', 'amount_right', 'amount_delta', 'recon_amount_delta']);

/** Characters XML 1.0 cannot hold (the JS writer's INVALID_XML, for valid UTF-8 text). */
const INVALID_XML_RE = '[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x{FFFE}\\x{FFFF}]';
/** Any character the escapes below change; most cells have none and are written as they are (half the time at 1M). */
const NEEDS_ESCAPE_RE = '[&<>"\\r\\n\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x{FFFE}\\x{FFFF}]';

function textXml(expr: string): string {
  // Invalid characters first, then & before the entities that contain it, then line breaks.
  let s = `regexp_replace(${expr}, ${lit(INVALID_XML_RE)}, '', 'g')`;
  for (const [from, to] of [['&', '&amp;'], ['<', '&lt;'], ['>', '&gt;'], ['"', '&quot;'], ['\r\n', '&#10;'], ['\r', '&#10;'], ['\n', '&#10;']] as const) {
    s = `replace(${s}, ${lit(from)}, ${lit(to)})`;
  }
  return `CASE WHEN regexp_matches(${expr}, ${lit(NEEDS_ESCAPE_RE)}) THEN ${s} ELSE ${expr} END`;
}

/**
 * JavaScript's `${n}` for a finite double. DuckDB writes the same shortest digits, but integral values
 * with ".0" (100.0) and values under 1e-4 in exponent form with two exponent digits (1e-05, 1.5e-07),
 * where JavaScript writes 0.00001 down to 1e-6 and 1.5e-7 below.
 */
function doubleText(x: string): string {
  const s = `CAST(${x} AS VARCHAR)`;
  const exponent = `CAST(split_part(${s}, 'e', 2) AS INTEGER)`;
  const mantissa = `split_part(${s}, 'e', 1)`;
  const small = `CASE WHEN ${exponent} >= -6 THEN concat(CASE WHEN ${x} < 0 THEN '-' END, '0.', repeat('0', -${exponent} - 1), replace(ltrim(${mantissa}, '-'), '.', ''))
    ELSE concat(${mantissa}, 'e-', CAST(-${exponent} AS VARCHAR)) END`;
  return `CASE WHEN ${x} = trunc(${x}) AND abs(${x}) < 1e21 THEN CAST(CAST(${x} AS HUGEINT) AS VARCHAR)
    WHEN abs(${x}) < 1e-4 AND contains(${s}, 'e-') THEN ${small} ELSE ${s} END`;
}

/**
 * SELECT of one VARCHAR per row, `<row r="N">…</row>`, in the table's order (its rowid, as it was
 * inserted), numbered from 2 (row 1 is the header), at most `maxRows` rows. Null when a column's
 * type is one this does not write (the caller then uses the JS writer for that sheet). One concat()
 * per cell and per row: chained || built every intermediate string.
 */
export function sheetRowsSql(table: string, columns: Array<{ name: string; type: string }>, maxRows: number, wide = columns.length > WIDE_STATEMENT_COLUMNS): string | null {
  const n = 't.kalla_xlsx_n';
  const cells: string[] = [];
  for (const [i, c] of columns.entries()) {
    if (wide && plainText(c)) {
      // Consecutive text columns of a wide sheet: one copy of the cell's XML in a lambda over their
      // values (zipped with their column letters) instead of one per column. Its two regular
      // expressions were compiled once per column while planning: 5.9 s CPU for the 10,000-column
      // matched sheet of a 5,000-column pair (issue 27). The same text, joined in column order.
      const run = textRunAt(columns, i);
      if (run > 1) {
        const letters = `[${Array.from({ length: run }, (_, k) => lit(columnLetters(i + k))).join(', ')}]`;
        const values = columns.slice(i, i + run).map((x) => `t.${ident(x.name)}`);
        // Zipped with the letters, not indexed into them: a lambda copies what it captures once per
        // element, and a captured list of 6,000 letters made the sheet quadratic (44 s CPU).
        const open = `'<c r="', kalla_xlsx_p[2], ${n}`;
        const cell = `CASE WHEN kalla_xlsx_p[1] IS NULL THEN concat(${open}, '"/>') ELSE concat(${open}, '" t="inlineStr"><is><t xml:space="preserve">', ${textXml('kalla_xlsx_p[1]')}, '</t></is></c>') END`;
        cells.push(`array_to_string(list_transform(list_zip([${values.join(', ')}], ${letters}), kalla_xlsx_p -> ${cell}), '')`);
      }
      if (run > 1 || (i > 0 && plainText(columns[i - 1]!))) continue; // a run's first column wrote it
    }
    const open = `'<c r="${columnLetters(i)}', ${n}`;
    const col = `t.${ident(c.name)}`;
    const empty = `concat(${open}, '"/>')`;
    if (XLSX_NUMERIC_COLUMNS.has(c.name) || FLOATING.test(c.type)) {
      const d = `CAST(${col} AS DOUBLE)`;
      cells.push(`CASE WHEN ${d} IS NULL OR NOT isfinite(${d}) THEN ${empty} ELSE concat(${open}, '"><v>', ${doubleText(d)}, '</v></c>') END`);
    } else if (INTEGER.test(c.type)) {
      cells.push(`CASE WHEN ${col} IS NULL THEN ${empty} ELSE concat(${open}, '"><v>', CAST(${col} AS VARCHAR), '</v></c>') END`);
    } else if (c.type === 'BOOLEAN') {
      cells.push(`CASE WHEN ${col} IS NULL THEN ${empty} ELSE concat(${open}, '" t="b"><v>', CASE WHEN ${col} THEN '1' ELSE '0' END, '</v></c>') END`);
    } else if (TEXT.test(c.type)) {
      cells.push(`CASE WHEN ${col} IS NULL THEN ${empty} ELSE concat(${open}, '" t="inlineStr"><is><t xml:space="preserve">', ${textXml(`CAST(${col} AS VARCHAR)`)}, '</t></is></c>') END`);
    } else return null;
  }
  return `SELECT concat('<row r="', ${n}, '">', ${[...cells, "'</row>'"].join(', ')}) AS x
    FROM (SELECT CAST(rowid + 2 AS VARCHAR) AS kalla_xlsx_n, * FROM ${table} WHERE rowid < ${maxRows}) t`;
}

/** A column written as an inline string from a VARCHAR (not one of the columns written as numbers whatever their type). */
const plainText = (c: { name: string; type: string }) => c.type === 'VARCHAR' && !XLSX_NUMERIC_COLUMNS.has(c.name);

/** How many plainText columns run from `i` when `i` starts a run (0 inside one, or when `i` is not one). */
function textRunAt(columns: Array<{ name: string; type: string }>, i: number): number {
  if (!plainText(columns[i]!) || (i > 0 && plainText(columns[i - 1]!))) return 0;
  let k = i;
  while (k < columns.length && plainText(columns[k]!)) k++;
  return k - i;
}

/**
 * COPY options that write each row's text as it is, ended by 0x01 instead of a line feed: one column
 * (no value holds the delimiter 0x02). DuckDB still quotes a value holding `#`, with the quote 0x01;
 * no sheet XML holds U+0001, so the writer drops every 0x01 byte (xlsx.ts, withoutQuoteBytes).
 */
export const ROWS_COPY_OPTIONS = `(FORMAT csv, HEADER false, QUOTE '\x01', ESCAPE '\x01', DELIMITER '\x02', NEW_LINE '\x01')`;
