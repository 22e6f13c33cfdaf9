/**
 * Issue 15: a filter sentence the engine was unsure of is shown and waits; nothing is applied
 * until the user applies it (or discards it). Real kalla-recon server over stdio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core';
import { createTestCore } from '../../helpers/core';
import { reconFiles } from './data';

let core: Core;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-filter-'));
  core = (await createTestCore({ dataDir: dir })).core;
});
afterAll(async () => {
  await core?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('filter chat asks before applying an uncertain reading', () => {
  it('applies a clear exclusion at once, holds "only 2026" until applied, and a discarded turn changes nothing', async () => {
    const files = reconFiles();
    const id = (await core.reconcile.create('Filters')).id;
    await core.reconcile.addSourceFromBytes(id, 'left', 'bank.csv', Buffer.from(files.bank));
    let st = await core.reconcile.addSourceFromBytes(id, 'right', 'invoices.csv', Buffer.from(files.invoices));
    st = await core.reconcile.confirmMappings(id, st.mapping!.rows.map((r) => ({ ...r, decision: 'accepted' as const })));

    st = await core.reconcile.parseFilter(id, 'ignore amounts under 10 EUR', 'add');
    expect(st.chat.at(-1)?.status).toBe('applied');
    expect(st.filters).toContainEqual({ source: 'bank', column: 'Amount', op: 'gte', value: 10 });
    const applied = st.filters;

    st = await core.reconcile.parseFilter(id, 'only 2026', 'add', '2026-11-01');
    const turn = st.chat.at(-1)!;
    expect(turn.status).toBe('pending');
    expect(turn.doubts?.join(' ')).toMatch(/year 2026/);
    expect(turn.filters.length).toBeGreaterThan(0);
    expect(st.filters).toEqual(applied);

    st = await core.reconcile.resolveFilter(id, turn.id, true);
    expect(st.chat.at(-1)?.status).toBe('applied');
    expect(st.filters).toEqual([...applied, ...turn.filters]);
    await expect(core.reconcile.resolveFilter(id, turn.id, true)).rejects.toThrow(/already applied/);
    // Undo goes back to the set before the applied turn.
    st = await core.reconcile.undoFilters(id);
    expect(st.filters).toEqual(applied);

    st = await core.reconcile.parseFilter(id, 'exclude Stripe', 'add');
    const guessed = st.chat.at(-1)!;
    expect(guessed.status).toBe('pending');
    st = await core.reconcile.resolveFilter(id, guessed.id, false);
    expect(st.chat.at(-1)?.status).toBe('discarded');
    expect(st.filters).toEqual(applied);
    await expect(core.reconcile.resolveFilter(id, 'no-such-turn', true)).rejects.toThrow(/no longer in the conversation/);
  });
});
