import { DEFAULT_BASE_URLS, type ProviderSettings } from '../../../shared/assistant';
import { DEFAULT_RETRY_POLICY, DEFAULT_TIMEOUT_MS, type RetryPolicy } from './retry';

/** What a provider client is built from. The key lives only here, in the main process. */
export interface ProviderClientOptions {
  settings: ProviderSettings;
  /** May be empty for local OpenAI-compatible servers (Ollama, LM Studio). */
  apiKey: string;
  /** Longest wait for data per attempt (restarted by each streamed event). Default DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
}

export interface ResolvedOptions {
  model: string;
  baseUrl: string;
  maxTokens?: number;
  apiKey: string;
  timeoutMs: number;
  policy: RetryPolicy;
  secrets: string[];
}

export function resolveOptions(o: ProviderClientOptions): ResolvedOptions {
  return {
    model: o.settings.model,
    // Trailing slashes would double up when we append paths.
    baseUrl: (o.settings.baseUrl ?? DEFAULT_BASE_URLS[o.settings.provider]).replace(/\/+$/, ''),
    maxTokens: o.settings.maxTokens,
    apiKey: o.apiKey,
    timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    policy: { ...DEFAULT_RETRY_POLICY, ...o.retry },
    secrets: o.apiKey ? [o.apiKey] : [],
  };
}
