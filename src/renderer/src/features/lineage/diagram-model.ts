/**
 * Pure logic behind the lineage diagram (unit-tested; mermaid itself renders
 * only in Chromium): reading the engine's Mermaid source back into nodes,
 * mapping rendered SVG node ids to names, viewport maths, standalone SVG.
 */

export interface DiagramNode {
  id: string;
  name: string;
  kind: 'view' | 'table';
  classes: string[];
}

const ENTITIES: Record<string, string> = { quot: '"', lt: '<', gt: '>', amp: '&' };

/** The engine escapes `"` as `#quot;`, `#` as `#35;`, `<`/`>` as `#lt;`/`#gt;`, a backtick as `#96;`. */
export function decodeLabel(label: string): string {
  return label.replace(/#(\d+|[a-z]+);/gi, (m, code: string) => (/^\d+$/.test(code) ? String.fromCodePoint(Number(code)) : (ENTITIES[code.toLowerCase()] ?? m)));
}

/** Nodes of a diagram drawn by the engine: `id["label"]` (view) and `id[("label")]` (table), with their classes. */
export function parseDiagram(source: string): DiagramNode[] {
  const nodes = new Map<string, DiagramNode>();
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    const node = /^([A-Za-z0-9_]+)\[(\()?"(.*)"\)?\]$/.exec(line);
    if (node) {
      nodes.set(node[1], { id: node[1], name: decodeLabel(node[3]), kind: node[2] ? 'table' : 'view', classes: [] });
      continue;
    }
    const cls = /^class\s+([A-Za-z0-9_,]+)\s+([A-Za-z0-9_]+)$/.exec(line);
    if (cls) for (const id of cls[1].split(',')) nodes.get(id)?.classes.push(cls[2]);
  }
  return [...nodes.values()];
}

/**
 * Issue 17: Mermaid with SVG text labels (we never use HTML labels) turns the engine's `#quot;` into
 * `&quot;` and then draws those six characters, because it decodes only `&amp;`, `&lt;` and `&gt;` again
 * for SVG text (`#35;` and `#96;` fare the same, and a literal `&amp;` in a name loses its `amp;`). So
 * before rendering, label characters Mermaid cannot carry through are swapped for private-use
 * placeholders, which it passes through untouched; `restoreLabels` then writes them into the SVG markup
 * as character references, which the browser decodes exactly once. (Placeholder glyphs are measured a
 * little wider or narrower than the real ones; node boxes have padding to spare.)
 */
const CARRIED: Record<string, string> = { '"': '\uE000', '#': '\uE001', '`': '\uE002', '&': '\uE003', '<': '\uE004', '>': '\uE005' };
const RESTORED: Record<string, string> = { '\uE000': '&quot;', '\uE001': '&#35;', '\uE002': '&#96;', '\uE003': '&amp;', '\uE004': '&lt;', '\uE005': '&gt;' };

/** The engine's Mermaid source with every node label re-encoded for `restoreLabels`. Other lines are kept as they are. */
export function mermaidLabels(source: string): string {
  return source
    .split('\n')
    .map((line) => {
      const node = /^(\s*[A-Za-z0-9_]+\[\(?")(.*)("\)?\])\s*$/.exec(line);
      if (!node) return line;
      const label = [...decodeLabel(node[2])].map((c) => CARRIED[c] ?? (/[\r\n\t]/.test(c) ? ' ' : /[\uE000-\uE005]/.test(c) ? '\uFFFD' : c)).join('');
      return node[1] + label + node[3];
    })
    .join('\n');
}

/** Rendered SVG markup with the placeholders of `mermaidLabels` as character references (valid in text and attributes). */
export function restoreLabels(svgMarkup: string): string {
  return svgMarkup.replace(/[\uE000-\uE005]/g, (c) => RESTORED[c]);
}

/** The engine's own cap on drawn nodes (MermaidRenderer.DEFAULT_MAX_NODES); the app does not change it. */
export const DIAGRAM_NODE_LIMIT = 100;

/** The node limit a too-large answer names ("… too many to draw (limit 100); …"), else the engine's default. */
export function diagramLimit(message: string | undefined): number {
  const m = /\blimit\s+(\d+)/i.exec(message ?? '');
  return m ? Number(m[1]) : DIAGRAM_NODE_LIMIT;
}

/** A node's kind and role in the legend's words: "table, upstream", "view, the focus, could not be parsed". */
export function describeNode(kind: 'view' | 'table', classes: string[]): string {
  const role = ['focus', 'upstream', 'downstream'].find((r) => classes.includes(r));
  return [kind, ...(role ? [role === 'focus' ? 'the focus' : role] : []), ...(classes.includes('unparsed') ? ['could not be parsed'] : [])].join(', ');
}

/** Mermaid renders node `n_x` as `<g id="<renderId>-flowchart-n_x-12" class="node …">` (older: `flowchart-n_x-12`). */
export function nodeIdFromSvgId(svgId: string): string | undefined {
  const m = /(?:^|-)flowchart-([A-Za-z0-9_]+)-\d+$/.exec(svgId) ?? /^(n_[A-Za-z0-9_]+)$/.exec(svgId);
  return m ? m[1] : undefined;
}

export interface Viewport {
  x: number;
  y: number;
  scale: number;
}

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 8;

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/** Zoom by `factor` keeping the point (px, py) of the container still. */
export function zoomAt(v: Viewport, factor: number, px: number, py: number): Viewport {
  const scale = clampScale(v.scale * factor);
  const k = scale / v.scale;
  return { scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
}

/** Scale and centre content of size (w, h) inside a box (bw, bh) with a margin; never enlarges past 1.5×. */
export function fitViewport(w: number, h: number, bw: number, bh: number, margin = 16): Viewport {
  if (w <= 0 || h <= 0 || bw <= 0 || bh <= 0) return { x: 0, y: 0, scale: 1 };
  const scale = clampScale(Math.min((bw - 2 * margin) / w, (bh - 2 * margin) / h, 1.5));
  return { scale, x: (bw - w * scale) / 2, y: (bh - h * scale) / 2 };
}

export type Direction = 'TB' | 'LR' | 'BT' | 'RL';

/** Edges `a --> b` of an engine diagram, as node ids. */
export function parseEdges(source: string): Array<[string, string]> {
  const edges: Array<[string, string]> = [];
  for (const raw of source.split('\n')) {
    const e = /^\s*([A-Za-z0-9_]+)\s*-->\s*([A-Za-z0-9_]+)\s*$/.exec(raw);
    if (e) edges.push([e[1], e[2]]);
  }
  return edges;
}

/** The source with its `graph XX` / `flowchart XX` header set to `direction`. */
export function withDirection(source: string, direction: Direction): string {
  return source.replace(/^(\s*(?:graph|flowchart))\s+(?:TB|TD|LR|BT|RL)\b/, `$1 ${direction}`);
}

/** Mermaid's flowchart defaults (nodeSpacing, rankSpacing) and a one-line node, at 16 px. */
const GAP = 50;
const NODE_H = 50;
const nodeWidth = (name: string) => 30 + 9 * name.length;

/**
 * Estimated size of a diagram drawn top→bottom and left→right: nodes layered by longest path from
 * the sources (as dagre ranks them); a rank is a row in TB and a column in LR. Rough (dagre adds
 * dummy nodes for long edges), but the two estimates are compared with each other, not with pixels.
 */
export function estimateSize(source: string): Record<'TB' | 'LR', { w: number; h: number }> {
  const nodes = parseDiagram(source);
  const edges = parseEdges(source).filter(([a, b]) => a !== b);
  const rank = new Map(nodes.map((n) => [n.id, 0]));
  const indegree = new Map(nodes.map((n) => [n.id, 0]));
  for (const [, b] of edges) indegree.set(b, (indegree.get(b) ?? 0) + 1);
  const queue = nodes.filter((n) => indegree.get(n.id) === 0).map((n) => n.id);
  while (queue.length > 0) {
    const a = queue.shift()!;
    for (const [from, to] of edges) {
      if (from !== a) continue;
      rank.set(to, Math.max(rank.get(to) ?? 0, (rank.get(a) ?? 0) + 1));
      indegree.set(to, (indegree.get(to) ?? 0) - 1);
      if (indegree.get(to) === 0) queue.push(to);
    }
  }
  // Nodes on a cycle keep the rank they had reached; Mermaid breaks cycles its own way.
  const ranks: number[][] = [];
  for (const n of nodes) (ranks[rank.get(n.id) ?? 0] ??= []).push(nodeWidth(n.name));
  const layers = ranks.filter((r) => r && r.length > 0);
  const sum = (xs: number[]) => xs.reduce((t, x) => t + x, 0);
  const span = (count: number, size: number) => (count > 0 ? count * size + (count - 1) * GAP : 0);
  return {
    TB: { w: Math.max(0, ...layers.map((l) => sum(l) + (l.length - 1) * GAP)), h: span(layers.length, NODE_H) },
    LR: { w: sum(layers.map((l) => Math.max(...l))) + Math.max(0, layers.length - 1) * GAP, h: Math.max(0, ...layers.map((l) => span(l.length, NODE_H))) },
  };
}

/**
 * The direction "Auto" draws in (issue 17). Lineage graphs are shallow and wide: a view read by many
 * others puts all of them in one rank, and in TB a rank is a row of boxes as wide as their names
 * (~200–400 px each), so a fan-out of 20 is several thousand pixels wide and fits the panel at a few
 * percent. In LR the same rank is a column of 50 px-high boxes. So the direction is the one whose
 * estimated drawing fits the panel (bw × bh) at the larger scale; TB, the engine's and Mermaid's
 * default and what users read first, is kept unless LR is clearly better (1.25×). Both capped at
 * the 1.5× a fit never exceeds, so small diagrams stay TB.
 */
export function chooseDirection(source: string, bw: number, bh: number): 'TB' | 'LR' {
  const size = estimateSize(source);
  const fit = (d: 'TB' | 'LR') => (size[d].w > 0 && size[d].h > 0 ? Math.min(bw / size[d].w, bh / size[d].h, 1.5) : 1.5);
  return fit('LR') > fit('TB') * 1.25 ? 'LR' : 'TB';
}

/** A rendered SVG as a standalone file: namespace declared, explicit size from the viewBox, XML prolog. */
export function standaloneSvg(svgMarkup: string): string {
  let svg = svgMarkup.trim();
  if (!/^<svg[^>]*\sxmlns=/.test(svg)) svg = svg.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
  const vb = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg);
  if (vb) {
    // Mermaid writes width="100%" and a max-width style; a file needs real dimensions.
    const open = /^<svg[^>]*>/.exec(svg)![0];
    const sized = open.replace(/\s(width|height)="[^"]*"/g, '').replace(/^<svg/, `<svg width="${Math.ceil(Number(vb[1]))}" height="${Math.ceil(Number(vb[2]))}"`);
    svg = sized + svg.slice(open.length);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`;
}

/** A file name from a connection label and focus: `lineage-kalla_ecommerce-fact_orders`. */
export function exportBaseName(label: string, focus?: string): string {
  const part = (s: string) =>
    s
      .replace(/^[a-z]+:\/\//i, '')
      .replace(/[^A-Za-z0-9_.-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(-60);
  return ['lineage', part(label), focus ? part(focus) : 'all'].filter(Boolean).join('-');
}
