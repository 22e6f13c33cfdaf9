/**
 * Every fast-check property runs from a fixed seed, so `npm test` (and CI) gives the same answer
 * every time: a property that found a new counterexample on a random seed turned CI red for a
 * reason unrelated to the change under test. To explore, run with KALLA_PROPERTY_SEED=random (and
 * KALLA_PROPERTY_RUNS=300 where a test reads it); a counterexample found that way becomes an
 * example test. A test that passes its own seed keeps it.
 */
import fc from 'fast-check';

const seed = process.env.KALLA_PROPERTY_SEED;
if (seed !== 'random') fc.configureGlobal({ seed: Number(seed ?? 20261126) });
