/**
 * Run history (issue 28): the workspace's runs side by side — with the months carried from the
 * workspace it was duplicated from — as charts (recharts), because people look rather than read.
 * Every chart has a table view (a toggle showing a real <table> of the same figures) and a CSV
 * download of exactly those figures. Colours are theme tokens (light-dark()), so both themes work.
 */
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AGING_BUCKETS, type RunHistoryEntry } from '../../../../shared/reconcile/sources-and-runs';
import { call, errorMessage } from '../../api/client';
import { downloadBlob } from '../../components/download';
import { useReconcile } from '../../stores/reconcile';

/** Series colours: ≥ 4.5:1 on the panel in both themes (legend text is drawn in them). */
const COLOURS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)', 'var(--chart-6)'];
const AXIS = { tick: { fill: 'var(--muted)', fontSize: 12 }, stroke: 'var(--border)' } as const;
/**
 * Run names on the x axis: every one shown; a long one keeps its end ("…invoices · run 2"), where
 * the run number is, short enough that the last tick is not cut at 1024 px (the table and tooltip
 * have them whole).
 */
const short = (v: unknown) => {
  const s = String(v);
  return s.length > 22 ? `…${s.slice(-20).trimStart()}` : s;
};
const RUN_AXIS = { ...AXIS, dataKey: 'Run', interval: 0, tickFormatter: short } as const;
const TOOLTIP = {
  contentStyle: { background: 'var(--panel)', border: '1px solid var(--border)', borderRadius: 6, color: 'var(--text)' },
  labelStyle: { color: 'var(--text)' },
  itemStyle: { color: 'var(--text)' },
} as const;

type Cell = string | number;
/** One chart's figures: the table view and the CSV are made from these, so they always agree. */
interface Figures {
  columns: string[];
  rows: Cell[][];
}

export const runLabel = (e: Pick<RunHistoryEntry, 'workspace' | 'run_id'>) => `${e.workspace} · run ${e.run_id}`;
const pct = (x: number) => Math.round(x * 1000) / 10;

/** CSV (RFC 4180, comma, CRLF) of a chart's figures. */
export function figuresCsv(f: Figures): string {
  const cell = (v: Cell) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [f.columns, ...f.rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** The figures of every chart, from the history entries (oldest first). */
export function historyFigures(entries: RunHistoryEntry[]) {
  const reasons = [...new Set(entries.flatMap((e) => e.exceptions_by_reason.map((r) => r.reason)))];
  const latest = entries.at(-1);
  return {
    rates: {
      columns: ['Run', 'As of', 'Match rate %', 'Auto rate %'],
      rows: entries.map((e) => [runLabel(e), e.as_of ?? '', pct(e.match_rate), pct(e.auto_rate)]),
    },
    open: {
      columns: ['Run', 'Open items left', 'Open items right'],
      rows: entries.map((e) => [runLabel(e), e.open_items.left, e.open_items.right]),
    },
    reasons: {
      columns: ['Run', ...reasons],
      rows: entries.map((e) => [runLabel(e), ...reasons.map((r) => e.exceptions_by_reason.find((x) => x.reason === r)?.count ?? 0)]),
    },
    aging: {
      columns: ['Run', ...AGING_BUCKETS.map((b) => `${b} days`), 'No date'],
      rows: entries.map((e) => [runLabel(e), ...AGING_BUCKETS.map((b) => e.aging.find((a) => a.bucket === b)?.count ?? 0), e.aging_unknown]),
    },
    top: {
      columns: ['Counterparty', 'Open items', 'Amount'],
      rows: (latest?.top_unmatched ?? []).map((t) => [t.name, t.count, t.amount]),
    },
  } satisfies Record<string, Figures>;
}

/** Chart rows for recharts: one object per table row keyed by column name. */
const chartRows = (f: Figures) => f.rows.map((r) => Object.fromEntries(f.columns.map((c, i) => [c, r[i]])));

function ChartCard({ title, summary, figures, file, children }: { title: string; summary: string; figures: Figures; file: string; children: ReactNode }) {
  const [table, setTable] = useState(false);
  const headingId = useId();
  return (
    <figure className="history-card" aria-labelledby={headingId}>
      <div className="history-card-head">
        <h3 id={headingId}>{title}</h3>
        <div className="toolbar">
          <button className="small-btn" aria-pressed={table} onClick={() => setTable((t) => !t)} aria-label={`Table view: ${title}`}>
            Table view
          </button>
          <button className="small-btn" onClick={() => downloadBlob(new Blob([figuresCsv(figures)], { type: 'text/csv;charset=utf-8' }), file)} aria-label={`Download CSV: ${title}`}>
            CSV
          </button>
        </div>
      </div>
      {table ? (
        // Scrolls when long: reachable by keyboard, named by its chart.
        <div className="history-table-wrap" tabIndex={0} role="region" aria-label={`${title} (table)`}>
          <table className="history-table">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {figures.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figures.rows.map((r, i) => (
                <tr key={i}>
                  {r.map((v, j) =>
                    j === 0 ? (
                      <th key={j} scope="row">
                        {v}
                      </th>
                    ) : (
                      <td key={j} className={typeof v === 'number' ? 'num' : undefined}>
                        {v}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        // The picture is described in words; its figures are one toggle away as a table.
        <div className="history-chart" role="img" aria-label={`${title}: ${summary}`}>
          {children}
        </div>
      )}
    </figure>
  );
}

export function HistoryPanel() {
  const ws = useReconcile((s) => s.ws);
  const summary = useReconcile((s) => s.summary);
  const [entries, setEntries] = useState<RunHistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = ws?.id;
  // Refetched when the workspace, its latest run or that run's review (the summary) changes.
  useEffect(() => {
    if (!id) return;
    let live = true;
    call('reconcile.history', { id }).then(
      (h) => live && (setEntries(h.entries), setError(null)),
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [id, ws?.last_run_id, summary]);
  const f = useMemo(() => historyFigures(entries ?? []), [entries]);
  if (!ws) return null;
  const base = ws.name.replace(/[^A-Za-z0-9_-]+/g, '_');
  const latest = entries?.at(-1);
  return (
    <section className="rc-section history" aria-labelledby="step-history">
      <header className="rc-section-head">
        <h2 id="step-history">
          <span className="step-no">6</span> History <span className="muted small">{entries ? `${entries.length} run${entries.length === 1 ? '' : 's'}` : ''}</span>
        </h2>
      </header>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {entries && entries.length === 0 && (
        <p className="empty-hint">Each run’s match rate, open items, exceptions and their age are kept here, month after month (Duplicate carries them to next month’s workspace).</p>
      )}
      {entries && entries.length > 0 && latest && (
        <div className="history-grid">
          <ChartCard
            title="Match and auto rate"
            file={`${base}-match-rate.csv`}
            figures={f.rates}
            summary={entries.map((e) => `${runLabel(e)} ${pct(e.match_rate)} % matched, ${pct(e.auto_rate)} % automatically`).join('; ')}
          >
            <ResponsiveContainer width="100%" height={220}>
              <LineChart data={chartRows(f.rates)} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
                <XAxis {...RUN_AXIS} padding={{ left: 48, right: 48 }} />
                <YAxis domain={[0, 100]} unit=" %" width={56} {...AXIS} />
                <Tooltip {...TOOLTIP} />
                <Legend />
                <Line type="monotone" dataKey="Match rate %" stroke={COLOURS[0]} strokeWidth={2} dot={{ r: 4 }} isAnimationActive={false} />
                <Line type="monotone" dataKey="Auto rate %" stroke={COLOURS[1]} strokeWidth={2} strokeDasharray="6 3" dot={{ r: 4 }} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </ChartCard>
          <ChartCard
            title="Open items"
            file={`${base}-open-items.csv`}
            figures={f.open}
            summary={entries.map((e) => `${runLabel(e)} ${e.open_items.left} left, ${e.open_items.right} right`).join('; ')}
          >
            <ResponsiveContainer width="100%" height={220}>
              <BarChart data={chartRows(f.open)} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
                <XAxis {...RUN_AXIS} />
                <YAxis allowDecimals={false} width={48} {...AXIS} />
                <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--panel-2)' }} />
                <Legend />
                <Bar dataKey="Open items left" fill={COLOURS[0]} isAnimationActive={false} />
                <Bar dataKey="Open items right" fill={COLOURS[2]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
          <ChartCard
            title="Exceptions by reason"
            file={`${base}-exceptions-by-reason.csv`}
            figures={f.reasons}
            summary={entries.map((e) => `${runLabel(e)}: ${e.exceptions_by_reason.map((r) => `${r.count} ${r.reason}`).join(', ') || 'none'}`).join('; ')}
          >
            {f.reasons.columns.length === 1 ? (
              <p className="muted small">No exceptions in these runs: every row not matched is simply unmatched.</p>
            ) : (
              <ResponsiveContainer width="100%" height={220}>
                <BarChart data={chartRows(f.reasons)} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                  <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
                  <XAxis {...RUN_AXIS} />
                  <YAxis allowDecimals={false} width={48} {...AXIS} />
                  <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--panel-2)' }} />
                  <Legend />
                  {f.reasons.columns.slice(1).map((r, i) => (
                    <Bar key={r} dataKey={r} stackId="reasons" fill={COLOURS[i % COLOURS.length]} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            )}
          </ChartCard>
          <ChartCard
            title="Aging of open items"
            file={`${base}-aging.csv`}
            figures={f.aging}
            summary={entries.map((e) => `${runLabel(e)} as of ${e.as_of ?? 'no date'}: ${e.aging.map((a) => `${a.count} at ${a.bucket} days`).join(', ')}`).join('; ')}
          >
            <ResponsiveContainer width="100%" height={220}>
              <BarChart data={chartRows(f.aging)} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
                <XAxis {...RUN_AXIS} />
                <YAxis allowDecimals={false} width={48} {...AXIS} />
                <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--panel-2)' }} />
                <Legend />
                {AGING_BUCKETS.map((b, i) => (
                  <Bar key={b} dataKey={`${b} days`} stackId="aging" fill={COLOURS[[1, 2, 3, 4][i]]} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
          <ChartCard
            title={`Top unmatched counterparties · ${runLabel(latest)}`}
            file={`${base}-top-unmatched.csv`}
            figures={f.top}
            summary={latest.top_unmatched.length ? latest.top_unmatched.map((t) => `${t.name} ${t.count}`).join(', ') : 'none'}
          >
            {latest.top_unmatched.length === 0 ? (
              <p className="muted small">{latest.counterparty_column ? 'No open items with a counterparty.' : 'No counterparty column is known for the left side.'}</p>
            ) : (
              <ResponsiveContainer width="100%" height={Math.max(120, 28 * latest.top_unmatched.length + 40)}>
                <BarChart data={chartRows(f.top)} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                  <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
                  <XAxis type="number" allowDecimals={false} {...AXIS} />
                  <YAxis type="category" dataKey="Counterparty" width={140} {...AXIS} />
                  <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--panel-2)' }} />
                  <Bar dataKey="Open items" fill={COLOURS[3]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            )}
          </ChartCard>
        </div>
      )}
    </section>
  );
}
