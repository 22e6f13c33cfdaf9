/**
 * Layout of the large-graph view (issue 26), computed off the main thread by
 * `large-graph-layout.worker.ts`: ELK's layered algorithm (elkjs) up to ELK_MAX_NODES, where it
 * answers within about a second on this machine, and past that (or when ELK is too slow) a layered
 * grid of our own, linear in nodes + edges. Both give positions that Cytoscape draws as `preset`, so
 * the page only draws; it never lays out.
 */

export type Position = { x: number; y: number };

export interface LayoutRequest {
  id: number;
  names: string[];
  edges: Array<[string, string]>;
  /** 'auto': ELK when the graph is small enough, else the grid; 'grid': the grid whatever the size. */
  mode: 'auto' | 'grid';
}

export interface LayoutAnswer {
  id: number;
  /** Positions in the order of the request's names. */
  xs: Float64Array;
  ys: Float64Array;
  engine: 'elk' | 'grid';
  ms: number;
  error?: string;
}

/**
 * ELK layered up to this many nodes. Measured with elkjs 0.12.1 in Node on the 2-core VM: a 200-node
 * random DAG 0.6 s, 500 nodes 0.9 s, a 500-node two-level fan-out 3.3 s and 1,000 nodes 2.7 s (load
 * average ~20), so past a few hundred nodes it is no longer "fast"; the caller also gives up on ELK
 * after ELK_BUDGET_MS and asks for the grid.
 */
export const ELK_MAX_NODES = 300;
export const ELK_BUDGET_MS = 2_000;

/** Options for ELK: layered, left to right, the cheaper settings (one crossing-minimisation pass, simple placement). */
export const ELK_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.layered.thoroughness': '1',
  'elk.layered.nodePlacement.strategy': 'SIMPLE',
  'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
  'elk.layered.spacing.nodeNodeBetweenLayers': '120',
  'elk.spacing.nodeNode': '14',
  'elk.edgeRouting': 'POLYLINE',
};

/**
 * The layered grid: each node's layer is its longest path from a node nothing reads (so every edge
 * points right), nodes in a cycle go one layer past what they read; within a layer nodes are
 * ordered by the mean row of what they read (one barycentre pass, fewer crossings); a layer taller
 * than `maxRows` wraps into several columns. O(nodes + edges) plus a sort per layer.
 */
export function layeredGrid(names: string[], edges: Array<[string, string]>, opts: { rowGap?: number; columnGap?: number; layerGap?: number; maxRows?: number } = {}): Position[] {
  const rowGap = opts.rowGap ?? 28;
  const columnGap = opts.columnGap ?? 130;
  const layerGap = opts.layerGap ?? 90;
  const maxRows = opts.maxRows ?? Math.max(40, Math.ceil(Math.sqrt(names.length) * 1.5));
  const index = new Map<string, number>();
  names.forEach((n, i) => index.set(n, i));
  const out: number[][] = names.map(() => []);
  const inn: number[][] = names.map(() => []);
  for (const [a, b] of edges) {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined || i === j) continue;
    out[i].push(j);
    inn[j].push(i);
  }
  // Longest path from the sources (Kahn); what is left is in a cycle.
  const layer = new Int32Array(names.length).fill(-1);
  const pending = inn.map((p) => p.length);
  const queue: number[] = [];
  for (let i = 0; i < names.length; i++) {
    if (pending[i] === 0) {
      layer[i] = 0;
      queue.push(i);
    }
  }
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q];
    for (const j of out[i]) {
      layer[j] = Math.max(layer[j], layer[i] + 1);
      if (--pending[j] === 0) queue.push(j);
    }
  }
  for (let i = 0; i < names.length; i++) {
    if (layer[i] >= 0) continue;
    let l = 0;
    for (const p of inn[i]) if (layer[p] >= 0) l = Math.max(l, layer[p] + 1);
    layer[i] = l;
  }
  const layers: number[][] = [];
  for (let i = 0; i < names.length; i++) (layers[layer[i]] ??= []).push(i);
  const row = new Float64Array(names.length);
  const xs: number[] = new Array(names.length);
  const ys: number[] = new Array(names.length);
  let x = 0;
  for (const members of layers) {
    if (!members) continue;
    // Barycentre of the rows of what a node reads (already placed: they are in earlier layers).
    const key = new Map<number, number>();
    for (const i of members) {
      let sum = 0;
      let n = 0;
      for (const p of inn[i]) {
        if (layer[p] < layer[i]) {
          sum += row[p];
          n++;
        }
      }
      key.set(i, n ? sum / n : i);
    }
    members.sort((a, b) => key.get(a)! - key.get(b)! || a - b);
    const columns = Math.ceil(members.length / maxRows);
    const rows = Math.ceil(members.length / columns);
    members.forEach((i, k) => {
      const c = Math.floor(k / rows);
      const r = k % rows;
      row[i] = k;
      xs[i] = x + c * columnGap;
      ys[i] = (r - (rows - 1) / 2) * rowGap;
    });
    x += columns * columnGap + layerGap;
  }
  return names.map((_, i) => ({ x: xs[i], y: ys[i] }));
}
