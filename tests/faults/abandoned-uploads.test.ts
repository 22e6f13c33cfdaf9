/**
 * Fault injection: uploads abandoned mid-way (issue 13, item 10 and the upload part of item 9).
 * A page reloaded during an upload never commits or cancels it; before, each kept an open file
 * handle and a partial file forever (~1,000 of them later aborted the process). Now abandoned
 * uploads are closed and removed (every minute, and when the bound is reached), at most
 * MAX_OPEN_UPLOADS are open, and upload files a killed app left behind are removed at start.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core';
import { ABANDON_MS, MAX_OPEN_UPLOADS } from '../../src/main/reconcile/uploads';
import type { WorkspaceState } from '../../src/shared/reconcile/workspace';
import { createTestCore } from '../helpers/core';

let core: Core;
let dir: string;
let now = Date.now();
const clock = () => now;

beforeAll(async () => {
  ({ core, dir } = await createTestCore({ withBuiltins: false, clock }));
});
afterAll(async () => {
  await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** File handles this process holds under `folder` (Linux /proc). */
function handlesUnder(folder: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(folder);
    } catch {
      return false;
    }
  }).length;
}

async function workspace(name: string): Promise<WorkspaceState> {
  const r = await core.dispatch('reconcile.create', { name });
  if (!r.ok) throw new Error(r.error.message);
  return r.value as WorkspaceState;
}

async function abandon(id: string, n: number) {
  for (let i = 0; i < n; i++) {
    const begun = await core.dispatch('reconcile.uploadBegin', { id, side: 'left', name: `ledger-${i}.csv`, size: 1000 });
    if (!begun.ok) return begun;
    const { uploadId } = begun.value as { uploadId: string };
    const chunk = await core.dispatch('reconcile.uploadChunk', { uploadId, offset: 0, data: Buffer.from('ref,amount\n').toString('base64') });
    expect(chunk).toMatchObject({ ok: true });
  }
  return undefined;
}

describe.skipIf(process.platform !== 'linux')('abandoned uploads', () => {
  it('are closed and their partial files removed once idle, with the count logged', async () => {
    const ws = await workspace('Reloaded page');
    const uploads = join(dir, 'workspaces', ws.id, 'uploads');
    await abandon(ws.id, 20);
    expect(readdirSync(uploads)).toHaveLength(20);
    expect(handlesUnder(uploads)).toBe(20);

    now += ABANDON_MS - 1000; // not yet abandoned
    expect(await core.reconcile.sweepUploads()).toBe(0);
    now += 2000;
    expect(await core.reconcile.sweepUploads()).toBe(20);
    expect(handlesUnder(uploads)).toBe(0);
    expect(readdirSync(uploads)).toHaveLength(0);
    expect(core.reconcile.openUploads).toBe(0);
    await expect.poll(() => readFileSync(join(dir, 'logs', 'app.log'), 'utf8')).toContain('removed 20 abandoned upload(s)');
  });

  it(`never keeps more than ${MAX_OPEN_UPLOADS} open: past that a new one is refused with a message, or makes room by closing abandoned ones`, async () => {
    const ws = await workspace('Many tabs');
    const uploads = join(dir, 'workspaces', ws.id, 'uploads');
    expect(await abandon(ws.id, MAX_OPEN_UPLOADS)).toBeUndefined();
    const refused = await abandon(ws.id, 1);
    expect(refused).toMatchObject({ ok: false, error: { code: 'busy', message: expect.stringContaining('uploads are still in progress') } });
    expect(handlesUnder(uploads)).toBe(MAX_OPEN_UPLOADS);
    now += ABANDON_MS + 1000;
    // The next upload closes the abandoned ones first and goes through.
    expect(await abandon(ws.id, 1)).toBeUndefined();
    expect(core.reconcile.openUploads).toBe(1);
    expect(handlesUnder(uploads)).toBe(1);
  });

  it('upload files a killed app left behind are removed at the next start', async () => {
    const ws = await workspace('Killed mid-upload');
    const uploads = join(dir, 'workspaces', ws.id, 'uploads');
    mkdirSync(uploads, { recursive: true });
    const leftover = join(uploads, 'left-abc-ledger.csv');
    writeFileSync(leftover, 'ref,amount\n1,');
    await core.dispose();
    ({ core } = await createTestCore({ dataDir: dir, withBuiltins: false, clock }));
    await expect.poll(() => existsSync(leftover)).toBe(false);
    await expect.poll(() => readFileSync(join(dir, 'logs', 'app.log'), 'utf8')).toContain('leftover upload file(s) at start');
  });
});
