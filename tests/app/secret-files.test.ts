/**
 * Every file holding secrets is readable by its owner only (issue 13, item 4):
 * mcp-servers.json carries servers' tokens in env and headers, secrets.json the
 * API keys. New files are created 0600; files left 0644 by an older version
 * are narrowed when the app starts.
 */
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core';
import { createTestCore } from '../helpers/core';

const modeOf = (path: string) => statSync(path).mode & 0o777;
let cores: Core[] = [];
let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(cores.map((c) => c.dispose()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  cores = [];
  dirs = [];
});

async function start(dataDir: string) {
  const { core } = await createTestCore({ dataDir, withBuiltins: false });
  cores.push(core);
  return core;
}

function freshDir() {
  const d = mkdtempSync(join(tmpdir(), 'kalla-secret-files-'));
  dirs.push(d);
  return d;
}

describe.skipIf(process.platform === 'win32')('files holding secrets', () => {
  it('creates mcp-servers.json 0600 when a server with a token is added, and keeps it 0600 on every save', async () => {
    const dir = freshDir();
    const core = await start(dir);
    const add = await core.dispatch('servers.add', {
      name: 'github',
      config: { command: 'true', env: { GITHUB_TOKEN: 'ghp_secret' }, disabled: true },
    });
    expect(add).toMatchObject({ ok: true });
    const file = join(dir, 'mcp-servers.json');
    expect(modeOf(file)).toBe(0o600);

    const text = JSON.stringify({ mcpServers: { github: { command: 'true', env: { GITHUB_TOKEN: 'ghp_other' }, disabled: true } } });
    expect(await core.dispatch('servers.saveConfigText', { text })).toMatchObject({ ok: true, value: { saved: true } });
    expect(modeOf(file)).toBe(0o600);
  });

  it('creates secrets.json 0600 when a key is saved', async () => {
    const dir = freshDir();
    const core = await start(dir);
    expect(await core.dispatch('settings.setApiKey', { provider: 'anthropic', key: 'sk-ant-secret' })).toMatchObject({ ok: true });
    expect(modeOf(join(dir, 'secrets.json'))).toBe(0o600);
  });

  it('narrows files an older version left readable by others when the app starts', async () => {
    const dir = freshDir();
    const servers = join(dir, 'mcp-servers.json');
    const secrets = join(dir, 'secrets.json');
    writeFileSync(servers, JSON.stringify({ mcpServers: { x: { command: 'true', env: { TOKEN: 't' }, disabled: true } } }));
    writeFileSync(secrets, JSON.stringify({ version: 1, kind: 'file', entries: {} }));
    chmodSync(servers, 0o644);
    chmodSync(secrets, 0o644);
    const core = await start(dir);
    await core.dispatch('settings.get', {});
    expect(modeOf(servers)).toBe(0o600);
    expect(modeOf(secrets)).toBe(0o600);
  });
});
