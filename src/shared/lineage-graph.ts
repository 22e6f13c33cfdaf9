/**
 * The engine's whole-graph Mermaid source read back as nodes and edges, for the large-graph view
 * (issue 26): the engine has no focus-less subgraph, but its Mermaid flowchart of the whole graph
 * names every node (`id["name"]` a view, `id[("name")]` a table) and edge (`a --> b`).
 */
import type { LineageGraph } from './lineage';

const ENTITIES: Record<string, string> = { quot: '"', lt: '<', gt: '>', amp: '&' };
const decode = (label: string) => label.replace(/#(\d+|[a-z]+);/gi, (m, code: string) => (/^\d+$/.test(code) ? String.fromCodePoint(Number(code)) : (ENTITIES[code.toLowerCase()] ?? m)));

export function graphFromMermaid(source: string): LineageGraph {
  const names = new Map<string, { name: string; kind: string }>();
  const edges: Array<[string, string]> = [];
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    const node = /^([A-Za-z0-9_]+)\[(\()?"(.*)"\)?\]$/.exec(line);
    if (node) {
      names.set(node[1], { name: decode(node[3]), kind: node[2] ? 'table' : 'view' });
      continue;
    }
    const edge = /^([A-Za-z0-9_]+)\s*(?:-->|-\.->)\s*([A-Za-z0-9_]+)$/.exec(line);
    if (edge) edges.push([edge[1], edge[2]]);
  }
  return {
    focus: null,
    nodes: [...names.values()],
    edges: edges.filter(([a, b]) => names.has(a) && names.has(b)).map(([a, b]) => [names.get(a)!.name, names.get(b)!.name]),
    truncated: false,
  };
}

/** The schema part of a displayed name (`raw.orders` → `raw`, `cat.raw.orders` → `cat.raw`); '' when it has none. */
export function schemaOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(0, i) : '';
}
