import { useCallback, useEffect, useRef, useState } from 'react';
import type { ColumnType } from '../../../../shared/reconcile/recipe';
import type { Side, SourceProfile } from '../../../../shared/reconcile/sources-and-runs';
import { describePlanLayout, describeTypeFixes, type ReadPlan } from '../../../../shared/reconcile/workspace';
import { DATE_FORMATS, NUMBER_FORMATS } from '../../../../shared/column-formats';
import { call } from '../../api/client';
import { ReadOptions } from './ReadOptions';
import { selectBusy, selectDialogs, selectError, selectProgress, selectUpload, selectWorkspace, selectWorkspaceId, useReconcile } from '../../stores/reconcile';
import { cell } from './ResultsTabs';
import { usePaged, VirtualList } from './VirtualList';
import { formatNumber } from '../../stores/display';
import { SortHeader, type ColumnSort } from '../../components/SortHeader';
import { delimiterName } from './delimiters';
import { DatabaseSource } from './DatabaseSource';

const TYPES: ColumnType[] = ['text', 'number', 'date', 'timestamp', 'boolean'];
const NO_PROFILE: SourceProfile | null = null;

export function fmtBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

export function SourcesPanel() {
  const ws = useReconcile(selectWorkspace);
  const dialogs = useReconcile(selectDialogs);
  const { addFiles, addPaths, act } = useReconcile.getState();
  const input = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<Side | undefined>();
  if (!ws) return null;
  const pick = async (side?: Side) => {
    if (dialogs) {
      const r = await act('workspace', 'Choosing…', 'reconcile.chooseFiles', {});
      if (r?.paths.length) await addPaths(r.paths, side);
      return;
    }
    setTarget(side);
    input.current?.click();
  };
  return (
    <section className="rc-section" aria-labelledby="step-sources">
      <header className="rc-section-head">
        <h2 id="step-sources">
          <span className="step-no">1</span> Sources
        </h2>
        <div className="toolbar">
          <button id="choose-files" onClick={() => void pick()}>
            Choose files…
          </button>
          <button disabled={!ws.sources.left && !ws.sources.right} onClick={() => void act('workspace', 'Swapping…', 'reconcile.swapSides', { id: ws.id })}>
            ⇄ Swap left and right
          </button>
        </div>
        <input
          ref={input}
          type="file"
          accept=".csv,.tsv,.txt,.gz,.xlsx,.xlsm,.xml,.camt,.sta,.mt940,.mt942,.940,.942,.swi,.bai,.bai2,.ofx,.qfx,text/csv"
          multiple
          hidden
          aria-label="Choose CSV, Excel or bank statement files"
          data-testid="file-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void addFiles(files, target);
          }}
        />
      </header>
      <div className="source-cards">
        <SourceCard side="left" onPick={() => void pick('left')} />
        <SourceCard side="right" onPick={() => void pick('right')} />
      </div>
    </section>
  );
}

function SourceCard({ side, onPick }: { side: Side; onPick(): void }) {
  const ws = useReconcile(selectWorkspace)!;
  const busy = useReconcile(selectBusy(side));
  const error = useReconcile(selectError(side));
  const progress = useReconcile(selectProgress(side));
  const uploading = useReconcile(selectUpload(side));
  const { act, cancelLoad, addFiles } = useReconcile.getState();
  const loading = progress?.kind === 'load' && progress.fraction < 1;
  const src = ws.sources[side];
  const failure = ws.source_errors[side];
  const [profile, setProfile] = useState<SourceProfile | null>(NO_PROFILE);
  const [showPreview, setShowPreview] = useState(false);
  const [pasting, setPasting] = useState(false);
  const [fromDb, setFromDb] = useState(false);
  const [alias, setAlias] = useState(ws.aliases[side]);
  useEffect(() => setAlias(ws.aliases[side]), [ws.aliases, side]);
  const sha = src?.info.sha256;
  const columnsKey = JSON.stringify(src?.info.columns ?? []);
  useEffect(() => {
    setProfile(null);
    if (!sha) return;
    let live = true;
    call('reconcile.profile', { id: ws.id, side }).then(
      (p) => live && setProfile(p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ws.id, side, sha, columnsKey]);
  const title = side === 'left' ? 'Left source' : 'Right source';
  const [over, setOver] = useState(false);

  return (
    <article
      className={`source-card${over ? ' drag-over' : ''}${src ? '' : ' empty'}`}
      aria-label={title}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          e.stopPropagation();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        const files = [...e.dataTransfer.files];
        if (files.length) void addFiles(files.slice(0, 1), side);
      }}
    >
      <header className="source-head">
        <span className="side-tag">{side === 'left' ? 'Left' : 'Right'}</span>
        {src ? (
          <form
            className="alias-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (alias.trim() && alias !== ws.aliases[side]) void act(side, 'Renaming…', 'reconcile.setAlias', { id: ws.id, side, alias });
            }}
          >
            <input aria-label={`Name of the ${side} source`} value={alias} onChange={(e) => setAlias(e.target.value)} onBlur={(e) => e.currentTarget.form?.requestSubmit()} />
          </form>
        ) : (
          <strong>{title}</strong>
        )}
      </header>

      {(busy || uploading) && (
        <div className="load-progress" role="status" aria-live="polite">
          <div className="progress" role="progressbar" aria-label={`Loading ${side} source`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress ? Math.round(progress.fraction * 100) : undefined}>
            <div className={progress && progress.kind === 'upload' ? 'bar' : 'bar indeterminate'} style={{ width: progress && progress.kind === 'upload' ? `${progress.fraction * 100}%` : '40%' }} />
            <span>{busy ?? 'Uploading…'}</span>
          </div>
          {(uploading || loading) && (
            <button className="small-btn" aria-label={`Cancel loading the ${side} source`} onClick={() => void cancelLoad(side)}>
              Cancel
            </button>
          )}
        </div>
      )}

      {failure && (
        <div className="banner error source-error" role="alert">
          <span>{failure.message}</span>
          <div className="toolbar">
            {failure.actions.map((a) => (
              <button key={a.label} onClick={() => void act(side, 'Re-reading…', 'reconcile.retrySource', { id: ws.id, side, read: a.read as never })}>
                {a.label}
              </button>
            ))}
            <button onClick={onPick}>Pick another file</button>
          </div>
        </div>
      )}
      {error && !failure && (
        <div className="banner error" role="alert">
          {error}
        </div>
      )}

      {pasting && <PasteForm side={side} onClose={() => setPasting(false)} />}
      {fromDb && <DatabaseSource side={side} onClose={() => setFromDb(false)} />}

      {!src && !busy && !uploading && !pasting && !fromDb && (
        <div className="drop-hint">
          <p className="lead">Drop a CSV here</p>
          <p className="muted small">{side === 'left' ? 'e.g. the bank statement' : 'e.g. the invoice list or ledger'} — or drop both files anywhere on the window.</p>
          {ws.read_plan[side] && <p className="small read-plan" role="note">{planText(ws.read_plan[side])}</p>}
          <div className="toolbar center">
            <button onClick={onPick}>Choose a file…</button>
            <button onClick={() => setPasting(true)}>Paste data…</button>
            <button onClick={() => setFromDb(true)}>From database…</button>
          </div>
        </div>
      )}

      {src && (
        <>
          <dl className="source-facts">
            <div>
              <dt>File</dt>
              <dd title={src.info.name}>{src.info.name}</dd>
            </div>
            <div>
              <dt>Size</dt>
              <dd>{fmtBytes(src.info.size_bytes)}</dd>
            </div>
            <div>
              <dt>Rows</dt>
              <dd aria-label={`${side} rows`}>{formatNumber(src.info.row_count)}</dd>
            </div>
            <div>
              <dt>Format</dt>
              <dd>
                {delimiterName(src.info.delimiter)} · {src.info.encoding}
              </dd>
            </div>
          </dl>
          <ReadOptions side={side} id={ws.id} info={src.info} />
          {src.info.notices.length > 0 && (
            <ul className="notices small">
              {src.info.notices.map((n, i) => (
                // Carried read options that do not fit the file are the notices a user must not miss.
                <li key={i} className={n.code === 'read_plan_misfit' ? 'notice-warn' : undefined}>
                  {/* A drawn mark, not the ⓘ glyph: Linux desktops without a symbol font showed an empty box. */}
                  {n.code === 'read_plan_misfit' ? '⚠' : <span className="notice-mark" aria-hidden="true">i</span>} {n.message}
                </li>
              ))}
            </ul>
          )}
          <details className="columns-details" open>
            <summary>
              {src.info.columns.length} columns
            </summary>
            <table className="grid-table columns-table" aria-label={`Columns of ${ws.aliases[side]}`}>
              <thead>
                <tr>
                  <th scope="col">Column</th>
                  <th scope="col">Type</th>
                  <th scope="col">Format</th>
                  <th scope="col">Profile</th>
                </tr>
              </thead>
              <tbody>
                {src.info.columns.map((c) => {
                  const p = profile?.columns.find((x) => x.name === c.name);
                  return (
                    <tr key={c.name}>
                      <th scope="row">{c.name}</th>
                      <td>
                        <select
                          aria-label={`Type of ${c.name}`}
                          value={c.type}
                          disabled={c.derived}
                          onChange={(e) => void act(side, 'Re-typing…', 'reconcile.setColumnType', { id: ws.id, side, column: c.name, type: e.target.value as ColumnType })}
                        >
                          {TYPES.map((t) => (
                            <option key={t}>{t}</option>
                          ))}
                        </select>
                      </td>
                      <td>
                        {c.derived ? (
                          // Its format is the engine's recipe for the column (names joined by NUL), not a format to pick: the notices say how it is made.
                          <span className="muted">derived</span>
                        ) : c.type === 'date' || c.type === 'timestamp' || c.type === 'number' ? (
                          <FormatSelect
                            label={`Format of ${c.name}`}
                            type={c.type}
                            value={c.format ?? ''}
                            onSave={(format) => void act(side, 'Re-typing…', 'reconcile.setColumnType', { id: ws.id, side, column: c.name, type: c.type, ...(format ? { format } : {}) })}
                          />
                        ) : (
                          <span className="muted">—</span>
                        )}
                      </td>
                      <td className="profile-cell small">
                        {p ? (
                          <>
                            <span>
                              {p.distinctEstimated ? '≈ ' : ''}
                              {formatNumber(p.distinct)} distinct
                            </span>
                            {p.nulls > 0 && <span> · {p.nulls} empty</span>}
                            {p.unparsed > 0 && <span className="warn-text"> · {p.unparsed} unreadable</span>}
                            {p.min !== null && (
                              <span className="muted">
                                {' '}
                                · {cell(p.min)} … {cell(p.max)}
                              </span>
                            )}
                          </>
                        ) : (
                          <span className="muted">…</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </details>
          <div className="toolbar">
            <button aria-expanded={showPreview} onClick={() => setShowPreview(!showPreview)}>
              {showPreview ? 'Hide rows' : 'Preview rows'}
            </button>
            <button onClick={onPick}>Replace file…</button>
            <button aria-expanded={pasting} onClick={() => setPasting(!pasting)}>
              Paste data…
            </button>
            <button aria-expanded={fromDb} onClick={() => setFromDb(!fromDb)}>
              From database…
            </button>
            <button className="link-button danger" onClick={() => void act(side, 'Removing…', 'reconcile.removeSource', { id: ws.id, side })}>
              Remove
            </button>
          </div>
          {showPreview && <PreviewGrid side={side} columns={src.info.columns.map((c) => c.name)} version={src.info.sha256 + columnsKey} />}
        </>
      )}
    </article>
  );
}

/**
 * Rows pasted as text (a spreadsheet selection arrives tab-separated, a CSV as it is) are loaded
 * like a dropped file: the same upload, detection and errors.
 */
function PasteForm({ side, onClose }: { side: Side; onClose(): void }) {
  const [text, setText] = useState('');
  const [name, setName] = useState('pasted');
  const [problem, setProblem] = useState<string | null>(null);
  const { addFiles } = useReconcile.getState();
  return (
    <form
      className="paste-form"
      aria-label={`Paste data into the ${side} source`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) {
          setProblem('Paste some rows first: a header row naming the columns, then one line per record.');
          return;
        }
        const base = name.trim().replace(/[^A-Za-z0-9 ._-]+/g, '_') || 'pasted';
        const fileName = /\.(csv|tsv|txt)$/i.test(base) ? base : `${base}.${text.includes('\t') ? 'tsv' : 'csv'}`;
        onClose();
        void addFiles([new File([text], fileName, { type: 'text/csv' })], side);
      }}
    >
      <textarea
        aria-label={`Pasted rows for the ${side} source`}
        rows={8}
        spellCheck={false}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the paste dialog starts on its text box (WAI-ARIA dialog pattern)
        autoFocus
        placeholder={'Paste rows copied from a spreadsheet or a CSV file.\nThe first row names the columns.'}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <p className="warn-text small" role="alert">
          {problem}
        </p>
      )}
      <div className="toolbar">
        <label className="small">
          Name <input aria-label="Name of the pasted data" value={name} onChange={(e) => setName(e.target.value)} maxLength={64} />
        </label>
        <button type="submit" className="primary">
          Load pasted rows
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The format of a date or number column, from a list (the current one kept when it is not listed). */
function FormatSelect(props: { label: string; type: string; value: string; onSave(v: string): void }) {
  const choices = props.type === 'number' ? NUMBER_FORMATS : DATE_FORMATS;
  const listed = props.value === '' || choices.some((c) => c.value === props.value);
  return (
    <select className="format-select" aria-label={props.label} value={props.value} onChange={(e) => e.target.value !== props.value && props.onSave(e.target.value)}>
      <option value="">auto</option>
      {!listed && <option value={props.value}>{props.value}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

function PreviewGrid({ side, columns, version }: { side: Side; columns: string[]; version: string }) {
  const id = useReconcile(selectWorkspaceId)!;
  const [sort, setSort] = useState<ColumnSort | null>(null);
  const loader = useCallback(
    (offset: number, limit: number) => call('reconcile.preview', { id, side, offset, limit, ...(sort ? { orderBy: sort.by, descending: sort.desc === true } : {}) }),
    [id, side, sort],
  );
  const paged = usePaged<Record<string, unknown>>(`${id}:${side}:${version}:${sort?.by}:${sort?.desc}`, 200, loader);
  const template = `repeat(${columns.length}, minmax(110px, 1fr))`;
  return (
    <div className="preview" style={{ overflowX: 'auto' }}>
      <VirtualList
        label={`Rows of the ${side} source`}
        count={paged.total ?? 0}
        rowHeight={30}
        height={300}
        onRange={paged.onRange}
        header={
          <div role="row" className="vrow vhead" style={{ gridTemplateColumns: template, display: 'grid' }}>
            {columns.map((c) => (
              <SortHeader key={c} by={c} sort={sort} onSort={setSort}>
                {c}
              </SortHeader>
            ))}
          </div>
        }
        renderRow={(i) => {
          const r = paged.item(i);
          return (
            <div className="vcells" style={{ gridTemplateColumns: template, display: 'grid' }}>
              {columns.map((c) => (
                <span role="gridcell" key={c} className="c-val">
                  {r ? formatCell(r[c]) : ''}
                </span>
              ))}
            </div>
          );
        }}
      />
    </div>
  );
}

function formatCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return cell(v);
}

/** What a file loaded on this side will be read with (carried by Duplicate or a loaded recipe). */
function planText(plan: ReadPlan): string {
  const parts = [...describePlanLayout(plan.read), ...describeTypeFixes(plan.read)];
  return `A file loaded here is read with the options from ${plan.from}${parts.length ? `: ${parts.join(', ')}` : ''}; anything that does not fit it is said here.`;
}
