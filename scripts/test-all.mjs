#!/usr/bin/env node
/**
 * `npm test`: every suite, in order — build, typecheck and lint, unit/integration (vitest), Java
 * (JUnit), the official MCP conformance suite (Kalla's servers, and Kalla's host as a client),
 * end-to-end in browser mode (Playwright + Chromium), Electron e2e (reports NOT RUN where no
 * Electron binary exists). Stops at the first red suite.
 *
 * CI has 2 cores. The three `tsc` projects and ESLint are each single-threaded, so they run side
 * by side (~220 s one after another, 92 s together); each one's output is printed whole when it
 * ends, so logs never interleave. The unit tests and the browser e2e do not: side by side (load
 * average 6–7, both start servers and Chromium) the e2e took 34 min instead of ~16, the unit tests
 * over 37 min instead of ~22, and one e2e test passed only on its retry.
 */
import { existsSync } from 'node:fs';
import { electronBinary } from './electron-binary.mjs';
import { npm, runCommand, runTogether } from './run-together.mjs';

/** A step is one command, or several that run at once (`together`). */
const steps = [
  { name: 'build', cmd: [npm, 'run', 'build'] },
  {
    name: 'typecheck and lint (ESLint with types, layering and cycles)',
    together: [
      { name: 'typecheck', cmd: [npm, 'run', 'typecheck'] },
      { name: 'lint', cmd: [npm, 'run', 'lint'] },
    ],
  },
  // The unit tests start `kalla` from the bundle the build step just made (tests/helpers/kalla-command.ts).
  { name: 'unit and integration', cmd: [npm, 'run', 'test:unit'], env: { KALLA_TEST_BUILT: '1' } },
  ...(existsSync('resources/viewmapper/test.mjs') ? [{ name: 'java', cmd: [npm, 'run', 'test:java'] }] : []),
  { name: "MCP conformance (official suite: Kalla's servers and Kalla's host)", cmd: [npm, 'run', 'test:conformance'] },
  { name: 'end-to-end (browser mode)', cmd: [npm, 'run', 'test:e2e'] },
  { name: 'end-to-end (electron)', cmd: [npm, 'run', 'test:electron'] },
];

const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const results = [];
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const status = step.together ? await runTogether(step.together) : await runCommand(step.cmd, false, step.env);
  results.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${step.name} (${seconds(started)})`);
  if (step.name === 'end-to-end (electron)' && !electronBinary()) {
    results.push('     ↳ NOT RUN: no Electron binary on this machine; the Electron project was skipped (browser-mode e2e covers the same app).');
  }
  if (status !== 0) {
    console.log(`\n${results.join('\n')}`);
    process.exit(status);
  }
}
console.log(`\n${results.join('\n')}`);
