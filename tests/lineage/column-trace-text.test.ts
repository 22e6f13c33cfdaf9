// @vitest-environment jsdom
/**
 * Issue 26: the Columns panel's trace said "(the farthest are left out)" without a count. The engine
 * now counts every column past its cap (`total`), and the sentence always gives the count.
 */
import { describe, expect, it } from 'vitest';
import { traceSummary } from '../../src/renderer/src/features/lineage/column-trace-text';

const nodes = (n: number) => Array.from({ length: n }, (_, i) => ({ relation: `v${i}`, column: 'a', kind: 'view' as const }));

describe('traceSummary', () => {
  it('names the whole count and what it left out when the cap cut the trace', () => {
    expect(traceSummary({ column: 'v.a', direction: 'upstream', nodes: nodes(200), truncated: true, total: 301 })).toBe(
      'v.a is made from 300 columns upstream (the nearest 199 drawn, 101 farthest left out).',
    );
    expect(traceSummary({ column: 'raw.t.a', direction: 'downstream', nodes: nodes(200), truncated: true, total: 10_001 })).toBe(
      '10,000 view columns read raw.t.a; dropping it breaks them (the nearest 199 drawn, 9,801 farthest left out).',
    );
    expect(traceSummary({ column: 'raw.t.a', direction: 'downstream', nodes: nodes(200), truncated: true, total: 200_000, totalIsLowerBound: true })).toBe(
      'more than 199,999 view columns read raw.t.a; dropping it breaks them (the nearest 199 drawn, more than 199,800 farthest left out).',
    );
  });

  it('is unchanged for a whole trace, and says when an engine gave no count', () => {
    expect(traceSummary({ column: 'top.v', direction: 'upstream', nodes: nodes(6), truncated: false, total: 6 })).toBe('top.v is made from 5 columns upstream.');
    expect(traceSummary({ column: 'top.v', direction: 'downstream', nodes: nodes(1), truncated: false, total: 1 })).toBe(
      'No view reads top.v: dropping it breaks nothing in this catalog.',
    );
    expect(traceSummary({ column: 't.a', direction: 'downstream', nodes: nodes(2), truncated: false })).toBe('1 view column reads t.a; dropping it breaks that column.');
    expect(traceSummary({ column: 't.a', direction: 'upstream', nodes: nodes(3), truncated: true })).toBe(
      't.a is made from 2 columns upstream (the farthest are left out; the engine did not say how many).',
    );
  });
});
