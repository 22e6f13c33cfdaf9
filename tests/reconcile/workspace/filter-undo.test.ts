/** The filter undo history the filter step and recipes share (src/main/reconcile/filter-undo.ts). */
import { describe, expect, it } from 'vitest';
import type { SourceFilter } from '../../../src/shared/reconcile/recipe';
import { MAX_UNDO, pushFilterUndo } from '../../../src/main/reconcile/filter-undo';

const set = (n: number): SourceFilter[] => [{ source: 'left', field: 'Amount', op: 'gt', value: n } as unknown as SourceFilter];

describe('filter undo history', () => {
  it('pushes the current set and keeps the newest MAX_UNDO (50)', () => {
    expect(MAX_UNDO).toBe(50);
    let st = { filters: set(0), filter_undo: [] as SourceFilter[][] };
    for (let i = 1; i <= 60; i++) st = { filters: set(i), filter_undo: pushFilterUndo(st) };
    expect(st.filter_undo).toHaveLength(50);
    expect(st.filter_undo[0]).toEqual(set(10));
    expect(st.filter_undo.at(-1)).toEqual(set(59));
  });
});
