import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/shared/assistant';
import { AnthropicClient } from '../../src/main/assistant/providers/anthropic';
import { buildToolSpecs } from '../../src/main/assistant/translate/toolSpecs';
import { FakeProviderServer } from '../fixtures/fake-providers/server';
import { anthropicError, anthropicStream, anthropicStreamEvents, startFakeAnthropic } from '../fixtures/fake-providers/anthropic';
import { ping, runReconciliation } from './fixtures';
import { RECON_ARGS } from './conversation';
import { providerError, recordingSleep } from './providerHelpers';

const KEY = 'sk-ant-test-secret-key-123';
const { specs } = buildToolSpecs([
  { server: 'recon', tools: [runReconciliation] },
  { server: 'files', tools: [ping] },
]);

let server: FakeProviderServer;
beforeEach(async () => {
  server = await startFakeAnthropic();
});
afterEach(async () => {
  await server.close();
});

function client(options: { timeoutMs?: number; sleep?: (ms: number) => Promise<void> } = {}) {
  return new AnthropicClient({
    settings: { provider: 'anthropic', model: 'claude-test', baseUrl: server.url, maxTokens: 2048 },
    apiKey: KEY,
    timeoutMs: options.timeoutMs,
    retry: { initialDelayMs: 10, maxDelayMs: 40, ...(options.sleep ? { sleep: options.sleep } : {}) },
  });
}

describe('AnthropicClient over a loopback Messages API', () => {
  it('streams a tool call, then sends the tool result back in the follow-up request', async () => {
    server.enqueue(
      anthropicStream({
        chunk: 4,
        content: [
          { type: 'text', text: 'I will reconcile.' },
          { type: 'tool_use', id: 'toolu_A', name: 'recon__run_reconciliation', input: RECON_ARGS },
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 900, output_tokens: 80 },
      }),
      anthropicStream({ content: [{ type: 'text', text: '41 rows matched.' }], stop_reason: 'end_turn', usage: { input_tokens: 1000, output_tokens: 9 } }),
    );
    const c = client();
    const history: ChatMessage[] = [{ role: 'user', text: 'Reconcile bank.csv and ledger.csv' }];
    const streamed: string[] = [];

    const first = await c.complete({ system: 'Be brief.', messages: history, tools: specs, onText: (d) => streamed.push(d) });
    expect(first).toEqual({
      text: 'I will reconcile.',
      toolCalls: [{ id: 'toolu_A', name: 'recon__run_reconciliation', arguments: RECON_ARGS }],
      stopReason: 'tool_use',
      usage: { inputTokens: 900, outputTokens: 80 },
    });
    expect(streamed).toEqual(['I wi', 'll r', 'econ', 'cile', '.']);

    history.push(
      { role: 'assistant', text: first.text, toolCalls: first.toolCalls },
      { role: 'tool', results: [{ callId: 'toolu_A', name: 'recon__run_reconciliation', content: '{"matched":41}', isError: false }] },
    );
    const second = await c.complete({ system: 'Be brief.', messages: history, tools: specs });
    expect(second).toEqual({ text: '41 rows matched.', toolCalls: [], stopReason: 'end_turn', usage: { inputTokens: 1000, outputTokens: 9 } });

    expect(server.requests).toHaveLength(2);
    const [r1, r2] = server.requests;
    expect(r1.method).toBe('POST');
    expect(r1.path).toBe('/v1/messages');
    // SDK 1.x sends the API key as a bearer token.
    expect(r1.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r1.headers['anthropic-version']).toBeTypeOf('string');
    const tools = [
      { name: 'recon__run_reconciliation', description: runReconciliation.description, input_schema: runReconciliation.inputSchema },
      { name: 'files__ping', description: 'Check the server is alive.', input_schema: { type: 'object' } },
    ];
    expect(r1.body).toEqual({
      model: 'claude-test',
      max_tokens: 2048,
      stream: true,
      system: 'Be brief.',
      tools,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Reconcile bank.csv and ledger.csv' }] }],
    });
    expect(r2.body).toEqual({
      model: 'claude-test',
      max_tokens: 2048,
      stream: true,
      system: 'Be brief.',
      tools,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Reconcile bank.csv and ledger.csv' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'I will reconcile.' },
            { type: 'tool_use', id: 'toolu_A', name: 'recon__run_reconciliation', input: RECON_ARGS },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_A', content: '{"matched":41}', is_error: false }] },
      ],
    });
  });

  it('retries a 429, honouring retry-after, then succeeds', async () => {
    server.enqueue(
      anthropicError(429, 'rate_limit_error', 'Too many tokens per minute', { 'retry-after': '3' }),
      anthropicStream({ content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn' }),
    );
    const { delays, sleep } = recordingSleep();
    const result = await client({ sleep }).complete({ system: '', messages: [{ role: 'user', text: 'hi' }], tools: [] });
    expect(result.text).toBe('ok');
    expect(delays).toEqual([3000]);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].body).toEqual(server.requests[0].body);
  });

  it('backs off exponentially on 529 overloads and then reports them clearly', async () => {
    server.enqueue(
      anthropicError(529, 'overloaded_error', 'Overloaded'),
      anthropicError(529, 'overloaded_error', 'Overloaded'),
      anthropicError(529, 'overloaded_error', 'Overloaded'),
    );
    const { delays, sleep } = recordingSleep();
    const err = await providerError(client({ sleep }).complete({ system: '', messages: [{ role: 'user', text: 'hi' }], tools: [] }));
    expect(err.kind).toBe('overloaded');
    expect(err.status).toBe(529);
    expect(err.message).toBe('Anthropic is overloaded (HTTP 529), gave up after 3 attempts: Overloaded');
    expect(delays).toEqual([10, 20]);
    expect(server.requests).toHaveLength(3);
  });

  it('retries an overloaded_error sent inside the stream before any text', async () => {
    server.enqueue(
      { kind: 'sse', events: [{ event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } }] },
      anthropicStream({ content: [{ type: 'text', text: 'second try' }], stop_reason: 'end_turn' }),
    );
    const { delays, sleep } = recordingSleep();
    const result = await client({ sleep }).complete({ system: '', messages: [{ role: 'user', text: 'hi' }], tools: [] });
    expect(result.text).toBe('second try');
    expect(delays).toEqual([10]);
  });

  it('does not retry once text was streamed to the user', async () => {
    const events = anthropicStreamEvents({ content: [{ type: 'text', text: 'Partial answer' }], stop_reason: 'end_turn' });
    server.enqueue({
      kind: 'sse',
      events: [...events.slice(0, 4), { event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } }],
    });
    const shown: string[] = [];
    const err = await providerError(
      client().complete({ system: '', messages: [{ role: 'user', text: 'hi' }], tools: [], onText: (d) => shown.push(d) }),
    );
    expect(shown).toEqual(['Partial']);
    expect(err.kind).toBe('overloaded');
    expect(err.message).toBe('Anthropic is overloaded: Overloaded');
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a 400 and quotes the server', async () => {
    server.enqueue(anthropicError(400, 'invalid_request_error', 'max_tokens: must be at most 8192'));
    const err = await providerError(client().complete({ system: '', messages: [{ role: 'user', text: 'hi' }], tools: [] }));
    expect(err.message).toBe('Anthropic rejected the request (HTTP 400): max_tokens: must be at most 8192');
    expect(server.requests).toHaveLength(1);
  });

  it('cancels promptly while waiting for the response, and says so', async () => {
    server.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const call = client().complete({ system: '', messages: [{ role: 'user', text: 'hi' }], tools: [], signal: controller.signal });
    await server.waitForRequests(1);
    controller.abort();
    const err = await providerError(call);
    expect(err.kind).toBe('cancelled');
    expect(err.message).toBe('Anthropic request cancelled');
    await server.whenClientClosed(0); // the HTTP request was really torn down
  });

  it('cancels in the middle of a stream', async () => {
    const events = anthropicStreamEvents({ content: [{ type: 'text', text: 'Hello there' }], stop_reason: 'end_turn' });
    server.enqueue({ kind: 'sse', events: events.slice(0, 4), thenHang: true });
    const controller = new AbortController();
    let firstText!: () => void;
    const gotText = new Promise<void>((r) => (firstText = r));
    const call = client().complete({
      system: '',
      messages: [{ role: 'user', text: 'hi' }],
      tools: [],
      signal: controller.signal,
      onText: () => firstText(),
    });
    await gotText;
    controller.abort();
    const err = await providerError(call);
    expect(err.kind).toBe('cancelled');
    await server.whenClientClosed(0);
  });

  it('times out a request that never answers', async () => {
    server.enqueue({ kind: 'hang' });
    const err = await providerError(client({ timeoutMs: 200 }).complete({ system: '', messages: [{ role: 'user', text: 'hi' }], tools: [] }));
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('Anthropic request timed out after 200 ms');
    await server.whenClientClosed(0);
  });

  it('reports a stream cut off before message_stop', async () => {
    const events = anthropicStreamEvents({ content: [{ type: 'text', text: 'abc' }], stop_reason: 'end_turn' });
    server.enqueue({ kind: 'sse', events: events.slice(0, -1) });
    const err = await providerError(client().complete({ system: '', messages: [{ role: 'user', text: 'hi' }], tools: [] }));
    expect(err.message).toBe('Anthropic sent an unexpected response: stream ended before message_stop');
  });

  it('reads an Anthropic-compatible endpoint that answers with a whole JSON message instead of a stream', async () => {
    const message = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'proxy-model',
      content: [
        { type: 'text', text: 'Running it.' },
        { type: 'tool_use', id: 'toolu_J', name: 'recon__run_reconciliation', input: RECON_ARGS },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 7 },
    };
    server.enqueue({ kind: 'json', body: message }, { kind: 'json', body: { type: 'error-ish', content: 'no' } });
    const streamed: string[] = [];
    const turn = await client().complete({ system: '', messages: [{ role: 'user', text: 'go' }], tools: specs, onText: (d) => streamed.push(d) });
    expect(turn).toEqual({
      text: 'Running it.',
      toolCalls: [{ id: 'toolu_J', name: 'recon__run_reconciliation', arguments: RECON_ARGS }],
      stopReason: 'tool_use',
      usage: { inputTokens: 12, outputTokens: 7 },
    });
    expect(streamed).toEqual(['Running it.']);
    // JSON that is not a message is an unexpected response, said as such.
    const err = await providerError(client().complete({ system: '', messages: [{ role: 'user', text: 'again' }], tools: [] }));
    expect(err.message).toBe('Anthropic sent an unexpected response: the endpoint answered JSON that is not a Messages API message');
  });

  it('never puts the API key in an error message', async () => {
    server.enqueue(anthropicError(401, 'authentication_error', `invalid x-api-key: ${KEY}`));
    const err = await providerError(client().complete({ system: '', messages: [{ role: 'user', text: 'hi' }], tools: [] }));
    expect(err.kind).toBe('auth');
    expect(err.message).toBe('Anthropic rejected the API key (HTTP 401): invalid x-api-key: [redacted]');
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain(KEY);
  });
});
