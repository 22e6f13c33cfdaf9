import { useState } from 'react';
import { useReconcile } from '../../stores/reconcile';
import { downloadBlob } from '../../components/download';
import { focusWhenReady } from '../../components/focus';

/** Fetches an exported file over the app's own connection and hands it to the browser as a download. */
async function downloadExport(id: string, path: string): Promise<void> {
  const file = await useReconcile.getState().act('export', 'Downloading…', 'reconcile.downloadExport', { id, path });
  if (!file) return;
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  downloadBlob(new Blob([bytes], { type: file.mime }), file.name);
}

export function ExportControls({ runId }: { runId: number }) {
  const ws = useReconcile((s) => s.ws)!;
  const dialogs = useReconcile((s) => s.dialogs);
  const busy = useReconcile((s) => s.busy.export);
  const error = useReconcile((s) => s.errors.export);
  const { act } = useReconcile.getState();
  const [dir, setDir] = useState('');
  const [formats, setFormats] = useState<Set<'csv' | 'xlsx' | 'evidence'>>(new Set(['csv', 'xlsx']));
  // The files of the run they were exported from: after run 2 the list of run 1's files is not offered as this run's.
  const [exported, setDone] = useState<{ runId: number; dir: string; files: string[] } | null>(null);
  const done = exported?.runId === runId ? exported : null;
  const doExport = async () => {
    let target = dir.trim() || undefined;
    if (dialogs && !target) {
      const r = await act('export', 'Choosing…', 'reconcile.chooseFolder', {});
      if (!r?.path) return;
      target = r.path;
    }
    const r = await act('export', 'Exporting…', 'reconcile.export', { id: ws.id, runId, formats: [...formats], overwrite: true, ...(target ? { dir: target } : {}) });
    if (r) setDone({ runId, dir: r.dir, files: r.result.files });
    focusWhenReady(r ? '#export-done' : '#export-error');
  };
  return (
    <div className="export">
      <div className="toolbar">
        {(['csv', 'xlsx', 'evidence'] as const).map((f) => (
          <label key={f} className="inline small">
            <input
              type="checkbox"
              checked={formats.has(f)}
              onChange={() =>
                setFormats((s) => {
                  const n = new Set(s);
                  if (n.has(f)) n.delete(f);
                  else n.add(f);
                  return n;
                })
              }
            />
            {f.toUpperCase()}
          </label>
        ))}
        {!dialogs && <input className="export-dir" aria-label="Export folder" placeholder="Default: Kalla's exports folder" value={dir} onChange={(e) => setDir(e.target.value)} />}
        <button className="primary" disabled={formats.size === 0 || Boolean(busy)} onClick={() => void doExport()}>
          {busy ?? 'Export…'}
        </button>
      </div>
      {done && (
        <p role="status" id="export-done" tabIndex={-1} className="export-done small">
          Exported {done.files.length} file(s) to <code>{done.dir}</code>
        </p>
      )}
      {done && !dialogs && (
        // Browser mode: the folder is on the machine running `kalla web`; offer each file as a download too.
        <ul className="export-downloads small" aria-label="Download exported files">
          {done.files.map((f) => (
            <li key={f}>
              <button className="link-button" onClick={() => void downloadExport(ws.id, f)}>
                Download {f.split(/[\\/]/).pop()}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" id="export-error" tabIndex={-1} className="field-error small">
          {error}
        </p>
      )}
    </div>
  );
}
