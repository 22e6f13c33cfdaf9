/**
 * The Reconcile store's actions: every change is made by the main process, which says so with the
 * versioned `reconcile.changed` event: a saved state replaces ours, a run's new summary replaces
 * the shown one and reloads the result tables. Calls that switch workspaces (open, create) apply
 * the state they return. Changes to a workspace go through the compare-and-set channel
 * (./changes). The data is described in ./state; components read it through ./selectors.
 */
import type { StoreApi } from 'zustand';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../../shared/contract';
import type { MatchRule, SourceFilter } from '../../../../shared/reconcile/recipe';
import type { Side } from '../../../../shared/reconcile/sources-and-runs';
import { RECONCILE_CHANGED_VERSION, type MappingRow, type ReconcileChanged, type WorkspaceList, type WorkspaceState } from '../../../../shared/reconcile/workspace';
import { ApiError, call as callMain, errorMessage, newCallId, onEvent } from '../../api/client';
import { createChangeChannel, SKIPPED, type Send, type Supersedable } from './changes';
import { sidesFor, withSummary, type Area, type ReconcileData } from './state';

const CHUNK = 4 * 1024 * 1024;

export interface ReconcileActions {
  init(): () => void;
  refreshList(): Promise<void>;
  open(id: string): Promise<void>;
  act<C extends ChannelName>(area: Area, label: string, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C> | undefined>;
  createWorkspace(name: string): Promise<void>;
  addFiles(files: File[], side?: Side): Promise<void>;
  addPaths(paths: string[], side?: Side): Promise<void>;
  /** Stops an upload and/or the load of a side; the side keeps the source it had. */
  cancelLoad(side: Side): Promise<void>;
  saveReview(rows: MappingRow[]): Promise<void>;
  saveRules(rules: MatchRule[]): Promise<void>;
  setFilters(filters: SourceFilter[]): Promise<void>;
  refreshCounts(): Promise<void>;
  run(): Promise<void>;
  loadSummary(): Promise<void>;
  /** Shows a message in an area's error line (undefined clears it). */
  showError(area: Area, message: string | undefined): void;
  clearError(area: Area): void;
  /** The workspace list main answered with (after a delete or recovery). */
  listChanged(list: WorkspaceList): void;
  /** The open workspace was deleted: nothing is open until the next `open`. */
  closedAfterDelete(list: WorkspaceList): void;
}

export type ReconcileStore = ReconcileData & ReconcileActions;

/** How the store reaches main: the typed client by default, a test's own core otherwise. */
export interface ReconcileWire {
  send: Send;
  on: typeof onEvent;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function createReconcileActions(set: StoreApi<ReconcileStore>['setState'], get: StoreApi<ReconcileStore>['getState'], wire: ReconcileWire = { send: callMain, on: onEvent }): ReconcileActions {
  const setBusy = (area: Area, label: string | undefined) => set((s) => ({ busy: { ...s.busy, [area]: label } }));
  const setError = (area: Area, message: string | undefined) => set((s) => ({ errors: { ...s.errors, [area]: message } }));
  const { call, noteState } = createChangeChannel({
    send: wire.send,
    shownRevision: () => get().ws?.revision,
    reloaded: (ws) => {
      if (get().ws?.id === ws.id) afterState(ws);
    },
  });

  /** The upload each side is running; Cancel removes it, and the upload stops at its next step. */
  const uploadTokens: Partial<Record<Side, symbol>> = {};
  const saveSeq: Partial<Record<Area, number>> = {};
  /**
   * The latest save of an area not sent yet: a newer click supersedes it, so a burst of clicks
   * costs two round trips (the one in flight and the newest), not one per click, and is saved
   * before a quick reload could cut the queue short.
   */
  const queuedSave: Partial<Record<Area, Supersedable>> = {};
  /** Optimistic saves in flight: main's state events would show a state without the newer clicks, so they wait for the latest reply. */
  let optimistic = 0;
  /**
   * Edits made click after click (accepting mapping pairs, changing rules): each is shown at once
   * and the next builds on it, so two clicks faster than the main process answers cannot undo
   * each other (the second save used to carry the state from before the first). Only the answer
   * to the latest save of an area is applied; it contains every earlier change.
   */
  async function saveOptimistic<C extends 'reconcile.saveMappingReview' | 'reconcile.setRules'>(area: Area, apply: (ws: WorkspaceState) => WorkspaceState, channel: C, input: ChannelInput<C>): Promise<void> {
    const ws = get().ws;
    if (!ws) return;
    const seq = (saveSeq[area] = (saveSeq[area] ?? 0) + 1);
    const latest = () => saveSeq[area] === seq;
    set({ ws: apply(ws) });
    setBusy(area, 'Saving…');
    setError(area, undefined);
    optimistic += 1;
    const prev = queuedSave[area];
    if (prev) prev.superseded = true;
    const mineQueued: Supersedable = { superseded: false };
    queuedSave[area] = mineQueued;
    try {
      const out = await call(channel, input, mineQueued);
      if (queuedSave[area] === mineQueued) delete queuedSave[area];
      if (out !== SKIPPED && latest()) afterState(out as WorkspaceState);
    } catch (e) {
      if (!latest()) return;
      setError(area, errorMessage(e));
      // The optimistic state is wrong now: show what main has.
      await reload(ws.id);
    } finally {
      optimistic -= 1;
      if (latest()) setBusy(area, undefined);
    }
  }

  const reload = (id: string) => call('reconcile.get', { id }).then(afterState, (e: unknown) => setError('workspace', errorMessage(e)));

  const onChanged = (e: ReconcileChanged) => {
    // A payload version this renderer does not know: reload instead of guessing its shape.
    if (e.v !== RECONCILE_CHANGED_VERSION) {
      const id = get().ws?.id;
      if (id) void reload(id);
      return;
    }
    const open = get().ws;
    if (e.kind === 'state') {
      noteState(e.state);
      renameInList(e.state);
      // Another workspace, a state older than ours, or clicks not saved yet (their reply will carry this change too).
      if (!open || e.id !== open.id || e.state.updated_at < open.updated_at || optimistic > 0) return;
      afterState(e.state);
      return;
    }
    if (!open || e.id !== open.id) return;
    set((s) => ({ ...withSummary(s, e.summary), resultsVersion: s.resultsVersion + 1 }));
  };

  const renameInList = (ws: WorkspaceState) => {
    const list = get().list;
    const entry = list?.workspaces.find((w) => w.id === ws.id);
    if (list && entry && entry.name !== ws.name) set({ list: { ...list, workspaces: list.workspaces.map((w) => (w.id === ws.id ? { ...w, name: ws.name } : w)) } });
  };

  const afterState = (ws: WorkspaceState) => {
    const prev = get().ws;
    renameInList(ws);
    set({ ws });
    if (prev?.id !== ws.id) {
      // Another workspace: its last run's summary is read once; later ones arrive as events.
      set({ summary: null });
      if (ws.last_run_id) void get().loadSummary();
    } else if (prev.last_run_id !== ws.last_run_id && get().summary?.run_id !== ws.last_run_id) {
      // A new run: its summary comes with main's `results` event (or the run's reply).
      set({ summary: null });
    }
    if (prev?.id !== ws.id || JSON.stringify(prev.filters) !== JSON.stringify(ws.filters) || prev.sources.left?.info.sha256 !== ws.sources.left?.info.sha256 || prev.sources.right?.info.sha256 !== ws.sources.right?.info.sha256 || JSON.stringify(prev.aliases) !== JSON.stringify(ws.aliases)) void get().refreshCounts();
  };

  return {
    init() {
      const offChanged = wire.on('reconcile.changed', onChanged);
      const offProgress = wire.on('reconcile.progress', (p) => {
        if (p.workspace !== get().ws?.id) return;
        const key = p.kind === 'run' ? 'run' : p.side;
        if (key) set((s) => ({ progress: { ...s.progress, [key]: p } }));
      });
      void (async () => {
        try {
          const caps = await call('reconcile.capabilities', {});
          set({ dialogs: caps.dialogs });
          await get().refreshList();
          const list = get().list;
          if (list?.active) await get().open(list.active);
        } catch (e) {
          setError('workspace', errorMessage(e));
        }
      })();
      return () => {
        offChanged();
        offProgress();
      };
    },

    async refreshList() {
      set({ list: await call('reconcile.list', {}) });
    },

    async open(id) {
      set({ counts: null, summary: null, progress: {}, errors: {} });
      const ws = await get().act('workspace', 'Opening…', 'reconcile.setActive', { id });
      if (ws) {
        afterState(ws);
        // Reopening the workspace already shown (the view is mounted again after Lineage or
        // Settings): afterState keeps the id, so it would not read the summary cleared above.
        if (!get().summary && ws.last_run_id) await get().loadSummary();
        await get().refreshList();
      }
    },

    async act(area, label, channel, input) {
      setBusy(area, label);
      setError(area, undefined);
      try {
        // A state the call changed arrives as a `reconcile.changed` event, before this reply.
        return await call(channel, input);
      } catch (e) {
        // A cancel the user asked for is not an error to show. A failure main recorded in the
        // state (source errors, chat turns) has arrived as an event too.
        if (!(e instanceof ApiError && e.code === 'cancelled')) setError(area, errorMessage(e));
        return undefined;
      } finally {
        setBusy(area, undefined);
      }
    },

    async createWorkspace(name) {
      const ws = await get().act('workspace', 'Creating…', 'reconcile.create', { name });
      if (ws) {
        set({ counts: null, summary: null, progress: {}, errors: {} });
        afterState(ws);
        await get().refreshList();
      }
    },

    async addFiles(files, side) {
      let ws = get().ws;
      if (!ws) {
        await get().createWorkspace('Untitled reconciliation');
        ws = get().ws;
        if (!ws) return;
      }
      const id = ws.id;
      const sides = sidesFor(files.length, ws, side);
      await Promise.all(
        files.slice(0, 2).map(async (file, i) => {
          const target = sides[i] ?? 'right';
          // Electron: the preload knows the real path; browser mode sends the bytes.
          const path = window.kalla?.pathForFile?.(file);
          if (path) {
            await get().act(target, `Reading ${file.name}…`, 'reconcile.addSourcePath', { id, side: target, path });
            return;
          }
          // Taken before the first await: Cancel is shown from here on, even before main has named the upload.
          const token = Symbol(file.name);
          uploadTokens[target] = token;
          const cancelled = () => uploadTokens[target] !== token;
          setBusy(target, `Uploading ${file.name}…`);
          setError(target, undefined);
          let uploadId: string | undefined;
          try {
            uploadId = (await call('reconcile.uploadBegin', { id, side: target, name: file.name, size: file.size })).uploadId;
            if (cancelled()) {
              await call('reconcile.uploadCancel', { uploadId }).catch(() => undefined);
              return;
            }
            set((s) => ({ uploads: { ...s.uploads, [target]: uploadId } }));
            for (let offset = 0; offset < file.size; offset += CHUNK) {
              if (cancelled() || get().uploads[target] !== uploadId) return;
              const bytes = new Uint8Array(await file.slice(offset, offset + CHUNK).arrayBuffer());
              await call('reconcile.uploadChunk', { uploadId, offset, data: toBase64(bytes) });
            }
            if (cancelled()) return;
            set((s) => ({ uploads: { ...s.uploads, [target]: undefined } }));
            setBusy(target, undefined);
            await get().act(target, `Reading ${file.name}…`, 'reconcile.uploadCommit', { uploadId });
          } catch (e) {
            if (get().uploads[target] === uploadId) setError(target, errorMessage(e));
          } finally {
            set((s) => ({ uploads: s.uploads[target] === uploadId ? { ...s.uploads, [target]: undefined } : s.uploads }));
            setBusy(target, get().busy[target]?.startsWith('Uploading') ? undefined : get().busy[target]);
          }
        }),
      );
    },

    async addPaths(paths, side) {
      const ws = get().ws;
      if (!ws) return;
      const sides = sidesFor(paths.length, ws, side);
      await Promise.all(paths.slice(0, 2).map((path, i) => get().act(sides[i] ?? 'right', 'Reading…', 'reconcile.addSourcePath', { id: ws.id, side: sides[i] ?? 'right', path })));
    },

    async cancelLoad(side) {
      delete uploadTokens[side];
      const uploadId = get().uploads[side];
      const id = get().ws?.id;
      set((s) => ({ uploads: { ...s.uploads, [side]: undefined }, progress: { ...s.progress, [side]: undefined } }));
      setBusy(side, undefined);
      if (uploadId) await call('reconcile.uploadCancel', { uploadId }).catch(() => undefined);
      // The upload may already be loading (its last step): stop that too.
      if (id) await call('reconcile.cancelLoad', { id, side }).catch(() => undefined);
    },

    async saveReview(rows) {
      const ws = get().ws;
      if (ws?.mapping) await saveOptimistic('mapping', (w) => ({ ...w, mapping: w.mapping && { ...w.mapping, rows } }), 'reconcile.saveMappingReview', { id: ws.id, rows });
    },

    async saveRules(rules) {
      const ws = get().ws;
      if (ws) await saveOptimistic('rules', (w) => ({ ...w, rules }), 'reconcile.setRules', { id: ws.id, rules });
    },

    async setFilters(filters) {
      const id = get().ws?.id;
      if (id) await get().act('filters', 'Updating…', 'reconcile.setFilters', { id, filters });
    },

    async refreshCounts() {
      const ws = get().ws;
      if (!ws || (!ws.sources.left && !ws.sources.right)) return set({ counts: null });
      try {
        set({ counts: await call('reconcile.filterCounts', { id: ws.id }) });
      } catch (e) {
        setError('filters', errorMessage(e));
      }
    },

    async run() {
      const id = get().ws?.id;
      if (!id) return;
      set((s) => ({ progress: { ...s.progress, run: { workspace: id, kind: 'run', phase: 'Starting', fraction: 0 } } }));
      const out = await get().act('run', 'Running…', 'reconcile.run', { id, callId: newCallId() });
      // The run answers with its summary (the `results` event carries it too): no fetch.
      if (out && get().ws?.id === id) set((s) => withSummary(s, out.summary));
      set((s) => ({ progress: { ...s.progress, run: undefined } }));
    },

    async loadSummary() {
      const ws = get().ws;
      if (!ws?.last_run_id) return;
      try {
        const before = ws.runs.filter((r) => r.status === 'completed' && r.run_id < ws.last_run_id!).sort((a, b) => b.run_id - a.run_id)[0];
        const [summary, previousSummary] = await Promise.all([
          call('reconcile.summary', { id: ws.id, runId: ws.last_run_id }),
          before ? call('reconcile.summary', { id: ws.id, runId: before.run_id }).catch(() => null) : Promise.resolve(null),
        ]);
        set({ summary, previousSummary });
      } catch (e) {
        setError('results', errorMessage(e));
      }
    },

    clearError(area) {
      setError(area, undefined);
    },

    showError(area, message) {
      setError(area, message);
    },

    listChanged(list) {
      set({ list });
    },

    closedAfterDelete(list) {
      set({ ws: null, list, summary: null, counts: null });
    },
  };
}
