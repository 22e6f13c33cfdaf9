/**
 * The real core (dispatcher, McpHost with the built-in servers, a fixture
 * server added as a user server, the AssistantService with its in-process
 * app-tools server) for Assistant tests. The only stand-ins are the loopback
 * fake providers.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src/shared/contract';
import type { AssistantState } from '../../src/shared/contract/assistant';
import type { Core } from '../../src/main/core';
import { createTestCore, ROOT, TSX_LOADER } from '../helpers/core';


export interface Harness {
  core: Core;
  dir: string;
  call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
  /** Resolves with the first `assistant.changed` state (from now on) that satisfies `check`. */
  next(scope: string, check: (s: AssistantState) => boolean): Promise<AssistantState>;
  /** Sends and resolves when the turn has finished. */
  turn(scope: string, text: string, onState?: (s: AssistantState) => void): Promise<AssistantState>;
  dispose(): Promise<void>;
}

export async function startHarness(env: NodeJS.ProcessEnv = {}, opts: { withFixture?: boolean } = {}): Promise<Harness> {
  const { core, dir } = await createTestCore({ env });
  const waiters = new Set<{ scope: string; check: (s: AssistantState) => boolean; resolve: (s: AssistantState) => void }>();
  core.subscribe((name, payload) => {
    if (name !== 'assistant.changed') return;
    const s = payload as AssistantState;
    for (const w of [...waiters]) {
      if (w.scope === s.scope && w.check(s)) {
        waiters.delete(w);
        w.resolve(s);
      }
    }
  });
  const call = async <C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> => {
    const r = await core.dispatch(channel, input);
    if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
    return r.value as ChannelOutput<C>;
  };
  const next = (scope: string, check: (s: AssistantState) => boolean) =>
    new Promise<AssistantState>((resolve) => waiters.add({ scope, check, resolve }));

  const h: Harness = {
    core,
    dir,
    call,
    next,
    async turn(scope, text, onState) {
      const before = (await call('assistant.state', { scope })).entries.length;
      // Finished = not running and the user's message is in (a fast turn may end before send returns).
      const done = next(scope, (s) => {
        onState?.(s);
        return !s.running && s.entries.length > before;
      });
      await call('assistant.send', { scope, text });
      return done;
    },
    async dispose() {
      await core.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await waitFor(() => core.host.get('kalla-recon')?.status === 'running', 'kalla-recon running');
  if (opts.withFixture !== false) {
    await call('servers.add', { name: 'demo', config: { command: process.execPath, args: ['--import', TSX_LOADER, join(ROOT, 'tests/fixtures/servers/well-behaved.ts')] } });
    await waitFor(() => core.host.get('demo')?.status === 'running', 'demo running');
  }
  return h;
}

/** Polls host state that has no event of its own here (server start-up). */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const bankSchema = {
  alias: 'bank',
  columns: [
    { name: 'booking_date', data_type: 'date' },
    { name: 'amount', data_type: 'decimal' },
    { name: 'reference', data_type: 'varchar' },
  ],
};
export const ledgerSchema = {
  alias: 'ledger',
  columns: [
    { name: 'posting_date', data_type: 'date' },
    { name: 'total', data_type: 'decimal' },
    { name: 'invoice_no', data_type: 'varchar' },
  ],
};
