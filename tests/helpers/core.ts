/**
 * The app's real core in a temporary data folder, started the way the app
 * starts it: built-in servers are launched through the real CLI (`kalla mcp …`, see
 * kalla-command.ts for which build of it). Shared by every test that goes through the core.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core, type CoreOptions } from '../../src/main/core';
import { nodePlatform } from '../../src/main/platform-node';
import type { Platform } from '../../src/main/platform';

import { kallaArgs } from './kalla-command';

export { ROOT, TSX_LOADER } from './kalla-command';

export interface TestCoreOptions {
  /** Reuse a folder (e.g. to restart on the same data); default: a fresh temp folder. */
  dataDir?: string;
  /** Environment the settings read their defaults from (ANTHROPIC_API_KEY …). Default: empty. */
  env?: NodeJS.ProcessEnv;
  withBuiltins?: boolean;
  clock?: () => number;
  /** Host parts to replace (e.g. the Electron dialogs, which a test answers itself). */
  platform?: Partial<Platform>;
}

export async function createTestCore(opts: TestCoreOptions = {}): Promise<{ core: Core; dir: string }> {
  const dir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'kalla-core-'));
  const options: CoreOptions = {
    paths: { dataDir: dir, logsDir: join(dir, 'logs') },
    platform: { ...nodePlatform(), ...opts.platform },
    self: { command: process.execPath, args: kallaArgs(), env: {} },
    appVersion: '0.0.0-test',
    // A login shell is not what these tests are about; PATH and HOME are enough to spawn.
    spawnEnv: async () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }),
    env: opts.env ?? {},
    withBuiltins: opts.withBuiltins,
    clock: opts.clock,
  };
  return { core: await createCore(options), dir };
}

/** Resolves when the server runs; fails at once with its error, or after the deadline. */
export async function waitForServer(core: Core, name: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = core.host.get(name);
    if (s?.status === 'running') return s;
    if (s?.status === 'error') throw new Error(`${name} failed: ${s.error}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start within ${timeoutMs} ms (status: ${s?.status})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
