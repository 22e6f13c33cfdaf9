/**
 * The dispatcher in front of the real handler table and a real McpHost: every
 * input from the renderer is validated before any service sees it.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core';
import { createTestCore } from '../helpers/core';

let core: Core;
let dir: string;

beforeAll(async () => {
  ({ core, dir } = await createTestCore({ withBuiltins: false }));
});
afterAll(async () => {
  await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('dispatch', () => {
  it('answers a valid call with a typed value', async () => {
    const r = await core.dispatch('servers.list', {});
    // The built-in servers (viewmapper, …) are listed; no user server is configured yet.
    expect(r).toMatchObject({ ok: true, value: { problems: [], configPath: join(dir, 'mcp-servers.json') } });
    expect(r.ok && (r.value as { servers: Array<{ origin: string }> }).servers.every((s) => s.origin === 'builtin')).toBe(true);
  });

  it('refuses unknown channels without calling anything', async () => {
    expect(await core.dispatch('fs.readFile', { path: '/etc/passwd' })).toEqual({
      ok: false,
      error: { code: 'unknown_channel', message: 'Unknown channel "fs.readFile".' },
    });
  });

  it('names the bad field when input is invalid', async () => {
    const r = await core.dispatch('servers.add', { name: '../evil', config: { command: '' } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('invalid_input');
    expect(r.error.message).toContain('name: server name may contain letters');
    expect(r.error.message).toContain('config.command: command must not be empty');
  });

  it('refuses extra fields and wrong types', async () => {
    const extra = await core.dispatch('servers.start', { name: 'x', shell: true });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const wrong = await core.dispatch('servers.callTool', { server: 'x', tool: 'y', args: 'rm -rf /', callId: 'c1' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('args') } });
    const badUrl = await core.dispatch('app.openExternal', { url: 'file:///etc/passwd' });
    expect(badUrl).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('turns service errors into messages, never exceptions', async () => {
    const r = await core.dispatch('servers.callTool', { server: 'nope', tool: 'echo', args: {}, callId: 'c2' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/nope/);
  });

  it('keeps secrets out of what the renderer can read, and puts them back on save', async () => {
    const add = await core.dispatch('servers.add', {
      name: 'withkey',
      config: { command: process.execPath, args: ['-e', 'setTimeout(()=>{}, 1e9)'], env: { API_KEY: 'sk-live-123456', MODE: 'dev' }, disabled: true },
    });
    expect(add.ok).toBe(true);
    const cfg = await core.dispatch('servers.getConfig', { name: 'withkey' });
    expect(cfg).toMatchObject({ ok: true, value: { config: { env: { API_KEY: '<hidden: unchanged>', MODE: 'dev' } } } });
    const text = await core.dispatch('servers.configText', {});
    expect(JSON.stringify(text)).not.toContain('sk-live-123456');

    // Saving the masked text back keeps the stored secret.
    if (!text.ok) throw new Error('configText failed');
    const saved = await core.dispatch('servers.saveConfigText', { text: (text.value as { text: string }).text.replace('"dev"', '"prod"') });
    expect(saved).toMatchObject({ ok: true, value: { saved: true, problems: [] } });
    const raw = await core.host.readConfigText();
    expect(JSON.parse(raw).mcpServers.withkey.env).toEqual({ API_KEY: 'sk-live-123456', MODE: 'prod' });

    // And so does an edit through the form.
    const upd = await core.dispatch('servers.update', {
      name: 'withkey',
      config: { command: process.execPath, args: [], env: { API_KEY: '<hidden: unchanged>', EXTRA: '1' }, disabled: true },
    });
    expect(upd.ok).toBe(true);
    expect(JSON.parse(await core.host.readConfigText()).mcpServers.withkey.env).toEqual({ API_KEY: 'sk-live-123456', EXTRA: '1' });
  });

  it('treats header values as write-only: hidden in getConfig, configText and the JSON editor, kept on save', async () => {
    const headers = { Authorization: 'Bearer ghp_header_secret_42', 'X-Team': 'recon-team-7' };
    const add = await core.dispatch('servers.add', { name: 'hosted', config: { url: 'https://mcp.example.com/mcp', type: 'http', headers, args: [], env: {}, disabled: true } });
    expect(add.ok).toBe(true);
    const cfg = await core.dispatch('servers.getConfig', { name: 'hosted' });
    expect(cfg).toMatchObject({ ok: true, value: { config: { headers: { Authorization: '<hidden: unchanged>', 'X-Team': '<hidden: unchanged>' } } } });
    const text = await core.dispatch('servers.configText', {});
    for (const what of [cfg, text]) {
      expect(JSON.stringify(what)).not.toContain('ghp_header_secret_42');
      expect(JSON.stringify(what)).not.toContain('recon-team-7');
    }

    // The JSON editor's text saved back (with another edit) keeps the stored values.
    if (!text.ok) throw new Error('configText failed');
    const edited = (text.value as { text: string }).text.replace('"https://mcp.example.com/mcp"', '"https://mcp2.example.com/mcp"');
    expect(await core.dispatch('servers.saveConfigText', { text: edited })).toMatchObject({ ok: true, value: { saved: true } });
    expect(JSON.parse(await core.host.readConfigText()).mcpServers.hosted).toMatchObject({ url: 'https://mcp2.example.com/mcp', headers });

    // The form: a hidden value is kept, a typed one replaces it, a new header needs a value.
    const upd = await core.dispatch('servers.update', {
      name: 'hosted',
      config: { url: 'https://mcp2.example.com/mcp', type: 'http', headers: { Authorization: '<hidden: unchanged>', 'X-Team': 'ops' }, args: [], env: {}, disabled: true },
    });
    expect(upd.ok).toBe(true);
    expect(JSON.parse(await core.host.readConfigText()).mcpServers.hosted.headers).toEqual({ Authorization: 'Bearer ghp_header_secret_42', 'X-Team': 'ops' });
    const invented = await core.dispatch('servers.update', {
      name: 'hosted',
      config: { url: 'https://mcp2.example.com/mcp', type: 'http', headers: { Cookie: '<hidden: unchanged>' }, args: [], env: {}, disabled: true },
    });
    expect(invented).toMatchObject({ ok: false, error: { message: expect.stringContaining('header Cookie has no stored value') } });
  });
});
