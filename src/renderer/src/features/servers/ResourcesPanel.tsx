import { useEffect, useState } from 'react';
import type { ResourceTemplateInfo, ServerView } from '../../../../shared/mcp';
import { expandTemplate, templateVariables } from '../../../../shared/uri-template';
import { call, errorMessage, onEvent } from '../../api/client';
import { useServers } from '../../stores/servers';
import { CompletingInput } from './CompletingInput';
import { ContentView } from './ContentView';

/** A stable empty list: a fresh [] per render would make zustand re-render forever. */
const NONE: never[] = [];

/** A resource template as a form: one field per URI-template variable, the URI it makes, and Read. */
function TemplateForm({ t, server, onRead }: { t: ResourceTemplateInfo; server: string; onRead: (uri: string) => void }) {
  const vars = templateVariables(t.uriTemplate);
  const [values, setValues] = useState<Record<string, string>>({});
  const uri = expandTemplate(t.uriTemplate, values);
  return (
    <li className="item static">
      <form
        className="template-form"
        aria-label={`Template ${t.title ?? t.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          onRead(uri);
        }}
      >
        <span className="name">{t.title ?? t.name}</span>
        <code className="small">{t.uriTemplate}</code>
        {t.description && <span className="muted small">{t.description}</span>}
        {vars.map((v) => (
          <label key={v} className="inline small">
            {v}{' '}
            <CompletingInput server={server} ref_={{ type: 'ref/resource', uri: t.uriTemplate }} name={v} value={values[v] ?? ''} context={values} onChange={(x) => setValues({ ...values, [v]: x })} />
          </label>
        ))}
        <code className="small" aria-label={`URI of ${t.name}`}>
          {uri}
        </code>
        <button type="submit" disabled={vars.some((v) => !values[v])}>
          Read
        </button>
      </form>
    </li>
  );
}

/**
 * A resource's contents, and for a server that offers subscriptions a "Watch for changes" switch:
 * subscribed, each notifications/resources/updated re-reads the resource in place and says when.
 * Leaving the resource (or the tab) unsubscribes.
 */
function ResourceContents({ server, uri, initial }: { server: ServerView; uri: string; initial: unknown[] }) {
  const [data, setData] = useState(initial);
  const [watching, setWatching] = useState(false);
  const [updates, setUpdates] = useState<{ count: number; at?: string }>({ count: 0 });
  const [error, setError] = useState<string>();
  const canWatch = !!(server.capabilities?.resources as { subscribe?: boolean } | undefined)?.subscribe;
  useEffect(() => setData(initial), [initial]);
  useEffect(() => {
    if (!watching) return;
    let live = true;
    const off = onEvent('servers.resourceUpdated', (e) => {
      if (e.server !== server.name || e.uri !== uri) return;
      call('servers.readResource', { server: server.name, uri }).then(
        (r) => {
          if (!live) return;
          setData(r.contents);
          setUpdates((u) => ({ count: u.count + 1, at: new Date().toLocaleTimeString() }));
        },
        (err: unknown) => live && setError(errorMessage(err)),
      );
    });
    call('servers.subscribe', { server: server.name, uri }).catch((err: unknown) => {
      if (!live) return;
      setError(errorMessage(err));
      setWatching(false);
    });
    return () => {
      live = false;
      off();
      void call('servers.unsubscribe', { server: server.name, uri }).catch(() => {});
    };
  }, [watching, server.name, uri]);
  return (
    <section aria-label="Resource contents">
      <h4>{uri}</h4>
      {canWatch && (
        <label className="inline small">
          <input
            type="checkbox"
            checked={watching}
            onChange={(e) => {
              setError(undefined);
              setUpdates({ count: 0 });
              setWatching(e.target.checked);
            }}
          />{' '}
          Watch for changes
          {watching && (
            <span className="muted" aria-live="polite" data-testid="resource-updates">
              {' '}
              {updates.count === 0 ? '· waiting for the server to report a change' : `· updated ${updates.count}× (last at ${updates.at})`}
            </span>
          )}
        </label>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ContentView blocks={data.map((c) => ({ type: 'resource', resource: c }))} server={server.name} />
    </section>
  );
}

export function ResourcesPanel({ server }: { server: ServerView }) {
  const resources = useServers((s) => s.lists[server.name]?.resources ?? NONE);
  const [contents, setContents] = useState<{ uri: string; data: unknown[] } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [templates, setTemplates] = useState<ResourceTemplateInfo[]>([]);
  useEffect(() => {
    if (server.status !== 'running') return;
    let live = true;
    // Servers without resources answer "method not found": they simply have no templates.
    call('servers.resourceTemplates', { server: server.name }).then(
      (r) => live && setTemplates(r.templates),
      () => live && setTemplates([]),
    );
    return () => {
      live = false;
    };
  }, [server.name, server.status]);
  if (resources.length === 0 && templates.length === 0) return <p className="muted">{server.status === 'running' ? 'This server offers no resources.' : 'Start the server to see its resources.'}</p>;
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
      <div>
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
        {templates.length > 0 && (
          <ul className="item-list" aria-label="Resource templates">
            {templates.map((t) => (
              <TemplateForm key={t.uriTemplate} t={t} server={server.name} onRead={(uri) => void read(uri)} />
            ))}
          </ul>
        )}
      </div>
      <div>
        {error && (
          <div className="banner error" role="alert">
            {error}
          </div>
        )}
        {contents && <ResourceContents key={contents.uri} server={server} uri={contents.uri} initial={contents.data} />}
      </div>
    </div>
  );
}
