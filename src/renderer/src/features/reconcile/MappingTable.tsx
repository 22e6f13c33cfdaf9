import { useState } from 'react';
import { focusWhenReady, revealInScroller } from '../../components/focus';
import { Name } from './names';
import type { FieldRole } from '../../../../shared/reconcile/recipe';
import type { MappingRow } from '../../../../shared/reconcile/workspace';

const ROLES: FieldRole[] = ['key', 'amount', 'date', 'text', 'other'];

export interface MappingTableProps {
  rows: MappingRow[];
  leftColumns: string[];
  rightColumns: string[];
  leftAlias: string;
  rightAlias: string;
  unmappedLeft: string[];
  unmappedRight: string[];
  confirmed: boolean;
  busy?: boolean;
  /** Receives an edit, applied by the owner to its latest rows: clicks in quick succession all count. */
  onChange(edit: (rows: MappingRow[]) => MappingRow[]): void;
  onConfirm(rows: MappingRow[]): void;
}

export function confidenceLabel(c: number): string {
  return `${Math.round(c * 100)}%`;
}

/** Rows still to decide whose confidence reaches the threshold become accepted. */
export function acceptAbove(rows: MappingRow[], threshold: number): MappingRow[] {
  return rows.map((r) => (r.decision === 'pending' && r.confidence >= threshold ? { ...r, decision: 'accepted' } : r));
}

/**
 * The columns a pair's select offers, its own always among them: a select whose value is not an
 * option shows its first option instead (a proposed signed_amount read as "Tanggal Transaksi").
 */
const withValue = (columns: string[], value: string) => (columns.includes(value) ? columns : [...columns, value]);

/** The mapping review: every proposed pair with its evidence, and the user's decision. */
export function MappingTable(props: MappingTableProps) {
  const { rows } = props;
  const [threshold, setThreshold] = useState(0.8);
  const update = (i: number, patch: Partial<MappingRow>) => props.onChange((current) => current.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const pending = rows.filter((r) => r.decision === 'pending').length;
  const accepted = rows.filter((r) => r.decision === 'accepted').length;
  const eligible = rows.filter((r) => r.decision === 'pending' && r.confidence >= threshold).length;
  const firstUnusedLeft = props.leftColumns.find((c) => !rows.some((r) => r.decision !== 'rejected' && r.field_a === c)) ?? props.leftColumns[0];
  const firstUnusedRight = props.rightColumns.find((c) => !rows.some((r) => r.decision !== 'rejected' && r.field_b === c)) ?? props.rightColumns[0];

  return (
    <div className="mapping">
      <div className="toolbar mapping-toolbar">
        <label className="inline threshold">
          <span>Threshold</span>
          <input type="range" min={0} max={1} step={0.05} value={threshold} aria-label="Confidence threshold" onChange={(e) => setThreshold(Number(e.target.value))} />
          <output>{confidenceLabel(threshold)}</output>
        </label>
        <button
          disabled={eligible === 0}
          onClick={() => {
            props.onChange((current) => acceptAbove(current, threshold));
            // This button is disabled now (nothing left above the threshold): focus goes on to
            // "Confirm mapping", or to the first pair still to decide, never to <body>.
            focusWhenReady('#confirm-mapping', 30, '.mapping-table tr.decision-pending button.accept');
          }}
        >
          Accept all ≥ {confidenceLabel(threshold)} ({eligible})
        </button>
        <button
          onClick={() =>
            props.onChange((current) => [...current, { field_a: firstUnusedLeft, field_b: firstUnusedRight, confidence: 1, reason: 'added by hand', role: 'other', engine: 'manual', decision: 'accepted', key: false }])
          }
        >
          Add pair
        </button>
        <span className="grow" />
        <span className="muted small" aria-live="polite">
          {accepted} accepted · {pending} to decide
        </span>
        <button id="confirm-mapping" className="primary" disabled={props.busy || pending > 0 || accepted === 0} onClick={() => props.onConfirm(rows)} title={pending > 0 ? 'Accept or reject every pair first' : undefined}>
          {props.confirmed ? 'Mapping confirmed ✓' : 'Confirm mapping'}
        </button>
      </div>
      {/* Scrolls sideways in a small window; the Decision column stays in view (sticky). */}
      <div
        className="table-scroll"
        onFocus={(e) => {
          // A control of the (sticky) Decision column is always in view; any other one is kept clear of it.
          const t = e.target as HTMLElement;
          const cell = t.closest('td, th');
          const sticky = cell?.parentElement?.lastElementChild;
          if (cell && sticky && cell !== sticky) revealInScroller(e.currentTarget, t, sticky.getBoundingClientRect().width);
        }}
      >
      <table className="grid-table mapping-table" aria-label="Proposed column pairs">
        <thead>
          <tr>
            <th scope="col"><Name full={props.leftAlias} /></th>
            <th scope="col"><Name full={props.rightAlias} /></th>
            <th scope="col">Confidence</th>
            <th scope="col">Role</th>
            <th scope="col">Key</th>
            <th scope="col">Why</th>
            <th scope="col">Decision</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const pair = `${r.field_a} ↔ ${r.field_b}`;
            return (
              <tr key={i} className={`decision-${r.decision}`} aria-label={pair}>
                <td>
                  <select aria-label={`Left column of pair ${i + 1}`} value={r.field_a} onChange={(e) => update(i, { field_a: e.target.value, engine: 'manual', reason: 'chosen by hand', decision: r.decision === 'rejected' ? 'pending' : r.decision })}>
                    {withValue(props.leftColumns, r.field_a).map((c) => (
                      <option key={c}>{c}</option>
                    ))}
                  </select>
                </td>
                <td>
                  <select aria-label={`Right column of pair ${i + 1}`} value={r.field_b} onChange={(e) => update(i, { field_b: e.target.value, engine: 'manual', reason: 'chosen by hand', decision: r.decision === 'rejected' ? 'pending' : r.decision })}>
                    {withValue(props.rightColumns, r.field_b).map((c) => (
                      <option key={c}>{c}</option>
                    ))}
                  </select>
                </td>
                <td>
                  <div className="confidence" title={`${confidenceLabel(r.confidence)} confident`}>
                    <div className="confidence-bar" role="meter" aria-label={`Confidence of ${pair}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(r.confidence * 100)}>
                      <span style={{ width: `${r.confidence * 100}%` }} className={r.confidence >= 0.8 ? 'high' : r.confidence >= 0.5 ? 'mid' : 'low'} />
                    </div>
                    <span className="num">{confidenceLabel(r.confidence)}</span>
                  </div>
                </td>
                <td>
                  <select aria-label={`Role of ${pair}`} value={r.role} onChange={(e) => update(i, { role: e.target.value as FieldRole })}>
                    {ROLES.map((x) => (
                      <option key={x}>{x}</option>
                    ))}
                  </select>
                </td>
                <td className="center">
                  <input type="checkbox" aria-label={`Key field: ${pair}`} checked={r.key} onChange={(e) => update(i, { key: e.target.checked })} />
                </td>
                <td className="reason">
                  <span>{r.reason}</span>
                  <span className={`badge engine-${r.engine}`} title="Which engine proposed this pair">
                    {r.engine}
                  </span>
                </td>
                <td>
                  <div className="decision" role="group" aria-label={`Decision for ${pair}`}>
                    <button aria-pressed={r.decision === 'accepted'} className={r.decision === 'accepted' ? 'accept on' : 'accept'} onClick={() => update(i, { decision: 'accepted' })} aria-label={`Accept ${pair}`}>
                      ✓
                    </button>
                    <button aria-pressed={r.decision === 'rejected'} className={r.decision === 'rejected' ? 'reject on' : 'reject'} onClick={() => update(i, { decision: 'rejected' })} aria-label={`Reject ${pair}`}>
                      ✕
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      </div>
      <div className="unmapped">
        <div>
          <h3 className="label-heading">Unmapped in <Name full={props.leftAlias} /></h3>
          <ul aria-label={`Unmapped columns of ${props.leftAlias}`} className="chip-list">
            {props.unmappedLeft.length ? props.unmappedLeft.map((c) => <li key={c} className="col-chip">{c}</li>) : <li className="muted small">none</li>}
          </ul>
        </div>
        <div>
          <h3 className="label-heading">Unmapped in <Name full={props.rightAlias} /></h3>
          <ul aria-label={`Unmapped columns of ${props.rightAlias}`} className="chip-list">
            {props.unmappedRight.length ? props.unmappedRight.map((c) => <li key={c} className="col-chip">{c}</li>) : <li className="muted small">none</li>}
          </ul>
        </div>
      </div>
    </div>
  );
}
