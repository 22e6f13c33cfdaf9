/**
 * Whatever a client sends, the local engines answer quickly and never throw:
 * random word soup, odd punctuation, unknown columns, empty samples.
 */
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFieldMappingsLocal, parseNlFilterLocal, suggestMatchRulesLocal } from '../../src/engines/recon-local';
import { FakeAnthropic } from '../fixtures/fake-anthropic';
import { bankSchema, confirmedMappings, ledgerSchema } from './helpers';

/** Deterministic pseudo-random generator so failures reproduce. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const VOCAB = [
  'amount', 'over', 'under', 'between', 'and', 'or', 'not', 'from', 'since', 'last', 'month', 'Q3', '2025', '$1.5k', '€', '500', ',', ';',
  'description', 'contains', 'is', 'empty', 'bank', 'ledger', 'only', '"quoted', "it's", '15/01/2026', '01.12.2025', '>=', '<', '=', 'between',
  'starts', 'with', 'yesterday', 'in', 'EUR', 'excluding', 'negative', 'reference', 'memo', '1,000', '-', '(', ')', 'ü', 'Ωmega', '2m', 'k',
];

describe('local engines under arbitrary input', () => {
  it('parse every random sentence without throwing, quickly', () => {
    const next = rng(42);
    const started = Date.now();
    for (let n = 0; n < 2000; n++) {
      const len = 1 + Math.floor(next() * 12);
      const words = Array.from({ length: len }, () => VOCAB[Math.floor(next() * VOCAB.length)]);
      const text = words.join(next() < 0.5 ? ' ' : '');
      const out = parseNlFilterLocal({ text, schema_a: bankSchema, schema_b: ledgerSchema, current_mappings: confirmedMappings, today: '2026-02-15' });
      for (const f of out.filters) {
        expect(['bank', 'ledger']).toContain(f.source);
        expect([...bankSchema.columns, ...ledgerSchema.columns].map((c) => c.name)).toContain(f.column);
      }
    }
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('ignores mappings that point at columns that do not exist', () => {
    const out = parseNlFilterLocal({
      text: 'amount over 5',
      schema_a: bankSchema,
      schema_b: ledgerSchema,
      current_mappings: [{ field_a: 'amount', field_b: 'ghost', confidence: 1, reason: '' }],
    });
    expect(out.filters.every((f) => f.column !== 'ghost')).toBe(true);
  });

  it('handles odd sample values (nulls, objects, huge numbers, mixed types)', () => {
    const weird = [{ amount: null, booking_date: 'not a date', description: { nested: true }, reference: 1e308 }, { amount: '1.234,56', booking_date: '31/02/2025', description: '', reference: '' }];
    expect(() => detectFieldMappingsLocal({ schema_a: bankSchema, schema_b: ledgerSchema, sample_a: weird, sample_b: [] })).not.toThrow();
    expect(() => suggestMatchRulesLocal({ schema_a: bankSchema, schema_b: ledgerSchema, mappings: confirmedMappings, sample_a: weird, sample_b: weird as never })).not.toThrow();
  });
});

describe('fake Anthropic server', () => {
  let fake: FakeAnthropic;
  beforeAll(async () => {
    fake = await FakeAnthropic.start();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('speaks SSE streaming well enough for the real SDK', async () => {
    fake.enqueue(FakeAnthropic.toolUse('report', { ok: true }));
    const client = new Anthropic({ apiKey: 'k', baseURL: fake.url, maxRetries: 0 });
    const stream = client.messages.stream({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] });
    const final = await stream.finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'tool_use', name: 'report', input: { ok: true } });
    expect(fake.messageRequests.at(-1)!.body.stream).toBe(true);
  });

  it('answers 500 with a clear message when no reply was scripted', async () => {
    const client = new Anthropic({ apiKey: 'k', baseURL: fake.url, maxRetries: 0 });
    await expect(client.messages.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow(/no scripted reply/);
  });
});
