import { useState } from 'react';
import { useReconcile } from '../../stores/reconcile';
import { ChipEditor } from './ChipEditor';
import { formatNumber } from '../../stores/display';
import { Name } from './names';
import { focusWhenReady } from '../../components/focus';

export function FilterPanel() {
  const ws = useReconcile((s) => s.ws)!;
  const busy = useReconcile((s) => s.busy.filters);
  const error = useReconcile((s) => s.errors.filters);
  const counts = useReconcile((s) => s.counts);
  const { act, setFilters } = useReconcile.getState();
  const [text, setText] = useState('');
  const [mode, setMode] = useState<'add' | 'replace'>('add');
  const ready = Boolean(ws.sources.left && ws.sources.right);
  const send = async () => {
    if (!text.trim()) return;
    const r = await act('filters', 'Reading your filter…', 'reconcile.parseFilter', { id: ws.id, text, mode });
    if (r) setText('');
    // Back to the filter box (re-enabled): the chips and the conversation (a live log) carry the answer.
    focusWhenReady('#filter-text');
  };
  return (
    <section className="rc-section" aria-labelledby="step-filters">
      <header className="rc-section-head">
        <h2 id="step-filters">
          <span className="step-no">3</span> Filters
        </h2>
        <div className="toolbar">
          <button disabled={ws.filter_undo.length === 0 || Boolean(busy)} onClick={() => void act('filters', 'Undoing…', 'reconcile.undoFilters', { id: ws.id })} aria-keyshortcuts="Control+Z">
            ↶ Undo
          </button>
          <button disabled={ws.filters.length === 0 || Boolean(busy)} onClick={() => void setFilters([])}>
            Clear filters
          </button>
        </div>
      </header>
      {!ready ? (
        <p className="empty-hint">Say in plain words which rows to keep, e.g. “only amounts above 500 from last month, not from Stripe”.</p>
      ) : (
        <div className="filter-layout">
          <div className="chat">
            <div className="chat-log" role="log" aria-label="Filter conversation" tabIndex={0}>
            <ol className="chat-log-list">
              {ws.chat.length === 0 && <li className="muted small">No filters yet: every row takes part. Describe what to keep below.</li>}
              {ws.chat.map((t) => (
                <li key={t.id} className="chat-turn">
                  <div className="chat-q">
                    <span className="badge">{t.mode === 'replace' ? 'replace' : 'add'}</span> {t.text}
                  </div>
                  {t.error ? (
                    <div className="chat-a error-text">{t.error}</div>
                  ) : (
                    <div className="chat-a">
                      {t.explanation || 'No conditions found.'}
                      {t.unparsed.length > 0 && (
                        <div className="unparsed" role="note">
                          Not understood: {t.unparsed.map((u) => `“${u}”`).join(', ')} — rephrase or add a chip by hand.
                        </div>
                      )}
                      {t.doubts?.map((d) => (
                        <div key={d} className="unparsed" role="note">
                          Unsure: {d}
                        </div>
                      ))}
                      {t.status === 'pending' && (
                        <div className="chat-confirm" role="group" aria-label="Apply this reading?">
                          <span>Is this what you meant? Nothing is applied until you say so.</span>
                          <button className="primary small-btn" disabled={Boolean(busy)} onClick={() => void act('filters', 'Applying…', 'reconcile.resolveFilter', { id: ws.id, turnId: t.id, apply: true })}>
                            Apply these filters
                          </button>
                          <button className="small-btn" disabled={Boolean(busy)} onClick={() => void act('filters', 'Discarding…', 'reconcile.resolveFilter', { id: ws.id, turnId: t.id, apply: false })}>
                            Discard
                          </button>
                        </div>
                      )}
                      {t.status === 'discarded' && <div className="muted small">Discarded.</div>}
                      {t.engine && <span className="muted small"> ({t.engine})</span>}
                    </div>
                  )}
                </li>
              ))}
            </ol>
            </div>
            <form
              className="chat-form"
              onSubmit={(e) => {
                e.preventDefault();
                void send();
              }}
            >
              <label className="sr-only" htmlFor="filter-text">
                Describe a filter
              </label>
              <input id="filter-text" value={text} onChange={(e) => setText(e.target.value)} placeholder="e.g. only amounts above 500 from last month, not from Stripe" maxLength={2000} disabled={Boolean(busy)} />
              <div className="segmented" role="radiogroup" aria-label="Add to or replace the filters">
                {(['add', 'replace'] as const).map((m) => (
                  <label key={m} className={mode === m ? 'active' : ''}>
                    <input type="radio" name="filter-mode" checked={mode === m} onChange={() => setMode(m)} />
                    {m === 'add' ? 'Add' : 'Replace'}
                  </label>
                ))}
              </div>
              <button type="submit" className="primary" disabled={!text.trim() || Boolean(busy)}>
                {busy ? 'Working…' : 'Apply'}
              </button>
            </form>
            {error && (
              <p role="alert" className="field-error">
                {error}
              </p>
            )}
          </div>
          <div className="filter-side">
            <ChipEditor
              filters={ws.filters}
              aliases={ws.aliases}
              columns={{ left: ws.sources.left?.info.columns.map((c) => c.name) ?? [], right: ws.sources.right?.info.columns.map((c) => c.name) ?? [] }}
              onChange={(f) => void setFilters(f)}
              disabled={Boolean(busy)}
            />
            <dl className="stats counts" aria-label="Rows in scope">
              {(['left', 'right'] as const).map((side) => (
                <div key={side}>
                  <dt><Name full={ws.aliases[side]} /></dt>
                  <dd aria-label={`${side} rows in scope`}>
                    {counts?.[side] ? `${formatNumber(counts[side]!.filtered)} of ${formatNumber(counts[side]!.total)}` : '—'}
                  </dd>
                </div>
              ))}
            </dl>
            {counts?.error && <p className="field-error small">{counts.error}</p>}
          </div>
        </div>
      )}
    </section>
  );
}
