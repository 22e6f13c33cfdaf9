/** A diagram a tool drew, rendered in the chat (Mermaid with securityLevel 'strict'). */
import { useEffect, useState } from 'react';
import { renderMermaid } from '../lineage/mermaid';
import { useDiagramTheme } from '../lineage/useDiagramTheme';

export function MermaidDiagram({ source }: { source: string }) {
  const [svg, setSvg] = useState<string>();
  const [error, setError] = useState<string>();
  const theme = useDiagramTheme();
  useEffect(() => {
    let live = true;
    renderMermaid(source, theme).then(
      (s) => live && setSvg(s),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [source, theme]);
  if (error) return <pre className="assistant-code">{source}</pre>;
  if (!svg) return <p className="muted">Drawing the diagram…</p>;
  // Mermaid's strict mode sanitises labels; the SVG is produced locally from the tool's source.
  return <div className="assistant-diagram" role="img" aria-label="Diagram drawn by the Assistant" dangerouslySetInnerHTML={{ __html: svg }} />;
}
