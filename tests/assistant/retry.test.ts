import { describe, expect, it } from 'vitest';
import { backoffDelay, callWithRetry, DEFAULT_RETRY_POLICY, parseRetryAfter } from '../../src/main/assistant/providers/retry';
import { redactValues as redact } from '../../src/main/base/secrets';
import { ProviderError, kindForStatus } from '../../src/main/assistant/providers/errors';
import { createProviderClient, AnthropicClient, GeminiClient, OpenAIClient } from '../../src/main/assistant/providers';
import { ProviderSettingsSchema } from '../../src/shared/assistant';
import { providerError, recordingSleep } from './providerHelpers';

const headers = (h: Record<string, string>) => new Headers(h);

describe('parseRetryAfter', () => {
  it('reads retry-after-ms, retry-after seconds and HTTP dates', () => {
    expect(parseRetryAfter(headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(parseRetryAfter(headers({ 'retry-after': '2.5' }))).toBe(2500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:04 GMT' }), now)).toBe(4000);
    expect(parseRetryAfter(headers({ 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' }), now)).toBe(0);
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(headers({}))).toBeUndefined();
  });
});

describe('backoff and classification', () => {
  it('doubles from the initial delay up to the cap', () => {
    const p = { initialDelayMs: 500, maxDelayMs: 3000 };
    expect([0, 1, 2, 3, 4].map((r) => backoffDelay(p, r))).toEqual([500, 1000, 2000, 3000, 3000]);
    expect(DEFAULT_RETRY_POLICY).toMatchObject({ maxRetries: 2, initialDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 60000 });
  });

  it('retries exactly 429, 503 and 529', () => {
    const retryable = [400, 401, 403, 404, 408, 409, 429, 500, 502, 503, 504, 529].filter(
      (s) => new ProviderError({ provider: 'openai', kind: kindForStatus(s), status: s }).retryable,
    );
    expect(retryable).toEqual([429, 503, 529]);
  });

  it('redacts every occurrence of a secret and ignores trivially short ones', () => {
    expect(redact('k=abcdef and abcdef again', ['abcdef'])).toBe('k=[redacted] and [redacted] again');
    expect(redact('a b c', ['', 'a'])).toBe('a b c');
  });
});

describe('callWithRetry', () => {
  const base = { provider: 'gemini' as const, timeoutMs: 10_000, secrets: ['s3cr3t-key'] };

  it('stops retrying when canRetry says output was already shown', async () => {
    const { delays, sleep } = recordingSleep();
    let attempts = 0;
    const err = await providerError(
      callWithRetry({ ...base, policy: { ...DEFAULT_RETRY_POLICY, sleep }, canRetry: () => false }, async () => {
        attempts++;
        throw new ProviderError({ provider: 'gemini', kind: 'rate_limited', status: 429, detail: 'slow down' });
      }),
    );
    expect(attempts).toBe(1);
    expect(delays).toEqual([]);
    expect(err.message).toBe('Gemini rate limit reached (HTTP 429): slow down');
  });

  it('wraps unexpected failures as network errors with redacted detail', async () => {
    const err = await providerError(
      callWithRetry({ ...base, policy: DEFAULT_RETRY_POLICY }, async () => {
        throw new Error('socket hang up while sending s3cr3t-key');
      }),
    );
    expect(err.kind).toBe('network');
    expect(err.message).toBe('Could not reach Gemini: socket hang up while sending [redacted]');
  });
});

describe('createProviderClient', () => {
  it('builds the client named in the settings', () => {
    const make = (provider: 'anthropic' | 'openai' | 'gemini') => createProviderClient({ settings: { provider, model: 'm' }, apiKey: 'k' });
    expect(make('anthropic')).toBeInstanceOf(AnthropicClient);
    expect(make('openai')).toBeInstanceOf(OpenAIClient);
    expect(make('gemini')).toBeInstanceOf(GeminiClient);
    expect(make('gemini').id).toBe('gemini');
  });
});

describe('API keys', () => {
  it('are not part of the renderer-visible settings', () => {
    const parsed = ProviderSettingsSchema.parse({ provider: 'openai', model: 'llama3', baseUrl: 'http://localhost:11434/v1', apiKey: 'sk-x' });
    expect(parsed).toEqual({ provider: 'openai', model: 'llama3', baseUrl: 'http://localhost:11434/v1' });
  });

  it('are required by Anthropic and Gemini before any request is made', async () => {
    for (const provider of ['anthropic', 'gemini'] as const) {
      const c = createProviderClient({ settings: { provider, model: 'm', baseUrl: 'http://127.0.0.1:9' }, apiKey: '' });
      const err = await providerError(c.complete({ system: '', messages: [{ role: 'user', text: 'hi' }], tools: [] }));
      expect(err.kind).toBe('missing_key');
      expect(err.message).toBe(`No API key configured for ${provider === 'anthropic' ? 'Anthropic' : 'Gemini'}`);
    }
  });
});
