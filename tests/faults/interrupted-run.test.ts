/**
 * Fault injection: the app killed during a run (issue 13, item 9). Before, a run killed mid-way
 * was missing from the workspace's run list (state.json only learnt of runs when they ended) and,
 * once the engine opened, sat at 'running' forever. Now the run is written to state.json as it
 * starts, and a run still 'running' in a state read at start is shown as interrupted with a
 * notice saying what to do. This test writes the state as the kill leaves it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core';
import type { WorkspaceState } from '../../src/shared/reconcile/workspace';
import { createTestCore } from '../helpers/core';

let core: Core;
let dir: string;
afterAll(async () => {
  await core?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a run cut off by a kill', () => {
  it('is listed as interrupted after the restart, with a notice, not missing and not running', async () => {
    ({ core, dir } = await createTestCore({ withBuiltins: false }));
    const created = await core.dispatch('reconcile.create', { name: 'October' });
    const id = (created as { value: WorkspaceState }).value.id;
    await core.dispose();
    // What state.json holds when the process dies during run 3.
    const file = join(dir, 'workspaces', id, 'state.json');
    const state = JSON.parse(readFileSync(file, 'utf8')) as WorkspaceState;
    state.runs = [
      { run_id: 2, status: 'completed', recipe_name: 'October', started_at: '2026-11-01T10:00:00.000Z', finished_at: '2026-11-01T10:00:05.000Z', error: null },
      { run_id: 3, status: 'running', recipe_name: 'October', started_at: '2026-11-01T11:00:00.000Z', finished_at: null, error: null },
    ];
    writeFileSync(file, JSON.stringify(state));

    ({ core } = await createTestCore({ dataDir: dir, withBuiltins: false }));
    const got = await core.dispatch('reconcile.get', { id });
    expect(got).toMatchObject({
      ok: true,
      value: {
        runs: [
          { run_id: 2, status: 'completed' },
          { run_id: 3, status: 'interrupted', error: expect.stringContaining('press Run to run it again') },
        ],
      },
    });
  });
});
