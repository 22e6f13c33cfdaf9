/**
 * Gemini `models/{model}:streamGenerateContent?alt=sse` over fetch, so text reaches the user as it
 * is generated (a server that answers with one JSON body is read as such). The key travels in the
 * `x-goog-api-key` header, never in the URL, so it cannot leak through a
 * logged or error-reported URL.
 */
import { ProviderError } from './errors';
import { resolveOptions, type ProviderClientOptions, type ResolvedOptions } from './options';
import { streamedTurn } from './streamed-turn';
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
    return streamedTurn({
      provider: this.id,
      options: this.o,
      request,
      url: this.url,
      headers: { 'x-goog-api-key': this.o.apiKey },
      body,
      accumulator: () => new GeminiStreamAccumulator(),
      translate: (json) => fromGeminiResponse(json, turnIndex),
    });
  }
}
