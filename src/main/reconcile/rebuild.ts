/**
 * "Rebuild this workspace's engine from its sources" (issue 27): the way out of a damaged
 * recon.duckdb. Everything the user decided lives in state.json (mapping, filters, rules, review
 * decisions are per run and go with the runs); the engine file holds the loaded tables and the
 * runs. So the damaged file is set aside (recon.duckdb.damaged-<time>, kept for support), a new
 * engine is made, and each source is read again — from its original file when that is unchanged,
 * else from the workspace's own copy — with the options and type fixes it was read with. Past runs
 * are not kept (they were in the damaged file); the state says so by listing none. An engine file
 * written by a newer DuckDB is refused with the sentence opening it gives (`newer_version`), untouched.
 */
import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Side } from '../../shared/reconcile/sources-and-runs';
import type { WorkspaceState } from '../../shared/reconcile/workspace';
import { errorMessage, explainSystemError } from '../errors';
import type { ReconcileContext } from './context';
import { ReconEngine } from './engine';
import { checkSourceUnchanged } from './engine/sources';
import { readOverrides } from './read-plan';
import { workspaceDir } from './state-store';

export async function rebuildEngine(ctx: ReconcileContext, root: string, id: string): Promise<WorkspaceState> {
  const { store, engines, locks } = ctx;
  return locks.run(id, async () => {
    const s = await store.get(id);
    await engines.close(id);
    const dir = join(workspaceDir(root, id), 'recon');
    // An engine file a newer Kalla wrote is not damaged: setting it aside would drop its runs.
    await ReconEngine.refuseNewer(dir);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    // The damaged file and its write-ahead log are kept aside; the copies of the sources too, until
    // they are read again (a new engine removes copies it does not know as leftovers).
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (name === 'recon.duckdb' || name === 'recon.duckdb.wal') await rename(join(dir, name), join(dir, `${name}.damaged-${stamp}`));
    }
    const copies = join(dir, 'sources');
    const keptCopies = join(dir, `sources.rebuild-${stamp}`);
    if (existsSync(copies)) await rename(copies, keptCopies);
    const engine = await engines.open(id);
    const sources: WorkspaceState['sources'] = { left: null, right: null };
    const errors: WorkspaceState['source_errors'] = { left: null, right: null };
    for (const side of ['left', 'right'] as Side[]) {
      const src = s.sources[side];
      if (!src) continue;
      const copy = src.info.read_path?.startsWith(copies) ? join(keptCopies, src.info.read_path.slice(copies.length)) : src.info.read_path;
      const original = (await checkSourceUnchanged(src.info)) === 'same' ? src.info.path : null;
      const file = original ?? (copy && existsSync(copy) ? copy : null);
      if (!file) {
        errors[side] = { name: src.info.name, code: 'source_missing', message: `“${src.info.name}” could not be read again: the file is gone or changed and the workspace's copy is missing. Load it again.`, path: src.info.path, actions: [] };
        continue;
      }
      try {
        const info = await engine.addSourceFromPath(side, file, { ...src.read, column_overrides: readOverrides(src.info) });
        // Read from the copy: the source is still the user's file by name and path.
        sources[side] = { info: original ? { ...info, name: src.info.name } : { ...info, name: src.info.name, path: src.info.path, sha256: src.info.sha256, size_bytes: src.info.size_bytes, mtime_ms: src.info.mtime_ms }, read: src.read };
      } catch (e) {
        errors[side] = { name: src.info.name, code: 'source_missing', message: `“${src.info.name}” could not be read again: ${errorMessage(explainSystemError(e))}`, path: src.info.path, actions: [] };
      }
    }
    await rm(keptCopies, { recursive: true, force: true });
    return store.update(id, (st) => ({ ...st, sources, source_errors: errors, runs: [], last_run_id: null }));
  });
}
