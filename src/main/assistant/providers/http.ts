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

/** POSTs and returns the response once its status is OK; a failure becomes a ProviderError with the server's explanation. */
async function post(req: PostJsonRequest, accept?: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(req.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}), ...req.headers },
      body: JSON.stringify(req.body),
      signal: req.signal,
    });
  } catch (e) {
    if (isAbort(e) || req.signal.aborted) throw e;
    throw new ProviderError({ provider: req.provider, kind: 'network', detail: `${new URL(req.url).origin}: ${describeCause(e as Error)}` });
  }
  if (!response.ok) {
    const text = await readText(req, response);
    throw new ProviderError({
      provider: req.provider,
      kind: kindForStatus(response.status),
      status: response.status,
      detail: errorDetail(text) || response.statusText,
      retryAfterMs: parseRetryAfter(response.headers) ?? googleRetryDelay(text),
    });
  }
  return response;
}

async function readText(req: PostJsonRequest, response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (e) {
    if (isAbort(e) || req.signal.aborted) throw e;
    throw new ProviderError({ provider: req.provider, kind: 'network', detail: `response interrupted: ${describeCause(e as Error)}` });
  }
}

function parseJson(req: PostJsonRequest, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError({ provider: req.provider, kind: 'invalid_response', detail: `body is not JSON: ${text.slice(0, 200)}` });
  }
}

/**
 * POSTs a streaming request. A `text/event-stream` answer is read event by event: each `data:`
 * payload (JSON; `[DONE]` ends it) goes to `onData`, and `progress` is called per event so a long
 * answer that keeps coming is not timed out. Servers that answer with plain JSON anyway (some
 * OpenAI-compatible local servers) get `{ json }` back instead.
 */
export async function postStream(req: PostJsonRequest & { onData(data: unknown): void; progress(): void }): Promise<{ streamed: true; done: boolean } | { streamed: false; json: unknown }> {
  const response = await post(req, 'text/event-stream');
  if (!/^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '') || !response.body) {
    return { streamed: false, json: parseJson(req, await readText(req, response)) };
  }
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const event = (block: string) => {
    const data = block
      .split(/\r?\n/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data === '') return;
    if (data.trim() === '[DONE]') {
      done = true;
      return;
    }
    req.onData(parseJson(req, data));
  };
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      req.progress();
      buffer += decoder.decode(chunk, { stream: true });
      let end: RegExpExecArray | null;
      while ((end = /\r?\n\r?\n/.exec(buffer))) {
        event(buffer.slice(0, end.index));
        buffer = buffer.slice(end.index + end[0].length);
      }
    }
  } catch (e) {
    if (isAbort(e) || req.signal.aborted) throw e;
    if (e instanceof ProviderError) throw e;
    throw new ProviderError({ provider: req.provider, kind: 'network', detail: `stream interrupted: ${describeCause(e as Error)}` });
  }
  event(buffer);
  return { streamed: true, done };
}
