/**
 * Anthropic Messages API through the official SDK, streaming, so text reaches
 * the user as it is generated.
 *
 * The SDK's own retries are switched off (maxRetries: 0): callWithRetry applies
 * one policy to every provider, and knows not to retry once text was shown.
 */
import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { ProviderError, kindForStatus, type ProviderErrorKind } from './errors';
import { resolveOptions, type ProviderClientOptions, type ResolvedOptions } from './options';
import { callWithRetry, parseRetryAfter } from './retry';
import type { CompleteRequest, CompleteResult, ProviderClient } from './types';
import { AnthropicStreamAccumulator, toAnthropicRequest } from '../translate/anthropic';

export const DEFAULT_ANTHROPIC_MAX_TOKENS = 4096;

/** Error types Anthropic sends inside a stream (`event: error`), where there is no HTTP status. */
const STREAM_ERROR_KINDS: Record<string, ProviderErrorKind> = {
  overloaded_error: 'overloaded',
  rate_limit_error: 'rate_limited',
  api_error: 'server',
  invalid_request_error: 'bad_request',
  authentication_error: 'auth',
  permission_error: 'auth',
};

function apiErrorDetail(e: APIError): string {
  const body = e.error as { error?: { message?: unknown } } | undefined;
  const m = body?.error?.message;
  return typeof m === 'string' ? m : e.message;
}

/** SDK error → ProviderError. Aborts are rethrown: callWithRetry knows whose signal fired. */
function fromSdkError(e: unknown): unknown {
  if (e instanceof ProviderError || e instanceof APIUserAbortError) return e;
  if (e instanceof APIConnectionTimeoutError) return new ProviderError({ provider: 'anthropic', kind: 'timeout' });
  if (e instanceof APIConnectionError) {
    return new ProviderError({ provider: 'anthropic', kind: 'network', detail: e.message });
  }
  if (e instanceof APIError) {
    if (e.status === undefined) {
      const type = (e.error as { error?: { type?: unknown } } | undefined)?.error?.type;
      const kind = (typeof type === 'string' && STREAM_ERROR_KINDS[type]) || 'server';
      return new ProviderError({ provider: 'anthropic', kind, detail: apiErrorDetail(e) });
    }
    return new ProviderError({
      provider: 'anthropic',
      kind: kindForStatus(e.status),
      status: e.status,
      detail: apiErrorDetail(e),
      retryAfterMs: e.headers ? parseRetryAfter(e.headers) : undefined,
    });
  }
  return e;
}

/** The body of a non-streamed answer, checked enough to be a Message. */
async function readMessage(response: Response): Promise<Anthropic.Message> {
  const body = (await response.json().catch(() => null)) as Partial<Anthropic.Message> | null;
  if (!body || body.type !== 'message' || !Array.isArray(body.content)) {
    throw new ProviderError({ provider: 'anthropic', kind: 'invalid_response', detail: 'the endpoint answered JSON that is not a Messages API message' });
  }
  return { stop_sequence: null, usage: { input_tokens: 0, output_tokens: 0 }, ...body } as Anthropic.Message;
}

export class AnthropicClient implements ProviderClient {
  readonly id = 'anthropic' as const;
  private readonly o: ResolvedOptions;
  private readonly sdk: Anthropic;

  constructor(options: ProviderClientOptions) {
    this.o = resolveOptions(options);
    this.sdk = new Anthropic({
      apiKey: this.o.apiKey,
      baseURL: this.o.baseUrl,
      maxRetries: 0,
      // Our per-attempt timer fires at the same moment; this only bounds the SDK itself.
      timeout: this.o.timeoutMs,
    });
  }

  async complete(request: CompleteRequest): Promise<CompleteResult> {
    // Checked here, not left to the API: the SDK would otherwise look for a key in the environment.
    if (!this.o.apiKey) throw new ProviderError({ provider: this.id, kind: 'missing_key' });
    const body = toAnthropicRequest({
      model: this.o.model,
      maxTokens: this.o.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
      system: request.system,
      messages: request.messages,
      tools: request.tools,
    });
    let textShown = false;
    return callWithRetry(
      {
        provider: this.id,
        policy: this.o.policy,
        timeoutMs: this.o.timeoutMs,
        signal: request.signal,
        secrets: this.o.secrets,
        canRetry: () => !textShown,
      },
      async (signal, progress) => {
        const accumulator = new AnthropicStreamAccumulator();
        try {
          const { data: stream, response } = await this.sdk.messages.create(body, { signal }).withResponse();
          if (/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) {
            // An Anthropic-compatible endpoint that does not stream answers with the whole Message.
            const text = accumulator.pushMessage(await readMessage(response));
            if (text !== '') request.onText?.(text);
            return accumulator.result();
          }
          for await (const event of stream) {
            progress();
            const delta = accumulator.push(event);
            if (delta !== undefined) {
              textShown = true;
              request.onText?.(delta);
            }
          }
        } catch (e) {
          throw fromSdkError(e);
        }
        if (!accumulator.complete) {
          // The SDK ends an aborted stream quietly; callWithRetry reports it as cancelled or timed out.
          if (signal.aborted) throw new Error('stream aborted');
          throw new ProviderError({ provider: this.id, kind: 'invalid_response', detail: 'stream ended before message_stop' });
        }
        return accumulator.result();
      },
    );
  }
}
