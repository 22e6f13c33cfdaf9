/**
 * "Reconcile march_bank.csv against march_invoices.csv and tell me what didn't
 * match", carried out by the Assistant through the app-tools server and the
 * real ReconcileService (real DuckDB, real kalla-recon), with the fake
 * Anthropic API scripting the model.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssistantState } from '../../src/shared/contract/assistant';
import { anthropicStream, startFakeAnthropic } from '../fixtures/fake-providers/anthropic';
import type { FakeProviderServer } from '../fixtures/fake-providers/server';
import { reconFiles } from '../reconcile/workspace/data';
import { startHarness, type Harness } from './coreHarness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const use = (id: string, name: string, input: Record<string, unknown> = {}) => ({ type: 'tool_use' as const, id, name: `kalla-app__${name}`, input });
const tools = (s: AssistantState) => s.entries.filter((e) => e.kind === 'tool');

async function setup(): Promise<{ h: Harness; fake: FakeProviderServer; id: string }> {
  const fake = await startFakeAnthropic();
  cleanups.push(() => fake.close());
  // engineMode local: the recon server answers offline, so the fake only scripts the Assistant.
  const h = await startHarness({ ANTHROPIC_API_KEY: 'dummy', ANTHROPIC_BASE_URL: fake.url }, { withFixture: false });
  cleanups.push(() => h.dispose());
  await h.call('settings.update', { engineMode: 'local' });
  const files = reconFiles(24);
  writeFileSync(join(h.dir, 'march_bank.csv'), files.bank);
  writeFileSync(join(h.dir, 'march_invoices.csv'), files.invoices);
  const ws = await h.call('reconcile.create', { name: 'March' });
  await h.call('reconcile.addSourcePath', { id: ws.id, side: 'left', path: join(h.dir, 'march_bank.csv') });
  await h.call('reconcile.addSourcePath', { id: ws.id, side: 'right', path: join(h.dir, 'march_invoices.csv') });
  return { h, fake, id: ws.id };
}

/** Answers each confirmation card as it appears, recording what was asked. */
function answerCards(h: Harness, scope: string, answer: (tool: string) => boolean) {
  const asked: Array<{ tool: string; finalizing: boolean; reason: string }> = [];
  const seen = new Set<string>();
  h.core.subscribe((name, payload) => {
    if (name !== 'assistant.changed') return;
    const s = payload as AssistantState;
    if (s.scope !== scope) return;
    for (const p of s.pending) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      asked.push({ tool: p.tool, finalizing: p.finalizing, reason: p.reason });
      void h.call('assistant.confirm', { confirmationId: p.id, approve: answer(p.tool) });
    }
  });
  return asked;
}

describe('Assistant reconciles through the app tools', () => {
  it('is refused a run before the mapping is confirmed (without asking), then maps, runs with approval and reports what did not match', async () => {
    const { h, fake, id } = await setup();
    fake.enqueue(
      anthropicStream({ content: [use('t1', 'reconcile_run')], stop_reason: 'tool_use' }),
      anthropicStream({ content: [use('t2', 'reconcile_detect_mappings')], stop_reason: 'tool_use' }),
      anthropicStream({ content: [use('t3', 'reconcile_confirm_mappings')], stop_reason: 'tool_use' }),
      anthropicStream({ content: [use('t4', 'reconcile_run')], stop_reason: 'tool_use' }),
      anthropicStream({ content: [use('t5', 'reconcile_results', { category: 'unmatched_left' }), use('t6', 'reconcile_results', { category: 'unmatched_right' })], stop_reason: 'tool_use' }),
      anthropicStream({ content: [{ type: 'text', text: 'Done. Not matched: the Stripe payout and the bank fee in the bank file, and INV-1024 in the invoices.' }], stop_reason: 'end_turn' }),
    );
    const asked = answerCards(h, 'reconcile', () => true);
    const final = await h.turn('reconcile', "Reconcile march_bank.csv against march_invoices.csv and tell me what didn't match");

    // The premature run was refused by the readiness gate, with a message the model can act on, and nobody was asked.
    const t = tools(final);
    expect(t[0]).toMatchObject({ tool: 'reconcile_run', status: 'refused', result: expect.stringContaining('mapping is not confirmed yet') });
    expect(JSON.stringify(fake.requests[1].body)).toContain('call reconcile_confirm_mappings; a run refuses until then');
    // Changing tools asked; the run asked as a finalizing tool; the result listings ran on their own.
    expect(asked.map((a) => [a.tool, a.finalizing])).toEqual([
      ['reconcile_detect_mappings', false],
      ['reconcile_confirm_mappings', false],
      ['reconcile_run', true],
    ]);
    expect(t.map((e) => [e.tool, e.status, e.approval?.by])).toEqual([
      ['reconcile_run', 'refused', undefined],
      ['reconcile_detect_mappings', 'done', 'user'],
      ['reconcile_confirm_mappings', 'done', 'user'],
      ['reconcile_run', 'done', 'user'],
      ['reconcile_results', 'done', 'auto'],
      ['reconcile_results', 'done', 'auto'],
    ]);
    expect(t[3].result).toMatch(/Run 1 \(completed\)/);
    expect(t[4].result).toContain('Stripe payout');
    expect(t[5].result).toContain('INV-1024');

    // The workspace itself shows the run, exactly as if the user had pressed Run.
    const ws = await h.call('reconcile.get', { id });
    expect(ws.mapping?.confirmed).toBe(true);
    expect(ws.last_run_id).toBe(1);
    const summary = await h.call('reconcile.summary', { id, runId: 1 });
    expect(summary.status).toBe('completed');
    expect(summary.matched_groups).toBeGreaterThan(15);
  });

  it('keeps asking for finalizing tools even when the user allowed the whole server, and refuses another workspace', async () => {
    const { h, fake, id } = await setup();
    await h.call('settings.update', { toolPolicy: { servers: { 'kalla-app': 'always' }, tools: {} } });
    fake.enqueue(
      anthropicStream({ content: [use('t1', 'reconcile_detect_mappings'), use('t2', 'reconcile_confirm_mappings'), use('t3', 'reconcile_status', { workspace_id: 'not-this-one' })], stop_reason: 'tool_use' }),
      anthropicStream({ content: [use('t4', 'reconcile_run')], stop_reason: 'tool_use' }),
      anthropicStream({ content: [{ type: 'text', text: 'Understood, I did not run it.' }], stop_reason: 'end_turn' }),
    );
    const asked = answerCards(h, 'reconcile', () => false);
    const final = await h.turn('reconcile', 'Map and run it');
    expect(asked.map((a) => a.tool)).toEqual(['reconcile_run']);
    expect(asked[0].reason).toContain('finalizes a result');
    const t = tools(final);
    expect(t.map((e) => [e.tool, e.status, e.approval?.by, e.approval?.decision])).toEqual([
      ['reconcile_detect_mappings', 'done', 'auto', 'approved'],
      ['reconcile_confirm_mappings', 'done', 'auto', 'approved'],
      ['reconcile_status', 'refused', undefined, undefined],
      ['reconcile_run', 'refused', 'user', 'declined'],
    ]);
    expect(t[2].result).toContain(`acts on the active reconcile workspace ("${id}") only`);
    expect((await h.call('reconcile.get', { id })).runs).toEqual([]);
  });
});
