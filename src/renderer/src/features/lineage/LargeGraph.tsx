/**
 * The large-graph view (issue 26): Cytoscape.js on a canvas for neighbourhoods past what Mermaid
 * draws well and for the whole graph. Zoom and pan are Cytoscape's own; a search box finds and
 * focuses a node (centred, its neighbours highlighted); "Collapse by schema" draws one node per
 * schema. What is left out is always counted. Mermaid stays for small diagrams and export.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import cytoscape, { type Core, type ElementDefinition } from 'cytoscape';
import type { LineageGraph } from '../../../../shared/lineage';
import { schemaOf } from '../../../../shared/lineage-graph';
import { collapseBySchema, distancesFrom, drawnPart, gridBySchema } from './large-graph-model';
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
  { selector: 'node.schema', style: { shape: 'round-rectangle', width: 'mapData(count, 1, 2000, 24, 80)', height: 24, 'background-color': '#9bb0d6', 'font-size': 12 } },
  { selector: 'edge', style: { width: 1, 'line-color': '#b8c0cc', 'target-arrow-shape': 'triangle', 'target-arrow-color': '#b8c0cc', 'curve-style': 'haystack', 'arrow-scale': 0.6 } },
  { selector: '.faded', style: { opacity: 0.15 } },
  { selector: 'node.hit', style: { 'background-color': '#c0392b', width: 22, height: 22, 'font-size': 14, 'font-weight': 'bold', 'z-index': 10, 'text-background-color': paper, 'text-background-opacity': 1, 'text-background-padding': '2px' } },
  { selector: 'node.near', style: { 'background-color': '#e0a030' } },
  { selector: 'edge.near', style: { 'line-color': '#d9822b', width: 2, 'curve-style': 'straight', 'target-arrow-color': '#d9822b' } },
  ];
};

interface Props {
  graph: LineageGraph;
  onOpen(name: string): void;
}

export function LargeGraph({ graph, onOpen }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | undefined>(undefined);
  const [collapsed, setCollapsed] = useState(false);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string>();
  const [notFound, setNotFound] = useState<string>();
  const [readyMs, setReadyMs] = useState<number>();
  const [epoch, setEpoch] = useState(0);
  const drawn = useMemo(() => drawnPart(graph), [graph]);
  const theme = useDiagramTheme();

  useEffect(() => {
    if (!box.current) return;
    const started = performance.now();
    let elements: ElementDefinition[];
    let layout: cytoscape.LayoutOptions;
    if (collapsed) {
      const c = collapseBySchema(drawn);
      elements = [
        ...c.nodes.map((n) => ({ group: 'nodes' as const, data: { id: `s:${n.id}`, label: n.label, count: n.count }, classes: 'schema' })),
        ...c.edges.map(([a, b], i) => ({ group: 'edges' as const, data: { id: `se${i}`, source: `s:${a}`, target: `s:${b}` } })),
      ];
      layout = { name: 'breadthfirst', directed: true, spacingFactor: 1.2, animate: false };
    } else {
      // Nodes sorted by schema, so a grid of a whole graph keeps each schema together.
      const nodes = [...drawn.nodes].sort((a, b) => schemaOf(a.name).localeCompare(schemaOf(b.name)));
      elements = [
        ...nodes.map((n) => ({ group: 'nodes' as const, data: { id: n.name, label: n.name, kind: n.kind, role: n.role ?? 'node' } })),
        ...drawn.edges.map(([a, b], i) => ({ group: 'edges' as const, data: { id: `e${i}`, source: a, target: b } })),
      ];
      // A neighbourhood: rings around the focus by distance (a fan-out of hundreds stays a ring, not
      // one long row). A whole graph: breadthfirst up to 2,000 nodes, past that a grid by schema (cheap).
      const focusId = graph.focus ?? undefined;
      if (focusId !== undefined && nodes.some((n) => n.name === focusId)) {
        const distance = distancesFrom(focusId, drawn.edges);
        const far = Math.max(0, ...distance.values()) + 1;
        layout = { name: 'concentric', animate: false, minNodeSpacing: 4, concentric: (n: cytoscape.NodeSingular) => far - (distance.get(n.id()) ?? far), levelWidth: () => 1 } as cytoscape.LayoutOptions;
      } else {
        const at = nodes.length <= 2000 ? undefined : gridBySchema(nodes.map((n) => n.name));
        layout = at ? { name: 'preset', positions: (n: cytoscape.NodeSingular) => at.get(n.id()) ?? { x: 0, y: 0 }, animate: false } as cytoscape.LayoutOptions : { name: 'breadthfirst', directed: true, spacingFactor: 0.9, animate: false };
      }
    }
    const instance = cytoscape({
      container: box.current,
      elements,
      style: styleFor(theme),
      layout,
      minZoom: 0.02,
      maxZoom: 4,
      wheelSensitivity: 0.3,
      textureOnViewport: elements.length > 3000,
      hideEdgesOnViewport: elements.length > 3000,
    });
    cy.current = instance;
    instance.on('tap', 'node', (e) => {
      const id = e.target.id() as string;
      if (!id.startsWith('s:')) setSelected(id);
    });
    instance.on('dbltap', 'node', (e) => {
      const id = e.target.id() as string;
      if (!id.startsWith('s:')) onOpen(id);
    });
    instance.ready(() => {
      setReadyMs(Math.round(performance.now() - started));
      setEpoch((n) => n + 1);
    });
    return () => {
      instance.destroy();
      cy.current = undefined;
    };
  }, [drawn, collapsed, graph.focus, onOpen, theme]);

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
    if (hit) {
      setCollapsed(false);
      setSelected(hit);
    }
  };

  const shown = drawn.nodes.length;
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
          <input type="checkbox" checked={collapsed} onChange={(e) => setCollapsed(e.target.checked)} /> Collapse by schema
        </label>
        <button onClick={() => cy.current?.fit(undefined, 20)}>Fit</button>
        <span className="muted small" data-testid="large-graph-count" aria-live="polite">
          {formatNumber(shown)} nodes, {formatNumber(drawn.edges.length)} edges shown
          {drawn.leftOut > 0 || drawn.more ? ` · ${drawn.more ? 'more than ' : ''}${formatNumber(drawn.leftOut)} farthest nodes left out` : ' · nothing left out'}
          {readyMs !== undefined ? ` · laid out in ${formatNumber(readyMs)} ms` : ''}
        </span>
      </div>
      {notFound && (
        <p className="field-error small" role="alert">
          No node named “{notFound}” in this view.
        </p>
      )}
      {selected && !collapsed && (
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
      <div ref={box} className="large-graph-canvas" role="img" aria-label={graph.focus ? `Large view of the lineage of ${graph.focus}` : 'Large view of the whole graph'} data-ready={readyMs === undefined ? 'false' : 'true'}
        data-theme={theme} />
    </div>
  );
}
