import { EngineRebuild } from './EngineRebuild';
import { useCallback, useEffect, useState } from 'react';
import type { Cardinality, KeyNormaliser, MatchRule } from '../../../../shared/reconcile/recipe';
import type { ExceptionQueueFilter, GroupPageItem, PageCategory, PageSort, RecordPageItem, Side } from '../../../../shared/reconcile/sources-and-runs';
import { confirmedMappings, type MappingRow } from '../../../../shared/reconcile/workspace';
import { rateTone, runWarnings } from '../../../../shared/run-health';
import { DIFFERENCE_LABELS } from '../../../../shared/group-explanation';
import { call } from '../../api/client';
import { useReconcile } from '../../stores/reconcile';
import { ChipEditor } from './ChipEditor';
import { MappingTable } from './MappingTable';
import { RuleModel } from './RuleModel';
import { fmtAmount, ResultsTabs } from './ResultsTabs';
import { formatNumber } from '../../stores/display';
import { Name } from './names';
import { focusWhenReady } from '../../components/focus';

const NO_ROWS: MappingRow[] = [];

export function MappingPanel() {
  const ws = useReconcile((s) => s.ws)!;
  const busy = useReconcile((s) => s.busy.mapping);
  const error = useReconcile((s) => s.errors.mapping);
  const { act, saveReview } = useReconcile.getState();
  const rows = ws.mapping?.rows ?? NO_ROWS;
  const ready = Boolean(ws.sources.left && ws.sources.right);
  const cols = (side: Side) => ws.sources[side]?.info.columns.filter((c) => !c.derived).map((c) => c.name) ?? [];
  return (
    <section className="rc-section" aria-labelledby="step-mapping">
      <header className="rc-section-head">
        <h2 id="step-mapping">
          <span className="step-no">2</span> Column mapping {ws.mapping?.confirmed && <span className="badge ok-badge">confirmed</span>}
        </h2>
        <div className="toolbar">
          {ws.mapping?.engine && (
            <span className="muted small" title={ws.mapping.fallback_reason}>
              proposed by the {ws.mapping.engine === 'llm' ? 'Claude (llm)' : 'offline (local)'} engine
            </span>
          )}
          <button disabled={!ready || Boolean(busy)} onClick={() => void act('mapping', 'Detecting…', 'reconcile.detectMappings', { id: ws.id })}>
            {ws.mapping ? 'Detect again' : 'Detect mappings'}
          </button>
        </div>
      </header>
      {busy && (
        <p role="status" className="muted">
          {busy}
        </p>
      )}
      {(error || ws.mapping_error) && (
        <div className="banner error" role="alert">
          <span>{error ?? ws.mapping_error}</span>
          <button onClick={() => void act('mapping', 'Detecting…', 'reconcile.detectMappings', { id: ws.id })}>Try again</button>
        </div>
      )}
      {!ready && <p className="empty-hint">Once both files are loaded, Kalla proposes which columns belong together. You review every pair before anything runs.</p>}
      {ready && ws.mapping && (
        <>
          {ws.mapping.warnings.length > 0 && <p className="muted small">Corrected: {ws.mapping.warnings.join('; ')}</p>}
          <MappingTable
            rows={rows}
            leftColumns={cols('left')}
            rightColumns={cols('right')}
            leftAlias={ws.aliases.left}
            rightAlias={ws.aliases.right}
            unmappedLeft={ws.mapping.unmapped_a}
            unmappedRight={ws.mapping.unmapped_b}
            confirmed={ws.mapping.confirmed}
            busy={Boolean(busy)}
            onChange={(edit) => void saveReview(edit(useReconcile.getState().ws?.mapping?.rows ?? rows))}
            onConfirm={(next) => {
              const from = document.activeElement;
              void act('mapping', 'Confirming…', 'reconcile.confirmMappings', { id: ws.id, rows: next }).then((out) => {
                // The button was disabled while confirming: focus goes to the next step (Run, once rules
                // exist), never to <body> — unless the user went on to another control meanwhile.
                if (out) focusWhenReady('#run-button', 60, '#confirm-mapping', from);
              });
            }}
          />
        </>
      )}
    </section>
  );
}

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

const NORMALISERS: { kind: 'trim' | 'casefold' | 'alnum' | 'digits'; label: string }[] = [
  { kind: 'trim', label: 'trim' },
  { kind: 'casefold', label: 'ignore case' },
  { kind: 'alnum', label: 'letters+digits' },
  { kind: 'digits', label: 'digits only' },
];

export function RulesPanel() {
  const ws = useReconcile((s) => s.ws)!;
  const busy = useReconcile((s) => s.busy.rules);
  const running = useReconcile((s) => s.busy.run);
  const runError = useReconcile((s) => s.errors.run);
  const error = useReconcile((s) => s.errors.rules);
  const progress = useReconcile((s) => s.progress.run);
  const { act, run, saveRules } = useReconcile.getState();
  const confirmed = Boolean(ws.mapping?.confirmed);
  const setRules = (rules: MatchRule[]) => void saveRules(rules);
  // Edits apply to the latest rules (the store updates at once), so quick successive edits all count.
  const latestRules = () => useReconcile.getState().ws?.rules ?? ws.rules;
  const patch = (i: number, p: Partial<MatchRule>) => setRules(latestRules().map((r, k) => (k === i ? { ...r, ...p } : r)));
  const blockers = [
    !ws.sources.left && 'load the left file',
    !ws.sources.right && 'load the right file',
    !confirmed && 'confirm the column mapping',
    ws.rules.length === 0 && 'add match rules',
  ].filter(Boolean) as string[];
  return (
    <section className="rc-section" aria-labelledby="step-rules">
      <header className="rc-section-head">
        <h2 id="step-rules">
          <span className="step-no">4</span> Match rules and run
        </h2>
        <div className="toolbar">
          <button disabled={!confirmed || Boolean(busy)} onClick={() => void act('rules', 'Suggesting…', 'reconcile.suggestRules', { id: ws.id })}>
            {ws.rules.length ? 'Suggest again' : 'Suggest rules'}
          </button>
        </div>
      </header>
      {(error || ws.rules_error) && (
        <div className="banner error" role="alert">
          {error ?? ws.rules_error}
        </div>
      )}
      {!confirmed && <p className="empty-hint">Rules are suggested from the confirmed mapping: strict rules first (same reference, same amount), looser ones after.</p>}
      {ws.rules_explanation && confirmed && <p className="muted small">{ws.rules_explanation}</p>}
      {ws.rules_sides_reversed && confirmed && (
        <div className="banner" role="status">
          <span>
            The open items ({ws.aliases.right}: one line per reference) are on the right. With them on the left, Kalla learns the
            cash-application rules: references in the text, instalments, multi-invoice and batch payments, fees.
          </span>
          <button
            className="primary"
            disabled={Boolean(busy)}
            onClick={() =>
              // The mapping and the rules follow the swap, so the suggestion can run straight after it.
              void act('rules', 'Swapping…', 'reconcile.swapSides', { id: ws.id }).then(
                (swapped) => swapped && act('rules', 'Suggesting…', 'reconcile.suggestRules', { id: ws.id }),
              )
            }
          >
            Swap sides and suggest again
          </button>
        </div>
      )}
      <ol className="rules" aria-label="Match rules">
        {ws.rules.map((r, i) => (
          <li key={r.id} className="rule-card" aria-label={`Rule ${i + 1}: ${r.name}`}>
            <div className="rule-head">
              <strong>
                {i + 1}. {r.name}
              </strong>
              <span className="grow" />
              <label className="inline">
                <span>Cardinality</span>
                <select aria-label={`Cardinality of ${r.name}`} value={r.cardinality} onChange={(e) => patch(i, { cardinality: e.target.value as Cardinality })}>
                  {['1:1', '1:N', 'N:1', 'N:M'].map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
              </label>
              <label className="inline">
                <input type="checkbox" checked={r.auto_confirm} onChange={(e) => patch(i, { auto_confirm: e.target.checked })} aria-label={`Confirm matches of ${r.name} automatically`} />
                <span>auto-confirm</span>
              </label>
              <button className="icon-button" aria-label={`Remove rule ${r.name}`} onClick={() => setRules(latestRules().filter((_, k) => k !== i))}>
                ×
              </button>
            </div>
            <div className="rule-body">
              {r.model && <RuleModel model={r.model} />}
              {r.keys.map((k, ki) => (
                <div key={ki} className="rule-line">
                  <span className="rule-label">Key</span>
                  <code>{k.left}</code> = <code>{k.right}</code>
                  {k.right_also?.map((c) => (
                    <span key={c}>
                      {' '}
                      or <code>{c}</code>
                    </span>
                  ))}
                  {k.normalisers.some((x) => x.kind === 'reference') && <span className="small muted"> (every reference written in the text, however it is written)</span>}
                  {k.normalisers.some((x) => x.kind === 'name') && <span className="small muted"> (names as banks write them)</span>}
                  {NORMALISERS.map((n) => {
                    const on = k.normalisers.some((x) => x.kind === n.kind);
                    return (
                      <label key={n.kind} className="inline small">
                        <input
                          type="checkbox"
                          checked={on}
                          aria-label={`${n.label} for key ${k.left} in ${r.name}`}
                          onChange={() => {
                            const normalisers: KeyNormaliser[] = on ? k.normalisers.filter((x) => x.kind !== n.kind) : [...k.normalisers, { kind: n.kind }];
                            patch(i, { keys: r.keys.map((kk, j) => (j === ki ? { ...kk, normalisers } : kk)) });
                          }}
                        />
                        {n.label}
                      </label>
                    );
                  })}
                </div>
              ))}
              {r.amount && (
                <div className="rule-line">
                  <span className="rule-label">Amount</span>
                  <code>{r.amount.left}</code> ≈ <code>{r.amount.right}</code>
                  <label className="inline small">
                    ± <NumberInput label={`Amount tolerance of ${r.name}`} value={r.amount.tolerance_abs} onSave={(v) => patch(i, { amount: { ...r.amount!, tolerance_abs: v } })} />
                  </label>
                  {r.amount.tolerance_pct > 0 && <span className="small muted"> ± {r.amount.tolerance_pct} %</span>}
                  {r.amount.differences && (
                    <span className="small">
                      {' '}
                      {[...r.amount.differences.fixed.map((f) => `less ${f.toFixed(2)}`), ...r.amount.differences.percent.map((p) => `less ${p} %`)].join(' or ')}{' '}
                      <span className="badge reason">{DIFFERENCE_LABELS[r.amount.differences.reason]}</span>
                    </span>
                  )}
                  <label className="inline small">
                    <input type="checkbox" checked={r.amount.flip_sign} onChange={(e) => patch(i, { amount: { ...r.amount!, flip_sign: e.target.checked } })} /> flip sign
                  </label>
                </div>
              )}
              {r.date && (
                <div className="rule-line">
                  <span className="rule-label">Date</span>
                  <code>{r.date.left}</code> ≈ <code>{r.date.right}</code>
                  <label className="inline small">
                    within <NumberInput label={`Date window of ${r.name}`} value={r.date.window_days} integer onSave={(v) => patch(i, { date: { ...r.date!, window_days: v } })} /> days
                  </label>
                </div>
              )}
              {r.description && (
                <div className="rule-line">
                  <span className="rule-label">Text</span>
                  <code>{r.description.left}</code> ~ <code>{r.description.right}</code> <span className="small muted">similarity ≥ {r.description.min_similarity}</span>
                </div>
              )}
            </div>
          </li>
        ))}
      </ol>
      <div className="run-bar">
        <button id="run-button" className="primary big" disabled={blockers.length > 0 || Boolean(running)} onClick={() => void run().then(() => focusWhenReady('#run-summary, #run-error'))} title={blockers.length ? `First ${blockers.join(', ')}` : undefined}>
          ▶ Run reconciliation
        </button>
        {blockers.length > 0 && <span className="muted small">First {blockers.join(', then ')}.</span>}
        {running && (
          <>
            <div className="progress run-progress" role="progressbar" aria-label="Run progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round((progress?.fraction ?? 0) * 100)}>
              <div className="bar" style={{ width: `${(progress?.fraction ?? 0) * 100}%` }} />
              <span>{progress?.phase ?? 'Starting'}</span>
            </div>
            <button onClick={() => void call('reconcile.cancelRun', { id: ws.id })}>Cancel run</button>
          </>
        )}
      </div>
      {runError && (
        <div className="banner error" role="alert" id="run-error" tabIndex={-1}>
          {runError}
          <EngineRebuild message={runError} />
        </div>
      )}
    </section>
  );
}

function NumberInput(props: { label: string; value: number; integer?: boolean; onSave(v: number): void }) {
  const [v, setV] = useState(String(props.value));
  useEffect(() => setV(String(props.value)), [props.value]);
  const commit = () => {
    const n = Number(v);
    if (Number.isFinite(n) && n >= 0 && n !== props.value) props.onSave(props.integer ? Math.round(n) : n);
    else setV(String(props.value));
  };
  return <input className="num-input" aria-label={props.label} inputMode="decimal" value={v} onChange={(e) => setV(e.target.value)} onBlur={commit} onKeyDown={(e) => e.key === 'Enter' && commit()} />;
}

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
              if (r && !r.undone) useReconcile.setState((st) => ({ errors: { ...st.errors, results: 'Nothing to undo: no review action in this run is left to take back.' } }));
            })
          }
        >
          ↶ Undo review
        </button>
        <ExportControls runId={runId} />
      </header>
      {error && (
        <div className="banner error" role="alert">
          {error}
        </div>
      )}
      {summary && <SummaryView />}
      {summary && (
        <ResultsTabs
          runId={runId}
          summary={summary}
          aliases={ws.aliases}
          columns={{ left: mapped('left'), right: mapped('right') }}
          amountColumns={amountPair}
          version={version}
          load={load}
          busy={Boolean(busy)}
          groupIds={(category, search) => call('reconcile.groupIds', { id: ws.id, runId, category, ...(search ? { search } : {}) })}
          onReview={async (action, groupIds, reason) => {
            const r = await act('results', 'Saving…', 'reconcile.review', { id: ws.id, runId, action, groupIds, ...(reason ? { reason } : {}) });
            // The new summary and a table reload arrive with main's `reconcile.changed` event.
            if (r?.failed.length) useReconcile.setState((s) => ({ errors: { ...s.errors, results: r.failed.join('; ') } }));
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

function SummaryView() {
  const ws = useReconcile((s) => s.ws)!;
  const s = useReconcile((st) => st.summary)!;
  const previous = useReconcile((st) => st.previousSummary);
  const warnings = runWarnings({
    summary: s,
    previous: previous && previous.run_id !== s.run_id ? previous : null,
    aliases: ws.aliases,
    loaded: { left: ws.sources.left?.info.row_count ?? null, right: ws.sources.right?.info.row_count ?? null },
    columns: { left: ws.sources.left?.info.columns ?? [], right: ws.sources.right?.info.columns ?? [] },
    filters: ws.filters,
    mappings: confirmedMappings(ws.mapping),
    rules: ws.rules,
  });
  const cats = [
    { key: 'matched', label: 'Matched', v: s.matched },
    { key: 'suggested', label: 'Suggested', v: s.suggested },
    { key: 'exceptions', label: 'Exceptions', v: s.exceptions },
    { key: 'unmatched', label: 'Unmatched', v: s.unmatched },
  ] as const;
  const max = Math.max(1, ...cats.flatMap((c) => [c.v.left.count, c.v.right.count]));
  return (
    <div className="summary" id="run-summary" tabIndex={-1} role="region" aria-label="Run summary">
      {warnings.map((w) => (
        <div key={w.kind} className="banner error run-warning" role="alert" data-kind={w.kind}>
          <strong>{w.message}</strong>
          <ul>
            {w.causes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      ))}
      <div className="rate">
        <div className={`rate-num tone-${rateTone(s)}`} aria-label="Match rate">
          {(s.match_rate * 100).toFixed(1)}%
        </div>
        <div className="muted small">matched · {formatNumber(s.left_rows)} + {formatNumber(s.right_rows)} rows in scope</div>
        {s.suggested_groups > 0 && (
          <div className="small" aria-label="Waiting for review">
            + {(((s.suggested.left.count + s.suggested.right.count) / Math.max(1, s.left_rows + s.right_rows)) * 100).toFixed(1)}% suggested: {formatNumber(s.suggested_groups)} {s.suggested_groups === 1 ? 'pair waits' : 'pairs wait'} for review
          </div>
        )}
      </div>
      <table className="grid-table summary-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Outcome</span>
            </th>
            <th scope="col"><Name full={ws.aliases.left} /></th>
            <th scope="col" className="num">Amount</th>
            <th scope="col"><Name full={ws.aliases.right} /></th>
            <th scope="col" className="num">Amount</th>
            <th scope="col" aria-hidden>
              Chart
            </th>
          </tr>
        </thead>
        <tbody>
          {cats.map((c) => (
            <tr key={c.key}>
              <th scope="row">{c.label}</th>
              <td className="num">{formatNumber(c.v.left.count)}</td>
              <td className="num">{fmtAmount(c.v.left.amount)}</td>
              <td className="num">{formatNumber(c.v.right.count)}</td>
              <td className="num">{fmtAmount(c.v.right.amount)}</td>
              <td className="chart-cell" aria-hidden>
                <div className={`hbar cat-${c.key}`} style={{ width: `${(c.v.left.count / max) * 100}%` }} />
                <div className={`hbar cat-${c.key} right`} style={{ width: `${(c.v.right.count / max) * 100}%` }} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Fetches an exported file over the app's own connection and hands it to the browser as a download. */
async function downloadExport(id: string, path: string): Promise<void> {
  const file = await useReconcile.getState().act('export', 'Downloading…', 'reconcile.downloadExport', { id, path });
  if (!file) return;
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function ExportControls({ runId }: { runId: number }) {
  const ws = useReconcile((s) => s.ws)!;
  const dialogs = useReconcile((s) => s.dialogs);
  const busy = useReconcile((s) => s.busy.export);
  const error = useReconcile((s) => s.errors.export);
  const { act } = useReconcile.getState();
  const [dir, setDir] = useState('');
  const [formats, setFormats] = useState<Set<'csv' | 'xlsx' | 'evidence'>>(new Set(['csv', 'xlsx']));
  // The files of the run they were exported from: after run 2 the list of run 1's files is not offered as this run's.
  const [exported, setDone] = useState<{ runId: number; dir: string; files: string[] } | null>(null);
  const done = exported?.runId === runId ? exported : null;
  const doExport = async () => {
    let target = dir.trim() || undefined;
    if (dialogs && !target) {
      const r = await act('export', 'Choosing…', 'reconcile.chooseFolder', {});
      if (!r?.path) return;
      target = r.path;
    }
    const r = await act('export', 'Exporting…', 'reconcile.export', { id: ws.id, runId, formats: [...formats], overwrite: true, ...(target ? { dir: target } : {}) });
    if (r) setDone({ runId, dir: r.dir, files: r.result.files });
    focusWhenReady(r ? '#export-done' : '#export-error');
  };
  return (
    <div className="export">
      <div className="toolbar">
        {(['csv', 'xlsx', 'evidence'] as const).map((f) => (
          <label key={f} className="inline small">
            <input
              type="checkbox"
              checked={formats.has(f)}
              onChange={() =>
                setFormats((s) => {
                  const n = new Set(s);
                  if (n.has(f)) n.delete(f);
                  else n.add(f);
                  return n;
                })
              }
            />
            {f.toUpperCase()}
          </label>
        ))}
        {!dialogs && <input className="export-dir" aria-label="Export folder" placeholder="Export folder (default: Kalla's exports folder)" value={dir} onChange={(e) => setDir(e.target.value)} />}
        <button className="primary" disabled={formats.size === 0 || Boolean(busy)} onClick={() => void doExport()}>
          {busy ?? 'Export…'}
        </button>
      </div>
      {done && (
        <p role="status" id="export-done" tabIndex={-1} className="export-done small">
          Exported {done.files.length} file(s) to <code>{done.dir}</code>
        </p>
      )}
      {done && !dialogs && (
        // Browser mode: the folder is on the machine running `kalla web`; offer each file as a download too.
        <ul className="export-downloads small" aria-label="Download exported files">
          {done.files.map((f) => (
            <li key={f}>
              <button className="link-button" onClick={() => void downloadExport(ws.id, f)}>
                Download {f.split(/[\\/]/).pop()}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" id="export-error" tabIndex={-1} className="field-error small">
          {error}
        </p>
      )}
    </div>
  );
}
