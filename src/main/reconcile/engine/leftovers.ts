/**
 * What a killed process leaves behind (issue 13, item 9): a load killed mid-copy leaves a copy in
 * `sources/` that no source reads (40 MB seen), an export killed mid-write leaves its hidden
 * `.kalla-export-*` staging folder next to the user's files (56 MB seen). Both are removed when
 * the engine opens, which is the first thing that happens to a workspace after a restart.
 *
 * Why at open and not on a timer: these leftovers only exist after a kill, i.e. before this
 * process opened the engine; while it runs, a file in `sources/` that no source reads yet may be
 * a load in progress, so a periodic sweep could delete a live copy.
 *
 * Exports go to folders the user picks, so the engine cannot look for staging folders there; each
 * export writes a journal entry (in the engine's own folder) naming its staging folder before it
 * writes anything, and removes it when done. An entry still present at open names a leftover.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Db } from './db';

export const STAGING_PREFIX = '.kalla-export-';
const journalDir = (engineDir: string) => join(engineDir, 'exports-in-flight');
const sourcesDir = (engineDir: string) => join(engineDir, 'sources');

export interface LeftoversRemoved {
  /** Copies in sources/ that no source reads. */
  copies: number;
  /** Staging folders of exports that never finished. */
  exports: number;
}

/** Records `staging` as in flight; the returned function forgets it again (call it in `finally`). */
export async function journalExport(engineDir: string, staging: string): Promise<() => Promise<void>> {
  const dir = journalDir(engineDir);
  await mkdir(dir, { recursive: true });
  const entry = join(dir, `${randomUUID()}.path`);
  await writeFile(entry, staging);
  return () => rm(entry, { force: true });
}

/** Removes the leftovers of killed loads and exports; call before any load or export starts. */
export async function removeLeftovers(engineDir: string, db: Db): Promise<LeftoversRemoved> {
  return { copies: await removeUnreadCopies(engineDir, db), exports: await removeUnfinishedExports(engineDir) };
}

async function removeUnreadCopies(engineDir: string, db: Db): Promise<number> {
  const dir = sourcesDir(engineDir);
  const files = await readdir(dir).catch(() => [] as string[]);
  if (files.length === 0) return 0;
  const rows = await db.all<{ info: string }>(`SELECT info::VARCHAR AS info FROM sources`);
  const read = new Set<string>();
  for (const { info } of rows) {
    const parsed = JSON.parse(info) as { path?: string; read_path?: string };
    for (const p of [parsed.path, parsed.read_path]) if (p) read.add(p);
  }
  let removed = 0;
  for (const f of files) {
    const path = join(dir, f);
    if (read.has(path)) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

async function removeUnfinishedExports(engineDir: string): Promise<number> {
  const dir = journalDir(engineDir);
  const entries = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const e of entries) {
    const entry = join(dir, e);
    const staging = (await readFile(entry, 'utf8').catch(() => '')).trim();
    // Only ever a staging folder the export made: a damaged entry must not name something else.
    if (staging && basename(staging).startsWith(STAGING_PREFIX) && (await stat(staging).catch(() => null))) {
      await rm(staging, { recursive: true, force: true });
      removed += 1;
    }
    await rm(entry, { force: true });
  }
  return removed;
}
