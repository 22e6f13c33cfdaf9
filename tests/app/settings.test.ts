/**
 * Settings and API keys through the real dispatcher: keys go in, only their
 * state comes out; env vars are defaults; the secrets file is private; only
 * built-in servers get the key, in their environment.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core';
import { createTestCore } from '../helpers/core';

const cores: Core[] = [];
async function makeCore(env: NodeJS.ProcessEnv = {}, dataDir?: string) {
  const made = await createTestCore({ env, dataDir, withBuiltins: false });
  cores.push(made.core);
  return made;
}
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
});

describe('settings', () => {
  it('starts offline, with defaults, and says where keys would be kept', async () => {
    const { core } = await makeCore();
    const r = await core.dispatch('settings.get', {});
    expect(r).toMatchObject({
      ok: true,
      value: {
        settings: { provider: 'none', engineMode: 'auto', sampleRows: 5, llmTimeoutMs: 20000 },
        keys: { anthropic: 'not_set', openai: 'not_set', gemini: 'not_set' },
        secretStorage: 'file',
      },
    });
    expect(JSON.stringify(r)).toContain('readable only by your user account');
  });

  it('honours ANTHROPIC_API_KEY, ANTHROPIC_MODEL and ANTHROPIC_BASE_URL as defaults', async () => {
    const { core } = await makeCore({ ANTHROPIC_API_KEY: 'sk-ant-env-1', ANTHROPIC_MODEL: 'claude-test', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/' });
    const r = await core.dispatch('settings.get', {});
    expect(r).toMatchObject({
      ok: true,
      value: { settings: { provider: 'anthropic', providers: { anthropic: { model: 'claude-test', baseUrl: 'http://127.0.0.1:9/' } } }, keys: { anthropic: 'environment' } },
    });
    expect(JSON.stringify(r)).not.toContain('sk-ant-env-1');
    expect(await core.settings.builtinServerEnv()).toMatchObject({ ANTHROPIC_API_KEY: 'sk-ant-env-1', ANTHROPIC_MODEL: 'claude-test', KALLA_ENGINE: 'auto' });
  });

  it('stores a key privately and never returns it', async () => {
    const { core, dir } = await makeCore();
    const r = await core.dispatch('settings.setApiKey', { provider: 'anthropic', key: '  sk-ant-stored-42  ' });
    expect(r).toMatchObject({ ok: true, value: { keys: { anthropic: 'stored' }, settings: { provider: 'anthropic' } } });
    expect(JSON.stringify(r)).not.toContain('sk-ant-stored-42');
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('sk-ant-stored-42');
    expect(await core.settings.apiKey('anthropic')).toBe('sk-ant-stored-42');

    // Local mode sends no key to the built-in servers at all.
    await core.dispatch('settings.update', { engineMode: 'local' });
    expect(await core.settings.builtinServerEnv()).not.toHaveProperty('ANTHROPIC_API_KEY');

    const cleared = await core.dispatch('settings.clearApiKey', { provider: 'anthropic' });
    expect(cleared).toMatchObject({ ok: true, value: { keys: { anthropic: 'not_set' } } });
  });

  it('persists changes and validates them', async () => {
    const { core, dir } = await makeCore();
    const ok = await core.dispatch('settings.update', { sampleRows: 0, providers: { openai: { baseUrl: 'http://127.0.0.1:11434/v1' } } });
    expect(ok).toMatchObject({ ok: true, value: { settings: { sampleRows: 0, providers: { openai: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'gpt-4o-mini' } } } } });
    // Changing the model keeps the base URL (a partial patch must not reset the other field to its default).
    const model = await core.dispatch('settings.update', { providers: { openai: { model: 'llama3.1' } } });
    expect(model).toMatchObject({ ok: true, value: { settings: { providers: { openai: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' } } } } });
    const bad = await core.dispatch('settings.update', { sampleRows: -1 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('sampleRows') } });
    // A restart: one instance per data folder, so the first stops before the second starts.
    cores.splice(cores.indexOf(core), 1);
    await core.dispose();
    const again = await makeCore({}, dir);
    expect(await again.core.settings.get()).toMatchObject({ sampleRows: 0 });
  });

  it('survives a corrupt settings file with defaults and a note', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kalla-settings-'));
    writeFileSync(join(dir, 'settings.json'), '{ not json');
    const { core } = await makeCore({}, dir);
    expect(await core.settings.get()).toMatchObject({ provider: 'none' });
    expect(core.settings.loadProblem).toContain('settings.json could not be read');
    rmSync(dir, { recursive: true, force: true });
  });
});
