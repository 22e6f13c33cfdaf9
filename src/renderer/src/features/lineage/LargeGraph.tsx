/**
 * The large-graph view (issue 26): Cytoscape.js on a canvas for neighbourhoods past what Mermaid
 * draws well and for the whole graph. Zoom and pan are Cytoscape's own; a search box finds and
 * focuses a node (centred, its neighbours highlighted). Each schema is a box with the count of its
 * nodes; a box collapses to one node and back (double-click it, or its button under "Schemas";
 * "Collapse by schema" collapses them all). What is left out is always counted. Mermaid stays for small diagrams and export.
 * The layout is computed in a Web Worker (ELK up to a few hundred nodes, a layered grid past that,
 * `large-graph-layout.ts`), so the page only draws. The drawn nodes are also a listbox beside the
 * canvas: arrow keys move the selection (and the canvas's highlight), Enter focuses the workspace there.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import cytoscape, { type Core, type ElementDefinition } from 'cytoscape';
import type { LineageGraph } from '../../../../shared/lineage';
import { drawnPart, leftOutText, nodeSchema, schemaView } from './large-graph-model';
import { takeLayoutWorker } from './layout-worker';
import { ELK_BUDGET_MS, ELK_MAX_NODES, layeredGrid, type LayoutAnswer, type LayoutRequest } from './large-graph-layout';
import { formatNumber } from '../../stores/display';
import type { DiagramTheme } from './diagram-theme';
import { useDiagramTheme } from './useDiagramTheme';

const neighbours = (n: number) => `${formatNumber(n)} ${n === 1 ? 'neighbour' : 'neighbours'}`;

/** Node and edge style in the diagram theme: label ink readable on the canvas in light and dark. */
const styleFor = (theme: DiagramTheme): cytoscape.StylesheetStyle[] => {
  const ink = theme === 'dark' ? '#e6e9ef' : '#1d2433';
  const paper = theme === 'dark' ? '#1d2433' : '#ffffff';
  return [
  { selector: 'node', style: { label: 'data(label)', 'font-size': 10, 'background-color': '#6b8fc7', color: ink, 'text-valign': 'bottom', 'text-margin-y': 2, width: 12, height: 12, 'min-zoomed-font-size': 8 } },
  { selector: 'node[kind = "table"]', style: { shape: 'round-rectangle', 'background-color': '#8a9a5b' } },
  { selector: 'node[role = "focus"]', style: { 'background-color': '#d9822b', width: 20, height: 20 } },
  // A schema box is a plain node drawn under the rest, sized to its nodes (Cytoscape's own compound
  // parents re-measure on every change and never finished drawing 10,000 children here).
  { selector: 'node.schema', style: { shape: 'round-rectangle', width: 'data(w)', height: 'data(h)', 'background-color': '#9bb0d6', 'background-opacity': 0.1, 'border-width': 1, 'border-color': '#7f93b8', 'text-valign': 'top', 'text-halign': 'center', 'text-margin-y': -2, 'font-size': 12, 'font-weight': 'bold', 'z-compound-depth': 'bottom', 'min-zoomed-font-size': 4 } },
  { selector: 'node.schema-collapsed', style: { shape: 'round-rectangle', width: 'mapData(count, 1, 2000, 28, 90)', height: 28, 'background-color': '#9bb0d6', 'background-opacity': 1, 'border-width': 1, 'border-color': '#7f93b8', 'text-valign': 'bottom', 'font-size': 12, 'font-weight': 'bold' } },
  { selector: 'edge', style: { width: 1, 'line-color': '#b8c0cc', 'target-arrow-shape': 'triangle', 'target-arrow-color': '#b8c0cc', 'curve-style': 'haystack', 'arrow-scale': 0.6 } },
  { selector: '.faded', style: { opacity: 0.15 } },
  { selector: 'node.hit', style: { 'background-color': '#c0392b', width: 22, height: 22, 'font-size': 14, 'font-weight': 'bold', 'z-index': 10, 'text-background-color': paper, 'text-background-opacity': 1, 'text-background-padding': '2px' } },
  { selector: 'node.near', style: { 'background-color': '#e0a030' } },
  { selector: 'edge.near', style: { 'line-color': '#d9822b', width: 2, 'curve-style': 'straight', 'target-arrow-color': '#d9822b' } },
  ];
};

/** The options every large-view canvas is made with (the warm-up below uses the same). */
const canvasOptions = (elements: number): cytoscape.CytoscapeOptions => ({
  minZoom: 0.02,
  maxZoom: 4,
  wheelSensitivity: 0.3,
  textureOnViewport: elements > 3000,
  hideEdgesOnViewport: elements > 3000,
});

let warming: Promise<void> | undefined;

/**
 * Draws a small graph once, off screen, in the large view's own style and options, then throws it
 * away: the page compiles Cytoscape's code (style, bounds, labels, the canvas renderer) while the user
 * reads the diagram, not after the click on "Large view". The whole app's first open spent about 365 ms
 * of its main-thread time compiling (Chromium's "(program)", bench:lineage --only app --profile).
 * Once per page; marks `kalla:large-view-warmed` when the graph has been drawn.
 */
export function warmLargeGraph(theme: DiagramTheme = 'light'): Promise<void> {
  if (warming || typeof document === 'undefined') return warming ?? Promise.resolve();
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position:fixed;left:-4000px;top:0;width:480px;height:320px;visibility:hidden;pointer-events:none';
  document.body.appendChild(host);
  // A focus, two schemas with a box each, a table, 60 nodes in a tree, as the real view draws them.
  const names = Array.from({ length: 60 }, (_, i) => (i % 7 === 0 ? `warm_raw.t_${i}` : `warm.v_${i}`));
  const edges = names.slice(1).map((n, i): [string, string] => [names[i >> 1], n]);
  const groups = names.map((n) => n.slice(0, n.indexOf('.')));
  const at = layeredGrid(names, edges, { groups });
  const elements: ElementDefinition[] = [
    ...['warm', 'warm_raw'].map((g) => ({ group: 'nodes' as const, data: { id: `schema:${g}`, label: `${g} (30)`, count: 30, w: 300, h: 200 }, classes: 'schema', position: { x: 150, y: 100 }, grabbable: false })),
    ...names.map((n, i) => ({ group: 'nodes' as const, data: { id: n, label: n, kind: n.startsWith('warm_raw') ? 'table' : 'view', role: i === 0 ? 'focus' : 'node' }, position: at[i] })),
    ...edges.map(([a, b], i) => ({ group: 'edges' as const, data: { id: `e${i}`, source: a, target: b } })),
  ];
  warming = new Promise<void>((resolve) => {
    let instance: Core | undefined;
    const done = () => {
      clearTimeout(timer);
      instance?.destroy();
      host.remove();
      performance.mark('kalla:large-view-warmed');
      resolve();
    };
    // A page that never paints (hidden) still lets go of its canvas.
    const timer = setTimeout(done, 5_000);
    try {
      instance = cytoscape({ container: host, elements, style: styleFor(theme), layout: { name: 'preset', animate: false, fit: true, padding: 20 } as cytoscape.LayoutOptions, ...canvasOptions(elements.length) });
      instance.one('render', () => requestAnimationFrame(done));
    } catch {
      done(); // no canvas here (tests): nothing to warm
    }
  });
  return warming;
}

interface Props {
  graph: LineageGraph;
  onOpen(name: string): void;
}

interface Placed {
  names: string[];
  positions: Map<string, { x: number; y: number }>;
  engine: 'elk' | 'grid';
  ms: number;
}

/**
 * Positions for `names` from the layout worker (one per view, started when the view opens and kept):
 * the layered grid first (drawn at once), then ELK for a small one-schema graph, replacing the grid
 * when it answers within ELK_BUDGET_MS (else the worker is stopped and the grid stays). Where no
 * Worker can start, the grid is made here (still only O(nodes + edges)).
 */
function useWorkerLayout(names: string[] | null, edges: Array<[string, string]>, groups: string[]): Placed | undefined {
  const [placed, setPlaced] = useState<Placed>();
  const worker = useRef<Worker | null | undefined>(undefined); // null: none can start here
  const asked = useRef(0);
  const start = () => {
    worker.current = takeLayoutWorker();
    return worker.current;
  };
  useEffect(() => {
    if (worker.current === undefined) start();
    return () => {
      worker.current?.terminate();
      worker.current = undefined;
    };
  }, []);
  useEffect(() => {
    if (!names) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = performance.now();
    const done = (engine: 'elk' | 'grid', xs: ArrayLike<number>, ys: ArrayLike<number>) => {
      if (!live) return;
      const positions = new Map<string, { x: number; y: number }>();
      names.forEach((n, i) => positions.set(n, { x: xs[i] ?? 0, y: ys[i] ?? 0 }));
      performance.mark('kalla:large-graph-placed', { detail: { engine } });
      setPlaced({ names, positions, engine, ms: Math.round(performance.now() - started) });
    };
    const inPage = () => {
      const at = layeredGrid(names, edges, { groups });
      done('grid', at.map((p) => p.x), at.map((p) => p.y));
    };
    // The grid first, so the view is drawn and usable at once; then, for a graph ELK lays out well
    // (one schema, at most ELK_MAX_NODES nodes), ELK's layout replaces it if it answers within ELK_BUDGET_MS.
    const wantElk = names.length <= ELK_MAX_NODES && new Set(groups).size <= 1;
    const ask = (mode: LayoutRequest['mode']) => {
      const w = worker.current === undefined ? start() : worker.current;
      if (!w) {
        if (mode === 'grid') inPage();
        return;
      }
      const id = ++asked.current;
      w.onmessage = (e: MessageEvent<LayoutAnswer>) => {
        if (e.data.id !== id) return; // an answer for a graph no longer shown
        clearTimeout(timer);
        if (e.data.error) {
          if (mode === 'grid') inPage();
          return;
        }
        done(e.data.engine, e.data.xs, e.data.ys);
        if (mode === 'grid' && wantElk && live) ask('auto');
      };
      w.onerror = () => {
        clearTimeout(timer);
        w.terminate();
        worker.current = null;
        if (live && mode === 'grid') inPage();
      };
      w.postMessage({ id, names, edges, mode, groups } satisfies LayoutRequest);
      if (mode === 'auto') {
        timer = setTimeout(() => {
          // ELK took too long: stop it and keep the grid (a fresh worker serves the next graph).
          w.terminate();
          worker.current = undefined;
        }, ELK_BUDGET_MS);
      }
    };
    performance.mark('kalla:large-graph-layout-asked');
    ask('grid');
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [names, edges, groups]);
  return placed && placed.names === names ? placed : undefined;
}

/** Past this many elements the canvas gets them in chunks, one per frame, so the page keeps painting. */
const CHUNK = 1_500;

/** How many options of the node listbox are in the DOM at once (the list of 10,000 is windowed). */
const LIST_WINDOW = 40;

export function LargeGraph({ graph, onOpen }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | undefined>(undefined);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string>();
  const [notFound, setNotFound] = useState<string>();
  const [ready, setReady] = useState<{ ms: number; of: unknown }>();
  const [epoch, setEpoch] = useState(0);
  const drawn = useMemo(() => drawnPart(graph), [graph]);
  const theme = useDiagramTheme();
  // Nodes in list order: a neighbourhood nearest first (as the engine lists them), a whole graph by schema and name.
  const ordered = useMemo(
    () => (graph.focus === null ? [...drawn.nodes].sort((a, b) => nodeSchema(a).localeCompare(nodeSchema(b)) || a.name.localeCompare(b.name)) : drawn.nodes),
    [drawn, graph.focus],
  );
  const names = useMemo(() => ordered.map((n) => n.name), [ordered]);
  const groups = useMemo(() => ordered.map(nodeSchema), [ordered]);
  // Laid out once for all nodes: collapsing a schema only swaps its nodes for one node at their centre.
  const placed = useWorkerLayout(names, drawn.edges, groups);
  const view = useMemo(() => schemaView({ nodes: ordered, edges: drawn.edges }, collapsed), [ordered, drawn.edges, collapsed]);
  const schemaOfName = useMemo(() => new Map(ordered.map((n) => [n.name, nodeSchema(n)])), [ordered]);
  const toggleSchema = (schema: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(schema)) next.add(schema);
      return next;
    });
  const allCollapsed = view.boxes.length > 0 && view.boxes.every((b) => b.collapsed);

  useEffect(() => {
    if (!box.current) return;
    if (!placed) return; // the worker is still laying out
    const started = performance.now();
    const at = placed.positions;
    // Each schema's extent, from the worker's positions: a box around its nodes, or, collapsed, one node at their centre.
    const extent = new Map<string, { left: number; right: number; top: number; bottom: number; x: number; y: number; n: number }>();
    for (const [name, p] of at) {
      const schema = schemaOfName.get(name) ?? '';
      const e = extent.get(schema);
      if (!e) extent.set(schema, { left: p.x, right: p.x, top: p.y, bottom: p.y, x: p.x, y: p.y, n: 1 });
      else {
        e.left = Math.min(e.left, p.x);
        e.right = Math.max(e.right, p.x);
        e.top = Math.min(e.top, p.y);
        e.bottom = Math.max(e.bottom, p.y);
        e.x += p.x;
        e.y += p.y;
        e.n++;
      }
    }
    const PAD = 18;
    const elements: ElementDefinition[] = [
      ...view.boxes.map((b) => {
        const e = extent.get(b.schema) ?? { left: 0, right: 0, top: 0, bottom: 0, x: 0, y: 0, n: 1 };
        return b.collapsed
          ? { group: 'nodes' as const, data: { id: b.id, label: b.label, count: b.count }, classes: 'schema-collapsed', position: { x: e.x / e.n, y: e.y / e.n } }
          : {
              group: 'nodes' as const,
              data: { id: b.id, label: b.label, count: b.count, w: e.right - e.left + 2 * PAD, h: e.bottom - e.top + 2 * PAD },
              classes: 'schema',
              position: { x: (e.left + e.right) / 2, y: (e.top + e.bottom) / 2 },
              grabbable: false,
            };
      }),
      ...view.nodes.map((n) => ({ group: 'nodes' as const, data: { id: n.name, label: n.name, kind: n.kind, role: n.role ?? 'node' }, position: at.get(n.name) })),
      ...view.edges.map(([a, b], i) => ({ group: 'edges' as const, data: { id: `e${i}`, source: a, target: b } })),
    ];
    // Laid out in the worker: the page only places the nodes where it said.
    const layout = { name: 'preset', animate: false, fit: true, padding: 20 } as cytoscape.LayoutOptions;
    const chunked = elements.length > CHUNK;
    const instance = cytoscape({
      container: box.current,
      elements: chunked ? [] : elements,
      style: styleFor(theme),
      layout,
      ...canvasOptions(elements.length),
    });
    cy.current = instance;
    const boxSchema = new Map(view.boxes.map((b) => [b.id, b.schema]));
    instance.on('tap', 'node', (e) => {
      const id = e.target.id() as string;
      if (!boxSchema.has(id)) setSelected(id);
    });
    instance.on('dbltap', 'node', (e) => {
      const id = e.target.id() as string;
      const schema = boxSchema.get(id);
      if (schema !== undefined) toggleSchema(schema);
      else onOpen(id);
    });
    const of = view;
    const finished = () => {
      performance.mark('kalla:large-graph-drawn');
      setReady({ ms: Math.round(performance.now() - started), of });
      setEpoch((n) => n + 1);
    };
    let stopped = false;
    let frame: number | undefined;
    if (chunked) {
      // Nodes first, then edges, a chunk per frame: 30,000 elements never hold the page for seconds at once.
      let k = 0;
      const step = () => {
        if (stopped) return;
        instance.batch(() => {
          instance.add(elements.slice(k, k + CHUNK));
        });
        k += CHUNK;
        if (k < elements.length) {
          frame = requestAnimationFrame(() => setTimeout(step, 0));
        } else {
          instance.fit(undefined, 20);
          finished();
        }
      };
      frame = requestAnimationFrame(() => setTimeout(step, 0));
    } else {
      instance.ready(finished);
    }
    return () => {
      stopped = true;
      if (frame !== undefined) cancelAnimationFrame(frame);
      instance.destroy();
      cy.current = undefined;
    };
  }, [view, placed, schemaOfName, onOpen, theme]);

  // A node in a collapsed schema that gets selected (list, search) opens its box.
  useEffect(() => {
    const s = selected === undefined ? undefined : schemaOfName.get(selected);
    if (s !== undefined && collapsed.has(s)) toggleSchema(s);
    // Only when the selection changes (toggleSchema only calls setCollapsed).
  }, [selected]);

  // Focus: centre the node and highlight it with its neighbours; everything else fades.
  useEffect(() => {
    const c = cy.current;
    if (!c) return;
    c.elements().removeClass('faded hit near');
    if (!selected) return;
    const n = c.getElementById(selected);
    if (n.empty()) return;
    const hood = n.closedNeighborhood();
    c.elements().not(hood).addClass('faded');
    hood.addClass('near');
    n.removeClass('near').addClass('hit');
    c.animate({ center: { eles: n }, zoom: Math.max(c.zoom(), 1) }, { duration: 200 });
  }, [selected, epoch]);

  const find = () => {
    const q = query.trim().toLowerCase();
    if (!q) return;
    const names = drawn.nodes.map((n) => n.name);
    const hit = names.find((n) => n.toLowerCase() === q) ?? names.find((n) => n.toLowerCase().endsWith(`.${q}`)) ?? names.find((n) => n.toLowerCase().includes(q));
    setNotFound(hit ? undefined : query.trim());
    if (hit) setSelected(hit);
  };

  const shown = drawn.nodes.length;
  const readyMs = ready && ready.of === view && placed ? ready.ms : undefined;
  const active = selected === undefined ? -1 : names.indexOf(selected);
  const moveTo = (k: number) => {
    if (names.length === 0) return;
    setSelected(names[Math.max(0, Math.min(names.length - 1, k))]);
  };
  const onListKey = (e: React.KeyboardEvent) => {
    const page = 10;
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (e.key in step) moveTo((active < 0 ? (step[e.key] > 0 ? -1 : names.length) : active) + step[e.key]);
    else if (e.key === 'Home') moveTo(0);
    else if (e.key === 'End') moveTo(names.length - 1);
    else if (e.key === 'Enter' && selected) onOpen(selected);
    else return;
    e.preventDefault();
  };
  const from = Math.max(0, Math.min(names.length - LIST_WINDOW, (active < 0 ? 0 : active) - LIST_WINDOW / 2));
  const windowed = ordered.slice(from, from + LIST_WINDOW);
  const optionId = (k: number) => `large-graph-node-${k}`;
  return (
    <div className="large-graph">
      <div className="lineage-subbar large-graph-bar">
        <form
          className="search"
          role="search"
          aria-label="Find in the large view"
          onSubmit={(e) => {
            e.preventDefault();
            find();
          }}
        >
          <label htmlFor="large-graph-search" className="sr-only">
            Find a node in the large view
          </label>
          <input id="large-graph-search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Find a node in this view" />
          <button type="submit">Find</button>
        </form>
        <label className="inline small">
          <input type="checkbox" checked={allCollapsed} onChange={(e) => setCollapsed(e.target.checked ? new Set(view.boxes.map((b) => b.schema)) : new Set())} /> Collapse by schema
        </label>
        <button onClick={() => cy.current?.fit(undefined, 20)}>Fit</button>
        <span className="muted small" data-testid="large-graph-count" aria-live="polite">
          {formatNumber(shown)} nodes, {formatNumber(drawn.edges.length)} edges shown · {leftOutText(drawn)}
          {` · ${formatNumber(view.boxes.length)} ${view.boxes.length === 1 ? 'schema' : 'schemas'}${collapsed.size ? ` (${formatNumber(view.boxes.filter((b) => b.collapsed).length)} collapsed)` : ''}`}
          {!placed ? ` · laying out ${formatNumber(shown)} nodes…` : ''}
          {placed ? ` · laid out by ${placed.engine === 'elk' ? 'ELK' : 'the layered grid'} off the page in ${formatNumber(placed.ms)} ms` : ''}
          {readyMs !== undefined ? ` · drawn in ${formatNumber(readyMs)} ms` : ''}
        </span>
      </div>
      {notFound && (
        <p className="field-error small" role="alert">
          No node named “{notFound}” in this view.
        </p>
      )}
      {view.boxes.length > 1 && (
        <details className="large-graph-schemas small">
          <summary>Schemas ({formatNumber(view.boxes.length)}): collapse or expand a box</summary>
          <div role="group" aria-label="Schema boxes">
            {view.boxes.map((b) => (
              <button key={b.id} aria-pressed={b.collapsed} onClick={() => toggleSchema(b.schema)} title={b.collapsed ? 'Expand this schema' : 'Collapse this schema'}>
                {b.collapsed ? '▸' : '▾'} {b.label}
              </button>
            ))}
          </div>
        </details>
      )}
      {selected && !collapsed.has(schemaOfName.get(selected) ?? '\u0000') && (
        <p className="muted small large-graph-selected" data-testid="large-graph-selected">
          Selected: <strong>{selected}</strong> ({neighbours(cy.current?.getElementById(selected).neighborhood('node').length ?? 0)} highlighted)
          <button className="link-button" onClick={() => onOpen(selected)}>
            Focus here
          </button>
          <button className="link-button" onClick={() => setSelected(undefined)}>
            Clear
          </button>
        </p>
      )}
      <div className="large-graph-body">
        <div
          className="large-graph-list"
          role="listbox"
          tabIndex={0}
          aria-label={`Nodes drawn in the large view (${formatNumber(names.length)}); arrow keys select, Enter focuses the workspace there`}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          onKeyDown={onListKey}
        >
          {windowed.map((n, k) => (
            <div
              key={n.name}
              id={optionId(from + k)}
              role="option"
              aria-selected={from + k === active}
              aria-setsize={names.length}
              aria-posinset={from + k + 1}
              className={from + k === active ? 'large-graph-option selected' : 'large-graph-option'}
              tabIndex={-1}
              onClick={() => setSelected(n.name)}
              onKeyDown={onListKey}
              onDoubleClick={() => onOpen(n.name)}
            >
              {n.name}
              {n.kind === 'table' ? <span className="muted small"> (table)</span> : null}
            </div>
          ))}
        </div>
        <div ref={box} className="large-graph-canvas" role="img" aria-label={graph.focus ? `Large view of the lineage of ${graph.focus}` : 'Large view of the whole graph'} data-ready={readyMs === undefined ? 'false' : 'true'}
          data-theme={theme} />
      </div>
    </div>
  );
}
