/**
 * OpenAI-compatible Chat Completions over fetch, streamed (`stream: true`) so text reaches the
 * user as it is generated; a server that answers with one JSON body anyway is read as such. The base URL is
 * configurable, which covers OpenAI itself and local servers (Ollama
 * http://localhost:11434/v1, LM Studio http://localhost:1234/v1, vLLM).
 */
import { ProviderError } from './errors';
import { postStream } from './http';
import { resolveOptions, type ProviderClientOptions, type ResolvedOptions } from './options';
import { callWithRetry } from './retry';
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
    let textShown = false;
    const show = (text: string | undefined) => {
      if (text === undefined || text === '') return;
      textShown = true;
      request.onText?.(text);
    };
    const invalid = (e: unknown) => new ProviderError({ provider: this.id, kind: 'invalid_response', detail: (e as Error).message });
    const turn = await callWithRetry(
      // Once text was shown a retry would show it twice: only failures before any text are retried.
      { provider: this.id, policy: this.o.policy, timeoutMs: this.o.timeoutMs, signal: request.signal, secrets: this.o.secrets, canRetry: () => !textShown },
      async (signal, progress) => {
        const stream = new OpenAIStreamAccumulator();
        const answer = await postStream({
          provider: this.id,
          url: `${this.o.baseUrl}/chat/completions`,
          headers,
          body: { ...body, stream: true },
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
          let whole: CompleteResult;
          try {
            whole = fromOpenAIResponse(answer.json);
          } catch (e) {
            throw invalid(e);
          }
          show(whole.text);
          return whole;
        }
        if (!stream.finished && !answer.done) {
          if (signal.aborted) throw new Error('stream aborted');
          throw new ProviderError({ provider: this.id, kind: 'invalid_response', detail: 'stream ended before the answer finished' });
        }
        try {
          return fromOpenAIResponse(stream.response());
        } catch (e) {
          throw invalid(e);
        }
      },
    );
    return turn;
  }
}
