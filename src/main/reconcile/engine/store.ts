/**
 * Persistent tables of a workspace (recon.duckdb). Runs, their match groups,
 * per-row categories and exceptions are committed as they are produced, so a
 * crash leaves a `running` run that the next open marks `interrupted`.
 */
import { CardinalitySchema } from '../../../shared/reconcile/recipe';
import { MATCH_STATUSES, ROW_CATEGORIES } from '../../../shared/reconcile/sources-and-runs';
import type { Db } from './db';
import { lit } from './sql';
import { HISTORY_DDL } from './history';
import { LEARNED_FACTS_DDL } from './learn-cache';

const enumOf = (values: readonly string[]) => `ENUM (${values.map(lit).join(', ')})`;

/**
 * Closed vocabularies are ENUM types (one byte per row, read back as text). Writing the
 * per-row results of a 1M × 1M run took 0.48 s with VARCHAR columns and 0.23 s with ENUMs:
 * DuckDB analyses and compresses every string column on write, even one with two values.
 */
const ENUM_TYPES: Record<string, readonly string[]> = {
  kalla_side: ['left', 'right'],
  kalla_row_category: ROW_CATEGORIES,
  kalla_match_status: MATCH_STATUSES,
  kalla_cardinality: CardinalitySchema.options,
};

/** Columns created as VARCHAR by workspaces before the ENUM types; migrated on open. */
const ENUM_COLUMNS: { table: string; column: string; type: keyof typeof ENUM_TYPES }[] = [
  { table: 'run_rows', column: 'side', type: 'kalla_side' },
  { table: 'run_rows', column: 'category', type: 'kalla_row_category' },
  { table: 'match_groups', column: 'status', type: 'kalla_match_status' },
  { table: 'match_groups', column: 'cardinality', type: 'kalla_cardinality' },
  { table: 'exceptions', column: 'side', type: 'kalla_side' },
];

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
  side kalla_side NOT NULL,
  row_id BIGINT NOT NULL,
  amount DECIMAL(18, 6),
  category kalla_row_category NOT NULL,
  group_id BIGINT
);
CREATE TABLE IF NOT EXISTS match_groups (
  run_id BIGINT NOT NULL,
  group_id BIGINT NOT NULL,
  rule_id VARCHAR NOT NULL,
  cardinality kalla_cardinality NOT NULL,
  status kalla_match_status NOT NULL,
  left_ids BIGINT[] NOT NULL,
  right_ids BIGINT[] NOT NULL,
  amount_left DECIMAL(38, 6),
  amount_right DECIMAL(38, 6),
  amount_delta DECIMAL(38, 6),
  date_delta_days INTEGER,
  score DOUBLE NOT NULL,
  note VARCHAR,
  reviewed_reason VARCHAR,
  evidence VARCHAR,
  model_reason VARCHAR,
  levels VARCHAR,
  tie VARCHAR,
  right_hashes UBIGINT[]
);
CREATE TABLE IF NOT EXISTS exceptions (
  run_id BIGINT NOT NULL,
  side kalla_side NOT NULL,
  row_id BIGINT NOT NULL,
  rule_id VARCHAR NOT NULL,
  reason VARCHAR NOT NULL,
  counterpart_row_id BIGINT,
  amount_delta DECIMAL(38, 6),
  date_delta_days INTEGER,
  annotation_reason VARCHAR,
  annotation_note VARCHAR,
  owner VARCHAR,
  queue_status VARCHAR,
  due_date DATE
);
CREATE SEQUENCE IF NOT EXISTS audit_seq START 1;
CREATE TABLE IF NOT EXISTS audit_log (
  seq BIGINT PRIMARY KEY,
  "at" TIMESTAMP NOT NULL,
  os_user VARCHAR NOT NULL,
  action VARCHAR NOT NULL,
  run_id BIGINT,
  before JSON,
  after JSON,
  batch BIGINT
);
`;

/** Work-queue entries carried from the workspace this one was duplicated from (last month), by row content. */
export const CARRIED_QUEUE_DDL = `CREATE TABLE IF NOT EXISTS carried_queue (
  side VARCHAR NOT NULL,
  row_hash UBIGINT NOT NULL,
  owner VARCHAR,
  queue_status VARCHAR,
  due_date DATE,
  annotation_reason VARCHAR,
  annotation_note VARCHAR
)`;

export async function ensureStore(db: Db): Promise<void> {
  for (const [name, values] of Object.entries(ENUM_TYPES)) await db.exec(`CREATE TYPE IF NOT EXISTS ${name} AS ${enumOf(values)}`);
  await db.exec(STORE_DDL);
  // Workspaces from before "accept with difference": the reviewer's reason for a difference.
  await db.exec('ALTER TABLE match_groups ADD COLUMN IF NOT EXISTS reviewed_reason VARCHAR');
  // Workspaces from before the scored model: a group's evidence in words and the reason it named.
  await db.exec('ALTER TABLE match_groups ADD COLUMN IF NOT EXISTS evidence VARCHAR');
  await db.exec('ALTER TABLE match_groups ADD COLUMN IF NOT EXISTS model_reason VARCHAR');
  // Workspaces from before decision feedback: the scored model's level pattern of a group (ref/amt/dte/pty).
  await db.exec('ALTER TABLE match_groups ADD COLUMN IF NOT EXISTS levels VARCHAR');
  // Workspaces from before part-payment balances: the reference value that tied a group, and for
  // part payments the statement lines' content hashes (a month run twice never pays twice).
  await db.exec('ALTER TABLE match_groups ADD COLUMN IF NOT EXISTS tie VARCHAR');
  await db.exec('ALTER TABLE match_groups ADD COLUMN IF NOT EXISTS right_hashes UBIGINT[]');
  // Workspaces from before bulk review: entries of one review of many groups share a batch (undone together).
  await db.exec('ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS batch BIGINT');
  // Workspaces from before the exceptions work queue: owner, status (NULL reads as open), due date.
  await db.exec('ALTER TABLE exceptions ADD COLUMN IF NOT EXISTS owner VARCHAR');
  await db.exec('ALTER TABLE exceptions ADD COLUMN IF NOT EXISTS queue_status VARCHAR');
  await db.exec('ALTER TABLE exceptions ADD COLUMN IF NOT EXISTS due_date DATE');
  // Workspaces from before run history: figures per run, kept when the sources are replaced.
  await db.exec(HISTORY_DDL);
  // Workspaces from before the queue carried over: an exception's row content hash, and the queue
  // entries carried from the workspace this one was duplicated from (run.ts, carryQueue).
  await db.exec('ALTER TABLE exceptions ADD COLUMN IF NOT EXISTS row_hash UBIGINT');
  await db.exec(CARRIED_QUEUE_DDL);
  // Workspaces from before the learning cache: cash-application facts per source content (learn-cache.ts).
  await db.exec(LEARNED_FACTS_DDL);
  await migrateVarcharColumns(db);
}

/** Workspaces written before the ENUM types keep their rows; the columns change type in place. */
async function migrateVarcharColumns(db: Db): Promise<void> {
  const stale = await db.all<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'main' AND data_type = 'VARCHAR' AND (table_name, column_name) IN (${ENUM_COLUMNS.map((c) => `(${lit(c.table)}, ${lit(c.column)})`).join(', ')})`,
  );
  if (stale.length === 0) return;
  await db.transaction(async () => {
    for (const { table_name, column_name } of stale) {
      const target = ENUM_COLUMNS.find((c) => c.table === table_name && c.column === column_name)!;
      await db.exec(`ALTER TABLE ${table_name} ALTER ${column_name} TYPE ${target.type}`);
    }
  });
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
