/**
 * Starts the real app in browser mode (`kalla web`) with a fresh data folder,
 * exactly as a user would, and stops it (and the MCP servers it started) after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export const ROOT = resolve(import.meta.dirname, '..');

export interface RunningApp {
  url: string;
  dataDir: string;
  /** Stop and start again on the same data folder (a restart of the app). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function launch(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/kalla.js'), 'web', '--port', '0', '--json'], {
    env: { ...process.env, KALLA_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  // KALLA_E2E_SERVER_LOG=1: the server's stderr on the test's, to see why a test lost its connection.
  if (process.env.KALLA_E2E_SERVER_LOG) child.stderr!.pipe(process.stderr);
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`kalla web did not start in 30 s. stderr: ${stderr}`)), 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolveUrl(JSON.parse(line).url);
      }
    });
    child.once('exit', (code) => reject(new Error(`kalla web exited with ${code}: ${stderr}`)));
  });
  return { url, child };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

export async function startApp(dataDir = mkdtempSync(join(tmpdir(), 'kalla-e2e-'))): Promise<RunningApp> {
  let current = await launch(dataDir);
  const app: RunningApp = {
    dataDir,
    url: current.url,
    async restart() {
      await stopChild(current.child);
      current = await launch(dataDir);
      app.url = current.url;
    },
    stop: () => stopChild(current.child),
  };
  return app;
}

/** A node command line that runs one of the test fixture MCP servers. */
export function fixtureServer(name: string): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', 'tsx', join(ROOT, 'tests/fixtures/servers', `${name}.ts`)] };
}

export const test = base.extend<{ app: RunningApp; appPage: Page }>({
  app: async ({}, use) => {
    const app = await startApp();
    await use(app);
    await app.stop();
    rmSync(app.dataDir, { recursive: true, force: true });
  },
  appPage: async ({ page, app }, use) => {
    await page.goto(app.url);
    // The app, not the page, as a user starts from it: a shortcut pressed while the page was still
    // exchanging its launch key was lost (Alt+5 never reached Settings, a 90 s timeout in CI once).
    await expect(page.getByRole('navigation', { name: 'Workspaces' })).toBeVisible();
    await use(page);
  },
});
export { expect };
