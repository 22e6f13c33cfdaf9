/**
 * What components read from the Reconcile store. Each selector returns a value already in the
 * store (or a primitive), never a new array or object: zustand compares by identity, and a fresh
 * value on every call would render forever.
 */
import type { Side } from '../../../../shared/reconcile/sources-and-runs';
import type { Area, ReconcileData } from './state';

type S = ReconcileData;

export const selectWorkspace = (s: S) => s.ws;
export const selectWorkspaceId = (s: S) => s.ws?.id;
export const selectWorkspaceName = (s: S) => s.ws?.name;
export const selectList = (s: S) => s.list;
export const selectDialogs = (s: S) => s.dialogs;
export const selectCounts = (s: S) => s.counts;
export const selectSummary = (s: S) => s.summary;
export const selectPreviousSummary = (s: S) => s.previousSummary;
export const selectResultsVersion = (s: S) => s.resultsVersion;
export const selectBusy = (area: Area) => (s: S) => s.busy[area];
export const selectError = (area: Area) => (s: S) => s.errors[area];
export const selectProgress = (key: Side | 'run') => (s: S) => s.progress[key];
export const selectUpload = (side: Side) => (s: S) => s.uploads[side];

/** The last run when the app stopped during it (its partial results were removed). */
export const selectInterruptedRun = (s: S) => {
  const last = s.ws?.runs.at(-1);
  return last?.status === 'interrupted' ? last : undefined;
};

/** Whether Ctrl/Cmd+Z has a filter change to take back. */
export const selectCanUndoFilters = (s: S) => (s.ws?.filter_undo.length ?? 0) > 0;

