/**
 * The detail of one result: every column of every member row of both sides, side by side, and
 * why it matched (rule, named difference, confidence) — what a reviewer checks before accepting.
 * Opened from a row's "Details" button; focus moves into it and back to the button on close.
 */
import { useEffect, useRef } from 'react';
import type { GroupPageItem, RecordPageItem, Side } from '../../../../shared/reconcile/sources-and-runs';
import { explainGroup } from '../../../../shared/group-explanation';
import { resultLabel } from './result-label';

const HIDDEN = new Set(['__row_id', '__row_hash', '__line']);

function RowsTable(props: { caption: string; rows: Record<string, unknown>[]; format: (v: unknown) => string }) {
  const columns = [...new Set(props.rows.flatMap((r) => Object.keys(r)))].filter((c) => !HIDDEN.has(c));
  return (
    <table className="detail-table">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">line</th>
          {columns.map((c) => (
            <th scope="col" key={c}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r, i) => (
          <tr key={String(r.__row_id ?? i)}>
            {/* The line in the user's file (as the exports' `line`); the engine's row number only when that is not known. */}
            <td>{typeof r.__line === 'number' ? String(r.__line) : r.__row_id !== undefined ? `row ${String(r.__row_id)}` : '—'}</td>
            {columns.map((c) => (
              <td key={c}>{props.format(r[c])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ResultDetail(props: {
  item: GroupPageItem | RecordPageItem;
  aliases: Record<Side, string>;
  format: (v: unknown) => string;
  formatAmount: (n: number) => string;
  onClose(): void;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [props.item]);
  const { item } = props;
  const label = resultLabel(item, props.aliases);
  const title = 'group_id' in item ? `Group ${item.group_id}` : label;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the panel from any control inside it (the keydown bubbles up)
    <section ref={ref} tabIndex={-1} className="result-detail" aria-label={`Details of ${label}`} onKeyDown={(e) => e.key === 'Escape' && props.onClose()}>
      <header className="toolbar">
        <strong>{title}</strong>
        <span className="grow" />
        <button className="small-btn" onClick={props.onClose}>
          Close details
        </button>
      </header>
      {'group_id' in item ? (
        <>
          <p className="small">{explainGroup(item, props.formatAmount)}.</p>
          {item.note && <p className="small muted">Note: {item.note}</p>}
          <RowsTable caption={`${props.aliases.left} (${item.left_rows.length})`} rows={item.left_rows} format={props.format} />
          <RowsTable caption={`${props.aliases.right} (${item.right_rows.length})`} rows={item.right_rows} format={props.format} />
        </>
      ) : (
        <>
          {item.exception && (
            <p className="small">
              Exception: {item.exception.reason.replace(/_/g, ' ')} under rule “{item.exception.rule_id}”
              {item.exception.counterpart_row_id !== null &&
                (typeof item.counterpart_line === 'number' ? `, closest counterpart on line ${item.counterpart_line}` : `, closest counterpart row ${item.exception.counterpart_row_id}`)}
              {item.exception.amount_delta !== null && `, amount off by ${props.formatAmount(Math.abs(item.exception.amount_delta))}`}.
            </p>
          )}
          <RowsTable caption={props.aliases[item.side]} rows={[{ __row_id: item.row_id, __line: item.line, ...item.row }]} format={props.format} />
        </>
      )}
    </section>
  );
}
