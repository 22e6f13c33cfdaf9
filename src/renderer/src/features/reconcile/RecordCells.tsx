import type { RecordPageItem } from '../../../../shared/reconcile/sources-and-runs';
import { queueText, STATUS_LABELS } from './ExceptionQueue';
import { cell, fmtAmount } from './result-format';

/** An unmatched row or an exception: its shown columns, then (exceptions) the work-queue actions and badges. */
export function RecordCells(p: { record: RecordPageItem; label: string; columns: string[]; picked: boolean; onPick(): void; onFollowUp(): void; onDetail(): void }) {
  const r = p.record;
  return (
    <>
      <span role="gridcell" className="c-check">
        <input type="checkbox" aria-label={`Pick ${p.label}`} checked={p.picked} onChange={p.onPick} />
      </span>
      {p.columns.map((c) => (
        <span role="gridcell" key={c} className="c-val" title={cell(r.row[c])}>
          {cell(r.row[c])}
        </span>
      ))}
      {r.exception && (
        <span role="gridcell" className="c-exc">
          {/* The actions first: in a narrow window the badges after them may be cut, the buttons and
              who/where/when of the work queue stay in view. */}
          <button className="small-btn" aria-label={`Follow up ${p.label}`} onClick={p.onFollowUp}>
            Follow up
          </button>
          <button className="small-btn" aria-label={`Details of ${p.label}`} onClick={p.onDetail}>
            Details
          </button>
          <span className={`badge queue-badge q-${r.exception.status}`} title={`${queueText(r.exception)} (${STATUS_LABELS[r.exception.status]})${r.exception.annotation_note ? ` — ${r.exception.annotation_note}` : ''}`}>
            {queueText(r.exception)}
          </span>
          <span className="badge warn-badge">{r.exception.reason.replace(/_/g, ' ')}</span>
          {r.exception.amount_delta !== null && <span className="delta warn"> Δ {fmtAmount(r.exception.amount_delta)}</span>}
          {r.exception.annotation_reason && (
            <span className="badge" title={r.exception.annotation_note ?? ''}>
              📝 {r.exception.annotation_reason}
            </span>
          )}
        </span>
      )}
    </>
  );
}
