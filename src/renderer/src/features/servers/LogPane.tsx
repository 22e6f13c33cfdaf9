import { useEffect, useRef, useState } from 'react';
import { useServers } from '../../stores/servers';
import { formatTime } from '../../stores/display';

const EMPTY: never[] = [];

export function LogPane({ server, logFile }: { server: string; logFile?: string }) {
  const lines = useServers((s) => s.logs[server] ?? EMPTY);
  const [filter, setFilter] = useState('');
  const [follow, setFollow] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  const shown = filter ? lines.filter((l) => l.text.toLowerCase().includes(filter.toLowerCase())) : lines;
  useEffect(() => {
    if (follow && ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [shown.length, follow]);
  return (
    <div className="logs">
      <div className="form-toolbar">
        <label htmlFor="log-filter" className="sr-only">Filter logs</label>
        <input id="log-filter" placeholder="Filter…" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <label className="inline">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow
        </label>
        {logFile && <span className="muted small" title={logFile}>Saved to <code>{logFile}</code></span>}
      </div>
      <div className="log-lines" ref={ref} tabIndex={0} role="log" aria-label={`Logs of ${server}`} aria-live="polite">
        {shown.length === 0 ? (
          <p className="muted">No log lines yet. A server's stderr and Kalla's notes about it appear here.</p>
        ) : (
          shown.map((l, i) => (
            <div key={i} className={`log-line ${l.stream}`}>
              <time>{formatTime(l.time)}</time>
              <span className="stream">{l.stream === 'host' ? 'kalla' : 'stderr'}</span>
              <span className="text">{l.text}</span>
            </div>
          ))
        )}
      </div>
    </div>
  );
}
