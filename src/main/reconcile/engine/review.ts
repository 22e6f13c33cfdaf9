/**
 * Review operations on a persisted run. Each one runs in a transaction that
 * updates the result tables and appends an audit_log row with the state
 * before and after, attributed to the OS user.
 */
import { userInfo } from 'node:os';
import { listValue, type DuckDBValue } from '@duckdb/node-api';
import type { Cardinality, DifferenceReason } from '../../../shared/reconcile/recipe';
import type { AuditEntry, ExceptionRecord, ExceptionUpdate, MatchGroup, Side } from '../../../shared/reconcile/sources-and-runs';
import { ExceptionUpdateSchema } from '../../../shared/reconcile/sources-and-runs';
import type { Db } from './db';
import { ReconError } from '../../errors';
import { differenceReasonSql, getGroup, getRunRow, toException } from './results';

export function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

async function audit(db: Db, action: string, runId: number | null, before: unknown, after: unknown): Promise<void> {
  await db.exec(
    `INSERT INTO audit_log (seq, "at", os_user, action, run_id, before, after) VALUES (nextval('audit_seq'), now()::TIMESTAMP, $1, $2, $3, $4::JSON, $5::JSON)`,
    [osUser(), action, runId, JSON.stringify(before ?? null), JSON.stringify(after ?? null)],
  );
}

async function completedRun(db: Db, runId: number): Promise<void> {
  const run = await getRunRow(db, runId);
  if (run.status !== 'completed') throw new ReconError('invalid_review', `run ${runId} is ${run.status}; only completed runs can be reviewed`);
}

/** Rows leaving a group go back to "exception" when the run explained them, else "unmatched". */
async function releaseRows(db: Db, runId: number, groupId: number): Promise<void> {
  await releaseRowsWhere(db, 'run_id = $1 AND group_id = $2', [runId, groupId]);
}

/** A reviewer's note replaces the group's note (kept in the audit log's `after`, so the review log shows why). */
const NOTE_SQL = `note = coalesce($3, note)`;

/**
 * Accepts a suggested group. `reason` names why its amounts differ (accept with difference: a fee,
 * a discount, …), shown on the group and exported as its difference_reason; it needs a difference.
 */
export async function acceptGroup(db: Db, runId: number, groupId: number, note?: string, reason?: DifferenceReason): Promise<MatchGroup> {
  await completedRun(db, runId);
  return db.transaction(async () => {
    const before = await getGroup(db, runId, groupId);
    if (before.status !== 'suggested') throw new ReconError('invalid_review', `group ${groupId} is ${before.status}, not suggested`);
    if (reason && Math.abs(before.amount_delta ?? 0) < 0.005) throw new ReconError('invalid_review', `group ${groupId} has no amount difference to name (${reason}); accept it without a reason`);
    await db.exec(`UPDATE match_groups SET status = 'accepted', ${NOTE_SQL}, reviewed_reason = coalesce($4, reviewed_reason) WHERE run_id = $1 AND group_id = $2`, [runId, groupId, note ?? null, reason ?? null]);
    await db.exec(`UPDATE run_rows SET category = 'matched' WHERE run_id = $1 AND group_id = $2`, [runId, groupId]);
    const after = await getGroup(db, runId, groupId);
    await audit(db, 'accept', runId, before, after);
    return after;
  });
}

export async function rejectGroup(db: Db, runId: number, groupId: number, note?: string): Promise<MatchGroup> {
  await completedRun(db, runId);
  return db.transaction(async () => {
    const before = await getGroup(db, runId, groupId);
    if (before.status !== 'suggested') throw new ReconError('invalid_review', `group ${groupId} is ${before.status}, not suggested; use unmatch for confirmed matches`);
    await db.exec(`UPDATE match_groups SET status = 'rejected', ${NOTE_SQL} WHERE run_id = $1 AND group_id = $2`, [runId, groupId, note ?? null]);
    await releaseRows(db, runId, groupId);
    const after = await getGroup(db, runId, groupId);
    await audit(db, 'reject', runId, before, after);
    return after;
  });
}

export async function unmatchGroup(db: Db, runId: number, groupId: number): Promise<void> {
  await completedRun(db, runId);
  await db.transaction(async () => {
    const before = await getGroup(db, runId, groupId);
    if (before.status === 'rejected') throw new ReconError('invalid_review', `group ${groupId} is already rejected`);
    await releaseRows(db, runId, groupId);
    await db.exec(`DELETE FROM match_groups WHERE run_id = $1 AND group_id = $2`, [runId, groupId]);
    await audit(db, 'unmatch', runId, before, null);
  });
}

/** A group as JSON in the audit log's shape (MatchGroup), from match_groups alias `g`. */
const groupJsonSql = `json_object('group_id', g.group_id, 'rule_id', g.rule_id, 'cardinality', g.cardinality, 'status', g.status,
  'left_ids', g.left_ids, 'right_ids', g.right_ids, 'amount_left', g.amount_left::DOUBLE, 'amount_right', g.amount_right::DOUBLE,
  'amount_delta', g.amount_delta::DOUBLE, 'date_delta_days', g.date_delta_days, 'score', g.score, 'note', g.note,
  'evidence', g.evidence, 'difference_reason', ${differenceReasonSql('g.')}, 'levels', g.levels)`;

/** At most this many "group N: why" lines come back from one bulk review; the rest are counted. */
const MAX_FAILURE_LINES = 20;

/**
 * Accepts, rejects or unmatches many groups in one transaction, set-based, so "select all" over
 * 100,000 suggestions takes seconds rather than one transaction per group. Each group still gets
 * its own audit entry (the review log lists every group); the entries share a batch number, so one
 * undo takes the whole review back. Groups not in a state the action applies to are reported, not
 * fatal: the others are reviewed.
 */
export async function reviewGroups(
  db: Db,
  runId: number,
  action: 'accept' | 'reject' | 'unmatch',
  groupIds: number[],
  note?: string,
  reason?: DifferenceReason,
): Promise<{ done: number; failed: string[] }> {
  await completedRun(db, runId);
  const ids = [...new Set(groupIds)].sort((a, b) => a - b);
  return db.transaction(async () => {
    await db.exec(`CREATE OR REPLACE TEMP TABLE review_asked AS SELECT unnest($1::BIGINT[]) AS group_id`, [listValue(ids)]);
    const applies = action === 'unmatch' ? `g.status <> 'rejected'` : `g.status = 'suggested'` + (reason ? ` AND abs(g.amount_delta) >= 0.005` : '');
    const refused = await db.all<{ group_id: string; status: string | null }>(
      `SELECT a.group_id, g.status FROM review_asked a LEFT JOIN match_groups g ON g.run_id = $1 AND g.group_id = a.group_id
       WHERE g.group_id IS NULL OR NOT (${applies}) ORDER BY a.group_id`,
      [runId],
    );
    const why = (g: string, status: string | null) =>
      status === null
        ? `group ${g}: run ${runId} has no match group ${g}`
        : action === 'unmatch'
          ? `group ${g}: group ${g} is already rejected`
          : status === 'suggested'
            ? `group ${g}: group ${g} has no amount difference to name (${reason}); accept it without a reason`
            : `group ${g}: group ${g} is ${status}, not suggested`;
    const failed = refused.slice(0, MAX_FAILURE_LINES).map((r) => why(r.group_id, r.status));
    if (refused.length > MAX_FAILURE_LINES) failed.push(`… and ${refused.length - MAX_FAILURE_LINES} more groups that could not be ${action === 'unmatch' ? 'unmatched' : `${action}ed`}`);
    await db.exec(
      `CREATE OR REPLACE TEMP TABLE review_before AS SELECT g.group_id, ${groupJsonSql} AS j FROM match_groups g JOIN review_asked a ON a.group_id = g.group_id WHERE g.run_id = $1 AND ${applies}`,
      [runId],
    );
    const done = await db.scalarNumber(`SELECT count(*) FROM review_before`);
    if (done > 0) {
      const inBatch = `run_id = $1 AND group_id IN (SELECT group_id FROM review_before)`;
      if (action === 'accept') {
        await db.exec(`UPDATE match_groups SET status = 'accepted', note = coalesce($2, note), reviewed_reason = coalesce($3, reviewed_reason) WHERE ${inBatch}`, [runId, note ?? null, reason ?? null]);
        await db.exec(`UPDATE run_rows SET category = 'matched' WHERE ${inBatch}`, [runId]);
      } else {
        if (action === 'reject') await db.exec(`UPDATE match_groups SET status = 'rejected', note = coalesce($2, note) WHERE ${inBatch}`, [runId, note ?? null]);
        await releaseRowsWhere(db, inBatch, [runId]);
        if (action === 'unmatch') await db.exec(`DELETE FROM match_groups WHERE ${inBatch}`, [runId]);
      }
      const batch = await nextBatch(db);
      await db.exec(
        `INSERT INTO audit_log (seq, "at", os_user, action, run_id, before, after, batch)
         SELECT nextval('audit_seq'), now()::TIMESTAMP, $2, $3, $1, b.j, ${action === 'unmatch' ? 'NULL' : groupJsonSql}, $4
         FROM (SELECT * FROM review_before ORDER BY group_id) b LEFT JOIN match_groups g ON g.run_id = $1 AND g.group_id = b.group_id`,
        [runId, osUser(), action, batch],
      );
    }
    await db.exec('DROP TABLE IF EXISTS review_asked');
    await db.exec('DROP TABLE IF EXISTS review_before');
    return { done, failed };
  });
}

async function nextBatch(db: Db): Promise<number> {
  return db.scalarNumber(`SELECT coalesce(max(batch), 0) + 1 FROM audit_log`);
}

/** releaseRows for every group `where` selects (over run_rows' own columns). */
async function releaseRowsWhere(db: Db, where: string, params: DuckDBValue[]): Promise<void> {
  await db.exec(
    `UPDATE run_rows SET group_id = NULL,
       category = CASE WHEN EXISTS (SELECT 1 FROM exceptions e WHERE e.run_id = run_rows.run_id AND e.side = run_rows.side AND e.row_id = run_rows.row_id)
                       THEN 'exception' ELSE 'unmatched' END
     WHERE ${where}`,
    params,
  );
}

function cardinalityOf(left: number, right: number): Cardinality {
  if (left === 1 && right === 1) return '1:1';
  if (left === 1) return '1:N';
  if (right === 1) return 'N:1';
  return 'N:M';
}

export async function matchManually(db: Db, runId: number, leftIds: number[], rightIds: number[], note?: string): Promise<MatchGroup> {
  await completedRun(db, runId);
  const left = [...new Set(leftIds)].sort((a, b) => a - b);
  const right = [...new Set(rightIds)].sort((a, b) => a - b);
  if (left.length === 0 || right.length === 0) throw new ReconError('invalid_review', 'a manual match needs at least one row on each side');
  return db.transaction(async () => {
    for (const [side, ids] of [['left', left], ['right', right]] as const) {
      const open = await db.all<{ row_id: string }>(
        `SELECT row_id FROM run_rows WHERE run_id = $1 AND side = $2 AND row_id IN (SELECT unnest($3::BIGINT[])) AND category IN ('unmatched', 'exception')`,
        [runId, side, listValue(ids)],
      );
      const openIds = new Set(open.map((r) => Number(r.row_id)));
      const unavailable = ids.filter((id) => !openIds.has(id));
      if (unavailable.length > 0) {
        throw new ReconError('invalid_review', `${side} row(s) ${unavailable.join(', ')} are not open in run ${runId} (already matched, suggested or not in scope)`, { side, row_ids: unavailable });
      }
    }
    const groupId = (await db.scalarNumber(`SELECT coalesce(max(group_id), 0) + 1 FROM match_groups WHERE run_id = $1`, [runId])) as number;
    const sum = async (side: Side, ids: number[]) =>
      db.one<{ s: string | null }>(`SELECT sum(amount) AS s FROM run_rows WHERE run_id = $1 AND side = $2 AND row_id IN (SELECT unnest($3::BIGINT[]))`, [runId, side, listValue(ids)]);
    const amountLeft = (await sum('left', left))?.s ?? null;
    const amountRight = (await sum('right', right))?.s ?? null;
    await db.exec(
      `INSERT INTO match_groups (run_id, group_id, rule_id, cardinality, status, left_ids, right_ids, amount_left, amount_right, amount_delta, date_delta_days, score, note) VALUES ($1, $2, 'manual', $3, 'manual', $4::BIGINT[], $5::BIGINT[], $6::DECIMAL(38,6), $7::DECIMAL(38,6),
         $6::DECIMAL(38,6) - $7::DECIMAL(38,6), NULL, 1.0, $8)`,
      [runId, groupId, cardinalityOf(left.length, right.length), listValue(left), listValue(right), amountLeft, amountRight, note ?? null],
    );
    for (const [side, ids] of [['left', left], ['right', right]] as const) {
      await db.exec(
        `UPDATE run_rows SET category = 'matched', group_id = $1 WHERE run_id = $2 AND side = $3 AND row_id IN (SELECT unnest($4::BIGINT[]))`,
        [groupId, runId, side, listValue(ids)],
      );
    }
    const after = await getGroup(db, runId, groupId);
    await audit(db, 'match_manual', runId, null, after);
    return after;
  });
}

export async function annotateException(db: Db, runId: number, side: Side, rowId: number, annotation: { reason: string; note?: string }): Promise<void> {
  await completedRun(db, runId);
  await db.transaction(async () => {
    const row = await db.one<Record<string, string | number | null>>(`SELECT * EXCLUDE (due_date), strftime(due_date, '%Y-%m-%d') AS due_date FROM exceptions WHERE run_id = $1 AND side = $2 AND row_id = $3`, [runId, side, rowId]);
    if (!row) throw new ReconError('not_found', `run ${runId} has no exception for ${side} row ${rowId}`);
    await db.exec(
      `UPDATE exceptions SET annotation_reason = $4, annotation_note = $5 WHERE run_id = $1 AND side = $2 AND row_id = $3`,
      [runId, side, rowId, annotation.reason, annotation.note ?? null],
    );
    const after = await db.one<Record<string, string | number | null>>(`SELECT * EXCLUDE (due_date), strftime(due_date, '%Y-%m-%d') AS due_date FROM exceptions WHERE run_id = $1 AND side = $2 AND row_id = $3`, [runId, side, rowId]);
    await audit(db, 'annotate', runId, toException(row), after ? toException(after) : null);
  });
}

/**
 * The exceptions work queue: sets an exception's owner, status, due date, reason code or comment.
 * A field left out stays as it is; null clears it (status goes back to open). Audited as
 * `exception_update` with the exception before and after, like every other review action.
 */
export async function updateException(db: Db, runId: number, side: Side, rowId: number, update: ExceptionUpdate): Promise<ExceptionRecord> {
  const parsed = ExceptionUpdateSchema.safeParse(update);
  if (!parsed.success) throw new ReconError('invalid_review', `exception update: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'update'}: ${i.message}`).join('; ')}`);
  const u = parsed.data;
  await completedRun(db, runId);
  return db.transaction(async () => {
    const key = `run_id = $1 AND side = $2 AND row_id = $3`;
    const row = await db.one<Record<string, string | number | null>>(`SELECT * EXCLUDE (due_date), strftime(due_date, '%Y-%m-%d') AS due_date FROM exceptions WHERE ${key}`, [runId, side, rowId]);
    if (!row) throw new ReconError('not_found', `run ${runId} has no exception for ${side} row ${rowId}`);
    const sets: string[] = [];
    const params: (string | number | null)[] = [runId, side, rowId];
    const set = (column: string, value: string | null, cast = '') => {
      params.push(value);
      sets.push(`${column} = $${params.length}${cast}`);
    };
    if (u.owner !== undefined) set('owner', u.owner);
    if (u.status !== undefined) set('queue_status', u.status);
    if (u.due_date !== undefined) set('due_date', u.due_date, '::DATE');
    if (u.reason !== undefined) set('annotation_reason', u.reason);
    if (u.note !== undefined) set('annotation_note', u.note === null || u.note.trim() === '' ? null : u.note);
    await db.exec(`UPDATE exceptions SET ${sets.join(', ')} WHERE ${key}`, params);
    const after = (await db.one<Record<string, string | number | null>>(`SELECT * EXCLUDE (due_date), strftime(due_date, '%Y-%m-%d') AS due_date FROM exceptions WHERE ${key}`, [runId, side, rowId]))!;
    await audit(db, 'exception_update', runId, toException(row), toException(after));
    return toException(after);
  });
}

export async function readAuditLog(db: Db, opts: { runId?: number; offset?: number; limit?: number } = {}): Promise<AuditEntry[]> {
  const limit = Math.min(10_000, Math.max(1, Math.floor(opts.limit ?? 1000)));
  const offset = Math.max(0, Math.floor(opts.offset ?? 0));
  const rows = await db.all<{ seq: string; at: string; os_user: string; action: string; run_id: string | null; before: string | null; after: string | null }>(
    `SELECT seq, strftime("at", '%Y-%m-%dT%H:%M:%S.%gZ') AS at, os_user, action, run_id, before::VARCHAR AS before, after::VARCHAR AS after
     FROM audit_log ${opts.runId !== undefined ? 'WHERE run_id = $1' : ''} ORDER BY seq LIMIT ${limit} OFFSET ${offset}`,
    opts.runId !== undefined ? [opts.runId] : [],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    at: r.at,
    os_user: r.os_user,
    action: r.action,
    run_id: r.run_id === null ? null : Number(r.run_id),
    before: r.before === null ? null : JSON.parse(r.before),
    after: r.after === null ? null : JSON.parse(r.after),
  }));
}

const UNDOABLE = new Set(['accept', 'reject', 'unmatch', 'match_manual']);

/** One review action to undo: a single audit entry, or every entry of one bulk review (a batch). */
type ReviewStep = { action: string; seqs: number[]; batch: number | null };

/** The run's review actions not undone yet, oldest first; an `undo:` entry (or one undo batch) cancels the latest step. */
async function openReviewSteps(db: Db, runId: number): Promise<ReviewStep[]> {
  const entries = await db.all<{ seq: string; action: string; batch: string | null }>(`SELECT seq, action, batch FROM audit_log WHERE run_id = $1 ORDER BY seq`, [runId]);
  const steps: ReviewStep[] = [];
  let undoBatch: number | null = null;
  for (const e of entries) {
    const batch = e.batch === null ? null : Number(e.batch);
    if (UNDOABLE.has(e.action)) {
      undoBatch = null;
      const top = steps.at(-1);
      if (batch !== null && top?.batch === batch) top.seqs.push(Number(e.seq));
      else steps.push({ action: e.action, seqs: [Number(e.seq)], batch });
    } else if (e.action.startsWith('undo:')) {
      if (batch !== null && batch === undoBatch) continue;
      undoBatch = batch;
      steps.pop();
    }
  }
  return steps;
}

/**
 * Undoes the run's latest review action not undone yet (accept, reject, unmatch, manual match,
 * or one bulk review of many groups), from the audit log's before/after states; undo again to go
 * further back. The undo is itself logged (`undo:<action>`), so the review log stays complete.
 * Returns what was undone (the first group and how many), or null.
 */
export async function undoLastReview(db: Db, runId: number): Promise<{ action: string; group_id: number; count: number } | null> {
  await completedRun(db, runId);
  return db.transaction(async () => {
    const step = (await openReviewSteps(db, runId)).at(-1);
    if (!step) return null;
    if (step.seqs.length > 1 && step.batch !== null) return undoBatch(db, runId, step.action, step.batch);
    const last = (await db.one<{ before: string | null; after: string | null }>(`SELECT before::VARCHAR AS before, after::VARCHAR AS after FROM audit_log WHERE seq = $1`, [step.seqs[0]!]))!;
    const action = step.action;
    const before = last.before ? (JSON.parse(last.before) as MatchGroup) : null;
    const after = last.after ? (JSON.parse(last.after) as MatchGroup) : null;
    const group = (before ?? after)!;
    const setRows = async (g: MatchGroup, category: 'matched' | 'suggested') => {
      for (const [side, ids] of [['left', g.left_ids], ['right', g.right_ids]] as const) {
        await db.exec(`UPDATE run_rows SET category = $1, group_id = $2 WHERE run_id = $3 AND side = $4 AND row_id IN (SELECT unnest($5::BIGINT[]))`, [
          category,
          g.group_id,
          runId,
          side,
          listValue(ids),
        ]);
      }
    };
    if (action === 'accept' || action === 'reject') {
      // Back to a suggestion, with the note it had.
      await db.exec(`UPDATE match_groups SET status = 'suggested', note = $3, reviewed_reason = NULL WHERE run_id = $1 AND group_id = $2`, [runId, group.group_id, before?.note ?? null]);
      await setRows(group, 'suggested');
    } else if (action === 'match_manual') {
      await releaseRows(db, runId, group.group_id);
      await db.exec(`DELETE FROM match_groups WHERE run_id = $1 AND group_id = $2`, [runId, group.group_id]);
    } else {
      // unmatch: the group comes back as it was.
      const g = before!;
      await db.exec(
        `INSERT INTO match_groups (run_id, group_id, rule_id, cardinality, status, left_ids, right_ids, amount_left, amount_right, amount_delta, date_delta_days, score, note, reviewed_reason, evidence, model_reason)
         VALUES ($1, $2, $3, $4, $5, $6::BIGINT[], $7::BIGINT[], $8::DECIMAL(38,6), $9::DECIMAL(38,6), $10::DECIMAL(38,6), $11, $12, $13, $14, $15, $16)`,
        [
          runId, g.group_id, g.rule_id, g.cardinality, g.status, listValue(g.left_ids), listValue(g.right_ids), g.amount_left, g.amount_right, g.amount_delta, g.date_delta_days, g.score, g.note,
          g.status === 'accepted' ? (g.difference_reason ?? null) : null,
          g.evidence ?? null,
          // The reason the run named comes back with the group (a reviewer's reason stays in reviewed_reason).
          g.status === 'accepted' ? null : (g.difference_reason ?? null),
        ],
      );
      await setRows(g, g.status === 'suggested' ? 'suggested' : 'matched');
    }
    const now = await db.one<{ g: string }>(`SELECT count(*) AS g FROM match_groups WHERE run_id = $1 AND group_id = $2`, [runId, group.group_id]);
    await audit(db, `undo:${action}`, runId, after, Number(now?.g ?? 0) > 0 ? await getGroup(db, runId, group.group_id) : null);
    return { action, group_id: group.group_id, count: 1 };
  });
}

/** Undoes one bulk review set-based: its groups return to how the audit log's `before` states have them. */
async function undoBatch(db: Db, runId: number, action: string, batch: number): Promise<{ action: string; group_id: number; count: number }> {
  const entries = `(SELECT before, after FROM audit_log WHERE run_id = $1 AND batch = $2 AND action = '${action === 'accept' ? 'accept' : action === 'reject' ? 'reject' : 'unmatch'}')`;
  const gid = `CAST(before->>'group_id' AS BIGINT)`;
  if (action === 'unmatch') {
    await db.exec(
      `INSERT INTO match_groups (run_id, group_id, rule_id, cardinality, status, left_ids, right_ids, amount_left, amount_right, amount_delta, date_delta_days, score, note, reviewed_reason)
       SELECT $1, ${gid}, before->>'rule_id', before->>'cardinality', before->>'status', CAST(before->'left_ids' AS BIGINT[]), CAST(before->'right_ids' AS BIGINT[]),
         CAST(before->>'amount_left' AS DECIMAL(38,6)), CAST(before->>'amount_right' AS DECIMAL(38,6)), CAST(before->>'amount_delta' AS DECIMAL(38,6)),
         CAST(before->>'date_delta_days' AS INTEGER), CAST(before->>'score' AS DOUBLE), before->>'note',
         CASE WHEN before->>'status' = 'accepted' THEN before->>'difference_reason' END
       FROM ${entries}`,
      [runId, batch],
    );
  } else {
    // Back to suggestions, with the notes they had.
    await db.exec(
      `UPDATE match_groups SET status = 'suggested', note = u.note, reviewed_reason = NULL
       FROM (SELECT ${gid} AS gid, before->>'note' AS note FROM ${entries}) u WHERE match_groups.run_id = $1 AND match_groups.group_id = u.gid`,
      [runId, batch],
    );
  }
  const members = (side: Side) => `SELECT ${gid} AS gid, before->>'status' AS status, '${side}' AS side, unnest(CAST(before->'${side}_ids' AS BIGINT[])) AS rid FROM ${entries}`;
  await db.exec(
    `UPDATE run_rows SET group_id = m.gid, category = CASE WHEN m.status = 'suggested' THEN 'suggested' ELSE 'matched' END
     FROM (${members('left')} UNION ALL ${members('right')}) m
     WHERE run_rows.run_id = $1 AND run_rows.side = m.side AND run_rows.row_id = m.rid`,
    [runId, batch],
  );
  const undoneAs = await nextBatch(db);
  await db.exec(
    `INSERT INTO audit_log (seq, "at", os_user, action, run_id, before, after, batch)
     SELECT nextval('audit_seq'), now()::TIMESTAMP, $3, $4, $1, e.after, ${groupJsonSql}, $5
     FROM (SELECT * FROM ${entries} ORDER BY CAST(before->>'group_id' AS BIGINT)) e JOIN match_groups g ON g.run_id = $1 AND g.group_id = CAST(e.before->>'group_id' AS BIGINT)`,
    [runId, batch, osUser(), `undo:${action}`, undoneAs],
  );
  const first = await db.one<{ g: string; n: string }>(`SELECT min(${gid}) AS g, count(*) AS n FROM ${entries}`, [runId, batch]);
  return { action, group_id: Number(first?.g ?? 0), count: Number(first?.n ?? 0) };
}
