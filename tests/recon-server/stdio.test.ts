/**
 * The server as clients run it: a child process over stdio, driven by the SDK
 * client, with no API key in its environment (so auto mode answers locally).
 */
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAnthropic } from '../fixtures/fake-anthropic';
import { bankSample, bankSchema, confirmedMappings, ledgerSample, ledgerSchema, textOf } from './helpers';
import { EXCEPTION_REASONS } from '../../src/shared/reconcile/sources-and-runs';

const absPath = (p: string) => resolve(__dirname, '../..', p);

let client: Client;
let readStderr: () => string = () => '';

/** Spawn the server the way MCP hosts do, with an environment free of any API key. */
async function spawnServer(extraEnv: Record<string, string> = {}): Promise<{ client: Client; stderr: () => string }> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('ANTHROPIC_') && !k.startsWith('KALLA_')) env[k] = v;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', absPath('src/servers/recon/bin.ts')],
    env: { ...env, ...extraEnv },
    cwd: absPath('.'),
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const c = new Client({ name: 'recon-stdio-test', version: '0.0.0' });
  await c.connect(transport);
  return { client: c, stderr: () => err };
}

beforeAll(async () => {
  const spawned = await spawnServer();
  client = spawned.client;
  readStderr = spawned.stderr;
}, 60_000);

afterAll(async () => {
  await client?.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

async function expectAlive(): Promise<void> {
  const r = await call('parse_nl_filter', { text: 'amount over 1', schema_a: bankSchema, schema_b: ledgerSchema, current_mappings: confirmedMappings });
  expect(r.isError).toBeFalsy();
}

describe('kalla-recon over stdio', () => {
  it('lists the three tools with input/output schemas and read-only annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['detect_field_mappings', 'parse_nl_filter', 'suggest_match_rules']);
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.outputSchema?.properties).toHaveProperty('engine');
      expect(t.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
      expect(t.description?.length).toBeGreaterThan(40);
    }
    const detect = tools.find((t) => t.name === 'detect_field_mappings')!;
    expect(Object.keys(detect.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['schema_a', 'schema_b', 'sample_a', 'sample_b', 'engine', 'max_sample_rows']));
    expect(detect.inputSchema.required).toEqual(expect.arrayContaining(['schema_a', 'schema_b']));
    const filter = tools.find((t) => t.name === 'parse_nl_filter')!;
    expect(Object.keys(filter.outputSchema?.properties ?? {})).toEqual(expect.arrayContaining(['filters', 'explanation', 'unparsed', 'engine', 'fallback_reason']));
  });

  it('offers guide resources (every exception reason and normaliser explained) and a prompt that names only its own tools', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['kalla-recon://guide/exception-reasons', 'kalla-recon://guide/normalisers']);
    const reasons = ((await client.readResource({ uri: 'kalla-recon://guide/exception-reasons' })).contents[0] as { text: string }).text;
    for (const reason of EXCEPTION_REASONS) expect(reasons).toMatch(new RegExp(`\\| \`${reason}\` \\| \\S`));
    const normalisers = ((await client.readResource({ uri: 'kalla-recon://guide/normalisers' })).contents[0] as { text: string }).text;
    for (const kind of ['trim', 'casefold', 'alnum', 'digits', 'regex', 'date_trunc', 'reference', 'name']) expect(normalisers).toContain(`| \`${kind}\` |`);

    const tools = new Set((await client.listTools()).tools.map((t) => t.name));
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['plan_reconciliation']);
    const got = await client.getPrompt({ name: 'plan_reconciliation', arguments: { left_columns: 'Booking Date, Amount, Reference', right_columns: 'Invoice No, Amount Due, Due Date' } });
    const text = (got.messages[0].content as { text: string }).text;
    expect(text).toContain('Left columns: Booking Date, Amount, Reference');
    const named = [...text.matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)].map((m) => m[0]);
    expect(named.length).toBeGreaterThan(0);
    for (const tool of named) expect(tools.has(tool), tool).toBe(true);
  });

  it('detect_field_mappings answers locally and says why', async () => {
    const r = await call('detect_field_mappings', { schema_a: bankSchema, schema_b: ledgerSchema, sample_a: bankSample, sample_b: ledgerSample });
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as any;
    expect(out.engine).toBe('local');
    expect(out.fallback_reason).toMatch(/ANTHROPIC_API_KEY/);
    const pairs = out.mappings.map((m: any) => `${m.field_a}->${m.field_b}:${m.role}`);
    expect(pairs).toEqual(expect.arrayContaining(['booking_date->posting_date:date', 'amount->total:amount', 'reference->invoice_no:key']));
    expect(textOf(r)).toMatch(/amount → total/);
  });

  it('parse_nl_filter gives one condition per source for a mapped concept', async () => {
    const r = await call('parse_nl_filter', {
      text: 'amounts over $1.5k last month, not ACME and reviewed by Maria',
      schema_a: bankSchema,
      schema_b: ledgerSchema,
      current_mappings: confirmedMappings,
      today: '2026-02-15',
    });
    const out = r.structuredContent as any;
    expect(out.filters).toEqual(
      expect.arrayContaining([
        { source: 'bank', column: 'amount', op: 'gt', value: 1500 },
        { source: 'ledger', column: 'total', op: 'gt', value: 1500 },
        { source: 'bank', column: 'booking_date', op: 'between', value: ['2026-01-01', '2026-01-31'] },
        { source: 'ledger', column: 'posting_date', op: 'between', value: ['2026-01-01', '2026-01-31'] },
      ]),
    );
    expect(out.unparsed).toContain('reviewed by Maria');
    expect(textOf(r)).toMatch(/Not understood: .*reviewed by Maria/);
  });

  it('suggest_match_rules proposes an ordered cascade', async () => {
    const r = await call('suggest_match_rules', { schema_a: bankSchema, schema_b: ledgerSchema, mappings: confirmedMappings, sample_a: bankSample, sample_b: ledgerSample });
    const out = r.structuredContent as any;
    expect(out.rules.map((x: any) => x.id).slice(0, 2)).toEqual(['exact-key', 'normalised-key']);
    expect(out.rules[0]).toMatchObject({ cardinality: '1:1', auto_confirm: true });
    expect(out.rules.at(-1).auto_confirm).toBe(false);
    expect(out.explanation).toMatch(/rule 1/);
  });

  it.each([
    ['detect_field_mappings', { schema_a: bankSchema }, /schema_b/],
    ['detect_field_mappings', { schema_a: { alias: 'x', columns: [] }, schema_b: ledgerSchema }, /at least one column/],
    ['detect_field_mappings', { schema_a: bankSchema, schema_b: { ...ledgerSchema, alias: 'bank' } }, /different aliases/],
    ['parse_nl_filter', { text: '', schema_a: bankSchema, schema_b: ledgerSchema }, /text must not be empty/],
    ['parse_nl_filter', { text: 'x', schema_a: bankSchema, schema_b: ledgerSchema, today: '15/01/2026' }, /ISO date/],
    ['parse_nl_filter', { text: 'x', schema_a: bankSchema, schema_b: ledgerSchema, engine: 'gpt' }, /engine/],
    ['suggest_match_rules', { schema_a: bankSchema, schema_b: ledgerSchema, mappings: [{ field_a: 'amount', field_b: 'amount_eur', confidence: 1, reason: '' }] }, /field_b "amount_eur" is not a column of schema_b/],
    ['suggest_match_rules', { schema_a: bankSchema, schema_b: ledgerSchema, mappings: confirmedMappings, engine: 'llm' }, /needs ANTHROPIC_API_KEY/],
  ])('%s with bad input returns a helpful error and the server stays up (%#)', async (tool, args, message) => {
    const r = await call(tool, args);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(message);
    await expectAlive();
  });

  it('logs only to stderr', () => {
    expect(readStderr()).toMatch(/kalla-recon\] ready on stdio/);
  });
});

describe('kalla-recon over stdio with a key', () => {
  it('reads ANTHROPIC_* from its own environment and answers with the llm', async () => {
    const fake = await FakeAnthropic.start();
    const spawned = await spawnServer({ ANTHROPIC_API_KEY: 'stdio-key', ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_MODEL: 'claude-stdio' });
    try {
      const { tools } = await spawned.client.listTools();
      expect(tools[0].annotations?.openWorldHint).toBe(true);
      fake.enqueue(FakeAnthropic.toolUse('report_filters', { filters: [{ source: 'bank', column: 'amount', op: 'gt', value: 7 }], explanation: 'bank amounts over 7', unparsed: [] }));
      const r = (await spawned.client.callTool({ name: 'parse_nl_filter', arguments: { text: 'bank amounts over 7', schema_a: bankSchema, schema_b: ledgerSchema } })) as CallToolResult;
      expect(r.structuredContent).toMatchObject({ engine: 'llm', filters: [{ source: 'bank', column: 'amount', op: 'gt', value: 7 }] });
      expect(fake.messageRequests[0].body.model).toBe('claude-stdio');
    } finally {
      await spawned.client.close();
      await fake.close();
    }
  }, 60_000);
});
