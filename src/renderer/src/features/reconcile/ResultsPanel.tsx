import { useCallback } from 'react';
import { SummaryView } from './RunSummary';
import { ExportControls } from './ExportControls';
import type { ExceptionQueueFilter, GroupPageItem, PageCategory, PageSort, RecordPageItem, Side } from '../../../../shared/reconcile/sources-and-runs';
import { call } from '../../api/client';
import { useReconcile } from '../../stores/reconcile';
import { ResultsTabs } from './ResultsTabs';
import type { SideFields } from './result-format';

export function ResultsPanel() {
  const ws = useReconcile((s) => s.ws)!;
  const summary = useReconcile((s) => s.summary);
  const version = useReconcile((s) => s.resultsVersion);
  const busy = useReconcile((s) => s.busy.results);
  const error = useReconcile((s) => s.errors.results);
  const { act } = useReconcile.getState();
  const runId = ws.last_run_id;
  const load = useCallback(
    (category: PageCategory, offset: number, limit: number, search?: string, sort?: PageSort, queue?: ExceptionQueueFilter) =>
      call('reconcile.page', { id: ws.id, runId: runId ?? 1, category, offset, limit, ...(search ? { search } : {}), ...(sort ? { sort } : {}), ...(queue ? { queue } : {}) }) as Promise<{
        total: number;
        items: (GroupPageItem | RecordPageItem)[];
      }>,
    [ws.id, runId],
  );
  if (!runId) {
    return (
      <section className="rc-section" aria-labelledby="step-results">
        <header className="rc-section-head">
          <h2 id="step-results">
            <span className="step-no">5</span> Results
          </h2>
        </header>
        <p className="empty-hint">Run the reconciliation to see matched pairs, suggestions to review, exceptions and what is left unmatched on each side.</p>
      </section>
    );
  }
  const amountRow = ws.mapping?.rows.find((r) => r.decision === 'accepted' && r.role === 'amount');
  const amountPair = amountRow ? { left: amountRow.field_a, right: amountRow.field_b } : null;
  /** The first confirmed mapping of each role names the column the review shows for it. */
  const fieldsOf = (side: Side): SideFields => {
    const rows = ws.mapping?.rows.filter((r) => r.decision === 'accepted') ?? [];
    const col = (match: (r: (typeof rows)[number]) => boolean) => {
      const r = rows.find(match);
      return r ? (side === 'left' ? r.field_a : r.field_b) : undefined;
    };
    return { reference: col((r) => r.key) ?? col((r) => r.role === 'key'), date: col((r) => r.role === 'date'), text: col((r) => r.role === 'text'), amount: col((r) => r.role === 'amount') };
  };
  const mapped = (side: Side) => {
    const rows = ws.mapping?.rows.filter((r) => r.decision === 'accepted') ?? [];
    const names = rows.map((r) => (side === 'left' ? r.field_a : r.field_b));
    const all = ws.sources[side]?.info.columns.filter((c) => !c.derived).map((c) => c.name) ?? [];
    return [...names, ...all.filter((c) => !names.includes(c))];
  };
  return (
    <section className="rc-section" aria-labelledby="step-results">
      <header className="rc-section-head">
        <h2 id="step-results">
          <span className="step-no">5</span> Results <span className="muted small">run {runId}</span>
        </h2>
        <button
          className="small-btn"
          disabled={Boolean(busy)}
          title="Take back the latest accept, reject, unmatch or manual match of this run"
          onClick={() =>
            void act('results', 'Undoing…', 'reconcile.undoReview', { id: ws.id, runId }).then((r) => {
              if (r && !r.undone) useReconcile.getState().showError('results', 'Nothing to undo: no review action in this run is left to take back.');
            })
          }
        >
          ↶ Undo review
        </button>
      </header>
      {error && (
        <div className="banner error" role="alert">
          {error}
        </div>
      )}
      {summary && <SummaryView />}
      {/* After the summary, in reading and Tab order: the next step once a run is read (issue 33:
          from the summary it took 162 Tabs to reach Export…, around the whole grid). */}
      <ExportControls runId={runId} />
      {summary && (
        <ResultsTabs
          runId={runId}
          summary={summary}
          aliases={ws.aliases}
          layoutKey={ws.id}
          columns={{ left: mapped('left'), right: mapped('right') }}
          fields={{ left: fieldsOf('left'), right: fieldsOf('right') }}
          amountColumns={amountPair}
          version={version}
          load={load}
          busy={Boolean(busy)}
          groupIds={(category, search) => call('reconcile.groupIds', { id: ws.id, runId, category, ...(search ? { search } : {}) })}
          onReview={async (action, groupIds, reason) => {
            const r = await act('results', 'Saving…', 'reconcile.review', { id: ws.id, runId, action, groupIds, ...(reason ? { reason } : {}) });
            // The new summary and a table reload arrive with main's `reconcile.changed` event.
            if (r?.failed.length) useReconcile.getState().showError('results', r.failed.join('; '));
          }}
          onMatch={async (left, right, note) => {
            await act('results', 'Matching…', 'reconcile.matchManual', { id: ws.id, runId, left, right, ...(note ? { note } : {}) });
          }}
          onUpdateException={async (side, rowId, update) => {
            const r = await act('results', 'Saving…', 'reconcile.updateException', { id: ws.id, runId, side, rowId, update });
            // act shows the error in the results area; the form stays open so nothing typed is lost.
            if (!r) throw new Error('not saved');
          }}
        />
      )}
    </section>
  );
}
