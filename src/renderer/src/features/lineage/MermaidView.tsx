import { useEffect, useRef, useState } from 'react';
import { renderMermaid } from './mermaid';
import { useDiagramTheme } from './useDiagramTheme';

/** A static rendering (conversation answers). `label` names the figure for screen readers. */
export function MermaidView({ source, label }: { source: string; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string>();
  const theme = useDiagramTheme();
  useEffect(() => {
    let live = true;
    renderMermaid(source, theme).then(
      (svg) => {
        if (live && ref.current) ref.current.innerHTML = svg;
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [source, theme]);
  if (error) return <p className="field-error">Could not draw this diagram: {error}</p>;
  return <div className="mermaid-static" role="img" aria-label={label} ref={ref} />;
}
