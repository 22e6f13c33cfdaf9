/**
 * The large view's layout worker, started ahead: when the workspace offers "Large view" (and, if none
 * is waiting, on the click), so loading its module is off the click's path (issue 26: the first open
 * paid for the worker start after the graph arrived). The view takes it when it mounts; otherwise it
 * starts its own.
 */
import type { LayoutRequest } from './large-graph-layout';

let spare: Worker | undefined;

export function startLayoutWorker(): Worker | null {
  try {
    performance.mark('kalla:layout-worker-started');
    return new Worker(new URL('./large-graph-layout.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null; // no Worker here (tests, a locked-down page): the view lays out on the page
  }
}

/**
 * Starts a worker for the next large view, unless one is already waiting. The Lineage workspace
 * calls it as soon as it offers the large view (and again when the view closes), so the worker's
 * module is loaded and its layout code already run once (a 40-node grid, answered to no one: the
 * view's own requests count from 1) before anyone clicks.
 */
export function prestartLayoutWorker(): void {
  if (spare !== undefined || typeof Worker !== 'function') return;
  spare = startLayoutWorker() ?? undefined;
  const names = Array.from({ length: 40 }, (_, i) => `warm.n_${i}`);
  spare?.postMessage({ id: 0, names, edges: names.slice(1).map((n, i) => [names[i >> 1], n]), mode: 'grid', groups: names.map(() => 'warm') } satisfies LayoutRequest);
}

/** The worker started ahead (then it is the caller's), or a new one. */
export function takeLayoutWorker(): Worker | null {
  const w = spare;
  spare = undefined;
  return w ?? startLayoutWorker();
}
