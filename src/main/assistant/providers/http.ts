/**
 * JSON POST over global fetch for the providers without an SDK (OpenAI-compatible,
 * Gemini). Failures become ProviderErrors carrying the server's explanation and
 * retry-after; aborts are rethrown untouched so callWithRetry can tell a
 * cancellation from a timeout by looking at its own signals.
 */
import type { ProviderId } from '../../../shared/assistant';
import { ProviderError, kindForStatus } from './errors';
import { describeCause, parseRetryAfter } from './retry';

export interface PostJsonRequest {
  provider: ProviderId;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal;
}

/** Longest server explanation we quote; error pages can be whole HTML documents. */
const MAX_DETAIL = 500;

/**
 * The server's explanation from an error body: OpenAI/Gemini `{error:{message}}`,
 * Ollama `{error:"..."}`, or the raw text.
 */
export function errorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string') return body.error.slice(0, MAX_DETAIL);
    if (typeof body.error === 'object' && body.error !== null) {
      const m = (body.error as { message?: unknown }).message;
      if (typeof m === 'string') return m.slice(0, MAX_DETAIL);
    }
    if (typeof body.message === 'string') return body.message.slice(0, MAX_DETAIL);
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.trim().slice(0, MAX_DETAIL);
}

/** Gemini puts its wait in the body: details[].retryDelay = "37s" (google.rpc.RetryInfo). */
export function googleRetryDelay(text: string): number | undefined {
  try {
    const details = (JSON.parse(text) as { error?: { details?: unknown } }).error?.details;
    if (!Array.isArray(details)) return undefined;
    for (const d of details) {
      const delay = (d as { retryDelay?: unknown }).retryDelay;
      const m = typeof delay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(delay) : null;
      if (m) return Number(m[1]) * 1000;
    }
  } catch {
    // not JSON
  }
  return undefined;
}

function isAbort(e: unknown): boolean {
  return e instanceof Error && (e.name === 'AbortError' || e.name === 'TimeoutError');
}

export async function postJson(req: PostJsonRequest): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(req.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...req.headers },
      body: JSON.stringify(req.body),
      signal: req.signal,
    });
  } catch (e) {
    if (isAbort(e) || req.signal.aborted) throw e;
    throw new ProviderError({ provider: req.provider, kind: 'network', detail: `${new URL(req.url).origin}: ${describeCause(e as Error)}` });
  }

  let text: string;
  try {
    text = await response.text();
  } catch (e) {
    if (isAbort(e) || req.signal.aborted) throw e;
    throw new ProviderError({ provider: req.provider, kind: 'network', detail: `response interrupted: ${describeCause(e as Error)}` });
  }

  if (!response.ok) {
    throw new ProviderError({
      provider: req.provider,
      kind: kindForStatus(response.status),
      status: response.status,
      detail: errorDetail(text) || response.statusText,
      retryAfterMs: parseRetryAfter(response.headers) ?? googleRetryDelay(text),
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError({ provider: req.provider, kind: 'invalid_response', detail: `body is not JSON: ${text.slice(0, 200)}` });
  }
}
