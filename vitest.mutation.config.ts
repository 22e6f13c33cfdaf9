import { defineConfig } from 'vitest/config';

// The tests that guard the mutated modules (see stryker.config.mjs): the matching engine's example and
// property tests and the dispatcher's. Kept apart from vitest.config.ts so a mutant runs seconds, not the
// whole suite.
export default defineConfig({
  test: {
    include: ['tests/recon/matching.test.ts', 'tests/recon/matching-properties.test.ts', 'tests/app/dispatch.test.ts', 'tests/app/dispatch-output.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
