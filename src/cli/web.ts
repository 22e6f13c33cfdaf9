/**
 * `kalla web [--port N] [--open]`: the app in a browser, served from loopback.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selfLauncher } from '../main/builtin-servers';
import { createCore, type Core } from '../main/core';
import { explainSystemError } from '../main/errors';
import { DataDirInUseError } from '../main/instance-lock';
import { processEnv } from '../main/mcp/shell-env';
import { resolveAppPaths } from '../main/paths';
import { nodePlatform, openInSystemBrowser } from '../main/platform-node';
import { startWebServer } from '../main/web/server';
import { APP_VERSION } from '../shared/version';
import { parseFlags } from './args';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * The built renderer sits next to the bundle (out/main → out/renderer); this module is in a chunk
 * of it (out/main/chunks), or in the source tree (src/cli) under tsx.
 */
export function findRendererDir(env = process.env): string {
  if (env.KALLA_RENDERER_DIR) return resolve(env.KALLA_RENDERER_DIR);
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '../renderer'), join(here, '../../renderer'), join(here, '../../out/renderer')];
  return candidates.find((c) => existsSync(join(c, 'index.html'))) ?? candidates[0];
}

export async function runWeb(argv: string[], io: Io): Promise<number> {
  const { flags } = parseFlags(argv, { port: 'number', open: 'boolean', json: 'boolean' });
  const rendererDir = findRendererDir();
  if (!existsSync(join(rendererDir, 'index.html'))) {
    io.stderr(`The renderer is not built (looked in ${rendererDir}). Run \`npm run build\` first.\n`);
    return 1;
  }
  // Listen for signals from the start: one that arrives while the core starts stops it as soon as
  // it is up (the default action would kill the process with its servers still running).
  let stopping = false;
  const signalled = new Promise<void>((resolve) => {
    const stop = () => {
      // A second Ctrl+C / SIGTERM while servers are still being stopped: leave now.
      if (stopping) process.exit(130);
      stopping = true;
      resolve();
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  });
  const paths = resolveAppPaths();
  const entry = process.argv[1] ? resolve(process.argv[1]) : fileURLToPath(import.meta.url);
  const self = { ...selfLauncher(entry, false), args: [...process.execArgv, entry] };
  let core: Core;
  try {
    // Started from a shell, so its environment is the user's shell environment already: asking a
    // login shell again (what the desktop app must do when launched from the Dock) took 0.8 s CPU
    // per start here and could undo what the user just exported in this terminal.
    core = await createCore({ paths, platform: nodePlatform(), self, appVersion: APP_VERSION, spawnEnv: async () => processEnv() });
  } catch (e) {
    if (!(e instanceof DataDirInUseError)) {
      // A read-only or full data folder: a sentence with the way out, not an errno text (errors.ts).
      const explained = explainSystemError(e, { doing: `starting with the data folder ${paths.dataDir}` });
      if (explained === e) throw e;
      io.stderr(`kalla web: ${(explained as Error).message}\n`);
      return 1;
    }
    io.stderr(`${e.message}\n`);
    return 1;
  }
  const web = await startWebServer({ core, rendererDir, port: flags.port as number | undefined });

  if (flags.json) io.stdout(`${JSON.stringify({ url: web.url, port: web.port, dataDir: paths.dataDir })}\n`);
  else {
    io.stdout(`Kalla Desktop ${APP_VERSION} (browser mode) is running.\n`);
    io.stdout(`Open: ${web.url}\n`);
    io.stdout(`Data: ${paths.dataDir}\nOnly this machine can connect (127.0.0.1), and only from the URL above (its key is in the part after #). Ctrl+C stops it.\n`);
  }
  if (flags.open) await openInSystemBrowser(web.url).catch((e: Error) => io.stderr(`${e.message}\n`));

  await signalled;
  // Bounded: a server that will not stop cannot keep the process alive (stop stages are 2 s each).
  const deadline = setTimeout(() => process.exit(1), STOP_DEADLINE_MS);
  await Promise.allSettled([web.close(), core.dispose()]);
  clearTimeout(deadline);
  // Everything of ours is closed; a handle something else left open (a socket, a listener) must
  // not keep `kalla web` alive after a SIGTERM. Unref'd: it fires only if one does.
  setTimeout(() => process.exit(0), 1000).unref();
  return 0;
}

/** Longest a signal-triggered shutdown may take before the process exits anyway. */
const STOP_DEADLINE_MS = 15_000;
