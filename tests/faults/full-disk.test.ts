/**
 * Fault injection: a save that cannot be written (issue 13, item 8). Before, a save on a full
 * disk reported ENOSPC but was applied in memory and written by the next save; now a failed
 * save is not applied at all and says why. Runs on a real full disk (a 1 MiB tmpfs) where the
 * machine lets us mount one (root, as in our CI containers), and always with an injected write
 * error (state.json's place taken by a folder, so the atomic rename fails).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core';
import type { WorkspaceState } from '../../src/shared/reconcile/workspace';
import { createTestCore } from '../helpers/core';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups.reverse()) c();
});

function tryMountTmpfs(sizeKiB: number): string | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'kalla-fulldisk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  cleanups.push(() => {
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}
const tmpfs = tryMountTmpfs(1024);

const rule = (name: string) => ({ id: name, name, keys: [{ left: 'ref', right: 'reference' }] });

async function workspace(core: Core): Promise<WorkspaceState> {
  const r = await core.dispatch('reconcile.create', { name: 'October' });
  if (!r.ok) throw new Error(r.error.message);
  const ws = r.value as WorkspaceState;
  const saved = await core.dispatch('reconcile.setRules', { id: ws.id, rules: [rule('kept')], revision: ws.revision });
  if (!saved.ok) throw new Error(saved.error.message);
  return saved.value as WorkspaceState;
}

async function expectNotApplied(core: Core, ws: WorkspaceState, why: RegExp) {
  const failed = await core.dispatch('reconcile.setRules', { id: ws.id, rules: [rule('lost')], revision: ws.revision });
  expect(failed).toMatchObject({ ok: false, error: { code: 'failed', message: expect.stringMatching(why) } });
  expect((failed as { error: { message: string } }).error.message).toContain('the change was not applied');
  // Not applied in memory either: the workspace reads as before, same revision, and the next
  // (successful) change does not carry the failed one along.
  const now = await core.dispatch('reconcile.get', { id: ws.id });
  expect(now).toMatchObject({ ok: true, value: { revision: ws.revision, rules: [{ name: 'kept' }] } });
}

describe('a save that cannot be written', () => {
  it.skipIf(!tmpfs)('on a full disk (tmpfs) is refused and not applied; after space is freed the next change saves alone', async () => {
    const dataDir = join(tmpfs!, 'data');
    const { core } = await createTestCore({ dataDir, withBuiltins: false });
    cleanups.push(() => void core.dispose());
    const ws = await workspace(core);
    // Fill the disk.
    const filler = join(tmpfs!, 'filler');
    try {
      writeFileSync(filler, Buffer.alloc(2 * 1024 * 1024));
    } catch {
      // ENOSPC: what we wanted.
    }
    await expectNotApplied(core, ws, /disk is full/);
    rmSync(filler, { force: true });
    const next = await core.dispatch('reconcile.rename', { id: ws.id, name: 'October (after)', revision: ws.revision });
    expect(next).toMatchObject({ ok: true, value: { name: 'October (after)', rules: [{ name: 'kept' }] } });
    const onDisk = JSON.parse(readFileSync(join(dataDir, 'workspaces', ws.id, 'state.json'), 'utf8')) as WorkspaceState;
    expect(onDisk.rules.map((r) => r.name)).toEqual(['kept']);
    await core.dispose();
  });

  it.skipIf(!tmpfs)('a workspace created on a full disk is refused and leaves nothing listed (issue 27)', async () => {
    const dataDir = join(tmpfs!, 'data-create');
    const { core } = await createTestCore({ dataDir, withBuiltins: false });
    cleanups.push(() => void core.dispose());
    const listed = async () => ((await core.dispatch('reconcile.list', {})) as { ok: true; value: { workspaces: { id: string; damaged?: unknown }[] } }).value.workspaces;
    const before = await listed();
    const filler = join(tmpfs!, 'filler-create');
    try {
      writeFileSync(filler, Buffer.alloc(2 * 1024 * 1024));
    } catch {
      // ENOSPC: what we wanted (the folder can still be made; state.json cannot be written).
    }
    const failed = await core.dispatch('reconcile.create', { name: 'Phantom' });
    expect(failed).toMatchObject({ ok: false, error: { message: expect.stringMatching(/disk is full/) } });
    // Before: the half-made folder was listed as a damaged workspace ("state.json is missing").
    expect(await listed()).toEqual(before);
    rmSync(filler, { force: true });
    await core.dispose();
  });

  it('with an injected write error is refused and not applied, and the file on disk is untouched', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kalla-writeerr-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { core } = await createTestCore({ dataDir, withBuiltins: false });
    const ws = await workspace(core);
    const file = join(dataDir, 'workspaces', ws.id, 'state.json');
    const before = readFileSync(file, 'utf8');
    // The state is cached; take state.json's place with a non-empty folder so the atomic rename fails.
    rmSync(file);
    mkdirSync(join(file, 'blocker'), { recursive: true });
    await expectNotApplied(core, ws, /Could not save the workspace/);
    rmSync(file, { recursive: true });
    writeFileSync(file, before);
    const next = await core.dispatch('reconcile.rename', { id: ws.id, name: 'October (after)', revision: ws.revision });
    expect(next).toMatchObject({ ok: true, value: { rules: [{ name: 'kept' }] } });
    await core.dispose();
  });
});
