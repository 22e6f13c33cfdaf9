/**
 * Review operations on a persisted run. Each one runs in a transaction that
 * updates the result tables and appends an audit_log row with the state
 * before and after, attributed to the OS user.
 */
import { userInfo } from 'node:os';
import { listValue } from '@duckdb/node-api';
import type { Cardinality, DifferenceReason } from '../../../shared/recon';
import type { AuditEntry, MatchGroup, Side } from '../../../shared/recon-engine';
import type { Db } from './db';
import { ReconError } from '../../errors';
import { getGroup, getRunRow, toException } from './results';

export function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

async function audit(db: Db, action: string, runId: number | null, before: unknown, after: unknown): Promise<void> {
  await db.exec(
    `INSERT INTO audit_log VALUES (nextval('audit_seq'), now()::TIMESTAMP, $1, $2, $3, $4::JSON, $5::JSON)`,
    [osUser(), action, runId, JSON.stringify(before ?? null), JSON.stringify(after ?? null)],
  );
}

async function completedRun(db: Db, runId: number): Promise<void> {
  const run = await getRunRow(db, runId);
  if (run.status !== 'completed') throw new ReconError('invalid_review', `run ${runId} is ${run.status}; only completed runs can be reviewed`);
}

/** Rows leaving a group go back to "exception" when the run explained them, else "unmatched". */
async function releaseRows(db: Db, runId: number, groupId: number): Promise<void> {
  await db.exec(
    `UPDATE run_rows SET group_id = NULL,
       category = CASE WHEN EXISTS (SELECT 1 FROM exceptions e WHERE e.run_id = run_rows.run_id AND e.side = run_rows.side AND e.row_id = run_rows.row_id)
                       THEN 'exception' ELSE 'unmatched' END
     WHERE run_id = $1 AND group_id = $2`,
    [runId, groupId],
  );
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
    const row = await db.one<Record<string, string | number | null>>(`SELECT * FROM exceptions WHERE run_id = $1 AND side = $2 AND row_id = $3`, [runId, side, rowId]);
    if (!row) throw new ReconError('not_found', `run ${runId} has no exception for ${side} row ${rowId}`);
    await db.exec(
      `UPDATE exceptions SET annotation_reason = $4, annotation_note = $5 WHERE run_id = $1 AND side = $2 AND row_id = $3`,
      [runId, side, rowId, annotation.reason, annotation.note ?? null],
    );
    const after = await db.one<Record<string, string | number | null>>(`SELECT * FROM exceptions WHERE run_id = $1 AND side = $2 AND row_id = $3`, [runId, side, rowId]);
    await audit(db, 'annotate', runId, toException(row), after ? toException(after) : null);
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

/**
 * Undoes the run's latest review action not undone yet (accept, reject, unmatch, manual match),
 * from the audit log's before/after states; undo again to go further back. The undo is itself
 * logged (`undo:<action>`), so the review log stays complete. Returns what was undone, or null.
 */
export async function undoLastReview(db: Db, runId: number): Promise<{ action: string; group_id: number } | null> {
  await completedRun(db, runId);
  return db.transaction(async () => {
    const entries = await db.all<{ seq: string; action: string; before: string | null; after: string | null }>(
      `SELECT seq, action, before::VARCHAR AS before, after::VARCHAR AS after FROM audit_log WHERE run_id = $1 ORDER BY seq`,
      [runId],
    );
    const stack: typeof entries = [];
    for (const e of entries) {
      if (UNDOABLE.has(e.action)) stack.push(e);
      else if (e.action.startsWith('undo:')) stack.pop();
    }
    const last = stack.pop();
    if (!last) return null;
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
    if (last.action === 'accept' || last.action === 'reject') {
      // Back to a suggestion, with the note it had.
      await db.exec(`UPDATE match_groups SET status = 'suggested', note = $3, reviewed_reason = NULL WHERE run_id = $1 AND group_id = $2`, [runId, group.group_id, before?.note ?? null]);
      await setRows(group, 'suggested');
    } else if (last.action === 'match_manual') {
      await releaseRows(db, runId, group.group_id);
      await db.exec(`DELETE FROM match_groups WHERE run_id = $1 AND group_id = $2`, [runId, group.group_id]);
    } else {
      // unmatch: the group comes back as it was.
      const g = before!;
      await db.exec(
        `INSERT INTO match_groups (run_id, group_id, rule_id, cardinality, status, left_ids, right_ids, amount_left, amount_right, amount_delta, date_delta_days, score, note, reviewed_reason)
         VALUES ($1, $2, $3, $4, $5, $6::BIGINT[], $7::BIGINT[], $8::DECIMAL(38,6), $9::DECIMAL(38,6), $10::DECIMAL(38,6), $11, $12, $13, $14)`,
        [runId, g.group_id, g.rule_id, g.cardinality, g.status, listValue(g.left_ids), listValue(g.right_ids), g.amount_left, g.amount_right, g.amount_delta, g.date_delta_days, g.score, g.note, g.status === 'accepted' ? (g.difference_reason ?? null) : null],
      );
      await setRows(g, g.status === 'suggested' ? 'suggested' : 'matched');
    }
    const now = await db.one<{ g: string }>(`SELECT count(*) AS g FROM match_groups WHERE run_id = $1 AND group_id = $2`, [runId, group.group_id]);
    await audit(db, `undo:${last.action}`, runId, after, Number(now?.g ?? 0) > 0 ? await getGroup(db, runId, group.group_id) : null);
    return { action: last.action, group_id: group.group_id };
  });
}
