import { useEffect, useState } from 'react';
import type { ImportPreview, ImportSource } from '../../../../shared/mcp';
import { call, errorMessage } from '../../api/client';
import { Dialog } from '../../components/Dialog';

/**
 * Import servers from another MCP client: Claude Desktop, VS Code or Cursor (their files on this
 * machine, found or not), or any other file. Shows what would be imported first (a dry run: each
 * server's command line or URL, env and header names, warnings), asks for the VS Code inputs (API
 * keys and the like) the servers use, then imports them disabled.
 */
export function ImportDialog(props: { onClose(): void; onImported(summary: string, names: string[]): void }) {
  const [sources, setSources] = useState<ImportSource[]>([]);
  const [choice, setChoice] = useState<string>('');
  const [otherPath, setOtherPath] = useState('');
  const [preview, setPreview] = useState<ImportPreview | undefined>();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call('servers.importSources', {})
      .then(({ sources: list }) => {
        setSources(list);
        setChoice((c) => c || (list.find((s) => s.found)?.id ?? 'other'));
      })
      .catch((e: unknown) => setError(errorMessage(e)));
  }, []);

  const path = choice === 'other' ? otherPath.trim() : sources.find((s) => s.id === choice)?.path;
  const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  const missing = preview?.inputs.filter((i) => !filled[i.id]) ?? [];

  const look = async () => {
    if (!path) return setError('Enter the path of the file to import from.');
    setBusy(true);
    setError(undefined);
    try {
      setPreview(await call('servers.importPlan', { path }));
      setValues({});
    } catch (e) {
      setPreview(undefined);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (!path) return;
    setBusy(true);
    setError(undefined);
    try {
      const r = await call('servers.import', { path, ...(Object.keys(filled).length ? { inputs: filled } : {}) });
      const skipped = r.skipped.map((s) => `${s.name} (${s.reason})`).join(', ');
      props.onImported(`Imported ${r.imported.length} server${r.imported.length === 1 ? '' : 's'}${r.imported.length ? `: ${r.imported.join(', ')} (disabled until you enable ${r.imported.length === 1 ? 'it' : 'them'})` : ''}.${skipped ? ` Skipped: ${skipped}.` : ''}`, r.imported);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  // Servers waiting only for inputs the user has now typed will import too.
  const waiting = preview?.skipped.filter((s) => s.reason.startsWith('needs ')) ?? [];
  const count = (preview?.toAdd.length ?? 0) + (preview && missing.length === 0 ? waiting.length : 0);
  return (
    <Dialog open title="Import MCP servers" onClose={props.onClose} wide>
      <form
        className="dialog-body"
        onSubmit={(e) => {
          e.preventDefault();
          void (preview ? run() : look());
        }}
      >
        <fieldset className="plain">
          <legend>From</legend>
          {sources.map((s) => (
            <label key={s.id} className="import-source">
              <input type="radio" name="import-source" checked={choice === s.id} onChange={() => (setChoice(s.id), setPreview(undefined))} />
              <span>
                {s.label} <span className="muted small">{s.found ? s.path : `not found (${s.path})`}</span>
              </span>
            </label>
          ))}
          <label className="import-source">
            <input type="radio" name="import-source" checked={choice === 'other'} onChange={() => (setChoice('other'), setPreview(undefined))} />
            <span>Another file (a project&apos;s .vscode/mcp.json, a colleague&apos;s config…)</span>
          </label>
          {choice === 'other' && (
            <input aria-label="Path of the file to import" value={otherPath} onChange={(e) => (setOtherPath(e.target.value), setPreview(undefined))} placeholder="/Users/me/project/.vscode/mcp.json" spellCheck={false} />
          )}
        </fieldset>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {preview && (
          <section aria-label="What will be imported" className="import-preview">
            <p>
              {preview.toAdd.length ? (
                <>
                  Will import: <strong>{preview.toAdd.join(', ')}</strong>
                </>
              ) : preview.inputs.length ? (
                'Nothing can be imported until the values below are entered.'
              ) : (
                'No server can be imported as it is.'
              )}
            </p>
            {preview.servers.length > 0 && (
              <>
                <ul aria-label="Servers to import" className="small">
                  {preview.servers.map((s) => (
                    <li key={s.name}>
                      <strong>{s.name}</strong>: <code>{s.url ?? [s.command, ...s.args].join(' ')}</code>
                      {s.envNames.length > 0 && <span className="muted"> · env: {s.envNames.join(', ')}</span>}
                      {s.headerNames.length > 0 && <span className="muted"> · headers: {s.headerNames.join(', ')}</span>}
                      {s.warnings.map((w) => (
                        <div key={w} className="field-error">
                          ⚠ {w}
                        </div>
                      ))}
                    </li>
                  ))}
                </ul>
                <p className="muted small">Imported servers are added disabled: nothing starts until you enable each one in the list.</p>
              </>
            )}
            {preview.inputs.length > 0 && (
              <div>
                <p className="muted small">These servers use values VS Code asks for when they start ({waiting.map((s) => s.name).join(', ')}). Enter them to import those servers too; they are stored in your server file like values typed into the form.</p>
                {preview.inputs.map((i) => (
                  <div key={i.id} className="form-row">
                    <label htmlFor={`import-input-${i.id}`}>{i.description ?? i.id}</label>
                    <input
                      id={`import-input-${i.id}`}
                      type={i.password ? 'password' : 'text'}
                      autoComplete="off"
                      value={values[i.id] ?? ''}
                      onChange={(e) => setValues((v) => ({ ...v, [i.id]: e.target.value }))}
                    />
                  </div>
                ))}
              </div>
            )}
            {preview.skipped.filter((s) => !s.reason.startsWith('needs ')).length > 0 && (
              <ul className="muted small" aria-label="Skipped servers">
                {preview.skipped
                  .filter((s) => !s.reason.startsWith('needs '))
                  .map((s) => (
                    <li key={s.name}>
                      {s.name}: {s.reason}
                    </li>
                  ))}
              </ul>
            )}
          </section>
        )}
        <div className="toolbar end">
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          {preview ? (
            <button type="submit" className="primary" disabled={busy || count === 0}>
              Import {count} server{count === 1 ? '' : 's'}
            </button>
          ) : (
            <button type="submit" className="primary" disabled={busy || !path}>
              Show what will be imported
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
