import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import type { ChatMessage } from '../../src/shared/assistant';
import { OpenAIClient } from '../../src/main/assistant/providers/openai';
import { invalidArgumentsResult } from '../../src/main/assistant/toolCallErrors';
import { buildToolSpecs } from '../../src/main/assistant/translate/toolSpecs';
import { FakeProviderServer } from '../fixtures/fake-providers/server';
import { openAICompletion, openAIError, openAIStream, startFakeOpenAI } from '../fixtures/fake-providers/openai';
import { ping, runReconciliation } from './fixtures';
import { RECON_ARGS } from './conversation';
import { providerError, recordingSleep } from './providerHelpers';

const KEY = 'sk-openai-test-secret-456';
const { specs } = buildToolSpecs([
  { server: 'recon', tools: [runReconciliation] },
  { server: 'files', tools: [ping] },
]);
const tools = [
  {
    type: 'function',
    function: {
      name: 'recon__run_reconciliation',
      description: runReconciliation.description,
      parameters: runReconciliation.inputSchema,
      strict: false,
    },
  },
  {
    type: 'function',
    function: { name: 'files__ping', description: 'Check the server is alive.', parameters: { type: 'object', properties: {} }, strict: false },
  },
];

let server: FakeProviderServer;
beforeEach(async () => {
  server = await startFakeOpenAI();
});
afterEach(async () => {
  await server.close();
});

function client(options: { apiKey?: string; timeoutMs?: number; sleep?: (ms: number) => Promise<void>; baseUrl?: string } = {}) {
  return new OpenAIClient({
    settings: { provider: 'openai', model: 'gpt-test', baseUrl: options.baseUrl ?? `${server.url}/v1/` },
    apiKey: options.apiKey ?? KEY,
    timeoutMs: options.timeoutMs,
    retry: { initialDelayMs: 10, ...(options.sleep ? { sleep: options.sleep } : {}) },
  });
}

const hi: ChatMessage[] = [{ role: 'user', text: 'hi' }];

describe('OpenAIClient over a loopback Chat Completions API', () => {
  it('streams text to the user as it arrives', async () => {
    server.enqueue(openAIStream({ content: 'Forty-one rows matched; two are open.', chunk: 8, usage: { prompt_tokens: 50, completion_tokens: 9 } }));
    const shown: string[] = [];
    const turn = await client().complete({ system: '', messages: hi, tools: [], onText: (t) => shown.push(t) });
    expect(shown).toEqual(['Forty-on', 'e rows m', 'atched; ', 'two are ', 'open.']);
    expect(turn).toEqual({ text: 'Forty-one rows matched; two are open.', toolCalls: [], stopReason: 'end_turn', usage: { inputTokens: 50, outputTokens: 9 } });
    expect(server.requests[0].headers.accept).toBe('text/event-stream');
  });

  it('reports a stream cut off before it finished, and does not retry once text was shown', async () => {
    server.enqueue(openAIStream({ content: 'half an answer', cutBeforeEnd: true }), openAICompletion({ content: 'must not be asked for' }));
    const shown: string[] = [];
    const err = await providerError(client().complete({ system: '', messages: hi, tools: [], onText: (t) => shown.push(t) }));
    expect(err.message).toMatch(/stream ended before the answer finished/);
    expect(shown.join('')).toBe('half an answer');
    expect(server.requests).toHaveLength(1);
  });

  it('takes a stream that a local server ends with [DONE] but no finish reason', async () => {
    const chunk = (content: string) => ({ data: { id: 'c1', object: 'chat.completion.chunk', model: 'local', choices: [{ index: 0, delta: { content }, finish_reason: null }] } });
    server.enqueue({ kind: 'sse', events: [chunk('All '), chunk('matched.'), { data: '[DONE]', raw: true }] });
    const shown: string[] = [];
    const turn = await client().complete({ system: '', messages: hi, tools: [], onText: (t) => shown.push(t) });
    expect(shown.join('')).toBe('All matched.');
    expect(turn.text).toBe('All matched.');
    expect(server.requests).toHaveLength(1);
  });

  it('reports an error sent inside the stream', async () => {
    server.enqueue({ kind: 'sse', events: [{ data: { error: { message: 'model overloaded, try later' } } }] });
    const err = await providerError(client().complete({ system: '', messages: hi, tools: [] }));
    expect(err.message).toContain('model overloaded, try later');
  });

  it('round-trips a tool call: tool_calls in (streamed, arguments in fragments), role:tool result out (a whole JSON answer)', async () => {
    server.enqueue(
      openAIStream({
        content: null,
        toolCalls: [{ id: 'call_Q1', name: 'recon__run_reconciliation', arguments: JSON.stringify(RECON_ARGS) }],
        usage: { prompt_tokens: 300, completion_tokens: 40 },
      }),
      openAICompletion({ content: '41 rows matched.', usage: { prompt_tokens: 350, completion_tokens: 7 } }),
    );
    const c = client();
    const shown: string[] = [];
    const history: ChatMessage[] = [{ role: 'user', text: 'Reconcile please' }];

    const first = await c.complete({ system: 'Be brief.', messages: history, tools: specs, onText: (t) => shown.push(t) });
    expect(first).toEqual({
      text: '',
      toolCalls: [{ id: 'call_Q1', name: 'recon__run_reconciliation', arguments: RECON_ARGS }],
      stopReason: 'tool_use',
      usage: { inputTokens: 300, outputTokens: 40 },
    });
    history.push(
      { role: 'assistant', text: first.text, toolCalls: first.toolCalls },
      { role: 'tool', results: [{ callId: 'call_Q1', name: 'recon__run_reconciliation', content: '{"matched":41}', isError: false }] },
    );
    const second = await c.complete({ system: 'Be brief.', messages: history, tools: specs, onText: (t) => shown.push(t) });
    expect(second).toEqual({ text: '41 rows matched.', toolCalls: [], stopReason: 'end_turn', usage: { inputTokens: 350, outputTokens: 7 } });
    expect(shown).toEqual(['41 rows matched.']);

    const [r1, r2] = server.requests;
    expect(r1.path).toBe('/v1/chat/completions'); // the trailing slash of the base URL is not doubled
    expect(r1.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r1.body).toEqual({
      model: 'gpt-test',
      stream: true,
      tool_choice: 'auto',
      tools,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Reconcile please' },
      ],
    });
    expect(r2.body).toEqual({
      model: 'gpt-test',
      stream: true,
      tool_choice: 'auto',
      tools,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Reconcile please' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_Q1', type: 'function', function: { name: 'recon__run_reconciliation', arguments: JSON.stringify(RECON_ARGS) } }],
        },
        { role: 'tool', tool_call_id: 'call_Q1', content: '{"matched":41}' },
      ],
    });
  });

  it('reports invalid arguments JSON, and the error result goes back with the raw arguments', async () => {
    server.enqueue(
      openAICompletion({ toolCalls: [{ id: 'call_bad', name: 'files__ping', arguments: '{"verbose": tru' }] }),
      openAICompletion({ content: 'Sorry, retrying.' }),
    );
    const c = client();
    const first = await c.complete({ system: '', messages: hi, tools: specs });
    expect(first.toolCalls).toHaveLength(1);
    const [call] = first.toolCalls;
    expect(call).toMatchObject({ id: 'call_bad', name: 'files__ping', arguments: {}, argumentsError: { raw: '{"verbose": tru' } });
    expect(call.argumentsError!.message).toMatch(/^arguments are not valid JSON: /);

    const result = invalidArgumentsResult(call)!;
    await c.complete({
      system: '',
      messages: [...hi, { role: 'assistant', text: '', toolCalls: first.toolCalls }, { role: 'tool', results: [result] }],
      tools: specs,
    });
    expect((server.requests[1].body as { messages: unknown[] }).messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_bad', type: 'function', function: { name: 'files__ping', arguments: '{"verbose": tru' } }],
      },
      { role: 'tool', tool_call_id: 'call_bad', content: `Error: ${result.content}` },
    ]);
  });

  it('retries a 429 honouring retry-after-ms, then succeeds', async () => {
    server.enqueue(openAIError(429, 'Rate limit reached for requests', { 'retry-after-ms': '1500' }), openAICompletion({ content: 'ok' }));
    const { delays, sleep } = recordingSleep();
    const result = await client({ sleep }).complete({ system: '', messages: hi, tools: [] });
    expect(result.text).toBe('ok');
    expect(delays).toEqual([1500]);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up on a 503 after the configured retries with a clear message', async () => {
    server.enqueue(openAIError(503, 'The engine is currently overloaded'), openAIError(503, 'The engine is currently overloaded'), openAIError(503, 'The engine is currently overloaded'));
    const { delays, sleep } = recordingSleep();
    const err = await providerError(client({ sleep }).complete({ system: '', messages: hi, tools: [] }));
    expect(err.message).toBe('OpenAI-compatible server is overloaded (HTTP 503), gave up after 3 attempts: The engine is currently overloaded');
    expect(delays).toEqual([10, 20]);
  });

  it('surfaces a rate limit at once when the server asks for a wait longer than we accept', async () => {
    server.enqueue(openAIError(429, 'Quota exhausted', { 'retry-after': '3600' }));
    const { delays, sleep } = recordingSleep();
    const err = await providerError(client({ sleep }).complete({ system: '', messages: hi, tools: [] }));
    expect(err.message).toBe('OpenAI-compatible server rate limit reached (HTTP 429): Quota exhausted (asked to retry after 3600 s)');
    expect(delays).toEqual([]);
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
    expect(err.message).toBe('OpenAI-compatible server request cancelled');
    await server.whenClientClosed(0);
  });

  it('cancels a pending retry wait', async () => {
    server.enqueue(openAIError(429, 'slow down', { 'retry-after': '30' }));
    const controller = new AbortController();
    // The real abortable sleep: the call must end on abort, not after 30 s.
    const call = client({ sleep: undefined }).complete({ system: '', messages: hi, tools: [], signal: controller.signal });
    await server.waitForRequests(1);
    await server.whenClientClosed(0); // the 429 was delivered; the client is now waiting to retry
    controller.abort();
    expect((await providerError(call)).kind).toBe('cancelled');
    expect(server.requests).toHaveLength(1);
  });

  it('times out', async () => {
    server.enqueue({ kind: 'hang' });
    const err = await providerError(client({ timeoutMs: 150 }).complete({ system: '', messages: hi, tools: [] }));
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('OpenAI-compatible server request timed out after 150 ms');
    await server.whenClientClosed(0);
  });

  it('sends no authorization header without a key (local servers)', async () => {
    server.enqueue(openAICompletion({ content: 'local' }));
    await client({ apiKey: '' }).complete({ system: '', messages: hi, tools: [] });
    expect(server.requests[0].headers.authorization).toBeUndefined();
  });

  it('redacts the key when a server echoes it', async () => {
    server.enqueue(openAIError(401, `Incorrect API key provided: ${KEY}.`));
    const err = await providerError(client().complete({ system: '', messages: hi, tools: [] }));
    expect(err.message).toBe('OpenAI-compatible server rejected the API key (HTTP 401): Incorrect API key provided: [redacted].');
  });

  it('reports a non-JSON body and an unreachable server clearly', async () => {
    server.enqueue({ kind: 'text', body: '<html>proxy page</html>' });
    const bad = await providerError(client().complete({ system: '', messages: hi, tools: [] }));
    expect(bad.message).toBe('OpenAI-compatible server sent an unexpected response: body is not JSON: <html>proxy page</html>');

    const port = await closedPort();
    const down = await providerError(client({ baseUrl: `http://127.0.0.1:${port}/v1` }).complete({ system: '', messages: hi, tools: [] }));
    expect(down.kind).toBe('network');
    expect(down.message).toMatch(new RegExp(`^Could not reach OpenAI-compatible server: http://127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`));
  });
});

/** A port nothing listens on: bind, read the port, close. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
