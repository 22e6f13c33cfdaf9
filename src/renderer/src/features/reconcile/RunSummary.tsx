import { confirmedMappings } from '../../../../shared/reconcile/workspace';
import { rateTone, runWarnings } from '../../../../shared/run-health';
import { useReconcile } from '../../stores/reconcile';
import { fmtAmount } from './ResultsTabs';
import { formatNumber } from '../../stores/display';
import { Name } from './names';

export function SummaryView() {
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
