/**
 * The Reconcile store (src/renderer/src/stores/reconcile) against the real core: two tabs, each a
 * store of its own wired to one core's dispatcher, the way browser mode serves two windows. Tab B
 * hears no events (a tab whose connection missed them), so its view goes stale: its change must be
 * refused, not written over tab A's, and B must show main's state afterwards.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core';
import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload } from '../../../src/shared/contract';
import { ApiError } from '../../../src/renderer/src/api/client';
import { createReconcileStore, selectError, selectInterruptedRun, selectWorkspace, type ReconcileWire } from '../../../src/renderer/src/stores/reconcile';
import { createTestCore } from '../../helpers/core';

let core: Core;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-store-tabs-'));
  core = (await createTestCore({ dataDir: dir, withBuiltins: false })).core;
});
afterAll(async () => {
  await core?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** A tab's wire to the core: calls go through the real dispatcher; events only when `hears`. */
function wire(hears: boolean): ReconcileWire {
  const send = async <C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> => {
    const envelope = await core.dispatch(channel, input);
    if (!envelope.ok) throw new ApiError(envelope.error.message, envelope.error.code);
    return envelope.value as ChannelOutput<C>;
  };
  const on = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) =>
    hears
      ? core.subscribe((name: string, payload: unknown) => {
          if (name === event) listener(payload as EventPayload<E>);
        })
      : () => undefined;
  return { send, on };
}

describe('reconcile store: two tabs on one workspace', () => {
  it('refuses the stale tab’s change, reloads it with main’s state, and takes its next change', async () => {
    const a = createReconcileStore(wire(true));
    const b = createReconcileStore(wire(false));
    const offA = a.getState().init();
    const offB = b.getState().init();
    await a.getState().createWorkspace('March');
    const id = a.getState().ws!.id;
    await b.getState().refreshList();
    await b.getState().open(id);
    expect(selectWorkspace(b.getState())?.name).toBe('March');

    await a.getState().act('workspace', 'Renaming…', 'reconcile.rename', { id, name: 'March (bank)' });
    expect((await core.reconcile.get(id)).name).toBe('March (bank)');

    // B still shows "March" and sends the revision it saw.
    const out = await b.getState().act('workspace', 'Renaming…', 'reconcile.rename', { id, name: 'March (cards)' });
    expect(out).toBeUndefined();
    expect(selectError('workspace')(b.getState())).toMatch(/changed in another window or tab/);
    expect((await core.reconcile.get(id)).name).toBe('March (bank)');
    expect(selectWorkspace(b.getState())?.name).toBe('March (bank)');

    // Reloaded, B's next change carries the current revision and is taken.
    b.getState().clearError('workspace');
    await b.getState().act('workspace', 'Renaming…', 'reconcile.rename', { id, name: 'March (cards)' });
    expect(selectError('workspace')(b.getState())).toBeUndefined();
    expect((await core.reconcile.get(id)).name).toBe('March (cards)');
    // A hears main's event and follows.
    await expect.poll(() => a.getState().ws?.name).toBe('March (cards)');
    expect(selectInterruptedRun(a.getState())).toBeUndefined();
    offA();
    offB();
  });
});

describe('reconcile store: one tab, a change while its own load is still writing', () => {
  it('sends a click made as the second file shows from the revision after the proposed mapping', async () => {
    // Loading the second side writes the source (the card shows its rows) and then the proposed
    // mapping. A format picked in between was sent from the revision before the mapping's write and
    // refused as "changed in another window or tab" (e2e next-month, under load).
    const bank = ['Posting Date,Description,Amount', ...Array.from({ length: 12 }, (_, i) => `10/${String(i + 1).padStart(2, '0')}/2026,PAYMENT INV-${i + 1},${(i + 1) * 41.5}`)].join('\n');
    const invoices = ['Invoice,Invoice Date,Total', ...Array.from({ length: 12 }, (_, i) => `INV-${i + 1},2026-10-${String(i + 1).padStart(2, '0')},${(i + 1) * 41.5}`)].join('\n');
    writeFileSync(join(dir, 'bank.csv'), bank);
    writeFileSync(join(dir, 'invoices.csv'), invoices);
    const tab = createReconcileStore(wire(true));
    const off = tab.getState().init();
    await tab.getState().createWorkspace('October');
    const id = tab.getState().ws!.id;
    await tab.getState().act('left', 'Reading…', 'reconcile.addSourcePath', { id, side: 'left', path: join(dir, 'bank.csv') });
    let clicked: Promise<unknown> | undefined;
    const stop = core.subscribe((name: string, payload: unknown) => {
      const p = payload as { kind?: string; state?: { sources: { right: unknown }; mapping: unknown } };
      // The moment the right card has its rows and no mapping has been written yet.
      if (name === 'reconcile.changed' && p.kind === 'state' && p.state?.sources.right && !p.state.mapping && !clicked) {
        clicked = tab.getState().act('left', 'Applying…', 'reconcile.setColumnType', { id, side: 'left', column: 'Posting Date', type: 'date', format: '%m/%d/%Y' });
      }
    });
    await tab.getState().act('right', 'Reading…', 'reconcile.addSourcePath', { id, side: 'right', path: join(dir, 'invoices.csv') });
    expect(clicked).toBeDefined();
    await clicked;
    stop();
    expect(selectError('left')(tab.getState())).toBeUndefined();
    const st = await core.reconcile.get(id);
    expect(st.sources.left?.info.columns.find((c) => c.name === 'Posting Date')).toMatchObject({ type: 'date', format: '%m/%d/%Y' });
    // The detection's write (here its error: this core has no built-in servers) came before the click's.
    expect(st.mapping_error).toMatch(/kalla-recon/);
    expect(st.revision).toBe(4);
    off();
  });
});
