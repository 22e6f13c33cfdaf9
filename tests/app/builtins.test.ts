/**
 * The built-in kalla-recon server, started by the app's core exactly as the
 * app does (`<node> <cli> mcp recon`), answering through the IPC dispatcher.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { nodePlatform } from '../../src/main/platform-node';

const ROOT = join(import.meta.dirname, '../..');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
let core: Core;
let dir: string;

async function waitRunning(name: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const s = core.host.get(name);
    if (s?.status === 'running') return s;
    if (s?.status === 'error') throw new Error(`${name} failed: ${s.error}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start: ${s?.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-builtins-'));
  core = await createCore({
    paths: { dataDir: dir, logsDir: join(dir, 'logs') },
    platform: nodePlatform(),
    self: { command: process.execPath, args: ['--import', TSX, join(ROOT, 'src/cli/index.ts')], env: {} },
    appVersion: '0.0.0-test',
    spawnEnv: async () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }),
    env: {},
  });
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
