/**
 * The built-in kalla-recon server, started by the app's core exactly as the
 * app does (`<node> <cli> mcp recon`), answering through the IPC dispatcher.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core';
import { createTestCore, waitForServer } from '../helpers/core';

let core: Core;
let dir: string;

const waitRunning = (name: string) => waitForServer(core, name);

beforeAll(async () => {
  ({ core, dir } = await createTestCore());
});
afterAll(async () => {
  await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('built-in servers', () => {
  it('lists kalla-recon as a built-in that cannot be edited, and runs it', async () => {
    const view = await waitRunning('kalla-recon');
    expect(view).toMatchObject({ origin: 'builtin', serverInfo: { name: 'kalla-recon' } });
    expect(view.counts.tools).toBeGreaterThanOrEqual(3);
    const edit = await core.dispatch('servers.getConfig', { name: 'kalla-recon' });
    expect(edit).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('answers detect_field_mappings offline through the IPC layer', async () => {
    await waitRunning('kalla-recon');
    const r = await core.dispatch('servers.callTool', {
      server: 'kalla-recon',
      tool: 'detect_field_mappings',
      callId: 'b1',
      args: {
        schema_a: { alias: 'bank', columns: [{ name: 'booking_date', data_type: 'date' }, { name: 'amount', data_type: 'decimal' }, { name: 'reference', data_type: 'varchar' }] },
        schema_b: { alias: 'invoices', columns: [{ name: 'invoice_date', data_type: 'date' }, { name: 'total_amount', data_type: 'decimal' }, { name: 'invoice_no', data_type: 'varchar' }] },
      },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const out = (r.value as { structuredContent: { engine: string; mappings: Array<{ field_a: string; field_b: string }> } }).structuredContent;
    expect(out.engine).toBe('local');
    expect(out.mappings.map((m) => `${m.field_a}=${m.field_b}`).sort()).toEqual(['amount=total_amount', 'booking_date=invoice_date', 'reference=invoice_no']);
  });
});
