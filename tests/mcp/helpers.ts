/** Shared helpers for MCP host tests: real fixture servers, temp dirs, condition polling. */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerConfig, ServerStatus, ServerView } from '../../src/shared/mcp';
import { McpHost, type HostEvent, type McpHostOptions } from '../../src/main/mcp/host';
import { processEnv } from '../../src/main/mcp/shell-env';

const require = createRequire(import.meta.url);
/** Absolute loader URL: fixture servers may run with a cwd outside the repo. */
const TSX_LOADER = pathToFileURL(require.resolve('tsx')).href;
export const FIXTURES = resolve(__dirname, '../fixtures/servers');

export type FixtureName = 'well-behaved' | 'crashy' | 'slow' | 'dynamic' | 'noisy' | 'paged' | 'early-change' | 'family' | 'setsid-family' | 'roots' | 'tasks';

/** A server config that runs a fixture server with this Node and tsx. */
export function fixture(name: FixtureName, extra: Partial<ServerConfig> = {}): ServerConfig {
  return { command: process.execPath, args: ['--import', TSX_LOADER, join(FIXTURES, `${name}.ts`)], env: {}, ...extra };
}

export async function tempDir(): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'kalla-mcp-'));
  return { path, cleanup: () => rm(path, { recursive: true, force: true }) };
}

/** Poll `check` until it returns a truthy value; fail with `what` if the deadline passes. */
type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function waitForStatus(host: McpHost, name: string, status: ServerStatus, timeoutMs?: number): Promise<ServerView> {
  return waitFor(
    () => host.get(name)?.status === status && host.get(name),
    `${name} to be ${status} (is ${host.get(name)?.status}: ${host.get(name)?.error ?? ''})`,
    timeoutMs,
  );
}

/** A host over a temp data dir with fast restarts and the test process's env (no login shell). */
export async function makeHost(options: Partial<McpHostOptions> = {}) {
  const dir = await tempDir();
  const events: HostEvent[] = [];
  const host = new McpHost({
    dataDir: dir.path,
    spawnEnv: async () => processEnv(),
    restart: { maxRetries: 2, baseDelayMs: 50, maxDelayMs: 200 },
    killGraceMs: 1000,
    ...options,
  });
  host.on((e) => events.push(e));
  const statuses = (name: string) =>
    events.flatMap((e) => (e.type === 'status' && e.server.name === name ? [e.server.status] : [])).filter((s, i, all) => i === 0 || all[i - 1] !== s);
  return {
    host,
    dir: dir.path,
    events,
    statuses,
    async dispose() {
      await host.stop();
      await dir.cleanup();
    },
  };
}

/**
 * A host (no built-ins, PATH only) with these servers added and running; `cleanups` receives its
 * disposal, for the caller's afterEach.
 */
export async function runningHost(servers: Record<string, ServerConfig>, cleanups: Array<() => Promise<void>>, timeoutMs = 60_000): Promise<McpHost> {
  const dir = await tempDir();
  const host = new McpHost({ dataDir: dir.path, builtins: [], spawnEnv: async () => ({ PATH: process.env.PATH ?? '' }) });
  cleanups.push(async () => {
    await host.stop();
    await dir.cleanup();
  });
  await host.start();
  for (const [name, config] of Object.entries(servers)) await host.addServer(name, config);
  await waitFor(() => Object.keys(servers).every((n) => host.get(n)?.status === 'running'), `${Object.keys(servers).join(', ')} running`, timeoutMs);
  return host;
}
