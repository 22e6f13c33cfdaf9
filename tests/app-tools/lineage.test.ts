/**
 * "Open the Kalla e-commerce sample and draw its lineage", carried out by
 * the Assistant: the app tools call the real LineageService, which calls the
 * built-in viewmapper server (a real JVM); the fake Anthropic API plays the model.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AssistantState } from '../../src/shared/contract/assistant';
import { anthropicStream, startFakeAnthropic } from '../fixtures/fake-providers/anthropic';
import { startHarness } from '../assistant/coreHarness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const use = (id: string, name: string, input: Record<string, unknown> = {}) => ({ type: 'tool_use' as const, id, name: `kalla-app__${name}`, input });

describe('Assistant draws a lineage diagram', () => {
  it('opens a connection with approval, draws without asking, and the Lineage workspace has the connection', async () => {
    const fake = await startFakeAnthropic();
    cleanups.push(() => fake.close());
    const h = await startHarness({ ANTHROPIC_API_KEY: 'dummy', ANTHROPIC_BASE_URL: fake.url }, { withFixture: false });
    cleanups.push(() => h.dispose());
    fake.enqueue(
      anthropicStream({ content: [use('t1', 'lineage_status')], stop_reason: 'tool_use' }),
      anthropicStream({ content: [use('t2', 'lineage_connect', { dataset: 'kalla_ecommerce' })], stop_reason: 'tool_use' }),
      anthropicStream({ content: [use('t3', 'lineage_diagram', { focus: 'top_customers', upstream_depth: 2, downstream_depth: 0 })], stop_reason: 'tool_use' }),
      anthropicStream({ content: [{ type: 'text', text: 'Here is what top_customers depends on.' }], stop_reason: 'end_turn' }),
    );
    const asked: string[] = [];
    h.core.subscribe((name, payload) => {
      if (name !== 'assistant.changed') return;
      for (const p of (payload as AssistantState).pending) {
        if (asked.includes(p.id)) continue;
        asked.push(p.id);
        void h.call('assistant.confirm', { confirmationId: p.id, approve: true });
      }
    });
    const final = await h.turn('lineage', 'Open the Kalla e-commerce sample and draw what top_customers depends on');
    const tools = final.entries.filter((e) => e.kind === 'tool');
    expect(tools.map((e) => [e.tool, e.status, e.approval?.by])).toEqual([
      ['lineage_status', 'done', 'auto'],
      ['lineage_connect', 'done', 'user'],
      ['lineage_diagram', 'done', 'auto'],
    ]);
    expect(asked).toHaveLength(1);
    expect(tools[1].result).toMatch(/Connected to kalla_ecommerce: \d+ views/);
    expect(tools[2].mermaid).toMatch(/^(flowchart|graph) /);
    expect(tools[2].mermaid).toContain('top_customers');
    const state = await h.call('lineage.state', {});
    expect(state.connection?.label).toBe('kalla_ecommerce');
  }, 180_000);
});
