/**
 * Exceptions as a work queue (issue 28): owner, status, due date, reason code and comment per
 * exception, through real DuckDB — set, filtered, audited, kept across reopening, exported.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReconError } from '../../../src/main/errors';
import { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { Db } from '../../../src/main/reconcile/engine/db';
import type { RecordPageItem } from '../../../src/shared/reconcile/sources-and-runs';
import { reconcileChannels } from '../../../src/shared/contract/reconcile';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const HEADER = 'ref,amount,date,memo';

/** Three left exceptions (amount mismatches on A, B, C) and one match (D). */
async function withExceptions(name = 'ws') {
  const ws = await sb.workspace(name);
  await ws.addSourceFromPath('left', sb.file(`${name}-l.csv`, csv(HEADER, ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b', 'C,75.00,2024-01-03,c', 'D,10.00,2024-01-04,d'])));
  await ws.addSourceFromPath('right', sb.file(`${name}-r.csv`, csv(HEADER, ['A,90.00,2024-01-01,a', 'B,45.00,2024-01-02,b', 'C,70.00,2024-01-03,c', 'D,10.00,2024-01-04,d'])));
  const { run_id: runId, summary } = await ws.run(recipe([refRule('exact')]));
  expect(summary.exceptions.left.count).toBe(3);
  return { ws, runId };
}

async function exceptions(ws: ReconEngine, runId: number, queue?: { status?: 'open' | 'waiting_on_customer' | 'resolved'; owner?: string }) {
  const page = await ws.page(runId, 'exceptions_left', { offset: 0, limit: 100, ...(queue ? { queue } : {}) });
  return (page.items as RecordPageItem[]).map((r) => ({ memo: r.row.memo, ...r.exception! }));
}

function csvTable(path: string): Record<string, string>[] {
  const [head, ...rows] = readFileSync(path, 'utf8').trim().split(/\r?\n/);
  const cols = head.split(',');
  return rows.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v.replace(/^"|"$/g, '')])));
}

async function rejects(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReconError);
  expect((error as ReconError).code).toBe(code);
}

describe('exceptions work queue', () => {
  it('assigns, sets status, reason, due date and comment; filters; audits; persists; exports', async () => {
    const { ws, runId } = await withExceptions();
    // Every exception starts open and unassigned.
    expect((await exceptions(ws, runId)).map((e) => [e.memo, e.status, e.owner, e.due_date])).toEqual([
      ['a', 'open', null, null],
      ['b', 'open', null, null],
      ['c', 'open', null, null],
    ]);
    const [a, b] = await exceptions(ws, runId);
    await ws.updateException(runId, 'left', a.row_id, { owner: 'maria', status: 'waiting_on_customer', due_date: '2024-02-15', reason: 'short payment', note: 'asked for remittance' });
    await ws.updateException(runId, 'left', b.row_id, { owner: 'Jonas' });
    // A field left out stays; the second change resolves A and keeps its owner and due date.
    const resolved = await ws.updateException(runId, 'left', a.row_id, { status: 'resolved', note: 'credit note 118 issued' });
    expect(resolved).toMatchObject({ owner: 'maria', status: 'resolved', due_date: '2024-02-15', annotation_reason: 'short payment', annotation_note: 'credit note 118 issued' });

    // Filters over every row: by status, by owner (case-insensitive), '' = nobody assigned.
    expect((await exceptions(ws, runId, { status: 'resolved' })).map((e) => e.memo)).toEqual(['a']);
    expect((await exceptions(ws, runId, { status: 'open' })).map((e) => e.memo)).toEqual(['b', 'c']);
    expect((await exceptions(ws, runId, { owner: 'jonas' })).map((e) => e.memo)).toEqual(['b']);
    expect((await exceptions(ws, runId, { owner: '' })).map((e) => e.memo)).toEqual(['c']);
    expect((await exceptions(ws, runId, { status: 'open', owner: 'maria' })).map((e) => e.memo)).toEqual([]);
    expect((await ws.page(runId, 'exceptions_left', { offset: 0, limit: 100, queue: { status: 'open' } })).total).toBe(2);

    // Invalid input is refused with a sentence; nothing changes.
    await rejects(ws.updateException(runId, 'left', b.row_id, { due_date: '2024-02-30' }), 'invalid_review');
    await rejects(ws.updateException(runId, 'left', b.row_id, { status: 'closed' as never }), 'invalid_review');
    await rejects(ws.updateException(runId, 'left', b.row_id, {}), 'invalid_review');
    await rejects(ws.updateException(runId, 'left', 99, { owner: 'x' }), 'not_found');

    // Each change is in the audit log with the exception before and after.
    const log = await ws.auditLog({ runId });
    expect(log.map((e) => e.action)).toEqual(['exception_update', 'exception_update', 'exception_update']);
    expect(log[2].before).toMatchObject({ status: 'waiting_on_customer', owner: 'maria' });
    expect(log[2].after).toMatchObject({ status: 'resolved', owner: 'maria' });

    // Clearing: null removes the owner and the due date.
    await ws.updateException(runId, 'left', b.row_id, { owner: null, due_date: '2024-03-01' });
    await ws.updateException(runId, 'left', b.row_id, { due_date: null });
    expect((await exceptions(ws, runId))[1]).toMatchObject({ owner: null, due_date: null, status: 'open' });

    // Reopened, the queue is as it was.
    ws.close();
    const again = await ReconEngine.open(join(sb.dir, 'ws'));
    try {
      expect((await exceptions(again, runId)).map((e) => [e.memo, e.owner, e.status, e.due_date, e.annotation_reason])).toEqual([
        ['a', 'maria', 'resolved', '2024-02-15', 'short payment'],
        ['b', null, 'open', null, null],
        ['c', null, 'open', null, null],
      ]);
      // The export carries owner, status, reason code, due date and comment: in the exceptions
      // file per row, and in the review log per change.
      const dir = sb.mkdir('out');
      await again.export(runId, { dir, formats: ['csv'] });
      const exc = csvTable(join(dir, 'exceptions_left.csv'));
      expect(exc.map((r) => [r.memo, r.recon_owner, r.recon_status, r.recon_due_date, r.recon_annotation_reason, r.recon_annotation_note])).toEqual([
        ['a', 'maria', 'resolved', '2024-02-15', 'short payment', 'credit note 118 issued'],
        ['b', '', 'open', '', '', ''],
        ['c', '', 'open', '', '', ''],
      ]);
      const reviewLog = csvTable(join(dir, 'review_log.csv'));
      expect(reviewLog.map((r) => [r.action, r.row_id, r.owner, r.status, r.due_date, r.reason, r.note])).toEqual([
        ['exception_update', String(a.row_id), 'maria', 'waiting_on_customer', '2024-02-15', 'short payment', 'asked for remittance'],
        ['exception_update', String(b.row_id), 'Jonas', 'open', '', '', ''],
        ['exception_update', String(a.row_id), 'maria', 'resolved', '2024-02-15', 'short payment', 'credit note 118 issued'],
        ['exception_update', String(b.row_id), '', 'open', '2024-03-01', '', ''],
        ['exception_update', String(b.row_id), '', 'open', '', '', ''],
      ]);
    } finally {
      again.close();
    }
  });

  it('reads a workspace written before the work queue: every exception open, then assignable', async () => {
    const { ws, runId } = await withExceptions('old');
    ws.close();
    // The exceptions table as it was before: no owner, status or due date columns.
    const db = await Db.open(join(sb.dir, 'old', 'recon.duckdb'));
    for (const c of ['owner', 'queue_status', 'due_date']) await db.exec(`ALTER TABLE exceptions DROP COLUMN ${c}`);
    db.close();
    const again = await ReconEngine.open(join(sb.dir, 'old'));
    try {
      expect((await exceptions(again, runId)).map((e) => [e.memo, e.status, e.owner])).toEqual([
        ['a', 'open', null],
        ['b', 'open', null],
        ['c', 'open', null],
      ]);
      const [a] = await exceptions(again, runId);
      await again.updateException(runId, 'left', a.row_id, { owner: 'maria', status: 'resolved' });
      expect((await exceptions(again, runId, { status: 'resolved' })).map((e) => e.owner)).toEqual(['maria']);
    } finally {
      again.close();
    }
  });

  it('validates the IPC input: statuses, calendar dates, no unknown fields, something to change', () => {
    const input = reconcileChannels['reconcile.updateException'].input;
    const base = { id: 'ws1', runId: 1, side: 'left' as const, rowId: 3 };
    expect(input.safeParse({ ...base, update: { owner: 'maria', status: 'waiting_on_customer', due_date: '2024-02-29' } }).success).toBe(true);
    expect(input.safeParse({ ...base, update: { owner: null, due_date: null } }).success).toBe(true);
    for (const update of [{ status: 'closed' }, { due_date: '2023-02-29' }, { due_date: '15.02.2024' }, { owner: '' }, { owner: 'x'.repeat(201) }, { assignee: 'maria' }, {}]) {
      expect(input.safeParse({ ...base, update }).success, JSON.stringify(update)).toBe(false);
    }
    const page = reconcileChannels['reconcile.page'].input;
    expect(page.safeParse({ id: 'ws1', runId: 1, category: 'exceptions_left', offset: 0, limit: 10, queue: { status: 'resolved', owner: 'maria' } }).success).toBe(true);
    expect(page.safeParse({ id: 'ws1', runId: 1, category: 'exceptions_left', offset: 0, limit: 10, queue: { status: 'done' } }).success).toBe(false);
  });
});

describe('exceptions carry over to the next run (issue 28)', () => {
  it('a row that is an exception again keeps owner, status, reason, due date and comment; a changed row starts open', async () => {
    const { ws, runId } = await withExceptions('carry');
    const [a, b] = await exceptions(ws, runId);
    await ws.updateException(runId, 'left', a.row_id, { owner: 'maria', status: 'waiting_on_customer', due_date: '2024-02-15', reason: 'short payment', note: 'asked for remittance' });
    await ws.updateException(runId, 'left', b.row_id, { owner: 'jonas' });
    // Next month: A is still paid short (the same row), B's row changed (its memo), C was paid, E is new.
    await ws.addSourceFromPath('left', sb.file('carry-l2.csv', csv(HEADER, ['E,30.00,2024-02-01,e', 'A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b2', 'C,75.00,2024-01-03,c'])));
    await ws.addSourceFromPath('right', sb.file('carry-r2.csv', csv(HEADER, ['A,90.00,2024-01-01,a', 'B,45.00,2024-01-02,b2', 'C,75.00,2024-01-03,c', 'E,29.00,2024-02-01,e'])));
    const next = await ws.run(recipe([refRule('exact')]));
    const queue = Object.fromEntries((await exceptions(ws, next.run_id)).map((e) => [e.memo, [e.owner, e.status, e.due_date, e.annotation_reason, e.annotation_note]]));
    expect(queue).toEqual({
      a: ['maria', 'waiting_on_customer', '2024-02-15', 'short payment', 'asked for remittance'],
      b2: [null, 'open', null, null, null],
      e: [null, 'open', null, null, null],
    });
    // The earlier run's queue is untouched; a third run carries from the second.
    expect((await exceptions(ws, runId)).find((e) => e.row_id === b.row_id)?.owner).toBe('jonas');
    const a2 = (await exceptions(ws, next.run_id)).find((e) => e.memo === 'a')!;
    await ws.updateException(next.run_id, 'left', a2.row_id, { status: 'resolved' });
    const third = await ws.run(recipe([refRule('exact')]));
    expect((await exceptions(ws, third.run_id)).find((e) => e.memo === 'a')).toMatchObject({ owner: 'maria', status: 'resolved' });

    // Duplicate for next month: the queue travels to the new workspace by row content.
    const memory = await ws.queueMemory();
    expect(memory.filter((m) => m.side === 'left').map((m) => m.owner).sort()).toEqual(['jonas', 'maria']);
    const copy = await sb.workspace('carry-copy');
    await copy.importQueueMemory(memory);
    await copy.addSourceFromPath('left', sb.file('carry-l3.csv', csv(HEADER, ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b'])));
    await copy.addSourceFromPath('right', sb.file('carry-r3.csv', csv(HEADER, ['A,90.00,2024-01-01,a', 'B,45.00,2024-01-02,b'])));
    const dup = await copy.run(recipe([refRule('exact')]));
    expect((await exceptions(copy, dup.run_id)).map((e) => [e.memo, e.owner, e.status])).toEqual([
      ['a', 'maria', 'resolved'],
      ['b', 'jonas', 'open'],
    ]);
  });
});
