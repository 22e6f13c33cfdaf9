/**
 * Every JSON-RPC message exchanged with the server, newest first (what the MCP Inspector calls
 * history): direction, kind, method, id, the time a response took, and the raw JSON on demand.
 * Polled once a second while the tab is open; main keeps the newest 500 per server.
 */
import { useEffect, useRef, useState } from 'react';
import type { HistoryEntry } from '../../../../shared/mcp';
import { call, errorMessage } from '../../api/client';

const POLL_MS = 1000;

export function HistoryPanel({ server }: { server: string }) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [filter, setFilter] = useState('');
  const [paused, setPaused] = useState(false);
  const [error, setError] = useState<string>();
  // Paused: the list stands still to be read; polling goes on, new messages are kept for later.
  const pausedRef = useRef(false);
  pausedRef.current = paused;
  const [pending, setPending] = useState<HistoryEntry[]>([]);

  useEffect(() => {
    setEntries([]);
    let live = true;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const r = await call('servers.history', { server, afterSeq: last });
        if (!live) return;
        if (r.entries.length) {
          last = r.entries[r.entries.length - 1].seq;
          if (pausedRef.current) setPending((old) => [...old, ...r.entries].slice(-500));
          else setEntries((old) => [...old, ...r.entries].slice(-500));
        }
        setError(undefined);
      } catch (e) {
        if (live) setError(errorMessage(e));
      }
      if (live) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [server]);

  const needle = filter.trim().toLowerCase();
  const shown = [...entries].reverse().filter((e) => !needle || (e.method ?? '').toLowerCase().includes(needle) || e.json.toLowerCase().includes(needle));
  return (
    <section aria-label="Message history" className="history-panel">
      <div className="toolbar">
        <label className="inline small">
          Filter <input value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="method or text" />
        </label>
        <button
          aria-pressed={paused}
          onClick={() => {
            if (paused) {
              setEntries((old) => [...old, ...pending].slice(-500));
              setPending([]);
            }
            setPaused(!paused);
          }}
        >
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button
          onClick={() =>
            void call('servers.clearHistory', { server }).then(
              () => setEntries([]),
              (e: unknown) => setError(errorMessage(e)),
            )
          }
        >
          Clear
        </button>
        <span className="muted small">
          {shown.length} of {entries.length} messages{paused && pending.length ? ` · ${pending.length} new while paused` : ''}
        </span>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="muted">No messages yet. Messages appear here as the server starts and is used.</p>
      ) : (
        <ol className="history-list" aria-label="Messages, newest first">
          {shown.map((e) => (
            <li key={e.seq} className={`history-entry ${e.kind}`}>
              <details>
                <summary>
                  <span className="muted small">{new Date(e.at).toLocaleTimeString()}</span> <span aria-label={e.direction === 'sent' ? 'sent' : 'received'}>{e.direction === 'sent' ? '→' : '←'}</span>{' '}
                  <strong>{e.method ?? '(response)'}</strong> <span className="muted small">{e.kind}</span>
                  {e.id !== undefined && <span className="muted small"> #{e.id}</span>}
                  {e.durationMs !== undefined && <span className="muted small"> · {e.durationMs} ms</span>}
                </summary>
                <pre className="block json" tabIndex={0} role="region" aria-label={`JSON of message ${e.seq}`}>
                  {pretty(e.json)}
                </pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json; // cut at the size limit: shown as stored
  }
}
