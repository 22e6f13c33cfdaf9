/**
 * Server requests that need the user (elicitation, sampling approval and review): each waits here
 * until the renderer answers, the server cancels, the server stops, or the time limit passes — then
 * it is answered "cancel" so the server is never left hanging. Listeners (the IPC layer) hear of
 * each request and of its end, so every open window shows and closes the same dialog.
 */
import { randomUUID } from 'node:crypto';
import type { ClientAnswer, ClientRequest, ClientRequestInput } from '../../shared/mcp';

/** How long a dialog may stay unanswered before the server is told "cancel". */
export const DEFAULT_ANSWER_TIMEOUT_MS = 10 * 60_000;

interface Waiting {
  request: ClientRequest;
  resolve(answer: ClientAnswer): void;
  timer: NodeJS.Timeout;
}

export class ClientRequestBroker {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly events: { added(request: ClientRequest): void; settled(id: string): void },
    private readonly timeoutMs = DEFAULT_ANSWER_TIMEOUT_MS,
  ) {}

  /** Ask the user; resolves with their answer, or `cancel` on abort, timeout or server stop. */
  ask(input: ClientRequestInput, signal?: AbortSignal): Promise<ClientAnswer> {
    const request = { ...input, id: randomUUID() } as ClientRequest;
    return new Promise<ClientAnswer>((resolve) => {
      const finish = (answer: ClientAnswer) => {
        const w = this.waiting.get(request.id);
        if (!w) return;
        clearTimeout(w.timer);
        this.waiting.delete(request.id);
        signal?.removeEventListener('abort', onAbort);
        this.events.settled(request.id);
        resolve(answer);
      };
      const onAbort = () => finish({ action: 'cancel' });
      if (signal?.aborted) return resolve({ action: 'cancel' });
      signal?.addEventListener('abort', onAbort, { once: true });
      const timer = setTimeout(() => finish({ action: 'cancel' }), this.timeoutMs);
      timer.unref?.();
      this.waiting.set(request.id, { request, resolve: finish, timer });
      this.events.added(request);
    });
  }

  /** The user's answer; false when the request is no longer waiting (answered elsewhere, timed out). */
  answer(id: string, answer: ClientAnswer): boolean {
    const w = this.waiting.get(id);
    if (!w) return false;
    w.resolve(answer);
    return true;
  }

  pending(): ClientRequest[] {
    return [...this.waiting.values()].map((w) => w.request);
  }
}
