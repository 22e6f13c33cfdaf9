/**
 * Runs one provider call: per-attempt timeout, cancellation, and retries for
 * rate limits (429) and overloads (503/529) with exponential backoff that
 * honours the server's retry-after.
 *
 * No jitter: a desktop app is one client, not a fleet, so there is no
 * thundering herd to spread, and deterministic delays are easier to reason about.
 * Timeouts are not retried: a model that did not answer in `timeoutMs` is
 * unlikely to answer on the next try, and the user would wait twice as long.
 */
import type { ProviderId } from '../../../shared/assistant';
import { redactValues } from '../../base/secrets';
import { ProviderError } from './errors';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /** A server asking us to wait longer than this gets an error right away instead. */
  maxRetryAfterMs: number;
  /** The wait between attempts; replaceable so tests can observe delays without waiting. */
  sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 180_000;

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  initialDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  sleep: abortableSleep,
};

export function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Backoff before retry number `retry` (0-based): initial · 2^retry, capped. */
export function backoffDelay(policy: Pick<RetryPolicy, 'initialDelayMs' | 'maxDelayMs'>, retry: number): number {
  return Math.min(policy.initialDelayMs * 2 ** retry, policy.maxDelayMs);
}

/**
 * retry-after-ms (milliseconds), retry-after (seconds or an HTTP date).
 * Returns undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: { get(name: string): string | null }, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = headers.get('retry-after');
  if (ra === null || ra.trim() === '') return undefined;
  if (Number.isFinite(Number(ra))) return Math.max(0, Number(ra) * 1000);
  const date = Date.parse(ra);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface CallOptions {
  provider: ProviderId;
  policy: RetryPolicy;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Strings that must never appear in an error message (the API key). */
  secrets: readonly string[];
  /** False once output reached the user: a retry would repeat it. */
  canRetry?: () => boolean;
}

/** Marks an attempt aborted by our own timer, as opposed to the caller's signal. */
class AttemptTimeout extends Error {}

/**
 * `attempt` gets a signal that fires on cancellation or timeout; when it fails
 * after that signal fired, the failure is reported as cancelled / timed out,
 * whatever the transport threw. `timeoutMs` is the longest wait for data: the
 * attempt calls `progress()` whenever some arrives (streaming) to restart it.
 */
export async function callWithRetry<T>(
  options: CallOptions,
  attempt: (signal: AbortSignal, progress: () => void) => Promise<T>,
): Promise<T> {
  const { provider, policy, timeoutMs, signal, secrets } = options;
  const finish = (e: ProviderError, attempts: number) =>
    e.with({ detail: e.info.detail === undefined ? undefined : redactValues(e.info.detail, secrets), attempts });
  const cancelled = () => new ProviderError({ provider, kind: 'cancelled' });

  for (let attemptNo = 1; ; attemptNo++) {
    if (signal?.aborted) throw cancelled();
    const controller = new AbortController();
    const expire = () => controller.abort(new AttemptTimeout());
    let timer = setTimeout(expire, timeoutMs);
    // Streaming attempts call this per event: a long answer that keeps coming is not a timeout.
    const progress = () => {
      clearTimeout(timer);
      if (!controller.signal.aborted) timer = setTimeout(expire, timeoutMs);
    };
    const forward = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forward, { once: true });
    let error: ProviderError;
    try {
      // A complete result wins even if a signal fired in the same instant.
      return await attempt(controller.signal, progress);
    } catch (e) {
      if (signal?.aborted) throw cancelled();
      if (controller.signal.reason instanceof AttemptTimeout) throw new ProviderError({ provider, kind: 'timeout', timeoutMs });
      error =
        e instanceof ProviderError
          ? e
          : new ProviderError({ provider, kind: 'network', detail: e instanceof Error ? describeCause(e) : String(e) });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    }

    // The SDK may notice a timeout before our timer does; report it the same way.
    if (error.kind === 'timeout') throw finish(error.with({ timeoutMs }), attemptNo);
    const retriesLeft = policy.maxRetries - (attemptNo - 1);
    if (!error.retryable || retriesLeft <= 0 || (options.canRetry && !options.canRetry())) {
      throw finish(error, attemptNo);
    }
    const delay = error.retryAfterMs ?? backoffDelay(policy, attemptNo - 1);
    if (delay > policy.maxRetryAfterMs) {
      throw finish(error.with({ detail: `${error.info.detail ?? ''} (asked to retry after ${Math.ceil(delay / 1000)} s)`.trim() }), attemptNo);
    }
    try {
      await policy.sleep(delay, signal);
    } catch {
      throw cancelled();
    }
  }
}

/** "fetch failed" says nothing; the cause (ECONNREFUSED ...) does. */
export function describeCause(e: Error): string {
  const cause = (e as { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? `${cause.message} (${code})` : cause.message;
  }
  return e.message;
}
