// JDBC integration: a real PostgreSQL server (initdb into a temp dir, random port, sockets in
// the temp dir), schemas/tables/views created with psql, and the engine reading them through
// information_schema.views with the driver jar loaded from --drivers /usr/share/java.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServeClient, ServeRequestError, requireJar } from './serveClient';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const DRIVERS = '/usr/share/java';
const hasPostgres = existsSync(join(PG_BIN, 'initdb')) && existsSync(join(DRIVERS, 'postgresql.jar'));
const isRoot = process.getuid?.() === 0;

/** initdb and postgres refuse to run as root, so as root they run as the postgres user. */
function pg(bin: string, args: string[]): string {
  const cmd = join(PG_BIN, bin);
  return isRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
    : execFileSync(cmd, args, { encoding: 'utf8' });
}

const SETUP_SQL = `
CREATE DATABASE shop;
\\c shop
CREATE SCHEMA raw;
CREATE SCHEMA mart;
CREATE TABLE raw.orders (id int, customer_id int, amount numeric);
CREATE TABLE raw.customers (id int, name text);
CREATE VIEW mart.customer_orders AS
  SELECT c.name, o.amount FROM raw.customers c JOIN raw.orders o ON o.customer_id = c.id;
CREATE VIEW mart."Big Spenders" AS
  WITH t AS (SELECT name, sum(amount) AS s FROM mart.customer_orders GROUP BY name) SELECT * FROM t WHERE s > 100;
CREATE VIEW public.summary AS SELECT count(*) AS n FROM mart."Big Spenders";
CREATE VIEW public.order_ids AS SELECT id FROM raw.orders WHERE id IN (SELECT customer_id FROM raw.orders);
`;

describe.skipIf(!hasPostgres)('JDBC connection against a real PostgreSQL server', () => {
  let dir = '';
  let port = 0;
  let engine: ServeClient;
  let url = '';

  beforeAll(() => {
    requireJar();
    dir = mkdtempSync(join(tmpdir(), 'viewmapper-pg-'));
    if (isRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    pg('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync']);
    port = 20_000 + Math.floor(Math.random() * 30_000);
    pg('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start',
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`]);
    const script = join(dir, 'setup.sql');
    writeFileSync(script, SETUP_SQL);
    if (isRoot) chownSync(script, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), 0);
    pg('psql', ['-h', dir, '-p', String(port), '-U', 'postgres', '-q', '-v', 'ON_ERROR_STOP=1', '-f', script]);
    url = `jdbc:postgresql://127.0.0.1:${port}/shop`;
    engine = ServeClient.start({ args: ['--drivers', DRIVERS, '--user', 'postgres'] });
  }, 120_000);

  afterAll(async () => {
    await engine?.close();
    if (dir) {
      try {
        pg('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 60_000);

  it('lists catalogs and schemas without choosing a schema first', async () => {
    expect(await engine.request('list_catalogs', { connection: url })).toEqual({ catalogs: ['shop'] });
    const { schemas } = await engine.request<{ schemas: string[] }>('list_schemas', { connection: url });
    expect(schemas).toEqual(expect.arrayContaining(['mart', 'public', 'raw']));
    expect(schemas).not.toContain('pg_catalog');
  });

  it('builds the graph from information_schema.views across schemas', async () => {
    const r = await engine.request<{ viewCount: number; tableCount: number; failures: unknown[]; schema: string }>(
      'analyze', { connection: url });
    expect(r.viewCount).toBe(4);
    expect(r.tableCount).toBe(2);
    expect(r.failures).toEqual([]);
    expect(r.schema).toBe('public');
  });

  it('links quoted mixed-case view names and answers impact questions', async () => {
    const impact = await engine.request<{ dependents: { name: string; depth: number }[] }>(
      'impact', { connection: url, name: 'raw.orders' });
    expect(impact.dependents.map((d) => [d.name, d.depth])).toEqual([
      ['mart.customer_orders', 1], ['order_ids', 1], ['mart."Big Spenders"', 2], ['summary', 3],
    ]);
    const answer = await engine.request<{ intent: string; mermaid: string }>(
      'explain', { connection: url, question: 'what depends on mart.customer_orders' });
    expect(answer.intent).toBe('downstream');
    expect(answer.mermaid).toContain('mart.#quot;Big Spenders#quot;');
  });

  it("traces columns through PostgreSQL's stored (rewritten) view definitions, with table columns from information_schema.columns", async () => {
    const trace = await engine.request<{ nodes: { relation: string; column: string }[]; edges: { from: string; to: string; kind: string; assumed?: string }[]; notes: string[] }>(
      'trace_column', { connection: url, name: 'mart."Big Spenders"', column: 's' });
    expect(trace.nodes.map((n) => `${n.relation}.${n.column}`)).toEqual(['mart."Big Spenders".s', 'mart.customer_orders.amount', 'raw.orders.amount']);
    expect(trace.edges.map((e) => [e.from, e.to, e.kind, e.assumed ?? null])).toEqual([
      ['mart.customer_orders.amount', 'mart."Big Spenders".s', 'aggregate', null],
      ['raw.orders.amount', 'mart.customer_orders.amount', 'direct', null],
    ]);
    expect(trace.notes).toEqual([]);
    const table = await engine.request<{ kind: string; columns: { name: string }[] }>('view_columns', { connection: url, name: 'raw.orders' });
    expect(table.columns.map((c) => c.name)).toEqual(['id', 'customer_id', 'amount']);
    await expect(engine.request('trace_column', { connection: url, name: 'raw.orders.discount', direction: 'downstream' })).rejects.toThrow(
      "raw.orders has no column 'discount'; its columns are [id, customer_id, amount]",
    );
  });

  it('filters by schema', async () => {
    const r = await engine.request<{ viewCount: number }>('analyze', { connection: url, schema: 'mart' });
    expect(r.viewCount).toBe(2);
  });

  it('reports connection failures as errors without exposing the password', async () => {
    const run = spawnSync('java', ['-jar', requireJar(), 'run', 'leaf views', '--connection',
      `jdbc:postgresql://127.0.0.1:${port}/no_such_db`, '--drivers', DRIVERS, '--user', 'postgres',
      '--password', 'hunter2-secret'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('CONNECTION_FAILED');
    expect(run.stderr + run.stdout).not.toContain('hunter2-secret');
    await expect(engine.request('analyze', { connection: 'jdbc:nosuchdriver://x/y' }))
      .rejects.toBeInstanceOf(ServeRequestError);
  });
});
