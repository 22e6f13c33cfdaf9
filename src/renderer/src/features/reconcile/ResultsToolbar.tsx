/** Above the results grid: the category tabs, and the toolbar (search, exception filters, selection actions, columns, manual match). */
import type { ReactNode } from 'react';
import type { ExceptionQueueFilter, RunSummary, Side } from '../../../../shared/reconcile/sources-and-runs';
import { rovingKeyDown, rovingTabIndex } from '../../components/roving';
import { formatNumber } from '../../stores/display';
import { ColumnsMenu } from './ColumnControls';
import { ExceptionQueueFilters } from './ExceptionQueue';
import { ManualMatchBar } from './ManualMatchBar';
import { Name } from './names';
import type { TabId } from './result-format';

export function tabLabels(aliases: { left: string; right: string }): Record<TabId, ReactNode> {
  return {
    matched: 'Matched',
    suggested: 'Suggested',
    exceptions: 'Exceptions',
    unmatched_left: (
      <>
        Unmatched <Name full={aliases.left} />
      </>
    ),
    unmatched_right: (
      <>
        Unmatched <Name full={aliases.right} />
      </>
    ),
  };
}

export function ResultsTablist(p: { tab: TabId; labels: Record<TabId, ReactNode>; counts: Record<TabId, number>; onSelect(tab: TabId): void }) {
  return (
    /* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- roving tabindex: the tabs take focus, the list handles their arrow keys */
    <div role="tablist" aria-label="Result categories" className="tabs" onKeyDown={(e) => rovingKeyDown(e, 'tab')}>
      {(Object.keys(p.labels) as TabId[]).map((t) => (
        <button key={t} role="tab" id={`rtab-${t}`} aria-selected={p.tab === t} tabIndex={rovingTabIndex(p.tab === t)} aria-controls="results-panel" className={p.tab === t ? 'tab active' : 'tab'} onClick={() => p.onSelect(t)}>
          {p.labels[t]} <span className="count">{formatNumber(p.counts[t])}</span>
        </button>
      ))}
    </div>
  );
}

export interface ResultsToolbarProps {
  tab: TabId;
  aliases: { left: string; right: string };
  busy?: boolean;
  /** The text typed, the text the shown pages were searched for, whether that answer is still awaited, and its count. */
  search: { text: string; query: string; searching: boolean; count: number; onChange(text: string): void };
  exceptions: { queue: ExceptionQueueFilter; onQueue(q: ExceptionQueueFilter): void; side: Side; onSide(s: Side): void; counts: RunSummary['exceptions'] };
  selection: { size: number; of: number; show: boolean; onReview(action: 'accept' | 'reject' | 'unmatch'): void };
  columns: { list: Parameters<typeof ColumnsMenu>[0]['columns']; onShown(id: string, shown: boolean): void; onReset(): void };
  /** Rows picked for a manual match, with their sums when the amount columns are mapped. */
  picks: { count: { left: number; right: number }; sums: { left: number; right: number } | null; onMatch(): void; onClear(): void };
}

export function ResultsToolbar(p: ResultsToolbarProps) {
  const { search, exceptions, selection, picks } = p;
  return (
    <div className="toolbar results-toolbar">
      <input type="search" className="results-search" aria-label="Search results" placeholder="Search any column, rule or note…" value={search.text} onChange={(e) => search.onChange(e.target.value)} />
      {/* Until the server has answered for this text (typing pause, then the search over every row), say so rather than "0 matching". */}
      {(search.query || search.text.trim()) && (
        <span className="muted small" role="status" aria-busy={search.searching}>
          {search.searching ? `Searching for “${search.text.trim()}”…` : `${formatNumber(search.count)} matching “${search.query}”`}
        </span>
      )}
      {p.tab === 'exceptions' && <ExceptionQueueFilters value={exceptions.queue} onChange={exceptions.onQueue} />}
      {p.tab === 'exceptions' && (
        <div className="segmented" role="radiogroup" aria-label="Exceptions side">
          {(['left', 'right'] as Side[]).map((s) => (
            <label key={s} className={exceptions.side === s ? 'active' : ''}>
              <input type="radio" name="exside" checked={exceptions.side === s} onChange={() => exceptions.onSide(s)} />
              <Name full={p.aliases[s]} /> ({formatNumber(exceptions.counts[s].count)})
            </label>
          ))}
        </div>
      )}
      {selection.show && selection.size > 0 && (
        <>
          <span className="muted small" role="status">
            {formatNumber(selection.size)} selected
            {selection.of > selection.size && ` (the first ${formatNumber(selection.size)} of ${formatNumber(selection.of)}; review them, then select all again)`}
          </span>
          {p.tab === 'suggested' && (
            <>
              <button className="primary" disabled={p.busy} onClick={() => selection.onReview('accept')}>
                Accept selected
              </button>
              <button disabled={p.busy} onClick={() => selection.onReview('reject')}>
                Reject selected
              </button>
            </>
          )}
          {p.tab === 'matched' && (
            <button disabled={p.busy} onClick={() => selection.onReview('unmatch')}>
              Unmatch selected
            </button>
          )}
        </>
      )}
      <span className="grow" />
      <ColumnsMenu columns={p.columns.list} onShown={p.columns.onShown} onReset={p.columns.onReset} />
      {(picks.count.left > 0 || picks.count.right > 0) && <ManualMatchBar aliases={p.aliases} count={picks.count} sums={picks.sums} busy={p.busy} onMatch={picks.onMatch} onClear={picks.onClear} />}
    </div>
  );
}
