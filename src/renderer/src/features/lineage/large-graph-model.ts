/**
 * Pure logic of the large-graph view (issue 26), unit-tested apart from Cytoscape: what is drawn
 * and what is left out, collapsing by schema, distances from the focus, and the cheap grid layout.
 */
import type { LineageGraph } from '../../../../shared/lineage';
import { schemaOf } from '../../../../shared/lineage-graph';
import { formatNumber } from '../../stores/display';

/** A neighbourhood draws its nearest this many nodes (the engine lists them nearest first). */
export const NEIGHBOURHOOD_DRAWN = 500;

export interface Drawn {
  nodes: LineageGraph['nodes'];
  edges: LineageGraph['edges'];
  leftOut: number;
  /** The engine stopped at its own cap: there are more than `leftOut` left out. */
  more: boolean;
}

/** What the view draws of a graph: a neighbourhood's nearest NEIGHBOURHOOD_DRAWN nodes, the whole graph all of it. */
export function drawnPart(g: LineageGraph, cap = NEIGHBOURHOOD_DRAWN): Drawn {
  if (g.focus === null || g.nodes.length <= cap) return { nodes: g.nodes, edges: g.edges, leftOut: 0, more: g.truncated };
  const nodes = g.nodes.slice(0, cap);
  const kept = new Set(nodes.map((n) => n.name));
  return { nodes, edges: g.edges.filter(([a, b]) => kept.has(a) && kept.has(b)), leftOut: g.nodes.length - cap, more: g.truncated };
}

/** One node per schema (`label (count)`) and one edge per pair of schemas that read each other. */
export function collapseBySchema(d: Pick<Drawn, 'nodes' | 'edges'>): { nodes: Array<{ id: string; label: string; count: number }>; edges: Array<[string, string]> } {
  const counts = new Map<string, number>();
  for (const n of d.nodes) counts.set(schemaOf(n.name), (counts.get(schemaOf(n.name)) ?? 0) + 1);
  const pairs = new Set<string>();
  const edges: Array<[string, string]> = [];
  for (const [a, b] of d.edges) {
    const sa = schemaOf(a);
    const sb = schemaOf(b);
    const key = `${sa}\u0000${sb}`;
    if (sa !== sb && !pairs.has(key)) {
      pairs.add(key);
      edges.push([sa, sb]);
    }
  }
  return { nodes: [...counts].map(([id, count]) => ({ id, label: `${id || '(no schema)'} (${formatNumber(count)})`, count })), edges };
}

/** Steps from `focus` to every node reachable along `edges` in either direction (breadth first). */
export function distancesFrom(focus: string, edges: Array<[string, string]>): Map<string, number> {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) {
    (next.get(a) ?? next.set(a, []).get(a)!).push(b);
    (next.get(b) ?? next.set(b, []).get(b)!).push(a);
  }
  const distance = new Map([[focus, 0]]);
  const queue = [focus];
  for (let i = 0; i < queue.length; i++) {
    for (const m of next.get(queue[i]) ?? []) {
      if (distance.has(m)) continue;
      distance.set(m, distance.get(queue[i])! + 1);
      queue.push(m);
    }
  }
  return distance;
}

/**
 * The cheap layout for a very large graph: one block per schema, side by side, each a square grid of
 * its nodes in name order (positions computed here in one pass, drawn as Cytoscape's `preset`).
 */
export function gridBySchema(names: string[], gap = 60): Map<string, { x: number; y: number }> {
  const bySchema = new Map<string, string[]>();
  for (const n of names) (bySchema.get(schemaOf(n)) ?? bySchema.set(schemaOf(n), []).get(schemaOf(n))!).push(n);
  const at = new Map<string, { x: number; y: number }>();
  let left = 0;
  for (const schema of [...bySchema.keys()].sort()) {
    const members = bySchema.get(schema)!.sort();
    const cols = Math.ceil(Math.sqrt(members.length));
    members.forEach((n, i) => at.set(n, { x: left + (i % cols) * gap, y: Math.floor(i / cols) * gap }));
    left += (cols + 2) * gap;
  }
  return at;
}


