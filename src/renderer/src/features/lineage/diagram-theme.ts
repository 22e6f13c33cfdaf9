/**
 * Colour tokens of the lineage diagram, one set per theme (issue 17: in dark mode Mermaid's light label
 * text sat on the engine's pastel fills). Every node's label text reaches WCAG AA (4.5:1) on its fill,
 * and every border reaches 3:1 (non-text contrast) on the canvas it is drawn on, in both themes —
 * `tests/lineage/diagram-theme.test.ts` computes each pair and fails below. The engine's own
 * `classDef` lines (light pastels, no text colour) are replaced by these before Mermaid draws, so the
 * screen, the SVG/PNG exports and the legend use the same colours.
 */

export type DiagramTheme = 'light' | 'dark';
/** What a node's fill says: the focus, its upstream / downstream, or neither (a view or a table). */
export type NodeRole = 'focus' | 'upstream' | 'downstream' | 'view' | 'table';

export interface NodeColours {
  fill: string;
  stroke: string;
  /** Label text, drawn on `fill`. */
  text: string;
}

export interface DiagramTokens {
  /** The backgrounds diagrams are drawn on: `--bg` (the diagram panel, conversation diagrams) and `--panel` (Assistant), as in styles.css. */
  canvas: string;
  panel: string;
  nodes: Record<NodeRole, NodeColours>;
  /** Border of a view that could not be parsed (dashed, drawn over its role's fill). */
  unparsed: string;
}

export const DIAGRAM_TOKENS: Record<DiagramTheme, DiagramTokens> = {
  light: {
    canvas: '#f6f7f9',
    panel: '#ffffff',
    nodes: {
      focus: { fill: '#ffd54f', stroke: '#8a6100', text: '#1b1f24' },
      upstream: { fill: '#d7ecff', stroke: '#1f6fb2', text: '#0b2a4a' },
      downstream: { fill: '#dff5e1', stroke: '#2e7d32', text: '#0f3a14' },
      view: { fill: '#eef0fb', stroke: '#5a62b8', text: '#1b1f24' },
      table: { fill: '#eef2f7', stroke: '#5b6b82', text: '#1b1f24' },
    },
    unparsed: '#c62828',
  },
  dark: {
    canvas: '#14161a',
    panel: '#1c1f24',
    nodes: {
      // The one bright node: the focus stays the first thing seen on a dark canvas, with dark text.
      focus: { fill: '#ffd54f', stroke: '#ffe9a8', text: '#14161a' },
      upstream: { fill: '#143a5c', stroke: '#6cb4f0', text: '#dcecff' },
      downstream: { fill: '#173f1d', stroke: '#6fcf76', text: '#dcf5de' },
      view: { fill: '#2b3040', stroke: '#9aa6ff', text: '#e6e8eb' },
      table: { fill: '#262c36', stroke: '#8fa0b8', text: '#e6e8eb' },
    },
    unparsed: '#ff6b75',
  },
};

/** Settings → Appearance pins the theme on <html data-theme>; "system" leaves it to the OS. */
export function currentDiagramTheme(): DiagramTheme {
  const pinned = typeof document !== 'undefined' ? document.documentElement.dataset.theme : undefined;
  if (pinned === 'dark' || pinned === 'light') return pinned;
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

const classDef = (name: string, c: NodeColours, extra = '') => `classDef ${name} fill:${c.fill},stroke:${c.stroke},color:${c.text}${extra}`;

/** The classDef lines of a theme: `default` (any node without a role class) first, then the engine's class names. */
export function classDefs(theme: DiagramTheme): Record<'default' | 'table' | 'focus' | 'upstream' | 'downstream' | 'unparsed', string> {
  const t = DIAGRAM_TOKENS[theme];
  return {
    default: classDef('default', t.nodes.view),
    table: classDef('table', t.nodes.table),
    focus: classDef('focus', t.nodes.focus, ',stroke-width:3px'),
    upstream: classDef('upstream', t.nodes.upstream),
    downstream: classDef('downstream', t.nodes.downstream),
    unparsed: `classDef unparsed stroke:${t.unparsed},stroke-width:2px,stroke-dasharray:4 3`,
  };
}

/**
 * A flowchart's source with the theme's colours: the engine's classDef lines replaced in place (the
 * order of `class` lines, which decides what wins, is untouched) and a `classDef default` after the
 * header. Anything that is not a flowchart (an Assistant answer may hold another diagram type) is
 * returned as it is.
 */
export function themedSource(source: string, theme: DiagramTheme): string {
  const lines = source.split('\n');
  const header = lines.findIndex((l) => l.trim() !== '');
  if (header < 0 || !/^\s*(graph|flowchart)\b/.test(lines[header])) return source;
  const defs = classDefs(theme);
  const out = lines.map((line) => {
    const m = /^(\s*)classDef\s+(table|focus|upstream|downstream|unparsed)\s/.exec(line);
    return m ? m[1] + defs[m[2] as keyof typeof defs] : line;
  });
  out.splice(header + 1, 0, `    ${defs.default}`);
  return out.join('\n');
}
