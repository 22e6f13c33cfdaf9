import { useState } from 'react';
import type { ServerView } from '../../../../shared/mcp';
import { call, errorMessage } from '../../api/client';
import { useServers } from '../../stores/servers';
import { HistoryPanel } from './HistoryPanel';
import { LogPane } from './LogPane';
import { PromptsPanel } from './PromptsPanel';
import { ResourcesPanel } from './ResourcesPanel';
import { StatusPill } from './StatusPill';
import { ToolsPanel } from './ToolsPanel';
import { rovingKeyDown, rovingTabIndex } from '../../components/roving';

type Tab = 'tools' | 'resources' | 'prompts' | 'logs' | 'history' | 'details';

export function ServerDetail({ server, onEdit }: { server: ServerView; onEdit(): void }) {
  const [tab, setTab] = useState<Tab>('tools');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const refresh = useServers((s) => s.refresh);

  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await fn();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const name = server.name;
  const live = server.status === 'running' || server.status === 'starting' || server.status === 'restarting';

  return (
    <div className="detail">
      <header className="detail-header">
        <div>
          <h2>
            {name} {server.serverInfo && <span className="muted small">{server.serverInfo.name} {server.serverInfo.version}</span>}
          </h2>
          <StatusPill status={server.status} disabled={server.disabled} />
          {server.restarts > 0 && <span className="muted small"> · restarted {server.restarts}×</span>}
          {server.auth === 'signed-in' && <span className="muted small"> · signed in (OAuth)</span>}
          {server.auth === 'needs-sign-in' && server.status === 'running' && <span className="muted small"> · a request needs more permission: sign in to grant it</span>}
          {server.pid && <span className="muted small"> · pid {server.pid}</span>}
        </div>
        <div className="toolbar" aria-label="Server actions">
          {!server.disabled &&
            (live ? (
              <button disabled={busy} onClick={() => void act(() => call('servers.stop', { name }))}>
                Stop
              </button>
            ) : (
              <button className="primary" disabled={busy} onClick={() => void act(() => call('servers.start', { name }))}>
                Start
              </button>
            ))}
          {!server.disabled && (
            <button disabled={busy} onClick={() => void act(() => call('servers.restart', { name }))}>
              Restart
            </button>
          )}
          {server.auth === 'needs-sign-in' && (
            <button className="primary" disabled={busy} onClick={() => void act(() => call('servers.signIn', { name }))}>
              {busy ? 'Signing in… (finish in your browser)' : 'Sign in'}
            </button>
          )}
          {server.auth === 'signed-in' && (
            <button disabled={busy} onClick={() => void act(() => call('servers.signOut', { name }))}>
              Sign out
            </button>
          )}
          <button disabled={busy} onClick={() => void act(() => call('servers.setEnabled', { name, enabled: server.disabled }))}>
            {server.disabled ? 'Enable' : 'Disable'}
          </button>
          {server.origin === 'user' && (
            <>
              <button disabled={busy} onClick={onEdit}>
                Edit
              </button>
              <button
                className="danger"
                disabled={busy}
                onClick={() => {
                  if (window.confirm(`Remove the server "${name}"? Its entry is deleted from your server file.`))
                    void act(async () => {
                      await call('servers.remove', { name });
                      await refresh();
                    });
                }}
              >
                Remove
              </button>
            </>
          )}
        </div>
      </header>
      {(server.error || error) && (
        <div className="banner error" role="alert">
          {error ?? server.error}
        </div>
      )}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- roving tabindex: the tabs take focus, the list handles their arrow keys */}
      <div role="tablist" className="tabs" aria-label="Server sections" onKeyDown={(e) => rovingKeyDown(e, 'tab')}>
        {(['tools', 'resources', 'prompts', 'logs', 'history', 'details'] as Tab[]).map((t) => (
          <button key={t} role="tab" id={`stab-${t}`} aria-controls="server-tab-panel" tabIndex={rovingTabIndex(tab === t)} aria-selected={tab === t} className={tab === t ? 'tab active' : 'tab'} onClick={() => setTab(t)}>
            {t[0].toUpperCase() + t.slice(1)}
            {t === 'tools' && ` (${server.counts.tools})`}
            {t === 'resources' && ` (${server.counts.resources})`}
            {t === 'prompts' && ` (${server.counts.prompts})`}
          </button>
        ))}
      </div>
      <div className="tab-body" role="tabpanel" id="server-tab-panel" aria-labelledby={`stab-${tab}`}>
        {tab === 'tools' && <ToolsPanel server={server} />}
        {tab === 'resources' && <ResourcesPanel server={server} />}
        {tab === 'prompts' && <PromptsPanel server={server} />}
        {tab === 'logs' && <LogPane server={name} logFile={server.logFile} view={server} />}
        {tab === 'history' && <HistoryPanel server={name} />}
        {tab === 'details' && (
          <dl className="kv">
            <dt>Command</dt>
            <dd>
              <code>{[server.command, ...server.args].join(' ')}</code>
            </dd>
            <dt>Working folder</dt>
            <dd>{server.cwd ? <code>{server.cwd}</code> : <span className="muted">(default)</span>}</dd>
            <dt>Environment</dt>
            <dd>{server.envKeys.length ? server.envKeys.join(', ') : <span className="muted">(none)</span>} <span className="muted small">— values are never shown</span></dd>
            <dt>Call timeout</dt>
            <dd>{Math.round(server.timeoutMs / 1000)} s (reset by progress)</dd>
            <dt>Origin</dt>
            <dd>{server.origin === 'builtin' ? 'Built into Kalla' : 'Your server file'}</dd>
            <dt>
              <label htmlFor="sampling-policy">Sampling requests</label>
            </dt>
            <dd>
              <select
                id="sampling-policy"
                value={server.samplingPolicy ?? 'ask'}
                onChange={(e) => void act(() => call('servers.setSamplingPolicy', { server: name, policy: e.target.value as 'ask' | 'always' | 'never' }))}
              >
                <option value="ask">Ask each time (see the request and the answer)</option>
                <option value="always">Always send to my model</option>
                <option value="never">Never</option>
              </select>
              <span className="muted small"> — when this server asks to use the Assistant's model</span>
            </dd>
            {server.instructions && (
              <>
                <dt>Instructions</dt>
                <dd className="prewrap">{server.instructions}</dd>
              </>
            )}
            <dt>Capabilities</dt>
            <dd>{server.capabilities ? Object.keys(server.capabilities).join(', ') || '(none)' : '—'}</dd>
          </dl>
        )}
      </div>
    </div>
  );
}
