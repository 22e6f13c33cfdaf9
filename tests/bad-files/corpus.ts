/**
 * A corpus of bad, odd and hostile input files with the outcome each must have, run through the
 * upload path and `kalla recon` by tests/reconcile/engine/bad-files.test.ts. Write the files to a folder with
 * `npx tsx tests/bad-files/corpus.ts DIR`.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeStatementXlsx } from '../helpers/xlsx-statement';

export interface BadFile {
  name: string;
  bytes: Buffer | (() => Promise<Buffer>);
  /** loads: with this many rows (and optional checks); error: with this code and a message saying what to do. */
  expect: { loads: true; rows: number; notice?: string; column?: { name: string; type: string; format?: string } } | { loads: false; code: string; message: RegExp };
}

const rows = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));
const lines = (header: string, body: string[], eol = '\n') => Buffer.from(`${[header, ...body].join(eol)}${eol}`);
const plain = (n = 20) => lines('ref,amount,date', rows(n, (i) => `INV-${i},${(i + 1) * 10}.50,2026-01-${String((i % 28) + 1).padStart(2, '0')}`));

export const BAD_FILES: BadFile[] = [
  // ── Loads (maybe with notices) ──
  { name: 'plain.csv', bytes: plain(), expect: { loads: true, rows: 20 } },
  { name: 'preamble-de.csv', bytes: Buffer.from(`\ufeffKontoinhaber;Muster GmbH\r\nIBAN;DE12\r\n\r\nBuchungstag;Betrag;Text\r\n${rows(10, (i) => `0${(i % 9) + 1}.01.2026;1.234,5${i};RE ${i}`).join('\r\n')}\r\nKontostand am 31.01.2026;9.999,00;\r\n`), expect: { loads: true, rows: 10, notice: 'skipped_top', column: { name: 'Betrag', type: 'number', format: 'eu' } } },
  { name: 'trailer-total.csv', bytes: Buffer.concat([plain(10), Buffer.from('Total,105.00,\n')]), expect: { loads: true, rows: 10, notice: 'skipped_bottom' } },
  { name: 'mixed-crlf-lf.csv', bytes: Buffer.from(`ref,amount\r\n${rows(10, (i) => `A${i},${i}.00`).join(`${'\r\n'}`)}\nB1,1.00\nB2,2.00\r\n`), expect: { loads: true, rows: 12, notice: 'mixed_line_endings' } },
  { name: 'utf8-bom.csv', bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain()]), expect: { loads: true, rows: 20 } },
  { name: 'utf16le-bom.csv', bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(plain().toString('utf8'), 'utf16le')]), expect: { loads: true, rows: 20, notice: 'transcoded' } },
  { name: 'windows-1252.csv', bytes: Buffer.from('name;amount\nM\xfcller;1,50\nB\xe4cker;2,50\n', 'latin1'), expect: { loads: true, rows: 2, notice: 'transcoded' } },
  { name: 'ambiguous-1500-de.csv', bytes: lines('Datum;Betrag', rows(6, (i) => `1${i}.03.2026;1,500`)), expect: { loads: true, rows: 6, notice: 'decimal_comma', column: { name: 'Betrag', type: 'number', format: 'eu' } } },
  { name: 'one-na-amount.csv', bytes: lines('ref,amount', rows(20, (i) => `R${i},${i === 7 ? 'N/A' : `${i}.00`}`)), expect: { loads: true, rows: 20, notice: 'unparsed_values', column: { name: 'amount', type: 'number' } } },
  { name: 'huge-value.csv', bytes: lines('ref,amount', rows(20, (i) => `R${i},${i === 3 ? '1000000000000000000' : `${i}.00`}`)), expect: { loads: true, rows: 20, notice: 'unparsed_values', column: { name: 'amount', type: 'number' } } },
  { name: 'invalid-iso-date.csv', bytes: lines('ref,date', rows(20, (i) => `R${i},${i === 5 ? '2024-02-30' : `2024-02-${String(i + 1).padStart(2, '0')}`}`)), expect: { loads: true, rows: 20, notice: 'unparsed_values', column: { name: 'date', type: 'date' } } },
  { name: 'three-date-formats.csv', bytes: lines('ref,date', rows(12, (i) => `R${i},${['2024-03-1' + (i % 9), `1${i % 9}.03.2024`, `03/1${i % 9}/2024`][i % 3]}`)), expect: { loads: true, rows: 12, notice: 'mixed_date_formats' } },
  { name: 'tab.tsv', bytes: Buffer.from(plain().toString().replace(/,/g, '\t')), expect: { loads: true, rows: 20 } },
  { name: 'pipe.csv', bytes: Buffer.from(plain().toString().replace(/,/g, '|')), expect: { loads: true, rows: 20 } },
  { name: 'multiline-quoted.csv', bytes: lines('ref,text,amount', rows(5, (i) => `R${i},"line one\nline two, with comma",${i}.00`)), expect: { loads: true, rows: 5 } },
  { name: 'blank-lines-at-end.csv', bytes: Buffer.concat([plain(5), Buffer.from('\n\n\n')]), expect: { loads: true, rows: 5 } },
  { name: 'duplicate-headers.csv', bytes: lines('ref,amount,amount', ['A,1.00,2.00', 'B,3.00,4.00']), expect: { loads: true, rows: 2, notice: 'renamed_column' } },
  { name: 'blank-header.csv', bytes: lines('ref,,amount', ['A,x,1.00', 'B,y,2.00']), expect: { loads: true, rows: 2, notice: 'renamed_column' } },
  { name: 'parentheses-negatives.csv', bytes: lines('Date,Amount', rows(5, (i) => `01/0${i + 1}/2026,"($1,23${i}.50)"`)), expect: { loads: true, rows: 5, column: { name: 'Amount', type: 'number', format: 'us' } } },
  { name: 'yyyymmdd.csv', bytes: lines('Datum,Bedrag', rows(5, (i) => `2026010${i + 1},"1${i},00"`)), expect: { loads: true, rows: 5, column: { name: 'Datum', type: 'date', format: '%Y%m%d' } } },
  { name: 'debit-credit.csv', bytes: lines('Date,Description,Paid out,Paid in', rows(6, (i) => `0${i + 1}/02/2026,X,${i % 2 ? '' : '10.00'},${i % 2 ? '5.00' : ''}`)), expect: { loads: true, rows: 6, notice: 'derived_signed_amount' } },
  { name: 'leading-zero-ids.csv', bytes: lines('id,amount', ['00042,1.00', '00043,2.00']), expect: { loads: true, rows: 2, column: { name: 'id', type: 'text' } } },
  { name: 'wide-500-columns.csv', bytes: lines(rows(500, (i) => `c${i}`).join(','), rows(20, (r) => rows(500, (i) => String(r * i)).join(','))), expect: { loads: true, rows: 20 } },
  { name: 'statement.xlsx', bytes: async () => xlsxBytes(), expect: { loads: true, rows: 12, notice: 'xlsx_sheet' } },
  { name: 'gzip.csv.gz', bytes: gzipSync(plain()), expect: { loads: true, rows: 20, notice: 'decompressed' } },
  { name: 'header-only.csv', bytes: Buffer.from('ref,amount\n'), expect: { loads: true, rows: 0 } },
  { name: 'quotes-in-names.csv', bytes: lines('"a ""b""",amount', ['x,1.00']), expect: { loads: true, rows: 1 } },
  { name: 'sql-in-header.csv', bytes: lines('"x""; DROP TABLE t; --",amount', ['x,1.00']), expect: { loads: true, rows: 1 } },
  { name: 'formula-values.csv', bytes: lines('ref,amount', ['=HYPERLINK("http://x"),1.00', '+cmd|calc,2.00']), expect: { loads: true, rows: 2 } },
  // ── Refused, with the way out ──
  { name: 'empty.csv', bytes: Buffer.alloc(0), expect: { loads: false, code: 'empty_file', message: /empty/ } },
  { name: 'whitespace.csv', bytes: Buffer.from('   \n\n  \t\n'), expect: { loads: false, code: 'empty_file', message: /empty/ } },
  { name: 'png-renamed.csv', bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR')]), expect: { loads: false, code: 'binary_file', message: /PNG image/ } },
  { name: 'pdf-renamed.csv', bytes: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n', 'latin1'), expect: { loads: false, code: 'binary_file', message: /PDF document/ } },
  { name: 'fake.xlsx', bytes: plain(), expect: { loads: false, code: 'binary_file', message: /not an Excel file/ } },
  { name: 'old-excel.xls', bytes: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]), expect: { loads: false, code: 'binary_file', message: /\.xls.*save it as \.xlsx/ } },
  { name: 'zip-not-workbook.csv', bytes: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60)]), expect: { loads: false, code: 'binary_file', message: /Excel/ } },
  { name: 'elf-binary.csv', bytes: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]), expect: { loads: false, code: 'binary_file', message: /program/ } },
  { name: 'nul-in-text.csv', bytes: Buffer.from('ref,amount\nA,1.00\nB\0,2.00\n'), expect: { loads: false, code: 'binary_file', message: /NUL|not a text file/ } },
  { name: 'not-1252-either.csv', bytes: Buffer.from('ref,amount\nA\x81,1.00\n', 'latin1'), expect: { loads: false, code: 'invalid_encoding', message: /Windows-1252|encoding/ } },
  { name: 'bad-utf8-after-sample.csv', bytes: Buffer.concat([lines('ref,amount', rows(20_000, (i) => `REF-${String(i).padStart(6, '0')},${i}.00`)), Buffer.from([0x41, 0xc3, 0x28, 0x2c, 0x31, 0x0a])]), expect: { loads: false, code: 'invalid_encoding', message: /UTF-8|Windows-1252/ } },
  { name: 'ragged.csv', bytes: lines('ref,amount,date', ['A,1.00,2026-01-01', 'B,2.00', 'C,3.00,2026-01-03']), expect: { loads: false, code: 'ragged_rows', message: /malformed line/ } },
  { name: 'no-header.csv', bytes: lines('A,1.00,2026-01-01', ['B,2.00,2026-01-02']), expect: { loads: false, code: 'no_header', message: /looks like data/ } },
  { name: 'no-newline-300k.csv', bytes: Buffer.from('x,'.repeat(150_000)), expect: { loads: false, code: 'empty_file', message: /no line break/ } },
  // Wider than the engine reads: refused by name (it ran out of memory, with advice that could not help).
  { name: 'too-wide-20k.csv', bytes: lines(Array.from({ length: 20_000 }, (_, i) => `c${i}`).join(','), [Array.from({ length: 20_000 }, (_, i) => String(i)).join(',')]), expect: { loads: false, code: 'too_many_columns', message: /too-wide-20k\.csv.? has 20,000 columns; Kalla reads tables of up to 10,000/ } },
];

let xlsxCache: Buffer | null = null;
async function xlsxBytes(): Promise<Buffer> {
  if (xlsxCache) return xlsxCache;
  const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'bad-xlsx-'));
  await writeStatementXlsx(join(dir, 's.xlsx'), 12);
  xlsxCache = readFileSync(join(dir, 's.xlsx'));
  rmSync(dir, { recursive: true, force: true });
  return xlsxCache;
}

export const bytesOf = async (f: BadFile): Promise<Buffer> => (typeof f.bytes === 'function' ? f.bytes() : f.bytes);

if (process.argv[1]?.endsWith('corpus.ts') && process.argv[2]) {
  const dir = process.argv[2];
  mkdirSync(dir, { recursive: true });
  for (const f of BAD_FILES) writeFileSync(join(dir, f.name), await bytesOf(f));
  console.log(`wrote ${BAD_FILES.length} files to ${dir}`);
}
