/**
 * The export's row tables (exceptions, unmatched, filtered out) without the work that grew with a
 * wide file's width (issue 27):
 * - an empty one is made by `LIMIT 0` (not joined and sorted with every raw column); its files
 *   have the columns and types the same table has when it holds rows;
 * - the raw text gets its line number as a column of its own table when one offset fits every row
 *   (no copy of every column into a `__lined` table), and rows carry the right lines;
 * - whether a row table has rows is asked without the raw text view (binding it expands every
 *   column of the file), and a table the probe finds rows for still gets them.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/main/reconcile/engine/db';
import type { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const HEADER = 'ref,amount,date,memo';
const dbOf = (ws: ReconEngine) => (ws as unknown as { db: Db }).db;
const ROW_TABLES = ['exceptions_left', 'exceptions_right', 'unmatched_left', 'unmatched_right', 'filtered_out_left', 'filtered_out_right'];

/** Statements sent through `db.exec` while `body` runs. */
async function execs(db: Db, body: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const exec = db.exec.bind(db);
  db.exec = (sql, params) => (seen.push(sql), exec(sql, params));
  try {
    await body();
  } finally {
    db.exec = exec;
  }
  return seen;
}

/** Export of a run of the two files (all formats), with the statements it ran. */
async function exported(name: string, left: string[], right: string[]): Promise<{ dir: string; statements: string[] }> {
  const ws = await sb.workspace(name);
  await ws.addSourceFromPath('left', sb.file(`${name}-l.csv`, csv(HEADER, left)));
  await ws.addSourceFromPath('right', sb.file(`${name}-r.csv`, csv(HEADER, right)));
  const result = await ws.run(recipe([refRule('exact', { amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false } })]));
  const dir = sb.mkdir(`${name}-out`);
  const statements = await execs(dbOf(ws), () => ws.export(result.run_id, { dir, formats: ['csv', 'xlsx', 'parquet'] }).then(() => undefined));
  return { dir, statements };
}

async function parquetSchema(path: string): Promise<unknown[]> {
  const conn = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    return (await conn.runAndReadAll(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${path}'))`)).getRowsJson();
  } finally {
    conn.closeSync();
  }
}

const created = (statements: string[], table: string) => statements.find((s) => s.startsWith(`CREATE OR REPLACE TEMP TABLE "kalla_export_${table}" AS`));

describe('the export of row tables', () => {
  it('makes an empty row table by LIMIT 0, with the columns and types it has when it holds rows', async () => {
    const rows = ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b'];
    const all = await exported('all', rows, rows);
    // One unmatched row and one exception row on each side.
    const some = await exported('some', [...rows, 'C,7.00,2024-01-03,c', 'D,8.00,2024-01-04,d'], [...rows, 'E,9.00,2024-01-05,e', 'D,8.50,2024-01-04,d']);
    for (const t of ROW_TABLES) expect(created(all.statements, t), t).toMatch(/ LIMIT 0$/);
    expect(created(some.statements, 'unmatched_left')).not.toMatch(/ LIMIT 0$/);
    for (const t of ['unmatched_left', 'unmatched_right']) {
      const full = readFileSync(join(some.dir, `${t}.csv`), 'utf8').split('\n');
      expect(full.length).toBeGreaterThan(2);
      expect(readFileSync(join(all.dir, `${t}.csv`), 'utf8')).toBe(`${full[0]}\n`);
    }
    for (const t of ROW_TABLES) expect(await parquetSchema(join(all.dir, `${t}.parquet`)), t).toEqual(await parquetSchema(join(some.dir, `${t}.parquet`)));
  });

  it("writes an empty table's CSV as its header line, the bytes DuckDB's COPY writes for it, without a COPY", async () => {
    const rows = ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b'];
    const all = await exported('header', rows, rows);
    const csvCopies = all.statements.filter((s) => s.startsWith('COPY') && s.includes("(FORMAT csv"));
    const empty = [...ROW_TABLES, 'suggested'];
    for (const t of empty) expect(csvCopies.filter((s) => s.includes(`${t}.csv'`)), t).toEqual([]);
    // The tables with rows are still written by DuckDB.
    expect(csvCopies.some((s) => s.includes("matched.csv'"))).toBe(true);
    // DuckDB's own COPY of each empty table (read back from its Parquet file: the same columns).
    const conn = await (await DuckDBInstance.create(':memory:')).connect();
    try {
      for (const t of empty) {
        const target = join(all.dir, `${t}.duckdb.csv`);
        await conn.run(`COPY (SELECT * FROM read_parquet('${join(all.dir, `${t}.parquet`)}')) TO '${target}' (FORMAT csv, HEADER true, DELIMITER ',')`);
        expect(readFileSync(join(all.dir, `${t}.csv`), 'utf8'), t).toBe(readFileSync(target, 'utf8'));
      }
    } finally {
      conn.closeSync();
    }
  });

  it('numbers the lines without copying the raw text when one offset fits every row', async () => {
    const { dir, statements } = await exported('lines', ['A,100.00,2024-01-01,a', 'C,7.00,2024-01-03,c', 'F,3.00,2024-01-06,f'], ['A,100.00,2024-01-01,a']);
    expect(statements.filter((s) => s.startsWith('CREATE') && s.includes('__lined'))).toEqual([]);
    // Header on line 1: the rows are on lines 3 and 4 of the file.
    const unmatched = readFileSync(join(dir, 'unmatched_left.csv'), 'utf8').trim().split('\n');
    expect(unmatched[0].split(',').slice(0, 6)).toEqual(['recon_row_id', 'recon_line', 'ref', 'amount', 'date', 'memo']);
    expect(unmatched.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual(['2,3,C', '3,4,F']);
  });

  it('reads the columns of each export table from the catalog, not by DESCRIBE', async () => {
    // Issue 27: DESCRIBE plans a SELECT * (0.24–0.29 s CPU for a 10,000-column table, nine per export).
    const ws = await sb.workspace('catalog');
    await ws.addSourceFromPath('left', sb.file('catalog-l.csv', csv(HEADER, ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b'])));
    await ws.addSourceFromPath('right', sb.file('catalog-r.csv', csv(HEADER, ['A,100.00,2024-01-01,a', 'C,9.00,2024-01-03,c'])));
    const result = await ws.run(recipe([refRule('exact', { amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false } })]));
    const dir = sb.mkdir('catalog-out');
    const db = dbOf(ws);
    const asked: string[] = [];
    const all = db.all.bind(db);
    db.all = ((sql: string, params?: never) => (asked.push(sql), all(sql, params))) as typeof db.all;
    try {
      await ws.export(result.run_id, { dir, formats: ['csv', 'xlsx', 'parquet'] });
    } finally {
      db.all = all;
    }
    const head = (t: string) => readFileSync(join(dir, `${t}.csv`), 'utf8').split('\n')[0];
    // Nothing is described: the nine materialised tables and the two tables under the raw text views
    // (for the business columns; DESCRIBE of a view planned its SELECT *) are read from the catalog.
    expect(asked.filter((q) => /^\s*DESCRIBE/i.test(q))).toEqual([]);
    expect(asked.filter((q) => q.includes('pragma_table_info(')).length).toBe(ROW_TABLES.length + 3 + 2);
    expect(asked.filter((q) => /pragma_table_info\('temp\."kalla_raw_text_(left|right)__data"'\)/.test(q))).toHaveLength(2);
    // The business columns the rules used, found there.
    expect(head('matched').split(',').slice(14)).toEqual(['ledger.line', 'ledger.ref', 'ledger.amount', 'ledger.date', 'bank.line', 'bank.ref', 'bank.amount', 'bank.date']);
    expect(head('unmatched_left')).toBe('recon_row_id,recon_line,ref,amount,date,memo');
    expect(head('matched').split(',').slice(0, 4)).toEqual(['group_id', 'rule_id', 'cardinality', 'status']);
  });

  it('asks whether a row table has rows without binding the raw text view', async () => {
    const ws = await sb.workspace('probe');
    await ws.addSourceFromPath('left', sb.file('probe-l.csv', csv(HEADER, ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b', 'S,5.00,2024-01-02,small'])));
    await ws.addSourceFromPath('right', sb.file('probe-r.csv', csv(HEADER, ['A,100.00,2024-01-01,a', 'C,9.00,2024-01-03,c'])));
    const amount = { amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false } };
    const result = await ws.run(recipe([refRule('exact', amount)], { filters: [{ source: 'ledger', column: 'amount', op: 'gte', value: 10 }] }));
    const dir = sb.mkdir('probe-out');
    const db = dbOf(ws);
    const asked: string[] = [];
    const one = db.one.bind(db);
    db.one = ((sql: string, params?: never) => (asked.push(sql), one(sql, params))) as typeof db.one;
    try {
      await ws.export(result.run_id, { dir, formats: ['csv', 'xlsx', 'parquet'] });
    } finally {
      db.one = one;
    }
    const probes = asked.filter((q) => q.startsWith('SELECT 1 AS x') && /run_rows/.test(q));
    expect(probes.length).toBe(ROW_TABLES.length);
    for (const q of probes) expect(q).not.toMatch(/"kalla_raw_text_(left|right)"/);
    // The probes found what each table holds: B unmatched on the left, C on the right, S filtered out.
    const body = (t: string) => readFileSync(join(dir, `${t}.csv`), 'utf8').trim().split('\n').slice(1).map((l) => l.split(',').slice(0, 3).join(','));
    expect(body('unmatched_left')).toEqual(['2,3,B']);
    expect(body('unmatched_right')).toEqual(['2,3,C']);
    expect(body('filtered_out_left')).toEqual(['3,4,S']);
    expect(body('filtered_out_right')).toEqual([]);
  });
});
