/** The Lineage workspace's pure diagram logic (mermaid itself renders in Chromium, in the e2e). */
import { describe, expect, it } from 'vitest';
import {
  chooseDirection,
  decodeLabel,
  estimateSize,
  exportBaseName,
  fitViewport,
  nodeIdFromSvgId,
  parseDiagram,
  parseEdges,
  standaloneSvg,
  withDirection,
  zoomAt,
} from '../../src/renderer/src/features/lineage/diagram-model';

const SOURCE = `graph TB
    n_raw__orders[("raw.orders")]
    n_fact_orders["fact_orders"]
    n_mart__Big_Spenders_3a9f1c["mart.#quot;Big Spenders#quot;"]
    n_raw__orders --> n_fact_orders
    classDef table fill:#eef2f7,stroke:#5b6b82
    class n_raw__orders table
    class n_fact_orders,n_mart__Big_Spenders_3a9f1c downstream
    class n_raw__orders focus
`;

describe('diagram model', () => {
  it('reads nodes, kinds and classes back from the engine source', () => {
    expect(parseDiagram(SOURCE)).toEqual([
      { id: 'n_raw__orders', name: 'raw.orders', kind: 'table', classes: ['table', 'focus'] },
      { id: 'n_fact_orders', name: 'fact_orders', kind: 'view', classes: ['downstream'] },
      { id: 'n_mart__Big_Spenders_3a9f1c', name: 'mart."Big Spenders"', kind: 'view', classes: ['downstream'] },
    ]);
  });
  it('decodes the engine label escapes', () => {
    expect(decodeLabel('a#35;b #lt;x#gt; #96;q#96; #quot;')).toBe('a#b <x> `q` "');
  });
  it('maps rendered SVG ids to node ids', () => {
    expect(nodeIdFromSvgId('lineage-mermaid-1-flowchart-n_customer_orders-2')).toBe('n_customer_orders');
    expect(nodeIdFromSvgId('flowchart-n_raw__orders-12')).toBe('n_raw__orders');
    expect(nodeIdFromSvgId('something-else')).toBeUndefined();
  });
  it('zooms around a fixed point and fits content', () => {
    const v = zoomAt({ x: 0, y: 0, scale: 1 }, 2, 100, 50);
    expect(v).toEqual({ scale: 2, x: -100, y: -50 });
    // The point under the cursor stays put: (100 - x) / scale is the same content coordinate.
    expect((100 - v.x) / v.scale).toBe(100);
    expect(zoomAt({ x: 0, y: 0, scale: 1 }, 1000, 0, 0).scale).toBe(8);
    expect(fitViewport(1000, 500, 532, 532, 16)).toEqual({ scale: 0.5, x: 16, y: 141 });
    expect(fitViewport(100, 100, 1000, 1000).scale).toBe(1.5);
  });
  it('makes a standalone SVG with one width and height from the viewBox', () => {
    const out = standaloneSvg('<svg width="100%" height="162" id="m" viewBox="0 0 248.625 162" style="max-width: 248px;"><g class="node"/></svg>');
    expect(out.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg width="249" height="162" xmlns="http://www.w3.org/2000/svg" id="m"')).toBe(true);
    expect(out.match(/\sheight="/g)).toHaveLength(1);
  });
  it('names export files', () => {
    expect(exportBaseName('kalla_ecommerce', 'fact_orders')).toBe('lineage-kalla_ecommerce-fact_orders');
    expect(exportBaseName('file:///home/me/views', undefined)).toBe('lineage-home_me_views-all');
  });
});

/** An engine-style diagram: `nodes` as [id, name, table?], `edges` as [from, to]. */
function diagramSource(nodes: Array<[string, string, boolean?]>, edges: Array<[string, string]>, header = 'graph TB'): string {
  return [header, ...nodes.map(([id, name, table]) => (table ? `    ${id}[("${name}")]` : `    ${id}["${name}"]`)), ...edges.map(([a, b]) => `    ${a} --> ${b}`), '    class n_0 focus', ''].join('\n');
}

describe('first view and direction (issue 17)', () => {
  it('reads edges and sets the header direction', () => {
    const src = diagramSource([['n_0', 'a'], ['n_1', 'b']], [['n_0', 'n_1']]);
    expect(parseEdges(src)).toEqual([['n_0', 'n_1']]);
    expect(withDirection(src, 'LR').split('\n')[0]).toBe('graph LR');
    expect(withDirection('flowchart TD\n  a --> b', 'LR')).toBe('flowchart LR\n  a --> b');
    expect(withDirection(src, 'LR').split('\n').slice(1)).toEqual(src.split('\n').slice(1));
  });

  it('a wide fan-out is drawn left to right', () => {
    // One staging view read by 20 marts (the analytics sample's high-impact entry point).
    const marts = Array.from({ length: 20 }, (_, i) => [`n_m${i}`, `marts.dim_product_engagement_${i}`] as [string, string]);
    const src = diagramSource([['n_t', 'raw_sales.customers', true], ['n_0', 'staging.stg_sales__customers'], ...marts], [['n_t', 'n_0'], ...marts.map(([id]) => ['n_0', id] as [string, string])]);
    const size = estimateSize(src);
    expect(size.TB.w).toBeGreaterThan(size.TB.h * 10);
    expect(size.LR.h).toBeGreaterThan(size.LR.w);
    expect(chooseDirection(src, 510, 600)).toBe('LR');
    expect(chooseDirection(src, 1100, 700)).toBe('LR');
  });

  it('chains, small diagrams and a layered graph in a narrow panel stay top to bottom', () => {
    const chain = Array.from({ length: 6 }, (_, i) => [`n_${i}`, `view_${i}`] as [string, string]);
    expect(chooseDirection(diagramSource(chain, chain.slice(1).map(([id], i) => [chain[i][0], id])), 510, 600)).toBe('TB');
    expect(chooseDirection(diagramSource([['n_0', 'top_customers'], ['n_1', 'customer_lifetime_value']], [['n_1', 'n_0']]), 510, 600)).toBe('TB');
    expect(chooseDirection(diagramSource([['n_0', 'only']], []), 510, 600)).toBe('TB');
    expect(chooseDirection('graph TB\n', 510, 600)).toBe('TB');
  });

  it('survives a cycle', () => {
    const src = diagramSource([['n_0', 'a'], ['n_1', 'b'], ['n_2', 'c']], [['n_0', 'n_1'], ['n_1', 'n_2'], ['n_2', 'n_1']]);
    expect(estimateSize(src).TB.h).toBeGreaterThan(0);
    expect(['TB', 'LR']).toContain(chooseDirection(src, 500, 500));
  });
});
