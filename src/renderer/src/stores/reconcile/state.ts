/**
 * The Reconcile store's data (no behaviour): what the window shows of the workspaces, and the two
 * pure rules the actions apply to it. Actions are in ./actions, selectors in ./selectors.
 */
import type { ChannelOutput } from '../../../../shared/contract';
import type { RunSummary, Side } from '../../../../shared/reconcile/sources-and-runs';
import type { ReconcileProgress, WorkspaceList, WorkspaceState } from '../../../../shared/reconcile/workspace';

/** A part of the screen with its own "busy" label and error line. */
export type Area = 'workspace' | 'left' | 'right' | 'mapping' | 'filters' | 'rules' | 'run' | 'results' | 'export';
export type Counts = ChannelOutput<'reconcile.filterCounts'>;

export interface ReconcileData {
  list: WorkspaceList | null;
  ws: WorkspaceState | null;
  dialogs: boolean;
  busy: Partial<Record<Area, string>>;
  errors: Partial<Record<Area, string>>;
  progress: Partial<Record<'left' | 'right' | 'run', ReconcileProgress>>;
  counts: Counts | null;
  summary: RunSummary | null;
  /** The summary of the completed run before the last one, to catch a collapsing match rate. */
  previousSummary: RunSummary | null;
  /** Bumped when main reports new results (review actions) so result tables reload. */
  resultsVersion: number;
  uploads: Partial<Record<Side, string>>;
}

export function initialData(): ReconcileData {
  return { list: null, ws: null, dialogs: false, busy: {}, errors: {}, progress: {}, counts: null, summary: null, previousSummary: null, resultsVersion: 0, uploads: {} };
}

/** A new summary; when it belongs to a newer run, the one shown so far becomes the previous run's (for the collapse warning). */
export function withSummary(s: Pick<ReconcileData, 'summary' | 'previousSummary'>, next: RunSummary): Pick<ReconcileData, 'summary' | 'previousSummary'> {
  const newerRun = s.summary !== null && s.summary.run_id !== next.run_id;
  return { summary: next, previousSummary: newerRun && s.summary?.status === 'completed' ? s.summary : s.previousSummary };
}

/** Which sides the files go to: both empty → left, right; otherwise the empty one first. */
export function sidesFor(count: number, ws: WorkspaceState | null, side?: Side): Side[] {
  if (side) return [side];
  if (count >= 2) return ['left', 'right'];
  if (!ws?.sources.left) return ['left'];
  if (!ws.sources.right) return ['right'];
  return ['right'];
}
