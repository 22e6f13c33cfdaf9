/**
 * A server's own requests to the user, through the real core (dispatcher, host, AssistantService)
 * against the reference server-everything as a real process: elicitation forms (accept with the
 * schema's defaults, decline, cancel, a wrong answer refused before it reaches the server, a URL
 * only after the user opens it) and sampling (ask → approve → the user's model, here a loopback
 * fake of Anthropic's API → review → back to the server; never; no model configured).
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientRequest } from '../../src/shared/mcp';
import { anthropicStream, startFakeAnthropic } from '../fixtures/fake-providers/anthropic';
import { startHarness, waitFor, type Harness } from './coreHarness';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function withEverything(env: NodeJS.ProcessEnv = {}): Promise<{ h: Harness; asked: ClientRequest[]; settled: string[] }> {
  const h = await startHarness(env, { withFixture: false });
  cleanups.push(() => h.dispose());
  const asked: ClientRequest[] = [];
  const settled: string[] = [];
  h.core.subscribe((name, payload) => {
    if (name === 'servers.clientRequest') asked.push(payload as ClientRequest);
    if (name === 'servers.clientRequestSettled') settled.push((payload as { id: string }).id);
  });
  await h.call('servers.add', { name: 'everything', config: { command: process.execPath, args: [everything, 'stdio'] } });
  await waitFor(() => h.core.host.tools('everything').some((t) => t.name === 'trigger-elicitation-request'), 'everything running with its elicitation tool');
  return { h, asked, settled };
}

const text = (r: { content: Array<{ type: string; text?: string }> }) => r.content.map((c) => c.text ?? '').join('\n');

describe('elicitation', () => {
  it('shows the form with its schema; the answer (defaults filled in) goes back; a wrong answer is refused and the form stays', async () => {
    const { h, asked, settled } = await withEverything();
    const call = h.call('servers.callTool', { server: 'everything', tool: 'trigger-elicitation-request', args: {}, callId: 'e1' });
    await waitFor(() => asked.length === 1, 'the elicitation to reach the user');
    const q = asked[0];
    expect(q.kind).toBe('elicitForm');
    if (q.kind !== 'elicitForm') return;
    expect(q.server).toBe('everything');
    expect(Object.keys(q.requestedSchema.properties as object)).toContain('email');
    expect((await h.call('servers.clientRequests', {})).requests.map((r) => r.id)).toEqual([q.id]);
    // A wrong answer is refused with the reason; the request keeps waiting.
    await expect(h.call('servers.answerClientRequest', { id: q.id, answer: { action: 'accept', content: { name: 'Ada', email: 'not-an-email' } } })).rejects.toThrow(
      'The answer does not fit what everything asked for: "email" must be an email address.',
    );
    await expect(h.call('servers.answerClientRequest', { id: q.id, answer: { action: 'accept', content: { firstLine: 'x' } } })).rejects.toThrow('"name" is required');
    await h.call('servers.answerClientRequest', { id: q.id, answer: { action: 'accept', content: { name: 'Ada Lovelace', integer: 42, untitledSingleSelectEnum: 'Monica' } } });
    const r = await call;
    expect(text(r)).toContain('Ada Lovelace');
    expect(settled).toEqual([q.id]);
    expect((await h.call('servers.clientRequests', {})).requests).toEqual([]);
  }, 90_000);

  it('decline and cancel reach the server as such; a server that stops withdraws its question', async () => {
    const { h, asked, settled } = await withEverything();
    const declined = h.call('servers.callTool', { server: 'everything', tool: 'trigger-elicitation-request', args: {}, callId: 'e2' });
    await waitFor(() => asked.length === 1, 'first question');
    await h.call('servers.answerClientRequest', { id: asked[0].id, answer: { action: 'decline' } });
    expect(text(await declined)).toMatch(/declin/i);
    const cancelled = h.call('servers.callTool', { server: 'everything', tool: 'trigger-elicitation-request', args: {}, callId: 'e3' });
    await waitFor(() => asked.length === 2, 'second question');
    await h.call('servers.answerClientRequest', { id: asked[1].id, answer: { action: 'cancel' } });
    expect(text(await cancelled)).toMatch(/cancel/i);
    // Answering an old question says so.
    await expect(h.call('servers.answerClientRequest', { id: asked[1].id, answer: { action: 'cancel' } })).rejects.toThrow('already answered');
    // A server that stops withdraws its question: the dialog closes everywhere.
    const withdrawn = h.call('servers.callTool', { server: 'everything', tool: 'trigger-elicitation-request', args: {}, callId: 'e4' }).catch((e: Error) => e.message);
    await waitFor(() => asked.length === 3, 'third question');
    await h.call('servers.stop', { name: 'everything' });
    await withdrawn;
    await waitFor(() => settled.includes(asked[2].id), 'the withdrawn question to settle');
    expect((await h.call('servers.clientRequests', {})).requests).toEqual([]);
  }, 90_000);
});

describe('sampling', () => {
  it('asks, sends to the configured model, shows the answer for review, and returns the reviewed text', async () => {
    const fake = await startFakeAnthropic();
    cleanups.push(() => fake.close());
    const { h, asked } = await withEverything({ ANTHROPIC_API_KEY: 'sk-ant-sampling-secret', ANTHROPIC_BASE_URL: fake.url });
    fake.enqueue(anthropicStream({ content: [{ type: 'text', text: 'Ledger balances: 3 open items.' }], stop_reason: 'end_turn' }));
    const call = h.call('servers.callTool', { server: 'everything', tool: 'trigger-sampling-request', args: { prompt: 'Summarise the ledger', maxTokens: 200 }, callId: 's1' });
    await waitFor(() => asked.length === 1, 'the sampling request');
    const q = asked[0];
    expect(q.kind).toBe('sampling');
    if (q.kind !== 'sampling') return;
    expect(q.messages[0].text).toContain('Summarise the ledger');
    expect(q.maxTokens).toBe(200);
    expect(fake.requests).toHaveLength(0); // nothing sent before approval
    await h.call('servers.answerClientRequest', { id: q.id, answer: { action: 'accept' } });
    await waitFor(() => asked.length === 2, 'the answer to review');
    const review = asked[1];
    expect(review).toMatchObject({ kind: 'samplingReview', text: 'Ledger balances: 3 open items.' });
    expect(fake.requests).toHaveLength(1);
    expect(JSON.stringify(fake.requests[0].body)).toContain('Summarise the ledger');
    await h.call('servers.answerClientRequest', { id: review.id, answer: { action: 'accept', text: 'Ledger balances: 3 open items (checked).' } });
    const r = await call;
    expect(text(r)).toContain('Ledger balances: 3 open items (checked).');
    // The key never goes to the server or the renderer.
    expect(JSON.stringify(asked)).not.toContain('sk-ant-sampling-secret');
    expect(JSON.stringify(h.core.host.history('everything'))).not.toContain('sk-ant-sampling-secret');
  }, 90_000);

  it('"never" refuses without asking; "always" sends without asking; no model configured is a clear refusal', async () => {
    const fake = await startFakeAnthropic();
    cleanups.push(() => fake.close());
    const { h, asked } = await withEverything({ ANTHROPIC_API_KEY: 'sk-ant-x', ANTHROPIC_BASE_URL: fake.url });
    await h.call('servers.setSamplingPolicy', { server: 'everything', policy: 'never' });
    expect(h.core.host.get('everything')?.samplingPolicy).toBe('never');
    const never = await h.call('servers.callTool', { server: 'everything', tool: 'trigger-sampling-request', args: { prompt: 'hi', maxTokens: 10 }, callId: 's2' }).then(text, (e: Error) => e.message);
    expect(never).toContain('sampling is set to "never" for this server');
    await h.call('servers.setSamplingPolicy', { server: 'everything', policy: 'always' });
    fake.enqueue(anthropicStream({ content: [{ type: 'text', text: 'straight through' }], stop_reason: 'end_turn' }));
    const always = await h.call('servers.callTool', { server: 'everything', tool: 'trigger-sampling-request', args: { prompt: 'hi', maxTokens: 10 }, callId: 's3' });
    expect(text(always)).toContain('straight through');
    expect(asked).toEqual([]);
  }, 90_000);

  it('without a configured model the server gets a clear refusal', async () => {
    const { h, asked } = await withEverything({ ANTHROPIC_API_KEY: '' });
    const r = await h.call('servers.callTool', { server: 'everything', tool: 'trigger-sampling-request', args: { prompt: 'hi', maxTokens: 10 }, callId: 's4' }).then(text, (e: Error) => e.message);
    expect(r).toContain('No model is configured in Kalla (Settings → Assistant)');
    expect(asked).toEqual([]);
  }, 90_000);
});
