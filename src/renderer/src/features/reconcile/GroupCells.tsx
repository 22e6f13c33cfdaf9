import type { ReactElement } from 'react';
import type { DifferenceReason } from '../../../../shared/reconcile/recipe';
import type { GroupPageItem } from '../../../../shared/reconcile/sources-and-runs';
import { confidencePercent, DIFFERENCE_LABELS, explainGroup } from '../../../../shared/group-explanation';
import { cell, fmtAmount, numberOf, type SideFields } from './result-format';
import type { GroupColumn } from './result-layout';

type Fields = SideFields & { reference: string };

/** One line per member is too tall for a list of 100k groups: the first member in full, the others counted and in the tooltip. */
function memberLine(r: Record<string, unknown>, f: Fields): string {
  return [f.reference, f.date, f.text, f.amount].flatMap((c) => (c ? [cell(r[c])] : [])).join(' · ');
}

/**
 * A side of a group: reference and amount on the first line, date and text on the second. The
 * amount is the side's total (a split or batch shows Σ and how many members), never cut.
 */
export function SideMembers(props: { rows: Record<string, unknown>[]; total: number | null; fields: Fields; side: string }) {
  const r = props.rows[0];
  if (!r) return <span className="muted">—</span>;
  const { fields: f } = props;
  const more = props.rows.length - 1;
  const amount = props.total ?? (f.amount ? numberOf(r[f.amount]) : null);
  return (
    <span className="members" title={props.rows.map((x) => memberLine(x, f)).join('\n')}>
      <span className="m-line">
        <span className="m-ref">{cell(r[f.reference])}</span>
        {more > 0 && (
          <span className="badge" aria-label={`and ${more} more in ${props.side}`}>
            +{more}
          </span>
        )}
        <span className="m-amt">
          {more > 0 && <span aria-hidden="true">Σ </span>}
          {fmtAmount(amount)}
        </span>
      </span>
      <span className="m-line m-sub">
        {f.date && <span className="m-date">{cell(r[f.date])}</span>}
        {f.text && <span className="m-text">{cell(r[f.text])}</span>}
      </span>
    </span>
  );
}

export interface GroupCellsProps {
  group: GroupPageItem;
  label: string;
  shown: GroupColumn[];
  fields: { left: Fields; right: Fields };
  aliases: { left: string; right: string };
  selected: boolean;
  busy?: boolean | undefined;
  acceptAs: DifferenceReason | '';
  onAcceptAs(reason: DifferenceReason | ''): void;
  onToggle(): void;
  onDetail(): void;
  onReview(action: 'accept' | 'reject' | 'unmatch', reason?: DifferenceReason): void;
}

export function GroupCells(p: GroupCellsProps) {
  const g = p.group;
  const pair = p.label;
  const cells: Record<GroupColumn, ReactElement> = {
    left: (
      <span role="gridcell" key="left" className="c-side">
        <SideMembers rows={g.left_rows} total={g.amount_left} fields={p.fields.left} side={p.aliases.left} />
      </span>
    ),
    right: (
      <span role="gridcell" key="right" className="c-side">
        <SideMembers rows={g.right_rows} total={g.amount_right} fields={p.fields.right} side={p.aliases.right} />
      </span>
    ),
    delta: (
      <span role="gridcell" key="delta" className="c-delta">
        <span className={g.amount_delta !== null && Math.abs(g.amount_delta) > 0.004 ? 'delta warn' : 'delta'}>{fmtAmount(g.amount_delta)}</span>
        <span className={`m-sub ${g.date_delta_days ? 'delta warn' : 'delta'}`}>{g.date_delta_days === null ? '—' : `${g.date_delta_days} d`}</span>
      </span>
    ),
    rule: (
      <span role="gridcell" key="rule" className="c-rule">
        <span className="m-line">
          <span className="rule-name" title={explainGroup(g, fmtAmount)}>
            {g.rule_id}
          </span>
        </span>
        {/* The name has the cell's whole first line (at 1024 px a confidence beside it left "exac…"). */}
        <span className="m-line m-sub">
          <span className={`badge status-${g.status}`}>{g.status}</span>
          <span className="confidence" aria-label={`confidence ${confidencePercent(g)} %`}>
            {confidencePercent(g)} %
          </span>
          {g.difference_reason && <span className="badge reason">{DIFFERENCE_LABELS[g.difference_reason]}</span>}
        </span>
      </span>
    ),
  };
  const withDifference = g.amount_delta !== null && Math.abs(g.amount_delta) >= 0.005;
  return (
    <>
      <span role="gridcell" className="c-check">
        <input type="checkbox" aria-label={`Select ${pair}`} checked={p.selected} onChange={p.onToggle} />
      </span>
      {p.shown.map((c) => cells[c])}
      <span role="gridcell" className="c-actions">
        <button className="small-btn" aria-label={`Details of ${pair}`} onClick={p.onDetail}>
          Details
        </button>
        {g.status === 'suggested' ? (
          <>
            <button className="small-btn accept" aria-label={`Accept ${pair}`} disabled={p.busy} onClick={() => p.onReview('accept')}>
              Accept
            </button>
            <button className="small-btn" aria-label={`Reject ${pair}`} disabled={p.busy} onClick={() => p.onReview('reject')}>
              Reject
            </button>
            {withDifference && (
              // Accept with difference: the reason is kept on the group and exported for booking.
              // Choosing a reason books nothing (arrow keys on a select change it); the button does.
              <>
                <select className="small-select" aria-label={`Accept ${pair} with its difference as`} disabled={p.busy} value={p.acceptAs} onChange={(e) => p.onAcceptAs(e.target.value as DifferenceReason | '')}>
                  <option value="">Accept as…</option>
                  {(Object.keys(DIFFERENCE_LABELS) as DifferenceReason[]).map((r) => (
                    <option key={r} value={r}>
                      {DIFFERENCE_LABELS[r]}
                    </option>
                  ))}
                </select>
                <button
                  className="small-btn"
                  aria-label={p.acceptAs ? `Accept as ${DIFFERENCE_LABELS[p.acceptAs]}: ${pair}` : `Accept as… (choose the difference first): ${pair}`}
                  disabled={p.busy || !p.acceptAs}
                  onClick={() => {
                    if (!p.acceptAs) return;
                    const reason = p.acceptAs;
                    p.onAcceptAs('');
                    p.onReview('accept', reason);
                  }}
                >
                  Accept as
                </button>
              </>
            )}
          </>
        ) : (
          <button className="small-btn" aria-label={`Unmatch ${pair}`} disabled={p.busy} onClick={() => p.onReview('unmatch')}>
            Unmatch
          </button>
        )}
      </span>
    </>
  );
}
