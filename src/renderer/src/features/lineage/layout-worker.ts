/**
 * The large view's layout worker, started ahead: "Large view" starts it on the click, so loading its
 * module overlaps main's answer instead of following it (issue 26: the first open paid for the worker
 * start after the graph arrived). The view takes it when it mounts; otherwise it starts its own.
 */
let spare: Worker | undefined;

export function startLayoutWorker(): Worker | null {
  try {
    performance.mark('kalla:layout-worker-started');
    return new Worker(new URL('./large-graph-layout.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null; // no Worker here (tests, a locked-down page): the view lays out on the page
  }
}

/** Starts a worker for the next large view, unless one is already waiting. */
export function prestartLayoutWorker(): void {
  if (spare === undefined && typeof Worker === 'function') spare = startLayoutWorker() ?? undefined;
}

/** The worker started ahead (then it is the caller's), or a new one. */
export function takeLayoutWorker(): Worker | null {
  const w = spare;
  spare = undefined;
  return w ?? startLayoutWorker();
}
