/**
 * OpenAI-compatible Chat Completions over fetch, streamed (`stream: true`) so text reaches the
 * user as it is generated; a server that answers with one JSON body anyway is read as such. The base URL is
 * configurable, which covers OpenAI itself and local servers (Ollama
 * http://localhost:11434/v1, LM Studio http://localhost:1234/v1, vLLM).
 */
import { ProviderError } from './errors';
import { resolveOptions, type ProviderClientOptions, type ResolvedOptions } from './options';
import { streamedTurn } from './streamed-turn';
import type { CompleteRequest, CompleteResult, ProviderClient } from './types';
import { fromOpenAIResponse, OpenAIStreamAccumulator, toOpenAIRequest } from '../translate/openai';

export class OpenAIClient implements ProviderClient {
  readonly id = 'openai' as const;
  private readonly o: ResolvedOptions;

  constructor(options: ProviderClientOptions) {
    this.o = resolveOptions(options);
  }

  async complete(request: CompleteRequest): Promise<CompleteResult> {
    const body = toOpenAIRequest({
      model: this.o.model,
      maxTokens: this.o.maxTokens,
      system: request.system,
      messages: request.messages,
      tools: request.tools,
    });
    // Local servers usually run without a key; sending "Bearer " would confuse some of them.
    const headers: Record<string, string> = this.o.apiKey ? { authorization: `Bearer ${this.o.apiKey}` } : {};
    return streamedTurn({
      provider: this.id,
      options: this.o,
      request,
      url: `${this.o.baseUrl}/chat/completions`,
      headers,
      body: { ...body, stream: true },
      accumulator: () => new OpenAIStreamAccumulator(),
      translate: (json) => fromOpenAIResponse(json),
      doneMarker: true,
    });
  }
}
