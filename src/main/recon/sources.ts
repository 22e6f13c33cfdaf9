/**
 * Loading a CSV-like file into the workspace: sniff → (transcode) → read_csv
 * with every column as VARCHAR into raw_<side> → type detection in SQL →
 * typed view src_<side>. The original file's SHA-256 is recorded so a later
 * run can tell when the file changed on disk.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { ReadOptions } from '../../shared/recon';
import type { ColumnTyping, Notice, Side, SourceInfo } from '../../shared/recon-engine';
import { deriveColumnNames, detectDelimiter, detectHeader, splitRecords } from './csv-layout';
import type { Db } from './db';
import { ReconError } from './errors';
import { sniffFile, type Encoding } from './file-sniff';
import { ident, lit } from './sql';
import { transcodeToUtf8 } from './transcode';
import { rowHashExpression } from './recipe-sql';
import { DETECTION_SAMPLE_ROWS, detectTypes, typedExpression, type ColumnOverride, type Detection } from './typing';

/** One table per side holds typed values plus the raw text of typed columns (one CSV pass, one write). */
export const dataTable = (side: Side) => `data_${side}`;
/** View of the typed values, with __row_id (1-based position among loaded rows) and __row_hash. */
export const typedView = (side: Side) => `src_${side}`;
/** View of the original text of every column, with __row_id (used by exports and re-typing). */
export const rawView = (side: Side) => `raw_${side}`;
/** Row ids are 1-based positions in the file's data rows. */
export const ROW_ID = '__row_id';
/** Content hash of the raw row, stored at load: the order-independent tie-breaker of matching. */
export const ROW_HASH = '__row_hash';

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

export interface LoadContext {
  db: Db;
  workspaceDir: string;
}

/** Bytes from the browser or a paste are written into the workspace first, then loaded like a file. */
export async function writeBytesSource(workspaceDir: string, side: Side, name: string, bytes: Uint8Array): Promise<string> {
  const dir = join(workspaceDir, 'sources');
  await mkdir(dir, { recursive: true });
  const safe = basename(name).replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '') || 'source.csv';
  const target = join(dir, `${side}-${safe}`);
  await writeFile(target, bytes);
  return target;
}

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
  const sniff = await sniffFile(path, opts.encoding as Encoding | undefined);
  const notices: Notice[] = [];
  lap('sniff');
  // Hashing runs in Node while DuckDB reads the file on its own threads: it costs no wall time.
  const hashing = sha256File(path);
  hashing.catch(() => undefined); // awaited below; a load that fails first must not leave it unhandled

  // DuckDB reads UTF-8 (BOM or not) and gzip itself; anything else becomes a UTF-8 copy.
  let readPath = path;
  let compression = sniff.compressed ? 'gzip' : 'none';
  if (sniff.encoding !== 'utf-8') {
    const dir = join(ctx.workspaceDir, 'sources');
    await mkdir(dir, { recursive: true });
    readPath = join(dir, `${side}-${(await hashing).slice(0, 16)}.utf8.csv`);
    await transcodeToUtf8(path, readPath, sniff.encoding, sniff.compressed);
    compression = 'none';
    notices.push({ code: 'transcoded', message: `read as ${sniff.encoding}; transcoded to a UTF-8 copy in the workspace` });
  }

  const delimiter = opts.delimiter ?? detectDelimiter(sniff.sampleText, sniff.complete);
  const records = splitRecords(sniff.sampleText, delimiter, 50, sniff.complete);
  if (records.length === 0) throw new ReconError('empty_file', `${path} has no records`, { path });
  const hasHeader = opts.header ?? detectHeader(records);
  if (!hasHeader && opts.header === undefined) {
    throw new ReconError('no_header', `${path}: the first row (${JSON.stringify(records[0].slice(0, 5))}) looks like data, not a header; add a header row or load with header: false to name columns column_1, column_2, …`, { path, first_row: records[0] });
  }
  const width = records[0].length;
  const named = deriveColumnNames(hasHeader ? records[0] : null, width);
  notices.push(...named.notices);

  const rejects = `rejects_${side}`;
  const columnsStruct = `{${named.names.map((n) => `${lit(n)}: 'VARCHAR'`).join(', ')}}`;
  const readCsv = (extra: string) =>
    `read_csv(${lit(readPath)}, delim = ${lit(delimiter)}, quote = '"', escape = '"', header = ${hasHeader}, auto_detect = false,
       columns = ${columnsStruct}, compression = ${lit(compression)}, strict_mode = true, null_padding = false, max_line_size = 10000000${extra})`;

  // Types are detected on the first rows, then the whole file is read once straight into the typed table.
  await ctx.db.exec(`CREATE OR REPLACE TEMP TABLE kalla_sample AS SELECT * FROM ${readCsv(', ignore_errors = true')} LIMIT ${DETECTION_SAMPLE_ROWS}`);
  let detection = await detectTypes(ctx.db, 'kalla_sample', named.names, opts.column_overrides ?? {}, null);
  await ctx.db.exec('DROP TABLE IF EXISTS temp.kalla_sample');
  lap('detect');
  await ctx.db.exec(`DROP TABLE IF EXISTS ${ident(rejects)}; DROP TABLE IF EXISTS ${ident(`${rejects}_scan`)}`);
  const next = `${dataTable(side)}__next`;
  await ctx.db.exec(
    `CREATE OR REPLACE TABLE ${ident(next)} AS SELECT ${dataSelect(detection.typings)}
     FROM ${readCsv(`, store_rejects = true, rejects_table = ${lit(rejects)}, rejects_scan = ${lit(`${rejects}_scan`)}`)}`,
  );
  lap('read_csv+type');
  const badLines = await ctx.db.all<{ line: string; error_type: string; error_message: string }>(
    `SELECT line, error_type, error_message FROM ${ident(rejects)} ORDER BY line LIMIT 20`,
  );
  const badCount = await ctx.db.scalarNumber(`SELECT count(DISTINCT line) FROM ${ident(rejects)}`);
  if (badCount > 0 && !opts.skip_bad_lines) {
    await ctx.db.exec(`DROP TABLE IF EXISTS ${ident(next)}`);
    const lines = badLines.map((b) => Number(b.line));
    throw new ReconError(
      'ragged_rows',
      `${path}: ${badCount} malformed line(s) (${badLines[0].error_type.toLowerCase()}: ${badLines[0].error_message}) at line(s) ${lines.join(', ')}${badCount > lines.length ? ', …' : ''}; fix the file or load with skip_bad_lines: true`,
      { path, count: badCount, lines },
    );
  }
  if (badCount > 0) notices.push({ code: 'skipped_bad_lines', message: `skipped ${badCount} malformed line(s): ${badLines.map((b) => b.line).join(', ')}${badCount > badLines.length ? ', …' : ''}` });
  if (sniff.compressed) notices.push({ code: 'decompressed', message: 'gzip-compressed input' });

  const rowCount = await ctx.db.scalarNumber(`SELECT count(*) FROM ${ident(next)}`);
  detection = await verifyOrRedetect(ctx.db, next, named.names, opts.column_overrides ?? {}, detection, rowCount);
  lap('verify');
  // Before the swap: a file that cannot be hashed must not replace the loaded source.
  const sha256 = await hashing;
  lap('sha256 (rest)');
  await swapIn(ctx.db, side, detection.typings);
  notices.push(...detection.notices);

  return {
    side,
    name: displayName ?? basename(path),
    path,
    sha256,
    size_bytes: fileStat.size,
    mtime_ms: fileStat.mtimeMs,
    encoding: sniff.encoding,
    delimiter,
    has_header: hasHeader,
    compressed: sniff.compressed,
    row_count: rowCount,
    bad_lines: badCount,
    columns: detection.typings,
    notices,
    loaded_at: new Date().toISOString(),
    timings,
  };
}

/** Hidden column holding the original text of typed column i. */
const rawName = (i: number) => `__raw_${i}`;

/** Select list of the data table from a relation whose columns are the raw VARCHARs under their names. */
function dataSelect(typings: ColumnTyping[]): string {
  const parts: string[] = [];
  typings.forEach((t, i) => {
    if (t.derived) parts.push(`${typedExpression(t)} AS ${ident(t.name)}`);
    else if (t.type === 'text') parts.push(ident(t.name));
    else parts.push(`${typedExpression(t)} AS ${ident(t.name)}`, `${ident(t.name)} AS ${ident(rawName(i))}`);
  });
  parts.push(`${rowHashExpression(typings)} AS ${ident(ROW_HASH)}`);
  return parts.join(', ');
}

/** The raw text of every file column, under its own name, read back from a data table. */
function rawProjection(typings: ColumnTyping[]): string {
  return typings
    .map((t, i) => (t.derived ? null : t.type === 'text' ? ident(t.name) : `${ident(rawName(i))} AS ${ident(t.name)}`))
    .filter(Boolean)
    .join(', ');
}

/**
 * Sampled types that leave values unparsed somewhere in the file are re-detected
 * over all rows (still in SQL), and the table is rebuilt from its raw text.
 */
async function verifyOrRedetect(db: Db, table: string, rawNames: string[], overrides: Record<string, ColumnOverride>, detection: Detection, rowCount: number): Promise<Detection> {
  if (rowCount <= DETECTION_SAMPLE_ROWS) return detection;
  const unparsed = await unparsedCounts(db, table, detection.typings);
  if (![...unparsed.values()].some((n) => n > 0)) return detection;
  const raw = `${table}__raw`;
  await db.exec(`CREATE OR REPLACE TEMP TABLE ${ident(raw)} AS SELECT ${rawProjection(detection.typings)} FROM ${ident(table)}`);
  const full = await detectTypes(db, raw, rawNames, overrides, null);
  await db.exec(`CREATE OR REPLACE TABLE ${ident(table)} AS SELECT ${dataSelect(full.typings)} FROM ${ident(raw)}`);
  await db.exec(`DROP TABLE IF EXISTS temp.${ident(raw)}`);
  return full;
}

/** Replace the side's data table by `<data>__next` and (re)create its views. */
async function swapIn(db: Db, side: Side, typings: ColumnTyping[]): Promise<void> {
  const data = dataTable(side);
  await db.exec(`DROP VIEW IF EXISTS ${ident(typedView(side))}; DROP VIEW IF EXISTS ${ident(rawView(side))}; DROP TABLE IF EXISTS ${ident(data)}`);
  await db.exec(`ALTER TABLE ${ident(`${data}__next`)} RENAME TO ${ident(data)}`);
  await db.exec(
    `CREATE VIEW ${ident(typedView(side))} AS SELECT rowid + 1 AS ${ident(ROW_ID)}, ${typings.map((t) => ident(t.name)).join(', ')}, ${ident(ROW_HASH)} FROM ${ident(data)}`,
  );
  await db.exec(`CREATE VIEW ${ident(rawView(side))} AS SELECT rowid + 1 AS ${ident(ROW_ID)}, ${rawProjection(typings)} FROM ${ident(data)}`);
}

/** Re-type a loaded side from its raw text (column overrides), without reading the file again. */
export async function retype(db: Db, side: Side, typings: ColumnTyping[], overrides: Record<string, ColumnOverride>, rowCount: number): Promise<Detection> {
  const rawNames = typings.filter((t) => !t.derived).map((t) => t.name);
  const next = `${dataTable(side)}__next`;
  await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_raw AS SELECT ${rawProjection(typings)} FROM ${ident(dataTable(side))}`);
  let detection = await detectTypes(db, 'kalla_raw', rawNames, overrides);
  await db.exec(`CREATE OR REPLACE TABLE ${ident(next)} AS SELECT ${dataSelect(detection.typings)} FROM kalla_raw`);
  await db.exec('DROP TABLE IF EXISTS temp.kalla_raw');
  detection = await verifyOrRedetect(db, next, rawNames, overrides, detection, rowCount);
  await swapIn(db, side, detection.typings);
  return detection;
}

/** Non-blank raw values that the data table holds as NULL, per typed (non-text) column. */
export async function unparsedCounts(db: Db, table: string, typings: ColumnTyping[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const checked = typings.map((t, i) => ({ t, i })).filter(({ t }) => t.type !== 'text' && !t.derived);
  if (checked.length === 0) return out;
  const row = await db.one<Record<string, string>>(
    `SELECT ${checked.map(({ t, i }) => `count_if(${ident(t.name)} IS NULL AND nullif(trim(${ident(rawName(i))}), '') IS NOT NULL) AS u_${i}`).join(', ')} FROM ${ident(table)}`,
  );
  checked.forEach(({ t, i }) => out.set(t.name, Number(row?.[`u_${i}`] ?? 0)));
  return out;
}

/** Has the original file changed since it was loaded? Hash only when size or mtime moved. */
export async function checkSourceUnchanged(info: SourceInfo): Promise<'same' | 'missing' | 'changed'> {
  const s = await stat(info.path).catch(() => null);
  if (!s) return 'missing';
  if (s.size === info.size_bytes && s.mtimeMs === info.mtime_ms) return 'same';
  return (await sha256File(info.path)) === info.sha256 ? 'same' : 'changed';
}
