/**
 * Pure logic of the large-graph view (issue 26), unit-tested apart from Cytoscape: what is drawn
 * and what is left out, and collapsing by schema (the layout is large-graph-layout.ts).
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
