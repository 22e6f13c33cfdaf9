/**
 * Fault injection: a stale tab (issue 13, item 8). Two tabs (or windows) show the same workspace;
 * one changes it, the other — not refreshed — sends a change made from what it saw. Before,
 * the second replaced the first's decisions wholesale (last writer wins on the whole array);
 * now every change carries the revision it was made from and a stale one is refused with
 * `conflict`, leaving the first tab's decisions in place.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core';
import type { WorkspaceState } from '../../src/shared/reconcile/workspace';
import { createTestCore } from '../helpers/core';

let core: Core;
let dir: string;
beforeAll(async () => {
  ({ core, dir } = await createTestCore({ withBuiltins: false }));
});
afterAll(async () => {
  await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const rule = (id: string, name: string) => ({ id, name, keys: [{ left: 'ref', right: 'reference' }] });

async function tab(id: string): Promise<WorkspaceState> {
  const r = await core.dispatch('reconcile.get', { id });
  if (!r.ok) throw new Error(r.error.message);
  return r.value as WorkspaceState;
}

describe('a stale tab', () => {
  it('cannot overwrite what another tab saved: its change is refused with conflict and nothing is lost', async () => {
    const created = await core.dispatch('reconcile.create', { name: 'October' });
    const id = (created as { value: WorkspaceState }).value.id;
    const a = await tab(id);
    const b = await tab(id);
    expect(a.revision).toBe(b.revision);

    const first = await core.dispatch('reconcile.setRules', { id, rules: [rule('r1', 'A decided'), rule('r2', 'A decided too')], revision: a.revision });
    expect(first).toMatchObject({ ok: true, value: { revision: a.revision + 1 } });

    const stale = await core.dispatch('reconcile.setRules', { id, rules: [rule('r9', 'B from an old view')], revision: b.revision });
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('changed elsewhere') } });
    const now = await tab(id);
    expect(now.rules.map((r) => r.name)).toEqual(['A decided', 'A decided too']);

    // Every kind of change is guarded, not only rules.
    for (const [channel, input] of [
      ['reconcile.rename', { id, name: 'Stale name' }],
      ['reconcile.setAlias', { id, side: 'left', alias: 'stale' }],
      ['reconcile.setFilters', { id, filters: [] }],
      ['reconcile.undoFilters', { id }],
    ] as const) {
      expect(await core.dispatch(channel, { ...input, revision: b.revision }), channel).toMatchObject({ ok: false, error: { code: 'conflict' } });
    }
    expect(await tab(id)).toMatchObject({ name: 'October', aliases: { left: 'left' }, revision: now.revision });

    // After reloading, tab B's change goes through.
    const again = await core.dispatch('reconcile.setRules', { id, rules: [...now.rules, rule('r3', 'B after reload')], revision: now.revision });
    expect(again).toMatchObject({ ok: true });
    expect((await tab(id)).rules).toHaveLength(3);
  });

  it('of two changes sent at the same moment from the same revision, exactly one applies', async () => {
    const id = ((await core.dispatch('reconcile.create', { name: 'Race' })) as { value: WorkspaceState }).value.id;
    const { revision } = await tab(id);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => core.dispatch('reconcile.setRules', { id, rules: [rule(`r${i}`, `tab ${i}`)], revision })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error.code === 'conflict')).toHaveLength(4);
    expect((await tab(id)).revision).toBe(revision + 1);
  });

  it('revisions survive a restart, and a state.json from before revisions reads as revision 0', async () => {
    const id = ((await core.dispatch('reconcile.create', { name: 'Kept' })) as { value: WorkspaceState }).value.id;
    await core.dispatch('reconcile.rename', { id, name: 'Kept 2', revision: 0 });
    await core.dispose();
    ({ core } = await createTestCore({ dataDir: dir, withBuiltins: false }));
    expect((await tab(id)).revision).toBe(1);
    expect(await core.dispatch('reconcile.rename', { id, name: 'Kept 3', revision: 0 })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });
});
