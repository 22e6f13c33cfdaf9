/**
 * Learned facts are cached per source content and LEARNING_VERSION (learn-cache.ts). A change to the
 * code that learns them, without raising the version, would serve old answers to an upgraded app:
 * the facts of files learned before, silently. This test records the hash of that code next to the
 * version, so a change fails here until both are raised together.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEARNING_VERSION } from '../../../src/main/reconcile/engine/cash-learning';

const ENGINE = join(__dirname, '../../../src/main/reconcile/engine');
/**
 * What decides the facts from the typed rows: the learning, the SQL it reads references and
 * amounts with, the side roles, and the value macros. Typing changes need no entry: the typed
 * columns are part of the cache key already.
 */
const SOURCES = ['cash-learning.ts', 'recipe-sql.ts', 'side-roles.ts', 'macros.ts'];
const RECORD = join(__dirname, 'learning-version.json');

describe('the learned-facts cache', () => {
  it('has its LEARNING_VERSION raised whenever the learning code changes', () => {
    const hash = createHash('sha256');
    // The version's own line is left out: raising it must not change the hash it is recorded with.
    for (const file of SOURCES) hash.update(readFileSync(join(ENGINE, file), 'utf8').replace(/\r\n/g, '\n').replace(/^export const LEARNING_VERSION = \d+;$/m, ''));
    const sha256 = hash.digest('hex');
    const recorded = JSON.parse(readFileSync(RECORD, 'utf8')) as { version: number; sha256: string };
    const fix = `raise LEARNING_VERSION in cash-learning.ts to ${recorded.version + 1} and write {"version": ${recorded.version + 1}, "sha256": "${sha256}"} to tests/reconcile/engine/learning-version.json`;
    expect(sha256 === recorded.sha256 ? 'unchanged' : `the learning code changed: ${fix}`).toBe('unchanged');
    expect(LEARNING_VERSION, 'LEARNING_VERSION and learning-version.json disagree').toBe(recorded.version);
  });
});
