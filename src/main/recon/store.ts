/**
 * Persistent tables of a workspace (recon.duckdb). Runs, their match groups,
 * per-row categories and exceptions are committed as they are produced, so a
 * crash leaves a `running` run that the next open marks `interrupted`.
 */
import type { Db } from './db';

export const STORE_DDL = `
CREATE TABLE IF NOT EXISTS sources (side VARCHAR PRIMARY KEY, info JSON NOT NULL);
CREATE SEQUENCE IF NOT EXISTS run_seq START 1;
CREATE TABLE IF NOT EXISTS runs (
  run_id BIGINT PRIMARY KEY,
  recipe JSON NOT NULL,
  status VARCHAR NOT NULL,
  started_at TIMESTAMP NOT NULL,
  finished_at TIMESTAMP,
  error VARCHAR,
  sources JSON,
  engine_version VARCHAR NOT NULL,
  phases JSON
);
-- One row per in-scope source row (after filters): its category and group.
CREATE TABLE IF NOT EXISTS run_rows (
  run_id BIGINT NOT NULL,
  side VARCHAR NOT NULL,
  row_id BIGINT NOT NULL,
  amount DECIMAL(18, 6),
  category VARCHAR NOT NULL,
  group_id BIGINT
);
CREATE TABLE IF NOT EXISTS match_groups (
  run_id BIGINT NOT NULL,
  group_id BIGINT NOT NULL,
  rule_id VARCHAR NOT NULL,
  cardinality VARCHAR NOT NULL,
  status VARCHAR NOT NULL,
  left_ids BIGINT[] NOT NULL,
  right_ids BIGINT[] NOT NULL,
  amount_left DECIMAL(38, 6),
  amount_right DECIMAL(38, 6),
  amount_delta DECIMAL(38, 6),
  date_delta_days INTEGER,
  score DOUBLE NOT NULL,
  note VARCHAR
);
CREATE TABLE IF NOT EXISTS exceptions (
  run_id BIGINT NOT NULL,
  side VARCHAR NOT NULL,
  row_id BIGINT NOT NULL,
  rule_id VARCHAR NOT NULL,
  reason VARCHAR NOT NULL,
  counterpart_row_id BIGINT,
  amount_delta DECIMAL(38, 6),
  date_delta_days INTEGER,
  annotation_reason VARCHAR,
  annotation_note VARCHAR
);
CREATE SEQUENCE IF NOT EXISTS audit_seq START 1;
CREATE TABLE IF NOT EXISTS audit_log (
  seq BIGINT PRIMARY KEY,
  "at" TIMESTAMP NOT NULL,
  os_user VARCHAR NOT NULL,
  action VARCHAR NOT NULL,
  run_id BIGINT,
  before JSON,
  after JSON
);
`;

export async function ensureStore(db: Db): Promise<void> {
  await db.exec(STORE_DDL);
}

/** Runs left `running` by a crash: mark them interrupted and drop their partial rows. */
export async function recoverInterruptedRuns(db: Db): Promise<number[]> {
  const rows = await db.all<{ run_id: string }>(`SELECT run_id FROM runs WHERE status = 'running' ORDER BY run_id`);
  const ids = rows.map((r) => Number(r.run_id));
  for (const id of ids) await deleteRunRows(db, id);
  if (ids.length > 0) {
    await db.exec(`UPDATE runs SET status = 'interrupted', finished_at = now()::TIMESTAMP, error = 'the application stopped while this run was in progress' WHERE status = 'running'`);
  }
  return ids;
}

export async function deleteRunRows(db: Db, runId: number): Promise<void> {
  for (const table of ['run_rows', 'match_groups', 'exceptions']) await db.exec(`DELETE FROM ${table} WHERE run_id = $1`, [runId]);
}
