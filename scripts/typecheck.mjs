#!/usr/bin/env node
/**
 * `npm run typecheck`: the three TypeScript projects (main and preload, renderer, scripts and
 * tests), side by side — each `tsc` is single-threaded.
 */
import { npx, runTogether } from './run-together.mjs';

const projects = [
  ['main and preload', 'tsconfig.node.json'],
  ['renderer', 'tsconfig.web.json'],
  ['scripts and tests', 'tsconfig.json'],
];
process.exit(await runTogether(projects.map(([name, file]) => ({ name: `tsc ${name}`, cmd: [npx, 'tsc', '--noEmit', '-p', file] }))));
