import { useState } from 'react';
import type { ServerView } from '../../../../shared/mcp';
import { call, errorMessage } from '../../api/client';
import { useServers } from '../../stores/servers';
import { rovingKeyDown, rovingTabIndex } from '../../components/roving';
import { CompletingInput } from './CompletingInput';

/** A stable empty list: a fresh [] per render would make zustand re-render forever. */
const NONE: never[] = [];

export function PromptsPanel({ server }: { server: ServerView }) {
  const prompts = useServers((s) => s.lists[server.name]?.prompts ?? NONE);
  const [selected, setSelected] = useState<string | undefined>();
  const [args, setArgs] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ description?: string; messages: unknown[] } | undefined>();
  const [error, setError] = useState<string | undefined>();
  if (prompts.length === 0) return <p className="muted">{server.status === 'running' ? 'This server offers no prompts.' : 'Start the server to see its prompts.'}</p>;
  const prompt = prompts.find((p) => p.name === selected) ?? prompts[0];
  const get = async () => {
    setError(undefined);
    try {
      setResult(await call('servers.getPrompt', { server: server.name, name: prompt.name, args }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div className="split">
      <ul className="item-list" role="listbox" aria-label="Prompts" onKeyDown={(e) => rovingKeyDown(e, 'option', 'vertical')}>
        {prompts.map((p) => (
          <li key={p.name} role="none">
            <button role="option" aria-selected={prompt.name === p.name} tabIndex={rovingTabIndex(prompt.name === p.name)} className={prompt.name === p.name ? 'item selected' : 'item'} onClick={() => { setSelected(p.name); setResult(undefined); setArgs({}); }}>
              {p.title ?? p.name}
            </button>
          </li>
        ))}
      </ul>
      <form className="try-form" onSubmit={(e) => { e.preventDefault(); void get(); }} aria-label={`Get prompt ${prompt.name}`}>
        {prompt.description && <p>{prompt.description}</p>}
        {(prompt.arguments ?? []).map((a) => (
          <div key={a.name} className="form-row">
            <label htmlFor={`prompt-${a.name}`}>
              {a.name}
              {a.required && <span className="required"> *</span>}
            </label>
            <CompletingInput
              id={`prompt-${a.name}`}
              server={server.name}
              ref_={{ type: 'ref/prompt', name: prompt.name }}
              name={a.name}
              value={args[a.name] ?? ''}
              context={args}
              onChange={(v) => setArgs((s) => ({ ...s, [a.name]: v }))}
              required={a.required}
            />
            {a.description && <span className="muted small">{a.description}</span>}
          </div>
        ))}
        <button type="submit" className="primary">Get prompt</button>
        {error && <div className="banner error" role="alert">{error}</div>}
        {result && (
          <section aria-label="Prompt messages">
            {result.messages.map((m, i) => {
              const msg = m as { role?: string; content?: { type?: string; text?: string } };
              return (
                <div key={i} className="message">
                  <span className="badge">{msg.role}</span>
                  <pre className="block text">{msg.content?.type === 'text' ? msg.content.text : JSON.stringify(msg.content, null, 2)}</pre>
                </div>
              );
            })}
          </section>
        )}
      </form>
    </div>
  );
}
