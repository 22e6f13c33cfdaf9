import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests. Component tests opt into jsdom per file with
// `// @vitest-environment jsdom`; everything else runs in Node against real parts.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Every core: a workspace with small sources runs DuckDB on one thread (db.ts ONE_THREAD_ROWS),
    // so two test files share two cores instead of one file's DuckDB taking both (vitest's default
    // is cores − 1, one file at a time here). The unit step: ~1,650 s → 1,168 s on this 2-core VM.
    maxWorkers: availableParallelism(),
    setupFiles: ['tests/helpers/property-seed.ts'],
    reporters: ['default'],
  },
});
