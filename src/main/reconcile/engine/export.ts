/**
 * Exports of a run: one CSV per category (written by DuckDB's COPY, ordered,
 * so identical results give identical bytes; formula triggers neutralised, see
 * csv-guard.ts), an XLSX workbook with the same tables plus a summary sheet,
 * optionally one Parquet file per category, and an evidence JSON.
 */
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { basename, isAbsolute, join } from 'node:path';
import type { ExportFormat, ExportOptions, ExportResult, PageCategory, RunSummary, Side, SourceInfo } from '../../../shared/reconcile/sources-and-runs';
import { PAGE_CATEGORIES, RECON_ENGINE_VERSION } from '../../../shared/reconcile/sources-and-runs';
import type { Recipe } from '../../../shared/reconcile/recipe';
import { onOneThread, plannedForWidth, WIDE_STATEMENT_COLUMNS, type Db } from './db';
import { copyCsv, type KnownTable } from './csv-guard';
import { ReconError } from '../../errors';
import { differenceReasonSql, getRunRow, MATCHED_STATUSES } from './results';
import { readAuditLog } from './review';
import { journalExport, STAGING_PREFIX } from './leftovers';
import { ident, lit } from './sql';
import { dropRawText, materializeRawText, sha256File } from './sources';
import { sourceLineBreaks } from './source-lines';
import { listValue } from '@duckdb/node-api';
import { writeXlsx, XLSX_MAX_ROWS, type Cell, type SheetSource } from './xlsx';
import { ROWS_COPY_OPTIONS, sheetRowsSql, XLSX_NUMERIC_COLUMNS } from './xlsx-rows-sql';

/** Column of the raw text views (during an export) with the row's line in the user's file. */
const LINE = '__line';
const lineTable = (side: Side) => `kalla_lines_${side}`;

/**
 * Adds LINE to the raw text view `raw`: the line (CSV) or sheet row (XLSX) each row starts on in
 * the user's file. False (and LINE empty) when it cannot be worked out; see source-lines.ts.
 */
async function withLineNumbers(db: Db, raw: string, info: SourceInfo): Promise<boolean> {
  const breaks = await sourceLineBreaks(info);
  const table = ident(lineTable(info.side));
  await db.exec(`CREATE OR REPLACE TEMP TABLE ${table} (from_row BIGINT, line_offset BIGINT)`);
  if (breaks) await db.exec(`INSERT INTO ${table} SELECT unnest($1::BIGINT[]), unnest($2::BIGINT[])`, [listValue(breaks.fromRow), listValue(breaks.offset)]);
  const data = `${raw}__lined`;
  // One offset for every row (no lines left out inside the table) or none known: no join. The ASOF
  // join and its sort carried every column of a 5,000-column file (1.1 vs 0.45 s CPU, issue 27).
  const constant = !breaks || breaks.fromRow.length === 0 ? 'NULL' : breaks.fromRow.length === 1 && breaks.fromRow[0]! <= 1 ? String(breaks.offset[0]) : null;
  // One offset (or none) and the text read into its own table (materializeRawText: the view numbers
  // its rows by rowid): the line is added to that table as a column, not by copying every column
  // (0.8–0.9 s CPU per side of a 5,000-column pair, issue 27). The view's columns are the same.
  const text = `${raw}__data`;
  if (constant !== null && !info.columns.some((c) => c.name === LINE) && (await db.hasTempTable(text))) {
    await db.exec(`ALTER TABLE temp.${ident(text)} ADD COLUMN ${LINE} BIGINT`);
    if (constant !== 'NULL') await db.exec(`UPDATE temp.${ident(text)} SET ${LINE} = rowid + 1 + ${constant}`);
    await db.exec(`CREATE OR REPLACE TEMP VIEW ${ident(raw)} AS SELECT rowid + 1 AS __row_id, * FROM temp.${ident(text)}`);
    return breaks !== null;
  }
  await db.exec(
    constant !== null
      ? `CREATE OR REPLACE TEMP TABLE ${ident(data)} AS SELECT r.*, CAST(r.__row_id + ${constant} AS BIGINT) AS ${LINE} FROM ${ident(raw)} r ORDER BY r.__row_id`
      : `CREATE OR REPLACE TEMP TABLE ${ident(data)} AS SELECT r.*, CAST(r.__row_id + b.line_offset AS BIGINT) AS ${LINE}
    FROM ${ident(raw)} r ASOF LEFT JOIN ${table} b ON r.__row_id >= b.from_row ORDER BY r.__row_id`,
  );
  await dropRawText(db, raw);
  await db.exec(`CREATE OR REPLACE TEMP VIEW ${ident(raw)} AS SELECT * FROM ${ident(data)}`);
  return breaks !== null;
}

/**
 * An export of more than WIDE_STATEMENT_COLUMNS columns (both files together) is planned without
 * the common-subexpression pass (db.ts) and run on one DuckDB thread: every operator of a wide
 * statement holds a 2,048-row vector per column (32 KiB, counted against the memory limit even for
 * 50 rows) on each thread (issue 27). `threads` is the whole database's setting: a load running
 * meanwhile is slower, not different. The results are the same. The setting found is put back.
 */
async function exportForWidth<T>(db: Db, columns: number, body: () => Promise<T>): Promise<T> {
  if (columns <= WIDE_STATEMENT_COLUMNS) return body();
  return onOneThread(db, () => plannedForWidth(db, columns, body));
}

/** TEMP tables holding an export's tables while it is written (dropped when it ends). */
const EXPORT_TABLE_PREFIX = 'kalla_export_';

/** How many times an export reads each of its tables (the CSV guard reads it twice: probe and COPY). */
export function countPasses(formats: readonly ExportFormat[], csvGuard: boolean): number {
  return (formats.includes('csv') ? (csvGuard ? 2 : 1) : 0) + (formats.includes('xlsx') ? 1 : 0) + (formats.includes('parquet') ? 1 : 0);
}

/** Every table an export writes (one CSV/Parquet file or XLSX sheet each). */
export const EXPORT_TABLES = [...PAGE_CATEGORIES, 'filtered_out_left', 'filtered_out_right', 'review_log'] as const;

/** The group's own columns; `g` is the alias of match_groups in the query (empty for none). */
function groupColumns(g = ''): string {
  const p = g ? `${g}.` : '';
  return `${p}group_id, ${p}rule_id, ${p}cardinality, ${p}status,
  array_to_string(${p}left_ids, ' ') AS left_row_ids, array_to_string(${p}right_ids, ' ') AS right_row_ids,
  ${p}amount_left, ${p}amount_right, ${p}amount_delta, ${differenceReasonSql(p)} AS difference_reason, ${p}date_delta_days, ${p}score, ${p}note, ${p}evidence`;
}

/**
 * The business columns matched/suggested rows carry for each side, named `<alias>.<column>` in the
 * export. Members of a split or batch group are joined with " | " in row order.
 */
export interface BusinessColumns {
  left: { alias: string; columns: string[] };
  right: { alias: string; columns: string[] };
}

/**
 * Which sides of a category have a group with more than one member there (a split or a batch):
 * false for a side whose groups are all single, so its members are one plain join (see membersSql).
 */
export type MultiMemberSides = Record<Side, boolean>;

/** Whether any group of the run with `status` (SQL after `status `) has more than one member on each side. */
async function multiMemberSides(db: Db, runId: number, status: string): Promise<MultiMemberSides> {
  const any = async (ids: string) => (await db.one(`SELECT 1 AS x FROM match_groups WHERE run_id = ${runId} AND status ${status} AND len(${ids}) > 1 LIMIT 1`)) !== undefined;
  return { left: await any('left_ids'), right: await any('right_ids') };
}

/**
 * `g.group_id`'s members on one side with the chosen raw columns, aggregated per group. `multi`
 * false (no group of this status has more than one member on this side): only the plain join of
 * single members, each value cast to VARCHAR as the UNION with the gathered members typed it. The
 * UNION's second branch was planned and run for nothing: 3.2 → 1.5 s CPU for the matched table of
 * the 5,000-column pair, where every group is 1:1 (issue 27). Same rows, same column types.
 */
function membersSql(runId: number, status: string, side: Side, raw: string, cols: { alias: string; columns: string[] }, multi = true): string {
  const ids = side === 'left' ? 'left_ids' : 'right_ids';
  const values = [{ expr: `CAST(s.${LINE} AS VARCHAR)`, name: `${cols.alias}.line` }, ...cols.columns.map((c) => ({ expr: `s.${ident(c)}`, name: `${cols.alias}.${c}` }))];
  // Most groups have one member per side: those are a plain join. The splits and batches gather their
  // members' values in one list per group sorted by row id, then join each column with " | " (NULLs
  // skipped, all NULL → NULL: what string_agg does). One string_agg(… ORDER BY rid) per column sorted
  // every group once per column: 1.0–1.2 s CPU for the left side of the 1M cash run, 0.23–0.31 s this way.
  // Each member is a VARCHAR list led by its zero-padded row id (sorts as the id), not a struct: with
  // one field per column, a 3,749-field struct type was copied and compared once per column while
  // DuckDB planned the statement (quadratic: the 5,000-column export planned for minutes, issue 27).
  const single = values.map((v) => `${v.expr} AS ${ident(v.name)}`);
  const member = [`lpad(CAST(m.rid AS VARCHAR), 20, '0')`, ...values.map((v) => `CAST(${v.expr} AS VARCHAR)`)];
  const joined = values.map((v, i) => `array_to_string(list_transform(m.v, x -> x[${i + 2}]), ' | ') AS ${ident(v.name)}`);
  const groups = `FROM match_groups WHERE run_id = ${runId} AND status ${status}`;
  const singles = `FROM (SELECT group_id, ${ids}[1] AS rid ${groups} AND len(${ids}) = 1) g1 JOIN ${ident(raw)} s ON s.__row_id = g1.rid`;
  if (!multi) return `SELECT g1.group_id, ${values.map((v) => `CAST(${v.expr} AS VARCHAR) AS ${ident(v.name)}`).join(', ')}\n      ${singles}`;
  const gathered = `SELECT m.group_id, list_sort(list([${member.join(', ')}])) AS v
      FROM (SELECT group_id, unnest(${ids}) AS rid ${groups} AND len(${ids}) > 1) m
      JOIN ${ident(raw)} s ON s.__row_id = m.rid GROUP BY m.group_id`;
  // A wide export joins the members' values per column position in one aggregate (unnested, joined
  // in row-id order, gathered back by position) and takes them out by position: one lambda per
  // column was bound and planned once each, 1.9 s CPU for an empty 3,100-column side (issue 27).
  // Same strings: the values in the members' order, NULLs skipped by array_to_string as before.
  const joinedAll = values.length > WIDE_STATEMENT_COLUMNS
    ? `SELECT m.group_id, ${values.map((v, i) => `m.j[${i + 1}] AS ${ident(v.name)}`).join(', ')} FROM (
      SELECT group_id, list(s ORDER BY k) AS j FROM (
        SELECT group_id, k, array_to_string(list(val ORDER BY rid), ' | ') AS s FROM (
          SELECT group_id, x[1] AS rid, unnest(x[2:]) AS val, unnest(range(${values.length})) AS k FROM (SELECT group_id, unnest(v) AS x FROM (${gathered})))
        GROUP BY group_id, k)
      GROUP BY group_id) m`
    : `SELECT m.group_id, ${joined.join(', ')} FROM (${gathered}) m`;
  return `SELECT g1.group_id, ${single.join(', ')}
      ${singles}
    UNION ALL
    ${joinedAll}`;
}

/**
 * SQL for one category's export table: metadata first, then the row's original (raw) values from
 * `rawText`. `multi` (matched and suggested): the sides that have a group of several members; by
 * default both, which is right for any run (the other form only leaves out an empty branch).
 */
export function categorySql(runId: number, category: PageCategory, rawText: Record<Side, string>, business?: BusinessColumns, multi?: MultiMemberSides): string {
  if (category === 'matched' || category === 'suggested') {
    const status = category === 'matched' ? `IN ${MATCHED_STATUSES}` : `= 'suggested'`;
    const sides = (['left', 'right'] as const).filter((side) => business && business[side].columns.length > 0);
    if (!business || sides.length === 0) return `SELECT ${groupColumns('g')} FROM match_groups g WHERE g.run_id = ${runId} AND g.status ${status} ORDER BY g.group_id`;
    const joins = sides.map((side) => `LEFT JOIN (${membersSql(runId, status, side, rawText[side], business[side], multi?.[side] ?? true)}) b_${side} ON b_${side}.group_id = g.group_id`);
    const picks = sides.map((side) => `b_${side}.* EXCLUDE (group_id)`);
    return `SELECT ${groupColumns('g')}, ${picks.join(', ')} FROM match_groups g ${joins.join(' ')} WHERE g.run_id = ${runId} AND g.status ${status} ORDER BY g.group_id`;
  }
  const side = category.endsWith('left') ? 'left' : 'right';
  if (category.startsWith('exceptions')) {
    return `SELECT e.row_id AS recon_row_id, s.__line AS recon_line, e.reason AS recon_reason, e.rule_id AS recon_rule_id, e.counterpart_row_id AS recon_counterpart_row_id,
        e.amount_delta AS recon_amount_delta, e.date_delta_days AS recon_date_delta_days,
        e.annotation_reason AS recon_annotation_reason, e.annotation_note AS recon_annotation_note,
        e.owner AS recon_owner, coalesce(e.queue_status, 'open') AS recon_status, strftime(e.due_date, '%Y-%m-%d') AS recon_due_date, s.* EXCLUDE (__row_id, __line)
      ${rowsFrom(runId, category, rawText)} ORDER BY rr.row_id`;
  }
  return `SELECT rr.row_id AS recon_row_id, s.__line AS recon_line, s.* EXCLUDE (__row_id, __line)
    ${rowsFrom(runId, category, rawText)} ORDER BY rr.row_id`;
}

/** The rows of an exceptions, unmatched or filtered-out table: its FROM and WHERE (`s`: the raw text). */
function rowsFrom(runId: number, category: Exclude<PageCategory, 'matched' | 'suggested'> | `filtered_out_${Side}`, rawText: Record<Side, string>, asSql = false): string {
  const side = category.endsWith('left') ? 'left' : 'right';
  const raw = asSql ? rawText[side] : ident(rawText[side]);
  if (category.startsWith('filtered_out')) {
    return `FROM ${raw} s WHERE NOT EXISTS (SELECT 1 FROM run_rows rr WHERE rr.run_id = ${runId} AND rr.side = '${side}' AND rr.row_id = s.__row_id)`;
  }
  if (category.startsWith('exceptions')) {
    return `FROM run_rows rr JOIN exceptions e ON e.run_id = rr.run_id AND e.side = rr.side AND e.row_id = rr.row_id
      JOIN ${raw} s ON s.__row_id = rr.row_id
      WHERE rr.run_id = ${runId} AND rr.side = '${side}' AND rr.category = 'exception'`;
  }
  return `FROM run_rows rr JOIN ${raw} s ON s.__row_id = rr.row_id
    WHERE rr.run_id = ${runId} AND rr.side = '${side}' AND rr.category = 'unmatched'`;
}

/**
 * A narrow query with a row when the row table `name` may have one (null for the other tables): an
 * empty table of a wide file is made by `LIMIT 0`, which DuckDB neither joins nor sorts (0.5 s CPU
 * per empty 5,000-column table, six of them in a run where everything matched; issue 27). The probe
 * never names the raw text view, whose binding expands every column of the file (0.1 s CPU each at
 * 5,000 columns): exceptions and unmatched rows are asked of run_rows alone (a row the join would
 * drop only makes the full query run, and come out empty), filtered-out rows of `rowIds[side]`, the
 * row ids of the raw text read narrowly (see rawRowIdsSql).
 */
function rowsProbeSql(runId: number, name: string, rawText: Record<Side, string>, rowIds: Record<Side, string>): string | null {
  const m = /^(exceptions|unmatched|filtered_out)_(left|right)$/.exec(name);
  if (!m) return null;
  const side = m[2] as Side;
  if (m[1] === 'filtered_out') return `SELECT 1 AS x ${rowsFrom(runId, name as `filtered_out_${Side}`, { ...rawText, [side]: rowIds[side] }, true)} LIMIT 1`;
  if (m[1] === 'exceptions') {
    return `SELECT 1 AS x FROM run_rows rr JOIN exceptions e ON e.run_id = rr.run_id AND e.side = rr.side AND e.row_id = rr.row_id
      WHERE rr.run_id = ${runId} AND rr.side = '${side}' AND rr.category = 'exception' LIMIT 1`;
  }
  return `SELECT 1 AS x FROM run_rows rr WHERE rr.run_id = ${runId} AND rr.side = '${side}' AND rr.category = 'unmatched' LIMIT 1`;
}

/**
 * The row ids (`__row_id`) of a raw text view without binding its columns: the table it numbers by
 * rowid, or the table holding its lines; the view itself when neither is known (an older load).
 */
async function rawRowIdsSql(db: Db, raw: string): Promise<string> {
  if (await db.hasTempTable(`${raw}__data`)) return `(SELECT rowid + 1 AS __row_id FROM temp.${ident(`${raw}__data`)})`;
  if (await db.hasTempTable(`${raw}__lined`)) return `(SELECT __row_id FROM temp.${ident(`${raw}__lined`)})`;
  return ident(raw);
}

/** Rows a filter kept out of the run: every loaded row that has no place in the run's results. */
export function filteredOutSql(runId: number, side: Side, rawText: Record<Side, string>): string {
  return `SELECT s.__row_id AS recon_row_id, s.__line AS recon_line, s.* EXCLUDE (__row_id, __line) ${rowsFrom(runId, `filtered_out_${side}`, rawText)} ORDER BY s.__row_id`;
}

/** The review log of a run: who did what, when, to which group or row, with the note. */
export function reviewLogSql(runId: number): string {
  return `SELECT seq, strftime("at", '%Y-%m-%dT%H:%M:%S.%gZ') AS at, os_user AS who, action,
      coalesce(after->>'group_id', before->>'group_id') AS group_id,
      coalesce(array_to_string(CAST(coalesce(after->'left_ids', before->'left_ids') AS BIGINT[]), ' '), '') AS left_row_ids,
      coalesce(array_to_string(CAST(coalesce(after->'right_ids', before->'right_ids') AS BIGINT[]), ' '), '') AS right_row_ids,
      coalesce(after->>'side', before->>'side') AS side,
      coalesce(after->>'row_id', before->>'row_id') AS row_id,
      -- An exception's annotation, or the difference an accept named (what matched.csv says).
      coalesce(after->>'annotation_reason', CASE WHEN action = 'accept' THEN after->>'difference_reason' END, '') AS reason,
      coalesce(after->>'note', after->>'annotation_note', before->>'note', '') AS note,
      -- The exceptions work queue: who owns it, where it stands, by when (as the action left it).
      CASE WHEN action IN ('exception_update', 'annotate') THEN coalesce(after->>'owner', '') ELSE '' END AS owner,
      CASE WHEN action IN ('exception_update', 'annotate') THEN coalesce(after->>'status', '') ELSE '' END AS status,
      CASE WHEN action IN ('exception_update', 'annotate') THEN coalesce(after->>'due_date', '') ELSE '' END AS due_date
    FROM audit_log WHERE run_id = ${runId} ORDER BY seq`;
}

/**
 * A table's columns and types as DESCRIBE gives them, read from the catalog: DESCRIBE plans a
 * SELECT * first (0.24–0.29 s CPU for a 10,000-column table vs 6–20 ms here; issue 27). Not for
 * views (their query is bound either way). `name` is quoted (and qualified) SQL.
 */
async function describeTable(db: Db, name: string): Promise<{ column_name: string; column_type: string }[]> {
  return db.all<{ column_name: string; column_type: string }>(`SELECT name AS column_name, type AS column_type FROM pragma_table_info(${lit(name)}) ORDER BY cid`);
}

/** Business columns by default: the recipe's mapped columns (else the rules' columns) that the raw copies have. */
async function businessColumns(db: Db, recipe: Recipe, rawText: Record<Side, string>, chosen?: ExportOptions['business_columns']): Promise<BusinessColumns> {
  // The names only: read from the table the raw text view numbers (or adds line numbers to) in the
  // catalog, whose columns are the view's but __row_id (left out below either way): DESCRIBE of the
  // view planned a SELECT * (150–190 ms CPU a side at 5,000 columns, issue 27). An older load's view
  // has no such table: DESCRIBE, not describeTable (pragma_table_info binds a view's query too).
  const present = async (side: Side) => {
    const raw = rawText[side];
    const table = (await db.hasTempTable(`${raw}__data`)) ? `${raw}__data` : (await db.hasTempTable(`${raw}__lined`)) ? `${raw}__lined` : null;
    const columns = table ? await describeTable(db, `temp.${ident(table)}`) : await db.all<{ column_name: string }>(`DESCRIBE ${ident(raw)}`);
    return new Set(columns.map((c) => c.column_name));
  };
  // The columns the rules compared: keys (and the texts references were read from), the scored
  // model's reference and counterparty columns, amounts and dates — the evidence of each group.
  const fromRules = (side: Side) =>
    recipe.rules.flatMap((r) => [
      ...r.keys.flatMap((k) => (side === 'left' ? [k.left] : [k.right, ...(k.right_also ?? [])])),
      ...(r.model?.references ?? []).flatMap((ref) => (side === 'left' ? [ref.left] : ref.right)),
      ...(r.model?.party ? [r.model.party[side]] : []),
      ...(r.amount ? [side === 'left' ? r.amount.left : r.amount.right] : []),
      ...(r.date ? [side === 'left' ? r.date.left : r.date.right] : []),
    ]);
  const out = {} as BusinessColumns;
  for (const side of ['left', 'right'] as const) {
    const have = await present(side);
    const mapped = recipe.mappings.map((m) => (side === 'left' ? m.field_a : m.field_b));
    // What was mapped, then what the rules used as evidence (a reference read from a text nobody mapped).
    const wanted = chosen?.[side] ?? [...mapped, ...fromRules(side)];
    out[side] = { alias: side === 'left' ? recipe.left.alias : recipe.right.alias, columns: [...new Set(wanted)].filter((c) => have.has(c) && c !== '__row_id' && c !== LINE) };
  }
  return out;
}

function summaryRows(summary: RunSummary): Cell[][] {
  const rows: Cell[][] = [];
  for (const category of ['matched', 'suggested', 'exceptions', 'unmatched'] as const) {
    for (const side of ['left', 'right'] as const) rows.push([category, side, summary[category][side].count, summary[category][side].amount]);
  }
  rows.push(['match_rate', 'both', summary.match_rate, null]);
  return rows;
}

async function validateDir(dir: string): Promise<void> {
  if (typeof dir !== 'string' || dir.includes('\0')) throw new ReconError('invalid_path', 'export directory must be a path without NUL characters');
  if (!isAbsolute(dir)) throw new ReconError('invalid_path', `export directory must be absolute: ${dir}`);
  const s = await stat(dir).catch(() => null);
  if (!s || !s.isDirectory()) throw new ReconError('invalid_path', `export directory does not exist: ${dir}`);
}

async function* streamRows(db: Db, sql: string): AsyncIterable<Cell[]> {
  // Decimals and lists become DOUBLE/VARCHAR so cells are plain JS values.
  const result = await db.conn.stream(sql);
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    for (const r of chunk.getRows()) yield r.map(toCell);
  }
}

function toCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return v;
  return String(v);
}

async function columnNames(db: Db, sql: string): Promise<string[]> {
  const reader = await db.conn.runAndReadUntil(`SELECT * FROM (${sql}) LIMIT 0`, 0);
  return reader.columnNames();
}

/** For XLSX, decimals become DOUBLE so Excel sees numbers. */
function numericSql(sql: string, names: string[]): string {
  return `SELECT ${names.map((n) => (XLSX_NUMERIC_COLUMNS.has(n) ? `CAST(${ident(n)} AS DOUBLE) AS ${ident(n)}` : ident(n))).join(', ')} FROM (${sql})`;
}

export async function exportRun(
  db: Db,
  runId: number,
  opts: ExportOptions,
  context: { summary: RunSummary; sources: Partial<Record<Side, SourceInfo>>; current: Record<Side, SourceInfo>; engineDir: string },
): Promise<ExportResult> {
  await validateDir(opts.dir);
  const run = await getRunRow(db, runId);
  if (run.status !== 'completed') throw new ReconError('invalid_review', `run ${runId} is ${run.status}; only completed runs can be exported`);
  const formats: ExportFormat[] = opts.formats ?? ['csv', 'xlsx', 'evidence'];
  const planned: string[] = [];
  if (formats.includes('csv')) planned.push(...EXPORT_TABLES.map((c) => `${c}.csv`), 'summary.csv');
  if (formats.includes('xlsx')) planned.push('reconciliation.xlsx');
  if (formats.includes('parquet')) planned.push(...EXPORT_TABLES.map((c) => `${c}.parquet`));
  if (formats.includes('evidence')) planned.push('evidence.json');
  const paths = planned.map((f) => join(opts.dir, f));
  if (!opts.overwrite) {
    const existing: string[] = [];
    for (const p of paths) if (await stat(p).catch(() => null)) existing.push(p);
    if (existing.length > 0) throw new ReconError('file_exists', `export would overwrite ${existing.join(', ')}; pass overwrite: true to replace`, { files: existing });
  }
  const notices: string[] = [];
  const written: string[] = [];
  // Files are written into a hidden folder next to their destination and moved into place only
  // when all are complete: an export that fails or is killed halfway leaves no file that looks
  // finished (a 1M-row export takes ~10 s).
  // Journaled before it exists: a kill between creating the folder and journaling it left a folder
  // nothing would ever remove (the kill test hit exactly that window once).
  const staging = join(opts.dir, `${STAGING_PREFIX}${randomUUID().slice(0, 12)}`);
  const forget = await journalExport(context.engineDir, staging);
  await mkdir(staging);
  // Exceptions and unmatched rows are exported with their original text, read again from the copies.
  const rawText: Partial<Record<Side, string>> = {};
  const materialised: string[] = [];
  try {
    if (formats.includes('csv') || formats.includes('xlsx') || formats.includes('parquet')) {
      for (const side of ['left', 'right'] as const) {
        rawText[side] = await materializeRawText(db, context.current[side]);
        if (!(await withLineNumbers(db, rawText[side], context.current[side]))) {
          notices.push(`${context.current[side].name}: the line numbers of its rows could not be worked out from the workspace copy; its recon_line and .line columns are left empty`);
        }
      }
    }
    const width = context.current.left.columns.length + context.current.right.columns.length;
    await exportForWidth(db, width, () =>
      writeFormats(db, runId, { ...opts, dir: staging }, formats, context, rawText as Record<Side, string>, written, notices, run, materialised),
    );
    const files: string[] = [];
    for (const staged of written) {
      const target = join(opts.dir, basename(staged));
      await rename(staged, target);
      files.push(target);
    }
    return { files, notices };
  } finally {
    for (const table of materialised) await db.exec(`DROP TABLE IF EXISTS temp.${ident(table)}`).catch(() => undefined);
    for (const table of Object.values(rawText)) {
      await dropRawText(db, table);
      await db.exec(`DROP TABLE IF EXISTS temp.${ident(`${table}__lined`)}`).catch(() => undefined);
    }
    for (const side of ['left', 'right'] as const) await db.exec(`DROP TABLE IF EXISTS temp.${ident(lineTable(side))}`).catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
    await forget();
  }
}

async function writeFormats(
  db: Db,
  runId: number,
  opts: ExportOptions,
  formats: ExportFormat[],
  context: { summary: RunSummary; sources: Partial<Record<Side, SourceInfo>> },
  rawText: Record<Side, string>,
  written: string[],
  notices: string[],
  run: Awaited<ReturnType<typeof getRunRow>>,
  materialised: string[] = [],
): Promise<void> {
  const recipe = JSON.parse(run.recipe) as Recipe;
  const tables: ExportTable[] = [];
  if (formats.some((f) => f !== 'evidence')) {
    const business = await businessColumns(db, recipe, rawText, opts.business_columns);
    for (const category of PAGE_CATEGORIES) {
      const status = category === 'matched' ? `IN ${MATCHED_STATUSES}` : category === 'suggested' ? `= 'suggested'` : null;
      const multi = status ? await multiMemberSides(db, runId, status) : undefined;
      tables.push({ name: category, sql: categorySql(runId, category, rawText, business, multi) });
    }
    tables.push({ name: 'filtered_out_left', sql: filteredOutSql(runId, 'left', rawText) }, { name: 'filtered_out_right', sql: filteredOutSql(runId, 'right', rawText) }, { name: 'review_log', sql: reviewLogSql(runId) });
  }
  // Each table is computed once: the CSV guard's probe, the CSV, the XLSX sheet and the Parquet file
  // used to evaluate the same query (joins with the raw text, difference reasons) up to four times.
  // At 1M rows the matched table alone took 2.6 s (probe) + 4.1 s (COPY); see docs/performance.md.
  // XLSX reads a materialised table too: DuckDB writes its rows' XML in the table's order (xlsx-rows-sql.ts).
  if (materialised.length === 0 && (countPasses(formats, opts.csv_formulas !== 'raw') > 1 || formats.includes('xlsx'))) {
    const rowIds = { left: await rawRowIdsSql(db, rawText.left), right: await rawRowIdsSql(db, rawText.right) };
    for (const t of tables) {
      const table = `${EXPORT_TABLE_PREFIX}${t.name}`;
      materialised.push(table);
      // No suggested group: the matched table's columns without its rows (the same query but for the
      // status, so the same columns and types). Planning the empty wide query took ~2 s CPU (issue 27).
      const empty = t.name === 'suggested' && materialised.includes(`${EXPORT_TABLE_PREFIX}matched`) && !(await db.one(`SELECT 1 AS x FROM match_groups WHERE run_id = ${runId} AND status = 'suggested' LIMIT 1`));
      const probe = rowsProbeSql(runId, t.name, rawText, rowIds);
      const noRows = probe !== null && !(await db.one(probe));
      await db.exec(`CREATE OR REPLACE TEMP TABLE ${ident(table)} AS ${empty ? `SELECT * FROM temp.${ident(`${EXPORT_TABLE_PREFIX}matched`)} LIMIT 0` : noRows ? `${t.sql} LIMIT 0` : t.sql}`);
      t.sql = `SELECT * FROM temp.${ident(table)}`;
      // Described and counted once for the CSV probe and the sheet (each DESCRIBE of a 10,000-column
      // table planned for ~0.2 s CPU, issue 27).
      t.known = {
        columns: await describeTable(db, `temp.${ident(table)}`),
        rows: empty || noRows ? 0 : ((await db.one<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM temp.${ident(table)}`))?.n ?? 0),
      };
    }
  }
  if (formats.includes('csv')) await writeCsvs(db, tables, opts, context.summary, written);
  if (formats.includes('xlsx')) await writeWorkbook(db, tables, opts.dir, context.summary, written, notices, materialised);
  if (formats.includes('parquet')) {
    for (const t of tables) {
      const target = join(opts.dir, `${t.name}.parquet`);
      await db.exec(`COPY (${t.sql}) TO ${lit(target)} (FORMAT parquet)`);
      written.push(target);
    }
  }
  if (formats.includes('evidence')) await writeEvidence(db, runId, run, recipe, opts, context, written);
}

type ExportTable = { name: string; sql: string; known?: KnownTable };

/** One CSV per table (formula-guarded unless raw), and summary.csv. */
async function writeCsvs(db: Db, tables: ExportTable[], opts: ExportOptions, summary: RunSummary, written: string[]): Promise<void> {
  for (const t of tables) {
    const target = join(opts.dir, `${t.name}.csv`);
    await copyCsv(db, t.sql, target, opts.csv_formulas !== 'raw', t.known);
    written.push(target);
  }
  const summaryPath = join(opts.dir, 'summary.csv');
  const lines = ['category,side,count,amount', ...summaryRows(summary).map((r) => r.map((v) => (v === null ? '' : String(v))).join(','))];
  await writeFile(summaryPath, `${lines.join('\n')}\n`);
  written.push(summaryPath);
}

/** reconciliation.xlsx: the summary sheet, then a sheet per table (cut at Excel's row limit, said in a notice). */
async function writeWorkbook(db: Db, tables: ExportTable[], dir: string, summary: RunSummary, written: string[], notices: string[], materialised: string[]): Promise<void> {
  const sheets: SheetSource[] = [
    { name: 'summary', columns: ['category', 'side', 'count', 'amount'], rows: (async function* () { yield* summaryRows(summary); })() },
  ];
  for (const t of tables) {
    // A table materialised for the export has its rows in order (rowid): DuckDB writes their XML.
    const table = materialised.find((m) => t.sql === `SELECT * FROM temp.${ident(m)}`);
    const columns = table ? (t.known?.columns ?? (await describeTable(db, `temp.${ident(table)}`))) : [];
    const rowsSql = table ? sheetRowsSql(`temp.${ident(table)}`, columns.map((c) => ({ name: c.column_name, type: c.column_type })), XLSX_MAX_ROWS) : null;
    if (table && rowsSql) {
      const renderRows = async (path: string) => {
        const rows = t.known?.rows ?? (await db.one<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM temp.${ident(table)}`))?.n ?? 0;
        // No rows, no XML: the COPY of an empty table only planned one expression per cell, 2–3.4 s
        // CPU per sheet of a 5,000-column export (issue 27). The sheet is the same.
        if (rows === 0) await writeFile(path, '');
        else await db.exec(`COPY (${rowsSql}) TO ${lit(path)} ${ROWS_COPY_OPTIONS}`);
        return rows > XLSX_MAX_ROWS;
      };
      sheets.push({ name: t.name, columns: columns.map((c) => c.column_name), renderRows });
      continue;
    }
    const names = await columnNames(db, t.sql);
    sheets.push({ name: t.name, columns: names, rows: streamRows(db, numericSql(t.sql, names)) });
  }
  const target = join(dir, 'reconciliation.xlsx');
  const { truncated } = await writeXlsx(target, sheets);
  for (const t of truncated) notices.push(`sheet ${t} was cut at Excel's 1,048,575-row limit; the CSV has every row`);
  written.push(target);
}

/** evidence.json: the run, its recipe, the inputs' fingerprints, the review log and a hash of every file written before it. */
async function writeEvidence(
  db: Db,
  runId: number,
  run: Awaited<ReturnType<typeof getRunRow>>,
  recipe: Recipe,
  opts: ExportOptions,
  context: { summary: RunSummary; sources: Partial<Record<Side, SourceInfo>> },
  written: string[],
): Promise<void> {
  const files: { file: string; sha256: string }[] = [];
  for (const p of written) files.push({ file: p.slice(opts.dir.length + 1), sha256: await sha256File(p) });
  const evidence = {
    engine: 'kalla-recon-duckdb',
    engine_version: RECON_ENGINE_VERSION,
    run_id: runId,
    status: run.status,
    started_at: run.started_at,
    finished_at: run.finished_at,
    // An uploaded side's recipe path is the internal copy too: the name the user gave stands for it.
    recipe: {
      ...recipe,
      left: opts.uploaded?.left === undefined ? recipe.left : { ...recipe.left, path: opts.uploaded.left },
      right: opts.uploaded?.right === undefined ? recipe.right : { ...recipe.right, path: opts.uploaded.right },
    },
    inputs: Object.fromEntries(
      (['left', 'right'] as const).map((side) => {
        const s = context.sources[side];
        const given = opts.uploaded?.[side];
        return [side, s ? { name: given ?? s.name, path: given === undefined ? s.path : null, ...(given === undefined ? {} : { uploaded: true }), sha256: s.sha256, size_bytes: s.size_bytes, rows: s.row_count, bad_lines: s.bad_lines, encoding: s.encoding, delimiter: s.delimiter } : null];
      }),
    ),
    counts: context.summary,
    review_log: await readAuditLog(db, { runId, limit: 10_000 }),
    files,
  };
  const target = join(opts.dir, 'evidence.json');
  await writeFile(target, `${JSON.stringify(evidence, null, 2)}\n`);
  written.push(target);
}
