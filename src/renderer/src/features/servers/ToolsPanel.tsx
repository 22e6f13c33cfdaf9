import { useMemo, useState } from 'react';
import type { ServerView, ToolInfo } from '../../../../shared/mcp';
import { errorMessage } from '../../api/client';
import { useServers } from '../../stores/servers';
import { callKey, useToolCalls, type ToolCallState } from '../../stores/tool-calls';

/** A stable empty list: a fresh [] per render would make zustand re-render forever. */
const NONE: never[] = [];
const IDLE: ToolCallState = {};
import { ContentView, LongText } from './ContentView';
import { buildArgs, fieldsFromSchema, formSupported } from './schema-form';
import { SchemaForm } from './SchemaForm';
import { rovingKeyDown, rovingTabIndex } from '../../components/roving';

export function ToolsPanel({ server }: { server: ServerView }) {
  const tools = useServers((s) => s.lists[server.name]?.tools ?? NONE);
  const [selected, setSelected] = useState<string | undefined>();
  const tool = tools.find((t) => t.name === selected) ?? tools[0];

  if (server.status !== 'running' && tools.length === 0) {
    const waiting = server.status === 'starting' || server.status === 'restarting';
    return <p className="muted">{waiting ? 'Waiting for the server to start…' : 'Start the server to see its tools.'}</p>;
  }
  if (tools.length === 0) return <p className="muted">This server offers no tools.</p>;
  return (
    <div className="split">
      <ul className="item-list" role="listbox" aria-label="Tools" onKeyDown={(e) => rovingKeyDown(e, 'option', 'vertical')}>
        {tools.map((t) => (
          <li key={t.name} role="none">
            <button role="option" aria-selected={tool?.name === t.name} tabIndex={rovingTabIndex(tool?.name === t.name)} className={tool?.name === t.name ? 'item selected' : 'item'} onClick={() => setSelected(t.name)}>
              <span className="name">{t.title ?? t.name}</span>
              {t.annotations?.readOnlyHint === true && <span className="badge">read-only</span>}
              {t.annotations?.destructiveHint === true && <span className="badge danger">destructive</span>}
              {t.execution?.taskSupport === 'required' && (
                <span className="badge" title="The server runs this tool as a task: Kalla polls it to its result; Cancel cancels the task">
                  task
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {tool && <ToolTry key={`${server.name}/${tool.name}`} server={server.name} tool={tool} />}
    </div>
  );
}

function ToolTry({ server, tool }: { server: string; tool: ToolInfo }) {
  const fields = useMemo(() => fieldsFromSchema(tool.inputSchema), [tool.inputSchema]);
  const [raw, setRaw] = useState(!formSupported(tool.inputSchema));
  const [values, setValues] = useState<Record<string, string>>({});
  const [rawText, setRawText] = useState('{}');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { callId, progress, result, failure } = useToolCalls((s) => s.byKey[callKey(server, tool.name)] ?? IDLE);
  const runCall = useToolCalls((s) => s.run);
  const cancelCall = useToolCalls((s) => s.cancel);

  const run = async () => {
    let args: Record<string, unknown>;
    if (raw) {
      try {
        const parsed = JSON.parse(rawText);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('Arguments must be a JSON object.');
        args = parsed;
      } catch (e) {
        setErrors({ _raw: errorMessage(e) });
        return;
      }
    } else {
      const built = buildArgs(fields, values);
      setErrors(built.errors);
      if (Object.keys(built.errors).length) return;
      args = built.args;
    }
    await runCall(server, tool.name, args);
  };

  const switchToRaw = () => {
    if (!raw) setRawText(JSON.stringify(buildArgs(fields, values).args, null, 2));
    setRaw(!raw);
  };

  return (
    <div className="tool-try">
      <h3>{tool.title ?? tool.name}</h3>
      {tool.description && <p className="prewrap">{tool.description}</p>}
      <details>
        <summary>Input schema</summary>
        <pre className="block json">{JSON.stringify(tool.inputSchema, null, 2)}</pre>
      </details>
      {tool.outputSchema && (
        <details>
          <summary>Output schema</summary>
          <pre className="block json">{JSON.stringify(tool.outputSchema, null, 2)}</pre>
        </details>
      )}
      <form
        className="try-form"
        aria-label={`Try ${tool.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <div className="form-toolbar">
          <h4>Try it</h4>
          <button type="button" className="link-button" onClick={switchToRaw}>
            {raw ? 'Use form' : 'Edit as JSON'}
          </button>
        </div>
        {raw ? (
          <>
            <label htmlFor="raw-args" className="sr-only">
              Arguments (JSON)
            </label>
            <textarea id="raw-args" rows={8} value={rawText} onChange={(e) => setRawText(e.target.value)} spellCheck={false} />
            {errors._raw && <span className="field-error">{errors._raw}</span>}
          </>
        ) : (
          <SchemaForm idPrefix="arg" fields={fields} values={values} errors={errors} onChange={(n, v) => setValues((s) => ({ ...s, [n]: v }))} />
        )}
        <div className="toolbar">
          <button type="submit" className="primary" disabled={Boolean(callId)}>
            {callId ? 'Calling…' : 'Call tool'}
          </button>
          {callId && (
            <button type="button" onClick={() => cancelCall(server, tool.name)}>
              Cancel
            </button>
          )}
        </div>
        {callId && progress && (
          <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={progress.total ?? 100} aria-valuenow={progress.progress}>
            <div className="bar" style={{ width: progress.total ? `${Math.min(100, (progress.progress / progress.total) * 100)}%` : '100%' }} />
            <span className="small">
              {progress.message ?? `${progress.progress}${progress.total ? ` / ${progress.total}` : ''}`}
            </span>
          </div>
        )}
      </form>
      {failure && (
        <div className="banner error" role="alert">
          {failure}
        </div>
      )}
      {result && (
        <section className="result" aria-label="Tool result">
          <header>
            <span className={result.isError ? 'pill status-error' : 'pill status-running'}>{result.isError ? 'isError: true' : 'OK'}</span>
            <span className="muted small" data-testid="elapsed">
              {result.elapsedMs.toFixed(0)} ms
            </span>
          </header>
          <h4>Content</h4>
          <ContentView blocks={result.content as Array<Record<string, unknown>>} server={server} />
          {result.structuredContent && (
            <>
              <h4>structuredContent</h4>
              <LongText className="block json" text={JSON.stringify(result.structuredContent, null, 2)} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
