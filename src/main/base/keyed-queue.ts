/**
 * Per-key FIFO queues. A Reconcile workspace has several: long operations (a load, a swap) hold its
 * lock, its state's read-modify-writes go one at a time, and its state file is written in order.
 * A failure does not block the queue: the next task runs anyway.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `f` after everything queued under `key` before it. */
  run<T>(key: string, f: () => Promise<T>): Promise<T> {
    const next = (this.tails.get(key) ?? Promise.resolve()).catch(() => undefined).then(f);
    this.tails.set(key, next);
    return next;
  }

  /** Waits until what is queued under `key` now has finished (its failures are the callers' to see). */
  async settled(key: string): Promise<void> {
    await this.tails.get(key)?.catch(() => undefined);
  }

  /** Waits until everything queued now has finished. */
  async allSettled(): Promise<void> {
    await Promise.all([...this.tails.values()].map((t) => t.catch(() => undefined)));
  }
}
