/**
 * Gemini `models/{model}:streamGenerateContent?alt=sse` over fetch, so text reaches the user as it
 * is generated (a server that answers with one JSON body is read as such). The key travels in the
 * `x-goog-api-key` header, never in the URL, so it cannot leak through a
 * logged or error-reported URL.
 */
import { ProviderError } from './errors';
import { postStream } from './http';
import { resolveOptions, type ProviderClientOptions, type ResolvedOptions } from './options';
import { callWithRetry } from './retry';
import type { CompleteRequest, CompleteResult, ProviderClient } from './types';
import { fromGeminiResponse, GeminiStreamAccumulator, nextGeminiTurnIndex, toGeminiRequest } from '../translate/gemini';

export class GeminiClient implements ProviderClient {
  readonly id = 'gemini' as const;
  private readonly o: ResolvedOptions;

  constructor(options: ProviderClientOptions) {
    this.o = resolveOptions(options);
  }

  /** Accepts "gemini-2.5-flash" and the API's own "models/gemini-2.5-flash". */
  private get url(): string {
    const model = this.o.model.replace(/^models\//, '');
    return `${this.o.baseUrl}/models/${encodeURIComponent(model)}:streamGenerateContent?alt=sse`;
  }

  async complete(request: CompleteRequest): Promise<CompleteResult> {
    if (!this.o.apiKey) throw new ProviderError({ provider: this.id, kind: 'missing_key' });
    const body = toGeminiRequest({
      system: request.system,
      maxTokens: this.o.maxTokens,
      messages: request.messages,
      tools: request.tools,
    });
    const turnIndex = nextGeminiTurnIndex(request.messages);
    let textShown = false;
    const show = (text: string | undefined) => {
      if (text === undefined || text === '') return;
      textShown = true;
      request.onText?.(text);
    };
    const read = (json: unknown) => {
      try {
        return fromGeminiResponse(json, turnIndex);
      } catch (e) {
        throw new ProviderError({ provider: this.id, kind: 'invalid_response', detail: (e as Error).message });
      }
    };
    const turn = await callWithRetry(
      { provider: this.id, policy: this.o.policy, timeoutMs: this.o.timeoutMs, signal: request.signal, secrets: this.o.secrets, canRetry: () => !textShown },
      async (signal, progress) => {
        const stream = new GeminiStreamAccumulator();
        const answer = await postStream({
          provider: this.id,
          url: this.url,
          headers: { 'x-goog-api-key': this.o.apiKey },
          body,
          signal,
          progress,
          onData: (data) => {
            let delta: string | undefined;
            try {
              delta = stream.push(data);
            } catch (e) {
              throw new ProviderError({ provider: this.id, kind: 'server', detail: (e as Error).message });
            }
            show(delta);
          },
        });
        if (!answer.streamed) {
          const whole = read(answer.json);
          show(whole.text);
          return whole;
        }
        if (!stream.finished) {
          if (signal.aborted) throw new Error('stream aborted');
          throw new ProviderError({ provider: this.id, kind: 'invalid_response', detail: 'stream ended before the answer finished' });
        }
        return read(stream.response());
      },
    );
    return turn;
  }
}
