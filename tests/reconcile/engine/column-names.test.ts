/**
 * Column names derived from a header: blank ones named by position, repeated ones (in any case)
 * given the first free suffix, the engine's own columns never taken. A header of many equal names
 * is named in one pass: counting each one's suffix up from 2 made a one-line file of "x,x,…"
 * (150,000 names) load forever.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveColumnNames } from '../../../src/main/reconcile/engine/csv-layout';

describe('column names from a header', () => {
  it('are unique case-insensitively, keep every first spelling, and avoid the engine’s own columns', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('x', 'X', 'x_2', 'X_3', '', ' ', 'ref', '__row_id', '__ROW_HASH', 'column_2'), { maxLength: 40 }), (header) => {
        const { names } = deriveColumnNames(header, header.length);
        expect(names).toHaveLength(header.length);
        expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
        expect(names.some((n) => ['__row_id', '__row_hash'].includes(n.toLowerCase()))).toBe(false);
        // A name seen for the first time (case-insensitively, among the names given so far) is kept as written.
        const seen = new Set<string>(['__row_id', '__row_hash']);
        header.forEach((h, i) => {
          const name = h.trim() || `column_${i + 1}`;
          if (!seen.has(name.toLowerCase())) expect(names[i]).toBe(name);
          seen.add(names[i].toLowerCase());
        });
      }),
    );
  });

  it('names 100,000 equal names x, x_2 … x_100000 in one pass', () => {
    const { names, notices } = deriveColumnNames(Array.from({ length: 100_000 }, () => 'x'), 100_000);
    expect(names[0]).toBe('x');
    expect(names[1]).toBe('x_2');
    expect(names[99_999]).toBe('x_100000');
    expect(new Set(names).size).toBe(100_000);
    expect(notices).toHaveLength(99_999);
  });
});
