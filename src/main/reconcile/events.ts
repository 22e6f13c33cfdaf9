/** What the Reconcile area tells the rest of main: a workspace's state changed, or work made progress. */
import type { Side } from '../../shared/recon-engine';

export interface ReconcileProgress {
  workspace: string;
  callId?: string;
  kind: 'upload' | 'load' | 'run';
  side?: Side;
  phase: string;
  fraction: number;
}

export interface ReconcileEvents {
  changed(id: string): void;
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

  changed(id: string): void {
    for (const l of this.listeners) l.changed?.(id);
  }

  progress(p: ReconcileProgress): void {
    for (const l of this.listeners) l.progress?.(p);
  }
}
