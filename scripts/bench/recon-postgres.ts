/**
 * `npm run bench:recon -- --engine postgres --rows N`: the ledger bench's files loaded into a real
 * PostgreSQL (started in /tmp for the bench and stopped after), the recipe run inside it by the
 * push-down (src/main/reconcile/pushdown), next to the raw key join on the same PostgreSQL.
 * Prints time per phase, the ratio, peak RSS of this process and of the PostgreSQL session, and
 * precision / recall against the bench's ground truth.
 */
import { chmodSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import type { Recipe } from '../../src/shared/reconcile/recipe';
import { parsePgSource, runInPostgres } from '../../src/main/reconcile/pushdown/postgres';
import { startPostgres } from '../../tests/reconcile/engine/pg-server';

const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** VmHWM (peak resident set) of a process, in MiB; 0 when it cannot be read. */
function peakMiB(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export async function runPostgresBench(paths: { left: string; right: string; truth: string; dir: string }, recipe: Recipe): Promise<string[]> {
  for (const p of [paths.dir, paths.left, paths.right, paths.truth]) chmodSync(p, 0o755);
  const server = startPostgres(['-c work_mem=64MB', '-c max_wal_size=4GB']);
  const client = new pg.Client({ connectionString: server.url() });
  try {
    await client.connect();
    const tLoad = performance.now();
    await client.query('SET max_parallel_workers_per_gather = 0');
    await client.query(`CREATE UNLOGGED TABLE ledger_raw (reference text, posting_date text, amount text, description text)`);
    await client.query(`COPY ledger_raw FROM '${paths.left}' WITH (FORMAT csv, HEADER true)`);
    await client.query(`CREATE UNLOGGED TABLE bank_raw (ref text, booked text, value text, memo text)`);
    await client.query(`COPY bank_raw FROM '${paths.right}' WITH (FORMAT csv, HEADER true, DELIMITER ';')`);
    await client.query(`CREATE UNLOGGED TABLE ledger AS SELECT reference, to_date(posting_date, 'DD/MM/YYYY') AS posting_date, CAST(amount AS numeric(18,2)) AS amount, description FROM ledger_raw`);
    await client.query(`CREATE UNLOGGED TABLE bank AS SELECT ref, CAST(booked AS date) AS booked, CAST(replace(value, ',', '') AS numeric(18,2)) AS value, memo FROM bank_raw`);
    await client.query(`CREATE UNLOGGED TABLE truth (side text, row_id bigint, label text, dup int)`);
    await client.query(`COPY truth FROM '${paths.truth}' WITH (FORMAT csv, HEADER true)`);
    await client.query('DROP TABLE ledger_raw, bank_raw');
    await client.query('VACUUM ANALYZE ledger');
    await client.query('VACUUM ANALYZE bank');
    await client.query('RESET max_parallel_workers_per_gather');
    const loadMs = performance.now() - tLoad;

    const loadBefore = load();
    const tBase = performance.now();
    const base = await client.query(`SELECT count(*) AS n FROM ledger l JOIN bank r ON lower(regexp_replace(l.reference, '[^A-Za-z0-9]', '', 'g')) = lower(regexp_replace(r.ref, '[^A-Za-z0-9]', '', 'g'))`);
    const baseMs = performance.now() - tBase;

    let backendPeak = 0;
    const t0 = performance.now();
    const res = await runInPostgres(parsePgSource(`${server.url()}#public.ledger`), parsePgSource(`${server.url()}#public.bank`), recipe, { onBackend: (pid) => (backendPeak = peakMiB(pid)) });
    const total = performance.now() - t0;

    // Precision / recall as the DuckDB bench computes them, over kalla_matched.
    const q = await client.query(`
      WITH pred AS (
        SELECT m.group_id, 'left' AS side, u.id AS row_id FROM public.kalla_matched m CROSS JOIN unnest(m.left_ids) AS u(id)
        UNION ALL SELECT m.group_id, 'right', u.id FROM public.kalla_matched m CROSS JOIN unnest(m.right_ids) AS u(id)),
      lab AS (SELECT p.group_id, nullif(t.label, '') AS label FROM pred p LEFT JOIN truth t ON t.side = p.side AND t.row_id = p.row_id),
      g AS (SELECT group_id, count(DISTINCT label) AS labels, count(*) FILTER (WHERE label IS NULL) AS unlabeled FROM lab GROUP BY group_id)
      SELECT count(*) AS predicted, count(*) FILTER (WHERE g.labels = 1 AND g.unlabeled = 0) AS correct,
        (SELECT count(*) FROM truth WHERE nullif(label, '') IS NOT NULL AND dup = 0) AS expected
      FROM lab JOIN g USING (group_id)`);
    const { predicted, correct, expected } = q.rows[0] as Record<string, string>;
    const rss = process.resourceUsage().maxRSS / 1024;
    return [
      `engine: PostgreSQL 15 (push-down), rows: left ${res.rows.left.toLocaleString('en')} × right ${res.rows.right.toLocaleString('en')} (loaded with COPY in ${f(loadMs)}, not counted)`,
      ...res.phases.map((p) => `run ${p.phase.padEnd(14)} ${f(p.ms)}`),
      `run total:        ${f(total)}`,
      `baseline (raw PostgreSQL key join, same normalised keys, same server): ${f(baseMs)} (${Number(base.rows[0].n).toLocaleString('en')} pairs); ratio ${(total / baseMs).toFixed(1)}×`,
      `peak RSS:         this process ${Math.round(rss)} MiB; the PostgreSQL session ${Math.round(backendPeak)} MiB (shared_buffers 128 MB, work_mem 64 MB)`,
      `load average (1/5/15 min): ${loadBefore} before, ${load()} after`,
      `groups: ${res.matched} auto, ${res.suggested} suggested; exceptions ${res.exceptionsLeft}/${res.exceptionsRight}`,
      ...res.notes.map((n) => `note: ${n}`),
      `precision: ${((Number(correct) / Math.max(1, Number(predicted))) * 100).toFixed(3)} %  (${correct}/${predicted} matched rows correct)`,
      `recall:    ${((Number(correct) / Math.max(1, Number(expected))) * 100).toFixed(3)} %  (${correct}/${expected} matchable rows matched correctly)`,
    ];
  } finally {
    await client.end().catch(() => undefined);
    server.stop();
  }
}
