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
    setupFiles: ['tests/helpers/property-seed.ts'],
    reporters: ['default'],
  },
});
