import type { ViewId } from '../../stores/app';
import { useApp } from '../../stores/app';

const NEXT: Record<Exclude<ViewId, 'servers' | 'settings'>, { title: string; what: string; meanwhile: string }> = {
  reconcile: {
    title: 'Reconcile',
    what: 'Drag in two CSV files, review the detected field mappings, narrow them with a filter chat, run the match and export the results.',
    meanwhile: 'The kalla-recon MCP server and the DuckDB reconciliation engine are being built; this workspace arrives with them.',
  },
  lineage: {
    title: 'Lineage',
    what: 'Map the dependencies of SQL views in a Trino or JDBC catalog, or a dataset file, and explore them as Mermaid diagrams.',
    meanwhile: 'The viewmapper engine and its MCP server are being built; this workspace arrives with them.',
  },
  assistant: {
    title: 'Assistant',
    what: 'Ask in words — "reconcile march_bank.csv against march_invoices.csv" — and an LLM uses the tools of every enabled MCP server, asking before anything that changes data.',
    meanwhile: 'The Assistant is available: open it from the sidebar.',
  },
};

export function ComingNext({ view }: { view: ViewId }) {
  const setView = useApp((s) => s.setView);
  if (view === 'servers' || view === 'settings') return null;
  const info = NEXT[view];
  return (
    <section className="empty-state" aria-labelledby="coming-next-title">
      <h1 id="coming-next-title">{info.title}</h1>
      <p className="lead">{info.what}</p>
      <p className="muted">
        <strong>Coming next.</strong> {info.meanwhile}
      </p>
      <button className="primary" onClick={() => setView('servers')}>
        Go to Servers
      </button>
    </section>
  );
}
