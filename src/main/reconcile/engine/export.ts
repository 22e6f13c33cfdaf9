/**
 * Exports of a run: one CSV per category (written by DuckDB's COPY, ordered,
 * so identical results give identical bytes), an XLSX workbook with the same
 * tables plus a summary sheet, and an evidence JSON.
 */
import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, isAbsolute, join } from 'node:path';
import type { ExportFormat, ExportOptions, ExportResult, PageCategory, RunSummary, Side, SourceInfo } from '../../../shared/recon-engine';
import { PAGE_CATEGORIES, RECON_ENGINE_VERSION } from '../../../shared/recon-engine';
import type { Db } from './db';
import { ReconError } from '../../errors';
import { getRunRow, MATCHED_STATUSES } from './results';
import { ident, lit } from './sql';
import { dropRawText, materializeRawText, sha256File } from './sources';
import { writeXlsx, type Cell, type SheetSource } from './xlsx';

const GROUP_COLUMNS = `group_id, rule_id, cardinality, status,
  array_to_string(left_ids, ' ') AS left_row_ids, array_to_string(right_ids, ' ') AS right_row_ids,
  amount_left, amount_right, amount_delta, date_delta_days, score, note`;

/** SQL for one category's export table: metadata first, then the row's original (raw) values from `rawText`. */
export function categorySql(runId: number, category: PageCategory, rawText: Record<Side, string>): string {
  if (category === 'matched' || category === 'suggested') {
    const status = category === 'matched' ? `IN ${MATCHED_STATUSES}` : `= 'suggested'`;
    return `SELECT ${GROUP_COLUMNS} FROM match_groups WHERE run_id = ${runId} AND status ${status} ORDER BY group_id`;
  }
  const side = category.endsWith('left') ? 'left' : 'right';
  const raw = ident(rawText[side]);
  if (category.startsWith('exceptions')) {
    return `SELECT e.row_id AS recon_row_id, e.reason AS recon_reason, e.rule_id AS recon_rule_id, e.counterpart_row_id AS recon_counterpart_row_id,
        e.amount_delta AS recon_amount_delta, e.date_delta_days AS recon_date_delta_days,
        e.annotation_reason AS recon_annotation_reason, e.annotation_note AS recon_annotation_note, s.* EXCLUDE (__row_id)
      FROM run_rows rr JOIN exceptions e ON e.run_id = rr.run_id AND e.side = rr.side AND e.row_id = rr.row_id
      JOIN ${raw} s ON s.__row_id = rr.row_id
      WHERE rr.run_id = ${runId} AND rr.side = '${side}' AND rr.category = 'exception' ORDER BY rr.row_id`;
  }
  return `SELECT rr.row_id AS recon_row_id, s.* EXCLUDE (__row_id)
    FROM run_rows rr JOIN ${raw} s ON s.__row_id = rr.row_id
    WHERE rr.run_id = ${runId} AND rr.side = '${side}' AND rr.category = 'unmatched' ORDER BY rr.row_id`;
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
  const numeric = new Set(['amount_left', 'amount_right', 'amount_delta', 'recon_amount_delta']);
  return `SELECT ${names.map((n) => (numeric.has(n) ? `CAST(${ident(n)} AS DOUBLE) AS ${ident(n)}` : ident(n))).join(', ')} FROM (${sql})`;
}

export async function exportRun(
  db: Db,
  runId: number,
  opts: ExportOptions,
  context: { summary: RunSummary; sources: Partial<Record<Side, SourceInfo>>; current: Record<Side, SourceInfo> },
): Promise<ExportResult> {
  await validateDir(opts.dir);
  const run = await getRunRow(db, runId);
  if (run.status !== 'completed') throw new ReconError('invalid_review', `run ${runId} is ${run.status}; only completed runs can be exported`);
  const formats: ExportFormat[] = opts.formats ?? ['csv', 'xlsx', 'evidence'];
  const planned: string[] = [];
  if (formats.includes('csv')) planned.push(...PAGE_CATEGORIES.map((c) => `${c}.csv`), 'summary.csv');
  if (formats.includes('xlsx')) planned.push('reconciliation.xlsx');
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
  const staging = await mkdtemp(join(opts.dir, '.kalla-export-'));
  // Exceptions and unmatched rows are exported with their original text, read again from the copies.
  const rawText: Partial<Record<Side, string>> = {};
  try {
    if (formats.includes('csv') || formats.includes('xlsx')) {
      for (const side of ['left', 'right'] as const) rawText[side] = await materializeRawText(db, context.current[side]);
    }
    await writeFormats(db, runId, { ...opts, dir: staging }, formats, context, rawText as Record<Side, string>, written, notices, run);
    const files: string[] = [];
    for (const staged of written) {
      const target = join(opts.dir, basename(staged));
      await rename(staged, target);
      files.push(target);
    }
    return { files, notices };
  } finally {
    for (const table of Object.values(rawText)) await dropRawText(db, table);
    await rm(staging, { recursive: true, force: true });
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
): Promise<void> {
  if (formats.includes('csv')) {
    for (const category of PAGE_CATEGORIES) {
      const target = join(opts.dir, `${category}.csv`);
      await db.exec(`COPY (${categorySql(runId, category, rawText)}) TO ${lit(target)} (FORMAT csv, HEADER true, DELIMITER ',')`);
      written.push(target);
    }
    const summaryPath = join(opts.dir, 'summary.csv');
    const lines = ['category,side,count,amount', ...summaryRows(context.summary).map((r) => r.map((v) => (v === null ? '' : String(v))).join(','))];
    await writeFile(summaryPath, `${lines.join('\n')}\n`);
    written.push(summaryPath);
  }
  if (formats.includes('xlsx')) {
    const sheets: SheetSource[] = [
      { name: 'summary', columns: ['category', 'side', 'count', 'amount'], rows: (async function* () { yield* summaryRows(context.summary); })() },
    ];
    for (const category of PAGE_CATEGORIES) {
      const sql = categorySql(runId, category, rawText);
      const names = await columnNames(db, sql);
      sheets.push({ name: category, columns: names, rows: streamRows(db, numericSql(sql, names)) });
    }
    const target = join(opts.dir, 'reconciliation.xlsx');
    const { truncated } = await writeXlsx(target, sheets);
    for (const t of truncated) notices.push(`sheet ${t} was cut at Excel's 1,048,575-row limit; the CSV has every row`);
    written.push(target);
  }
  if (formats.includes('evidence')) {
    const files: { file: string; sha256: string }[] = [];
    for (const p of written) files.push({ file: p.slice(opts.dir.length + 1), sha256: await sha256File(p) });
    const evidence = {
      engine: 'kalla-recon-duckdb',
      engine_version: RECON_ENGINE_VERSION,
      run_id: runId,
      status: run.status,
      started_at: run.started_at,
      finished_at: run.finished_at,
      recipe: JSON.parse(run.recipe),
      inputs: Object.fromEntries(
        (['left', 'right'] as const).map((side) => {
          const s = context.sources[side];
          return [side, s ? { name: s.name, path: s.path, sha256: s.sha256, size_bytes: s.size_bytes, rows: s.row_count, bad_lines: s.bad_lines, encoding: s.encoding, delimiter: s.delimiter } : null];
        }),
      ),
      counts: context.summary,
      files,
    };
    const target = join(opts.dir, 'evidence.json');
    await writeFile(target, `${JSON.stringify(evidence, null, 2)}\n`);
    written.push(target);
  }
}
