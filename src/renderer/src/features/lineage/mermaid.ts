/**
 * Mermaid in the renderer, loaded on first use (a separate chunk, same
 * origin). `securityLevel: 'strict'` and SVG text labels (no foreignObject),
 * so the output passes the CSP, sanitises labels and exports to PNG cleanly.
 */
import type { Mermaid } from 'mermaid';
import { mermaidLabels, restoreLabels } from './diagram-model';
import { currentDiagramTheme, themedSource, type DiagramTheme } from './diagram-theme';

let loaded: Promise<Mermaid> | undefined;
let themeInUse: string | undefined;
let seq = 0;

async function instance(diagramTheme: DiagramTheme): Promise<Mermaid> {
  loaded ??= import('mermaid').then((m) => m.default);
  const mermaid = await loaded;
  const theme = diagramTheme === 'dark' ? 'dark' : 'default';
  if (theme !== themeInUse) {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme,
      htmlLabels: false,
      maxTextSize: 500_000,
      maxEdges: 5000,
      // View names have no spaces to wrap at; a wider box beats a name broken mid-word.
      flowchart: { htmlLabels: false, useMaxWidth: false, curve: 'basis', wrappingWidth: 420 },
    });
    themeInUse = theme;
  }
  return mermaid;
}

/**
 * Renders Mermaid source to SVG markup in the app's theme (Settings → Appearance, else the OS) unless
 * one is given; throws mermaid's own parse error text.
 */
export async function renderMermaid(source: string, theme: DiagramTheme = currentDiagramTheme()): Promise<string> {
  const mermaid = await instance(theme);
  seq += 1;
  // Node colours from the theme's tokens (diagram-theme.ts); labels go through placeholders so quotes
  // and other escaped characters show exactly once (issue 17).
  const { svg } = await mermaid.render(`lineage-mermaid-${seq}`, mermaidLabels(themedSource(source, theme)));
  return restoreLabels(svg);
}
