// @vitest-environment jsdom
/** Issue 26: the large-graph view's pure parts (what is drawn and counted, schema collapse, layouts, whole-graph parsing). */
import { describe, expect, it } from 'vitest';
import { collapseBySchema, drawnPart } from '../../src/renderer/src/features/lineage/large-graph-model';
import { layeredGrid } from '../../src/renderer/src/features/lineage/large-graph-layout';
import { graphFromMermaid, schemaOf } from '../../src/shared/lineage-graph';
import type { LineageGraph } from '../../src/shared/lineage';

/** raw.t_0 read by n views a.v_i, each read by b.w_i; nearest first, as the engine lists a neighbourhood. */
function fan(n: number): LineageGraph {
  const v = Array.from({ length: n }, (_, i) => `a.v_${i}`);
  const w = Array.from({ length: n }, (_, i) => `b.w_${i}`);
  return {
    focus: 'raw.t_0',
    nodes: [{ name: 'raw.t_0', kind: 'table', role: 'focus' }, ...v.map((name) => ({ name, kind: 'view', role: 'downstream' })), ...w.map((name) => ({ name, kind: 'view', role: 'downstream' }))],
    edges: [...v.map((x) => ['raw.t_0', x] as [string, string]), ...v.map((x, i) => [x, w[i]] as [string, string])],
    truncated: false,
  };
}

describe('drawnPart', () => {
  it('draws the nearest 500 of a neighbourhood and counts the rest, with only the edges among the drawn', () => {
    const d = drawnPart(fan(600));
    expect(d.nodes).toHaveLength(500);
    expect(d.leftOut).toBe(701);
    expect(d.more).toBe(false);
    expect(d.edges).toHaveLength(499);
    expect(d.nodes.every((n) => !n.name.startsWith('b.'))).toBe(true);
  });
  it('leaves nothing out of a small neighbourhood or of the whole graph, and passes on the engine cap', () => {
    expect(drawnPart(fan(10)).leftOut).toBe(0);
    const whole = { ...fan(600), focus: null, truncated: true };
    const d = drawnPart(whole);
    expect(d.nodes).toHaveLength(1201);
    expect(d.leftOut).toBe(0);
    expect(d.more).toBe(true);
  });
});

describe('collapseBySchema', () => {
  it('gives one node per schema with its count and one edge per pair of schemas', () => {
    const c = collapseBySchema(fan(3));
    expect(c.nodes.map((n) => n.label).sort()).toEqual(['a (3)', 'b (3)', 'raw (1)']);
    expect(c.edges).toEqual([
      ['raw', 'a'],
      ['a', 'b'],
    ]);
  });
  it('names nodes without a schema', () => {
    expect(collapseBySchema({ nodes: [{ name: 'x', kind: 'view' }], edges: [] }).nodes[0].label).toBe('(no schema) (1)');
  });
});

describe('layouts', () => {
  it('the layered grid puts every edge of a DAG left to right, no two nodes on one spot, 10,000 nodes in well under a second', () => {
    // 100 chains of 100 views over 100 tables, as the 10,000-view e2e catalog
    const names: string[] = [];
    const edges: Array<[string, string]> = [];
    for (let t = 0; t < 100; t++) names.push(`raw.t_${t}`);
    for (let i = 0; i < 10_000; i++) {
      names.push(`huge.v_${i}`);
      edges.push([i < 100 ? `raw.t_${i}` : `huge.v_${i - 100}`, `huge.v_${i}`], [`raw.t_${i % 100}`, `huge.v_${i}`]);
    }
    const started = performance.now();
    const at = layeredGrid(names, edges);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(new Set(at.map((p) => `${p.x},${p.y}`)).size).toBe(names.length);
    const x = new Map(names.map((n, i) => [n, at[i].x]));
    expect(edges.filter(([a, b]) => x.get(a)! >= x.get(b)!)).toEqual([]);
  });
  it('the layered grid wraps a wide layer into columns and places a cycle without looping', () => {
    const g = fan(600);
    const names = g.nodes.map((n) => n.name);
    const at = layeredGrid(names, g.edges, { maxRows: 100 });
    expect(new Set(at.map((p) => `${p.x},${p.y}`)).size).toBe(names.length);
    // 600 views read raw.t_0: one layer of 6 columns of 100
    expect(new Set(names.map((n, i) => (n.startsWith('a.') ? at[i].x : null)).filter((v) => v !== null)).size).toBe(6);
    const cyc = layeredGrid(['a', 'b', 'c'], [['a', 'b'], ['b', 'c'], ['c', 'b']]);
    expect(cyc.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
  });
});

describe('graphFromMermaid', () => {
  it('reads the engine flowchart back as named nodes and edges', () => {
    const g = graphFromMermaid(['graph TB', '  n_0[("raw.orders")]', '  n_1["mart.#quot;odd#quot;"]', '  n_0 --> n_1', '  n_1 -.-> n_0', '  classDef focus fill:#f00', '  class n_1 focus'].join('\n'));
    expect(g.nodes).toEqual([
      { name: 'raw.orders', kind: 'table' },
      { name: 'mart."odd"', kind: 'view' },
    ]);
    expect(g.edges).toEqual([
      ['raw.orders', 'mart."odd"'],
      ['mart."odd"', 'raw.orders'],
    ]);
    expect(g.focus).toBeNull();
    expect(schemaOf('cat.raw.orders')).toBe('cat.raw');
    expect(schemaOf('orders')).toBe('');
  });
});
