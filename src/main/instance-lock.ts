/**
 * One app instance per data folder (issue 13, item 8): two instances on one
 * folder both read-modify-write `state.json`, `mcp-servers.json` and the
 * workspaces' copies and silently undo each other. The first instance (Electron
 * or `kalla web`) holds `<dataDir>/kalla.lock`; a second one is refused with a
 * message saying which process holds it. A lock left by a process that no longer
 * exists (crash, SIGKILL) is taken over.
 */
import { hostname } from 'node:os';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from './errors';
import { processAlive } from './base/process-alive';

export const LOCK_FILE_NAME = 'kalla.lock';

interface LockOwner {
  pid: number;
  host: string;
  mode: string;
  since: string;
}

export interface DataDirLock {
  file: string;
  release(): Promise<void>;
}

export class DataDirInUseError extends UserError {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
    readonly file: string,
  ) {
    super(
      `Another Kalla (${owner.mode}, process ${owner.pid}, started ${owner.since}) is already using the data folder ${dataDir}. ` +
        'Switch to that window or tab, or stop it first; to run a second Kalla, give it another folder with KALLA_DATA_DIR. ' +
        `If no Kalla is running, delete ${file}.`,
      'busy',
    );
    this.name = 'DataDirInUseError';
  }
}


async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<LockOwner>;
    return typeof value.pid === 'number' ? (value as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Take the data folder's lock or throw DataDirInUseError. The lock is released
 * by `release()` and, as a last resort, when the process exits normally.
 */
export async function acquireDataDirLock(dataDir: string, mode: string): Promise<DataDirLock> {
  const file = join(dataDir, LOCK_FILE_NAME);
  const me: LockOwner = { pid: process.pid, host: hostname(), mode, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(`${JSON.stringify(me)}\n`);
      await handle.close();
      const onExit = () => {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', onExit);
      return {
        file,
        async release() {
          process.off('exit', onExit);
          const owner = await readOwner(file);
          if (owner?.pid === me.pid && owner.since === me.since) await rm(file, { force: true });
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let owner = await readOwner(file);
    if (!owner) {
      // Perhaps another instance is between creating and writing it: look again before calling it stale.
      await new Promise((r) => setTimeout(r, 250));
      owner = await readOwner(file);
    }
    // A lock from another machine (a shared folder) cannot be checked: respect it.
    const stale = owner ? owner.host === me.host && owner.pid !== me.pid && !processAlive(owner.pid) : true;
    if (!stale && owner) throw new DataDirInUseError(dataDir, owner, file);
    if (owner?.pid === me.pid) throw new DataDirInUseError(dataDir, owner, file);
    // Move the stale lock aside (atomic: of two instances starting at once only one wins it), then retry.
    await rename(file, `${file}.stale-${process.pid}`).catch(() => undefined);
    await rm(`${file}.stale-${process.pid}`, { force: true });
  }
  const owner = await readOwner(file);
  throw new DataDirInUseError(dataDir, owner ?? { pid: 0, host: '?', mode: 'unknown', since: '?' }, file);
}
