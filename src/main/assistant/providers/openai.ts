/**
 * OpenAI-compatible Chat Completions over fetch, non-streaming. The base URL is
 * configurable, which covers OpenAI itself and local servers (Ollama
 * http://localhost:11434/v1, LM Studio http://localhost:1234/v1, vLLM).
 */
import { ProviderError } from './errors';
import { postJson } from './http';
import { resolveOptions, type ProviderClientOptions, type ResolvedOptions } from './options';
import { callWithRetry } from './retry';
import type { CompleteRequest, CompleteResult, ProviderClient } from './types';
import { fromOpenAIResponse, toOpenAIRequest } from '../translate/openai';

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
    const turn = await callWithRetry(
      { provider: this.id, policy: this.o.policy, timeoutMs: this.o.timeoutMs, signal: request.signal, secrets: this.o.secrets },
      async (signal) => {
        const json = await postJson({ provider: this.id, url: `${this.o.baseUrl}/chat/completions`, headers, body, signal });
        try {
          return fromOpenAIResponse(json);
        } catch (e) {
          throw new ProviderError({ provider: this.id, kind: 'invalid_response', detail: (e as Error).message });
        }
      },
    );
    if (turn.text !== '') request.onText?.(turn.text);
    return turn;
  }
}
