/**
 * Fault injection: SIGKILL while the workspace state is being saved, again and again (issue 13,
 * "kill at each phase … save"). Each time, the workspace must open undamaged, holding the last
 * save that was acknowledged or the one in flight — never an older one, never a torn file.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestCore } from '../helpers/core';

const ROOT = resolve(__dirname, '../..');
const WORKER = join(ROOT, 'tests/faults/fixtures/save-worker.ts');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Starts the worker, kills it after `afterSaves` acknowledged saves plus a random few ms; resolves with the workspace id and the last acknowledged save. */
function killWhileSaving(dataDir: string, afterSaves: number): Promise<{ id: string; acknowledged: number }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let killing = false;
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const saves = out.match(/saved:(\d+)/g)?.length ?? 0;
      if (!killing && saves >= afterSaves) {
        killing = true;
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 5));
      }
    });
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') return fail(new Error(`worker exited ${code} before the kill: ${err}`));
      const id = /id:(\S+)/.exec(out)?.[1];
      const acknowledged = Math.max(0, ...[...out.matchAll(/saved:(\d+)/g)].map((m) => Number(m[1])));
      if (!id) return fail(new Error(`no workspace was created: ${err}`));
      done({ id, acknowledged });
    });
  });
}

describe('killed while saving', () => {
  it('opens with the last acknowledged save or the one in flight, five times in a row', { timeout: 240_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'kalla-kill-save-'));
      dirs.push(dataDir);
      const { id, acknowledged } = await killWhileSaving(dataDir, 20 + round * 7);
      const { core } = await createTestCore({ dataDir, withBuiltins: false });
      try {
        const list = await core.reconcile.list();
        const meta = list.workspaces.find((w) => w.id === id);
        expect(meta).toBeDefined();
        expect(meta?.damaged).toBeUndefined();
        const name = (await core.reconcile.get(id)).name;
        const saved = Number(/^name-(\d+)$/.exec(name)?.[1]);
        expect(saved === acknowledged || saved === acknowledged + 1, `round ${round}: opened "${name}", last acknowledged name-${acknowledged}`).toBe(true);
      } finally {
        await core.dispose();
      }
    }
  });
});
