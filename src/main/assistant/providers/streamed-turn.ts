/**
 * One model turn over a streaming HTTP API, the part the Gemini and OpenAI-compatible clients share:
 * text is shown as it arrives; only failures before any text was shown are retried (a retry would
 * show it twice); a server that answers with one JSON body is read as such; a stream that ends
 * before the answer finished is an invalid response. Each client brings its URL, headers, body,
 * stream accumulator and the translation of a whole answer.
 */
import type { ProviderId } from '../../../shared/assistant';
import { ProviderError } from './errors';
import { postStream } from './http';
import type { ResolvedOptions } from './options';
import { callWithRetry } from './retry';
import type { CompleteRequest, CompleteResult } from './types';

/** Collects a streamed answer: `push` returns the text a chunk adds (shown at once). */
export interface StreamAccumulator {
  push(data: unknown): string | undefined;
  readonly finished: boolean;
  response(): unknown;
}

export interface StreamedTurn {
  provider: ProviderId;
  options: ResolvedOptions;
  request: CompleteRequest;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  accumulator(): StreamAccumulator;
  /** A whole answer (one JSON body, or the accumulated stream) as the turn; throws when it does not read. */
  translate(json: unknown): CompleteResult;
  /** The API ends a stream with `data: [DONE]` (OpenAI): then that marker alone also ends it well. */
  doneMarker?: boolean;
}

export async function streamedTurn(t: StreamedTurn): Promise<CompleteResult> {
  let textShown = false;
  const show = (text: string | undefined) => {
    if (text === undefined || text === '') return;
    textShown = true;
    t.request.onText?.(text);
  };
  const read = (json: unknown) => {
    try {
      return t.translate(json);
    } catch (e) {
      throw new ProviderError({ provider: t.provider, kind: 'invalid_response', detail: (e as Error).message });
    }
  };
  return callWithRetry(
    { provider: t.provider, policy: t.options.policy, timeoutMs: t.options.timeoutMs, signal: t.request.signal, secrets: t.options.secrets, canRetry: () => !textShown },
    async (signal, progress) => {
      const stream = t.accumulator();
      const answer = await postStream({
        provider: t.provider,
        url: t.url,
        headers: t.headers,
        body: t.body,
        signal,
        progress,
        onData: (data) => {
          let delta: string | undefined;
          try {
            delta = stream.push(data);
          } catch (e) {
            throw new ProviderError({ provider: t.provider, kind: 'server', detail: (e as Error).message });
          }
          show(delta);
        },
      });
      if (!answer.streamed) {
        const whole = read(answer.json);
        show(whole.text);
        return whole;
      }
      if (!stream.finished && !(t.doneMarker && answer.done)) {
        if (signal.aborted) throw new Error('stream aborted');
        throw new ProviderError({ provider: t.provider, kind: 'invalid_response', detail: 'stream ended before the answer finished' });
      }
      return read(stream.response());
    },
  );
}
