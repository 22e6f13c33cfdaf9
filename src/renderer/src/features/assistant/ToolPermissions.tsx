/**
 * Per-server and per-tool permissions for the Assistant: always / ask / never
 * (or the default: read-only built-in tools run, everything else asks).
 * Finalizing tools always ask whatever is chosen here, except "never".
 */
import { useCallback, useEffect, useState } from 'react';
import { ToolPermissionSchema, type ToolPermission, type ToolPolicyOverrides } from '../../../../shared/assistant';
import type { AssistantTools } from '../../../../shared/contract/assistant';
import { call, errorMessage } from '../../api/client';

type Choice = ToolPermission | 'default';
const LABEL: Record<ToolPermission, string> = { always: 'runs', ask: 'asks', never: 'blocked' };
/** A server's or a tool's choices: the permissions the settings accept, or the default. */
const CHOICES: readonly Choice[] = ['default', ...ToolPermissionSchema.options];

function ChoiceOptions() {
  return (
    <>
      {CHOICES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </>
  );
}

export function ToolPermissions() {
  const [tools, setTools] = useState<AssistantTools>();
  const [policy, setPolicy] = useState<ToolPolicyOverrides>({ servers: {}, tools: {} });
  const [error, setError] = useState<string>();

  const load = useCallback(async () => {
    try {
      const [t, s] = await Promise.all([call('assistant.tools', {}), call('settings.get', {})]);
      setTools(t);
      setPolicy(s.settings.toolPolicy);
      setError(undefined);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const save = async (next: ToolPolicyOverrides) => {
    try {
      await call('settings.update', { toolPolicy: next });
      await load();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const setServer = (server: string, choice: Choice) => {
    const servers = { ...policy.servers };
    if (choice === 'default') delete servers[server];
    else servers[server] = choice;
    void save({ ...policy, servers });
  };
  const setTool = (server: string, tool: string, choice: Choice) => {
    const mine = { ...(policy.tools[server] ?? {}) };
    if (choice === 'default') delete mine[tool];
    else mine[tool] = choice;
    const toolsPolicy = { ...policy.tools, [server]: mine };
    if (Object.keys(mine).length === 0) delete toolsPolicy[server];
    void save({ ...policy, tools: toolsPolicy });
  };

  return (
    <details className="assistant-permissions">
      <summary>Tool permissions</summary>
      <p className="muted">
        By default, read-only tools that come with Kalla run on their own and everything else asks. Tools that finalize a result (run, export) always ask unless blocked.
      </p>
      {error && (
        <div className="banner error" role="alert">
          {error}
        </div>
      )}
      {tools?.servers.map((s) => (
        <section key={s.server} className="assistant-perm-server" aria-label={`Permissions for ${s.server}`}>
          <div className="assistant-perm-row head">
            <strong>{s.server}</strong>
            <span className="muted">{s.origin === 'builtin' ? 'built-in' : 'added by you'}</span>
            <select aria-label={`Permission for server ${s.server}`} value={policy.servers[s.server] ?? 'default'} onChange={(e) => setServer(s.server, e.target.value as Choice)}>
              <ChoiceOptions />
            </select>
          </div>
          <ul>
            {s.tools.map((t) => (
              <li key={t.name} className="assistant-perm-row" title={t.reason}>
                <span className="assistant-tool-name">{t.name}</span>
                <span className={`assistant-perm-effective ${t.permission}`}>
                  {LABEL[t.permission]}
                  {t.finalizing ? ' · finalizing' : ''}
                </span>
                <select aria-label={`Permission for ${s.server} ${t.name}`} value={policy.tools[s.server]?.[t.name] ?? 'default'} onChange={(e) => setTool(s.server, t.name, e.target.value as Choice)}>
                  <ChoiceOptions />
                </select>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </details>
  );
}
