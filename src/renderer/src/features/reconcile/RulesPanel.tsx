import { EngineRebuild } from './EngineRebuild';
import { useEffect, useState } from 'react';
import type { Cardinality, KeyNormaliser, MatchRule } from '../../../../shared/reconcile/recipe';
import { DIFFERENCE_LABELS, differenceWords } from '../../../../shared/group-explanation';
import { call } from '../../api/client';
import { useReconcile } from '../../stores/reconcile';
import { RuleModel } from './RuleModel';
import { focusWhenReady } from '../../components/focus';

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
                      {differenceWords(r.amount.differences)}{' '}
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
