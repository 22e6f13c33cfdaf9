// Mutation testing of the matching engine and the IPC dispatcher: `npm run test:mutation`.
// Not part of `npm test` (it runs each mutant against the tests that cover it: hours on two shared
// cores; two small files against the match-model tests alone took 54 minutes). The clear-text report
// printed at the end has a score per file of matching/ and for ipc/dispatch.ts, and the module-totals
// reporter then prints the matching/ total; the HTML and JSON reports go to reports/mutation/.
// The tests run are vitest.mutation.config.ts's list, with the fixed fast-check seed.
// To iterate on one module: `npx stryker run --mutate src/main/ipc/dispatch.ts`, and narrow the
// tests with KALLA_MUTATION_TESTS=tests/app/dispatch.test.ts,tests/app/dispatch-output.test.ts
// (and KALLA_MUTATION_PATTERN, a test-name pattern, within them).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: ['src/main/reconcile/engine/matching/**/*.ts', 'src/main/ipc/dispatch.ts'],
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  timeoutMS: 60_000,
  // The initial run of the whole list (with per-test coverage) takes longer than Stryker's default 5 minutes here.
  dryRunTimeoutMinutes: 30,
  // module-totals (scripts/mutation-modules.mjs) prints each module's score and the matching/ total;
  // the JSON report (reports/mutation/mutation.json) can be re-read by the same script.
  appendPlugins: ['./scripts/mutation-modules.mjs'],
  reporters: ['clear-text', 'progress', 'html', 'json', 'module-totals'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // break (checked against the whole run's total score, not per file): 55, auto-guards.ts's score
  // (55.26 %, match-model tests), left as it was. Per-module scores, each from a run
  // scoped to a few tests that cover the file, are in docs/recon-engine.md ("Mutation scores"): dispatch.ts
  // 100 %, one-to-one.ts 83.72 %, reversals.ts 85.14 %, exceptions.ts 64.06 %, groups.ts 58.59 %,
  // unreadable.ts 82.98 %, party-resolution.ts 79.49 %, working.ts 37.15 % (before the refusal tests that
  // reach its validateRule). scored.ts, lines 405-572 (the fit and EM; 196 mutants, match-model tests):
  // 58.16 %, 78.6 % after round 31g's tests (kills applied by hand); its other 400-odd mutants are unscored.
  // Round 31h (scoped runs, docs/recon-engine.md): dispatch.ts 100 %, groups.ts matchRuns 86.5 % (97.3 % with
  // its cases), groups.ts subsetSearch/N:M 70.5 % (77.7 %), exceptions.ts 73.4 % (75.0 %), one-to-one.ts
  // 82.8 % (every survivor equivalent), working.ts validateRule 81.8 % (83.6 %). The lowest of those is
  // above 55, but break is checked against a whole run's total and auto-guards.ts (55.26 %) and most of
  // scored.ts were not re-scored, so 55 stays the lowest module score measured: raising it would be a guess.
  // Round 31i (docs/recon-engine.md): collections.ts 38.64 % → 87.18 % (static drop-list mutants
  // ignored), cited-detail.ts 57.14 % → 71.43 % (76.2 % with the match-model tests' kills);
  // exceptions.ts 75.0 % → 90.63 % (matching-cases, matching), groups.ts 222-321 77.7 % → 84.82 %.
  // Round 31j (docs/recon-engine.md): auto-guards.ts 80.00 % → 91.43 % (77.14 % without load timeouts) (every survivor equivalent),
  // scored.ts 354-392 45.90 % → 50.82 %; scores of disjoint scoped runs combined with
  // `node scripts/mutation-modules.mjs a.json b.json`.
  // Round 31k, on today's code (`node scripts/mutation-modules.mjs --current …` drops reports of older
  // sources): auto-guards.ts 60.81 % → 81.08 %, cited-detail.ts 69.44 % → 73.61 %, scored.ts 255-342
  // 64.71 %, unreadable.ts 82.98 %, party-resolution.ts 79.49 %; with 31i's collections.ts and
  // groups.ts 222-319, matching/ 79.49 % over 7 files (4 files not scored on today's code).
  // Round 31m (today's code): one-to-one.ts 83.87 % → 95.70 %, exceptions.ts 92.31 %, reversals.ts
  // 46-141 75.00 %; matching/ 84.86 % over 6 files (docs/recon-engine.md, Round 31m).
  // Round 31n (today's code, after 08d2300/d5f22aa changed one-to-one, exceptions, groups): cited-detail.ts
  // 73.61 % → 79.17 %, unreadable.ts 82.98 % → 85.11 %; matching/ 76.54 % → 79.33 % over 3 files.
  // Round 31o (today's code; earlier reports lost with the old machine): one-to-one.ts 94.68 % →
  // 95.74 %, reversals.ts 46-141 91.67 %; exceptions.ts 84.51 %;
  // matching/ 90.61 % over 3 files (8 files unscored).
  // Round 31p (today's code, after 08c5dee/3d36839/2654f45): groups.ts 232-342 80.34 % -> 86.32 %,
  // exceptions.ts 84.51 % -> 91.55 % (kills applied by hand), reversals.ts 74-105 100 %;
  // matching/ 87.17 % over 4 files, 91.12 % with the hand-checked kills (7 files unscored).
  // A whole run adds the rest of the test list, so
  // its scores are equal or higher; set the break to its lowest module once one whole run has printed them.
  thresholds: { high: 80, low: 60, break: 55 },
  tempDirName: '.stryker-tmp',
  // Scoped runs side by side each use their own tempDirName (.stryker-tmp-<name>): without this, one
  // run's sandbox copies another's while it is being deleted (ENOENT, round 31l).
  ignorePatterns: ['.stryker-tmp-*', 'reports'],
  cleanTempDir: 'always',
};
