/**
 * Issue 17: the diagram's colour tokens meet WCAG AA in both themes. Each pair is computed with the
 * WCAG 2 relative-luminance formula: label text on its node fill ≥ 4.5:1 (1.4.3), node borders and the
 * unparsed border against the backgrounds diagrams are drawn on ≥ 3:1 (1.4.11, non-text contrast).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classDefs, DIAGRAM_TOKENS, themedSource, type DiagramTheme } from '../../src/renderer/src/features/lineage/diagram-theme';
import { describeNode, parseDiagram } from '../../src/renderer/src/features/lineage/diagram-model';

function luminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = m.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const THEMES: DiagramTheme[] = ['light', 'dark'];
const round = (x: number) => Math.round(x * 100) / 100;

describe('contrast maths', () => {
  it('matches known WCAG ratios', () => {
    expect(round(contrast('#000000', '#ffffff'))).toBe(21);
    expect(round(contrast('#777777', '#ffffff'))).toBe(4.48);
    expect(round(contrast('#1d56c4', '#ffffff'))).toBeGreaterThanOrEqual(4.5);
  });
});

describe.each(THEMES)('%s diagram tokens', (theme) => {
  const t = DIAGRAM_TOKENS[theme];
  const roles = Object.entries(t.nodes);

  it.each(roles)('%s: label text on its fill ≥ 4.5:1', (_role, c) => {
    expect(round(contrast(c.text, c.fill))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(roles)('%s: border on the canvas and on panels ≥ 3:1', (_role, c) => {
    expect(round(contrast(c.stroke, t.canvas))).toBeGreaterThanOrEqual(3);
    expect(round(contrast(c.stroke, t.panel))).toBeGreaterThanOrEqual(3);
  });

  it('the unparsed border on the canvas and on panels ≥ 3:1', () => {
    expect(round(contrast(t.unparsed, t.canvas))).toBeGreaterThanOrEqual(3);
    expect(round(contrast(t.unparsed, t.panel))).toBeGreaterThanOrEqual(3);
  });

  it('the canvas colours are the app tokens the diagram is drawn on (styles.css --bg, --panel)', () => {
    const css = readFileSync(join(import.meta.dirname, '../../src/renderer/src/styles.css'), 'utf8');
    const token = (name: string) => new RegExp(`--${name}:\\s*light-dark\\((#[0-9a-f]{6}),\\s*(#[0-9a-f]{6})\\)`, 'i').exec(css)!.slice(1);
    const side = theme === 'light' ? 0 : 1;
    expect(t.canvas.toLowerCase()).toBe(token('bg')[side].toLowerCase());
    expect(t.panel.toLowerCase()).toBe(token('panel')[side].toLowerCase());
  });

  it('every classDef carries the text colour with its fill', () => {
    for (const [name, line] of Object.entries(classDefs(theme))) {
      if (name === 'unparsed') expect(line).toBe(`classDef unparsed stroke:${t.unparsed},stroke-width:2px,stroke-dasharray:4 3`);
      else expect(line).toMatch(/^classDef \w+ fill:#[0-9a-f]{6},stroke:#[0-9a-f]{6},color:#[0-9a-f]{6}/);
    }
  });
});

const ENGINE = `graph TB
    n_raw__orders[("raw.orders")]
    n_fact_orders["fact_orders"]
    n_raw__orders --> n_fact_orders
    classDef table fill:#eef2f7,stroke:#5b6b82
    classDef focus fill:#ffd54f,stroke:#b28704,stroke-width:3px
    classDef upstream fill:#d7ecff,stroke:#1f6fb2
    classDef downstream fill:#dff5e1,stroke:#2e7d32
    classDef unparsed stroke:#c62828,stroke-dasharray:4 3
    class n_raw__orders table
    class n_raw__orders upstream
    class n_fact_orders focus
    class n_fact_orders unparsed
`;

describe('themed source', () => {
  it('replaces the engine classDefs in place and adds a default', () => {
    const dark = themedSource(ENGINE, 'dark').split('\n');
    const defs = classDefs('dark');
    expect(dark[0]).toBe('graph TB');
    expect(dark[1]).toBe(`    ${defs.default}`);
    expect(dark.filter((l) => l.includes('classDef'))).toEqual([`    ${defs.default}`, ...(['table', 'focus', 'upstream', 'downstream', 'unparsed'] as const).map((c) => `    ${defs[c]}`)]);
    // Nodes, edges and class lines (whose order decides which colour wins) are untouched.
    expect(dark.filter((l) => !l.includes('classDef'))).toEqual(ENGINE.split('\n').filter((l) => !l.includes('classDef')));
    expect(parseDiagram(themedSource(ENGINE, 'light'))).toEqual(parseDiagram(ENGINE));
  });

  it('leaves other diagram types alone', () => {
    const seq = 'sequenceDiagram\n    A->>B: hi\n';
    expect(themedSource(seq, 'dark')).toBe(seq);
  });

  it('names each node’s kind and role in words, not only in colour', () => {
    const [table, view] = parseDiagram(ENGINE);
    expect(describeNode(table.kind, table.classes)).toBe('table, upstream');
    expect(describeNode(view.kind, view.classes)).toBe('view, the focus, could not be parsed');
    expect(describeNode('view', [])).toBe('view');
  });
});
