import { useState } from 'react';
import type { ServerView } from '../../../../shared/mcp';
import { call, errorMessage } from '../../api/client';
import { useServers } from '../../stores/servers';
import { ContentView } from './ContentView';

/** A stable empty list: a fresh [] per render would make zustand re-render forever. */
const NONE: never[] = [];

export function ResourcesPanel({ server }: { server: ServerView }) {
  const resources = useServers((s) => s.lists[server.name]?.resources ?? NONE);
  const [contents, setContents] = useState<{ uri: string; data: unknown[] } | undefined>();
  const [error, setError] = useState<string | undefined>();
  if (resources.length === 0) return <p className="muted">{server.status === 'running' ? 'This server offers no resources.' : 'Start the server to see its resources.'}</p>;
  const read = async (uri: string) => {
    setError(undefined);
    try {
      const r = await call('servers.readResource', { server: server.name, uri });
      setContents({ uri, data: r.contents });
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div className="split">
      <ul className="item-list" aria-label="Resources">
        {resources.map((r) => (
          <li key={r.uri} className="item static">
            <span className="name">{r.title ?? r.name}</span>
            <code className="small">{r.uri}</code>
            {r.description && <span className="muted small">{r.description}</span>}
            <button onClick={() => void read(r.uri)} aria-label={`Read ${r.name}`}>
              Read
            </button>
          </li>
        ))}
      </ul>
      <div>
        {error && <div className="banner error" role="alert">{error}</div>}
        {contents && (
          <section aria-label="Resource contents">
            <h4>{contents.uri}</h4>
            <ContentView blocks={contents.data.map((c) => ({ type: 'resource', resource: c }))} server={server.name} />
          </section>
        )}
      </div>
    </div>
  );
}
