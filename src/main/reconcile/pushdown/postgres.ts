/**
 * Runs a compiled recipe inside PostgreSQL (issue 30): sources are tables or queries there, the
 * working tables are TEMP tables of one session, and the results are written back as tables
 * (`kalla_matched`, `kalla_exceptions_left`, `kalla_exceptions_right`), then exported as CSV with
 * evidence.json. Nothing is copied to a local DuckDB file.
 *
 * Connection strings: `postgres://user[:password]@host:port/db#schema.table` (or `postgresql://`),
 * and the Lineage workspace's JDBC form `jdbc:postgresql://host:port/db?user=U&password=P#schema.table`.
 * The part after `#` is a table (`schema.table`, `table`) or a query (`SELECT …` / `WITH …`,
 * URL-encoded or not). PGUSER / PGPASSWORD fill in what the string leaves out.
 */
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import type { ColumnType, Recipe } from '../../../shared/reconcile/recipe';
import type { ColumnTyping, Side } from '../../../shared/reconcile/sources-and-runs';
import { ReconError } from '../../errors';
import { neutraliseCell } from '../engine/csv-guard';
import { requireTypedRuleColumns } from '../engine/recipe-sql';
import { pgDriver, type pg } from './pg-driver';
import { compileRecipe, SUBSET_SEARCH_NOTE, workTables, type CompiledRecipe, type PushdownSource } from './compile';

export interface PgLocation {
  /** A connection string pg understands (postgres://…). */
  connectionString: string;
  /** host:port/db, without user or password: two sources must share it. */
  database: string;
  /** SQL for FROM: a quoted table name or a parenthesised query. */
  relation: string;
  /** The schema of a table source (results go there by default). */
  schema?: string;
  /** What the user named, without the password (for messages and evidence). */
  display: string;
}

export function isDatabaseSource(text: string): boolean {
  return /^(postgres|postgresql):\/\//i.test(text) || /^jdbc:postgresql:\/\//i.test(text);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Parses a PostgreSQL source string (see the module comment); a sentence when it cannot. */
export function parsePgSource(text: string): PgLocation {
  const hash = text.indexOf('#');
  if (hash < 0) {
    throw new ReconError('invalid_path', `"${redact(text)}" names a database but no table: add #schema.table (or #SELECT …) after the database name`);
  }
  let base = text.slice(0, hash);
  let fragment = text.slice(hash + 1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // a literal % in a query: keep the text as written
  }
  fragment = fragment.trim();
  if (/^jdbc:/i.test(base)) base = base.slice('jdbc:'.length).replace(/^postgresql:/i, 'postgres:');
  let url: URL;
  try {
    url = new URL(base.replace(/^postgresql:/i, 'postgres:'));
  } catch {
    throw new ReconError('invalid_path', `"${redact(text)}" is not a PostgreSQL connection string: write postgres://user@host:port/db#schema.table`);
  }
  const user = url.username || url.searchParams.get('user') || '';
  const password = url.password || url.searchParams.get('password') || '';
  const db = url.pathname.replace(/^\//, '');
  if (!db) throw new ReconError('invalid_path', `"${redact(text)}" names no database: write postgres://user@host:port/db#schema.table`);
  const auth = user ? `${encodeURIComponent(decodeURIComponent(user))}${password ? `:${encodeURIComponent(decodeURIComponent(password))}` : ''}@` : '';
  const connectionString = `postgres://${auth}${url.host}/${db}`;
  const database = `${url.host}/${db}`;
  if (fragment === '') throw new ReconError('invalid_path', `"${redact(text)}" names no table after #`);
  if (/^(select|with)\b/i.test(fragment)) {
    return { connectionString, database, relation: `(${fragment.replace(/;\s*$/, '')})`, display: `${database}#${fragment}` };
  }
  const parts = splitName(fragment);
  const relation = parts.map(quote).join('.');
  return { connectionString, database, relation, schema: parts.length > 1 ? parts[0] : undefined, display: `${database}#${fragment}` };
}

/** `schema.table`, `"My Schema"."Table"`, `table`. */
function splitName(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      let j = i + 1;
      let name = '';
      while (j < text.length) {
        if (text[j] === '"' && text[j + 1] === '"') { name += '"'; j += 2; continue; }
        if (text[j] === '"') break;
        name += text[j++];
      }
      out.push(name);
      i = j + 1;
    } else {
      const dot = text.indexOf('.', i);
      out.push(text.slice(i, dot < 0 ? text.length : dot));
      i = dot < 0 ? text.length : dot;
    }
    if (text[i] === '.') i++;
  }
  if (out.length === 0 || out.length > 2 || out.some((p) => p === '')) throw new ReconError('invalid_path', `"${text}" is not a table name: write schema.table or table`);
  return out;
}

function redact(text: string): string {
  return text.replace(/(\/\/[^:/@]+):[^@]*@/, '$1:***@').replace(/([?&]password=)[^&#]*/i, '$1***');
}

/** PostgreSQL type OIDs → the recipe's column types. */
export function columnType(oid: number): ColumnType {
  if ([20, 21, 23, 26, 700, 701, 1700, 790].includes(oid)) return 'number';
  if (oid === 1082) return 'date';
  if (oid === 1114 || oid === 1184) return 'timestamp';
  if (oid === 16) return 'boolean';
  return 'text';
}

export interface PushdownPhase {
  phase: string;
  ms: number;
}

export interface PushdownResult {
  matched: number;
  suggested: number;
  exceptionsLeft: number;
  exceptionsRight: number;
  rows: Record<Side, number>;
  results: CompiledRecipe['results'];
  phases: PushdownPhase[];
  notes: string[];
  exports: string[];
}

export interface PushdownOptions {
  /** Called with the session's backend process id before the session ends (the bench reads its peak memory). */
  onBackend?: (pid: number) => void;
  /** Schema the result tables are written to: the left table's schema, else public. */
  resultsSchema?: string;
  /** Directory for CSV exports and evidence.json; none: tables only. */
  outDir?: string;
  /** Write CSV cells as they are (no formula guard). */
  rawCsv?: boolean;
  onPhase?: (phase: string) => void;
}

async function connect(loc: PgLocation): Promise<pg.Client> {
  const client = new (await pgDriver()).Client({ connectionString: loc.connectionString });
  try {
    await client.connect();
  } catch (e) {
    throw new ReconError('source_missing', `could not connect to PostgreSQL at ${loc.database}: ${(e as Error).message}`);
  }
  return client;
}

async function describe(client: pg.Client, relation: string, display: string): Promise<ColumnTyping[]> {
  try {
    const r = await client.query(`SELECT * FROM ${relation} t LIMIT 0`);
    return r.fields.map((f) => ({ name: f.name, type: columnType(f.dataTypeID) }));
  } catch (e) {
    throw new ReconError('source_missing', `PostgreSQL cannot read ${display}: ${(e as Error).message}`);
  }
}

type Timed = <T>(phase: string, body: () => Promise<T>) => Promise<T>;

/** The compiled statements in order: setup, each rule (its 1:1 rounds until none is accepted), the results. */
async function runCompiled(client: pg.Client, compiled: CompiledRecipe, exec: (sql: string) => Promise<void>, count: (sql: string) => Promise<number>, timed: Timed): Promise<void> {
  await timed('prepare', async () => {
    // A parallel scan would interleave the rows and so their ids: the copy is read by one process.
    await client.query('SET max_parallel_workers_per_gather = 0');
    for (const s of compiled.setup) await exec(s);
    await client.query('RESET max_parallel_workers_per_gather');
  });
  for (const r of compiled.rules) {
    await timed(`rule ${r.rule.id} (${r.rule.cardinality})`, async () => {
      for (const s of r.before) await exec(s);
      if (r.round.length > 0) {
        while ((await count(r.remaining)) > 0) {
          for (const s of r.round) await exec(s);
          if ((await count(r.roundCount)) === 0) break;
        }
      }
      for (const s of r.after) await exec(s);
    });
  }
  await timed('results', async () => {
    for (const s of compiled.finish) await exec(s);
  });
}

/** The result tables as CSV files (keyset pages) and evidence.json in `outDir`; each path is added to `result.exports`. */
async function writeExports(client: pg.Client, outDir: string, guard: boolean, run: { left: PgLocation; right: PgLocation; recipe: Recipe; result: PushdownResult }): Promise<void> {
  const { left, right, recipe, result } = run;
  const files: Array<[string, string, string]> = [
    ['matched.csv', result.results.matched, 'group_id'],
    ['exceptions_left.csv', result.results.exceptionsLeft, '"__row_id"'],
    ['exceptions_right.csv', result.results.exceptionsRight, '"__row_id"'],
  ];
  for (const [name, table, key] of files) {
    await exportCsv(client, table, key, join(outDir, name), guard);
    result.exports.push(join(outDir, name));
  }
  const evidence = {
    engine: 'postgres',
    sources: { left: left.display, right: right.display },
    results: result.results,
    counts: { matched: result.matched, suggested: result.suggested, exceptions_left: result.exceptionsLeft, exceptions_right: result.exceptionsRight, rows: result.rows },
    notes: result.notes,
    recipe,
    phases: result.phases,
  };
  await writeFile(join(outDir, 'evidence.json'), `${JSON.stringify(evidence, null, 2)}\n`);
  result.exports.push(join(outDir, 'evidence.json'));
}

/** Runs `recipe` inside the database both sources live in. */
export async function runInPostgres(left: PgLocation, right: PgLocation, recipe: Recipe, opts: PushdownOptions = {}): Promise<PushdownResult> {
  if (left.database !== right.database) {
    throw new ReconError('invalid_path', `the push-down runs inside one database, but the left source is in ${left.database} and the right in ${right.database}`);
  }
  const client = await connect(left);
  const phases: PushdownPhase[] = [];
  const timed: Timed = async (phase, body) => {
    opts.onPhase?.(phase);
    const started = performance.now();
    const out = await body();
    phases.push({ phase, ms: Math.round(performance.now() - started) });
    return out;
  };
  // KALLA_PUSHDOWN_TRACE=1: each statement's time on stderr (profiling the push-down).
  const trace = process.env.KALLA_PUSHDOWN_TRACE === '1';
  const exec = async (sql: string) => {
    try {
      const started = performance.now();
      await client.query(sql);
      if (trace) process.stderr.write(`[pushdown] ${(performance.now() - started).toFixed(0).padStart(6)} ms  ${sql.replace(/\s+/g, ' ').slice(0, 140)}\n`);
    } catch (e) {
      throw new ReconError('invalid_recipe', `PostgreSQL refused a statement of the recipe: ${(e as Error).message}\n${sql.slice(0, 400)}`);
    }
  };
  const count = async (sql: string) => Number((await client.query(sql)).rows[0]?.count ?? 0);
  try {
    // Row ids are positions in scan order: a scan must start at the table's beginning.
    await client.query('SET synchronize_seqscans = off');
    // The work tables are TEMP tables: they live in the session's local buffers (8 MB by default,
    // spilling to disk at once at 1M rows). Hash joins and sorts of 1M rows want more than the
    // default 4 MB of work_mem; a server set higher keeps its own value.
    await client.query(`SET temp_buffers = '256MB'`);
    await client.query(`SELECT set_config('work_mem', '64MB', false) WHERE pg_size_bytes(current_setting('work_mem')) < pg_size_bytes('64MB')`);
    const sources: Record<Side, PushdownSource> = {
      left: { relation: left.relation, columns: await describe(client, left.relation, left.display) },
      right: { relation: right.relation, columns: await describe(client, right.relation, right.display) },
    };
    requireTypedRuleColumns(recipe, { left: sources.left.columns, right: sources.right.columns });
    const resultsSchema = opts.resultsSchema ?? left.schema ?? 'public';
    const compiled = compileRecipe(recipe, sources, 'postgres', { resultsSchema });
    const notes = recipe.rules.some((r) => r.cardinality === '1:N' || r.cardinality === 'N:1') ? [SUBSET_SEARCH_NOTE] : [];
    await runCompiled(client, compiled, exec, count, timed);
    const rows = { left: await count(`SELECT count(*) FROM kalla_w_scope_left`), right: await count(`SELECT count(*) FROM kalla_w_scope_right`) };
    for (const t of workTables()) await exec(`DROP TABLE IF EXISTS ${t}`);
    const statusCounts = (await client.query(`SELECT status, count(*) AS n FROM ${compiled.results.matched} GROUP BY status`)).rows as Array<{ status: string; n: string }>;
    const byStatus = (s: string) => Number(statusCounts.find((x) => x.status === s)?.n ?? 0);
    const result: PushdownResult = {
      matched: byStatus('auto'),
      suggested: byStatus('suggested'),
      exceptionsLeft: await count(`SELECT count(*) FROM ${compiled.results.exceptionsLeft}`),
      exceptionsRight: await count(`SELECT count(*) FROM ${compiled.results.exceptionsRight}`),
      rows,
      results: compiled.results,
      phases,
      notes,
      exports: [],
    };
    if (opts.outDir) {
      const outDir = opts.outDir;
      await timed('export', () => writeExports(client, outDir, !opts.rawCsv, { left, right, recipe, result }));
    }
    if (opts.onBackend) opts.onBackend(Number((await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid));
    return result;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const csvField = (v: unknown, guard: boolean): string => {
  if (v === null || v === undefined) return '';
  let s = Array.isArray(v) ? `[${v.join(', ')}]` : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  if (guard && typeof v === 'string') s = neutraliseCell(s);
  return /[",\n\r]/.test(s) || (guard && s !== String(v)) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A result table as CSV, read in pages by its key (no cursor: plain queries keep memory flat). */
async function exportCsv(client: pg.Client, table: string, key: string, target: string, guard: boolean): Promise<void> {
  const { types } = await pgDriver();
  const out = createWriteStream(target);
  try {
    let last: string | null = null;
    let header = false;
    for (;;) {
      const r: pg.QueryResult = await client.query({
        text: `SELECT * FROM ${table} ${last === null ? '' : `WHERE ${key} > $1`} ORDER BY ${key} LIMIT 50000`,
        values: last === null ? [] : [last],
        types: { getTypeParser: (oid: number) => (oid === 1082 ? (v: string) => v : types.getTypeParser(oid)) },
      });
      if (!header) {
        out.write(`${r.fields.map((f) => csvField(f.name, guard)).join(',')}\n`);
        header = true;
      }
      if (r.rows.length === 0) break;
      const keyName = key.replace(/"/g, '');
      let chunk = '';
      for (const row of r.rows) chunk += `${r.fields.map((f) => csvField(row[f.name], guard)).join(',')}\n`;
      if (!out.write(chunk)) await once(out, 'drain');
      last = String(r.rows[r.rows.length - 1][keyName]);
      if (r.rows.length < 50000) break;
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
}
