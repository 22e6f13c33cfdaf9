/** The Lineage workspace's pure diagram logic (mermaid itself renders in Chromium, in the e2e). */
import { describe, expect, it } from 'vitest';
import { decodeLabel, exportBaseName, fitViewport, nodeIdFromSvgId, parseDiagram, standaloneSvg, zoomAt } from '../../src/renderer/src/features/lineage/diagram-model';

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
