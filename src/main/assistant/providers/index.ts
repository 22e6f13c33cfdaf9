import { AnthropicClient } from './anthropic';
import { GeminiClient } from './gemini';
import { OpenAIClient } from './openai';
import type { ProviderClientOptions } from './options';
import type { ProviderClient } from './types';

/** The client for the provider named in the settings. */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  switch (options.settings.provider) {
    case 'anthropic':
      return new AnthropicClient(options);
    case 'openai':
      return new OpenAIClient(options);
    case 'gemini':
      return new GeminiClient(options);
  }
}

export { AnthropicClient, GeminiClient, OpenAIClient };
export type { ProviderClient, CompleteRequest, CompleteResult } from './types';
export type { ProviderClientOptions } from './options';
export { ProviderError, type ProviderErrorKind } from './errors';
export { DEFAULT_RETRY_POLICY, DEFAULT_TIMEOUT_MS, type RetryPolicy } from './retry';
