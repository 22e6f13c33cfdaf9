import { useEffect, useState } from 'react';
import { DATE_FORMATS, NUMBER_FORMATS } from '../../../../shared/column-formats';
import { untypedEvidence, type EvidenceWarning } from '../../../../shared/reconcile/evidence';
import type { ColumnTypePreview } from '../../../../shared/reconcile/sources-and-runs';
import type { WorkspaceState } from '../../../../shared/reconcile/workspace';
import { call, errorMessage } from '../../api/client';
import { useReconcile } from '../../stores/reconcile';

/** The evidence sentences main wrote into the mapping's warnings; the picker says them live instead. */
export const EVIDENCE_WARNING = /^(left|right) column ".*" holds (amounts|dates) but is read as /;

/** A column to pick a format for: untyped (main's evidence check), or dates whose day/month order was assumed. */
type Pick = EvidenceWarning & { assumed?: boolean; format?: string };

/**
 * Amount and date columns of the loaded files that could not be typed (the same check as main's),
 * and date columns read day first only because every day and month is ≤ 12 (`ambiguous_date_order`):
 * 03/04/2026 is 3 April or 4 March, and only the user knows which.
 */
export function untypedColumns(ws: WorkspaceState): Pick[] {
  const left = ws.sources.left?.info;
  const right = ws.sources.right?.info;
  if (!left || !right) return [];
  const out: Pick[] = untypedEvidence({ left, right }, (ws.mapping?.rows ?? []).filter((r) => r.decision !== 'rejected'));
  for (const info of [left, right]) {
    for (const n of info.notices) {
      const c = info.columns.find((x) => x.name === n.column);
      if (n.code !== 'ambiguous_date_order' || !c || c.type !== 'date' || c.overridden || out.some((w) => w.side === info.side && w.column === c.name)) continue;
      out.push({ side: info.side, column: c.name, what: 'date', message: n.message.replace(/ \(override with column_overrides\)$/, '.'), assumed: true, format: c.format });
    }
  }
  return out;
}

/**
 * The way out of an amount or date column that could not be typed (issue 27): pick the format
 * (1.234,56 or 1,234.56; day or month first …), see what the file's values read as — those that do
 * not read first — and only then apply it. Applying re-types the column (`reconcile.setColumnType`).
 */
export function FormatPicker({ ws }: { ws: WorkspaceState }) {
  const columns = untypedColumns(ws);
  if (columns.length === 0) return null;
  return (
    <div className="format-pickers">
      {columns.map((w) => (
        <ColumnFormat key={`${w.side}:${w.column}`} ws={ws} warning={w} />
      ))}
    </div>
  );
}

function defaultFormat(w: Pick): string {
  if (w.format && DATE_FORMATS.some((f) => f.value === w.format)) return w.format;
  if (w.what === 'amount') return /decimal comma|1\.234,56|\d\.\d{3},\d/.test(w.message) ? 'eu' : 'us';
  const named = /=date:([^"]+)"/.exec(w.message)?.[1];
  return named && DATE_FORMATS.some((f) => f.value === named) ? named : 'iso';
}

function ColumnFormat({ ws, warning }: { ws: WorkspaceState; warning: Pick }) {
  const [format, setFormat] = useState(() => defaultFormat(warning));
  const [preview, setPreview] = useState<ColumnTypePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useReconcile((s) => s.busy.mapping);
  const type = warning.what === 'amount' ? 'number' : 'date';
  const choices = type === 'number' ? NUMBER_FORMATS : DATE_FORMATS;
  const alias = ws.aliases[warning.side];
  const name = `“${warning.column}” (${alias})`;
  const headingId = `fmt-${warning.side}-${warning.column.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const chosen = choices.find((c) => c.value === format)?.label ?? format;
  const version = ws.sources[warning.side]?.info.sha256;

  useEffect(() => {
    let live = true;
    setError(null);
    call('reconcile.previewColumnType', { id: ws.id, side: warning.side, column: warning.column, type, format }).then(
      (p) => live && setPreview(p),
      (e: unknown) => live && (setPreview(null), setError(errorMessage(e))),
    );
    return () => {
      live = false;
    };
  }, [ws.id, warning.side, warning.column, type, format, version]);

  const apply = () =>
    void useReconcile.getState().act('mapping', `Reading ${warning.column} as ${chosen}…`, 'reconcile.setColumnType', { id: ws.id, side: warning.side, column: warning.column, type, format });
  const shown = preview && preview.format === format ? preview : null;
  const readable = shown ? shown.sampled - shown.unreadable : 0;
  return (
    <section className="format-picker" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {warning.assumed ? `${name}: day or month first?` : `${name} holds ${warning.what === 'amount' ? 'amounts' : 'dates'} but is read as text`}
      </h3>
      <p className="small muted">{warning.message.replace(/ Fix: .*$/, '')}</p>
      <div className="format-picker-row">
        <label>
          Read its values as{' '}
          <select aria-label={`Format of ${warning.column} (${alias})`} value={format} onChange={(e) => setFormat(e.target.value)}>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="primary" disabled={!shown || Boolean(busy)} onClick={apply}>
          Use this format
        </button>
      </div>
      {error && (
        <p className="warn-text small" role="alert">
          {error}
        </p>
      )}
      {shown && (
        <>
          <p className="small" role="status">
            {readable} of {shown.sampled} value(s) in the first rows read as {type === 'number' ? 'amounts' : 'dates'} with {chosen}
            {shown.unreadable > 0 ? `; ${shown.unreadable} do not — once applied, each becomes a ${warning.what}_unreadable exception with its reason.` : '.'}
          </p>
          <table className="grid-table format-preview" aria-label={`Preview of ${warning.column} (${alias}) read as ${chosen}`}>
            <thead>
              <tr>
                <th scope="col">In the file</th>
                <th scope="col">Read as</th>
              </tr>
            </thead>
            <tbody>
              {shown.values.map((v) => (
                <tr key={v.raw}>
                  <td className="mono">{v.raw}</td>
                  <td className={v.parsed === null ? 'warn-text' : 'mono'}>{v.parsed ?? 'does not read'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
