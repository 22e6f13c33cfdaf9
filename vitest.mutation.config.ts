import { defineConfig } from 'vitest/config';

// The tests that guard the mutated modules (see stryker.config.mjs), kept apart from vitest.config.ts
// so a mutant runs seconds, not the whole suite. Every test that guards matching or dispatch belongs
// here: the matching engine's example, property and model tests, the cash-application rules (the only
// guard of the ambiguity rule in one-to-one.ts), the reference forms and counterparty names that
// scored.ts and party-resolution.ts read, customers paying runs of consecutive invoices (party-only:
// groups.ts's matchRuns), either-order runs, the matching cases as data (each case runs
// twice: 1:1 by the in-memory greedy pass and by the SQL rounds, KALLA_GREEDY_IN_MEMORY=0), the
// collections and cited-instalment tests (collections.ts's evidence and refusal, cited-detail.ts),
// the run-wide check of automatic groups (auto-guards.ts without a counterparty, after a model
// rule without references), and the dispatcher's tests.
// KALLA_MUTATION_PATTERN (a vitest testNamePattern) narrows a scoped run to the tests that matter,
// e.g. match-model's return tests for reversals.ts: KALLA_MUTATION_PATTERN='return|refund|mirror|paid twice'.
// Property tests run from the same fixed seed as `npm test` (tests/helpers/property-seed.ts).
export const MUTATION_TESTS = [
  'tests/reconcile/engine/matching.test.ts',
  'tests/reconcile/engine/matching-properties.test.ts',
  'tests/reconcile/engine/match-model.test.ts',
  'tests/reconcile/engine/cash-application.test.ts',
  'tests/reconcile/engine/reference-forms.test.ts',
  'tests/reconcile/engine/party-resolution.test.ts',
  'tests/reconcile/engine/party-only.test.ts',
  'tests/reconcile/engine/one-to-one.test.ts',
  'tests/reconcile/engine/either-order.test.ts',
  'tests/reconcile/engine/matching-cases.test.ts',
  'tests/reconcile/engine/collections.test.ts',
  'tests/reconcile/engine/cited-detail.test.ts',
  'tests/reconcile/engine/auto-guards.test.ts',
  // unreadable.ts: which rule an unreadable value is listed under (round 31n).
  'tests/reconcile/engine/evidence.test.ts',
  // reversals.ts: a statement without text columns (round 31o).
  'tests/reconcile/engine/reversal-without-text.test.ts',
  'tests/app/dispatch.test.ts',
  'tests/app/dispatch-output.test.ts',
];

export default defineConfig({
  test: {
    include: process.env.KALLA_MUTATION_TESTS ? process.env.KALLA_MUTATION_TESTS.split(',') : MUTATION_TESTS,
    testNamePattern: process.env.KALLA_MUTATION_PATTERN || undefined,
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['tests/helpers/property-seed.ts'],
  },
});
