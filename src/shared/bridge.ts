/**
 * The preload's window API (`window.kalla`), declared once: the preload implements it and the
 * renderer's transport consumes it. Only the contract's channel and event names pass through it.
 */
export interface KallaBridge {
  /** Resolves with the dispatcher's envelope; an unknown channel is refused before it leaves the page. */
  invoke(channel: string, input: unknown): Promise<unknown>;
  /** Subscribes to one contract event; returns the unsubscribe function. */
  on(event: string, listener: (payload: unknown) => void): () => void;
  /** Path of a dropped file (Electron only; browser mode sends bytes instead). */
  pathForFile(file: File): string;
}
