import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReconError } from '../../../src/main/errors';
import { readZipEntries } from '../../../src/main/reconcile/engine/zip';
import { loadRecipe, saveRecipe } from '../../../src/main/reconcile/engine/recipe-file';
import { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { Db } from '../../../src/main/reconcile/engine/db';
import type { RecordPageItem } from '../../../src/shared/reconcile/sources-and-runs';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const HEADER = 'ref,amount,date,memo';

async function reviewed() {
  const ws = await sb.workspace();
  await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b', 'C,75.00,2024-01-03,c', 'D,10.00,2024-01-04,d', 'E,5.00,2024-01-05,e'])));
  await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-09,b', 'C,70.00,2024-01-03,c', 'X,4.00,2024-01-04,x', 'Y,6.00,2024-01-05,y'])));
  const loose = refRule('loose', { date: { left: 'date', right: 'date', window_days: 10 }, auto_confirm: false });
  const result = await ws.run(recipe([refRule('exact'), loose]));
  return { ws, runId: result.run_id, summary: result.summary };
}

async function rejects(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ReconError);
  expect((error as ReconError).code).toBe(code);
}

describe('searching results', () => {
  it('filters groups by any member row, rule or note, and records by any column, over every row', async () => {
    const { ws, runId } = await reviewed();
    const groups = async (c: 'matched' | 'suggested', search: string) => (await ws.page(runId, c, { offset: 0, limit: 100, search })).items.map((g) => g.left_rows.map((r) => r.memo).join('+'));
    expect(await groups('matched', '')).toEqual(['a']);
    expect(await groups('matched', 'A')).toEqual(['a']);
    expect(await groups('matched', 'zzz')).toEqual([]);
    expect(await groups('suggested', 'loose')).toEqual(['b']);
    // LIKE wildcards in the search are literal characters.
    expect(await groups('matched', '%')).toEqual([]);
    const left = await ws.page(runId, 'unmatched_left', { offset: 0, limit: 100, search: '2024-01-05' });
    expect(left.total).toBe(1);
    expect(left.items.map((r) => r.row.memo)).toEqual(['e']);
    // Select-all over a filter: the ids of every matching group and how many there are.
    expect(await ws.groupIds(runId, 'suggested', 'loose', 10)).toMatchObject({ total: 1 });
    expect((await ws.groupIds(runId, 'matched', undefined, 10)).ids).toHaveLength(1);
  });
});

describe('sorting results', () => {
  it('orders groups by amount, difference, date gap, rule or either side’s column, and rows by any column, across pages', async () => {
    const ws = await sb.workspace();
    // 40 pairs with scattered amounts and memos; every second one differs in amount (a suggestion).
    const amount = (i: number) => ((i * 7919) % 997) + 0.25;
    const left = Array.from({ length: 40 }, (_, i) => `R${i},${amount(i).toFixed(2)},2024-01-${String((i % 27) + 1).padStart(2, '0')},m${(i * 31) % 40}`);
    const right = Array.from({ length: 40 }, (_, i) => `R${i},${(amount(i) + (i % 2 ? 0 : (i % 5) + 1)).toFixed(2)},2024-01-${String((i % 27) + 1 + (i % 3)).padStart(2, '0')},n${i}`);
    await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, left)));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, right)));
    const loose = refRule('loose', { amount: { left: 'amount', right: 'amount', tolerance_abs: 10, tolerance_pct: 0, flip_sign: false }, date: { left: 'date', right: 'date', window_days: 5 }, auto_confirm: false });
    const { run_id } = await ws.run(recipe([refRule('exact'), loose]));
    /** Every page of 7, concatenated: the sort must hold across page boundaries. */
    const all = async <T,>(category: 'suggested' | 'unmatched_left', sort: { by: string; desc?: boolean }, pick: (item: never) => T): Promise<T[]> => {
      const out: T[] = [];
      for (let offset = 0; ; offset += 7) {
        const page = await ws.page(run_id, category, { offset, limit: 7, sort });
        out.push(...(page.items as never[]).map(pick));
        if (offset + 7 >= page.total) return out;
      }
    };
    const suggested = (await ws.page(run_id, 'suggested', { offset: 0, limit: 100 })).items;
    expect(suggested.length).toBeGreaterThan(10);
    const byKey = (key: (g: (typeof suggested)[number]) => number | string, desc = false) =>
      [...suggested].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.group_id - b.group_id) * (desc && key(a) !== key(b) ? -1 : 1)).map((g) => g.group_id);
    const ids = (g: { group_id: number }) => g.group_id;
    expect(await all('suggested', { by: 'amount_right' }, ids)).toEqual(byKey((g) => g.amount_right!));
    expect(await all('suggested', { by: 'amount_delta', desc: true }, ids)).toEqual(byKey((g) => Math.abs(g.amount_delta!), true));
    expect(await all('suggested', { by: 'date_delta_days' }, ids)).toEqual(byKey((g) => g.date_delta_days!));
    expect(await all('suggested', { by: 'right:memo', desc: true }, ids)).toEqual(byKey((g) => String(g.right_rows[0].memo), true));
    // Rows: by a text column and by a number column, both directions.
    // A run where nothing matches (left memos start with m, right ones with n): every row is open.
    await ws.run(recipe([refRule('never', { keys: [{ left: 'memo', right: 'memo', normalisers: [] }] })]));
    const rows = (await ws.page(run_id + 1, 'unmatched_left', { offset: 0, limit: 100 })).items;
    const memos = await (async () => {
      const out: string[] = [];
      for (let offset = 0; offset < rows.length; offset += 7) out.push(...(await ws.page(run_id + 1, 'unmatched_left', { offset, limit: 7, sort: { by: 'memo' } })).items.map((r) => String(r.row.memo)));
      return out;
    })();
    expect(memos).toEqual(rows.map((r) => String(r.row.memo)).sort());
    const amounts = (await ws.page(run_id + 1, 'unmatched_left', { offset: 0, limit: 100, sort: { by: 'amount', desc: true } })).items.map((r) => Number(r.row.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    await rejects(ws.page(run_id, 'suggested', { offset: 0, limit: 5, sort: { by: 'left:nope' } }), 'unknown_column');
    await rejects(ws.page(run_id, 'suggested', { offset: 0, limit: 5, sort: { by: 'amount_left; DROP TABLE runs' } }), 'unknown_column');
  });
});

describe('undo of review actions', () => {
  /** Everything a reviewer sees of a run: its groups (status, rows, note) and each row's category. */
  async function snapshot(ws: ReconEngine, runId: number) {
    const groups = async (c: 'matched' | 'suggested') =>
      (await ws.page(runId, c, { offset: 0, limit: 100 })).items.map((g) => `${g.group_id}:${g.status}:${g.left_ids.join('+')}/${g.right_ids.join('+')}:${g.note ?? ''}:${g.difference_reason ?? ''}`);
    const rows = async (c: 'unmatched_left' | 'unmatched_right' | 'exceptions_left' | 'exceptions_right') => (await ws.page(runId, c, { offset: 0, limit: 100 })).items.map((r) => r.row_id);
    return {
      matched: await groups('matched'),
      suggested: await groups('suggested'),
      open: [await rows('unmatched_left'), await rows('unmatched_right'), await rows('exceptions_left'), await rows('exceptions_right')],
      summary: await ws.summary(runId),
    };
  }

  it('takes back accept, reject, a manual match and an unmatch one by one, newest first, each logged', async () => {
    const { ws, runId } = await reviewed();
    const states = [await snapshot(ws, runId)];
    const suggested = (await ws.page(runId, 'suggested', { offset: 0, limit: 10 })).items[0];
    await ws.accept(runId, suggested.group_id, 'checked');
    states.push(await snapshot(ws, runId));
    const exact = (await ws.page(runId, 'matched', { offset: 0, limit: 10 })).items.find((g) => g.rule_id === 'exact')!;
    await ws.unmatch(runId, exact.group_id);
    states.push(await snapshot(ws, runId));
    const left = (await ws.page(runId, 'unmatched_left', { offset: 0, limit: 10 })).items[0];
    const right = (await ws.page(runId, 'unmatched_right', { offset: 0, limit: 10 })).items[0];
    await ws.matchManual(runId, { left: [left.row_id], right: [right.row_id], note: 'same customer' });
    states.push(await snapshot(ws, runId));
    expect(new Set(states.map((x) => JSON.stringify(x))).size).toBe(4);

    for (const [i, action] of ['match_manual', 'unmatch', 'accept'].entries()) {
      expect(await ws.undoReview(runId)).toMatchObject({ action });
      expect(await snapshot(ws, runId)).toEqual(states[states.length - 2 - i]);
    }
    expect(await ws.undoReview(runId)).toBeNull();
    // A reject is undone as well; the log keeps every step, undos included.
    await ws.reject(runId, suggested.group_id, 'no');
    expect(await ws.undoReview(runId)).toMatchObject({ action: 'reject' });
    expect(await snapshot(ws, runId)).toEqual(states[0]);
    expect((await ws.auditLog({ runId })).map((e) => e.action)).toEqual(['accept', 'unmatch', 'match_manual', 'undo:match_manual', 'undo:unmatch', 'undo:accept', 'reject', 'undo:reject']);
  });
});

describe('bulk review (select all over a filter)', () => {
  /** 60 pairs whose dates differ by a day (suggestions of the loose rule), every third memo says "fee". */
  async function manySuggestions() {
    const ws = await sb.workspace();
    const rows = (shift: number) => Array.from({ length: 60 }, (_, i) => `R${i},${(10 + i).toFixed(2)},2024-01-${String((i % 20) + 1 + shift).padStart(2, '0')},${i % 3 === 0 ? 'fee' : 'plain'} ${i}`);
    await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, rows(0))));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, rows(1))));
    const loose = refRule('loose', { date: { left: 'date', right: 'date', window_days: 3 }, auto_confirm: false });
    const { run_id } = await ws.run(recipe([refRule('exact', { date: { left: 'date', right: 'date', window_days: 0 } }), loose]));
    return { ws, runId: run_id };
  }
  async function snapshot(ws: ReconEngine, runId: number) {
    const groups = async (c: 'matched' | 'suggested') => (await ws.page(runId, c, { offset: 0, limit: 1000 })).items.map((g) => `${g.group_id}:${g.status}:${g.left_ids.join('+')}/${g.right_ids.join('+')}:${g.note ?? ''}`);
    const rows = async (c: 'unmatched_left' | 'unmatched_right') => (await ws.page(runId, c, { offset: 0, limit: 1000 })).items.map((r) => r.row_id);
    const { run_id: _r, started_at: _s, finished_at: _f, ...summary } = await ws.summary(runId);
    return { matched: await groups('matched'), suggested: await groups('suggested'), open: [await rows('unmatched_left'), await rows('unmatched_right')], summary };
  }

  it('accepts every group matching a search in one step, as one accept per group would, and one undo takes it all back', async () => {
    const bulk = await manySuggestions();
    const single = await manySuggestions();
    const start = await snapshot(bulk.ws, bulk.runId);
    expect(start.summary.suggested_groups).toBe(60);
    const fees = await bulk.ws.groupIds(bulk.runId, 'suggested', 'fee', 1_000_000);
    expect(fees.total).toBe(20);
    await bulk.ws.reviewMany(bulk.runId, 'accept', fees.ids, 'checked in bulk');
    for (const g of fees.ids) await single.ws.accept(single.runId, g, 'checked in bulk');
    const after = await snapshot(bulk.ws, bulk.runId);
    expect(after).toEqual(await snapshot(single.ws, single.runId));
    expect(after.summary).toMatchObject({ matched_groups: 20, suggested_groups: 40 });
    // Every group is its own line of the review log, as with single accepts.
    const log = await bulk.ws.auditLog({ runId: bulk.runId });
    expect(log.map((e) => e.action)).toEqual(Array(20).fill('accept'));
    expect(log.map((e) => (e.after as { group_id: number; note: string }).group_id)).toEqual(fees.ids);
    expect(log.every((e) => (e.after as { note: string }).note === 'checked in bulk' && (e.before as { status: string }).status === 'suggested')).toBe(true);

    expect(await bulk.ws.undoReview(bulk.runId)).toEqual({ action: 'accept', group_id: fees.ids[0], count: 20 });
    expect(await snapshot(bulk.ws, bulk.runId)).toEqual(start);
    expect(await bulk.ws.undoReview(bulk.runId)).toBeNull();
    expect((await bulk.ws.auditLog({ runId: bulk.runId })).filter((e) => e.action === 'undo:accept')).toHaveLength(20);
  });

  it('rejects and unmatches in bulk, reports groups the action does not apply to, and undoes step by step', async () => {
    const { ws, runId } = await manySuggestions();
    const start = await snapshot(ws, runId);
    const all = await ws.groupIds(runId, 'suggested', undefined, 1_000_000);
    await ws.accept(runId, all.ids[0]);
    const accepted = await snapshot(ws, runId);
    // The accepted one is refused with the reason, the other 59 are rejected; their rows are open again.
    const rejected = await ws.reviewMany(runId, 'reject', all.ids, 'not ours');
    expect(rejected.done).toBe(59);
    expect(rejected.failed).toEqual([`group ${all.ids[0]}: group ${all.ids[0]} is accepted, not suggested`]);
    const afterReject = await snapshot(ws, runId);
    expect(afterReject.summary).toMatchObject({ suggested_groups: 0, matched_groups: 1 });
    expect(afterReject.open[0]).toHaveLength(59);
    // Unmatch everything matched (the exact rule matched nothing: one accepted group).
    const matched = await ws.groupIds(runId, 'matched', undefined, 1_000_000);
    expect((await ws.reviewMany(runId, 'unmatch', matched.ids)).done).toBe(matched.total);
    expect((await snapshot(ws, runId)).summary.matched_groups).toBe(0);
    // An accept with a reason needs a difference: none of these differ in amount.
    const withReason = await ws.reviewMany(runId, 'accept', [999_999], undefined, 'bank_fee');
    expect(withReason).toEqual({ done: 0, failed: [`group 999999: run ${runId} has no match group 999999`] });

    expect(await ws.undoReview(runId)).toMatchObject({ action: 'unmatch', count: 1 });
    expect(await snapshot(ws, runId)).toEqual(afterReject);
    expect(await ws.undoReview(runId)).toMatchObject({ action: 'reject', count: 59 });
    expect(await snapshot(ws, runId)).toEqual(accepted);
    expect(await ws.undoReview(runId)).toMatchObject({ action: 'accept', count: 1 });
    expect(await snapshot(ws, runId)).toEqual(start);
  });
});

describe('review with audit log', () => {
  it('accepts and rejects suggestions, matches by hand, unmatches and annotates — each persisted and audited', async () => {
    const { ws, runId, summary } = await reviewed();
    expect(summary).toMatchObject({ matched_groups: 1, suggested_groups: 1 });
    const suggested = (await ws.page(runId, 'suggested', { offset: 0, limit: 10 })).items[0];
    const accepted = await ws.accept(runId, suggested.group_id);
    expect(accepted.status).toBe('accepted');
    await rejects(ws.accept(runId, suggested.group_id), 'invalid_review');
    let s = await ws.summary(runId);
    expect(s).toMatchObject({ matched_groups: 2, suggested_groups: 0 });

    // Manual N:M-style match of two open rows on each side (D,E ↔ X,Y).
    const manual = await ws.matchManual(runId, { left: [4, 5], right: [4, 5], note: 'netted by treasury' });
    expect(manual).toMatchObject({ rule_id: 'manual', status: 'manual', cardinality: 'N:M', left_ids: [4, 5], right_ids: [4, 5], amount_left: 15, amount_right: 10, amount_delta: 5 });
    await rejects(ws.matchManual(runId, { left: [4], right: [3] }), 'invalid_review');

    // The exception C (amount mismatch) is annotated, then matched by hand, then unmatched again: it returns to exceptions.
    await ws.annotate(runId, 'left', 3, { reason: 'fx_difference', note: 'rate of the 3rd' });
    const exc = (await ws.page(runId, 'exceptions_left', { offset: 0, limit: 10 })).items as RecordPageItem[];
    expect(exc[0].exception).toMatchObject({ reason: 'amount_mismatch', annotation_reason: 'fx_difference', annotation_note: 'rate of the 3rd' });
    const cGroup = await ws.matchManual(runId, { left: [3], right: [3] });
    expect((await ws.summary(runId)).exceptions.left.count).toBe(0);
    await ws.unmatch(runId, cGroup.group_id);
    s = await ws.summary(runId);
    expect(s.exceptions.left.count).toBe(1);
    expect(s.matched_groups).toBe(3);
    expect(s.unmatched.left.count).toBe(0);

    const log = await ws.auditLog({ runId });
    expect(log.map((e) => e.action)).toEqual(['accept', 'match_manual', 'annotate', 'match_manual', 'unmatch']);
    expect(log[0]).toMatchObject({ os_user: userInfo().username, run_id: runId });
    expect((log[0].before as { status: string }).status).toBe('suggested');
    expect((log[0].after as { status: string }).status).toBe('accepted');
    expect(log[4].after).toBeNull();
  });

  it('rejecting a suggestion returns its rows to exceptions/unmatched', async () => {
    const { ws, runId } = await reviewed();
    const suggested = (await ws.page(runId, 'suggested', { offset: 0, limit: 10 })).items[0];
    await ws.reject(runId, suggested.group_id);
    const s = await ws.summary(runId);
    expect(s.suggested_groups).toBe(0);
    expect(s.unmatched.left.count + s.exceptions.left.count).toBe(4);
    expect((await ws.auditLog()).map((e) => e.action)).toEqual(['reject']);
  });

  it('persists review changes across reopening the workspace', async () => {
    const { ws, runId } = await reviewed();
    await ws.matchManual(runId, { left: [4], right: [4] });
    ws.close();
    const again = await ReconEngine.open(join(sb.dir, 'ws'));
    try {
      expect((await again.summary(runId)).matched_groups).toBe(2);
      expect((await again.auditLog()).length).toBe(1);
    } finally {
      again.close();
    }
  });
});

describe('review log reasons (issue 28)', () => {
  it('records the reason an accept with difference gave, as matched.csv names it', async () => {
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b'])));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, ['A,95.10,2024-01-01,a', 'B,48.00,2024-01-02,b'])));
    const loose = refRule('loose', { amount: { left: 'amount', right: 'amount', tolerance_abs: 10, tolerance_pct: 0, flip_sign: false }, auto_confirm: false });
    const { run_id: runId } = await ws.run(recipe([loose]));
    const ids = (await ws.groupIds(runId, 'suggested', undefined, 100)).ids;
    expect(ids).toHaveLength(2);
    await ws.accept(runId, ids[0], undefined, 'bank_fee');
    await ws.reviewMany(runId, 'accept', [ids[1]], undefined, 'discount');
    const dir = sb.mkdir('out');
    await ws.export(runId, { dir, formats: ['csv'] });
    const log = readFileSync(join(dir, 'review_log.csv'), 'utf8').trim().split('\n');
    const header = log[0].split(',');
    const reasons = log.slice(1).map((l) => l.split(',')[header.indexOf('reason')]);
    expect(reasons).toEqual(['bank_fee', 'discount']);
    expect(readFileSync(join(dir, 'matched.csv'), 'utf8')).toContain('bank_fee');
  });
});

describe('export', () => {
  it('writes CSV per category, an XLSX workbook and evidence JSON that read back correctly', async () => {
    const { ws, runId } = await reviewed();
    const dir = sb.mkdir('out');
    const result = await ws.export(runId, { dir });
    expect(result.files.map((f) => f.slice(dir.length + 1))).toEqual([
      'matched.csv', 'suggested.csv', 'exceptions_left.csv', 'exceptions_right.csv', 'unmatched_left.csv', 'unmatched_right.csv', 'filtered_out_left.csv', 'filtered_out_right.csv', 'review_log.csv', 'summary.csv', 'reconciliation.xlsx', 'evidence.json',
    ]);
    const matched = readFileSync(join(dir, 'matched.csv'), 'utf8').trim().split('\n');
    // Matched rows name both sides' business columns (here the rule's columns: the recipe maps none).
    expect(matched[0]).toBe('group_id,rule_id,cardinality,status,left_row_ids,right_row_ids,amount_left,amount_right,amount_delta,difference_reason,date_delta_days,score,note,evidence,ledger.line,ledger.ref,ledger.amount,ledger.date,bank.line,bank.ref,bank.amount,bank.date');
    expect(matched[1]).toMatch(/^1,exact,1:1,auto,1,1,100\.000000,100\.000000,0\.000000,,0,1\.0,,,2,A,100\.00,2024-01-01,2,A,100\.00,2024-01-01$/);
    expect(readFileSync(join(dir, 'exceptions_left.csv'), 'utf8')).toContain('3,4,amount_mismatch,exact,3,5.000000,0,,,,open,,C,75.00,2024-01-03,c');
    expect(readFileSync(join(dir, 'unmatched_right.csv'), 'utf8').trim().split('\n')).toEqual(['recon_row_id,recon_line,ref,amount,date,memo', '4,5,X,4.00,2024-01-04,x', '5,6,Y,6.00,2024-01-05,y']);

    const xlsx = readZipEntries(readFileSync(join(dir, 'reconciliation.xlsx')));
    const workbook = xlsx.get('xl/workbook.xml')!.toString();
    for (const name of ['summary', 'matched', 'suggested', 'exceptions_left', 'exceptions_right', 'unmatched_left', 'unmatched_right']) expect(workbook).toContain(`name="${name}"`);
    const sheet2 = xlsx.get('xl/worksheets/sheet2.xml')!.toString();
    expect(sheet2).toContain('<c r="B2" t="inlineStr"><is><t xml:space="preserve">exact</t></is></c>');
    expect(sheet2).toMatch(/<c r="[A-Z]+2"><v>100<\/v><\/c>/);

    const evidence = JSON.parse(readFileSync(join(dir, 'evidence.json'), 'utf8'));
    expect(evidence).toMatchObject({ engine_version: '1.0.0', run_id: runId, status: 'completed', recipe: { name: 'test' } });
    expect(evidence.inputs.left.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(evidence.counts.matched_groups).toBe(1);
    expect(evidence.files.map((f: { file: string }) => f.file)).toContain('reconciliation.xlsx');
  });

  it('never overwrites without overwrite: true and validates the directory', async () => {
    const { ws, runId } = await reviewed();
    const dir = sb.mkdir('out');
    await ws.export(runId, { dir, formats: ['csv'] });
    await rejects(ws.export(runId, { dir, formats: ['csv'] }), 'file_exists');
    await ws.export(runId, { dir, formats: ['csv'], overwrite: true });
    await rejects(ws.export(runId, { dir: 'relative/out' }), 'invalid_path');
    await rejects(ws.export(runId, { dir: join(sb.dir, 'missing') }), 'invalid_path');
    await rejects(ws.export(runId, { dir: `${dir}\0x` }), 'invalid_path');
    expect(existsSync(join(dir, 'evidence.json'))).toBe(false);
  });
});

describe('run lifecycle', () => {
  it('reports progress by phase and can be cancelled; a cancelled run keeps no partial results', async () => {
    const ws = await sb.workspace();
    const rows = Array.from({ length: 2000 }, (_, i) => `R${i},${(i % 97) + 1}.00,2024-01-${String((i % 28) + 1).padStart(2, '0')},m`);
    await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, rows)));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, rows)));
    const r = recipe([refRule('exact'), refRule('split', { cardinality: '1:N' })]);
    const phases: string[] = [];
    const ok = await ws.run(r, { onProgress: (p) => phases.push(`${p.phase}@${p.fraction.toFixed(2)}`) });
    expect(phases[0]).toBe('prepare@0.00');
    expect(phases.at(-1)).toBe('done@1.00');
    expect(phases).toContain('rule exact (1:1)@0.17');
    expect(phases).toContain('auto guards@0.50');
    expect(ok.summary.match_rate).toBe(1);

    const controller = new AbortController();
    const cancelled = ws.run(r, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase.startsWith('rule split')) controller.abort();
      },
    });
    await rejects(cancelled, 'cancelled');
    const runs = await ws.runs();
    expect(runs.map((x) => x.status)).toEqual(['completed', 'cancelled']);
    await rejects(ws.summary(99), 'not_found');
    const partial = await ws.summary(runs[1].run_id);
    expect(partial.left_rows).toBe(0);
  });

  it('records a failed run with its error and keeps earlier results', async () => {
    const { ws, runId } = await reviewed();
    const bad = recipe([refRule('bad', { amount: { left: 'amount', right: 'nope', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false } })]);
    await rejects(ws.run(bad), 'unknown_column');
    const runs = await ws.runs();
    expect(runs.map((r) => r.status)).toEqual(['completed', 'failed']);
    expect(runs[1].error).toMatch(/no column "nope"/);
    expect((await ws.summary(runId)).matched_groups).toBe(1);
    await rejects(ws.run(recipe([refRule('r', { keys: [], amount: undefined })])), 'invalid_recipe');
  });

  it('marks runs left running by a crash as interrupted on open', async () => {
    const dir = join(sb.dir, 'crash');
    const ws = await ReconEngine.open(dir);
    ws.close();
    // Simulate a process that died mid-run: a run row still `running` with partial rows.
    const db = await Db.open(join(dir, 'recon.duckdb'));
    await db.exec(`INSERT INTO runs VALUES (7, '{"name":"x"}', 'running', now()::TIMESTAMP, NULL, NULL, NULL, '1.0.0', NULL)`);
    await db.exec(`INSERT INTO run_rows VALUES (7, 'left', 1, 1.0, 'unmatched', NULL)`);
    db.close();
    const reopened = await ReconEngine.open(dir);
    try {
      expect(reopened.interruptedRuns).toEqual([7]);
      const [run] = await reopened.runs();
      expect(run).toMatchObject({ run_id: 7, status: 'interrupted' });
      expect((await reopened.summary(7)).left_rows).toBe(0);
    } finally {
      reopened.close();
    }
  });
});

describe('original text', () => {
  it('comes from the workspace copy, so exports keep it after the user deletes or edits the file', async () => {
    const ws = await sb.workspace();
    const left = sb.file('l.csv', csv('ref,amount,date', ['A,"1,000.50",03/01/2024', 'B,"2,000.00",04/01/2024', 'C,7.5,05/01/2024']));
    const right = sb.file('r.csv', csv('ref,amount,date', ['A,1000.50,03/01/2024']));
    await ws.addSourceFromPath('left', left);
    const info = await ws.addSourceFromPath('right', right);
    expect(info.read_path).toMatch(/[/\\]sources[/\\]right-[0-9a-f]{8}-r\.csv$/);
    const { run_id } = await ws.run(recipe([refRule('exact')]));
    rmSync(left);
    const dir = sb.mkdir('out');
    await ws.export(run_id, { dir, formats: ['csv'] });
    expect(readFileSync(join(dir, 'unmatched_left.csv'), 'utf8').trim().split('\n')).toEqual(['recon_row_id,recon_line,ref,amount,date', '2,3,B,"2,000.00",04/01/2024', '3,4,C,7.5,05/01/2024']);

    // Loading the side again replaces its copy; the old one is removed.
    const first = (await ws.source('right'))!.read_path!;
    const again = await ws.addSourceFromPath('right', right);
    expect(again.read_path).not.toBe(first);
    expect(existsSync(first)).toBe(false);
    expect(existsSync(again.read_path!)).toBe(true);

    // A damaged copy is reported instead of exporting misaligned text.
    writeFileSync((await ws.source('left'))!.read_path!, 'ref,amount,date\nA,1,03/01/2024\n');
    await rejects(ws.export(run_id, { dir, formats: ['csv'], overwrite: true }), 'source_changed');
    rmSync((await ws.source('left'))!.read_path!);
    await rejects(ws.export(run_id, { dir, formats: ['csv'], overwrite: true }), 'source_missing');
  });

  it('re-types a column from the copy and counts values that do not parse', async () => {
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('l.csv', csv('ref,amount,when', ['A,10,01/02/2024', 'B,n/a,03/04/2024', 'C,,05/06/2024'])));
    expect((await ws.source('left'))!.unparsed).toEqual({ when: 0 });
    const retyped = await ws.setColumnOverrides('left', { amount: { type: 'number', format: 'us' }, when: { type: 'date', format: '%m/%d/%Y' } });
    expect(retyped.unparsed).toEqual({ amount: 1, when: 0 });
    const profile = await ws.profile('left');
    expect(profile.columns.find((c) => c.name === 'amount')).toMatchObject({ type: 'number', nulls: 2, unparsed: 1 });
    expect((await ws.preview('left', { offset: 0, limit: 5 })).items.map((r) => r.when)).toEqual(['2024-01-02', '2024-03-04', '2024-05-06']);
  });
});

describe('workspace files from earlier versions', () => {
  it('opens a workspace whose result columns are VARCHAR (before the ENUM types) and keeps its runs', async () => {
    const { ws, runId } = await reviewed();
    const before = { summary: await ws.summary(runId), matched: await ws.page(runId, 'matched', { offset: 0, limit: 50 }), unmatched: await ws.page(runId, 'unmatched_left', { offset: 0, limit: 50 }) };
    ws.close();
    // Rewrite the columns as the first release created them.
    const db = await Db.open(join(sb.dir, 'ws', 'recon.duckdb'));
    for (const [table, column] of [['run_rows', 'side'], ['run_rows', 'category'], ['match_groups', 'status'], ['match_groups', 'cardinality'], ['exceptions', 'side']]) {
      await db.exec(`ALTER TABLE ${table} ALTER ${column} TYPE VARCHAR`);
    }
    db.close();
    const reopened = await ReconEngine.open(join(sb.dir, 'ws'));
    try {
      expect(await reopened.summary(runId)).toEqual(before.summary);
      expect(await reopened.page(runId, 'matched', { offset: 0, limit: 50 })).toEqual(before.matched);
      expect(await reopened.page(runId, 'unmatched_left', { offset: 0, limit: 50 })).toEqual(before.unmatched);
      const groups = await reopened.page(runId, 'suggested', { offset: 0, limit: 50 });
      await reopened.reject(runId, groups.items[0].group_id);
      expect((await reopened.summary(runId)).suggested_groups).toBe(0);
    } finally {
      reopened.close();
    }
    const check = await Db.open(join(sb.dir, 'ws', 'recon.duckdb'));
    const types = await check.all<{ data_type: string }>(`SELECT data_type FROM information_schema.columns WHERE table_name = 'run_rows' AND column_name IN ('side', 'category') ORDER BY column_name`);
    check.close();
    expect(types.map((t) => t.data_type)).toEqual([expect.stringMatching(/^ENUM/), expect.stringMatching(/^ENUM/)]);
  });

  it('reads a workspace that kept the original text inside its data tables (before the sources/ copies)', async () => {
    const dir = join(sb.dir, 'legacy');
    let ws = await ReconEngine.open(dir);
    const left = sb.file('l.csv', csv('ref,amount,date', ['A,"1,000.50",2024-01-03', 'B,"2,000.00",2024-01-04', 'C,bad,2024-01-05']));
    await ws.addSourceFromPath('left', left, { column_overrides: { amount: { type: 'number', format: 'us' } } });
    await ws.addSourceFromPath('right', sb.file('r.csv', csv('ref,amount,date', ['A,1000.50,2024-01-03'])));
    const { run_id } = await ws.run(recipe([refRule('exact')]));
    const info = (await ws.source('left'))!;
    ws.close();
    // Rebuild the left side as the first release stored it: __raw_<i> columns and a raw_left view.
    const db = await Db.open(join(dir, 'recon.duckdb'));
    await db.exec(`CREATE TEMP TABLE t AS SELECT * FROM read_csv('${info.read_path}', header = true, all_varchar = true)`);
    await db.exec(`CREATE TABLE data_old AS SELECT d.ref, d.amount, t.amount AS __raw_1, d.date, t.date AS __raw_2, d.__row_hash FROM data_left d POSITIONAL JOIN t`);
    await db.exec(`DROP VIEW src_left; DROP TABLE data_left; ALTER TABLE data_old RENAME TO data_left`);
    await db.exec(`CREATE VIEW src_left AS SELECT rowid + 1 AS __row_id, ref, amount, date, __row_hash FROM data_left`);
    await db.exec(`CREATE VIEW raw_left AS SELECT rowid + 1 AS __row_id, ref, __raw_1 AS amount, __raw_2 AS date FROM data_left`);
    const { read_path, unparsed, ...legacyInfo } = info;
    await db.exec(`UPDATE sources SET info = $1::JSON WHERE side = 'left'`, [JSON.stringify(legacyInfo)]);
    db.close();
    rmSync(read_path!);
    expect(unparsed).toEqual({ amount: 1, date: 0 });

    ws = await ReconEngine.open(dir);
    try {
      expect((await ws.profile('left')).columns.find((c) => c.name === 'amount')?.unparsed).toBe(1);
      const out = sb.mkdir('legacy-out');
      // No copy of the file to count lines in: the line column is empty, and the export says why.
      const legacy = await ws.export(run_id, { dir: out, formats: ['csv'] });
      expect(readFileSync(join(out, 'unmatched_left.csv'), 'utf8')).toContain('2,,B,"2,000.00",2024-01-04');
      expect(legacy.notices.some((n) => n.includes('line numbers of its rows could not be worked out'))).toBe(true);
      // Re-typing rebuilds the table without the text, so the text is first written out as a copy.
      const retyped = await ws.setColumnOverrides('left', { amount: { type: 'text' } });
      expect(retyped.read_path).toMatch(/[/\\]sources[/\\]left-/);
      await ws.export(run_id, { dir: out, formats: ['csv'], overwrite: true });
      expect(readFileSync(join(out, 'unmatched_left.csv'), 'utf8')).toContain('2,3,B,"2,000.00",2024-01-04');
      expect((await ws.preview('left', { offset: 0, limit: 5 })).items.map((r) => r.amount)).toEqual(['1,000.50', '2,000.00', 'bad']);
      expect(retyped.unparsed).toEqual({ date: 0 });
    } finally {
      ws.close();
    }
  });
});

describe('recipes as files', () => {
  it('saves a recipe as JSON and re-runs it on next month\'s files', async () => {
    const path = join(sb.dir, 'monthly.json');
    const r = recipe([refRule('exact')], { name: 'bank vs ledger' });
    await saveRecipe(path, r);
    await rejects(saveRecipe(path, r), 'file_exists');
    const loaded = await loadRecipe(path);
    expect(loaded).toEqual(r);
    const ws = await sb.workspace('next-month');
    await ws.addSourceFromPath('left', sb.file('feb-l.csv', csv(HEADER, ['F1,10.00,2024-02-01,a', 'F2,20.00,2024-02-02,b'])));
    await ws.addSourceFromPath('right', sb.file('feb-r.csv', csv(HEADER, ['F1,10.00,2024-02-01,a', 'F2,20.00,2024-02-03,b'])));
    expect((await ws.run(loaded)).summary.match_rate).toBe(1);
    await rejects(loadRecipe(sb.file('bad.json', '{"version":1,"name":"x"}')), 'invalid_recipe');
  });
});

