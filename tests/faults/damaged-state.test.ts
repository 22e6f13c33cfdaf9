/**
 * A workspace whose state.json cannot be read (issue 13, item 9). Before, it vanished from the
 * list silently; now it is listed as damaged with the reason, can be recovered from the last good
 * save (state.json.bak) or deleted, and never blocks the other workspaces.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core';
import type { WorkspaceList, WorkspaceState } from '../../src/shared/reconcile/workspace';
import { createTestCore } from '../helpers/core';

let core: Core | undefined;
let dir: string | undefined;
afterEach(async () => {
  await core?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
  core = undefined;
  dir = undefined;
});

async function value<T>(p: Promise<unknown>): Promise<T> {
  const r = (await p) as { ok: boolean; value?: T; error?: { message: string } };
  if (!r.ok) throw new Error(r.error?.message);
  return r.value as T;
}

/** Two workspaces, the first renamed once (so a backup of a good state exists), then the app stops. */
async function twoWorkspaces(): Promise<{ damagedId: string; goodId: string; file: string }> {
  ({ core, dir } = await createTestCore({ withBuiltins: false }));
  const a = await value<WorkspaceState>(core.dispatch('reconcile.create', { name: 'October' }));
  await value(core.dispatch('reconcile.rename', { id: a.id, name: 'October bank' }));
  const b = await value<WorkspaceState>(core.dispatch('reconcile.create', { name: 'November' }));
  await core.dispose();
  return { damagedId: a.id, goodId: b.id, file: join(dir, 'workspaces', a.id, 'state.json') };
}

describe('a workspace whose state.json cannot be read', () => {
  it('is listed as damaged with the reason (not hidden), and recovered from its last good save', async () => {
    const { damagedId, goodId, file } = await twoWorkspaces();
    writeFileSync(file, '{"version":1,"id":"'); // cut off mid-write by something outside the app
    ({ core } = await createTestCore({ dataDir: dir, withBuiltins: false }));

    const list = await value<WorkspaceList>(core.dispatch('reconcile.list', {}));
    expect(list.workspaces).toHaveLength(2);
    const damaged = list.workspaces.find((w) => w.id === damagedId);
    expect(damaged).toMatchObject({ name: 'October bank', damaged: { backup: true, reason: expect.stringContaining('not valid JSON') } });
    expect(list.workspaces.find((w) => w.id === goodId)?.damaged).toBeUndefined();
    expect(list.active).toBe(goodId);

    const recovered = await value<WorkspaceState>(core.dispatch('reconcile.recover', { id: damagedId }));
    expect(recovered).toMatchObject({ id: damagedId, name: 'October bank' });
    expect(existsSync(`${file}.damaged`)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ id: damagedId });
    const after = await value<WorkspaceList>(core.dispatch('reconcile.list', {}));
    expect(after.workspaces.every((w) => !w.damaged)).toBe(true);
  });

  it('without a good copy says so, and can be deleted', async () => {
    const { damagedId, file } = await twoWorkspaces();
    writeFileSync(file, JSON.stringify({ version: 1, id: damagedId, name: 'Hand-edited' }));
    rmSync(`${file}.bak`);
    ({ core } = await createTestCore({ dataDir: dir, withBuiltins: false }));

    const list = await value<WorkspaceList>(core.dispatch('reconcile.list', {}));
    expect(list.workspaces.find((w) => w.id === damagedId)).toMatchObject({ name: 'Hand-edited', damaged: { backup: false, reason: expect.stringContaining('does not hold a valid workspace') } });
    const refused = (await core.dispatch('reconcile.recover', { id: damagedId })) as { ok: boolean; error: { message: string } };
    expect(refused.ok).toBe(false);
    expect(refused.error.message).toContain('Delete it');

    const left = await value<WorkspaceList>(core.dispatch('reconcile.delete', { id: damagedId }));
    expect(left.workspaces.map((w) => w.id)).not.toContain(damagedId);
    expect(existsSync(join(dir!, 'workspaces', damagedId))).toBe(false);
  });
});
