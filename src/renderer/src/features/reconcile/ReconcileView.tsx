import { useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { focusWhenReady } from '../../components/focus';
import { selectBusy, selectCanUndoFilters, selectError, selectInterruptedRun, selectList, selectWorkspace, useReconcile } from '../../stores/reconcile';
import { DamagedWorkspaces } from './DamagedWorkspaces';
import { EngineRebuild } from './EngineRebuild';
import { SourcesPanel } from './SourcesPanel';
import { MappingPanel } from './MappingPanel';
import { FilterPanel } from './FilterPanel';
import { RulesPanel } from './RulesPanel';
import { ResultsPanel } from './ResultsPanel';
import { HistoryPanel } from './HistoryPanel';
import { RecipeControls } from './RecipeControls';
import { formatTime } from '../../stores/display';

/** The Reconcile workspace: sources → mapping → filters → rules and run → results, all saved as it happens. */
export function ReconcileView() {
  const ws = useReconcile(selectWorkspace);
  const list = useReconcile(selectList);
  const error = useReconcile(selectError('workspace'));
  const busy = useReconcile(selectBusy('workspace'));
  const interrupted = useReconcile(selectInterruptedRun);
  const { init, addFiles, createWorkspace } = useReconcile.getState();
  const [dragging, setDragging] = useState(false);
  useEffect(() => init(), [init]);

  // Drop two files anywhere on the window.
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      const files = [...(e.dataTransfer?.files ?? [])];
      if (files.length) void addFiles(files);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [addFiles]);

  // Ctrl/Cmd+Z undoes the last filter change (outside text fields).
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z') {
        const cur = useReconcile.getState().ws;
        if (cur && selectCanUndoFilters(useReconcile.getState())) {
          e.preventDefault();
          void useReconcile.getState().act('filters', 'Undoing…', 'reconcile.undoFilters', { id: cur.id });
        }
      }
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, []);

  return (
    <div className="reconcile">
      <WorkspaceBar />
      <DamagedWorkspaces />
      {error && (
        <div className="banner error" role="alert">
          {error}
          <EngineRebuild message={error} />
        </div>
      )}
      {interrupted && (
        <div className="banner error" role="status">
          Run {interrupted.run_id} was interrupted: the app stopped while it was in progress, and its partial results
          were removed. Press Run to run it again.
        </div>
      )}
      {dragging && (
        <div className="drop-overlay" aria-hidden>
          <div>Drop one or two CSV files — the first goes left, the second right</div>
        </div>
      )}
      <div className="reconcile-scroll">
        {!ws && list && list.workspaces.every((w) => w.damaged) && (
          <div className="empty-state">
            <h1>Reconcile two files</h1>
            <p className="lead">Drop a bank statement and an invoice list (or any two CSV exports) on this window. Kalla proposes which columns match, you confirm, filter in plain words and run.</p>
            {/* A new workspace's first step is choosing its files: focus goes there. */}
            <button className="primary" disabled={Boolean(busy)} onClick={() => void createWorkspace('Untitled reconciliation').then(() => focusWhenReady('#choose-files'))}>
              Start a reconciliation
            </button>
          </div>
        )}
        {ws && (
          <>
            {/* The workspace bar shows the name in a picker; the page still needs its title. */}
            <h1 className="sr-only">Reconcile · {ws.name}</h1>
            <Stepper />
            <SourcesPanel />
            <MappingPanel />
            <FilterPanel />
            <RulesPanel />
            <ResultsPanel />
            <HistoryPanel />
          </>
        )}
      </div>
    </div>
  );
}

function Stepper() {
  const ws = useReconcile((s) => s.ws)!;
  const steps = [
    { id: 'step-sources', label: 'Sources', done: Boolean(ws.sources.left && ws.sources.right) },
    { id: 'step-mapping', label: 'Mapping', done: Boolean(ws.mapping?.confirmed) },
    { id: 'step-filters', label: 'Filters', done: ws.filters.length > 0 },
    { id: 'step-rules', label: 'Rules & run', done: ws.last_run_id !== null },
    { id: 'step-results', label: 'Results', done: false },
    { id: 'step-history', label: 'History', done: false },
  ];
  return (
    <nav className="rc-stepper" aria-label="Steps">
      <ol>
        {steps.map((s, i) => (
          <li key={s.id} className={s.done ? 'done' : ''}>
            <a href={`#${s.id}`} onClick={(e) => {
              e.preventDefault();
              const el = document.getElementById(s.id)?.closest('section');
              const sc = document.querySelector('.reconcile-scroll');
              if (el && sc) sc.scrollTo({ top: el.getBoundingClientRect().top - sc.getBoundingClientRect().top + sc.scrollTop - 56, behavior: 'smooth' });
              el?.querySelector<HTMLElement>('button, input, select')?.focus({ preventScroll: true });
            }}>
              <span className="step-no">{s.done ? '✓' : i + 1}</span> {s.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function WorkspaceBar() {
  const ws = useReconcile(selectWorkspace);
  const list = useReconcile(selectList);
  const { act, open, createWorkspace, refreshList, closedAfterDelete } = useReconcile.getState();
  const [dialog, setDialog] = useState<null | 'rename' | 'duplicate' | 'delete' | 'new'>(null);
  const [text, setText] = useState('');
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [recipeDone, setRecipeDone] = useState<string | null>(null);
  // A sentence about another workspace's recipe is not shown on this one.
  useEffect(() => setRecipeDone(null), [ws?.id]);
  const close = () => {
    setDialog(null);
    setDialogError(null);
  };
  const openDialog = (d: NonNullable<typeof dialog>, initial: string) => {
    setText(initial);
    setDialogError(null);
    setDialog(d);
  };
  const submit = async () => {
    if (!ws && dialog !== 'new') return;
    let ok = true;
    if (dialog === 'new') {
      await createWorkspace(text);
      focusWhenReady('#choose-files');
    }
    else if (dialog === 'rename') ok = Boolean(await act('workspace', 'Renaming…', 'reconcile.rename', { id: ws!.id, name: text }));
    else if (dialog === 'duplicate') {
      const r = await act('workspace', 'Duplicating…', 'reconcile.duplicate', { id: ws!.id, name: text });
      ok = Boolean(r);
      if (r) await open(r.id);
    } else if (dialog === 'delete') {
      const r = await act('workspace', 'Deleting…', 'reconcile.delete', { id: ws!.id });
      ok = Boolean(r);
      if (r) {
        closedAfterDelete(r);
        if (r.workspaces[0]) await open(r.workspaces[0].id);
      }
    }
    if (!ok) setDialogError(useReconcile.getState().errors.workspace ?? 'That did not work.');
    else {
      close();
      await refreshList();
    }
  };
  const titles = { rename: 'Rename workspace', duplicate: 'Duplicate workspace', delete: 'Delete workspace', new: 'New workspace' };
  return (
    <header className="rc-bar">
      <label className="inline ws-picker">
        <span className="sr-only">Workspace</span>
        <select aria-label="Workspace" value={ws?.id ?? ''} onChange={(e) => void open(e.target.value)}>
          {!ws && <option value="">No workspace</option>}
          {list?.workspaces.filter((w) => !w.damaged).map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      </label>
      <div className="toolbar">
        <button onClick={() => openDialog('new', 'Untitled reconciliation')}>New</button>
        <button disabled={!ws} onClick={() => openDialog('rename', ws?.name ?? '')}>
          Rename
        </button>
        <button disabled={!ws} onClick={() => openDialog('duplicate', `${ws?.name ?? ''} (copy)`)}>
          Duplicate
        </button>
        <RecipeControls ws={ws} onDone={setRecipeDone} />
        <button disabled={!ws} className="danger" onClick={() => openDialog('delete', '')}>
          Delete
        </button>
      </div>
      {ws && <span className="muted small saved-note" aria-live="polite">Saved {formatTime(ws.updated_at)}</span>}
      {/* Its own line under the bar: a long sentence must not push the toolbar's buttons around. */}
      <p role="status" className="small recipe-done">
        {recipeDone}
      </p>
      <Dialog open={dialog !== null} title={dialog ? titles[dialog] : ''} onClose={close}>
        <form
          className="form-grid"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {dialog === 'delete' ? (
            <p>
              Delete “{ws?.name}” with its loaded files, runs and review decisions? This cannot be undone. Your original files are not touched.
            </p>
          ) : (
            <label>
              Name
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog starts on its one field (WAI-ARIA dialog pattern) */}
              <input autoFocus value={text} onChange={(e) => setText(e.target.value)} />
            </label>
          )}
          {dialog === 'duplicate' && <p className="muted small">The copy keeps the mapping, filters and rules — drop next month’s files into it.</p>}
          {dialogError && (
            <p role="alert" className="field-error">
              {dialogError}
            </p>
          )}
          <div className="toolbar end">
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button type="submit" className={dialog === 'delete' ? 'primary danger-fill' : 'primary'} disabled={dialog !== 'delete' && !text.trim()}>
              {dialog === 'delete' ? 'Delete' : 'OK'}
            </button>
          </div>
        </form>
      </Dialog>
    </header>
  );
}
