/**
 * Database sources for the Reconcile workspace (issue 30): a PostgreSQL table or SELECT query is
 * read into the workspace like a dropped file (a CSV snapshot in the workspace's uploads/ folder,
 * then the usual load), so every recipe part works on it: the learned cash-application model,
 * subset search, review, history and evidence. The push-down that runs a recipe inside the
 * database is the CLI's (`kalla recon --left postgres://…`), for data too large to copy.
 *
 * The connection is the JDBC-style string the Lineage workspace uses (jdbc:postgresql://host:port/db)
 * or postgres://…. Reconcile's own saved connection is kept in `<dataDir>/reconcile/database.json`
 * (without the password) and its password in the SecretStore (OS keychain in the app); without
 * one, the Lineage workspace's saved jdbc:postgresql connection is used. Passwords never go to the
 * renderer, into a message or a log line.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { DbConnectInput, DbConnectionView, DbPreview, DbSource, DbTable } from '../../shared/reconcile/database';
import { UserError } from '../errors';
import { writeFileAtomic } from '../base/atomic-write';
import { columnType } from './pushdown/postgres';
import { pgDriver, type pg } from './pushdown/pg-driver';

export const DB_PASSWORD_SECRET = 'reconcile.db.password';
export const PREVIEW_ROWS = 20;
const MAX_TABLES = 2000;
const FETCH_ROWS = 10_000;

/** What the database sources need of the SecretStore. */
export interface DbSecrets {
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

export interface DatabaseDeps {
  secrets: DbSecrets;
  /** The Lineage workspace's saved JDBC connection (with its password), shared with Reconcile. */
  lineage?: () => Promise<{ url: string; user?: string; password?: string } | null>;
  /** Connect timeout (tests shorten it). */
  connectMs?: number;
}

/** A parsed connection: what pg needs, plus the string as saved (never with a password). */
export interface DbTarget {
  host: string;
  port: number;
  database: string;
  user?: string;
  password?: string;
  ssl?: { rejectUnauthorized: boolean };
  /** host:port/database */
  label: string;
  /** The connection string as typed, with any password removed. */
  url: string;
}

const SavedSchema = z.object({ version: z.literal(1), url: z.string(), user: z.string().optional() });

/** Parses jdbc:postgresql://, postgres:// and postgresql:// strings; a sentence when it cannot. */
export function parseDbUrl(raw: string, user?: string, password?: string): DbTarget {
  const text = raw.trim();
  const m = /^(jdbc:postgresql|postgres|postgresql):\/\//i.exec(text);
  if (!m) throw new UserError('Write the connection as jdbc:postgresql://host:port/database (as in the Lineage workspace) or postgres://host:port/database.', 'invalid_input');
  let url: URL;
  try {
    url = new URL(`postgres://${text.slice(m[0].length)}`);
  } catch {
    throw new UserError(`“${redactUrl(text)}” is not a connection string Kalla can read: write jdbc:postgresql://host:port/database.`, 'invalid_input');
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database) throw new UserError(`“${redactUrl(text)}” names no database: add it after the port, as in jdbc:postgresql://${url.host || 'host:5432'}/mydb.`, 'invalid_input');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new UserError(`“${redactUrl(text)}” names no host: write jdbc:postgresql://host:port/${database}.`, 'invalid_input');
  const port = url.port ? Number(url.port) : 5432;
  const u = user?.trim() || decodeURIComponent(url.username) || url.searchParams.get('user') || undefined;
  const p = password || (url.password ? decodeURIComponent(url.password) : '') || url.searchParams.get('password') || undefined;
  const sslmode = url.searchParams.get('sslmode') ?? (url.searchParams.get('ssl') === 'true' ? 'require' : null);
  const ssl = sslmode && sslmode !== 'disable' && sslmode !== 'allow' && sslmode !== 'prefer' ? { rejectUnauthorized: sslmode === 'verify-full' || sslmode === 'verify-ca' } : undefined;
  return { host, port, database, ...(u ? { user: u } : {}), ...(p ? { password: p } : {}), ...(ssl ? { ssl } : {}), label: `${url.host}/${database}`, url: withoutPassword(text) };
}

/** The string with its password removed (user:password@ and password= parameters). */
export function withoutPassword(text: string): string {
  return text
    .replace(/(\/\/[^:/@?#]+):[^@/?#]*@/, '$1@')
    .replace(/([?&;])password=[^&;#]*(&|;)?/gi, (_m, lead: string, trail: string | undefined) => (trail ? lead : ''))
    .replace(/[?&;]$/, '');
}

function redactUrl(text: string): string {
  return text.replace(/(\/\/[^:/@?#]+):[^@/?#]*@/, '$1:••••@').replace(/(password=)[^&;#]*/gi, '$1••••');
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function sourceName(source: DbSource): string {
  return source.kind === 'table' ? `${source.schema}.${source.name}` : 'query';
}

function relationOf(source: DbSource): string {
  return source.kind === 'table' ? `${quote(source.schema)}.${quote(source.name)}` : `(${source.sql.trim().replace(/;\s*$/, '')})`;
}

/**
 * A PostgreSQL failure as a sentence with a next step. pg's messages never hold the password;
 * the connection is named by host:port/database and user only.
 */
export function explainPgError(e: unknown, t: DbTarget, source?: DbSource): UserError {
  if (e instanceof UserError) return e;
  const err = e as { code?: string; message?: string; errno?: string };
  const code = err.code ?? '';
  const msg = (err.message ?? String(e)).replace(/password=[^\s&]*/gi, 'password=••••');
  const who = t.user ? `user “${t.user}”` : 'the user (none given)';
  const table = source?.kind === 'table' ? `${source.schema}.${source.name}` : null;
  const hostPort = `${t.host}:${t.port}`;
  switch (code) {
    case '28P01':
      return new UserError(`PostgreSQL at ${t.label} refused the password for ${who}. Type the password again and connect.`, 'invalid_input');
    case '28000':
      return new UserError(`PostgreSQL at ${t.label} does not let ${who} in (${msg}). Check the user name, or ask the database's owner to allow it from this computer.`, 'invalid_input');
    case '3D000':
      return new UserError(`There is no database “${t.database}” on ${hostPort}. Check the name after the port in the connection string.`, 'not_found');
    case '42P01':
      return table
        ? new UserError(`PostgreSQL at ${t.label} has no table ${table} that ${who} can see. Pick a table from the list, or check the schema and name.`, 'not_found')
        : new UserError(`The query names a table PostgreSQL at ${t.label} does not have (${msg}). Check the table’s schema and name, then preview again.`, 'not_found');
    case '42501':
      return new UserError(`${who.replace(/^u/, 'U')} may not read ${table ?? 'what the query reads'} (${msg}). Ask the database's owner for SELECT on it, or pick another table.`, 'invalid_input');
    case '25006':
      return new UserError('The query tries to change the database; Kalla reads sources in a read-only transaction. Write a SELECT that only reads.', 'invalid_input');
    case '57014':
      return new UserError(`PostgreSQL stopped reading ${table ?? 'the query'} after the time limit (${msg}). Narrow it with a WHERE clause or pick a smaller table.`, 'failed');
    case 'ECONNREFUSED':
      return new UserError(`Nothing answers at ${hostPort} (connection refused). Check the host and port in the connection string, and that PostgreSQL is running and accepts TCP connections there.`, 'unavailable');
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new UserError(`The host “${t.host}” is unknown to this computer's name service. Check its spelling in the connection string.`, 'unavailable');
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new UserError(`${hostPort} cannot be reached from this computer (${code}). Check the host and port, and any VPN or firewall between this computer and the database.`, 'unavailable');
    default:
      break;
  }
  if (/data-modifying statement/i.test(msg)) return explainPgError({ code: '25006' }, t, source);
  if (/timeout expired|Connection terminated due to connection timeout/i.test(msg)) {
    return new UserError(`${hostPort} did not answer within the time limit. Check the host and port, and any VPN or firewall between this computer and the database.`, 'unavailable');
  }
  if (/^42/.test(code)) return new UserError(`PostgreSQL cannot read ${table ?? 'the query'}: ${msg}. ${table ? 'Pick another table' : 'Fix the query and preview it again'}.`, 'invalid_input');
  if (/no pg_hba\.conf entry/i.test(msg)) return new UserError(`PostgreSQL at ${t.label} does not accept ${who} from this computer (${msg}). Ask the database's owner to allow it.`, 'invalid_input');
  return new UserError(`PostgreSQL at ${t.label} answered: ${msg}. Check the connection and try again.`, 'failed');
}

/** Cells as PostgreSQL prints them (dates ISO, numbers with a point); booleans as true/false. */
const asText = { getTypeParser: () => (v: string) => v };

function cellText(v: unknown, oid: number): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v);
  if (oid === 16) return s === 't' ? 'true' : s === 'f' ? 'false' : s;
  return s;
}

const csvCell = (v: string | null): string => (v === null ? '' : /[",\n\r]/.test(v) || v === '' ? `"${v.replace(/"/g, '""')}"` : v);

export class DatabaseSources {
  private readonly file: string;
  private readonly reading = new Map<string, { cancelled: boolean }>();

  constructor(
    private readonly deps: DatabaseDeps,
    dataDir: string,
  ) {
    this.file = join(dataDir, 'reconcile', 'database.json');
  }

  private async saved(): Promise<{ url: string; user?: string } | null> {
    try {
      const parsed = SavedSchema.safeParse(JSON.parse(await readFile(this.file, 'utf8')));
      return parsed.success ? { url: parsed.data.url, ...(parsed.data.user ? { user: parsed.data.user } : {}) } : null;
    } catch {
      return null;
    }
  }

  private async lineage(): Promise<{ url: string; user?: string; password?: string } | null> {
    const c = await this.deps.lineage?.().catch(() => null);
    return c && /^jdbc:postgresql:\/\//i.test(c.url) ? c : null;
  }

  /** The connection in use: Reconcile's saved one, else the Lineage workspace's; with its password. */
  private async current(): Promise<{ target: DbTarget; from: 'reconcile' | 'lineage' } | null> {
    const own = await this.saved();
    if (own) return { target: parseDbUrl(own.url, own.user, await this.deps.secrets.get(DB_PASSWORD_SECRET)), from: 'reconcile' };
    const l = await this.lineage();
    if (l) return { target: parseDbUrl(l.url, l.user, l.password), from: 'lineage' };
    return null;
  }

  private async target(): Promise<DbTarget> {
    const c = await this.current();
    if (!c) throw new UserError('Connect to a database first: type its connection string (jdbc:postgresql://host:port/database), user and password.', 'no_connection');
    return c.target;
  }

  private static view(t: DbTarget, from: 'reconcile' | 'lineage'): DbConnectionView {
    return { url: t.url, label: t.label, ...(t.user ? { user: t.user } : {}), passwordStored: Boolean(t.password), from };
  }

  async connection(): Promise<DbConnectionView | null> {
    const c = await this.current().catch(() => null);
    return c ? DatabaseSources.view(c.target, c.from) : null;
  }

  /** Tries the connection; only one that works is saved (its password in the SecretStore). */
  async connect(input: DbConnectInput): Promise<{ connection: DbConnectionView; tables: DbTable[]; truncated: boolean }> {
    let target = parseDbUrl(input.url, input.user, input.password || undefined);
    if (!target.password) {
      // Same connection as before without a new password: keep the stored one.
      const before = await this.current().catch(() => null);
      if (before && before.target.label === target.label && before.target.user === target.user && before.target.password) target = { ...target, password: before.target.password };
    }
    const listed = await this.withClient(target, (c) => this.listTables(c));
    await mkdir(dirname(this.file), { recursive: true });
    await writeFileAtomic(this.file, `${JSON.stringify({ version: 1, url: target.url, ...(target.user ? { user: target.user } : {}) }, null, 2)}\n`);
    if (target.password) await this.deps.secrets.set(DB_PASSWORD_SECRET, target.password);
    else await this.deps.secrets.delete(DB_PASSWORD_SECRET);
    return { connection: DatabaseSources.view(target, 'reconcile'), ...listed };
  }

  /** Forgets Reconcile's saved connection and password (the Lineage one, if any, is used again). */
  async forget(): Promise<DbConnectionView | null> {
    await rm(this.file, { force: true });
    await this.deps.secrets.delete(DB_PASSWORD_SECRET);
    return this.connection();
  }

  async tables(): Promise<{ tables: DbTable[]; truncated: boolean }> {
    return this.withClient(await this.target(), (c) => this.listTables(c));
  }

  async preview(source: DbSource): Promise<DbPreview> {
    const t = await this.target();
    return this.withClient(t, async (c) => {
      await c.query('BEGIN TRANSACTION READ ONLY');
      await c.query(`SET LOCAL statement_timeout = '60s'`);
      const r = await run(c, `SELECT * FROM ${relationOf(source)} AS kalla_src LIMIT ${PREVIEW_ROWS}`);
      await c.query('ROLLBACK');
      return {
        columns: r.fields.map((f) => ({ name: f.name, type: columnType(f.dataTypeID) })),
        rows: r.rows.map((row: unknown[]) => r.fields.map((f, i) => cellText(row[i], f.dataTypeID))),
        limit: PREVIEW_ROWS,
      };
    }, source);
  }

  /**
   * Writes the table or query's rows as CSV to `path` (a read-only transaction, a cursor read in
   * pages of FETCH_ROWS): the snapshot the workspace then loads. Returns the row count.
   */
  async exportCsv(key: string, source: DbSource, path: string, onRows: (rows: number) => void = () => undefined): Promise<{ rows: number; label: string }> {
    const t = await this.target();
    const state = { cancelled: false };
    this.reading.set(key, state);
    const out = createWriteStream(path, { mode: 0o600 });
    let rows = 0;
    try {
      await this.withClient(t, async (c) => {
        await c.query('BEGIN TRANSACTION READ ONLY');
        await c.query(`SET LOCAL TIME ZONE 'UTC'`);
        await run(c, `DECLARE kalla_src NO SCROLL CURSOR FOR SELECT * FROM ${relationOf(source)} AS kalla_src`);
        let header = false;
        for (;;) {
          if (state.cancelled) throw new UserError(`Reading ${sourceName(source)} from ${t.label} was cancelled.`, 'cancelled');
          const r = await c.query({ text: `FETCH FORWARD ${FETCH_ROWS} FROM kalla_src`, rowMode: 'array', types: asText });
          if (!header) {
            if (r.fields.length === 0) throw new UserError(`${sourceName(source)} returns no columns. Select at least one column.`, 'invalid_input');
            out.write(`${r.fields.map((f) => csvCell(f.name)).join(',')}\n`);
            header = true;
          }
          let chunk = '';
          for (const row of r.rows as unknown[][]) chunk += `${r.fields.map((f, i) => csvCell(cellText(row[i], f.dataTypeID))).join(',')}\n`;
          if (chunk && !out.write(chunk)) await once(out, 'drain');
          rows += r.rows.length;
          onRows(rows);
          if (r.rows.length < FETCH_ROWS) break;
        }
        await c.query('ROLLBACK');
      }, source);
    } catch (e) {
      out.destroy();
      await rm(path, { force: true });
      throw e;
    } finally {
      this.reading.delete(key);
    }
    out.end();
    await once(out, 'close');
    return { rows, label: t.label };
  }

  /** Stops a read in progress (between two pages); false when none runs. */
  cancel(key: string): boolean {
    const r = this.reading.get(key);
    if (!r) return false;
    r.cancelled = true;
    return true;
  }

  private async listTables(c: pg.Client): Promise<{ tables: DbTable[]; truncated: boolean }> {
    const r = await c.query({
      text: `SELECT table_schema, table_name, table_type FROM information_schema.tables
             WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_schema NOT LIKE 'pg\\_temp%' AND table_schema NOT LIKE 'pg\\_toast%'
             ORDER BY table_schema = 'public' DESC, table_schema, table_name LIMIT ${MAX_TABLES + 1}`,
      values: [],
    });
    const tables = (r.rows as Array<{ table_schema: string; table_name: string; table_type: string }>).slice(0, MAX_TABLES).map((x) => ({
      schema: x.table_schema,
      name: x.table_name,
      kind: x.table_type === 'VIEW' ? ('view' as const) : ('table' as const),
    }));
    return { tables, truncated: r.rows.length > MAX_TABLES };
  }

  private async withClient<T>(t: DbTarget, body: (c: pg.Client) => Promise<T>, source?: DbSource): Promise<T> {
    const client = new (await pgDriver()).Client({
      host: t.host,
      port: t.port,
      database: t.database,
      ...(t.user ? { user: t.user } : {}),
      // pg would read PGPASSWORD / ~/.pgpass without one; an empty string keeps the stored choice explicit.
      password: t.password ?? '',
      ...(t.ssl ? { ssl: t.ssl } : {}),
      connectionTimeoutMillis: this.deps.connectMs ?? 10_000,
      application_name: 'kalla',
    });
    // A dropped connection emits 'error' on the client; the awaiting call reports it.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (e) {
      await client.end().catch(() => undefined);
      throw explainPgError(e, t);
    }
    try {
      return await body(client);
    } catch (e) {
      throw explainPgError(e, t, source);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** One statement by the extended protocol: a query can never carry a second statement (`…; DROP …`). */
async function run(c: pg.Client, text: string): Promise<pg.QueryResult> {
  return c.query({ text, queryMode: 'extended', rowMode: 'array', types: asText } as pg.QueryConfig);
}
