/**
 * Column-level lineage of one view or table: its columns (each with what it is made from), and
 * for a chosen column either the columns it is made from, down to base tables, or every view
 * column that reads it — "what breaks if I drop it". Tables have no column list in most
 * catalogs, so for a table the user names the column.
 */
import { useEffect, useId, useState } from 'react';
import { INDIRECT_USE, type ColumnTrace, type ViewColumns } from '../../../../shared/lineage';
import { call, errorMessage } from '../../api/client';
import { traceSummary } from './column-trace-text';
import { MermaidView } from './MermaidView';

type Direction = 'upstream' | 'downstream';

export function ColumnsPanel({ name, onClose }: { name: string; onClose(): void }) {
  const [columns, setColumns] = useState<ViewColumns>();
  const [error, setError] = useState<string>();
  const [selected, setSelected] = useState<string>();
  const [direction, setDirection] = useState<Direction>('upstream');
  const [trace, setTrace] = useState<ColumnTrace>();
  const [traceError, setTraceError] = useState<string>();
  const [tracing, setTracing] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();

  useEffect(() => {
    let live = true;
    setColumns(undefined);
    setError(undefined);
    setSelected(undefined);
    setTrace(undefined);
    call('lineage.viewColumns', { name }).then(
      (c) => {
        if (!live) return;
        setColumns(c);
        if (c.kind === 'table') setDirection('downstream');
      },
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [name]);

  useEffect(() => {
    if (!selected) return;
    let live = true;
    setTracing(true);
    setTraceError(undefined);
    call('lineage.traceColumn', { name, column: selected, direction }).then(
      (t) => {
        if (!live) return;
        setTrace(t);
        setTracing(false);
      },
      (e: unknown) => {
        if (!live) return;
        setTrace(undefined);
        setTraceError(errorMessage(e));
        setTracing(false);
      },
    );
    return () => {
      live = false;
    };
  }, [name, selected, direction]);

  const isTable = columns?.kind === 'table';
  const unlistedTable = isTable && columns.columns.length === 0;
  return (
    <div className="sql-panel columns-panel" role="region" aria-label="Column lineage" tabIndex={0}>
      <header>
        <h3>Columns of {name}</h3>
        <button className="icon-button" aria-label="Close columns" onClick={onClose}>
          ×
        </button>
      </header>
      {error && <p className="field-error">{error}</p>}
      {!columns && !error && <p className="muted small">Reading the columns…</p>}
      {columns?.error && !isTable && (
        <p className="field-error">
          {name} {columns.error}.
        </p>
      )}
      {unlistedTable && (
        <form
          className="inline"
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim()) setSelected(typed.trim());
          }}
        >
          <label htmlFor={inputId}>A column of {name}</label>
          <input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="discount" />
          <button type="submit">What reads it</button>
          <span className="muted small">The catalog does not list a table’s columns; name the one you want to change or drop.</span>
        </form>
      )}
      {columns && columns.columns.length > 0 && (
        <ul className="column-list" aria-label={`Columns of ${name}`}>
          {columns.columns.map((c) => (
            <li key={c.name}>
              <button className={c.name === selected ? 'column-chip selected' : 'column-chip'} aria-pressed={c.name === selected} onClick={() => setSelected(c.name)}>
                {c.name}
              </button>
              {!isTable && (
                <span className="muted small">
                  {' '}
                  ← {c.origins.length ? c.origins.map((o) => `${o.relation}.${o.column}${o.kind === 'direct' ? '' : ` (${o.kind})`}${o.assumed ? ' (assumed)' : ''}`).join(', ') : 'no source column'}
                  {(c.indirect?.length ?? 0) > 0 && `; reads ${c.indirect?.map((i) => `${i.relation}.${i.column} (${INDIRECT_USE[i.subtype]})`).join(', ')}`}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {columns && (columns.indirect?.length ?? 0) > 0 && (
        <div className="indirect-columns">
          <p className="muted small">Indirect: the view only joins, filters, groups or sorts on these (dropping one breaks every column):</p>
          <ul className="column-list" aria-label={`Columns ${name} joins, filters, groups or sorts on`}>
            {columns.indirect?.map((i) => (
              <li key={`${i.relation}.${i.column}.${i.subtype}`} className="muted small">
                {i.relation}.{i.column} ({INDIRECT_USE[i.subtype]})
              </li>
            ))}
          </ul>
        </div>
      )}
      {columns && (columns.untraced?.length ?? 0) > 0 && (
        <p className="muted small">
          Its <code>*</code> also reads {columns.untraced?.join(', ')}, which column lineage does not follow: those columns are not listed.
        </p>
      )}
      {columns && columns.passesThrough.length > 0 && (
        <p className="muted small">
          Also passes through every column of {columns.passesThrough.join(', ')} (a <code>*</code> over relations whose columns the catalog does not list).
        </p>
      )}
      {selected && (
        <div className="column-trace">
          <div className="toolbar" role="group" aria-label="Which way">
            <button aria-pressed={direction === 'upstream'} disabled={isTable} onClick={() => setDirection('upstream')}>
              Made from
            </button>
            <button aria-pressed={direction === 'downstream'} onClick={() => setDirection('downstream')}>
              Read by (impact)
            </button>
            {tracing && <span className="muted small"> tracing…</span>}
          </div>
          {traceError && (
            <p className="field-error" role="alert">
              {traceError}
            </p>
          )}
          {trace && !tracing && <TraceView trace={trace} />}
        </div>
      )}
    </div>
  );
}

function TraceView({ trace }: { trace: ColumnTrace }) {
  return (
    <>
      <p aria-live="polite" data-testid="trace-summary">
        {traceSummary(trace)}
      </p>
      {trace.edges.length > 0 && <MermaidView source={trace.mermaid} label={`Column lineage of ${trace.column}`} />}
      {trace.edges.length > 0 && (
        <details>
          <summary>As a list</summary>
          <ul aria-label="Column lineage steps">
            {trace.edges.map((e) => (
              <li key={`${e.from}>${e.to}`}>
                {e.from} → {e.to}{' '}
                <span className="muted small">
                  ({e.kind}
                  {e.assumed ? `; assumed: ${e.assumed}` : ''})
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {trace.notes.length > 0 && (
        <div role="note">
          <p className="small">Not followed with certainty:</p>
          <ul className="small">
            {trace.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
