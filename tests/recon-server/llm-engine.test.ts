/**
 * The llm path end to end: real server, real @anthropic-ai/sdk, and a loopback
 * fake of the Messages API scripted per test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeAnthropic } from '../fixtures/fake-anthropic';
import { bankSample, bankSchema, call, confirmedMappings, connectInProcess, ledgerSample, ledgerSchema, textOf } from './helpers';

let fake: FakeAnthropic;
let session: Awaited<ReturnType<typeof connectInProcess>> | undefined;

beforeAll(async () => {
  fake = await FakeAnthropic.start();
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
  fake.requests.length = 0;
});

async function connect(extra: NodeJS.ProcessEnv = {}) {
  session = await connectInProcess({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_MODEL: 'claude-test', ...extra });
  return session.client;
}

const goodMappings = {
  mappings: [
    { field_a: 'booking_date', field_b: 'posting_date', confidence: 0.93, reason: 'both booking dates', role: 'date' },
    { field_a: 'amount', field_b: 'total', confidence: 0.9, reason: 'same amounts', role: 'amount' },
    { field_a: 'reference', field_b: 'invoice_no', confidence: 0.97, reason: 'shared invoice numbers', role: 'key' },
  ],
  suggested_filters: [{ type: 'date_range', field_a: 'booking_date', field_b: 'posting_date' }],
};

const detectArgs = { schema_a: bankSchema, schema_b: ledgerSchema, sample_a: bankSample, sample_b: ledgerSample };

describe('llm engine against the fake Messages API', () => {
  it('uses a valid forced tool_use answer and says the llm answered', async () => {
    const client = await connect();
    fake.enqueue(FakeAnthropic.toolUse('report_field_mappings', goodMappings));
    const result = await call(client, 'detect_field_mappings', detectArgs);
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as any;
    expect(out.engine).toBe('llm');
    expect(out.fallback_reason).toBeUndefined();
    expect(out.mappings.map((m: any) => `${m.field_a}->${m.field_b}`)).toEqual(['booking_date->posting_date', 'amount->total', 'reference->invoice_no']);
    expect(out.unmapped_a).toEqual(['description']);
    expect(out.unmapped_b).toEqual(['memo']);

    const [req] = fake.messageRequests;
    // This SDK version sends the key as a bearer token; older ones used x-api-key.
    expect(String(req.headers['x-api-key'] ?? req.headers.authorization)).toMatch(/test-key/);
    expect(req.body.model).toBe('claude-test');
    expect(req.body.tool_choice).toEqual({ type: 'tool', name: 'report_field_mappings' });
    expect(req.body.tools[0].input_schema.type).toBe('object');
    expect(req.body.tools[0].input_schema).not.toHaveProperty('$schema');
    expect(req.body.tools[0].input_schema.properties).toHaveProperty('mappings');
  });

  it('accepts JSON in a fenced text block', async () => {
    const client = await connect();
    const answer = { filters: [{ source: 'bank', column: 'amount', op: 'gt', value: 500 }], explanation: 'bank amounts over 500', unparsed: [] };
    fake.enqueue(FakeAnthropic.text(`Here you go:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``));
    const result = await call(client, 'parse_nl_filter', { text: 'only bank amounts over 500', schema_a: bankSchema, schema_b: ledgerSchema, current_mappings: confirmedMappings, today: '2026-02-15' });
    const out = result.structuredContent as any;
    expect(out.engine).toBe('llm');
    expect(out.filters).toEqual(answer.filters);
    expect(fake.messageRequests).toHaveLength(1);
    expect(fake.messageRequests[0].body.messages[0].content).toContain("Today's date: 2026-02-15");
  });

  it('sends one corrective retry when the first answer is invalid, and uses the corrected one', async () => {
    const client = await connect();
    fake.enqueue(FakeAnthropic.toolUse('report_field_mappings', { mappings: [{ field_a: 'amount', field_b: 'total', confidence: 7, reason: 'x', role: 'money' }] }));
    fake.enqueue(FakeAnthropic.toolUse('report_field_mappings', goodMappings));
    const result = await call(client, 'detect_field_mappings', detectArgs);
    expect((result.structuredContent as any).engine).toBe('llm');
    expect(fake.messageRequests).toHaveLength(2);
    const retry = fake.messageRequests[1].body;
    expect(retry.messages).toHaveLength(3);
    expect(retry.messages[1].role).toBe('assistant');
    const correction = retry.messages[2].content[0];
    expect(correction.type).toBe('tool_result');
    expect(correction.is_error).toBe(true);
    expect(correction.content).toMatch(/does not match the required schema/);
    expect(correction.content).toMatch(/mappings\.0\.(confidence|role)/);
  });

  it('falls back to the local engine with a reason after two invalid answers', async () => {
    const client = await connect();
    fake.enqueue(FakeAnthropic.text('I think amount maps to total.'), FakeAnthropic.text('Still not JSON, sorry.'));
    const result = await call(client, 'detect_field_mappings', detectArgs);
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as any;
    expect(out.engine).toBe('local');
    expect(out.fallback_reason).toMatch(/invalid twice/);
    expect(out.mappings.length).toBeGreaterThan(0);
    expect(fake.messageRequests).toHaveLength(2);
    expect(fake.messageRequests[1].body.messages[2].content).toMatch(/not JSON/);
  });

  it.each([
    [429, 'rate_limit_error', /rate limit/i],
    [529, 'overloaded_error', /overloaded/i],
  ])('falls back on HTTP %i without retrying', async (status, type, reason) => {
    const client = await connect();
    fake.enqueue(FakeAnthropic.error(status, type, 'slow down'));
    const result = await call(client, 'parse_nl_filter', { text: 'amount over 500', schema_a: bankSchema, schema_b: ledgerSchema, current_mappings: confirmedMappings, today: '2026-02-15' });
    const out = result.structuredContent as any;
    expect(out.engine).toBe('local');
    expect(out.fallback_reason).toMatch(reason);
    expect(out.filters).toHaveLength(2);
    // maxRetries 0: exactly one request reached the API.
    expect(fake.messageRequests).toHaveLength(1);
  });

  it('falls back when Claude does not answer within KALLA_LLM_TIMEOUT_MS', async () => {
    const client = await connect({ KALLA_LLM_TIMEOUT_MS: '300' });
    fake.enqueue({ ...FakeAnthropic.toolUse('report_match_rules', { rules: [], explanation: '' }), delayMs: 5_000 });
    const started = Date.now();
    const result = await call(client, 'suggest_match_rules', { schema_a: bankSchema, schema_b: ledgerSchema, mappings: confirmedMappings, sample_a: bankSample, sample_b: ledgerSample });
    expect(Date.now() - started).toBeLessThan(3_000);
    const out = result.structuredContent as any;
    expect(out.engine).toBe('local');
    expect(out.fallback_reason).toMatch(/in time/);
    expect(out.rules[0].id).toBe('exact-key');
  });

  it('drops hallucinated columns and enforces one-to-one, reporting both', async () => {
    const client = await connect();
    fake.enqueue(
      FakeAnthropic.toolUse('report_field_mappings', {
        mappings: [
          { field_a: 'amount', field_b: 'total', confidence: 0.95, reason: 'amounts', role: 'amount' },
          { field_a: 'amount', field_b: 'memo', confidence: 0.6, reason: 'second use of amount', role: 'other' },
          { field_a: 'counterparty_iban', field_b: 'invoice_no', confidence: 0.8, reason: 'invented', role: 'key' },
        ],
        suggested_filters: [],
      }),
    );
    const result = await call(client, 'detect_field_mappings', detectArgs);
    const out = result.structuredContent as any;
    expect(out.engine).toBe('llm');
    expect(out.mappings).toHaveLength(1);
    expect(out.mappings[0]).toMatchObject({ field_a: 'amount', field_b: 'total' });
    expect(out.warnings.join(' ')).toMatch(/no such column bank\.counterparty_iban/);
    expect(out.warnings.join(' ')).toMatch(/mapped only once/);
    expect(textOf(result)).toMatch(/Warning: dropped/);
  });

  it('drops filter conditions whose operator does not fit the column type', async () => {
    const client = await connect();
    fake.enqueue(
      FakeAnthropic.toolUse('report_filters', {
        filters: [
          { source: 'bank', column: 'amount', op: 'gt', value: 500 },
          { source: 'bank', column: 'description', op: 'gt', value: 5 },
          { source: 'ledger', column: 'vendor', op: 'eq', value: 'Acme' },
        ],
        explanation: 'x',
        unparsed: [],
      }),
    );
    const result = await call(client, 'parse_nl_filter', { text: 'amount over 500', schema_a: bankSchema, schema_b: ledgerSchema, today: '2026-02-15' });
    const out = result.structuredContent as any;
    expect(out.filters).toEqual([{ source: 'bank', column: 'amount', op: 'gt', value: 500 }]);
    expect(out.warnings).toHaveLength(2);
    expect(out.warnings.join(' ')).toMatch(/description gt: gt needs a numeric or date column/);
    expect(out.warnings.join(' ')).toMatch(/ledger\.vendor: no such column/);
  });

  it.each([
    [undefined, 5],
    ['2', 2],
  ])('sends at most the allowed sample rows (KALLA_SAMPLE_ROWS=%s)', async (envRows, expected) => {
    const client = await connect(envRows === undefined ? {} : { KALLA_SAMPLE_ROWS: envRows });
    fake.enqueue(FakeAnthropic.toolUse('report_field_mappings', goodMappings));
    await call(client, 'detect_field_mappings', detectArgs);
    const sent: string = fake.messageRequests[0].body.messages[0].content;
    expect(sent).toContain(`Sample rows (${expected})`);
    expect(sent).toContain('INV-1000');
    expect(sent).not.toContain(`INV-${1000 + expected}`);
  });

  it('sends no sample rows at all when max_sample_rows is 0', async () => {
    const client = await connect();
    fake.enqueue(FakeAnthropic.toolUse('report_field_mappings', goodMappings));
    await call(client, 'detect_field_mappings', { ...detectArgs, max_sample_rows: 0 });
    const sent: string = fake.messageRequests[0].body.messages[0].content;
    expect(sent).not.toContain('Sample rows');
    expect(sent).not.toContain('INV-');
  });

  it('engine "llm" reports a failure as an error instead of falling back', async () => {
    const client = await connect();
    fake.enqueue(FakeAnthropic.error(529, 'overloaded_error', 'busy'));
    const result = await call(client, 'parse_nl_filter', { text: 'amount over 500', schema_a: bankSchema, schema_b: ledgerSchema, engine: 'llm' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/llm engine failed: .*overloaded.*engine "auto"/);
  });

  it('engine "local" never calls the API even with a key', async () => {
    const client = await connect();
    const result = await call(client, 'parse_nl_filter', { text: 'amount over 500', schema_a: bankSchema, schema_b: ledgerSchema, engine: 'local' });
    expect((result.structuredContent as any).engine).toBe('local');
    expect(fake.messageRequests).toHaveLength(0);
  });

  it('KALLA_ENGINE=local sets the default engine', async () => {
    const client = await connect({ KALLA_ENGINE: 'local' });
    const result = await call(client, 'detect_field_mappings', detectArgs);
    expect((result.structuredContent as any).engine).toBe('local');
    expect(fake.messageRequests).toHaveLength(0);
  });

  it('answers a repeated question from its cache', async () => {
    const client = await connect();
    fake.enqueue(FakeAnthropic.toolUse('report_field_mappings', goodMappings));
    const first = await call(client, 'detect_field_mappings', detectArgs);
    const second = await call(client, 'detect_field_mappings', detectArgs);
    expect(second.structuredContent).toEqual(first.structuredContent);
    expect(fake.messageRequests).toHaveLength(1);
  });

  it('drops match rules that reference columns that do not exist', async () => {
    const client = await connect();
    fake.enqueue(
      FakeAnthropic.toolUse('report_match_rules', {
        rules: [
          { id: 'r1', name: 'Exact reference', keys: [{ left: 'reference', right: 'invoice_no', normalisers: [{ kind: 'trim' }] }], cardinality: '1:1', auto_confirm: true },
          { id: 'r2', name: 'Ghost', keys: [{ left: 'iban', right: 'invoice_no' }], cardinality: '1:1', auto_confirm: false },
        ],
        explanation: 'reference first',
      }),
    );
    const result = await call(client, 'suggest_match_rules', { schema_a: bankSchema, schema_b: ledgerSchema, mappings: confirmedMappings });
    const out = result.structuredContent as any;
    expect(out.engine).toBe('llm');
    expect(out.rules.map((r: any) => r.id)).toEqual(['r1']);
    expect(out.warnings[0]).toMatch(/bank\.iban/);
  });
});
