/**
 * The LLM path of explore_trino_views over real stdio with a real JVM: the real
 * Anthropic SDK talks to a loopback fake that scripts Claude's tool choices;
 * the tools run on the engine. Auto mode falls back to the deterministic answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExploreResult } from '../../src/shared/lineage';
import { FakeAnthropic } from '../fixtures/fake-anthropic';
import { startServer, textOf, type Running } from './harness';

let fake: FakeAnthropic;
let s: Running;

beforeAll(async () => {
  fake = await FakeAnthropic.start();
  s = await startServer({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url, KALLA_ENGINE: 'auto', VIEWMAPPER_CONNECTION: undefined, VIEWMAPPER_JAR: undefined });
}, 60_000);
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

describe('explore_trino_views with an LLM configured', () => {
  it('lets the model choose engine tools, feeds it their real results, and shows the engine diagram', async () => {
    fake.enqueue(
      FakeAnthropic.toolUse('impact_of', { name: 'fact_orders' }),
      FakeAnthropic.toolUse('generate_mermaid', { focus: 'fact_orders', upstream_depth: 0 }),
      FakeAnthropic.text('Five views depend on fact_orders, top_customers the farthest.\n```mermaid\ngraph TB\n  a-->b\n```'),
    );
    const before = fake.messageRequests.length;
    const r = await s.call('explore_trino_views', { query: 'what breaks if I change fact_orders?', session_id: 'llm' });
    expect(r.isError).toBeFalsy();
    const sc = r.structuredContent as ExploreResult;
    expect(sc.engine).toBe('llm');
    expect(sc.tools_used).toEqual(['impact_of', 'generate_mermaid']);
    expect(sc.answer).toBe('Five views depend on fact_orders, top_customers the farthest.');
    // The diagram is the engine's, not the one the model wrote.
    expect(sc.mermaid).toContain('n_fact_orders');
    expect(sc.mermaid).not.toContain('a-->b');
    expect(textOf(r)).toMatch(/```mermaid\ngraph TB\n[\s\S]*n_customer_lifetime_value/);
    const reqs = fake.messageRequests.slice(before);
    expect(reqs).toHaveLength(3);
    expect(reqs[0].body.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['explain', 'impact_of', 'generate_mermaid', 'get_view_sql']));
    // The model saw the engine's real answer to impact_of.
    const toolResult = JSON.stringify(reqs[1].body.messages.at(-1));
    expect(toolResult).toContain('customer_orders');
    expect(toolResult).toContain('\\"count\\":5');
  });

  it('passes the session history to the model as earlier turns', async () => {
    fake.enqueue(FakeAnthropic.text('It is read by daily_revenue too.'));
    const before = fake.messageRequests.length;
    await s.call('explore_trino_views', { query: 'and which of those are daily?', session_id: 'llm' });
    const msgs = fake.messageRequests[before].body.messages as Array<{ role: string; content: unknown }>;
    expect(msgs.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(msgs[0].content).toBe('what breaks if I change fact_orders?');
  });

  it('tells the model about engine errors so it can correct itself', async () => {
    fake.enqueue(FakeAnthropic.toolUse('get_view_sql', { name: 'custmer_orders' }), FakeAnthropic.text('There is no view named custmer_orders.'));
    const before = fake.messageRequests.length;
    const r = await s.call('explore_trino_views', { query: 'sql of custmer_orders', session_id: 'x' });
    expect((r.structuredContent as ExploreResult).engine).toBe('llm');
    const last = fake.messageRequests[before + 1].body.messages.at(-1).content[0];
    expect(last).toMatchObject({ type: 'tool_result', is_error: true });
    expect(last.content).toContain("no view or table named 'custmer_orders'");
  });

  it('falls back to the deterministic engine in auto mode when Claude fails, and says why', async () => {
    fake.enqueue(FakeAnthropic.error(500, 'api_error', 'boom'));
    const r = await s.call('explore_trino_views', { query: 'what depends on dim_customers', session_id: 'fb' });
    expect(r.isError).toBeFalsy();
    const sc = r.structuredContent as ExploreResult;
    expect(sc.engine).toBe('deterministic');
    expect(sc.fallback_reason).toMatch(/500/);
    expect(sc.answer).toMatch(/depend on dim_customers/);
  });

  it('answers deterministically when asked to, without calling Claude', async () => {
    const before = fake.messageRequests.length;
    const r = await s.call('explore_trino_views', { query: 'leaf views', engine: 'deterministic' });
    expect((r.structuredContent as ExploreResult).engine).toBe('deterministic');
    expect(fake.messageRequests.length).toBe(before);
  });

  it('fails clearly in llm mode when Claude fails', async () => {
    fake.enqueue(FakeAnthropic.error(401, 'authentication_error', 'invalid x-api-key'));
    const r = await s.call('explore_trino_views', { query: 'leaf views', engine: 'llm' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^❌ ViewMapper Error:\nClaude could not answer: .*401/);
  });
});
