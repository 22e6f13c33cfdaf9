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
import { DETECTION_SAMPLE_ROWS, detectTypes, typedSelectList, type ColumnOverride, type Detection } from './typing';

export const rawTable = (side: Side) => `raw_${side}`;
export const typedView = (side: Side) => `src_${side}`;
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
  const sha256 = await sha256File(path);
  lap('sha256');

  // DuckDB reads UTF-8 (BOM or not) and gzip itself; anything else becomes a UTF-8 copy.
  let readPath = path;
  let compression = sniff.compressed ? 'gzip' : 'none';
  if (sniff.encoding !== 'utf-8') {
    const dir = join(ctx.workspaceDir, 'sources');
    await mkdir(dir, { recursive: true });
    readPath = join(dir, `${side}-${sha256.slice(0, 16)}.utf8.csv`);
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

  const raw = rawTable(side);
  const rejects = `rejects_${side}`;
  const columnsStruct = `{${named.names.map((n) => `${lit(n)}: 'VARCHAR'`).join(', ')}}`;
  await ctx.db.exec(`DROP TABLE IF EXISTS ${ident(rejects)}; DROP TABLE IF EXISTS ${ident(`${rejects}_scan`)}`);
  await ctx.db.exec(
    `CREATE OR REPLACE TABLE ${ident(raw)} AS SELECT * FROM read_csv(${lit(readPath)},
       delim = ${lit(delimiter)}, quote = '"', escape = '"', header = ${hasHeader}, auto_detect = false,
       columns = ${columnsStruct}, compression = ${lit(compression)}, strict_mode = true, null_padding = false,
       store_rejects = true, rejects_table = ${lit(rejects)}, rejects_scan = ${lit(`${rejects}_scan`)}, max_line_size = 10000000)`,
  );
  lap('read_csv');
  const badLines = await ctx.db.all<{ line: string; error_type: string; error_message: string }>(
    `SELECT line, error_type, error_message FROM ${ident(rejects)} ORDER BY line LIMIT 20`,
  );
  const badCount = await ctx.db.scalarNumber(`SELECT count(DISTINCT line) FROM ${ident(rejects)}`);
  if (badCount > 0 && !opts.skip_bad_lines) {
    await ctx.db.exec(`DROP TABLE IF EXISTS ${ident(raw)}`);
    const lines = badLines.map((b) => Number(b.line));
    throw new ReconError(
      'ragged_rows',
      `${path}: ${badCount} malformed line(s) (${badLines[0].error_type.toLowerCase()}: ${badLines[0].error_message}) at line(s) ${lines.join(', ')}${badCount > lines.length ? ', …' : ''}; fix the file or load with skip_bad_lines: true`,
      { path, count: badCount, lines },
    );
  }
  if (badCount > 0) notices.push({ code: 'skipped_bad_lines', message: `skipped ${badCount} malformed line(s): ${badLines.map((b) => b.line).join(', ')}${badCount > badLines.length ? ', …' : ''}` });
  if (sniff.compressed) notices.push({ code: 'decompressed', message: 'gzip-compressed input' });

  const rowCount = await ctx.db.scalarNumber(`SELECT count(*) FROM ${ident(raw)}`);
  const detection = await buildTypedTable(ctx.db, side, named.names, opts.column_overrides ?? {}, rowCount);
  notices.push(...detection.notices);
  lap('type');

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

/**
 * Detect types (on the first rows), materialise the typed table once — every
 * later phase reads typed values without re-parsing — then verify against
 * all rows. When a sampled type leaves values unparsed, those columns are
 * re-detected over the whole table.
 */
export async function buildTypedTable(db: Db, side: Side, rawNames: string[], overrides: Record<string, ColumnOverride>, rowCount: number): Promise<Detection> {
  let detection = await detectTypes(db, rawTable(side), rawNames, overrides);
  await materialise(db, side, detection.typings);
  if (rowCount > DETECTION_SAMPLE_ROWS) {
    const suspect = await unparsedCounts(db, side, detection.typings);
    if ([...suspect.values()].some((n) => n > 0)) {
      detection = await detectTypes(db, rawTable(side), rawNames, overrides, null);
      await materialise(db, side, detection.typings);
    }
  }
  return detection;
}

async function materialise(db: Db, side: Side, typings: ColumnTyping[]): Promise<void> {
  await db.exec(
    `CREATE OR REPLACE TABLE ${ident(typedView(side))} AS SELECT rowid + 1 AS ${ident(ROW_ID)}, ${typedSelectList(typings)}, ${rowHashExpression(typings)} AS ${ident(ROW_HASH)} FROM ${ident(rawTable(side))}`,
  );
}

/** Non-blank raw values that the typed table holds as NULL, per typed (non-text) column. */
export async function unparsedCounts(db: Db, side: Side, typings: ColumnTyping[]): Promise<Map<string, number>> {
  const checked = typings.filter((t) => t.type !== 'text' && !t.derived);
  const out = new Map<string, number>();
  if (checked.length === 0) return out;
  const row = await db.one<Record<string, string>>(
    `SELECT ${checked.map((t, i) => `count_if(t.${ident(t.name)} IS NULL AND nullif(trim(r.${ident(t.name)}), '') IS NOT NULL) AS u_${i}`).join(', ')}
     FROM ${ident(rawTable(side))} r POSITIONAL JOIN ${ident(typedView(side))} t`,
  );
  checked.forEach((t, i) => out.set(t.name, Number(row?.[`u_${i}`] ?? 0)));
  return out;
}

/** Has the original file changed since it was loaded? Hash only when size or mtime moved. */
export async function checkSourceUnchanged(info: SourceInfo): Promise<'same' | 'missing' | 'changed'> {
  const s = await stat(info.path).catch(() => null);
  if (!s) return 'missing';
  if (s.size === info.size_bytes && s.mtimeMs === info.mtime_ms) return 'same';
  return (await sha256File(info.path)) === info.sha256 ? 'same' : 'changed';
}
