/**
 * Reconcile workspace store: the list of workspaces, the open workspace's
 * state (as the main process saved it), and what is in flight. Every change is
 * made by the main process and the returned state replaces ours.
 */
import { create } from 'zustand';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/contract';
import type { MatchRule, SourceFilter } from '../../../shared/recon';
import type { RunSummary, Side } from '../../../shared/recon-engine';
import type { MappingRow, ReconcileProgress, WorkspaceList, WorkspaceState } from '../../../shared/reconcile';
import { ApiError, call, errorMessage, newCallId, onEvent } from '../api/client';

export type Area = 'workspace' | 'left' | 'right' | 'mapping' | 'filters' | 'rules' | 'run' | 'results' | 'export';
export type Counts = ChannelOutput<'reconcile.filterCounts'>;

const CHUNK = 4 * 1024 * 1024;

interface ReconcileStore {
  list: WorkspaceList | null;
  ws: WorkspaceState | null;
  dialogs: boolean;
  busy: Partial<Record<Area, string>>;
  errors: Partial<Record<Area, string>>;
  progress: Partial<Record<'left' | 'right' | 'run', ReconcileProgress>>;
  counts: Counts | null;
  summary: RunSummary | null;
  /** Bumped after review actions so result tables reload. */
  resultsVersion: number;
  uploads: Partial<Record<Side, string>>;
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
  clearError(area: Area): void;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Which sides the files go to: both empty → left, right; otherwise the empty one first. */
export function sidesFor(count: number, ws: WorkspaceState | null, side?: Side): Side[] {
  if (side) return [side];
  if (count >= 2) return ['left', 'right'];
  if (!ws?.sources.left) return ['left'];
  if (!ws.sources.right) return ['right'];
  return ['right'];
}

export const useReconcile = create<ReconcileStore>((set, get) => {
  const isState = (v: unknown): v is WorkspaceState => typeof v === 'object' && v !== null && 'version' in v && 'sources' in v && 'chat' in v;
  const setBusy = (area: Area, label: string | undefined) => set((s) => ({ busy: { ...s.busy, [area]: label } }));
  const setError = (area: Area, message: string | undefined) => set((s) => ({ errors: { ...s.errors, [area]: message } }));

  /**
   * Edits made click after click (accepting mapping pairs, changing rules): each is shown at once
   * and the next builds on it, so two clicks faster than the main process answers cannot undo
   * each other (the second save used to carry the state from before the first). Only the answer
   * to the latest save of an area is applied; it contains every earlier change.
   */
  const saveSeq: Partial<Record<Area, number>> = {};
  async function saveOptimistic<C extends ChannelName>(area: Area, apply: (ws: WorkspaceState) => WorkspaceState, channel: C, input: ChannelInput<C>): Promise<void> {
    const ws = get().ws;
    if (!ws) return;
    const seq = (saveSeq[area] = (saveSeq[area] ?? 0) + 1);
    const latest = () => saveSeq[area] === seq;
    set({ ws: apply(ws) });
    setBusy(area, 'Saving…');
    setError(area, undefined);
    try {
      const out = await call(channel, input);
      if (latest() && isState(out)) afterState(out);
    } catch (e) {
      if (!latest()) return;
      setError(area, errorMessage(e));
      await call('reconcile.get', { id: ws.id }).then(afterState, () => undefined);
    } finally {
      if (latest()) setBusy(area, undefined);
    }
  }

  const afterState = (ws: WorkspaceState) => {
    const prev = get().ws;
    const list = get().list;
    const entry = list?.workspaces.find((w) => w.id === ws.id);
    if (list && entry && entry.name !== ws.name) set({ list: { ...list, workspaces: list.workspaces.map((w) => (w.id === ws.id ? { ...w, name: ws.name } : w)) } });
    set({ ws });
    if (prev?.id !== ws.id || prev.last_run_id !== ws.last_run_id) {
      set({ summary: null });
      if (ws.last_run_id) void get().loadSummary();
    }
    if (prev?.id !== ws.id || JSON.stringify(prev.filters) !== JSON.stringify(ws.filters) || prev.sources.left?.info.sha256 !== ws.sources.left?.info.sha256 || prev.sources.right?.info.sha256 !== ws.sources.right?.info.sha256 || JSON.stringify(prev.aliases) !== JSON.stringify(ws.aliases)) void get().refreshCounts();
  };

  return {
    list: null,
    ws: null,
    dialogs: false,
    busy: {},
    errors: {},
    progress: {},
    counts: null,
    summary: null,
    resultsVersion: 0,
    uploads: {},

    init() {
      const offProgress = onEvent('reconcile.progress', (p) => {
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
      return () => offProgress();
    },

    async refreshList() {
      set({ list: await call('reconcile.list', {}) });
    },

    async open(id) {
      set({ counts: null, summary: null, progress: {}, errors: {} });
      const ws = await get().act('workspace', 'Opening…', 'reconcile.setActive', { id });
      if (ws) await get().refreshList();
    },

    async act(area, label, channel, input) {
      setBusy(area, label);
      setError(area, undefined);
      try {
        const out = await call(channel, input);
        if (isState(out)) afterState(out);
        else if (out && typeof out === 'object' && 'state' in out && isState((out as { state: unknown }).state)) afterState((out as { state: WorkspaceState }).state);
        return out;
      } catch (e) {
        // A cancel the user asked for is not an error to show.
        if (!(e instanceof ApiError && e.code === 'cancelled')) setError(area, errorMessage(e));
        // The main process may have recorded the failure in the state (source errors, chat turns).
        const id = get().ws?.id;
        if (id && area !== 'workspace') await call('reconcile.get', { id }).then(afterState, () => undefined);
        return undefined;
      } finally {
        setBusy(area, undefined);
      }
    },

    async createWorkspace(name) {
      const ws = await get().act('workspace', 'Creating…', 'reconcile.create', { name });
      if (ws) {
        set({ counts: null, summary: null, progress: {}, errors: {} });
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
          setBusy(target, `Uploading ${file.name}…`);
          setError(target, undefined);
          let uploadId: string | undefined;
          try {
            uploadId = (await call('reconcile.uploadBegin', { id, side: target, name: file.name, size: file.size })).uploadId;
            set((s) => ({ uploads: { ...s.uploads, [target]: uploadId } }));
            for (let offset = 0; offset < file.size; offset += CHUNK) {
              if (get().uploads[target] !== uploadId) return; // cancelled
              const bytes = new Uint8Array(await file.slice(offset, offset + CHUNK).arrayBuffer());
              await call('reconcile.uploadChunk', { uploadId, offset, data: toBase64(bytes) });
            }
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
      await get().act('run', 'Running…', 'reconcile.run', { id, callId: newCallId() });
      set((s) => ({ progress: { ...s.progress, run: undefined } }));
    },

    async loadSummary() {
      const ws = get().ws;
      if (!ws?.last_run_id) return;
      try {
        set({ summary: await call('reconcile.summary', { id: ws.id, runId: ws.last_run_id }) });
      } catch (e) {
        setError('results', errorMessage(e));
      }
    },

    clearError(area) {
      setError(area, undefined);
    },
  };
});

/** After a review action: reload the summary and the tables. */
export async function afterReview(): Promise<void> {
  await useReconcile.getState().loadSummary();
  useReconcile.setState((s) => ({ resultsVersion: s.resultsVersion + 1 }));
}
