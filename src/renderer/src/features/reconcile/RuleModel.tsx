/**
 * What a scored rule (issue 25) weighs, on its card in the Rules step: the reference columns and
 * the statement texts they are read from, the counterparty, other currencies and when it confirms
 * by itself. The weights are estimated from the files at each run; the card says so.
 */
import type { MatchModel } from '../../../../shared/reconcile/recipe';

export function RuleModel({ model }: { model: MatchModel }) {
  return (
    <>
      {model.references.map((ref) => (
        <div key={ref.left} className="rule-line">
          <span className="rule-label">Reference</span>
          <code>{ref.left}</code> in{' '}
          {ref.right.map((c, i) => (
            <span key={c}>
              {i > 0 && ' or '}
              <code>{c}</code>
            </span>
          ))}
          <span className="small muted">(however it is written; a typo or its last part alone weighs less)</span>
        </div>
      ))}
      {model.party && (
        <div className="rule-line">
          <span className="rule-label">Payer</span>
          <code>{model.party.left}</code> ≈ <code>{model.party.right}</code>
          <span className="small muted"> (names as banks write them{model.party.in_text ? ', read from the start of the text' : ''})</span>
        </div>
      )}
      {model.fx && (
        <div className="rule-line">
          <span className="rule-label">Currency</span>
          <code>{model.fx.column}</code>
          <span className="small muted">
            {' '}
            (paid in {model.fx.home}; {model.fx.rates.map((r) => `${r.currency} at about ${r.rate.toFixed(4)}`).join(', ')}; suggested only)
          </span>
        </div>
      )}
      <div className="rule-line">
        <span className="rule-label">Weights</span>
        <span className="small">
          from these files at each run;{' '}
          {model.amounts === 'settled'
            ? `auto from ${(model.auto_at * 100).toFixed(1)} % likely (no rival as likely), suggested from ${(model.suggest_at * 100).toFixed(0)} %`
            : `short, over, part, other-currency payments suggested from ${(model.suggest_at * 100).toFixed(0)} %`}
        </span>
      </div>
    </>
  );
}
