// @vitest-environment jsdom
/** Issue 26: the large-graph view's pure parts (what is drawn and counted, schema boxes and their collapse, layouts). */
import { describe, expect, it } from 'vitest';
import { diagramCountText, drawnPart, leftOutText, schemaView } from '../../src/renderer/src/features/lineage/large-graph-model';
import { layeredGrid } from '../../src/renderer/src/features/lineage/large-graph-layout';
import { schemaOf } from '../../src/shared/lineage-graph';
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

describe('what is left out is always counted', () => {
  it('counts from the engine total when the engine itself capped the list', () => {
    // The engine stopped at 800 of 1,201 nodes and said so: the view draws 500, 701 are left out.
    const g = { ...fan(600), truncated: true, total: 1201 };
    g.nodes = g.nodes.slice(0, 800);
    const d = drawnPart(g);
    expect(d.leftOut).toBe(701);
    expect(d.more).toBe(false);
    expect(leftOutText(d)).toBe('701 farthest nodes left out');
    // At most 500 from the engine (the bench asks so): still a count, never "more than 0".
    const capped = drawnPart({ ...fan(600), nodes: fan(600).nodes.slice(0, 500), truncated: true, total: 1201 });
    expect(leftOutText(capped)).toBe('701 farthest nodes left out');
    expect(leftOutText(drawnPart(fan(3)))).toBe('nothing left out');
    expect(leftOutText({ leftOut: 0, more: true })).not.toMatch(/more than 0/);
  });
  it('the Mermaid diagram says how many of how many it draws', () => {
    expect(diagramCountText({ nodeCount: 50, truncated: true, total: 1201 })).toBe('50 nodes of 1,201 (1,151 farthest left out)');
    expect(diagramCountText({ nodeCount: 12, truncated: false, total: 12 })).toBe('12 nodes');
  });
});

describe('schema boxes', () => {
  const withSchemas = (g: LineageGraph): LineageGraph => ({
    ...g,
    // The engine gives each node its schema; names in the default schema ("big") have none.
    nodes: g.nodes.map((n) => (n.name.startsWith('a.') ? { ...n, name: n.name.slice(2), schema: 'big' } : { ...n, schema: schemaOf(n.name) })),
    edges: g.edges.map(([x, y]) => [x.replace(/^a\./, ''), y.replace(/^a\./, '')]),
  });
  it('puts every node in its schema box, from the engine schema even where the name has none, with the count', () => {
    const v = schemaView(withSchemas(fan(3)), new Set());
    expect(v.boxes.map((b) => b.label)).toEqual(['raw (1)', 'big (3)', 'b (3)']);
    expect(v.nodes.find((n) => n.name === 'v_0')?.parent).toBe('schema:big');
    expect(v.nodes).toHaveLength(7);
    expect(v.edges).toHaveLength(6);
  });
  it('a collapsed box stands for its nodes: their edges go to it, one per pair, none inside it', () => {
    const v = schemaView(withSchemas(fan(3)), new Set(['big']));
    expect(v.boxes.find((b) => b.schema === 'big')).toMatchObject({ collapsed: true, count: 3, label: 'big (3)' });
    expect(v.nodes.map((n) => n.name)).toEqual(['raw.t_0', 'b.w_0', 'b.w_1', 'b.w_2']);
    expect(v.edges).toEqual([
      ['raw.t_0', 'schema:big'],
      ['schema:big', 'b.w_0'],
      ['schema:big', 'b.w_1'],
      ['schema:big', 'b.w_2'],
    ]);
    const all = schemaView(withSchemas(fan(3)), new Set(['raw', 'big', 'b']));
    expect(all.nodes).toEqual([]);
    expect(all.edges).toEqual([
      ['schema:raw', 'schema:big'],
      ['schema:big', 'schema:b'],
    ]);
  });
  it('names a box without a schema', () => {
    expect(schemaView({ nodes: [{ name: 'x', kind: 'view' }], edges: [] }, new Set()).boxes[0].label).toBe('(no schema) (1)');
  });
  it('the grid gives each schema its own band, so no two boxes overlap', () => {
    // Two schemas in every layer: tables p.t_i / q.t_i interleaved, each read by a view of the other schema.
    const g = withSchemas(fan(300));
    for (let i = 0; i < 40; i++) {
      const [s, o] = i % 2 ? ['p', 'q'] : ['q', 'p'];
      g.nodes.push({ name: `${s}.t_${i}`, kind: 'table', schema: s }, { name: `${o}.v_${i}`, kind: 'view', schema: o });
      g.edges.push([`${s}.t_${i}`, `${o}.v_${i}`]);
    }
    const names = g.nodes.map((n) => n.name);
    const groups = g.nodes.map((n) => n.schema!);
    const at = layeredGrid(names, g.edges, { groups });
    const box = new Map<string, { top: number; bottom: number; left: number; right: number }>();
    names.forEach((_, i) => {
      const b = box.get(groups[i]) ?? { top: Infinity, bottom: -Infinity, left: Infinity, right: -Infinity };
      box.set(groups[i], { top: Math.min(b.top, at[i].y), bottom: Math.max(b.bottom, at[i].y), left: Math.min(b.left, at[i].x), right: Math.max(b.right, at[i].x) });
    });
    const list = [...box.values()];
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i];
        const b = list[j];
        const overlap = a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;
        expect(overlap).toBe(false);
      }
    }
    expect(new Set(at.map((p) => `${p.x},${p.y}`)).size).toBe(names.length);
    const index = new Map(names.map((n, i) => [n, i]));
    expect(g.edges.every(([a, b]) => at[index.get(a)!].x < at[index.get(b)!].x)).toBe(true);
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

describe('schemaOf', () => {
  it('reads the schema off a displayed name, for nodes that came without one', () => {
    expect(schemaOf('cat.raw.orders')).toBe('cat.raw');
    expect(schemaOf('orders')).toBe('');
  });
});
