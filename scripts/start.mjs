#!/usr/bin/env node
/**
 * `npm start`: the desktop app when Electron's binary is installed, otherwise
 * browser mode (`kalla web --open`) — the same app, served on 127.0.0.1.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { electronBinary } from './electron-binary.mjs';

if (!existsSync('out/main/index.js')) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const bin = electronBinary();
const child = bin
  ? spawn(bin, ['.'], { stdio: 'inherit' })
  : (console.log('No Electron binary on this machine: starting browser mode instead.\n'),
    spawn(process.execPath, ['bin/kalla.js', 'web', '--open', ...process.argv.slice(2)], { stdio: 'inherit' }));
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code) => process.exit(code ?? 0));
