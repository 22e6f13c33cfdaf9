/**
 * Pure logic of the large-graph view (issue 26), unit-tested apart from Cytoscape: what is drawn
 * and what is left out, and the schema boxes, each collapsible (the layout is large-graph-layout.ts).
 */
import { LARGE_VIEW_NEIGHBOURHOOD, type LineageGraph } from '../../../../shared/lineage';
import { schemaOf } from '../../../../shared/lineage-graph';
import { formatNumber } from '../../stores/display';

/** A neighbourhood draws its nearest this many nodes (the engine lists them nearest first). */
export const NEIGHBOURHOOD_DRAWN = LARGE_VIEW_NEIGHBOURHOOD;

export interface Drawn {
  nodes: LineageGraph['nodes'];
  edges: LineageGraph['edges'];
  leftOut: number;
  /** The engine stopped at its own cap: there are more than `leftOut` left out. */
  more: boolean;
}

/**
 * What the view draws of a graph: a neighbourhood's nearest NEIGHBOURHOOD_DRAWN nodes, the whole graph
 * all of it. `leftOut` counts from the engine's `total` when it gave one (then it is exact, also when
 * the engine's own cap cut the list); `more` only when the engine cut and did not say how many it had.
 */
export function drawnPart(g: LineageGraph, cap = NEIGHBOURHOOD_DRAWN): Drawn {
  const total = g.total ?? g.nodes.length;
  const more = g.truncated && g.total === undefined;
  if (g.focus === null || g.nodes.length <= cap) return { nodes: g.nodes, edges: g.edges, leftOut: total - g.nodes.length, more };
  const nodes = g.nodes.slice(0, cap);
  const kept = new Set(nodes.map((n) => n.name));
  return { nodes, edges: g.edges.filter(([a, b]) => kept.has(a) && kept.has(b)), leftOut: total - cap, more };
}

/** The sentence on what is left out, always with a count. */
export function leftOutText(d: Pick<Drawn, 'leftOut' | 'more'>): string {
  if (d.leftOut > 0) return `${d.more ? 'more than ' : ''}${formatNumber(d.leftOut)} farthest ${d.leftOut === 1 && !d.more ? 'node' : 'nodes'} left out`;
  return d.more ? 'farthest nodes left out by the engine\u2019s cap (it did not say how many)' : 'nothing left out';
}

/** How many nodes the diagram draws and, when the node cap cut it, how many it left out in the Mermaid view (issue 26: always a count). */
export function diagramCountText(d: { nodeCount: number; truncated?: boolean; total?: number }): string {
  const drawn = `${formatNumber(d.nodeCount)} ${d.nodeCount === 1 ? 'node' : 'nodes'}`;
  if (!d.truncated) return drawn;
  if (d.total === undefined) return `${drawn} (the farthest left out; the engine did not say how many)`;
  return `${drawn} of ${formatNumber(d.total)} (${formatNumber(d.total - d.nodeCount)} farthest left out)`;
}

type GraphNode = LineageGraph['nodes'][number];

/** A node's schema: the engine's, else read off its displayed name. */
export const nodeSchema = (n: Pick<GraphNode, 'name' | 'schema'>): string => n.schema ?? schemaOf(n.name);
/** The id of a schema's box (expanded: the compound parent; collapsed: the one node standing for it). */
export const schemaBoxId = (schema: string): string => `schema:${schema}`;
export const schemaLabel = (schema: string, count: number): string => `${schema || '(no schema)'} (${formatNumber(count)})`;

export interface SchemaBox {
  id: string;
  schema: string;
  label: string;
  count: number;
  collapsed: boolean;
}

export interface SchemaView {
  /** One box per schema, in the order the schemas first appear among the nodes. */
  boxes: SchemaBox[];
  /** The nodes of expanded schemas, each with its box as parent. */
  nodes: Array<GraphNode & { parent: string }>;
  /** Edges between what is shown: a node, or a collapsed schema's box; one per pair, none inside one collapsed box. */
  edges: Array<[string, string]>;
}

/**
 * The large view grouped by schema: every schema is a box with the count of its nodes; a collapsed
 * box stands alone for its nodes, and their edges go to it (one per pair of ends).
 */
export function schemaView(d: Pick<Drawn, 'nodes' | 'edges'>, collapsed: ReadonlySet<string>): SchemaView {
  const counts = new Map<string, number>();
  const schemaOfName = new Map<string, string>();
  for (const n of d.nodes) {
    const s = nodeSchema(n);
    schemaOfName.set(n.name, s);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  const boxes = [...counts].map(([schema, count]) => ({ id: schemaBoxId(schema), schema, label: schemaLabel(schema, count), count, collapsed: collapsed.has(schema) }));
  const nodes = d.nodes.filter((n) => !collapsed.has(schemaOfName.get(n.name)!)).map((n) => ({ ...n, parent: schemaBoxId(schemaOfName.get(n.name)!) }));
  const end = (name: string) => {
    const s = schemaOfName.get(name);
    return s !== undefined && collapsed.has(s) ? schemaBoxId(s) : name;
  };
  const seen = new Set<string>();
  const edges: Array<[string, string]> = [];
  for (const [a, b] of d.edges) {
    if (!schemaOfName.has(a) || !schemaOfName.has(b)) continue;
    const ea = end(a);
    const eb = end(b);
    if (ea === eb && ea !== a) continue; // inside one collapsed box
    const key = `${ea}\u0000${eb}`;
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push([ea, eb]);
  }
  return { boxes, nodes, edges };
}
