/**
 * Builds the services and the handler table. Used unchanged by Electron's main
 * process, by browser mode and by tests: only the transport around `dispatch`
 * and `subscribe` differs.
 */
import { chmod, mkdir } from 'node:fs/promises';
import { appendPrivateFile } from './base/atomic-write';
import { join } from 'node:path';
import type { EventName, EventPayload } from '../shared/contract';
import { createAssistant } from './assistant/create';
import { builtinServers, type SelfLauncher } from './builtin-servers';
import { createDispatcher, type Dispatch } from './ipc/dispatch';
import { createHandlers } from './ipc/handlers';
import { acquireDataDirLock } from './instance-lock';
import { McpHost, type HostEvent } from './mcp/host';
import { LineageService } from './lineage/service';
import type { AppPaths } from './paths';
import type { Platform } from './platform';
import { SecretStore } from './settings/secret-store';
import { SettingsService } from './settings/settings-service';
import { ReconcileService } from './reconcile';

export type EventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

export interface CoreOptions {
  paths: AppPaths;
  platform: Platform;
  self: SelfLauncher;
  appVersion: string;
  /** Tests pass their own; the app uses the user's login-shell environment. */
  spawnEnv?: () => Promise<Record<string, string>>;
  restart?: { maxRetries?: number; baseDelayMs?: number; maxDelayMs?: number };
  /** Environment whose ANTHROPIC_* etc. act as setting defaults (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Tests of the IPC layer leave the built-in servers out; the app always has them. */
  withBuiltins?: boolean;
  /** Clock for idle timeouts (abandoned uploads); tests move it forward. Default Date.now. */
  clock?: () => number;
}

export interface Core {
  dispatch: Dispatch;
  subscribe(listener: EventListener): () => void;
  host: McpHost;
  settings: SettingsService;
  /** The Reconcile service (also used by the Assistant's app tools). */
  reconcile: ReconcileService;
  dispose(): Promise<void>;
}

/**
 * The core owns its data folder: it takes the folder's lock first (one instance
 * per folder; a second one gets DataDirInUseError) and releases it after dispose.
 */
export async function createCore(opts: CoreOptions): Promise<Core> {
  await mkdir(opts.paths.dataDir, { recursive: true, mode: 0o700 });
  await ownerOnly(opts.paths.dataDir);
  const lock = await acquireDataDirLock(opts.paths.dataDir, opts.platform.mode === 'electron' ? 'desktop app' : 'browser mode');
  let core: Core;
  try {
    core = await buildCore(opts);
  } catch (e) {
    await lock.release();
    throw e;
  }
  const dispose = core.dispose;
  return {
    ...core,
    async dispose() {
      try {
        await dispose();
      } finally {
        await lock.release();
      }
    },
  };
}

/** The host's events as the app's `servers.*` events. */
function forwardHostEvent(e: HostEvent, emit: EventListener): void {
  switch (e.type) {
    case 'status':
      return emit('servers.status', e.server);
    case 'log':
      return emit('servers.log', e.line);
    case 'lists':
      return emit('servers.lists', { server: e.server });
    case 'progress':
      return emit('servers.progress', e.progress);
    case 'config':
      return emit('servers.config', { problems: e.problems });
    case 'removed':
      return emit('servers.removed', { server: e.server });
    case 'resourceUpdated':
      return emit('servers.resourceUpdated', { server: e.server, uri: e.uri });
    case 'clientRequest':
      return emit('servers.clientRequest', e.request);
    case 'clientRequestSettled':
      return emit('servers.clientRequestSettled', { id: e.id });
  }
}

/** Built-ins read keys and engine settings from their env: restart them when that env changes. */
async function restartBuiltinsOnEnvChange(host: McpHost, settings: SettingsService, emit: EventListener, logInternal: (e: unknown) => void): Promise<void> {
  let lastBuiltinEnv = JSON.stringify(await settings.builtinServerEnv());
  settings.onChange(() => {
    void settings.view().then((v) => emit('settings.changed', v));
    void settings.builtinServerEnv().then(async (env) => {
      const next = JSON.stringify(env);
      if (next === lastBuiltinEnv) return;
      lastBuiltinEnv = next;
      for (const s of host.list()) {
        if (s.origin === 'builtin' && (s.status === 'running' || s.status === 'starting')) await host.restartServer(s.name).catch(logInternal);
      }
    });
  });
}

/** The logs folder (owner only) and the logger of last resort, appending to its app.log. */
async function openAppLog(logsDir: string): Promise<(e: unknown) => void> {
  await mkdir(logsDir, { recursive: true, mode: 0o700 });
  await ownerOnly(logsDir);
  const appLog = join(logsDir, 'app.log');
  return (e: unknown) => {
    const text = e instanceof Error ? (e.stack ?? e.message) : String(e);
    // This is the logger of last resort: if app.log itself cannot be written there is nowhere left to report it.
    void appendPrivateFile(appLog, `${new Date().toISOString()} ${text}\n`).catch(() => undefined);
  };
}

async function buildCore(opts: CoreOptions): Promise<Core> {
  const logInternal = await openAppLog(opts.paths.logsDir);

  // One SecretStore for the whole app: settings' API keys and the Lineage JDBC password share its file.
  const secrets = new SecretStore(opts.paths.dataDir, opts.platform.secrets);
  const settings = new SettingsService(opts.paths.dataDir, secrets, opts.env);

  const host = new McpHost({
    dataDir: opts.paths.dataDir,
    builtins: opts.withBuiltins === false ? [] : builtinServers(opts.self, () => settings.builtinServerEnv()),
    spawnEnv: opts.spawnEnv,
    restart: opts.restart,
    // OAuth tokens and client registrations live with the API keys (safeStorage / 0600 file).
    oauth: { secrets, openBrowser: (url) => opts.platform.openExternal(url) },
  });

  const listeners = new Set<EventListener>();
  const emit: EventListener = (name, payload) => {
    for (const l of listeners) {
      try {
        l(name, payload);
      } catch (e) {
        logInternal(e);
      }
    }
  };
  host.on((e) => forwardHostEvent(e, emit));

  await restartBuiltinsOnEnvChange(host, settings, emit, logInternal);

  // Database sources keep their password in the same SecretStore and may use the Lineage workspace's connection.
  const reconcile = new ReconcileService(host, settings, opts.paths.dataDir, {
    log: logInternal,
    clock: opts.clock,
    database: { secrets, lineage: () => lineage.savedJdbc() },
  });
  // Crash leftovers (uploads cut off by a kill) go at start, in the background; the count is logged.
  void reconcile.removeLeftovers().catch(logInternal);
  reconcile.on({
    changed: (e) => emit('reconcile.changed', e),
    progress: (p) => emit('reconcile.progress', p),
  });
  const lineage = new LineageService(host, secrets, opts.paths.dataDir);
  const assistant = await createAssistant({
    host,
    settings,
    lineage,
    reconcile,
    dataDir: opts.paths.dataDir,
    emit: (e) => (e.name === 'assistant.changed' ? emit(e.name, e.payload) : emit(e.name, e.payload)),
  });
  // Sampling requests from MCP servers go to the model the user set up for the Assistant.
  host.setSampler(assistant.service.sampler());
  const dispatch = createDispatcher(
    createHandlers({ host, settings, platform: opts.platform, paths: opts.paths, appVersion: opts.appVersion, lineage, assistant: assistant.service, reconcile }),
    logInternal,
  );
  await host.start();

  return {
    dispatch,
    host,
    settings,
    reconcile,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      listeners.clear();
      await assistant.dispose();
      await reconcile.dispose();
      await host.stop();
    },
  };
}

/**
 * The data and logs folders hold conversations, workspaces, logs and settings: owner only (0700),
 * narrowed at start if an older version left them 0755. With the folder closed to others, files
 * inside that are still 0644 cannot be read by other users. Not on Windows (ACLs, not modes).
 */
async function ownerOnly(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  await chmod(dir, 0o700);
}
