/**
 * Issue 27, browser mode: a 5,000-column pair's mapping proposal (3,100 pairs) failed the channel's
 * output check (`mapping.rows` ≤ 2,000) and the page showed "Internal error in
 * reconcile.uploadCommit". Through the real service (DuckDB, the kalla-recon server over stdio),
 * then the channel contract the page's messages are checked against.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core';
import { channels } from '../../../src/shared/contract';
import { createTestCore } from '../../helpers/core';

let core: Core;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-wide-state-'));
  core = (await createTestCore({ dataDir: dir })).core;
});
afterAll(async () => {
  await core?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** `width` columns: ref, amount, date, then notes named by their number on both sides (each maps to its namesake). */
function file(width: number, prefix: string): Buffer {
  const head = ['ref', 'amount', 'date', ...Array.from({ length: width - 3 }, (_, i) => `${prefix}_note_${i}`)];
  const lines = [head.join(',')];
  for (let r = 0; r < 8; r++) lines.push([`INV-${1000 + r}`, (100 + r * 13.37).toFixed(2), `2026-03-0${r + 1}`, ...Array.from({ length: width - 3 }, (_, i) => `w${(i * 7 + r) % 50} item`)].join(','));
  return Buffer.from(`${lines.join('\n')}\n`);
}

describe('a mapping proposal of more than 2,000 pairs', () => {
  it('passes the channel contract, and can be confirmed as proposed', async () => {
    const { id } = await core.reconcile.create('wide');
    await core.reconcile.addSourceFromBytes(id, 'left', 'left.csv', file(2300, 'l'));
    const state = await core.reconcile.addSourceFromBytes(id, 'right', 'right.csv', file(2300, 'r'));
    const rows = state.mapping!.rows;
    expect(rows.length).toBeGreaterThan(2000);
    expect(rows.slice(0, 3).map((r) => [r.field_a, r.field_b])).toEqual([
      ['ref', 'ref'],
      ['amount', 'amount'],
      ['date', 'date'],
    ]);
    // What `uploadCommit` / `reconcile.get` answer, and what the page sends back to confirm.
    expect(channels['reconcile.get'].output.safeParse(state).success).toBe(true);
    const accepted = rows.map((r) => ({ ...r, decision: 'accepted' as const }));
    expect(channels['reconcile.confirmMappings'].input.safeParse({ id, rows: accepted, revision: state.revision }).success).toBe(true);
  }, 240_000);
});
