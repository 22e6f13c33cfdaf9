/**
 * The Lineage workspace: pick a connection, read its summary and entry points,
 * explore the diagram (focus, depths, search, SQL, export) and ask questions.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DATASETS, type LineageSource } from '../../../../shared/lineage';
import { useLineage, type Direction, type DirectionSetting } from '../../stores/lineage';
import { DiagramCanvas, type DiagramHandle } from './DiagramCanvas';
import { DiagramLegend } from './DiagramLegend';
import { diagramLimit, exportBaseName, parseDiagram } from './diagram-model';
import { downloadBlob } from '../../components/download';
import { svgToPng } from './exporting';
import { ColumnsPanel } from './ColumnsPanel';
import { LargeGraph, warmLargeGraph } from './LargeGraph';
import { diagramCountText } from './large-graph-model';
import { prestartLayoutWorker } from './layout-worker';
import { MermaidView } from './MermaidView';
import { formatNumber, useDisplay, usePanelCollapsed } from '../../stores/display';

type Kind = LineageSource['kind'];
type DatasetId = (typeof DATASETS)[number]['id'];

function ConnectionForm({ onDone }: { onDone?: () => void }) {
  const { connection, connecting, connectError, connect } = useLineage();
  const [kind, setKind] = useState<Kind>(connection?.kind ?? 'dataset');
  const [dataset, setDataset] = useState<DatasetId>(
    connection?.kind === 'dataset' ? ((DATASETS.find((d) => `test://${d.id}` === connection.connection)?.id ?? 'kalla_ecommerce') as DatasetId) : 'kalla_ecommerce',
  );
  const [path, setPath] = useState(connection?.kind === 'path' ? connection.label : '');
  const [url, setUrl] = useState(connection?.kind === 'jdbc' ? connection.connection : '');
  const [user, setUser] = useState(connection?.user ?? '');
  const [password, setPassword] = useState('');
  const [schema, setSchema] = useState(connection?.schema ?? '');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const source: LineageSource =
      kind === 'dataset'
        ? { kind, dataset }
        : kind === 'path'
          ? { kind, path }
          : { kind, url, ...(user ? { user } : {}), ...(password ? { password } : {}) };
    if (await connect(source, schema.trim() || undefined)) {
      setPassword('');
      onDone?.();
    }
  };

  return (
    <form className="lineage-connect" onSubmit={(e) => void submit(e)} aria-label="Connection">
      <fieldset className="segmented">
        <legend className="sr-only">Source</legend>
        {(
          [
            ['dataset', 'Samples'],
            ['path', 'Files'],
            ['jdbc', 'Database'],
          ] as Array<[Kind, string]>
        ).map(([k, text]) => (
          <label key={k} className={kind === k ? 'active' : ''}>
            <input type="radio" name="lineage-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
            {text}
          </label>
        ))}
      </fieldset>
      {kind === 'dataset' && (
        <fieldset className="dataset-list">
          <legend className="sr-only">Bundled dataset</legend>
          {DATASETS.map((d) => (
            <label key={d.id} className="dataset-option">
              <input type="radio" name="lineage-dataset" value={d.id} checked={dataset === d.id} onChange={() => setDataset(d.id)} />
              <span>
                <strong>{d.label}</strong>
                <span className="muted small"> {d.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {kind === 'path' && (
        <div className="form-row">
          <label htmlFor="lineage-path">File or folder</label>
          <input id="lineage-path" value={path} onChange={(e) => setPath(e.target.value)} placeholder="/home/me/views (folder of .sql), views.json or one .sql file" required />
          <span className="muted small">A folder of .sql files (CREATE VIEW … or one query per file), a views.json, or a single .sql file.</span>
        </div>
      )}
      {kind === 'jdbc' && (
        <>
          <div className="form-row">
            <label htmlFor="lineage-url">JDBC URL</label>
            <input id="lineage-url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="jdbc:trino://host:8080/catalog" required />
          </div>
          <div className="form-row">
            <label htmlFor="lineage-user">User</label>
            <input id="lineage-user" value={user} onChange={(e) => setUser(e.target.value)} autoComplete="username" />
          </div>
          <div className="form-row">
            <label htmlFor="lineage-password">Password</label>
            <input
              id="lineage-password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              placeholder={connection?.passwordStored ? 'Stored — leave empty to keep it' : ''}
            />
            <span className="muted small">Kept in Kalla's secret store; it is never shown again.</span>
          </div>
        </>
      )}
      <div className="form-row">
        <label htmlFor="lineage-schema">Schema (optional)</label>
        <input id="lineage-schema" value={schema} onChange={(e) => setSchema(e.target.value)} placeholder="catalog.schema, e.g. viewzoo.example" />
      </div>
      {connectError && (
        <p className="field-error" role="alert">
          {connectError}
        </p>
      )}
      <div className="toolbar">
        <button className="primary" type="submit" disabled={connecting}>
          {connecting ? 'Opening…' : 'Open'}
        </button>
        {onDone && connection && (
          <button type="button" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function Summary() {
  const { analysis, setFocus } = useLineage();
  if (!analysis) return null;
  const lists: Array<[string, string, typeof analysis.entryPoints.highImpact]> = [
    ['High impact', 'Most views depend on these', analysis.entryPoints.highImpact],
    ['Central hubs', 'On many dependency paths', analysis.entryPoints.centralHubs],
    ['Leaf views', 'Nothing depends on these', analysis.entryPoints.leafViews],
  ];
  return (
    <>
      <section aria-label="Summary" className="lineage-section">
        <h2 className="label-heading">Summary</h2>
        <dl className="stats">
          <div>
            <dt>Views</dt>
            <dd>{formatNumber(analysis.viewCount)}</dd>
          </div>
          <div>
            <dt>Tables</dt>
            <dd>{formatNumber(analysis.tableCount)}</dd>
          </div>
          <div>
            <dt>Dependencies</dt>
            <dd>{formatNumber(analysis.edgeCount)}</dd>
          </div>
          <div>
            <dt>Complexity</dt>
            <dd>{analysis.complexity.replace('_', ' ').toLowerCase()}</dd>
          </div>
        </dl>
        {analysis.failures.length > 0 ? (
          <details className="parse-problems">
            <summary>
              {analysis.failures.length} view{analysis.failures.length === 1 ? '' : 's'} could not be parsed
            </summary>
            <ul>
              {analysis.failures.map((f) => (
                <li key={f.view}>
                  <button className="link-button" onClick={() => void setFocus(f.view)}>
                    {f.view}
                  </button>
                  : <span className="muted">{f.reason}</span>
                </li>
              ))}
            </ul>
          </details>
        ) : (
          <p className="muted small">Every view parsed.</p>
        )}
        {analysis.cycles.length > 0 && <p className="small warn-text">{analysis.cycles.length} dependency cycle(s) found.</p>}
      </section>
      <section aria-label="Entry points" className="lineage-section">
        <h2 className="label-heading">Entry points</h2>
        {lists.map(([title, hint, items]) => (
          <div key={title} className="entry-group">
            <h3 className="entry-kind" title={hint}>{title}</h3>
            <ul className="item-list">
              {items.map((e) => (
                <li key={e.name}>
                  <button className="item entry" onClick={() => void setFocus(e.name)} title={e.why}>
                    <span>{e.name}</span>
                    <span className="muted small">{e.why}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </>
  );
}

function Stepper({ label, value, onChange }: { label: string; value: number; onChange(v: number): void }) {
  const id = `stepper-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="stepper" role="group" aria-labelledby={id}>
      <span id={id} className="muted small">
        {label}
      </span>
      <button aria-label={`Fewer ${label.toLowerCase()}`} disabled={value <= 0} onClick={() => onChange(value - 1)}>
        −
      </button>
      <output aria-label={label}>{value}</output>
      <button aria-label={`More ${label.toLowerCase()}`} disabled={value >= 10} onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}

/** The whole graph (or a neighbourhood) is over the engine's node limit: say so, with the numbers and the way out. */
function TooLarge({ nodeCount, limit, focused }: { nodeCount: number; limit: number; focused: boolean }) {
  const { analysis, setFocus } = useLineage();
  const starts = analysis?.entryPoints.highImpact.slice(0, 3) ?? [];
  return (
    <div className="empty-state too-large" role="status" aria-labelledby="too-large-title">
      <h3 id="too-large-title">{focused ? 'This neighbourhood is too large to draw' : 'The whole graph is too large to draw'}</h3>
      <p>
        It has <strong>{formatNumber(nodeCount)} nodes</strong>; a diagram shows at most <strong>{formatNumber(limit)}</strong>.
      </p>
      <p className="muted">
        {focused
          ? 'Lower the upstream or downstream levels, or focus a view further out.'
          : 'Pick an entry point on the left or search for a view by name: the diagram then shows that view and its neighbours.'}
      </p>
      {!focused && starts.length > 0 && (
        <ul className="item-list too-large-starts" aria-label="Suggested starting points">
          {starts.map((e) => (
            <li key={e.name}>
              <button onClick={() => void setFocus(e.name)}>Focus {e.name}</button> <span className="muted small">{e.why}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DiagramPane() {
  const s = useLineage();
  const canvas = useRef<DiagramHandle>(null);
  const [query, setQuery] = useState('');
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [exportError, setExportError] = useState<string>();
  const [autoDirection, setAutoDirection] = useState<Direction>();
  const openLarge = useCallback((name: string) => void s.setFocus(name), [s.setFocus]);
  // The large view is offered when Mermaid left nodes out or would not draw (issue 26).
  const offerLarge = Boolean(s.diagram && (s.diagram.tooLarge || s.diagram.truncated || s.diagram.nodeCount > 60));
  // Readied while the user reads the diagram, not on the click: the layout worker started (its module
  // loaded, its code run once) and Cytoscape's code compiled by one off-screen draw, in idle time.
  useEffect(() => {
    if (!offerLarge || s.large) return;
    prestartLayoutWorker();
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => void warmLargeGraph(), { timeout: 2_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => void warmLargeGraph(), 200);
    return () => clearTimeout(id);
  }, [offerLarge, s.large]);
  // The neighbourhood it would show, asked for in idle time too (the store keeps it for this diagram only).
  useEffect(() => {
    if (!offerLarge || s.large || s.diagramLoading) return;
    const prefetch = () => useLineage.getState().prefetchGraph();
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prefetch, { timeout: 1_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(prefetch, 100);
    return () => clearTimeout(id);
  }, [offerLarge, s.large, s.diagram, s.diagramLoading]);
  const source = s.diagram?.mermaid;
  const names = useMemo(() => {
    const set = new Set<string>();
    for (const n of source ? parseDiagram(source) : []) set.add(n.name);
    const ep = s.analysis?.entryPoints;
    for (const e of ep ? [...ep.highImpact, ...ep.centralHubs, ...ep.leafViews] : []) set.add(e.name);
    return [...set].sort();
  }, [source, s.analysis]);
  const base = exportBaseName(s.connection?.label ?? 'diagram', s.focus);

  const exportSvg = () => {
    const text = canvas.current?.svgText();
    if (text) downloadBlob(new Blob([text], { type: 'image/svg+xml' }), `${base}.svg`);
  };
  const exportPng = async () => {
    setExportError(undefined);
    const text = canvas.current?.svgText();
    if (!text) return;
    try {
      downloadBlob(await svgToPng(text), `${base}.png`);
    } catch (e) {
      setExportError(e instanceof Error ? e.message : String(e));
    }
  };
  const exportMermaid = () => {
    // As drawn: with the direction "Auto" chose.
    const text = canvas.current?.mermaidSource() ?? source;
    if (text) downloadBlob(new Blob([text], { type: 'text/plain' }), `${base}.mmd`);
  };

  return (
    <section className="lineage-diagram" aria-label="Diagram">
      <div className="lineage-toolbar">
        <form
          className="search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            if (query.trim()) void s.setFocus(query.trim());
          }}
        >
          <label htmlFor="lineage-search" className="sr-only">
            Find a view
          </label>
          <input id="lineage-search" list="lineage-names" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Find a view by name" />
          <datalist id="lineage-names">
            {names.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
          <button type="submit">Find</button>
        </form>
        <Stepper label="Upstream levels" value={s.upstreamDepth} onChange={(v) => void s.setDepths(v, s.downstreamDepth)} />
        <Stepper label="Downstream levels" value={s.downstreamDepth} onChange={(v) => void s.setDepths(s.upstreamDepth, v)} />
        <label className="inline small">
          <span className="muted">Direction</span>
          <select value={s.direction} onChange={(e) => void s.setDirection(e.target.value as DirectionSetting)} aria-label="Direction">
            <option value="auto">Auto{autoDirection ? ` (${autoDirection === 'LR' ? 'left → right' : 'top → bottom'})` : ''}</option>
            <option value="TB">Top → bottom</option>
            <option value="LR">Left → right</option>
            <option value="BT">Bottom → top</option>
            <option value="RL">Right → left</option>
          </select>
        </label>
      </div>
      <div className="lineage-subbar">
        <span className="focus-line" aria-live="polite">
          {s.focus ? (
            <>
              Focus: <strong data-testid="focus-name">{s.focus}</strong>
              <button className="link-button" onClick={() => void s.showSql(s.focus!)}>
                Show SQL
              </button>
              <button className="link-button" onClick={() => setColumnsOpen(true)}>
                Columns
              </button>
              <button className="link-button" onClick={() => void s.setFocus(undefined)}>
                Whole graph
              </button>
            </>
          ) : s.large ? (
            <span className="muted">Whole graph — large view.</span>
          ) : s.diagram?.tooLarge ? (
            <span className="muted">Whole graph — too large to draw.</span>
          ) : (
            <span className="muted">Whole graph — click a node to focus it.</span>
          )}
          {s.diagram && !s.diagram.tooLarge && (
            <span className="muted small">
              {' '}
              · <span data-testid="diagram-count">{diagramCountText(s.diagram)}</span>
            </span>
          )}
          {(offerLarge || s.large) && (
            <button
              className="link-button"
              aria-pressed={s.large}
              onClick={() => {
                if (!s.large) prestartLayoutWorker(); // if none is waiting yet: its module loads while main reads the graph
                void s.setLarge(!s.large);
              }}
            >
              {s.large ? 'Back to the diagram' : 'Large view'}
            </button>
          )}
          {s.diagramLoading && <span className="muted small"> · drawing…</span>}
        </span>
        <span className="toolbar" role="group" aria-label="Export">
          <span className="muted small">Export</span>
          <button onClick={exportSvg} disabled={!source}>
            SVG
          </button>
          <button onClick={() => void exportPng()} disabled={!source}>
            PNG
          </button>
          <button onClick={exportMermaid} disabled={!source}>
            Mermaid
          </button>
        </span>
      </div>
      {exportError && (
        <p className="field-error pad" role="alert">
          {exportError}
        </p>
      )}
      {s.large && s.graphError && (
        <div className="banner error" role="alert">
          {s.graphError}
        </div>
      )}
      {s.diagramError && (
        <div className="banner error" role="alert">
          {s.diagramError}
        </div>
      )}
      {s.wholeGraphTooLarge && s.focus === s.wholeGraphTooLarge.startedAt && (
        <p className="muted small lineage-notice" role="note">
          The whole graph has {formatNumber(s.wholeGraphTooLarge.nodeCount)} nodes, more than the {formatNumber(s.wholeGraphTooLarge.limit)} a diagram can
          show, so it starts at the most depended-on view.
        </p>
      )}
      {s.large ? (
        s.graph ? (
          <LargeGraph graph={s.graph} onOpen={openLarge} />
        ) : (
          !s.graphError && <p className="muted pad">Reading the graph…</p>
        )
      ) : s.diagram?.tooLarge ? (
        <TooLarge nodeCount={s.diagram.nodeCount} limit={diagramLimit(s.diagram.message)} focused={!!s.focus} />
      ) : source ? (
        <>
          <DiagramCanvas
            ref={canvas}
            source={source}
            focus={s.focus}
            direction={s.direction}
            onAutoDirection={setAutoDirection}
            label={s.focus ? `Lineage of ${s.focus}` : 'Lineage diagram'}
            onNodeClick={(name) => void s.setFocus(name)}
          />
          <DiagramLegend />
        </>
      ) : (
        !s.diagramError && <p className="muted pad">Drawing the diagram…</p>
      )}
      {columnsOpen && s.focus && <ColumnsPanel name={s.focus} onClose={() => setColumnsOpen(false)} />}
      {(s.sql || s.sqlError) && (
        <section className="sql-panel" aria-label="View SQL">
          <header>
            <h3>{s.sql ? `SQL of ${s.sql.name}` : 'SQL'}</h3>
            <button className="icon-button" aria-label="Close SQL" onClick={s.closeSql}>
              ×
            </button>
          </header>
          {s.sqlError ? <p className="field-error">{s.sqlError}</p> : <pre className="block">{s.sql?.sql ?? `${s.sql?.name} is a ${s.sql?.kind}; there is no SQL for it here.`}</pre>}
        </section>
      )}
    </section>
  );
}


function AskPane({ onFold }: { onFold: () => void }) {
  const { turns, asking, askError, ask, clearConversation, connection, analysis } = useLineage();
  const hub = analysis?.entryPoints.highImpact[0]?.name;
  const leaf = analysis?.entryPoints.leafViews[0]?.name;
  const examples = ['What are the entry points?', ...(hub ? [`What depends on ${hub}?`] : []), ...(leaf ? [`Upstream of ${leaf} two levels`] : []), 'Show the full diagram'];
  const [question, setQuestion] = useState('');
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Braces matter: newer Chromium returns a promise from scrollIntoView, which React would take for a cleanup.
    void end.current?.scrollIntoView?.({ block: 'end' });
  }, [turns.length]);
  const send = async (q: string) => {
    if (!q.trim() || asking) return;
    await ask(q.trim());
    setQuestion('');
  };
  return (
    <section className="lineage-ask" aria-label="Ask about the views">
      <header className="ask-header">
        <h3>Ask</h3>
        <button className="panel-fold" aria-label="Hide the right-hand panel" title="Hide this panel: the diagram takes the space" onClick={onFold}>
          »
        </button>
        {turns.length > 0 && (
          <button className="link-button small" onClick={() => void clearConversation()}>
            Clear conversation
          </button>
        )}
      </header>
      <div className="turns" role="log" aria-label="Conversation" tabIndex={0}>
        {turns.length === 0 ? (
          <div className="muted small ask-empty">
            <p>Ask in plain words about {connection?.label ?? 'these views'}. Answers come from the lineage engine, with a diagram when one helps. Try:</p>
            <ul className="item-list">
              {examples.map((q) => (
                <li key={q}>
                  <button className="link-button" onClick={() => void send(q)}>
                    {q}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          turns.map((t) => (
            <article key={t.id} className={t.isError ? 'turn error' : 'turn'} aria-label={`Answer to: ${t.question}`}>
              <p className="turn-q">{t.question}</p>
              <div className="turn-a prewrap">{t.answer}</div>
              {t.mermaid && <MermaidView source={t.mermaid} label={`Diagram for: ${t.question}`} />}
              {t.engine === 'llm' && <span className="muted small">Written by Claude from the lineage engine's answers.</span>}
            </article>
          ))
        )}
        <div ref={end} />
      </div>
      {askError && (
        <p className="field-error" role="alert">
          {askError}
        </p>
      )}
      <form
        className="ask-form"
        onSubmit={(e) => {
          e.preventDefault();
          void send(question);
        }}
      >
        <label htmlFor="lineage-question" className="sr-only">
          Question
        </label>
        <textarea
          id="lineage-question"
          rows={2}
          value={question}
          placeholder="e.g. what depends on orders?"
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send(question);
            }
          }}
        />
        <button className="primary" type="submit" disabled={asking || !question.trim()}>
          {asking ? 'Asking…' : 'Ask'}
        </button>
      </form>
    </section>
  );
}

/** A folded side panel: a slim strip with the button that opens it again. */
function FoldedPanel({ label, side, onOpen }: { label: string; side: 'left' | 'right'; onOpen: () => void }) {
  return (
    <div className={`panel-folded ${side}`}>
      <button className="panel-fold" aria-label={label} aria-expanded={false} title={label} onClick={onOpen}>
        {side === 'left' ? '»' : '«'}
      </button>
    </div>
  );
}

export function LineageView() {
  const { init, loaded, connection } = useLineage();
  const [changing, setChanging] = useState(false);
  const [initError, setInitError] = useState<string>();
  useEffect(() => {
    init().catch((e: unknown) => setInitError(e instanceof Error ? e.message : String(e)));
  }, [init]);

  const sideFolded = usePanelCollapsed('lineage.side') && Boolean(connection);
  const askFolded = usePanelCollapsed('lineage.ask', 1280) && Boolean(connection);
  const fold = useDisplay((st) => st.setPanelCollapsed);

  return (
    <div className={`lineage${sideFolded ? ' side-folded' : ''}${askFolded ? ' ask-folded' : ''}`}>
      {sideFolded ? (
        <FoldedPanel label="Show connection and summary" side="left" onOpen={() => fold('lineage.side', false)} />
      ) : (
      <aside className="lineage-side" aria-label="Connection and summary">
        {connection && (
          <button className="panel-fold" aria-label="Hide connection and summary" title="Hide this panel: the diagram takes the space" onClick={() => fold('lineage.side', true)}>
            «
          </button>
        )}
        <header className="pane-header">
          <h1>Lineage</h1>
          {connection && !changing && (
            <div className="connection-line">
              <span className="badge">{connection.kind === 'dataset' ? 'sample' : connection.kind === 'path' ? 'files' : 'database'}</span>
              <span className="conn-label" title={connection.connection}>
                {connection.label}
                {connection.schema ? ` · ${connection.schema}` : ''}
              </span>
              <button className="link-button" onClick={() => setChanging(true)}>
                Change
              </button>
            </div>
          )}
        </header>
        {initError && (
          <div className="banner error" role="alert">
            {initError}
          </div>
        )}
        {(!connection || changing) && loaded && <ConnectionForm onDone={connection ? () => setChanging(false) : undefined} />}
        {connection && !changing && <Summary />}
      </aside>
      )}
      {connection ? (
        <>
          <DiagramPane />
          {askFolded ? (
            <FoldedPanel label="Show the right-hand panel" side="right" onOpen={() => fold('lineage.ask', false)} />
          ) : (
            <AskPane onFold={() => fold('lineage.ask', true)} />
          )}
        </>
      ) : (
        <div className="empty-state lineage-empty">
          <h2>Map how your SQL views depend on each other</h2>
          <p className="lead muted">
            Pick a connection on the left: a bundled sample, a folder of <code>.sql</code> files, or a Trino or PostgreSQL database. Kalla parses every
            view, finds where to start, and draws the dependencies.
          </p>
          <p className="muted small">New here? Open the “Kalla e-commerce” sample.</p>
        </div>
      )}
    </div>
  );
}
