import { useEffect, useRef, useState } from 'react';
import type { LogLevel, LogLine, ServerView } from '../../../../shared/mcp';
import { call, errorMessage } from '../../api/client';
import { useServers } from '../../stores/servers';
import { formatTime } from '../../stores/display';

const LEVELS: LogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const STREAM_LABEL: Record<LogLine['stream'], string> = { stderr: 'stderr', server: 'server', host: 'kalla' };

const EMPTY: never[] = [];

export function LogPane({ server, logFile, view }: { server: string; logFile?: string; view?: ServerView }) {
  const lines = useServers((s) => s.logs[server] ?? EMPTY);
  const [filter, setFilter] = useState('');
  const [stream, setStream] = useState<'' | LogLine['stream']>('');
  const [levelError, setLevelError] = useState<string | undefined>();
  const canSetLevel = view?.status === 'running' && Boolean(view.capabilities?.logging);
  const [follow, setFollow] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  const shown = lines.filter((l) => (!stream || l.stream === stream) && (!filter || l.text.toLowerCase().includes(filter.toLowerCase())));
  useEffect(() => {
    if (follow && ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [shown.length, follow]);
  return (
    <div className="logs">
      <div className="form-toolbar">
        <label htmlFor="log-filter" className="sr-only">Filter logs</label>
        <input id="log-filter" placeholder="Filter…" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <label htmlFor="log-stream" className="sr-only">Show</label>
        <select id="log-stream" value={stream} onChange={(e) => setStream(e.target.value as typeof stream)}>
          <option value="">All lines</option>
          <option value="server">Server log messages</option>
          <option value="stderr">stderr</option>
          <option value="host">Kalla&apos;s notes</option>
        </select>
        {canSetLevel && (
          <label className="inline">
            Server log level{' '}
            <select
              aria-label="Server log level"
              value={view?.logLevel ?? ''}
              onChange={(e) => {
                setLevelError(undefined);
                call('servers.setLogLevel', { name: server, level: e.target.value as LogLevel }).catch((err: unknown) => setLevelError(errorMessage(err)));
              }}
            >
              <option value="" disabled>
                server default
              </option>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        )}
        {levelError && <span className="field-error">{levelError}</span>}
        <label className="inline">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow
        </label>
        {logFile && <span className="muted small" title={logFile}>Saved to <code>{logFile}</code></span>}
      </div>
      <div className="log-lines" ref={ref} tabIndex={0} role="log" aria-label={`Logs of ${server}`} aria-live="polite">
        {shown.length === 0 ? (
          <p className="muted">No log lines yet. A server's stderr, its MCP log messages and Kalla's notes about it appear here.</p>
        ) : (
          shown.map((l, i) => (
            <div key={i} className={`log-line ${l.stream}`}>
              <time>{formatTime(l.time)}</time>
              <span className="stream">{STREAM_LABEL[l.stream]}</span>
              <span className="text">{l.text}</span>
            </div>
          ))
        )}
      </div>
    </div>
  );
}
