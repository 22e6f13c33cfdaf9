// A real PostgreSQL server for the push-down tests and bench, as tests/lineage/jdbc-postgres.test.ts
// starts one: initdb into a temp dir under /tmp, a random loopback port, sockets in the temp dir,
// fsync off; stop() shuts it down and removes the dir. Debian's postgresql (.ci/run installs it).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const hasPostgres = existsSync(join(PG_BIN, 'initdb'));
const isRoot = process.getuid?.() === 0;

function pg(bin: string, args: string[]): string {
  const cmd = join(PG_BIN, bin);
  return isRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' }) : execFileSync(cmd, args, { encoding: 'utf8' });
}

export interface PgServer {
  port: number;
  dir: string;
  /** postgres://postgres@127.0.0.1:PORT/DB */
  url(db?: string): string;
  stop(): void;
}

export function startPostgres(extra: string[] = []): PgServer {
  const dir = mkdtempSync(join(tmpdir(), 'kalla-pg-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  pg('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = 20_000 + Math.floor(Math.random() * 30_000);
  const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c shared_buffers=128MB', ...extra];
  pg('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start', '-o', options.join(' ')]);
  return {
    port,
    dir,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    stop() {
      try {
        pg('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A role `kalla` that signs in with `password` over TCP (scram-sha-256; the admin keeps trust on
 * the socket) and owns schema `fin`: ledger (40 rows: text, date, numeric, boolean, a note with a
 * quote and a comma), bank (36 rows paying the first 36), a view of the unpaid items, a sequence.
 */
export async function seedFinance(server: PgServer, password: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE kalla LOGIN PASSWORD '${password.replace(/'/g, "''")}'`);
    await admin.query('CREATE SCHEMA fin AUTHORIZATION kalla');
    await admin.query('SET ROLE kalla');
    await admin.query('CREATE TABLE fin.ledger (reference text, posting_date date, amount numeric(12,2), paid boolean, note text)');
    await admin.query(`INSERT INTO fin.ledger SELECT 'INV-' || g, DATE '2026-10-01' + (g % 20), 100 + g * 3.25, g % 2 = 0, CASE WHEN g = 3 THEN 'says "hi", twice' END FROM generate_series(1, 40) g`);
    await admin.query('CREATE TABLE fin.bank (ref text, booked date, value numeric(12,2))');
    await admin.query(`INSERT INTO fin.bank SELECT 'INV-' || g, DATE '2026-10-02' + (g % 20), 100 + g * 3.25 FROM generate_series(1, 36) g`);
    await admin.query('CREATE SEQUENCE fin.seq');
    await admin.query('CREATE VIEW fin.open_items AS SELECT * FROM fin.ledger WHERE NOT paid');
    await admin.query('RESET ROLE');
    const hba = join(server.dir, 'data', 'pg_hba.conf');
    writeFileSync(hba, `host all kalla 127.0.0.1/32 scram-sha-256\n${readFileSync(hba, 'utf8')}`);
    await admin.query('SELECT pg_reload_conf()');
  } finally {
    await admin.end();
  }
}
