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
  /** Each name's schema: the grid gives each schema its own band of rows, so the schema boxes do not overlap. */
  groups?: string[];
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
 * average ~20), so past a few hundred nodes it is no longer "fast". The view draws the grid first
 * and lets ELK replace it (bench:lineage section 9: a 300-view tree).
 */
export const ELK_MAX_NODES = 300;
/** How long ELK may take to replace the grid already drawn (the view is usable meanwhile); then the grid stays. */
export const ELK_BUDGET_MS = 4_000;

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
 * With `groups` (a schema per node), each group gets a band of rows across all layers, bands one
 * below the other, so each group's bounding box (its schema box) holds only its own nodes.
 */
export function layeredGrid(
  names: string[],
  edges: Array<[string, string]>,
  opts: { rowGap?: number; columnGap?: number; layerGap?: number; maxRows?: number; groups?: string[]; bandGap?: number } = {},
): Position[] {
  const rowGap = opts.rowGap ?? 28;
  const columnGap = opts.columnGap ?? 130;
  const layerGap = opts.layerGap ?? 90;
  const maxRows = opts.maxRows ?? Math.max(40, Math.ceil(Math.sqrt(names.length) * 1.5));
  const { out, inn } = adjacency(names, edges);
  const layer = longestPathLayers(out, inn);
  const layers: number[][] = [];
  for (let i = 0; i < names.length; i++) (layers[layer[i]] ??= []).push(i);
  const row = new Float64Array(names.length);
  const xs: number[] = new Array(names.length);
  const ys: number[] = new Array(names.length);
  if (opts.groups && new Set(opts.groups).size > 1) {
    bands(names.length, layers, layer, inn, opts.groups, { rowGap, columnGap, layerGap, maxRows, bandGap: opts.bandGap ?? 3 }, xs, ys);
    return names.map((_, i) => ({ x: xs[i], y: ys[i] }));
  }
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

/** Who each node feeds (out) and reads (inn), by index; unknown names and self-edges are dropped. */
function adjacency(names: string[], edges: Array<[string, string]>): { out: number[][]; inn: number[][] } {
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
  return { out, inn };
}

/** Each node's layer: its longest path from a source (Kahn); a node in a cycle goes one past what it reads. */
function longestPathLayers(out: number[][], inn: number[][]): Int32Array {
  const n = out.length;
  // Longest path from the sources (Kahn); what is left is in a cycle.
  const layer = new Int32Array(n).fill(-1);
  const pending = inn.map((p) => p.length);
  const queue: number[] = [];
  for (let i = 0; i < n; i++) {
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
  for (let i = 0; i < n; i++) {
    if (layer[i] >= 0) continue;
    let l = 0;
    for (const p of inn[i]) if (layer[p] >= 0) l = Math.max(l, layer[p] + 1);
    layer[i] = l;
  }
  return layer;
}

/**
 * The grid with a band of rows per group: layers as before (columns per layer = what its largest
 * group needs), groups in order of first appearance, each group's band as tall as its tallest layer.
 * Within a group's part of a layer, nodes are ordered by the mean row of what they read.
 */
function bands(
  n: number,
  layers: number[][],
  layer: Int32Array,
  inn: number[][],
  groupOf: string[],
  g: { rowGap: number; columnGap: number; layerGap: number; maxRows: number; bandGap: number },
  xs: number[],
  ys: number[],
): void {
  const groupIndex = new Map<string, number>();
  const gi = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let k = groupIndex.get(groupOf[i]);
    if (k === undefined) groupIndex.set(groupOf[i], (k = groupIndex.size));
    gi[i] = k;
  }
  const groups = groupIndex.size;
  // Pass 1: per layer, columns (its largest group's need) and per group the rows it uses.
  const layerColumns: number[] = [];
  const bandRows = new Int32Array(groups);
  const perLayer: Array<Map<number, number[]>> = [];
  layers.forEach((members, L) => {
    const byGroup = new Map<number, number[]>();
    for (const i of members ?? []) {
      let list = byGroup.get(gi[i]);
      if (!list) byGroup.set(gi[i], (list = []));
      list.push(i);
    }
    let columns = 1;
    for (const list of byGroup.values()) columns = Math.max(columns, Math.ceil(list.length / g.maxRows));
    for (const [k, list] of byGroup) bandRows[k] = Math.max(bandRows[k], Math.ceil(list.length / columns));
    layerColumns[L] = columns;
    perLayer[L] = byGroup;
  });
  const bandTop = new Float64Array(groups);
  let top = 0;
  for (let k = 0; k < groups; k++) {
    bandTop[k] = top;
    top += bandRows[k] + g.bandGap;
  }
  // Pass 2: place, layer by layer (what a node reads is placed before it, for the barycentre).
  const rowOf = new Float64Array(n);
  let x = 0;
  layers.forEach((members, L) => {
    if (!members) return;
    const columns = layerColumns[L];
    for (const [k, list] of perLayer[L]) {
      const key = new Map<number, number>();
      for (const i of list) {
        let sum = 0;
        let c = 0;
        for (const p of inn[i]) {
          if (layer[p] < layer[i]) {
            sum += rowOf[p];
            c++;
          }
        }
        key.set(i, c ? sum / c : bandTop[k] + i / n);
      }
      list.sort((a, b) => key.get(a)! - key.get(b)! || a - b);
      const rows = Math.ceil(list.length / columns);
      const offset = bandTop[k] + (bandRows[k] - rows) / 2;
      list.forEach((i, j) => {
        const c = Math.floor(j / rows);
        const r = j % rows;
        rowOf[i] = offset + r;
        xs[i] = x + c * g.columnGap;
        ys[i] = (offset + r) * g.rowGap;
      });
    }
    x += columns * g.columnGap + g.layerGap;
  });
}
