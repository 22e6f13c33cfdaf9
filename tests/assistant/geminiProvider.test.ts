import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/shared/assistant';
import { GeminiClient } from '../../src/main/assistant/providers/gemini';
import { buildToolSpecs } from '../../src/main/assistant/translate/toolSpecs';
import { toGeminiSchema } from '../../src/main/assistant/translate/geminiSchema';
import { FakeProviderServer } from '../fixtures/fake-providers/server';
import { geminiError, geminiResponse, geminiStream, startFakeGemini } from '../fixtures/fake-providers/gemini';
import { ping, runReconciliation } from './fixtures';
import { RECON_ARGS } from './conversation';
import { findNonGeminiKeys } from './forbiddenKeys';
import { providerError, recordingSleep } from './providerHelpers';

const KEY = 'AIza-gemini-test-secret-789';
const { specs } = buildToolSpecs([
  { server: 'recon', tools: [runReconciliation] },
  { server: 'files', tools: [ping] },
]);
const tools = [
  {
    functionDeclarations: [
      { name: 'recon__run_reconciliation', description: runReconciliation.description, parameters: toGeminiSchema(runReconciliation.inputSchema) },
      { name: 'files__ping', description: 'Check the server is alive.' },
    ],
  },
];

let server: FakeProviderServer;
beforeEach(async () => {
  server = await startFakeGemini();
});
afterEach(async () => {
  await server.close();
});

function client(options: { timeoutMs?: number; sleep?: (ms: number) => Promise<void>; model?: string } = {}) {
  return new GeminiClient({
    settings: { provider: 'gemini', model: options.model ?? 'gemini-test', baseUrl: `${server.url}/v1beta`, maxTokens: 1000 },
    apiKey: KEY,
    timeoutMs: options.timeoutMs,
    retry: { initialDelayMs: 10, ...(options.sleep ? { sleep: options.sleep } : {}) },
  });
}

const hi: ChatMessage[] = [{ role: 'user', text: 'hi' }];

describe('GeminiClient over a loopback generateContent API', () => {
  it('streams text to the user as it arrives', async () => {
    server.enqueue(geminiStream({ parts: [{ text: 'Forty-one rows matched.' }], chunk: 10, usage: { promptTokenCount: 30, candidatesTokenCount: 5 } }));
    const shown: string[] = [];
    const turn = await client().complete({ system: '', messages: hi, tools: [], onText: (t) => shown.push(t) });
    expect(shown).toEqual(['Forty-one ', 'rows match', 'ed.']);
    expect(turn).toEqual({ text: 'Forty-one rows matched.', toolCalls: [], stopReason: 'end_turn', usage: { inputTokens: 30, outputTokens: 5 } });
  });

  it('reports a stream cut off before its finishReason', async () => {
    server.enqueue(geminiStream({ parts: [{ text: 'half an answer' }], cutBeforeEnd: true }));
    const err = await providerError(client().complete({ system: '', messages: hi, tools: [] }));
    expect(err.message).toMatch(/stream ended before the answer finished/);
    expect(server.requests).toHaveLength(1);
  });

  it('round-trips a function call (streamed) with a deterministic id and a functionResponse (a whole JSON answer)', async () => {
    server.enqueue(
      geminiStream({
        chunk: 3,
        parts: [{ text: 'Running.' }, { functionCall: { name: 'recon__run_reconciliation', args: RECON_ARGS }, thoughtSignature: 'sig-Z' }],
        usage: { promptTokenCount: 400, candidatesTokenCount: 30 },
      }),
      geminiResponse({ parts: [{ text: '41 rows matched.' }], usage: { promptTokenCount: 450, candidatesTokenCount: 6 } }),
    );
    const c = client({ model: 'models/gemini-test' });
    const history: ChatMessage[] = [{ role: 'user', text: 'Reconcile please' }];
    const first = await c.complete({ system: 'Be brief.', messages: history, tools: specs });
    expect(first).toEqual({
      text: 'Running.',
      toolCalls: [
        { id: 'gemini_0_1_recon__run_reconciliation', name: 'recon__run_reconciliation', arguments: RECON_ARGS, thoughtSignature: 'sig-Z' },
      ],
      stopReason: 'tool_use',
      usage: { inputTokens: 400, outputTokens: 30 },
    });
    history.push(
      { role: 'assistant', text: first.text, toolCalls: first.toolCalls },
      {
        role: 'tool',
        results: [{ callId: first.toolCalls[0].id, name: 'recon__run_reconciliation', content: '{"matched":41}', isError: false }],
      },
    );
    const second = await c.complete({ system: 'Be brief.', messages: history, tools: specs });
    expect(second).toEqual({ text: '41 rows matched.', toolCalls: [], stopReason: 'end_turn', usage: { inputTokens: 450, outputTokens: 6 } });

    const [r1, r2] = server.requests;
    expect(r1.path).toBe('/v1beta/models/gemini-test:streamGenerateContent?alt=sse');
    expect(r1.headers['x-goog-api-key']).toBe(KEY);
    expect(r1.path).not.toContain(KEY);
    expect(r1.body).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { maxOutputTokens: 1000 },
      tools,
      contents: [{ role: 'user', parts: [{ text: 'Reconcile please' }] }],
    });
    expect(findNonGeminiKeys((r1.body as { tools: typeof tools }).tools[0].functionDeclarations.map((d) => ('parameters' in d ? d.parameters : {})))).toEqual([]);
    expect(r2.body).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { maxOutputTokens: 1000 },
      tools,
      contents: [
        { role: 'user', parts: [{ text: 'Reconcile please' }] },
        {
          role: 'model',
          parts: [{ text: 'Running.' }, { functionCall: { name: 'recon__run_reconciliation', args: RECON_ARGS }, thoughtSignature: 'sig-Z' }],
        },
        { role: 'user', parts: [{ functionResponse: { name: 'recon__run_reconciliation', response: { output: '{"matched":41}' } } }] },
      ],
    });
  });

  it('retries a 429 using the RetryInfo delay from the body, then succeeds', async () => {
    server.enqueue(
      geminiError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for metric generate_content_free_tier_requests', {
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' }],
      }),
      geminiResponse({ parts: [{ text: 'ok' }] }),
    );
    const { delays, sleep } = recordingSleep();
    const result = await client({ sleep }).complete({ system: '', messages: hi, tools: [] });
    expect(result.text).toBe('ok');
    expect(delays).toEqual([7000]);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a 503 then reports it with the server message', async () => {
    server.enqueue(
      geminiError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.'),
      geminiError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.'),
      geminiError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.'),
    );
    const { delays, sleep } = recordingSleep();
    const err = await providerError(client({ sleep }).complete({ system: '', messages: hi, tools: [] }));
    expect(err.message).toBe('Gemini is overloaded (HTTP 503), gave up after 3 attempts: The model is overloaded. Please try again later.');
    expect(delays).toEqual([10, 20]);
  });

  it('reports a schema rejection without retrying', async () => {
    server.enqueue(geminiError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Unknown name "additionalProperties"'));
    const err = await providerError(client().complete({ system: '', messages: hi, tools: specs }));
    expect(err.message).toBe('Gemini rejected the request (HTTP 400): Invalid JSON payload received. Unknown name "additionalProperties"');
    expect(server.requests).toHaveLength(1);
  });

  it('cancels promptly and says so', async () => {
    server.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const call = client().complete({ system: '', messages: hi, tools: [], signal: controller.signal });
    await server.waitForRequests(1);
    controller.abort();
    const err = await providerError(call);
    expect(err.kind).toBe('cancelled');
    expect(err.message).toBe('Gemini request cancelled');
    await server.whenClientClosed(0);
  });

  it('refuses to start when already cancelled', async () => {
    const err = await providerError(client().complete({ system: '', messages: hi, tools: [], signal: AbortSignal.abort() }));
    expect(err.kind).toBe('cancelled');
    expect(server.requests).toHaveLength(0);
  });

  it('times out', async () => {
    server.enqueue({ kind: 'hang' });
    const err = await providerError(client({ timeoutMs: 120 }).complete({ system: '', messages: hi, tools: [] }));
    expect(err.message).toBe('Gemini request timed out after 120 ms');
    await server.whenClientClosed(0);
  });

  it('redacts the key when the server echoes it', async () => {
    server.enqueue(geminiError(400, 'INVALID_ARGUMENT', `API key not valid: ${KEY}`));
    const err = await providerError(client().complete({ system: '', messages: hi, tools: [] }));
    expect(err.message).toBe('Gemini rejected the request (HTTP 400): API key not valid: [redacted]');
  });
});
