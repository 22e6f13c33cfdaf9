#!/usr/bin/env node
/**
 * `npm run setup`: install and build on a fresh machine. Dependencies install
 * without any binary download (Electron's and Playwright's browsers come from
 * hosts some networks cannot reach); then we try Electron's binary separately,
 * and a failure there only means the app starts in browser mode.
 */
import { spawnSync } from 'node:child_process';

const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (cmd, args, options = {}) => spawnSync(cmd, args, { stdio: 'inherit', env, ...options });

// `install` rather than `ci`: the lock cannot list DuckDB bindings that a registry mirror lacks.
const install = run(npm, ['install', '--no-audit', '--no-fund']);
if (install.status !== 0) process.exit(install.status ?? 1);

if (!process.env.KALLA_SKIP_ELECTRON) {
  console.log('\nFetching the Electron binary (optional; browser mode works without it)…');
  const electron = run(process.execPath, ['node_modules/electron/install.js'], { env: process.env, timeout: 180_000, stdio: 'pipe' });
  console.log(electron.status === 0 ? 'Electron is ready.' : 'Electron could not be downloaded here: `npm start` will use browser mode.');
}

const build = run(npm, ['run', 'build']);
process.exit(build.status ?? 1);
