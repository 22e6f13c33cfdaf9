#!/usr/bin/env node
/**
 * `npm test`: every suite, in order — build, typecheck, lint, unit/integration (vitest), Java
 * (JUnit), the official MCP conformance suite (Kalla's servers, and Kalla's host as a client), end-to-end in browser mode (Playwright + Chromium), Electron e2e
 * (reports NOT RUN where no Electron binary exists). Stops at the first red suite.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { electronBinary } from './electron-binary.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const steps = [
  ['build', ['run', 'build']],
  ['typecheck', ['run', 'typecheck']],
  ['lint (ESLint with types, layering and cycles)', ['run', 'lint']],
  ['unit and integration', ['run', 'test:unit']],
  ...(existsSync('resources/viewmapper/test.mjs') ? [['java', ['run', 'test:java']]] : []),
  ["MCP conformance (official suite: Kalla's servers and Kalla's host)", ['run', 'test:conformance']],
  ['end-to-end (browser mode)', ['run', 'test:e2e']],
  ['end-to-end (electron)', ['run', 'test:electron']],
];

const results = [];
for (const [name, args] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const r = spawnSync(npm, args, { stdio: 'inherit' });
  results.push(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (name === 'end-to-end (electron)' && !electronBinary()) {
    results.push('     ↳ NOT RUN: no Electron binary on this machine; the Electron project was skipped (browser-mode e2e covers the same app).');
  }
  if (r.status !== 0) {
    console.log(`\n${results.join('\n')}`);
    process.exit(r.status ?? 1);
  }
}
console.log(`\n${results.join('\n')}`);
