/**
 * Issue 27, fault cases of things changing under a workspace while it works:
 * - the workspace's folder deleted during a run: the run is refused with `workspace_gone` and a next
 *   step (before: "completed", and the folder was made again around a state.json whose sources and
 *   results lived only in the deleted engine file — gone at the next start, without a word);
 * - a file appended to while it loads: the load is refused with `source_changed` and the loaded
 *   source is kept (before: the copy cut at some byte loaded, a half last row read as a wrong
 *   amount, and the size stated was the size before the append).
 */
import { appendFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/main/errors';
import type { WorkspaceState } from '../../src/shared/reconcile/workspace';
import { createTestCore } from '../helpers/core';
import { sandbox } from '../reconcile/engine/helpers';

const sb = sandbox();
afterAll(() => sb.cleanup());

const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `A-${from + i},${from + i}.50\n`).join('');

type Reply<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

describe('the workspace folder deleted during a run', () => {
  it('the run is refused with a sentence, nothing is written back, the list forgets it', async () => {
    const left = sb.file('ledger.csv', `ref,amount\n${rows(200_000)}`);
    const right = sb.file('bank.csv', `ref,amount\n${rows(200_000)}`);
    const dataDir = sb.mkdir('data');
    const { core } = await createTestCore({ dataDir, withBuiltins: false });
    const call = <T>(channel: string, input: unknown) => core.dispatch(channel as never, input as never) as Promise<Reply<T>>;
    try {
      const ws = await call<WorkspaceState>('reconcile.create', { name: 'October' });
      if (!ws.ok) throw new Error(ws.error.message);
      const id = ws.value.id;
      const folder = join(dataDir, 'workspaces', id);
      expect((await call('reconcile.addSourcePath', { id, side: 'left', path: left })).ok).toBe(true);
      expect((await call('reconcile.addSourcePath', { id, side: 'right', path: right })).ok).toBe(true);
      const mapping = [
        { field_a: 'ref', field_b: 'ref', confidence: 1, reason: 'same name', role: 'key', engine: 'manual', decision: 'accepted', key: true },
        { field_a: 'amount', field_b: 'amount', confidence: 1, reason: 'same name', role: 'amount', engine: 'manual', decision: 'accepted', key: false },
      ];
      expect((await call('reconcile.confirmMappings', { id, rows: mapping })).ok).toBe(true);
      const rules = [{ id: 'k', name: 'k', keys: [{ left: 'ref', right: 'ref' }], amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false }, cardinality: '1:1', auto_confirm: true }];
      expect((await call('reconcile.setRules', { id, rules })).ok).toBe(true);

      // Deleted once the run has started (its first progress), as a file manager or a sync tool would.
      let deleted = false;
      const off = core.subscribe((name) => {
        if (name === 'reconcile.progress' && !deleted) {
          deleted = true;
          rmSync(folder, { recursive: true, force: true });
        }
      });
      const running = call<{ run_id: number }>('reconcile.run', { id });
      const run = await running;
      off();
      expect(deleted).toBe(true);
      expect(run.ok).toBe(false);
      if (run.ok) return;
      expect(run.error.code).toBe('workspace_gone');
      expect(run.error.message).toMatch(/The folder of workspace “October” was deleted or moved while it was open .* create a new workspace and add them again/);
      // Nothing was made again around a state whose engine is gone.
      expect(existsSync(folder)).toBe(false);
      const list = await call<{ workspaces: { id: string }[]; active: string | null }>('reconcile.list', {});
      expect(list.ok && list.value.workspaces.map((w) => w.id)).toEqual([]);
      const again = await call('reconcile.run', { id });
      expect(again.ok).toBe(false);
      if (!again.ok) expect(again.error.code).toBe('not_found');
      // The app goes on: a new workspace works.
      expect((await call('reconcile.create', { name: 'November' })).ok).toBe(true);
    } finally {
      await core.dispose();
    }
  }, 120_000);
});

describe('a file appended to while it loads', () => {
  it('is refused by name, and the source loaded before stays', async () => {
    const ws = await sb.workspace('append');
    const first = sb.file('first.csv', `ref,amount\n${rows(10)}`);
    const before = await ws.addSourceFromPath('left', first);
    const growing = sb.file('growing.csv', `ref,amount\n${rows(400_000)}`);
    // Another program still writing the export: half rows at a time, as a buffered writer does.
    let n = 400_000;
    let half = false;
    const writer = setInterval(() => {
      appendFileSync(growing, half ? `${n++}.75\n` : `B-${n},`);
      half = !half;
    }, 5);
    let caught: unknown;
    try {
      await ws.addSourceFromPath('left', growing);
    } catch (e) {
      caught = e;
    } finally {
      clearInterval(writer);
    }
    expect(caught, 'a file that grew during its load was loaded').toBeInstanceOf(UserError);
    expect((caught as UserError).code).toBe('source_changed');
    expect((caught as UserError).message).toMatch(/^growing\.csv changed while it was being loaded \(it had \d+ bytes when the load began and \d+ at its end\): another program is probably still writing it\. Nothing was loaded from it; wait/);
    const kept = await ws.source('left');
    expect(kept?.sha256).toBe(before.sha256);
    expect(kept?.row_count).toBe(10);
    expect((await ws.preview('left', { offset: 0, limit: 100 })).total).toBe(10);

    // Once the writer has finished, the same file loads, its size and hash those of what was read.
    appendFileSync(growing, half ? `${n}.75\n` : '');
    const settled = await ws.addSourceFromPath('left', growing);
    expect(settled.size_bytes).toBe((await import('node:fs')).statSync(growing).size);
    const { sha256File } = await import('../../src/main/reconcile/engine/sources');
    expect(settled.sha256).toBe(await sha256File(growing));
  }, 120_000);
});
