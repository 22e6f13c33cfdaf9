/**
 * The data folder and its logs folder are owner-only (0700), also when an older version left them
 * 0755; the files Kalla writes in them are 0600 (issue 29).
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendPrivateFile } from '../../src/main/base/atomic-write';
import { createTestCore, waitForServer } from '../helpers/core';
import { fixture } from '../mcp/helpers';

describe.skipIf(process.platform === 'win32')('data folder permissions', () => {
  it('narrows the data folder and logs folder to 0700 at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kalla-mode-'));
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'logs'), { mode: 0o755 });
    chmodSync(join(dir, 'logs'), 0o755);
    const { core } = await createTestCore({ dataDir: dir, withBuiltins: false });
    try {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, 'logs')).mode & 0o777).toBe(0o700);
    } finally {
      await core.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Every regular file under `dir`, with its permission bits. */
function modes(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, name.name);
      if (name.isDirectory()) walk(p);
      else if (name.isFile()) out[relative(dir, p)] = statSync(p).mode & 0o777;
    }
  };
  walk(dir);
  return out;
}

describe.skipIf(process.platform === 'win32')('private files', () => {
  it('settings.json, workspace state.json, the conversation, server lists and logs are written 0600, and an old 0644 file is narrowed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kalla-files-'));
    // An older version left settings.json 0644.
    writeFileSync(join(dir, 'settings.json'), '{}\n', { mode: 0o644 });
    chmodSync(join(dir, 'settings.json'), 0o644);
    const { core } = await createTestCore({ dataDir: dir, withBuiltins: false, env: { ANTHROPIC_API_KEY: 'sk-test' } });
    try {
      // A provider that cannot be reached: the conversation is saved before the turn fails.
      await core.dispatch('settings.update', { provider: 'anthropic', providers: { anthropic: { baseUrl: 'http://127.0.0.1:9' } } });
      await core.dispatch('reconcile.create', { name: 'March' });
      await core.dispatch('assistant.send', { scope: 'assistant', text: 'hello' });
      await core.dispatch('servers.add', { name: 'fixture', config: fixture('well-behaved') });
      await waitForServer(core, 'fixture').catch(() => undefined);
      await core.host.stop(); // flushes the server's log file
      const found = modes(dir);
      const named = (pattern: RegExp) => Object.entries(found).filter(([path]) => pattern.test(path));
      for (const pattern of [/^settings\.json$/, /state\.json$/, /^mcp-servers\.json$/, /^logs\/fixture\.log$/, /assistant/]) {
        expect(named(pattern).length, `a file matching ${pattern} in ${JSON.stringify(found)}`).toBeGreaterThan(0);
        for (const [path, mode] of named(pattern)) expect([path, mode.toString(8)]).toEqual([path, '600']);
      }
    } finally {
      await core.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('appendPrivateFile creates logs 0600 and narrows one an older version left 0644', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kalla-append-'));
    try {
      await appendPrivateFile(join(dir, 'new.log'), 'a\n');
      writeFileSync(join(dir, 'old.log'), 'x\n', { mode: 0o644 });
      chmodSync(join(dir, 'old.log'), 0o644);
      await appendPrivateFile(join(dir, 'old.log'), 'b\n');
      expect(modes(dir)).toEqual({ 'new.log': 0o600, 'old.log': 0o600 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
