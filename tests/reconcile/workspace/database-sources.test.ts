/**
 * Database sources (issue 30) through the real core's dispatcher (zod contract, handlers, the
 * SecretStore) against a real PostgreSQL started on loopback for this file: connect (wrong
 * password, unreachable port, unknown database as sentences; nothing saved then), the password
 * kept out of every answer and file but secrets.json, tables, previews, read-only queries, the
 * Lineage workspace's connection used when Reconcile has none, and a table plus a query loaded
 * into a workspace and reconciled by the real engine.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core';
import type { WorkspaceState } from '../../../src/shared/reconcile/workspace';
import { createTestCore } from '../../helpers/core';
import { hasPostgres, seedFinance, startPostgres, type PgServer } from '../engine/pg-server';

const PASSWORD = 'S3cret-pw!';
let server: PgServer;
let core: Core;
let dir: string;
let jdbc: string;

async function call<T = unknown>(channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input);
  if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
  return r.value as T;
}

/** Every file under the data folder except the secret store: the password must be in none. */
function filesHolding(root: string, text: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(root, { recursive: true }) as string[]) {
    const path = join(root, name);
    if (!statSync(path).isFile() || name === 'secrets.json') continue;
    if (readFileSync(path).includes(text)) out.push(name);
  }
  return out;
}

describe.skipIf(!hasPostgres)('database sources (PostgreSQL)', () => {
  beforeAll(async () => {
    server = startPostgres();
    await seedFinance(server, PASSWORD);
    jdbc = `jdbc:postgresql://127.0.0.1:${server.port}/postgres`;
    ({ core, dir } = await createTestCore());
  }, 120_000);

  afterAll(async () => {
    await core?.dispose();
    server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('says what went wrong with a connection, and saves only one that works', async () => {
    expect(await call('reconcile.dbConnection', {})).toBeNull();
    await expect(call('reconcile.dbConnect', { url: jdbc, user: 'kalla', password: 'wrong' })).rejects.toThrow(
      `PostgreSQL at 127.0.0.1:${server.port}/postgres refused the password for user “kalla”. Type the password again and connect.`,
    );
    // A port nothing listens on (the server's own port + 1 is free: it was picked at random).
    await expect(call('reconcile.dbConnect', { url: `jdbc:postgresql://127.0.0.1:${server.port + 1}/postgres`, user: 'kalla', password: PASSWORD })).rejects.toThrow(
      /^Nothing answers at 127\.0\.0\.1:\d+ \(connection refused\)\. Check the host and port/,
    );
    await expect(call('reconcile.dbConnect', { url: `jdbc:postgresql://127.0.0.1:${server.port}/ledgers`, user: 'kalla', password: PASSWORD })).rejects.toThrow(
      `There is no database “ledgers” on 127.0.0.1:${server.port}. Check the name after the port in the connection string.`,
    );
    await expect(call('reconcile.dbConnect', { url: 'mysql://127.0.0.1/x' })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await call('reconcile.dbConnection', {})).toBeNull();
  });

  it('connects, lists tables and views, and never hands the password back', async () => {
    const r = await call<{ connection: Record<string, unknown>; tables: Array<{ schema: string; name: string; kind: string }> }>('reconcile.dbConnect', {
      url: `${jdbc}?user=kalla&password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(r.connection).toEqual({ url: `${jdbc}?user=kalla`, label: `127.0.0.1:${server.port}/postgres`, user: 'kalla', passwordStored: true, from: 'reconcile' });
    expect(r.tables).toEqual(
      expect.arrayContaining([
        { schema: 'fin', name: 'ledger', kind: 'table' },
        { schema: 'fin', name: 'bank', kind: 'table' },
        { schema: 'fin', name: 'open_items', kind: 'view' },
      ]),
    );
    expect(JSON.stringify(await call('reconcile.dbConnection', {}))).not.toContain(PASSWORD);
    expect(JSON.stringify(await call('reconcile.dbTables', {}))).not.toContain(PASSWORD);
    // Only the secret store holds it.
    expect(filesHolding(dir, PASSWORD)).toEqual([]);
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).toContain('reconcile.db.password');
    // Connecting again to the same database without a password keeps the stored one.
    const again = await call<{ connection: { passwordStored: boolean } }>('reconcile.dbConnect', { url: jdbc, user: 'kalla' });
    expect(again.connection.passwordStored).toBe(true);
  });

  it('previews a table and a query as text, and refuses an unknown table and a query that writes', async () => {
    const p = await call<{ columns: Array<{ name: string; type: string }>; rows: Array<Array<string | null>> }>('reconcile.dbPreview', { source: { kind: 'table', schema: 'fin', name: 'ledger' } });
    expect(p.columns).toEqual([
      { name: 'reference', type: 'text' },
      { name: 'posting_date', type: 'date' },
      { name: 'amount', type: 'number' },
      { name: 'paid', type: 'boolean' },
      { name: 'note', type: 'text' },
    ]);
    expect(p.rows).toHaveLength(20);
    expect(p.rows[0]).toEqual(['INV-1', '2026-10-02', '103.25', 'false', null]);
    const q = await call<{ rows: unknown[][] }>('reconcile.dbPreview', { source: { kind: 'query', sql: 'SELECT ref, value FROM fin.bank WHERE value > 200 ORDER BY value;' } });
    expect(q.rows[0]).toEqual(['INV-31', '200.75']);
    await expect(call('reconcile.dbPreview', { source: { kind: 'table', schema: 'fin', name: 'ledgr' } })).rejects.toThrow(
      `PostgreSQL at 127.0.0.1:${server.port}/postgres has no table fin.ledgr that user “kalla” can see. Pick a table from the list, or check the schema and name.`,
    );
    await expect(call('reconcile.dbPreview', { source: { kind: 'query', sql: "SELECT nextval('fin.seq')" } })).rejects.toThrow(
      /Kalla reads sources in a read-only transaction\. Write a SELECT that only reads\./,
    );
    // A second statement cannot ride along.
    await expect(call('reconcile.dbPreview', { source: { kind: 'query', sql: 'SELECT 1) x; COMMIT; DROP TABLE fin.bank; SELECT (1' } })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(call('reconcile.dbPreview', { source: { kind: 'query', sql: 'DROP TABLE fin.bank' } })).rejects.toThrow(/a query starts with SELECT or WITH/);
    expect((await call<{ rows: unknown[] }>('reconcile.dbPreview', { source: { kind: 'table', schema: 'fin', name: 'bank' } })).rows).toHaveLength(20);
  });

  it('loads a table and a query into a workspace and reconciles them', async () => {
    const id = (await call<WorkspaceState>('reconcile.create', { name: 'From the database' })).id;
    let st = await call<WorkspaceState>('reconcile.addSourceFromDatabase', { id, side: 'left', source: { kind: 'table', schema: 'fin', name: 'ledger' } });
    expect(st.sources.left?.info).toMatchObject({ name: 'fin.ledger.csv', row_count: 40 });
    expect(st.sources.left?.info.columns.map((c) => [c.name, c.type])).toEqual([
      ['reference', 'text'],
      ['posting_date', 'date'],
      ['amount', 'number'],
      ['paid', 'boolean'],
      ['note', 'text'],
    ]);
    st = await call<WorkspaceState>('reconcile.addSourceFromDatabase', { id, side: 'right', source: { kind: 'query', sql: 'SELECT ref, booked, value FROM fin.bank' } });
    expect(st.sources.right?.info).toMatchObject({ name: 'query.csv', row_count: 36 });
    // The quoted note with a comma survived the CSV snapshot.
    const rows = await call<{ items: Array<Record<string, unknown>> }>('reconcile.preview', { id, side: 'left', offset: 0, limit: 5 });
    expect(rows.items[2]).toMatchObject({ reference: 'INV-3', note: 'says "hi", twice' });
    st = await call<WorkspaceState>('reconcile.get', { id });
    st = await call<WorkspaceState>('reconcile.confirmMappings', { id, rows: st.mapping!.rows.map((r) => ({ ...r, decision: 'accepted' })), revision: st.revision });
    const run = await call<{ summary: Record<string, unknown> }>('reconcile.run', { id });
    expect(run.summary).toMatchObject({ status: 'completed', left_rows: 40, right_rows: 36, matched_groups: 36, unmatched: { left: { count: 4 }, right: { count: 0 } } });
    expect(filesHolding(dir, PASSWORD)).toEqual([]);
  }, 120_000);

  it("uses the Lineage workspace's JDBC connection when Reconcile has none of its own", async () => {
    await call('reconcile.dbForget', {});
    expect(await call('reconcile.dbConnection', {})).toBeNull();
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain('reconcile.db.password');
    // A data folder where the Lineage workspace saved a JDBC connection: the connection in its
    // workspace file, the password in the secret store (as LineageService.connect writes them).
    const other = mkdtempSync(join(tmpdir(), 'kalla-db-lineage-'));
    mkdirSync(join(other, 'lineage'), { recursive: true });
    writeFileSync(join(other, 'lineage', 'workspace.json'), JSON.stringify({ version: 1, connection: { kind: 'jdbc', connection: jdbc, label: jdbc, user: 'kalla' }, turns: [] }));
    writeFileSync(join(other, 'secrets.json'), JSON.stringify({ version: 1, kind: 'file', entries: { 'lineage.jdbc.password': PASSWORD } }), { mode: 0o600 });
    const second = (await createTestCore({ dataDir: other })).core;
    try {
      const r = await second.dispatch('reconcile.dbConnection', {});
      expect(r).toEqual({ ok: true, value: { url: jdbc, label: `127.0.0.1:${server.port}/postgres`, user: 'kalla', passwordStored: true, from: 'lineage' } });
      const tables = await second.dispatch('reconcile.dbTables', {});
      expect(tables.ok && (tables.value as { tables: unknown[] }).tables).toContainEqual({ schema: 'fin', name: 'ledger', kind: 'table' });
    } finally {
      await second.dispose();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
