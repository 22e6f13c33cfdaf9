/**
 * One reconciliation run: phases over TEMP working tables on a dedicated
 * connection, then a single transaction that persists groups, per-row
 * categories and exceptions under the run id.
 */
import type { Recipe } from '../../../shared/reconcile/recipe';
import type { RunOptions, Side, SourceInfo } from '../../../shared/reconcile/sources-and-runs';
import type { Db } from './db';
import { ReconError } from '../../errors';
import { addDuplicateExceptions, addNamedSumExceptions, addNearMissExceptions, createExceptionTable } from './matching/exceptions';
import { referenceShape } from './recipe-sql';
import { matchManyToMany, matchSplitOrBatch } from './matching/groups';
import { COLLECTION_TABLES, matchCollections } from './matching/collections';
import { matchOneToOne } from './matching/one-to-one';
import { GUARD_TABLES, guardAutoGroups } from './matching/auto-guards';
import { addUnreadableExceptions, holdUnreadable } from './matching/unreadable';
import { matchScored, SCORED_TABLES } from './matching/scored';
import { consumeGroups, createRuleTables, createRunTables, REFERENCE_TOKENS_PREFIX, validateRule } from './matching/working';
import type { SideColumns } from './recipe-sql';
import { ident } from './sql';
import { ROW_HASH, ROW_ID, rowsWith } from './row-columns';

export interface PhaseTiming {
  phase: string;
  ms: number;
}

export async function executeRun(db: Db, runId: number, recipe: Recipe, columns: SideColumns, opts: RunOptions, sources?: Record<Side, SourceInfo>): Promise<PhaseTiming[]> {
  recipe.rules.forEach(validateRule);
  const phases: PhaseTiming[] = [];
  const total = recipe.rules.length + 4;
  let done = 0;
  const shouldStop = () => {
    if (opts.signal?.aborted) throw new ReconError('cancelled', 'the run was cancelled');
  };
  const phase = async (name: string, body: () => Promise<void>) => {
    shouldStop();
    opts.onProgress?.({ phase: name, fraction: done / total });
    const started = performance.now();
    await body();
    phases.push({ phase: name, ms: Math.round(performance.now() - started) });
    done++;
  };

  await phase('prepare', async () => {
    await createRunTables(db, recipe, columns);
    // A row whose compared amount or date did not read is never matched: it becomes an exception.
    if (sources) await holdUnreadable(db, recipe, sources);
    else await db.exec(`CREATE OR REPLACE TEMP TABLE unread (side VARCHAR, id BIGINT, rule_id VARCHAR, reason VARCHAR)`);
  });
  // Cascades usually compare the same columns rule after rule: then the working tables are kept
  // and only the rows the previous rule consumed are removed, instead of rebuilding them.
  let workingFor: string | null = null;
  const ensureRuleTables = async (rule: (typeof recipe.rules)[number]) => {
    const signature = workingSignature(rule);
    if (signature !== workingFor) await createRuleTables(db, rule, columns, recipe);
    workingFor = signature;
  };
  for (const [ruleIdx, rule] of recipe.rules.entries()) {
    await phase(`rule ${rule.id} (${rule.cardinality})`, async () => {
      await ensureRuleTables(rule);
      if (rule.model) await matchScored(db, rule, ruleIdx, columns, shouldStop);
      else if (rule.cardinality === '1:1') await matchOneToOne(db, rule, ruleIdx, shouldStop);
      else if (rule.cardinality === 'N:M') await matchManyToMany(db, rule, ruleIdx);
      else if (rule.collection) await matchCollections(db, rule, ruleIdx, columns);
      else await matchSplitOrBatch(db, rule, ruleIdx, shouldStop);
      await consumeGroups(db, ruleIdx);
    });
  }
  // No automatic confirmation that other evidence in the files contradicts (issues 25 and 27).
  await phase('auto guards', async () => void (await guardAutoGroups(db, recipe, columns)));
  await phase('exceptions', async () => {
    await createExceptionTable(db);
    await addUnreadableExceptions(db);
    await addDuplicateExceptions(db);
    // A payment naming several invoices is explained as a whole before any one-to-one near miss.
    for (const rule of recipe.rules.filter((r) => r.cardinality === 'N:1' && r.keys.some((k) => referenceShape(k.normalisers ?? [])))) {
      shouldStop();
      await ensureRuleTables(rule);
      await addNamedSumExceptions(db, rule);
    }
    // Rules differing only in cardinality explain near misses identically: check each comparison once.
    const seen = new Set<string>();
    for (const rule of recipe.rules) {
      if (rule.keys.length === 0) continue;
      const signature = ruleSignature(rule);
      if (seen.has(signature)) continue;
      seen.add(signature);
      shouldStop();
      await ensureRuleTables(rule);
      await addNearMissExceptions(db, rule);
    }
  });
  await phase('persist', () => persist(db, runId));
  opts.onProgress?.({ phase: 'done', fraction: 1 });
  return phases;
}

/** Rules with equal comparisons (columns and tolerances) explain near misses identically. */
function ruleSignature(rule: Recipe['rules'][number]): string {
  return JSON.stringify([rule.keys, rule.amount, rule.date, rule.description]);
}

/** Working tables depend only on the columns compared (and the sign flip), not on tolerances or windows. */
function workingSignature(rule: Recipe['rules'][number]): string {
  const a = rule.amount;
  return JSON.stringify([
    rule.keys,
    // The withholding base adds a column's values: a rule with one cannot reuse tables made without it.
    a ? [a.left, a.right, a.flip_sign, a.differences?.withheld?.column ?? null] : null,
    rule.date ? [rule.date.left, rule.date.right] : null,
    rule.description ? [rule.description.left, rule.description.right] : null,
    rule.payer_unknown ?? null,
    // The named key adds nk/nks: a rule with one cannot reuse tables made without it.
    rule.named ?? null,
  ]);
}

async function persist(db: Db, runId: number): Promise<void> {
  // Group ids follow rule order then the smallest row ids: stable for identical inputs.
  // A row is in at most one group, so a group's smallest left row id identifies it: stable for
  // identical inputs and free of a global sort. (Manual groups later take max + 1.)
  await db.exec(`CREATE OR REPLACE TEMP VIEW gfinal AS SELECT list_min(left_ids) AS group_id, * FROM gtmp`);
  await db.transaction(async () => {
    await db.exec(
      `INSERT INTO match_groups (run_id, group_id, rule_id, cardinality, status, left_ids, right_ids, amount_left, amount_right, amount_delta, date_delta_days, score, note, evidence, model_reason, levels, tie, right_hashes)
       WITH part AS (
         -- Part payments keep their statement lines' content hashes: the item's rest is tracked across runs.
         SELECT g.group_id, list(s.${ident(ROW_HASH)}) AS hashes
         FROM (SELECT group_id, unnest(right_ids) AS rid FROM gfinal WHERE group_id IN (SELECT group_key FROM group_evidence WHERE reason = 'part_payment')) g
         JOIN ${rowsWith('right', [ROW_HASH])} s ON s.${ident(ROW_ID)} = g.rid GROUP BY g.group_id)
       SELECT $1, g.group_id, g.rule_id, g.cardinality, g.status, g.left_ids, g.right_ids,
         g.amount_left, g.amount_right, g.amount_left - g.amount_right, g.date_delta_days, g.score, NULL, e.evidence, e.reason, e.levels, e.tie, part.hashes
       FROM gfinal g LEFT JOIN group_evidence e ON e.group_key = g.group_id LEFT JOIN part ON part.group_id = g.group_id`,
      [runId],
    );
    for (const side of ['left', 'right'] as const) {
      await db.exec(
        `INSERT INTO run_rows
         SELECT $1, '${side}', s.id, s.amt0,
           CASE WHEN m.group_id IS NOT NULL THEN (CASE WHEN m.status = 'suggested' THEN 'suggested' ELSE 'matched' END)
                WHEN e.id IS NOT NULL THEN 'exception' ELSE 'unmatched' END,
           m.group_id
         FROM scope_${side} s
         LEFT JOIN (SELECT group_id, status, unnest(${side}_ids) AS id FROM gfinal) m ON m.id = s.id
         LEFT JOIN (SELECT id FROM exc WHERE side = '${side}') e ON e.id = s.id`,
        [runId],
      );
    }
    await db.exec(`INSERT INTO exceptions (run_id, side, row_id, rule_id, reason, counterpart_row_id, amount_delta, date_delta_days, row_hash) ${exceptionRowsSql()}`, [runId]);
    await carryQueue(db, runId);
  });
}

/**
 * The run's exceptions with each row's content hash ($1: the run id). Each side's rows are joined
 * on the row id alone and the side picks the hash: with the side in the join condition
 * (`ON e.side = 'left' AND l.id = e.id`) DuckDB planned a nested-loop join, 408 s of a 1M run's
 * persist (57k exceptions × 1M rows per side); as hash joins it takes well under a second.
 */
export function exceptionRowsSql(): string {
  return `SELECT $1, e.side, e.id, e.rule_id, e.reason, e.counterpart, e.da, e.dd,
       CASE e.side WHEN 'left' THEN l.${ident(ROW_HASH)} ELSE r.${ident(ROW_HASH)} END
     FROM exc e
     LEFT JOIN ${rowsWith('left', [ROW_HASH])} l ON l.${ident(ROW_ID)} = e.id
     LEFT JOIN ${rowsWith('right', [ROW_HASH])} r ON r.${ident(ROW_ID)} = e.id
     ORDER BY e.side, e.id`;
}

/** The work-queue fields an exception keeps from one run to the next. */
export const QUEUE_FIELDS = ['owner', 'queue_status', 'due_date', 'annotation_reason', 'annotation_note'] as const;
const anyQueueField = QUEUE_FIELDS.map((f) => `${f} IS NOT NULL`).join(' OR ');

/**
 * The latest work-queue entry per row content (side, row hash): from this workspace's earlier runs,
 * then those carried from the workspace it was duplicated from. `beforeRun` leaves out later runs.
 */
export const latestQueueSql = (beforeRun: string) => `
  SELECT side, row_hash, ${QUEUE_FIELDS.join(', ')} FROM (
    SELECT CAST(side AS VARCHAR) AS side, row_hash, ${QUEUE_FIELDS.join(', ')}, run_id AS rank FROM exceptions WHERE run_id < ${beforeRun} AND row_hash IS NOT NULL AND (${anyQueueField})
    UNION ALL
    SELECT side, row_hash, ${QUEUE_FIELDS.join(', ')}, 0 AS rank FROM carried_queue)
  QUALIFY row_number() OVER (PARTITION BY side, row_hash ORDER BY rank DESC) = 1`;

/**
 * Exceptions carry over (issue 28): an exception of an earlier run (or of last month's workspace)
 * whose row is an exception again — the same row content, so the same hash — keeps its owner,
 * status, reason code, due date and comment, instead of starting open and unassigned.
 */
async function carryQueue(db: Db, runId: number): Promise<void> {
  await db.exec(
    `UPDATE exceptions x SET ${QUEUE_FIELDS.map((f) => `${f} = p.${f}`).join(', ')}
     FROM (${latestQueueSql('$1')}) p
     WHERE x.run_id = $1 AND CAST(x.side AS VARCHAR) = p.side AND x.row_hash = p.row_hash`,
    [runId],
  );
}

/** Drop the run's TEMP tables so a long-lived connection does not keep them. */
export async function dropRunTables(db: Db): Promise<void> {
  await db.exec('DROP VIEW IF EXISTS temp.gfinal').catch(() => undefined);
  const tables = ['reversed', 'twins', 'scope_left', 'scope_right', 'used_left', 'used_right', 'newly_used', 'cand0', 'contested', 'w_left', 'w_right', 'gtmp', 'lost', 'ambiguous', 'amb_pairs', 'named', 'named_ok', 'cand', 'cand_best_l', 'cand_best_r', 'pairs', 'newp', 'by_ref', 'sc', 'subs', 'subs_m', 'subs_acc', 'round_acc', 'dead', 'nm', 'exc', 'near', 'unread', 'group_evidence', ...SCORED_TABLES, ...GUARD_TABLES, ...COLLECTION_TABLES];
  for (const t of tables) await db.exec(`DROP TABLE IF EXISTS temp.${t}`).catch(() => undefined);
  const tokens = await db.all<{ name: string }>(`SELECT table_name AS name FROM duckdb_tables() WHERE temporary AND starts_with(table_name, '${REFERENCE_TOKENS_PREFIX}')`).catch(() => []);
  for (const t of tokens) await db.exec(`DROP TABLE IF EXISTS temp.${ident(t.name)}`).catch(() => undefined);
}
