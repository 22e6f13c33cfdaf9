/**
 * What the Reconcile area tells the rest of main (and, through core.ts, the renderer): a
 * workspace's state was saved, a run's results changed, or work made progress. The payloads are
 * the contract's versioned `reconcile.changed` and `reconcile.progress` shapes.
 */
import type { RunSummary } from '../../shared/reconcile/sources-and-runs';
import { RECONCILE_CHANGED_VERSION, type ReconcileChanged, type ReconcileProgress, type WorkspaceState } from '../../shared/reconcile/workspace';

export type { ReconcileChanged, ReconcileProgress };

export interface ReconcileEvents {
  changed(e: ReconcileChanged): void;
  progress(p: ReconcileProgress): void;
}

export class ReconcileEmitter {
  private listeners: Partial<ReconcileEvents>[] = [];

  on(listener: Partial<ReconcileEvents>): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /** A workspace's state was saved: every listener gets the whole state. */
  state(state: WorkspaceState): void {
    this.changed({ v: RECONCILE_CHANGED_VERSION, kind: 'state', id: state.id, state });
  }

  /** A run's results changed (a run finished, a review action): its summary as it is now. */
  results(id: string, summary: RunSummary): void {
    this.changed({ v: RECONCILE_CHANGED_VERSION, kind: 'results', id, run_id: summary.run_id, summary });
  }

  progress(p: ReconcileProgress): void {
    for (const l of this.listeners) l.progress?.(p);
  }

  private changed(e: ReconcileChanged): void {
    for (const l of this.listeners) l.changed?.(e);
  }
}
