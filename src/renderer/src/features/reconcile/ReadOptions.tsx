/**
 * How a source was read, and the way to change it: the sheet of a workbook, lines above the header
 * and below the data, and a report's headings and subtotals inside it (with the lines that were skipped and why), delimiter, decimal separator and
 * encoding, quoting and whether there is a header row — chosen from lists, not typed. A changed
 * choice is previewed at once (reconcile.previewRead: the first rows as they would be read, and
 * the lines left out); "Read again" re-reads the same file with it (reconcile.retrySource). The
 * options are stored with the source and in recipes.
 */
import { useEffect, useState } from 'react';
import type { ReadPreview, SourceInfo, Side } from '../../../../shared/reconcile/sources-and-runs';
import { EncodingSchema } from '../../../../shared/reconcile/recipe';
import { call } from '../../api/client';
import { selectBusy, useReconcile } from '../../stores/reconcile';
import { DELIMITERS } from './delimiters';
import { RowsTable } from '../../components/RowsTable';

/** The encodings a read may name: the recipe schema's list (one place). */
const ENCODINGS = EncodingSchema.options;

interface Choice {
  sheet?: string;
  skip_top: number;
  skip_bottom: number;
  delimiter: string;
  decimal: ',' | '.';
  encoding: (typeof ENCODINGS)[number];
  quote: '"' | 'none';
  header: boolean;
}

/** What the load decided about the table's shape, said again next to the options that change it. */
const READ_NOTICES = new Set(['no_header_row', 'report_lines', 'report_total_mismatch', 'report_headings_filled']);

const fromInfo = (info: SourceInfo): Choice => ({
  ...(info.sheet ? { sheet: info.sheet.name } : {}),
  skip_top: info.skip_top ?? 0,
  skip_bottom: info.skip_bottom ?? 0,
  delimiter: info.delimiter,
  decimal: info.decimal?.separator ?? '.',
  encoding: (ENCODINGS as readonly string[]).includes(info.encoding.toLowerCase()) ? (info.encoding.toLowerCase() as Choice['encoding']) : 'utf-8',
  quote: info.quote === 'none' ? 'none' : '"',
  header: info.has_header,
});

/**
 * The read options a choice sends: only what differs from how the file was read (a workbook has no
 * delimiter, encoding or quoting). Detected values are not pinned: they travel with Duplicate and
 * recipes to next month's file, where "1 line below the data" must be detected again, not assumed.
 */
const readOf = (c: Choice, info: SourceInfo) => {
  const was = fromInfo(info);
  const keys: (keyof Choice)[] = info.sheet ? ['sheet', 'skip_top', 'skip_bottom', 'decimal', 'header'] : ['skip_top', 'skip_bottom', 'delimiter', 'decimal', 'encoding', 'quote', 'header'];
  // The header box is always sent: what it shows is what is read (a header is stable from month to month).
  return Object.fromEntries(keys.filter((k) => k === 'header' || c[k] !== was[k]).map((k) => [k, c[k]]));
};

export function ReadOptions({ side, id, info }: { side: Side; id: string; info: SourceInfo }) {
  const [choice, setChoice] = useState<Choice>(() => fromInfo(info));
  useEffect(() => setChoice(fromInfo(info)), [info]);
  const busy = useReconcile(selectBusy(side));
  const isSheet = Boolean(info.sheet);
  const changed = JSON.stringify(choice) !== JSON.stringify(fromInfo(info));
  const set = <K extends keyof Choice>(k: K, v: Choice[K]) => setChoice((c) => ({ ...c, [k]: v }));
  const reread = () => void useReconcile.getState().act(side, 'Re-reading…', 'reconcile.retrySource', { id, side, read: readOf(choice, info) } as never);
  // A changed choice is previewed a moment after the last change (a sheet only after reading it).
  const [preview, setPreview] = useState<{ data?: ReadPreview; error?: string } | null>(null);
  useEffect(() => {
    if (!changed || isSheet) return setPreview(null);
    let live = true;
    const t = setTimeout(() => {
      call('reconcile.previewRead', { id, side, read: readOf(choice, info) } as never).then(
        (data) => live && setPreview({ data: data as ReadPreview }),
        (e: unknown) => live && setPreview({ error: e instanceof Error ? e.message : String(e) }),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [choice, changed, isSheet, id, side, info]);
  const label = (what: string) => `${what} of the ${side} source`;
  return (
    <details className="read-options">
      <summary>How this file was read</summary>
      <div className="read-grid small">
        {info.sheet && (
          <label>
            Sheet
            <select aria-label={label('Sheet')} value={choice.sheet} onChange={(e) => set('sheet', e.target.value)}>
              {info.sheet.sheets.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
        )}
        <label>
          Lines above the header
          <input type="number" min={0} max={10000} aria-label={label('Lines above the header')} value={choice.skip_top} onChange={(e) => set('skip_top', Math.max(0, Number(e.target.value) || 0))} />
        </label>
        <label>
          Lines below the data
          <input type="number" min={0} max={10000} aria-label={label('Lines below the data')} value={choice.skip_bottom} onChange={(e) => set('skip_bottom', Math.max(0, Number(e.target.value) || 0))} />
        </label>
        {!isSheet && (
          <label>
            Delimiter
            <select aria-label={label('Delimiter')} value={choice.delimiter} onChange={(e) => set('delimiter', e.target.value)}>
              {DELIMITERS.map((d) => (
                <option key={d.name} value={d.char}>
                  {d.symbol ? `${d.name} ${d.symbol}` : d.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          Decimal separator
          <select aria-label={label('Decimal separator')} value={choice.decimal} onChange={(e) => set('decimal', e.target.value as Choice['decimal'])}>
            <option value=".">point: 1,234.56</option>
            <option value=",">comma: 1.234,56</option>
          </select>
        </label>
        {!isSheet && (
          <label>
            Quotes
            <select aria-label={label('Quotes')} value={choice.quote} onChange={(e) => set('quote', e.target.value as Choice['quote'])}>
              <option value={'"'}>"double quotes" enclose text</option>
              <option value="none">none: quotes are text</option>
            </select>
          </label>
        )}
        <label className="check">
          <input type="checkbox" aria-label={label('First line read is a header')} checked={choice.header} onChange={(e) => set('header', e.target.checked)} />
          First line read is a header
        </label>
        {!isSheet && (
          <label>
            Encoding
            <select aria-label={label('Encoding')} value={choice.encoding} onChange={(e) => set('encoding', e.target.value as Choice['encoding'])}>
              {ENCODINGS.map((e) => (
                <option key={e}>{e}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      {info.notices
        .filter((n) => READ_NOTICES.has(n.code))
        .map((n) => (
          <p key={n.code} className={n.code === 'report_total_mismatch' ? 'field-error small' : 'muted small'}>
            {n.message}
          </p>
        ))}
      {info.decimal && <p className="muted small">Amounts were read with a decimal {info.decimal.separator === ',' ? 'comma' : 'point'}: {info.decimal.reason}.</p>}
      {(info.skipped_lines?.length ?? 0) > 0 && (
        <ul className="skipped-lines small" aria-label={label('Lines not read')}>
          {info.skipped_lines!.map((l, i) => (
            <li key={i}>
              {l.where !== 'bottom' ? `line ${l.line}` : l.line === 1 ? 'last line' : `line ${l.line} from the end`}: <code>{l.text}</code> — {l.reason}
            </li>
          ))}
        </ul>
      )}
      {preview?.error && (
        <p className="field-error small" role="status">
          {preview.error}
        </p>
      )}
      {preview?.data && <PreviewTable side={side} preview={preview.data} />}
      <div className="toolbar">
        <button className="primary" disabled={!changed || Boolean(busy)} onClick={reread}>
          Read again with these options
        </button>
        {changed && (
          <button className="link-button" onClick={() => setChoice(fromInfo(info))}>
            Reset
          </button>
        )}
      </div>
    </details>
  );
}

/** The first rows as they would be read, and what would be left out. */
function PreviewTable({ side, preview }: { side: Side; preview: ReadPreview }) {
  return (
    <div className="read-preview" role="region" aria-label={`Preview of the ${side} source with these options`}>
      <p className="muted small">
        Preview: {preview.columns.length} column(s){preview.header ? ' named by the header row' : ', no header row'}
        {preview.skipped.length > 0 && `; ${preview.skipped.length} line(s) left out`}
        {!preview.complete && ' (from the start of the file; lines below the data show after reading)'}.
      </p>
      <div className="preview-scroll">
        <RowsTable className="small" columns={preview.columns.map((name) => ({ name }))} rows={preview.rows} />
      </div>
    </div>
  );
}
