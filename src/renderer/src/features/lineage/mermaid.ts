/**
 * Mermaid in the renderer, loaded on first use (a separate chunk, same
 * origin). `securityLevel: 'strict'` and SVG text labels (no foreignObject),
 * so the output passes the CSP, sanitises labels and exports to PNG cleanly.
 */
import type { Mermaid } from 'mermaid';
import { mermaidLabels, restoreLabels } from './diagram-model';

let loaded: Promise<Mermaid> | undefined;
let themeInUse: string | undefined;
let seq = 0;

/** The app's theme: Settings → Appearance pins it on <html data-theme>, else the OS decides. */
const prefersDark = () => {
  const pinned = typeof document !== 'undefined' ? document.documentElement.dataset.theme : undefined;
  if (pinned === 'dark' || pinned === 'light') return pinned === 'dark';
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches;
};

async function instance(): Promise<Mermaid> {
  loaded ??= import('mermaid').then((m) => m.default);
  const mermaid = await loaded;
  const theme = prefersDark() ? 'dark' : 'default';
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

/** Renders Mermaid source to SVG markup; throws mermaid's own parse error text. */
export async function renderMermaid(source: string): Promise<string> {
  const mermaid = await instance();
  seq += 1;
  // Labels go through placeholders so quotes and other escaped characters show exactly once (issue 17).
  const { svg } = await mermaid.render(`lineage-mermaid-${seq}`, mermaidLabels(source));
  return restoreLabels(svg);
}
