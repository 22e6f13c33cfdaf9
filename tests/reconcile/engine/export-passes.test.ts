/**
 * Performance work of issue 30, checked through a real workspace and DuckDB:
 * - an export computes each of its tables once (the CSV guard's probe, the CSV, the XLSX sheet and
 *   the Parquet file read one TEMP table, dropped afterwards), and the files say the same thing;
 * - the workspace's DuckDB runs under a memory limit set from the machine, spilling to the workspace,
 *   and on one thread while its sources are small.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/main/reconcile/engine/db';
import { memoryLimitFor, ONE_THREAD_ROWS, threadsFor } from '../../../src/main/reconcile/engine/db';
import type { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => {
  delete process.env.KALLA_RECON_MEMORY_LIMIT;
  sb.cleanup();
});

const HEADER = 'ref,amount,date,memo';
/** The engine's own connection (private): the test watches the statements an export sends. */
const dbOf = (ws: ReconEngine) => (ws as unknown as { db: Db }).db;

/** Statements sent through `db` (exec, all/one and streams) while `body` runs. */
async function recordStatements(db: Db, body: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const exec = db.exec.bind(db);
  const all = db.all.bind(db);
  const stream = db.conn.stream.bind(db.conn);
  db.exec = (sql, params) => (seen.push(sql), exec(sql, params));
  db.all = ((sql: string, params?: never) => (seen.push(sql), all(sql, params))) as Db['all'];
  db.conn.stream = ((sql: string, ...rest: never[]) => (seen.push(sql), stream(sql, ...rest))) as typeof db.conn.stream;
  try {
    await body();
  } finally {
    db.exec = exec;
    db.all = all;
    db.conn.stream = stream;
  }
  return seen;
}

describe('export computes each table once', () => {
  it('CSV (guarded) + XLSX + Parquet evaluate the matched query once, and the CSV carries the same rows as before', async () => {
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b', 'C,75.00,2024-01-03,=cmd'])));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, ['A,100.00,2024-01-01,x', 'B,49.00,2024-01-02,y', 'Z,9.50,2024-01-05,z'])));
    const result = await ws.run(recipe([refRule('exact', { amount: { left: 'amount', right: 'amount', tolerance_abs: 2, tolerance_pct: 0, flip_sign: false } })]));
    const csvOnly = sb.mkdir('csv-only');
    await ws.export(result.run_id, { dir: csvOnly, formats: ['csv'] });
    const dir = sb.mkdir('all');
    const statements = await recordStatements(dbOf(ws), async () => {
      await ws.export(result.run_id, { dir, formats: ['csv', 'xlsx', 'parquet', 'evidence'] });
    });
    // differenceReasonSql reads the run's recipe: it appears once per evaluation of matched/suggested.
    // This run has no suggested group: that table is the matched one's columns without rows, not
    // its query planned again (issue 27: ~2 s CPU at 10,000 columns).
    const evaluations = statements.filter((s) => s.includes("json_extract(x.recipe, '$.rules[*]')"));
    expect(evaluations).toHaveLength(1);
    expect(statements).toContain('CREATE OR REPLACE TEMP TABLE "kalla_export_suggested" AS SELECT * FROM temp."kalla_export_matched" LIMIT 0');
    expect(readFileSync(join(dir, 'suggested.csv'), 'utf8')).toBe(readFileSync(join(csvOnly, 'suggested.csv'), 'utf8'));
    expect(evaluations.every((s) => s.startsWith('CREATE OR REPLACE TEMP TABLE "kalla_export_'))).toBe(true);
    // Same bytes as an export that wrote CSV alone; the guard still neutralised the formula.
    for (const f of ['matched.csv', 'unmatched_left.csv', 'unmatched_right.csv', 'exceptions_left.csv']) {
      expect(readFileSync(join(dir, f), 'utf8')).toBe(readFileSync(join(csvOnly, f), 'utf8'));
    }
    expect(readFileSync(join(dir, 'unmatched_left.csv'), 'utf8')).toContain("'=cmd");
    const left = await dbOf(ws).all<{ n: number }>(`SELECT count(*)::INT AS n FROM duckdb_tables() WHERE temporary AND table_name LIKE 'kalla_export_%'`);
    expect(left[0].n).toBe(0);
  });
});

describe('DuckDB memory limit from the machine', () => {
  it('is 40 % of the memory, between 512 MiB and 2.5 GiB, unless KALLA_RECON_MEMORY_LIMIT says otherwise', () => {
    const gib = 1024 ** 3;
    expect(memoryLimitFor(24 * gib, {})).toBe('2560MiB');
    expect(memoryLimitFor(4 * gib, {})).toBe('1638MiB');
    expect(memoryLimitFor(1 * gib, {})).toBe('512MiB');
    expect(memoryLimitFor(24 * gib, { KALLA_RECON_MEMORY_LIMIT: '8GB' })).toBe('8GB');
    expect(memoryLimitFor(24 * gib, { KALLA_RECON_MEMORY_LIMIT: 'lots' })).toBe('2560MiB');
  });

  it('is what the workspace database runs with, and it spills into the workspace', async () => {
    const ws = await sb.workspace();
    const [row] = await dbOf(ws).all<{ bytes: string; tmp: string }>(
      `SELECT (SELECT value FROM duckdb_settings() WHERE name = 'memory_limit') AS bytes, current_setting('temp_directory') AS tmp`,
    );
    // DuckDB prints it rounded ("2.5 GiB"); its own default on this machine would be 80 % of the memory.
    const m = /^([\d.]+) (MiB|GiB)$/.exec(row.bytes);
    expect(m).not.toBeNull();
    const mib = Number(m![1]) * (m![2] === 'GiB' ? 1024 : 1);
    expect(mib).toBeGreaterThanOrEqual(500);
    expect(mib).toBeLessThanOrEqual(2560);
    expect(row.tmp).toBe(join(ws.dir, 'recon.duckdb.tmp'));
    ws.close();

    process.env.KALLA_RECON_MEMORY_LIMIT = '700MiB';
    const ws2 = await sb.workspace();
    const [row2] = await dbOf(ws2).all<{ v: string }>(`SELECT value AS v FROM duckdb_settings() WHERE name = 'memory_limit'`);
    expect(row2.v).toBe('700.0 MiB');
  });
});

describe('DuckDB threads from the size of the data', () => {
  const threads = async (ws: ReconEngine) => dbOf(ws).scalarNumber(`SELECT current_setting('threads')`);
  const cores = availableParallelism();

  it('runs small sources on one thread and a source past one row group on every core, also after reopening', async () => {
    const ws = await sb.workspace('sized');
    expect(await threads(ws)).toBe(1);
    await ws.addSourceFromPath('left', sb.file('small.csv', csv(HEADER, ['A1,1.00,2024-03-01,m1'])));
    expect(await threads(ws)).toBe(1);
    // 130,000 short rows: under 1 MiB, so read on one thread, and then past ONE_THREAD_ROWS.
    const big = ['n', ...Array.from({ length: ONE_THREAD_ROWS + 7_120 }, (_, i) => String(i % 10))].join('\n');
    await ws.addSourceFromPath('right', sb.file('big.csv', big));
    expect(await threads(ws)).toBe(cores);
    ws.close();
    const again = await sb.workspace('sized');
    expect(await threads(again)).toBe(cores);
    // Replaced by a small file: one thread again.
    await again.addSourceFromPath('right', sb.file('small2.csv', csv(HEADER, ['A1,1.00,2024-03-01,m2'])));
    expect(await threads(again)).toBe(1);
    again.close();
  });

  it('sets one thread for row counts up to one row group, DuckDB default past it', () => {
    expect(threadsFor([])).toBe(1);
    expect(threadsFor([ONE_THREAD_ROWS, 3])).toBe(1);
    expect(threadsFor([ONE_THREAD_ROWS + 1, 3])).toBe('default');
  });
});
