/**
 * Gemini `models/{model}:generateContent` over fetch. The key travels in the
 * `x-goog-api-key` header, never in the URL, so it cannot leak through a
 * logged or error-reported URL.
 */
import { ProviderError } from './errors';
import { postJson } from './http';
import { resolveOptions, type ProviderClientOptions, type ResolvedOptions } from './options';
import { callWithRetry } from './retry';
import type { CompleteRequest, CompleteResult, ProviderClient } from './types';
import { fromGeminiResponse, nextGeminiTurnIndex, toGeminiRequest } from '../translate/gemini';

export class GeminiClient implements ProviderClient {
  readonly id = 'gemini' as const;
  private readonly o: ResolvedOptions;

  constructor(options: ProviderClientOptions) {
    this.o = resolveOptions(options);
  }

  /** Accepts "gemini-2.5-flash" and the API's own "models/gemini-2.5-flash". */
  private get url(): string {
    const model = this.o.model.replace(/^models\//, '');
    return `${this.o.baseUrl}/models/${encodeURIComponent(model)}:generateContent`;
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
    const turn = await callWithRetry(
      { provider: this.id, policy: this.o.policy, timeoutMs: this.o.timeoutMs, signal: request.signal, secrets: this.o.secrets },
      async (signal) => {
        const json = await postJson({ provider: this.id, url: this.url, headers: { 'x-goog-api-key': this.o.apiKey }, body, signal });
        try {
          return fromGeminiResponse(json, turnIndex);
        } catch (e) {
          throw new ProviderError({ provider: this.id, kind: 'invalid_response', detail: (e as Error).message });
        }
      },
    );
    if (turn.text !== '') request.onText?.(turn.text);
    return turn;
  }
}
