/**
 * How a source was read, and the way to change it: the sheet of a workbook, lines above the header
 * and below the data (with the lines that were skipped and why), delimiter, decimal separator and
 * encoding — chosen from lists, not typed. "Read again" re-reads the same file with these options
 * (reconcile.retrySource); they are stored with the source and in recipes.
 */
import { useEffect, useState } from 'react';
import type { SourceInfo, Side } from '../../../../shared/recon-engine';
import { useReconcile } from '../../stores/reconcile';

const DELIMITERS: [string, string][] = [
  [',', 'comma ,'],
  [';', 'semicolon ;'],
  ['\t', 'tab'],
  ['|', 'pipe |'],
];
const ENCODINGS = ['utf-8', 'windows-1252', 'latin1', 'utf-16le', 'utf-16be'] as const;

interface Choice {
  sheet?: string;
  skip_top: number;
  skip_bottom: number;
  delimiter: string;
  decimal: ',' | '.';
  encoding: (typeof ENCODINGS)[number];
}

const fromInfo = (info: SourceInfo): Choice => ({
  ...(info.sheet ? { sheet: info.sheet.name } : {}),
  skip_top: info.skip_top ?? 0,
  skip_bottom: info.skip_bottom ?? 0,
  delimiter: info.delimiter,
  decimal: info.decimal?.separator ?? '.',
  encoding: (ENCODINGS as readonly string[]).includes(info.encoding.toLowerCase()) ? (info.encoding.toLowerCase() as Choice['encoding']) : 'utf-8',
});

export function ReadOptions({ side, id, info }: { side: Side; id: string; info: SourceInfo }) {
  const [choice, setChoice] = useState<Choice>(() => fromInfo(info));
  useEffect(() => setChoice(fromInfo(info)), [info]);
  const busy = useReconcile((s) => s.busy[side]);
  const isSheet = Boolean(info.sheet);
  const changed = JSON.stringify(choice) !== JSON.stringify(fromInfo(info));
  const set = <K extends keyof Choice>(k: K, v: Choice[K]) => setChoice((c) => ({ ...c, [k]: v }));
  const reread = () =>
    void useReconcile.getState().act(side, 'Re-reading…', 'reconcile.retrySource', {
      id,
      side,
      read: isSheet
        ? { sheet: choice.sheet, skip_top: choice.skip_top, skip_bottom: choice.skip_bottom, decimal: choice.decimal }
        : { skip_top: choice.skip_top, skip_bottom: choice.skip_bottom, delimiter: choice.delimiter, decimal: choice.decimal, encoding: choice.encoding },
    } as never);
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
              {DELIMITERS.map(([d, name]) => (
                <option key={name} value={d}>
                  {name}
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
            Encoding
            <select aria-label={label('Encoding')} value={choice.encoding} onChange={(e) => set('encoding', e.target.value as Choice['encoding'])}>
              {ENCODINGS.map((e) => (
                <option key={e}>{e}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      {info.decimal && <p className="muted small">Amounts were read with a decimal {info.decimal.separator === ',' ? 'comma' : 'point'}: {info.decimal.reason}.</p>}
      {(info.skipped_lines?.length ?? 0) > 0 && (
        <ul className="skipped-lines small" aria-label={label('Lines not read')}>
          {info.skipped_lines!.map((l, i) => (
            <li key={i}>
              {l.where === 'top' ? `line ${l.line}` : l.line === 1 ? 'last line' : `line ${l.line} from the end`}: <code>{l.text}</code> — {l.reason}
            </li>
          ))}
        </ul>
      )}
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
