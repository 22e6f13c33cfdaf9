/**
 * The Assistant end to end below the UI: the real core and dispatcher, the
 * real McpHost with the built-in kalla-recon server and a fixture user server,
 * the in-process app-tools server, and each provider's loopback fake.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssistantState } from '../../src/shared/contract/assistant';
import { anthropicError, anthropicStream, startFakeAnthropic } from '../fixtures/fake-providers/anthropic';
import { geminiResponse, startFakeGemini } from '../fixtures/fake-providers/gemini';
import { openAICompletion, startFakeOpenAI } from '../fixtures/fake-providers/openai';
import type { FakeProviderServer } from '../fixtures/fake-providers/server';
import { bankSchema, ledgerSchema, startHarness, type Harness } from './coreHarness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(kind: 'anthropic' | 'openai' | 'gemini', opts: { withFixture?: boolean } = {}): Promise<{ h: Harness; fake: FakeProviderServer }> {
  const fake = kind === 'anthropic' ? await startFakeAnthropic() : kind === 'openai' ? await startFakeOpenAI() : await startFakeGemini();
  cleanups.push(() => fake.close());
  const env = kind === 'anthropic' ? { ANTHROPIC_API_KEY: 'sk-ant-secret-123', ANTHROPIC_BASE_URL: fake.url } : {};
  const h = await startHarness(env, opts);
  cleanups.push(() => h.dispose());
  if (kind === 'openai') {
    await h.call('settings.update', { provider: 'openai', providers: { openai: { model: 'gpt-test', baseUrl: `${fake.url}/v1` } } });
    await h.call('settings.setApiKey', { provider: 'openai', key: 'sk-openai-secret-456' });
  }
  if (kind === 'gemini') {
    await h.call('settings.update', { provider: 'gemini', providers: { gemini: { model: 'gemini-test', baseUrl: `${fake.url}/v1beta` } } });
    await h.call('settings.setApiKey', { provider: 'gemini', key: 'gm-secret-789' });
  }
  return { h, fake };
}

const detectArgs = { schema_a: bankSchema, schema_b: ledgerSchema, engine: 'local' };
const tools = (s: AssistantState) => s.entries.filter((e) => e.kind === 'tool');
const answerWhenAsked = (h: Harness, scope: string, approve: boolean) =>
  h.next(scope, (s) => s.pending.length > 0).then(async (s) => {
    const p = s.pending[0];
    await h.call('assistant.confirm', { confirmationId: p.id, approve });
    return p;
  });

/** What the model was sent as tool results, whatever the wire format. */
const bodyText = (fake: FakeProviderServer, i: number) => JSON.stringify(fake.requests[i].body);

describe('Assistant through the real core (Anthropic, streaming)', () => {
  it('runs a multi-step turn: read-only built-ins run, a user-server tool asks and runs once approved', async () => {
    const { h, fake } = await setup('anthropic');
    fake.enqueue(
      anthropicStream({
        content: [
          { type: 'text', text: 'Let me look at the columns and the servers.' },
          { type: 'tool_use', id: 'toolu_1', name: 'kalla-recon__detect_field_mappings', input: detectArgs },
          { type: 'tool_use', id: 'toolu_2', name: 'kalla-app__list_servers', input: {} },
        ],
        stop_reason: 'tool_use',
      }),
      anthropicStream({ content: [{ type: 'tool_use', id: 'toolu_3', name: 'demo__echo', input: { text: 'mapped 3 columns' } }], stop_reason: 'tool_use' }),
      anthropicStream({ content: [{ type: 'text', text: 'All three columns map one-to-one: booking_date → posting_date, amount → total, reference → invoice_no.' }], stop_reason: 'end_turn' }),
    );
    const deltas: string[] = [];
    h.core.subscribe((name, p) => name === 'assistant.delta' && deltas.push((p as { delta: string }).delta));
    const asked = answerWhenAsked(h, 'assistant', true);
    const final = await h.turn('assistant', 'Which columns of bank match ledger?');

    const p = await asked;
    expect(p).toMatchObject({ server: 'demo', tool: 'echo', arguments: { text: 'mapped 3 columns' }, finalizing: false });
    expect(p.reason).toContain('your server "demo"');

    expect(final.step).toBe(3);
    expect(final.maxSteps).toBe(12);
    expect(final.pending).toEqual([]);
    const t = tools(final);
    expect(t.map((e) => [e.server, e.tool, e.status, e.approval?.by, e.approval?.decision])).toEqual([
      ['kalla-recon', 'detect_field_mappings', 'done', 'auto', 'approved'],
      ['kalla-app', 'list_servers', 'done', 'auto', 'approved'],
      ['demo', 'echo', 'done', 'user', 'approved'],
    ]);
    expect(t[0].result).toContain('booking_date → posting_date');
    expect(t[1].result).toMatch(/demo \(user, running, \d+ tools\)/);
    const last = final.entries.at(-1)!;
    expect(last).toMatchObject({ kind: 'assistant', text: expect.stringContaining('map one-to-one') });
    // Text was streamed in pieces (7-char chunks from the fake).
    expect(deltas.join('')).toContain('Let me look at the columns');
    expect(deltas.length).toBeGreaterThan(5);

    // The model got real results back from the real servers.
    expect(fake.requests).toHaveLength(3);
    expect(bodyText(fake, 1)).toContain('booking_date → posting_date');
    expect(bodyText(fake, 2)).toContain('mapped 3 columns');
    // The app-tools server is offered with the other servers' tools, and its instructions reach the system prompt.
    const req0 = fake.requests[0].body as { tools: Array<{ name: string }>; system: unknown };
    expect(req0.tools.map((x) => x.name)).toEqual(expect.arrayContaining(['kalla-app__list_servers', 'kalla-recon__detect_field_mappings', 'demo__echo']));
    expect(JSON.stringify(req0.system)).toContain('These tools act on Kalla itself');

    // The whole exchange is kept with the workspace, survives a reload, and never contains the key.
    const file = join(h.dir, 'assistant', 'assistant.json');
    const saved = readFileSync(file, 'utf8');
    expect(JSON.parse(saved).messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(saved).toContain('"by": "user"');
    expect(saved).not.toContain('sk-ant-secret-123');
    expect(JSON.stringify(final)).not.toContain('sk-ant-secret-123');
    for (const f of readdirSync(join(h.dir, 'logs'), { recursive: true, encoding: 'utf8' })) {
      const path = join(h.dir, 'logs', f);
      if (statSync(path).isFile()) expect(readFileSync(path, 'utf8')).not.toContain('sk-ant-secret-123');
    }

    const cleared = await h.call('assistant.clear', { scope: 'assistant' });
    expect(cleared.entries).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });

  it('retries a rate limit, then answers', async () => {
    const { h, fake } = await setup('anthropic', { withFixture: false });
    fake.enqueue(
      anthropicError(429, 'rate_limit_error', 'Slow down', { 'retry-after-ms': '5' }),
      anthropicStream({ content: [{ type: 'text', text: 'Here I am.' }], stop_reason: 'end_turn' }),
    );
    const final = await h.turn('servers', 'Hello?');
    expect(fake.requests).toHaveLength(2);
    expect(final.entries.map((e) => e.kind)).toEqual(['user', 'assistant']);
    expect(final.entries[1]).toMatchObject({ text: 'Here I am.' });
  });

  it('is cancelled from the UI while the model is thinking', async () => {
    const { h, fake } = await setup('anthropic', { withFixture: false });
    fake.enqueue({ kind: 'hang' });
    const done = h.next('servers', (s) => !s.running);
    await h.call('assistant.send', { scope: 'servers', text: 'Take your time' });
    await fake.waitForRequests(1);
    await h.call('assistant.cancel', { scope: 'servers' });
    const final = await done;
    await fake.whenClientClosed(0);
    expect(final.entries.at(-1)).toMatchObject({ kind: 'notice', level: 'info', text: expect.stringContaining('Stopped') });
    // The conversation stays usable.
    fake.enqueue(anthropicStream({ content: [{ type: 'text', text: 'Back.' }], stop_reason: 'end_turn' }));
    const again = await h.turn('servers', 'Still there?');
    expect(again.entries.at(-1)).toMatchObject({ kind: 'assistant', text: 'Back.' });
  });
});

describe('Assistant: Stop while a confirmation is waiting', () => {
  it('withdraws the card, runs nothing, records no approval, and the model history stays valid', async () => {
    const { h, fake } = await setup('anthropic');
    fake.enqueue(anthropicStream({ content: [{ type: 'tool_use', id: 'toolu_9', name: 'demo__echo', input: { text: 'never' } }], stop_reason: 'tool_use' }));
    const done = h.next('servers', (s) => !s.running && s.entries.length > 0);
    const asked = h.next('servers', (s) => s.pending.length > 0);
    await h.call('assistant.send', { scope: 'servers', text: 'echo never' });
    const card = (await asked).pending[0];
    await h.call('assistant.cancel', { scope: 'servers' });
    const final = await done;
    expect(final.pending).toEqual([]);
    expect(tools(final)).toEqual([expect.objectContaining({ tool: 'echo', status: 'cancelled' })]);
    expect(tools(final)[0]).not.toHaveProperty('approval');
    await expect(h.call('assistant.confirm', { confirmationId: card.id, approve: true })).rejects.toMatchObject({ code: 'not_found' });
    // The next request carries a complete history (the call has its result) and is accepted.
    fake.enqueue(anthropicStream({ content: [{ type: 'text', text: 'OK, not echoing.' }], stop_reason: 'end_turn' }));
    const again = await h.turn('servers', 'never mind');
    expect(again.entries.at(-1)).toMatchObject({ kind: 'assistant', text: 'OK, not echoing.' });
    expect(JSON.stringify(fake.requests[1].body)).toContain('The user cancelled this call');
  });
});

describe('Assistant through the real core (OpenAI-compatible)', () => {
  it('runs a multi-step turn where the user declines a call; the model is told and answers', async () => {
    const { h, fake } = await setup('openai');
    fake.enqueue(
      openAICompletion({ toolCalls: [{ id: 'call_1', name: 'kalla-recon__detect_field_mappings', arguments: JSON.stringify(detectArgs) }] }),
      openAICompletion({ toolCalls: [{ id: 'call_2', name: 'demo__echo', arguments: JSON.stringify({ text: 'write it down' }) }] }),
      openAICompletion({ content: 'Understood, I did not write anything. amount maps to total.' }),
    );
    const asked = answerWhenAsked(h, 'reconcile', false);
    const final = await h.turn('reconcile', 'Map bank to ledger and note it');
    await asked;
    const t = tools(final);
    expect(t.map((e) => [e.tool, e.status, e.approval?.by, e.approval?.decision])).toEqual([
      ['detect_field_mappings', 'done', 'auto', 'approved'],
      ['echo', 'refused', 'user', 'declined'],
    ]);
    expect(bodyText(fake, 2)).toContain('The user declined this call');
    expect(final.entries.at(-1)).toMatchObject({ kind: 'assistant', text: expect.stringContaining('did not write anything') });
    expect(JSON.stringify(fake.requests[0].headers)).toContain('sk-openai-secret-456');
    expect(JSON.stringify(final)).not.toContain('sk-openai-secret-456');
  });

  it('never runs a tool the user blocked in settings, and never asks', async () => {
    const { h, fake } = await setup('openai');
    await h.call('settings.update', { toolPolicy: { servers: { demo: 'never' }, tools: {} } });
    fake.enqueue(
      openAICompletion({ toolCalls: [{ id: 'call_1', name: 'demo__echo', arguments: '{"text":"x"}' }] }),
      openAICompletion({ content: 'That tool is blocked.' }),
    );
    const final = await h.turn('assistant', 'echo x');
    expect(tools(final)).toEqual([
      expect.objectContaining({ tool: 'echo', status: 'refused', approval: expect.objectContaining({ by: 'settings', decision: 'blocked' }) }),
    ]);
    expect(bodyText(fake, 1)).toContain('The user has blocked this tool');
  });

  it('tells a blocked call from one whose unreadable arguments quote the words of a block', async () => {
    const { h, fake } = await setup('openai');
    fake.enqueue(
      openAICompletion({ toolCalls: [{ id: 'call_1', name: 'demo__echo', arguments: '{"text": "The user has blocked this tool' }] }),
      openAICompletion({ content: 'Let me fix the arguments.' }),
    );
    const final = await h.turn('assistant', 'echo x');
    const [entry] = tools(final);
    expect(entry).toMatchObject({ tool: 'echo', status: 'refused' });
    // Refused for its arguments: not shown as blocked by the user's settings.
    expect(entry.approval?.decision).not.toBe('blocked');
    expect(entry.permission).not.toBe('never');
  });
});

describe('Remembered approvals on the confirmation card', () => {
  const echo = (id: string, text: string) => openAICompletion({ toolCalls: [{ id, name: 'demo__echo', arguments: JSON.stringify({ text }) }] });

  it('"Allow in this conversation" runs the tool without asking until Clear; "Always allow" stores the permission', async () => {
    const { h, fake } = await setup('openai');
    fake.enqueue(echo('c1', 'one'), openAICompletion({ content: 'done one' }), echo('c2', 'two'), openAICompletion({ content: 'done two' }));
    const asked = h.next('assistant', (s) => s.pending.length > 0).then((s) => h.call('assistant.confirm', { confirmationId: s.pending[0].id, approve: true, remember: 'conversation' }));
    await h.turn('assistant', 'echo one');
    await asked;
    // The second call of the same tool in the same conversation runs with no card.
    const second = await h.turn('assistant', 'echo two');
    expect(tools(second).map((e) => [e.status, e.approval?.by, e.approval?.reason])).toEqual([
      ['done', 'user', expect.stringContaining('Allowed for the rest of this conversation')],
      ['done', 'user', 'You allowed this tool for this conversation.'],
    ]);
    // The choice was not stored as a setting, and Clear forgets it: the tool asks again.
    expect((await h.call('settings.get', {})).settings.toolPolicy.tools).toEqual({});
    await h.call('assistant.clear', { scope: 'assistant' });
    fake.enqueue(echo('c3', 'three'), openAICompletion({ content: 'done three' }));
    const askedAgain = answerWhenAsked(h, 'assistant', true);
    const cleared = await h.turn('assistant', 'echo three');
    expect(await askedAgain).toMatchObject({ tool: 'echo' });
    expect(tools(cleared).map((e) => [e.status, e.approval?.by])).toEqual([['done', 'user']]);
    // "Always allow" in another conversation stores the permission; from then on nothing asks.
    fake.enqueue(echo('c4', 'four'), openAICompletion({ content: 'done four' }));
    const always = h.next('reconcile', (s) => s.pending.length > 0).then((s) => h.call('assistant.confirm', { confirmationId: s.pending[0].id, approve: true, remember: 'always' }));
    await h.turn('reconcile', 'echo four');
    await always;
    expect((await h.call('settings.get', {})).settings.toolPolicy.tools).toEqual({ demo: { echo: 'always' } });
    await h.call('assistant.clear', { scope: 'assistant' });
    fake.enqueue(echo('c5', 'five'), openAICompletion({ content: 'done five' }));
    const stored = await h.turn('assistant', 'echo five');
    expect(tools(stored).map((e) => [e.status, e.approval?.by])).toEqual([['done', 'auto']]);
  });

  it('refuses to remember a decline', async () => {
    const { h, fake } = await setup('openai');
    fake.enqueue(echo('c1', 'one'), openAICompletion({ content: 'ok' }));
    const asked = h.next('assistant', (s) => s.pending.length > 0).then(async (s) => {
      await expect(h.call('assistant.confirm', { confirmationId: s.pending[0].id, approve: false, remember: 'always' })).rejects.toMatchObject({ code: 'invalid_input' });
      await h.call('assistant.confirm', { confirmationId: s.pending[0].id, approve: false });
    });
    const final = await h.turn('assistant', 'echo one');
    await asked;
    expect(tools(final).map((e) => e.status)).toEqual(['refused']);
    expect((await h.call('settings.get', {})).settings.toolPolicy.tools).toEqual({});
  });
});

describe('Conversations per Reconcile workspace', () => {
  it('each workspace has its own conversation, and deleting the workspace deletes it', async () => {
    const { h, fake } = await setup('openai', { withFixture: false });
    const march = await h.call('reconcile.create', { name: 'March' });
    const april = await h.call('reconcile.create', { name: 'April' });
    fake.enqueue(openAICompletion({ content: 'March has two files.' }), openAICompletion({ content: 'April is empty.' }));
    await h.turn(`reconcile:${march.id}`, 'what is in March?');
    await h.turn(`reconcile:${april.id}`, 'what is in April?');
    const texts = async (id: string) => (await h.call('assistant.state', { scope: `reconcile:${id}` })).entries.map((e) => ('text' in e ? e.text : ''));
    expect(await texts(march.id)).toEqual(['what is in March?', 'March has two files.']);
    expect(await texts(april.id)).toEqual(['what is in April?', 'April is empty.']);
    const file = join(h.dir, 'assistant', `reconcile--${march.id}.json`);
    expect(existsSync(file)).toBe(true);
    await h.call('reconcile.delete', { id: march.id });
    expect(existsSync(file)).toBe(false);
    expect(await texts(march.id)).toEqual([]);
    expect(await texts(april.id)).toHaveLength(2);
  });
});

describe('Assistant through the real core (Gemini)', () => {
  it('runs a multi-step turn; a gated tool and a call for another workspace are refused with a message the model can act on', async () => {
    const { h, fake } = await setup('gemini', { withFixture: false });
    fake.enqueue(
      geminiResponse({
        parts: [
          { functionCall: { name: 'kalla-app__lineage_diagram', args: {} } },
          { functionCall: { name: 'kalla-app__lineage_status', args: { workspace_id: 'someone-else' } } },
        ],
      }),
      geminiResponse({ parts: [{ functionCall: { name: 'kalla-recon__detect_field_mappings', args: detectArgs } }] }),
      geminiResponse({ parts: [{ text: 'No lineage connection is open yet; the mappings are ready.' }] }),
    );
    const final = await h.turn('lineage', 'Draw the lineage, then map bank to ledger');
    const t = tools(final);
    expect(t.map((e) => [e.tool, e.status])).toEqual([
      ['lineage_diagram', 'refused'],
      ['lineage_status', 'refused'],
      ['detect_field_mappings', 'done'],
    ]);
    expect(t[0].result).toContain('Call lineage_connect first');
    expect(t[1].result).toContain('acts on the active lineage workspace ("lineage") only');
    expect(bodyText(fake, 1)).toContain('Call lineage_connect first');
    expect(bodyText(fake, 2)).toContain('booking_date → posting_date');
    expect(final.step).toBe(3);
    expect(JSON.stringify(fake.requests[0].headers)).toContain('gm-secret-789');
  });
});

describe('Assistant without a provider', () => {
  it('says how to configure one, refuses to send, and the rest of the app keeps working', async () => {
    const h = await startHarness({}, { withFixture: false });
    cleanups.push(() => h.dispose());
    const s = await h.call('assistant.state', { scope: 'assistant' });
    expect(s.provider).toMatchObject({ configured: false, provider: 'none', problem: expect.stringContaining('Settings') });
    await expect(h.call('assistant.send', { scope: 'assistant', text: 'hi' })).rejects.toMatchObject({ code: 'not_configured' });
    await expect(h.call('servers.list', {})).resolves.toBeTruthy();
    // The tools and their effective permissions are listed without a provider too.
    const tools = await h.call('assistant.tools', {});
    const app = tools.servers.find((s) => s.server === 'kalla-app')!;
    expect(app.origin).toBe('builtin');
    expect(app.tools.find((t) => t.name === 'reconcile_status')).toMatchObject({ readOnly: true, permission: 'always', source: 'builtin-read-only' });
    expect(app.tools.find((t) => t.name === 'reconcile_run')).toMatchObject({ finalizing: true, permission: 'ask', source: 'finalizing' });
    await expect(h.call('assistant.confirm', { confirmationId: 'forged', approve: true })).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.call('assistant.state', { scope: '../etc' })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
