import { useEffect, useState } from 'react';
import { call, errorMessage } from '../../api/client';
import { useServers } from '../../stores/servers';
import { useToolCalls } from '../../stores/tool-calls';
import { ConfigProblems } from './ConfigProblems';
import { ImportDialog } from './ImportDialog';
import { ServerDetail } from './ServerDetail';
import { ServerEditor, type EditorMode } from './ServerEditor';
import { StatusPill } from './StatusPill';
import { rovingKeyDown, rovingTabIndex } from '../../components/roving';

export function ServersView() {
  const { init, order, servers, selected, select, problems, loaded, refresh } = useServers();
  const [editor, setEditor] = useState<EditorMode | undefined>();
  const [notice, setNotice] = useState<{ kind: 'info' | 'error'; text: string } | undefined>();
  useEffect(() => init(), [init]);
  const initCalls = useToolCalls((s) => s.init);
  useEffect(() => initCalls(), [initCalls]);

  const [importing, setImporting] = useState(false);

  const current = selected ? servers[selected] : undefined;
  return (
    <div className="servers">
      <section className="server-list" aria-label="MCP servers">
        <header className="pane-header">
          <h1>Servers</h1>
          <div className="toolbar">
            <button className="primary" onClick={() => setEditor({ kind: 'add' })}>
              Add server
            </button>
            <button onClick={() => setImporting(true)} title="Copy servers from Claude Desktop, VS Code, Cursor or another MCP config file">
              Import
            </button>
            <button onClick={() => setEditor({ kind: 'raw' })} title="Edit mcp-servers.json directly">
              Edit JSON
            </button>
          </div>
        </header>
        {notice && (
          <div className={`banner ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {notice.text}
            <button className="icon-button" aria-label="Dismiss" onClick={() => setNotice(undefined)}>
              ×
            </button>
          </div>
        )}
        <ConfigProblems problems={problems}>
          <strong>Problems in your server file</strong> — the other servers keep running.
          <button onClick={() => setEditor({ kind: 'raw' })}>Fix in JSON editor</button>
        </ConfigProblems>
        {!loaded ? (
          <p className="muted pad">Loading servers…</p>
        ) : order.length === 0 ? (
          <div className="empty-state small">
            <p>No MCP servers yet.</p>
            <p className="muted">
              Add one (for example <code>npx -y @modelcontextprotocol/server-filesystem ~/Documents</code>) or import
              the servers you already use in Claude Desktop, VS Code or Cursor.
            </p>
          </div>
        ) : (
          <ul className="cards" role="listbox" aria-label="Server list" aria-orientation="vertical" onKeyDown={(e) => rovingKeyDown(e, 'option', 'vertical')}>
            {order.map((name) => {
              const s = servers[name];
              if (!s) return null;
              return (
                <li key={name} role="none">
                  <button
                    role="option"
                    aria-selected={selected === name}
                    tabIndex={rovingTabIndex(selected === name || (!selected && name === order[0]))}
                    className={selected === name ? 'card selected' : 'card'}
                    onClick={() => select(name)}
                  >
                    <span className="card-title">
                      <span className="name">{name}</span>
                      {s.origin === 'builtin' && <span className="badge">built-in</span>}
                    </span>
                    <StatusPill status={s.status} disabled={s.disabled} />
                    <span className="card-meta">
                      {s.counts.tools} tools · {s.counts.resources} resources · {s.counts.prompts} prompts
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="server-detail" aria-label="Server details">
        {current ? (
          <ServerDetail server={current} onEdit={() => setEditor({ kind: 'edit', name: current.name })} />
        ) : (
          <div className="empty-state">
            <h2>Pick a server</h2>
            <p className="muted">Its status, tools, resources, prompts and live logs appear here.</p>
          </div>
        )}
      </section>
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={(summary, names) => {
            setImporting(false);
            setNotice({ kind: 'info', text: summary });
            void refresh().then(() => {
              if (names[0]) select(names[0]);
            });
          }}
        />
      )}
      {editor && (
        <ServerEditor
          mode={editor}
          onClose={() => setEditor(undefined)}
          onSaved={(name) => {
            setEditor(undefined);
            // refresh() reports its own failures in the view; selecting waits for the new list.
            void refresh().then(() => {
              if (name) select(name);
            });
          }}
        />
      )}
    </div>
  );
}
