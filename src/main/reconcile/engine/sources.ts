/**
 * Loading a CSV-like file into the workspace: sniff → copy (or transcode) into
 * the workspace's sources/ folder → type detection on a sample in SQL → one
 * read_csv pass into the typed table data_<side> → typed view src_<side>.
 *
 * The typed table holds no original text: it is read again from the
 * workspace copy when needed (exports, re-typing, a failed sample). Storing it
 * cost a third of the load (1.45 s → 1.0 s per 1M-row file: DuckDB compresses
 * every string column it writes), and the copy makes the workspace
 * self-contained. The original file's SHA-256 is recorded so a later run can
 * tell when the file changed on disk.
 */
import { createHash, randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { ReadOptions } from '../../../shared/reconcile/recipe';
import type { ColumnTypePreview, ColumnTyping, Notice, Side, SkippedLine, SourceInfo } from '../../../shared/reconcile/sources-and-runs';
import { deriveColumnNames, detectDelimiter, detectHeader, firstRowIsData } from './csv-layout';
import { detectBottom, detectTop, hasMixedLineEndings, scanRecords, type RecordPos } from './read-layout';
import { findBalanceLines, findReportLines, findSummaryRecords, headingFills, reportSkipped } from './report-lines';
import { fileLine } from './source-lines';
import { readTail, writeTableCopy, type TableRange } from './table-copy';
import { plannedForWidth, WIDE_STATEMENT_COLUMNS, type Db } from './db';
import { ReconError } from '../../errors';
import { sniffFile, type Encoding, type SniffResult } from './file-sniff';
import { ident, lit } from './sql';
import { asciiDigits, hasNativeDigits, transcodeToUtf8 } from './transcode';
import { isZipFile, xlsxToCsv, XLSX_EXTENSIONS } from './xlsx-import';
import { bankStatementToCsv, BANK_TYPED_COLUMNS, detectBankFormat, readHead } from './bank-formats';
import { BANK_FORMAT_NAMES, type BankFormat } from './bank-row';
import { rowHashExpression } from './recipe-sql';
import { DETECTION_SAMPLE_ROWS, detectTypes, typedExpression, type ColumnOverride, type Detection, type FileHints } from './typing';

/** Workspaces from before the sources/ copies kept the original text in the data table, behind this view. */
const legacyRawView = (side: Side) => `raw_${side}`;
// The typed view and row columns are named in row-columns.ts; re-exported for the modules that import them here.
import { dataTable, ROW_HASH, ROW_ID, typedView } from './row-columns';
export { dataTable, ROW_HASH, ROW_ID, typedView };

export async function sha256File(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    if (signal?.aborted) throw new ReconError('cancelled', 'hashing was cancelled');
    hash.update(chunk);
  }
  return hash.digest('hex');
}

/**
 * How a load or re-typing is stopped: `check()` throws `cancelled` once a cancel was asked for;
 * `commit()` is the point of no return (checked once more, then the swap runs to its end).
 */
export interface LoadGuard {
  readonly signal: AbortSignal;
  check(): void;
  commit(): void;
}

export interface LoadContext {
  db: Db;
  workspaceDir: string;
  guard?: LoadGuard;
  /**
   * Folders whose files only the app writes and never changes afterwards (the workspace's
   * browser uploads): a file there is read in place, not copied into `sources/`. A 2 GB upload
   * was stored twice (uploads/ and sources/) before, plus the engine's tables: 5.2 GB (issue 27).
   */
  ownedDirs?: readonly string[];
}

const sourcesDir = (workspaceDir: string) => join(workspaceDir, 'sources');
/** A user's file name made safe to store: no folders, no leading dots, only [A-Za-z0-9._-]. */
export const safeName = (name: string) => basename(name).replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '') || 'source.csv';
/** Each load gets fresh file names, so a queued load never overwrites the file the current source reads. */
const copyName = (workspaceDir: string, side: Side, name: string) => join(sourcesDir(workspaceDir), `${side}-${randomUUID().slice(0, 8)}-${safeName(name)}`);

/** Bytes from the browser or a paste are written into the workspace first, then loaded like a file. */
export async function writeBytesSource(workspaceDir: string, side: Side, name: string, bytes: Uint8Array): Promise<string> {
  await mkdir(sourcesDir(workspaceDir), { recursive: true });
  const target = copyName(workspaceDir, side, name);
  await writeFile(target, bytes);
  return target;
}

/** Is this one of the workspace's own copies (safe to delete when the side no longer reads it)? */
export function isWorkspaceCopy(workspaceDir: string, path: string | undefined): path is string {
  return !!path && dirname(path) === sourcesDir(workspaceDir);
}

/** Everything read_csv needs to read a side's file again exactly as it was loaded. */
interface CsvRead {
  path: string;
  delimiter: string;
  header: boolean;
  compression: 'gzip' | 'none';
  names: string[];
  /** False: the file is read without quoting (read option quote: none). */
  quoted: boolean;
}

/** Transcoded copies are plain UTF-8; a gzip file stays gzip only when it was UTF-8 already. */
const copyCompression = (info: SourceInfo): 'gzip' | 'none' => info.read_compression ?? (info.compressed && info.encoding === 'utf-8' ? 'gzip' : 'none');

/** How a loaded source's workspace copy at `path` is read again. */
function storedRead(info: SourceInfo, path: string): CsvRead {
  return { path, delimiter: info.delimiter, header: info.has_header, compression: copyCompression(info), names: info.columns.filter((c) => !c.derived).map((c) => c.name), quoted: info.quote !== 'none' };
}

function readCsvSql(r: CsvRead, extra = ''): string {
  const columns = `{${r.names.map((n) => `${lit(n)}: 'VARCHAR'`).join(', ')}}`;
  const quote = r.quoted ? `'"'` : `''`;
  return `read_csv(${lit(r.path)}, delim = ${lit(r.delimiter)}, quote = ${quote}, escape = ${quote}, header = ${r.header}, auto_detect = false,
    columns = ${columns}, compression = ${lit(r.compression)}, strict_mode = true, null_padding = false, max_line_size = 10000000${extra})`;
}

const rejectOptions = (table: string) => `, store_rejects = true, rejects_table = ${lit(table)}, rejects_scan = ${lit(`${table}_scan`)}`;

export async function loadSource(ctx: LoadContext, side: Side, inputPath: string, opts: ReadOptions, displayName?: string): Promise<SourceInfo> {
  const path = resolve(inputPath);
  const fileStat = await stat(path).catch(() => {
    throw new ReconError('source_missing', `${path} does not exist or cannot be read`, { path });
  });
  if (!fileStat.isFile()) throw new ReconError('source_missing', `${path} is not a regular file`, { path });
  if (fileStat.size === 0) throw new ReconError('empty_file', `${path} is empty (0 bytes)`, { path });

  const timings: { phase: string; ms: number }[] = [];
  let mark = performance.now();
  const lap = (phase: string) => {
    const now = performance.now();
    timings.push({ phase, ms: Math.round(now - mark) });
    mark = now;
  };
  ctx.guard?.check();
  const notices: Notice[] = [];
  const shownName = displayName ?? basename(path);
  const load: Load = { ctx, side, path, shownName, opts, fileStat, notices, timings, lap };
  const zip = await isZipFile(path);
  if (XLSX_EXTENSIONS.test(shownName) && !zip) {
    throw new ReconError('binary_file', `${shownName} is not an Excel file: an .xlsx workbook is a ZIP archive and this file is not one. If it is a CSV export named .xlsx, rename it to .csv and load it again`, { path, kind: 'fake_xlsx' });
  }
  if (zip) return loadWorkbook(load);
  const bank = detectBankFormat(await readHead(path));
  if (bank) return loadBankStatement(load, bank);
  const sniff = await sniffFile(path, opts.encoding as Encoding | undefined);
  lap('sniff');
  ctx.guard?.check();

  // The workspace reads its own copy: UTF-8 (BOM or not) and gzip as they are, anything else transcoded.
  await mkdir(sourcesDir(ctx.workspaceDir), { recursive: true });
  let readPath: string;
  let compression: 'gzip' | 'none' = sniff.compressed ? 'gzip' : 'none';
  // A transcoded copy differs from the original bytes, so the original is hashed; otherwise the
  // copy, which is exactly what DuckDB reads.
  let hashPath: string | null = null;
  // Digits of another script are written as 0–9 in the copy, as a transcoding does.
  const digits = !sniff.compressed && hasNativeDigits(sniff.sampleText);
  if (sniff.encoding !== 'utf-8' || digits) {
    hashPath = path;
    readPath = `${copyName(ctx.workspaceDir, side, basename(path))}.utf8.csv`;
  } else if (isWorkspaceCopy(ctx.workspaceDir, path) || ctx.ownedDirs?.includes(dirname(path))) {
    readPath = path;
  } else {
    readPath = copyName(ctx.workspaceDir, side, basename(path));
  }
  try {
    if (hashPath) {
      await transcodeToUtf8(path, readPath, sniff.encoding, sniff.compressed, ctx.guard?.signal, digits);
      compression = 'none';
      if (sniff.encoding !== 'utf-8') notices.push({ code: 'transcoded', message: `read as ${sniff.encoding}; transcoded to a UTF-8 copy in the workspace` });
      if (digits) notices.push({ code: 'native_digits', message: 'the file writes digits of another script (۱۲۳ or ١٢٣): read as 0–9, with ٫ as the decimal point and the ٬ thousands separator left out' });
    } else if (readPath !== path) {
      await copyFile(path, readPath, constants.COPYFILE_FICLONE);
    }
    lap('copy');
    // The layout's byte offsets are taken in the sample and cut from the copy: a transcoded copy has
    // no BOM and 0–9 where the sample has ۱۲۳ (two bytes each), so the sample must read as the copy.
    const copySniff = hashPath ? { ...sniff, sampleText: digits ? asciiDigits(sniff.sampleText) : sniff.sampleText, hasBom: false } : sniff;
    return await loadCopy(load, { copyPath: readPath, hashPath: hashPath ?? readPath, compression, sniff: copySniff, opts });
  } catch (error) {
    if (readPath !== path) await rm(readPath, { force: true });
    // Best effort: a cancelled connection may refuse it, and the next load replaces the table anyway.
    await ctx.db.exec(`DROP TABLE IF EXISTS ${ident(`${dataTable(side)}__next`)}`).catch(() => undefined);
    throw error;
  }
}

/** One load in progress: the file, the name it is shown by, its read options, and what the load reports. */
interface Load {
  ctx: LoadContext;
  side: Side;
  path: string;
  shownName: string;
  opts: ReadOptions;
  fileStat: { size: number; mtimeMs: number };
  notices: Notice[];
  timings: { phase: string; ms: number }[];
  lap(phase: string): void;
}

/** The copy in the workspace that DuckDB reads, and how to read it. */
interface Copy {
  copyPath: string;
  /** What the source's hash is taken of: the copy, or the original when the copy is not its bytes. */
  hashPath: string;
  compression: 'gzip' | 'none';
  sniff: SniffResult;
  opts: ReadOptions;
}

/**
 * A source converted to a CSV in the workspace (a workbook sheet, a bank statement), then read like
 * a CSV; the original is hashed. `convert` writes the CSV and says how to read it; a failure leaves
 * no file and no half-built table.
 */
async function loadConverted(load: Load, convert: (csvPath: string) => Promise<{ opts: ReadOptions; info: Partial<SourceInfo> }>): Promise<SourceInfo> {
  await mkdir(sourcesDir(load.ctx.workspaceDir), { recursive: true });
  const csvPath = `${copyName(load.ctx.workspaceDir, load.side, load.shownName)}.csv`;
  try {
    const converted = await convert(csvPath);
    const sniff = await sniffFile(csvPath, 'utf-8');
    const info = await loadCopy(load, { copyPath: csvPath, hashPath: load.path, compression: 'none', sniff, opts: converted.opts });
    return { ...info, ...converted.info };
  } catch (error) {
    await discardConvertedCopy(load.ctx, load.side, csvPath);
    throw error;
  }
}

/** An Excel workbook: one sheet streamed into a CSV in the workspace. */
function loadWorkbook(load: Load): Promise<SourceInfo> {
  return loadConverted(load, async (csvPath) => {
    const converted = await xlsxToCsv(load.path, csvPath, load.opts.sheet, load.ctx.guard?.signal);
    load.lap('xlsx→csv');
    const hiddenNote = converted.hidden.filter((h) => h !== converted.sheet);
    load.notices.push({
      code: 'xlsx_sheet',
      message:
        `read sheet “${converted.sheet}” (${converted.rows} rows) of ${converted.sheets.length} sheet(s): ${converted.sheets.map((s) => `“${s}”`).join(', ')} — ${converted.reason}` +
        (hiddenNote.length ? `; hidden sheet(s) not read: ${hiddenNote.map((h) => `“${h}”`).join(', ')} (pick one by name to read it)` : ''),
    });
    return { opts: { ...load.opts, delimiter: ',' }, info: { encoding: 'xlsx', sheet: { name: converted.sheet, sheets: converted.sheets } } };
  });
}

/** A converted source (workbook sheet, bank statement) that failed to load leaves no file and no half-built table. */
async function discardConvertedCopy(ctx: LoadContext, side: Side, csvPath: string): Promise<void> {
  await rm(csvPath, { force: true });
  await rm(`${csvPath}.table.csv`, { force: true });
  await ctx.db.exec(`DROP TABLE IF EXISTS ${ident(`${dataTable(side)}__next`)}`).catch(() => undefined);
}

/** A bank statement: one row per transaction written to a CSV in the workspace. */
function loadBankStatement(load: Load, format: BankFormat): Promise<SourceInfo> {
  return loadConverted(load, async (csvPath) => {
    const converted = await bankStatementToCsv(load.path, csvPath, format, load.shownName);
    load.lap(`${format}→csv`);
    load.notices.push({
      code: 'bank_statement',
      message: `read as a ${BANK_FORMAT_NAMES[format]}: ${converted.rows} transaction(s), one row each; amounts signed (money in positive)${converted.dropped.length ? `; empty in this file: ${converted.dropped.join(', ')}` : ''}`,
    });
    // Dates are ISO and amounts plain decimals; every other column is text (an IBAN or a bank
    // reference of digits is an identifier, not a number). The user's own type fixes win.
    const overrides = { ...Object.fromEntries(converted.columns.filter((c) => !BANK_TYPED_COLUMNS.has(c)).map((c) => [c, { type: 'text' as const }])), ...load.opts.column_overrides };
    return { opts: { ...load.opts, delimiter: ',', header: true, quote: undefined, column_overrides: overrides }, info: { encoding: format } };
  });
}

/**
 * Refuses a file whose sample holds no line break, before its layout is looked for: a file up to
 * 1 MiB is read whole for it, and one line of 300 KB ("x,x,…") was then a header of 150,000 columns.
 */
function refuseUnbrokenSample(path: string, sniff: SniffResult): void {
  if (!sniff.complete && !/[\r\n]/.test(sniff.sampleText)) {
    throw new ReconError('empty_file', `${path} has no line break in its first 256 KiB: it is not a CSV table (or its lines are longer than that)`, { path, reason: 'no_line_break' });
  }
}

/**
 * The widest table read. Measured through the app's load (3 rows, a third of the columns amounts):
 * 5,000 columns 5.0 s, 10,000 6.1 s; 20,000 ran out of the engine's memory (2.5 GiB) after 1.4 s and
 * 100,000 after 12–14 s, with advice to raise the memory that would not have helped.
 */
export const MAX_COLUMNS = 10_000;

/** The refusal of a table wider than MAX_COLUMNS, naming the file as `what` (its path here, the name the user chose in the app). */
export function tooManyColumnsMessage(what: string, columns: number): string {
  return `${what} has ${columns.toLocaleString('en-US')} columns; Kalla reads tables of up to ${MAX_COLUMNS.toLocaleString('en-US')}. Keep the columns you need (in Excel, or in the export's column choice) and load that file.`;
}

function refuseTooWide(path: string, columns: number): void {
  if (columns > MAX_COLUMNS) throw new ReconError('too_many_columns', tooManyColumnsMessage(path, columns), { path, columns, max: MAX_COLUMNS });
}

/**
 * Whether the table's first record is its header (`header` as set, else detected); refuses a file
 * with no records, or whose first row looks like data when `header` was not set, unless the table
 * starts on the file's first line and that row types like the rows below it (read as data, said so).
 */
function headerOf(path: string, records: string[][], header: boolean | undefined, notices: Notice[], fromFirstLine: boolean): boolean {
  if (records.length === 0) throw new ReconError('empty_file', `${path} has no records`, { path });
  const hasHeader = header ?? detectHeader(records);
  if (!hasHeader && header === undefined) {
    // A bank export without a header row (CommBank NetBank): the file's first row types like every row
    // below it. Not when lines above were cut (by the read options or as a preamble): then a header is expected.
    const kinds = fromFirstLine ? firstRowIsData(records) : null;
    if (kinds) {
      notices.push({
        code: 'no_header_row',
        message: `the file has no header row: its first row (${JSON.stringify(records[0].slice(0, 5))}) is written like the ${records.length - 1} row(s) below it (${kinds}), so it was read as data and the columns are named column_1 … column_${records[0].length}; map them by their values, or tick “First line read is a header” under “How this file was read” if the first row is a header after all`,
      });
      return false;
    }
    throw new ReconError('no_header', `${path}: the first row (${JSON.stringify(records[0].slice(0, 5))}) looks like data, not a header; add a header row or load with header: false to name columns column_1, column_2, …`, { path, first_row: records[0] });
  }
  return hasHeader;
}

/**
 * The lines the CSV reader rejected into `rejects` (numbered in the user's file: `linesAbove` cut
 * lines are added): a bad byte refuses the load as an encoding problem, other bad lines as ragged
 * rows unless `skipBadLines`, when they are named in a notice. Drops the half-read `next` table
 * before refusing. Returns how many lines were rejected.
 */
async function checkRejects(db: Db, path: string, rejects: string, next: string, toFileLine: (copyLine: number) => number, skipBadLines: boolean, notices: Notice[]): Promise<number> {
  // One entry per line (a short line is rejected once per missing column).
  const badLines = (
    await db.all<{ line: string; error_type: string; error_message: string }>(
      `SELECT line, min(error_type) AS error_type, min(error_message) AS error_message FROM ${ident(rejects)} GROUP BY line ORDER BY line LIMIT 20`,
    )
  ).map((b) => ({ ...b, line: String(toFileLine(Number(b.line))) }));
  const badCount = await db.scalarNumber(`SELECT count(DISTINCT line) FROM ${ident(rejects)}`);
  const unicode = badLines.find((b) => /unicode|utf-?8/i.test(`${b.error_type} ${b.error_message}`));
  if (badCount > 0 && unicode) {
    // A bad byte past the sniffed sample: an encoding problem, not a row with the wrong field count.
    await db.exec(`DROP TABLE IF EXISTS ${ident(next)}`);
    throw new ReconError('invalid_encoding', `${path} is not valid UTF-8 (line ${unicode.line}); set encoding to windows-1252 or latin1 if that is what it is`, { path, line: Number(unicode.line) });
  }
  if (badCount > 0 && !skipBadLines) {
    await db.exec(`DROP TABLE IF EXISTS ${ident(next)}`);
    const lines = badLines.map((b) => Number(b.line));
    throw new ReconError(
      'ragged_rows',
      `${path}: ${badCount} malformed line(s) (${badLines[0].error_type.toLowerCase()}: ${badLines[0].error_message}) at line(s) ${lines.join(', ')}${badCount > lines.length ? ', …' : ''}; fix the file or load with skip_bad_lines: true`,
      { path, count: badCount, lines },
    );
  }
  if (badCount > 0) notices.push({ code: 'skipped_bad_lines', message: `skipped ${badCount} malformed line(s): ${badLines.map((b) => b.line).join(', ')}${badCount > badLines.length ? ', …' : ''}` });
  return badCount;
}

/** The table alone, written next to the workspace copy: DuckDB then reads it like any plain CSV. Returns its path. */
async function copyTableAlone(readPath: string, gzip: boolean, range: TableRange, signal: AbortSignal | undefined): Promise<string> {
  const tablePath = `${readPath}.table.csv`;
  try {
    await writeTableCopy(readPath, tablePath, gzip, range, signal);
  } catch (error) {
    await rm(tablePath, { force: true });
    throw error;
  }
  return tablePath;
}

/**
 * Column types detected on the first DETECTION_SAMPLE_ROWS rows. Single-threaded: the parallel
 * reader fills a 32 MB buffer per thread before LIMIT applies (63 → 21 ms at 1M rows).
 */
async function detectOnSample(db: Db, readCsv: (extra: string) => string, names: string[], overrides: Record<string, ColumnOverride>, hints: FileHints): Promise<Detection> {
  await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_sample AS SELECT * FROM ${readCsv(', ignore_errors = true, parallel = false')} LIMIT ${DETECTION_SAMPLE_ROWS}`);
  const detection = await detectTypes(db, 'kalla_sample', names, overrides, null, hints);
  await db.exec('DROP TABLE IF EXISTS temp.kalla_sample');
  return detection;
}

/** What a source states about the file itself, as it was found. */
function fileFacts(load: Load, sniff: SniffResult): Pick<SourceInfo, 'side' | 'name' | 'path' | 'size_bytes' | 'mtime_ms' | 'encoding' | 'compressed'> {
  return { side: load.side, name: load.shownName, path: load.path, size_bytes: load.fileStat.size, mtime_ms: load.fileStat.mtimeMs, encoding: sniff.encoding, compressed: sniff.compressed };
}

async function loadCopy(load: Load, copy: Copy): Promise<SourceInfo> {
  const { ctx, side, path, notices, timings, lap } = load;
  const { copyPath, hashPath, sniff, opts } = copy;
  let readPath = copyPath;
  let compression = copy.compression;
  /** The untrimmed copy, deleted once hashed (the hash may be reading it). */
  let untrimmed: string | null = null;
  // Hashing runs in Node while DuckDB reads on its own threads.
  const hashing = sha256File(hashPath, ctx.guard?.signal);
  hashing.catch(() => undefined); // awaited below; a load that fails first must not leave it unhandled

  const quoted = opts.quote !== 'none';
  const delimiter = opts.delimiter ?? detectDelimiter(sniff.sampleText, sniff.complete, quoted);
  refuseUnbrokenSample(path, sniff);
  const layout = await findTable(readPath, compression === 'gzip', sniff, delimiter, opts);
  const records = layout.records;
  const hasHeader = headerOf(path, records, opts.header, notices, opts.skip_top === undefined && layout.skipTop === 0);
  refuseTooWide(path, records[0].length);
  const named = deriveColumnNames(hasHeader ? records[0] : null, records[0].length);
  notices.push(...named.notices, ...layout.notices);
  if (layout.range) {
    const tablePath = await copyTableAlone(readPath, compression === 'gzip', layout.range, ctx.guard?.signal);
    if (readPath !== path) untrimmed = readPath;
    readPath = tablePath;
    compression = 'none';
  }
  lap('layout');

  const rejects = `rejects_${side}`;
  const read: CsvRead = { path: readPath, delimiter, header: hasHeader, compression, names: named.names, quoted };
  const readCsv = (extra: string) => readCsvSql(read, extra);

  ctx.guard?.check();
  // Types are detected on the first rows, then the whole file is read once straight into the typed table.
  const hints: FileHints = { delimiter, ...(opts.decimal ? { decimal: opts.decimal } : {}), ...aboveTable(layout.skipped) };
  let detection = await detectOnSample(ctx.db, readCsv, named.names, opts.column_overrides ?? {}, hints);
  lap('detect');
  ctx.guard?.check();
  await ctx.db.exec(`DROP TABLE IF EXISTS ${ident(rejects)}; DROP TABLE IF EXISTS ${ident(`${rejects}_scan`)}`);
  const next = `${dataTable(side)}__next`;
  await plannedForWidth(ctx.db, detection.typings.length, () => ctx.db.exec(`CREATE OR REPLACE TABLE ${ident(next)} AS ${dataTableQuery(detection.typings, readCsv(rejectOptions(rejects)), false)}`));
  lap('read_csv+type');
  ctx.guard?.check();
  // The reader counts lines of the table copy; the user's file has the cut lines above it and the report lines left out inside it.
  const linesAbove = layout.range && layout.range.start > 0 ? layout.skipTop : 0;
  const inside = layout.skipped.filter((l) => l.where === 'inside');
  const badCount = await checkRejects(ctx.db, path, rejects, next, (line) => fileLine(line, linesAbove, inside), opts.skip_bad_lines === true, notices);
  if (sniff.compressed) notices.push({ code: 'decompressed', message: 'gzip-compressed input' });

  const rowCount = await ctx.db.scalarNumber(`SELECT count(*) FROM ${ident(next)}`);
  const verified = await verifyOrRedetect(ctx.db, next, read, badCount > 0, opts.column_overrides ?? {}, detection, rowCount, hints);
  detection = verified.detection;
  lap('verify');
  // Before the swap: a file that cannot be hashed must not replace the loaded source.
  const sha256 = await hashing;
  if (untrimmed) await rm(untrimmed, { force: true });
  lap('sha256 (rest)');
  await refuseIfChanged(ctx.db, next, load);
  ctx.guard?.commit();
  await swapIn(ctx.db, side, detection.typings);
  notices.push(...detection.notices, ...unparsedNotices(detection.typings, verified.unparsed, verified.examples));

  return {
    ...fileFacts(load, sniff),
    sha256,
    delimiter,
    has_header: hasHeader,
    row_count: rowCount,
    bad_lines: badCount,
    columns: detection.typings,
    notices,
    loaded_at: new Date().toISOString(),
    timings,
    read_path: readPath,
    unparsed: verified.unparsed,
    read_compression: compression,
    skipped_lines: layout.skipped,
    skip_top: layout.skipTop,
    skip_bottom: layout.skipBottom,
    ...(detection.decimal ? { decimal: detection.decimal } : {}),
    ...(quoted ? {} : { quote: 'none' as const }),
  };
}

/**
 * A file written to while it loads (an export still running, a log appended to) gives a copy cut at
 * some byte: a half last row reads as a wrong amount, and the size and hash stated would describe
 * neither the file nor what was read. The file is looked at again once everything was read and
 * hashed; if its size or time moved, the load is refused and nothing replaces the loaded source
 * (issue 27). A file that settles loads the next time, as one consistent snapshot.
 */
async function refuseIfChanged(db: Db, next: string, load: Load): Promise<void> {
  const now = await stat(load.path).catch(() => null);
  if (now && now.size === load.fileStat.size && now.mtimeMs === load.fileStat.mtimeMs) return;
  await db.exec(`DROP TABLE IF EXISTS ${ident(next)}`);
  const how = !now ? 'it was deleted or moved' : now.size !== load.fileStat.size ? `it had ${load.fileStat.size} bytes when the load began and ${now.size} at its end` : 'it was rewritten';
  throw new ReconError(
    'source_changed',
    `${load.shownName} changed while it was being loaded (${how}): another program is probably still writing it. Nothing was loaded from it; wait until that program has finished the file, then load it again.`,
    { path: load.path, size_before: load.fileStat.size, size_after: now?.size ?? null },
  );
}

interface TableLayout {
  /** Records of the table from its header (or first data) row, blank ones dropped, for naming and header detection. */
  records: string[][];
  /** Byte range of the table when the copy must be cut or its line breaks mended; null: read the copy as it is. */
  range: TableRange | null;
  skipped: SkippedLine[];
  skipTop: number;
  skipBottom: number;
  notices: Notice[];
}

/**
 * Finds the table inside the text: lines above the header and summary lines below the data
 * (detected, or as many as the read options say), and whether line breaks are mixed. The bottom
 * of a file larger than the sample is read from its tail (not for gzip: its end is only reached
 * by decompressing everything; such files keep their last lines).
 */
async function findTable(copy: string, gzip: boolean, sniff: SniffResult, delimiter: string, opts: ReadOptions): Promise<TableLayout> {
  // Balance lines are proved by the whole table's sums: a file up to BALANCE_WHOLE_READ_BYTES is read whole for them.
  if (!sniff.complete && !gzip && (await stat(copy)).size <= BALANCE_WHOLE_READ_BYTES) {
    return findTable(copy, gzip, { ...sniff, sampleText: (await readFile(copy, 'utf8')).replace(/^\ufeff/, ''), complete: true }, delimiter, opts);
  }
  const text = sniff.sampleText;
  const quoted = opts.quote !== 'none';
  const all = scanRecords(text, delimiter, sniff.complete ? Number.MAX_SAFE_INTEGER : 5000, sniff.complete, quoted);
  const top = detectTop(all, opts.skip_top);
  const body = all.slice(top.index + 1);
  const bom = sniff.encoding === 'utf-8' && sniff.hasBom ? 3 : 0;
  const byteAt = (chars: number) => bom + Buffer.byteLength(text.slice(0, chars));
  let bottom: { count: number; endByte: number | null; skipped: SkippedLine[] } = { count: 0, endByte: null, skipped: [] };
  if (sniff.complete) {
    const b = detectBottom(body, top.width, body.length, opts.skip_bottom);
    bottom = { count: b.count, endByte: b.count ? byteAt(b.start) : null, skipped: b.skipped };
  } else if (!gzip) {
    const size = (await stat(copy)).size;
    const tail = await readTail(copy, size);
    const tailRecords = scanRecords(tail.text, delimiter, Number.MAX_SAFE_INTEGER, true, quoted);
    const b = detectBottom(tailRecords, top.width, Number.MAX_SAFE_INTEGER, opts.skip_bottom);
    bottom = { count: b.count, endByte: b.count ? tail.start + Buffer.byteLength(tail.text.slice(0, b.start)) : null, skipped: b.skipped };
  }
  // Headings and subtotals between the data rows of a report; a report larger than the sample is read whole to find them all.
  const cutBottom = bottom.skipped.some((l) => !l.reason.startsWith('empty'));
  const interior = sniff.complete && bottom.count ? body.slice(0, body.length - bottom.count) : body;
  const subtotals = findReportLines(interior, top.width);
  // Balance lines are proved by the whole table's arithmetic: only when the sample is the whole file.
  const balances = sniff.complete ? findBalanceLines(interior, top.width, new Set(subtotals.map((l) => l.index))) : [];
  // A summary record is the first or last row: a sample holds the first; the last needs the whole file.
  const summaries = findSummaryRecords(interior, top.width, new Set([...subtotals, ...balances].map((l) => l.index)));
  const report = [...subtotals, ...balances, ...summaries].sort((a, b) => a.index - b.index);
  if (report.length && !sniff.complete) {
    const whole = !gzip && (await stat(copy)).size <= REPORT_WHOLE_READ_BYTES ? (await readFile(copy, 'utf8')).replace(/^\ufeff/, '') : null;
    if (whole !== null) return findTable(copy, gzip, { ...sniff, sampleText: whole, complete: true }, delimiter, opts);
  }
  const inside = sniff.complete ? reportSkipped(text, interior, report) : [];
  const dropped = new Set(sniff.complete ? report.map((l) => interior[l.index]) : []);
  const filled = sniff.complete ? headingFills(interior, report, dropped, quoted, delimiter) : new Map<RecordPos, string>();
  const mixed = hasMixedLineEndings(text, quoted);
  // Blank lines alone are skipped by the reader itself: no copy is cut for them.
  const needsCut = top.index > 0 || cutBottom || mixed || dropped.size > 0 || filled.size > 0;
  const notices: Notice[] = [];
  const list = (lines: SkippedLine[]) => lines.map((l) => `${l.where === 'bottom' ? (l.line === 1 ? 'last line' : `${l.line}. line from the end`) : `line ${l.line}`} (${l.reason}): ${l.text || '—'}`).join('; ');
  if (top.skipped.length) notices.push({ code: 'skipped_top', message: `skipped ${top.skipped.length} line(s) above the header row: ${list(top.skipped)}` });
  if (inside.length) notices.push(...reportNotices(inside));
  if (filled.size > 0) {
    const column = top.index >= 0 ? (all[top.index]?.fields[0] ?? '').trim() || 'the first column' : 'the first column';
    notices.push({ code: 'report_headings_filled', message: `${column} is empty on every row and each section heading names its rows: the heading above each row is read as its ${column} (${filled.size} rows)` });
  }
  if (cutBottom) notices.push({ code: 'skipped_bottom', message: `skipped ${bottom.count} line(s) below the data: ${list(bottom.skipped)}` });
  if (mixed) notices.push({ code: 'mixed_line_endings', message: 'the file mixes Windows (CRLF) and Unix (LF) line breaks; read with both' });
  return {
    records: all
      .slice(top.index, sniff.complete && cutBottom ? all.length - bottom.count : undefined)
      .filter((r) => r.fields.some((f) => f.trim() !== '') && !dropped.has(r))
      .slice(0, 50)
      .map((r) => (filled.has(r) ? [filled.get(r)!, ...r.fields.slice(1)] : r.fields))
      // A header one field short of rows that all end with a delimiter names that last, empty column too.
      .map((fields) => (fields.length < top.width ? [...fields, ...Array<string>(top.width - fields.length).fill('')] : fields)),
    range: needsCut
      ? {
          start: top.index > 0 ? byteAt(top.start) : 0,
          end: cutBottom ? bottom.endByte : null,
          normalizeNewlines: mixed,
          ...(dropped.size ? { drop: byteRanges(text, bom, [...dropped]) } : {}),
          ...(filled.size ? { insert: fillInserts(text, bom, filled, quoted) } : {}),
        }
      : null,
    skipped: [...top.skipped, ...inside, ...(cutBottom ? bottom.skipped : [])],
    skipTop: top.skipLines,
    skipBottom: cutBottom ? bottom.count : 0,
    notices,
  };
}

/** The filled headings as text inserted at the start of each row (quoted, with its quotes doubled). */
function fillInserts(text: string, bom: number, filled: Map<RecordPos, string>, quoted: boolean): { at: number; text: string }[] {
  const rows = [...filled.keys()].sort((a, b) => a.start - b.start);
  const starts = byteRanges(text, bom, rows);
  return rows.map((r, i) => ({ at: starts[i].start, text: quoted ? `"${filled.get(r)!.replace(/"/g, '""')}"` : filled.get(r)! }));
}

/** A report larger than the sample is read whole (to find all its headings and subtotals) up to this size; larger ones load as before. */
const REPORT_WHOLE_READ_BYTES = 64 * 1024 * 1024;
/**
 * A file up to this size is read whole to find its layout: a statement's closing balance, written as
 * its last row, is told only by the sum of every row above it (a 700-line Leumi statement is ~300
 * KiB, past the sample). Measured: scanning a 5.7 MB file and looking for report, balance and summary
 * lines took 2.6 s CPU under load, so only files up to 1 MiB (~0.3 s) are read whole for it.
 */
const BALANCE_WHOLE_READ_BYTES = 1024 * 1024;

/** Byte ranges of `records` (in file order) in the UTF-8 bytes of `text`, counted incrementally. */
function byteRanges(text: string, bom: number, records: RecordPos[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let chars = 0;
  let bytes = bom;
  const at = (c: number) => {
    bytes += Buffer.byteLength(text.slice(chars, c));
    chars = c;
    return bytes;
  };
  for (const r of records) out.push({ start: at(r.start), end: at(r.end) });
  return out;
}

/** What was left out inside a report's table: how many headings and subtotals, which lines; subtotals that do not add up, each. */
function reportNotices(inside: SkippedLine[]): Notice[] {
  const balances = inside.filter((l) => l.reason.startsWith('balance'));
  const summaries = inside.filter((l) => l.reason.startsWith('summary record'));
  const headings = inside.filter((l) => l.reason.startsWith('heading'));
  const subtotals = inside.filter((l) => !l.reason.startsWith('heading') && !l.reason.startsWith('balance') && !l.reason.startsWith('summary record'));
  const wrong = subtotals.filter((l) => l.reason.includes('does NOT equal'));
  const lines = (ls: SkippedLine[], n = 12) => `${ls.slice(0, n).map((l) => l.line).join(', ')}${ls.length > n ? `, … (${ls.length - n} more)` : ''}`;
  const notices: Notice[] = [];
  if (balances.length) {
    notices.push({
      code: 'balance_lines',
      message: `left out ${balances.length} balance line(s) inside the table at line(s) ${lines(balances)}: written like transactions, they are the statement's opening or closing balance or a turnover, as its own rows add up to them to the cent. Each is listed under “How this file was read”.`,
    });
  }
  for (const l of summaries) {
    notices.push({
      code: 'summary_record',
      message: `left out line ${l.line} as the table's summary record, not a transaction: ${l.reason.slice('summary record ('.length, -1)}. It is listed under “How this file was read”.`,
    });
  }
  if (headings.length + subtotals.length === 0) return notices;
  notices.push(
    {
      code: 'report_lines',
      message:
        `left out ${headings.length + subtotals.length} line(s) inside the table as a report's ${headings.length} heading(s) and ${subtotals.length} subtotal(s): they do not type like the data rows (no date or amount where every row has one). ` +
        `${headings.length ? `Headings at line(s) ${lines(headings)}. ` : ''}${subtotals.length ? `Subtotals at line(s) ${lines(subtotals)}; ${subtotals.length - wrong.length} of ${subtotals.length} equal the sum of their rows. ` : ''}` +
        'Each is listed under “How this file was read”.',
    },
  );
  if (wrong.length) {
    notices.push({
      code: 'report_total_mismatch',
      message: `${wrong.length} subtotal line(s) left out of the table do NOT equal the sum of the rows above them: rows may be missing from the export, or these lines are not subtotals: ${wrong
        .slice(0, 5)
        .map((l) => `line ${l.line} (${l.text.slice(0, 60)}): ${l.reason.slice(l.reason.indexOf('does NOT') + 'does NOT equal the sum of the '.length)}`)
        .join('; ')}${wrong.length > 5 ? `; and ${wrong.length - 5} more` : ''}`,
    });
  }
  return notices;
}

/** Select list of the data table from a relation whose columns are the raw VARCHARs under their names. */
function dataSelect(typings: ColumnTyping[]): string {
  const parts = typings.map((t) => (t.type === 'text' && !t.derived && !t.wrap_at ? ident(t.name) : `${typedExpression(t)} AS ${ident(t.name)}`));
  parts.push(`${rowHashExpression(typings)} AS ${ident(ROW_HASH)}`);
  return parts.join(', ');
}

/**
 * The query of the data table from `from` (raw VARCHARs under their names; `ordered`: sorted by its
 * __row_id). Up to WIDE_STATEMENT_COLUMNS columns it is dataSelect's one expression per column.
 * Wider, the typed columns that share an expression (every US amount column, every ISO date
 * column, …) are parsed by one copy of it inside a lambda over the list of their values, and
 * taken back out by position: DuckDB compiles each regular expression of a macro once per copy while
 * planning, so a 5,000-column file with 1,250 amount columns compiled ~19,000 patterns for 50 rows
 * (issue 27). The lambda runs the same expression on each value: the same typed table.
 */
export function dataTableQuery(typings: ColumnTyping[], from: string, ordered: boolean): string {
  const order = ordered ? ` ORDER BY ${ident(ROW_ID)}` : '';
  if (typings.length <= WIDE_STATEMENT_COLUMNS) return `SELECT ${dataSelect(typings)} FROM ${from}${order}`;
  const taken = new Set(typings.map((t) => t.name));
  const fresh = (base: string) => {
    let name = base;
    for (let i = 0; taken.has(name); i++) name = `${base}_${i}`;
    taken.add(name);
    return name;
  };
  const param = fresh('kalla_wide_v');
  // Expression shape → the columns typed by it, in file order.
  const shapes = new Map<string, string[]>();
  for (const t of typings) {
    if (t.derived || t.type === 'text') continue;
    const shape = typedExpression({ ...t, name: param });
    shapes.set(shape, [...(shapes.get(shape) ?? []), t.name]);
  }
  const inner: string[] = [];
  const outer = new Map<string, string>();
  for (const [shape, names] of shapes) {
    if (names.length === 1) continue;
    const list = fresh(`kalla_wide_g${inner.length}`);
    inner.push(`list_transform([${names.map(ident).join(', ')}], ${ident(param)} -> ${shape}) AS ${ident(list)}`);
    names.forEach((n, i) => outer.set(n, `${ident(list)}[${i + 1}] AS ${ident(n)}`));
  }
  for (const t of typings) {
    if (outer.has(t.name)) continue;
    inner.push(t.type === 'text' && !t.derived && !t.wrap_at ? ident(t.name) : `${typedExpression(t)} AS ${ident(t.name)}`);
    outer.set(t.name, ident(t.name));
  }
  const hash = fresh('kalla_wide_hash');
  inner.push(`${rowHashExpression(typings)} AS ${ident(hash)}`);
  const sortKey = fresh('kalla_wide_row');
  if (ordered) inner.push(`${ident(ROW_ID)} AS ${ident(sortKey)}`);
  const select = [...typings.map((t) => outer.get(t.name)!), `${ident(hash)} AS ${ident(ROW_HASH)}`];
  return `SELECT ${select.join(', ')} FROM (SELECT ${inner.join(', ')} FROM ${from})${ordered ? ` ORDER BY ${ident(sortKey)}` : ''}`;
}

/** Typed (non-text, non-derived) columns: the ones whose text can fail to parse. */
const parsedColumns = (typings: ColumnTyping[]) => typings.filter((t) => t.type !== 'text' && !t.derived);
const zeroCounts = (typings: ColumnTyping[]): Record<string, number> => Object.fromEntries(typings.map((t) => [t.name, 0]));

/**
 * The original text of every file column with __row_id, as a TEMP table on `db`, read again from
 * the workspace copy with the load's options (so skipped bad lines are skipped again and row ids
 * line up). Legacy workspaces still hold the text in the data table. Drop it with dropRawText.
 */
export async function materializeRawText(db: Db, info: SourceInfo): Promise<string> {
  const table = `kalla_raw_text_${info.side}`;
  if (!info.read_path) {
    await db.exec(`CREATE OR REPLACE TEMP VIEW ${table} AS SELECT * FROM ${ident(legacyRawView(info.side))}`);
    return table;
  }
  const s = await stat(info.read_path).catch(() => null);
  if (!s) throw new ReconError('source_missing', `the workspace copy of ${info.name} (${info.read_path}) is missing; load the ${info.side} source again`, { side: info.side, path: info.read_path });
  await readRawText(db, table, storedRead(info, info.read_path), info.bad_lines > 0);
  // Counted in the table, not through the view that numbers it (binding the view expands every
  // column: 0.12–0.14 s CPU a side at 5,000 columns, issue 27).
  const rows = await db.scalarNumber(`SELECT count(*) FROM temp.${ident(`${table}__data`)}`);
  if (rows !== info.row_count) {
    await dropRawText(db, table);
    throw new ReconError('source_changed', `the workspace copy of ${info.name} now has ${rows} rows instead of ${info.row_count}; load the ${info.side} source again`, { side: info.side, path: info.read_path });
  }
  return table;
}

/**
 * A column read with a type and format without changing anything (the format picker's preview,
 * issue 27): the first `limit` rows of the workspace copy, typed with the same expression a load
 * or a re-type would use; the distinct values that do not read come first, then ones that do.
 */
export async function previewColumnTyping(db: Db, info: SourceInfo, column: string, type: 'number' | 'date', format: string, limit = 5000): Promise<ColumnTypePreview> {
  const c = info.columns.find((x) => x.name === column && !x.derived);
  if (!c) throw new ReconError('unknown_column', `the ${info.side} source has no column “${column}”`, { side: info.side, column });
  if (!info.read_path) throw new ReconError('source_missing', `${info.name} was loaded by an older Kalla; load it again to preview its columns`, { side: info.side });
  const typing: ColumnTyping =
    type === 'number' ? { name: c.name, type, overridden: true, format: /,\d*$/.test(format) || format === 'eu' ? 'eu' : 'us' } : { name: c.name, type, overridden: true, format };
  const col = ident(c.name);
  const sample = `kalla_type_preview_${info.side}`;
  await db.exec(`CREATE OR REPLACE TEMP TABLE ${sample} AS
    SELECT raw, CAST(${type === 'number' ? 'CAST(parsed AS DOUBLE)' : 'parsed'} AS VARCHAR) AS parsed, n FROM (
      SELECT ${col} AS raw, ${typedExpression(typing)} AS parsed, row_number() OVER () AS n
      FROM (SELECT ${col} FROM ${readCsvSql(storedRead(info, info.read_path), ', ignore_errors = true, parallel = false')} LIMIT ${Math.max(1, Math.floor(limit))}) t)
    WHERE nullif(trim(raw), '') IS NOT NULL`);
  try {
    const counts = await db.one<{ sampled: number; unreadable: number }>(`SELECT count(*)::INTEGER AS sampled, count(*) FILTER (WHERE parsed IS NULL)::INTEGER AS unreadable FROM ${sample}`);
    const distinct = (unread: boolean, n: number) =>
      db.all<{ raw: string; parsed: string | null }>(
        `SELECT raw, any_value(parsed) AS parsed FROM ${sample} WHERE (parsed IS NULL) = ${unread} GROUP BY raw ORDER BY min(n) LIMIT ${n}`,
      );
    const bad = await distinct(true, 5);
    const good = await distinct(false, 8 - bad.length);
    return { column: c.name, type, format, sampled: counts?.sampled ?? 0, unreadable: counts?.unreadable ?? 0, values: [...bad, ...good] };
  } finally {
    await db.exec(`DROP TABLE IF EXISTS temp.${sample}`);
  }
}

export async function dropRawText(db: Db, table: string): Promise<void> {
  await db.exec(`DROP VIEW IF EXISTS temp.${ident(table)}; DROP TABLE IF EXISTS temp.${ident(`${table}__data`)}`);
}

/** TEMP view with __row_id and the file's text columns, over a TEMP table in file order (rowid + 1 = __row_id). */
async function readRawText(db: Db, table: string, read: CsvRead, skipBadLines: boolean): Promise<void> {
  const extra = skipBadLines ? rejectOptions(`${table}_rejects`) : '';
  await db.exec(`CREATE OR REPLACE TEMP TABLE ${ident(`${table}__data`)} AS SELECT * FROM ${readCsvSql(read, extra)}`);
  await db.exec(`CREATE OR REPLACE TEMP VIEW ${ident(table)} AS SELECT rowid + 1 AS ${ident(ROW_ID)}, * FROM ${ident(`${table}__data`)}`);
  if (skipBadLines) await db.exec(`DROP TABLE IF EXISTS ${ident(`${table}_rejects`)}; DROP TABLE IF EXISTS ${ident(`${table}_rejects_scan`)}`);
}

/** Unparsed values per typed column of `table`, given its rows' text in `raw` (joined on row id). */
async function countUnparsedAgainst(db: Db, table: string, raw: string, typings: ColumnTyping[]): Promise<Record<string, number>> {
  const checked = parsedColumns(typings);
  if (checked.length === 0) return {};
  const row = await db.one<Record<string, string>>(
    `SELECT ${checked.map((t, i) => `count_if(d.${ident(t.name)} IS NULL AND nullif(trim(r.${ident(t.name)}), '') IS NOT NULL) AS u_${i}`).join(', ')}
     FROM (SELECT rowid + 1 AS id, * FROM ${ident(table)}) d JOIN ${ident(raw)} r ON r.${ident(ROW_ID)} = d.id`,
  );
  return Object.fromEntries(checked.map((t, i) => [t.name, Number(row?.[`u_${i}`] ?? 0)]));
}

export interface UnparsedExample {
  row: number;
  value: string;
}

/** The first few values per typed column that did not parse (row id and text), for the notice listing them. */
async function unparsedExamples(db: Db, table: string, raw: string, typings: ColumnTyping[], unparsed: Record<string, number>, limit = 10): Promise<Record<string, UnparsedExample[]>> {
  const out: Record<string, UnparsedExample[]> = {};
  for (const t of parsedColumns(typings)) {
    if (!unparsed[t.name]) continue;
    const rows = await db.all<{ row: number | bigint; value: string }>(
      `SELECT r.${ident(ROW_ID)} AS row, r.${ident(t.name)} AS value
       FROM (SELECT rowid + 1 AS id, ${ident(t.name)} FROM ${ident(table)}) d JOIN ${ident(raw)} r ON r.${ident(ROW_ID)} = d.id
       WHERE d.${ident(t.name)} IS NULL AND nullif(trim(r.${ident(t.name)}), '') IS NOT NULL ORDER BY r.${ident(ROW_ID)} LIMIT ${limit}`,
    );
    out[t.name] = rows.map((r) => ({ row: Number(r.row), value: r.value }));
  }
  return out;
}

/** Why an amount did not read, in words the user can act on. */
function numberReason(value: string, format: string | undefined): string {
  const v = value.trim();
  if (/^[\s(+-]*\d[\d.,\s]{12,}/.test(v)) return 'too large; amounts up to 999,999,999,999.99';
  if (/^[-+]?\d+([.,]\d+)?e[-+]?\d+$/i.test(v)) return 'out of range';
  if (/^(n\/a|#n\/a|na|null|none|nan|#value!|#ref!|#div\/0!|#num!)$/i.test(v)) return 'no value';
  if (/^[\s(+-]*\d[\d.,]*[)\s-]*$/.test(v)) return `not in this column's format (${format === 'eu' ? '1.234,56' : '1,234.56'})`;
  return 'not a number';
}

/** One notice per typed column with values held as empty: how many, and which (row, value). */
export function unparsedNotices(typings: ColumnTyping[], unparsed: Record<string, number>, examples: Record<string, UnparsedExample[]>): Notice[] {
  return typings
    .filter((t) => (unparsed[t.name] ?? 0) > 0)
    .map((t) => {
      const count = unparsed[t.name];
      const shown = (examples[t.name] ?? []).map((e) => `row ${e.row}: ${JSON.stringify(e.value.length > 40 ? `${e.value.slice(0, 40)}…` : e.value)}${t.type === 'number' ? ` (${numberReason(e.value, t.format)})` : ''}`);
      return {
        code: 'unparsed_values' as const,
        column: t.name,
        message: `column "${t.name}" is ${t.type === 'number' ? 'a number' : `a ${t.type}`} column; ${count} value(s) could not be read as ${t.type === 'number' ? 'numbers' : `${t.type}s`} and are left empty (excluded from checks on this column): ${shown.join(', ')}${count > shown.length ? `, and ${count - shown.length} more` : ''}`,
      };
    });
}

/**
 * Counts, per typed column, values the typed table holds as NULL although their text is not
 * blank. A table without such NULLs has none: the common case, with no second read. Otherwise the
 * text is read once from the copy; when the sample's types left values unparsed, the columns are
 * re-detected over all rows from that same text (still in SQL) and the table is rebuilt.
 */
async function verifyOrRedetect(
  db: Db,
  table: string,
  read: CsvRead,
  skipBadLines: boolean,
  overrides: Record<string, ColumnOverride>,
  detection: Detection,
  rowCount: number,
  hints: FileHints,
): Promise<{ detection: Detection; unparsed: Record<string, number>; examples: Record<string, UnparsedExample[]> }> {
  const checked = parsedColumns(detection.typings);
  const none = zeroCounts(checked);
  if (checked.length === 0) return { detection, unparsed: none, examples: {} };
  const maybe = await mayHoldNulls(db, table, checked);
  const nulls = maybe.length === 0 ? null : await db.one<Record<string, string>>(`SELECT ${maybe.map((t, i) => `count(*) - count(${ident(t.name)}) AS n_${i}`).join(', ')} FROM ${ident(table)}`);
  const withNulls = maybe.filter((_, i) => Number(nulls?.[`n_${i}`] ?? 0) > 0);
  if (withNulls.length === 0) return { detection, unparsed: none, examples: {} };
  const raw = 'kalla_raw_check';
  await readRawText(db, raw, read, skipBadLines);
  try {
    const unparsed = { ...none, ...(await countUnparsedAgainst(db, table, raw, withNulls)) };
    if (rowCount <= DETECTION_SAMPLE_ROWS || !Object.values(unparsed).some((n) => n > 0)) return { detection, unparsed, examples: await unparsedExamples(db, table, raw, detection.typings, unparsed) };
    const full = await detectTypes(db, raw, read.names, overrides, null, hints);
    await plannedForWidth(db, full.typings.length, () => db.exec(`CREATE OR REPLACE TABLE ${ident(table)} AS ${dataTableQuery(full.typings, raw, true)}`));
    const fullChecked = parsedColumns(full.typings);
    const fullUnparsed = { ...zeroCounts(fullChecked), ...(await countUnparsedAgainst(db, table, raw, fullChecked)) };
    return { detection: full, unparsed: fullUnparsed, examples: await unparsedExamples(db, table, raw, full.typings, fullUnparsed) };
  } finally {
    await dropRawText(db, raw);
  }
}

/**
 * The columns of `columns` that may hold a NULL, by the statistics DuckDB keeps per stored segment
 * as rows are written (the planner folds `x IS NULL` to false by the same "Has Null: false"). Only
 * these are counted: a count per typed column bound and summed 2,500 aggregates on a 5,000-column
 * file (~0.4 s CPU a side) for tables that mostly hold none. A column without such statistics in
 * every segment (an empty table, another storage format) is counted as before.
 */
async function mayHoldNulls(db: Db, table: string, columns: ColumnTyping[]): Promise<ColumnTyping[]> {
  const clean = await db.all<{ column_name: string }>(
    `SELECT column_name FROM pragma_storage_info(${lit(table)}) GROUP BY column_name HAVING bool_and(contains(stats, 'Has Null: false'))`,
  );
  const none = new Set(clean.map((r) => r.column_name));
  return columns.filter((t) => !none.has(t.name));
}

/**
 * Replaces the side's data table by `<data>__next` and (re)creates its view, in one transaction:
 * a crash or error in the middle never leaves a side without its table.
 */
async function swapIn(db: Db, side: Side, typings: ColumnTyping[]): Promise<void> {
  const data = dataTable(side);
  await db.transaction(async () => {
    await db.exec(`DROP VIEW IF EXISTS ${ident(typedView(side))}; DROP VIEW IF EXISTS ${ident(legacyRawView(side))}; DROP TABLE IF EXISTS ${ident(data)}`);
    await db.exec(`ALTER TABLE ${ident(`${data}__next`)} RENAME TO ${ident(data)}`);
    await db.exec(
      `CREATE VIEW ${ident(typedView(side))} AS SELECT rowid + 1 AS ${ident(ROW_ID)}, ${typings.map((t) => ident(t.name)).join(', ')}, ${ident(ROW_HASH)} FROM ${ident(data)}`,
    );
  });
}

/**
 * Left becomes right and right becomes left without reading the files again: the two data tables
 * are renamed and their views and source records rewritten in one transaction. Sources from
 * before the workspace copies keep their text behind a legacy view and must be re-read instead.
 */
export async function swapSideTables(db: Db, left: SourceInfo, right: SourceInfo): Promise<{ left: SourceInfo; right: SourceInfo }> {
  if (!left.read_path || !right.read_path) {
    throw new ReconError('source_missing', 'these sources were loaded by an older Kalla; load the files again (in the other order) to swap them');
  }
  const view = (side: Side, info: SourceInfo) =>
    `CREATE VIEW ${ident(typedView(side))} AS SELECT rowid + 1 AS ${ident(ROW_ID)}, ${info.columns.map((t) => ident(t.name)).join(', ')}, ${ident(ROW_HASH)} FROM ${ident(dataTable(side))}`;
  const swapped = { left: { ...right, side: 'left' as const }, right: { ...left, side: 'right' as const } };
  await db.transaction(async () => {
    await db.exec(`DROP VIEW IF EXISTS ${ident(typedView('left'))}; DROP VIEW IF EXISTS ${ident(typedView('right'))}`);
    await db.exec(`ALTER TABLE ${ident(dataTable('left'))} RENAME TO kalla_swap_data`);
    await db.exec(`ALTER TABLE ${ident(dataTable('right'))} RENAME TO ${ident(dataTable('left'))}`);
    await db.exec(`ALTER TABLE kalla_swap_data RENAME TO ${ident(dataTable('right'))}`);
    await db.exec(view('left', swapped.left));
    await db.exec(view('right', swapped.right));
    for (const info of [swapped.left, swapped.right]) await db.exec(`INSERT OR REPLACE INTO sources VALUES ($1, $2::JSON)`, [info.side, JSON.stringify(info)]);
  });
  return swapped;
}

/**
 * Re-type a loaded side from its original text (column overrides), read again from the workspace
 * copy. A legacy workspace (text inside the data table) first gets its text written out as a copy,
 * since the rebuilt table will no longer hold it; `read` then names that copy.
 */
export async function retype(
  db: Db,
  info: SourceInfo,
  overrides: Record<string, ColumnOverride>,
  workspaceDir: string,
  guard?: LoadGuard,
): Promise<{ detection: Detection; unparsed: Record<string, number>; read: Pick<SourceInfo, 'read_path'> }> {
  const rawNames = info.columns.filter((t) => !t.derived).map((t) => t.name);
  const next = `${dataTable(info.side)}__next`;
  const raw = await materializeRawText(db, info);
  let written: string | null = null;
  let swapped = false;
  try {
    let readPath = info.read_path;
    if (!readPath) {
      await mkdir(sourcesDir(workspaceDir), { recursive: true });
      const gzip = copyCompression(info) === 'gzip';
      written = readPath = copyName(workspaceDir, info.side, `${info.name}${gzip ? '' : '.csv'}`);
      await db.exec(
        `COPY (SELECT * EXCLUDE (${ident(ROW_ID)}) FROM ${raw} ORDER BY ${ident(ROW_ID)}) TO ${lit(readPath)}
         (FORMAT csv, HEADER ${info.has_header}, DELIMITER ${lit(info.delimiter)}, QUOTE '"', ESCAPE '"', COMPRESSION ${gzip ? "'gzip'" : "'none'"})`,
      );
    }
    guard?.check();
    const detection = await detectTypes(db, raw, rawNames, overrides, DETECTION_SAMPLE_ROWS, retypeHints(info));
    guard?.check();
    await plannedForWidth(db, detection.typings.length, () => db.exec(`CREATE OR REPLACE TABLE ${ident(next)} AS ${dataTableQuery(detection.typings, raw, true)}`));
    const unparsed = await countUnparsedAgainst(db, next, raw, detection.typings);
    guard?.commit();
    await swapIn(db, info.side, detection.typings);
    written = null;
    swapped = true;
    return { detection, unparsed, read: { read_path: readPath } };
  } finally {
    // Best effort after a failure: an interrupted connection may refuse statements.
    await dropRawText(db, raw).catch(() => undefined);
    if (!swapped) await db.exec(`DROP TABLE IF EXISTS ${ident(next)}`).catch(() => undefined);
    if (written) await rm(written, { force: true });
  }
}

/** A re-typing decides ambiguous amounts as the load did when the user chose the separator. */
const retypeHints = (info: SourceInfo): FileHints => ({
  delimiter: info.delimiter,
  ...(info.decimal?.reason.includes('chosen') ? { decimal: info.decimal.separator } : {}),
  ...aboveTable(info.skipped_lines ?? []),
});

/** The text of the lines cut above the table (a preamble stating the statement's period), for typing. */
const aboveTable = (skipped: SkippedLine[]): Pick<FileHints, 'above'> => {
  const top = skipped.filter((l) => l.where === 'top').map((l) => l.text);
  return top.length > 0 ? { above: top.join('\n') } : {};
};

/** Has the original file changed since it was loaded? Hash only when size or mtime moved. */
export async function checkSourceUnchanged(info: SourceInfo): Promise<'same' | 'missing' | 'changed'> {
  const s = await stat(info.path).catch(() => null);
  if (!s) return 'missing';
  if (s.size === info.size_bytes && s.mtimeMs === info.mtime_ms) return 'same';
  return (await sha256File(info.path)) === info.sha256 ? 'same' : 'changed';
}
