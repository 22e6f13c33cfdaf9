/**
 * Thin wrapper over a DuckDB connection: JSON-friendly row reads and one
 * place to run statements, so the rest of the engine reads as SQL.
 */
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';

export type Row = Record<string, unknown>;
export type Params = DuckDBValue[] | Record<string, DuckDBValue>;

/**
 * KALLA_RECON_TRACE=1 prints every statement slower than 20 ms (KALLA_RECON_TRACE_MS: another
 * threshold; 0 prints all, to count a small run's statements) to stderr, with the process's CPU
 * time over it: on a shared machine wall time swings with the load, CPU time much less (DuckDB's
 * threads are this process's).
 */
const TRACE = process.env.KALLA_RECON_TRACE === '1';
const TRACE_MS = Number(process.env.KALLA_RECON_TRACE_MS ?? 20);

function trace(sql: string, started: number, cpu: NodeJS.CpuUsage, always = false): void {
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (ms >= TRACE_MS || always) process.stderr.write(`[recon sql ${Math.round(ms)} ms, cpu ${Math.round((used.user + used.system) / 1000)} ms] ${sql.replace(/\s+/g, ' ').slice(0, Number(process.env.KALLA_RECON_TRACE_LEN ?? 160))}\n`);
}

const MIB = 1024 ** 2;

/**
 * DuckDB's memory limit for a workspace: 40 % of the machine's memory, at most 2.5 GiB and at least
 * 512 MiB, so a 10M-row run stays within ~4 GiB of process memory (Node, DuckDB's own allocations
 * outside its buffer pool, and the pool) and spills to the workspace's temp folder beyond that.
 * DuckDB's own default is 80 % of the machine: a 10M-row run peaked at 6.3 GiB.
 * KALLA_RECON_MEMORY_LIMIT (DuckDB syntax: '8GB', '1500MiB') overrides it.
 */
export function memoryLimitFor(totalBytes: number, env: Record<string, string | undefined> = process.env): string {
  const given = env.KALLA_RECON_MEMORY_LIMIT?.trim();
  if (given && /^\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(given)) return given;
  const mib = Math.round(Math.min(2560, Math.max(512, (totalBytes * 0.4) / MIB)));
  return `${mib}MiB`;
}

/**
 * Columns above which a statement is planned without DuckDB's common-subexpression pass. The pass
 * compares look-alike expressions of a projection pairwise, so planning grows with the square of
 * the width: the matched export table of a 5,000-column pair planned for minutes, the typed table
 * of one 5,000-column side took 7.5 instead of 5.6 s CPU (issue 27). Narrower statements keep it
 * (at 1M rows its shared trims and casts pay); it never changes a result.
 */
export const WIDE_STATEMENT_COLUMNS = 500;

/**
 * Rows up to which a workspace runs on one DuckDB thread: one row group (DuckDB's unit of
 * parallel work), so below it a second thread has no part of a scan to take and only pays the
 * scheduling. Measured on 2 cores (session 19): a 40-row auto path (load, learn, run) 2.5 s CPU and
 * 2.3 s wall on two threads, 1.6 s and 1.6 s on one; 5,000 rows 7.3 → 5.1 s CPU, the same wall time;
 * 60,000 rows the same wall time (~35 s) on either. Larger sources get every thread.
 */
export const ONE_THREAD_ROWS = 122_880;

/** File size from which a load gets every thread whatever the workspace held before (DuckDB's CSV reader splits a file by bytes). */
export const ALL_THREADS_LOAD_BYTES = 4 * 1024 * 1024;

/** DuckDB's `threads` for sources of these row counts: 1 while all are small, else DuckDB's default (one per core). */
export function threadsFor(rowCounts: readonly number[]): 1 | 'default' {
  return rowCounts.every((n) => n <= ONE_THREAD_ROWS) ? 1 : 'default';
}

/** Sets `threads`, a setting of the whole database (every connection): a statement already running keeps its workers. */
export async function setThreads(db: Db, threads: 1 | 'default'): Promise<void> {
  await db.exec(threads === 'default' ? 'RESET threads' : `SET threads = ${threads}`);
}

/** Runs `body` on one thread, then puts back the `threads` setting it found. */
export async function onOneThread<T>(db: Db, body: () => Promise<T>): Promise<T> {
  const before = await db.scalarNumber(`SELECT current_setting('threads')`);
  await db.exec(`SET threads = 1`);
  try {
    return await body();
  } finally {
    await db.exec(`SET threads = ${Math.max(1, Math.round(before))}`).catch(() => undefined);
  }
}

/** Runs `body` with the common-subexpression pass off on `db`'s connection when `columns` is above WIDE_STATEMENT_COLUMNS. */
export async function plannedForWidth<T>(db: Db, columns: number, body: () => Promise<T>): Promise<T> {
  if (columns <= WIDE_STATEMENT_COLUMNS) return body();
  await db.exec(`SET disabled_optimizers = 'common_subexpressions'`);
  try {
    return await body();
  } finally {
    await db.exec('RESET disabled_optimizers').catch(() => undefined);
  }
}

export class Db {
  private constructor(
    private readonly instance: DuckDBInstance,
    readonly conn: DuckDBConnection,
    private readonly ownsInstance: boolean,
  ) {}

  static async open(path: string, options: Record<string, string> = {}): Promise<Db> {
    const instance = await DuckDBInstance.create(path, options);
    const conn = await instance.connect();
    return new Db(instance, conn, true);
  }

  /** A second connection on the same database: its own TEMP tables, and it can be interrupted alone. */
  async fork(): Promise<Db> {
    return new Db(this.instance, await this.instance.connect(), false);
  }

  /**
   * Statements this connection has issued. Tests count them to catch work that grows with the
   * number of columns (one query per column or per column pair) without timing anything.
   */
  statements = 0;

  private stopped = false;

  /** Interrupts the statement running and refuses every later one: work on this connection given up. */
  stop(): void {
    this.stopped = true;
    this.conn.interrupt();
  }

  private refuseStopped(): void {
    if (this.stopped) throw new Error('INTERRUPT Error: this connection was stopped');
  }

  async exec(sql: string, params?: Params): Promise<void> {
    this.refuseStopped();
    this.statements++;
    const started = TRACE ? performance.now() : 0;
    const cpu = TRACE ? process.cpuUsage() : undefined;
    await this.conn.run(sql, params).catch((e: unknown) => {
      if (cpu) trace(`FAILED ${sql}`, started, cpu, true);
      throw e;
    });
    if (cpu) trace(sql, started, cpu);
  }

  /** Rows as plain JSON values (BIGINT/DECIMAL become strings, dates ISO strings). */
  async all<T = Row>(sql: string, params?: Params): Promise<T[]> {
    this.refuseStopped();
    this.statements++;
    const started = TRACE ? performance.now() : 0;
    const cpu = TRACE ? process.cpuUsage() : undefined;
    const reader = await this.conn.runAndReadAll(sql, params);
    if (cpu) trace(sql, started, cpu);
    return reader.getRowObjectsJson() as T[];
  }

  async one<T = Row>(sql: string, params?: Params): Promise<T | undefined> {
    const rows = await this.all<T>(sql, params);
    return rows[0];
  }

  /** A single numeric value (counts, sums); BIGINT strings become numbers. */
  async scalarNumber(sql: string, params?: Params): Promise<number> {
    const row = await this.one<Record<string, unknown>>(sql, params);
    const value = row ? Object.values(row)[0] : null;
    return value === null || value === undefined ? 0 : Number(value);
  }

  /** Whether this connection has a TEMP table of that name (a table made once per run or learning). */
  async hasTempTable(name: string): Promise<boolean> {
    // Bound, not listed: duckdb_tables() renders every table of the database with its CREATE
    // statement, 26–34 ms CPU per call beside two 5,000-column data tables, and learning asked 226
    // times (7.9 of its 24 s CPU, issue 27). Binding a name that is not there is a catalog error
    // (it leaves an open transaction usable); a temp view of that name is not a table.
    this.refuseStopped();
    this.statements++;
    try {
      await this.conn.run(`SELECT 1 FROM temp.main."${name.replace(/"/g, '""')}" LIMIT 0`);
    } catch (e) {
      if (/Catalog Error/.test(String(e))) return false;
      throw e;
    }
    return (await this.scalarNumber(`SELECT count(*) FROM duckdb_views() WHERE temporary AND view_name = $1`, [name])) === 0;
  }

  async transaction<T>(body: () => Promise<T>): Promise<T> {
    await this.exec('BEGIN TRANSACTION');
    try {
      const result = await body();
      await this.exec('COMMIT');
      return result;
    } catch (error) {
      await this.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  interrupt(): void {
    this.conn.interrupt();
  }

  close(): void {
    this.conn.closeSync();
    if (this.ownsInstance) this.instance.closeSync();
  }
}
