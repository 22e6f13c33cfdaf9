/**
 * Built-in servers get Kalla's settings env (API keys, engine mode) at every
 * spawn; user servers never do.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { McpHost } from '../../src/main/mcp/host';
import { fixture, tempDir, waitFor } from './helpers';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function readEnv(host: McpHost, server: string, name: string): Promise<string | null> {
  const r = await host.callTool(server, 'env', { name });
  const block = r.content[0] as { type: string; text?: unknown };
  return JSON.parse(String(block.text)).value;
}

describe('built-in server environment', () => {
  it('is computed at spawn for built-ins only, so a restart applies new settings', async () => {
    const dir = await tempDir();
    let key = 'sk-first';
    const host = new McpHost({
      dataDir: dir.path,
      builtins: [{ name: 'mine', config: fixture('well-behaved'), spawnEnv: async () => ({ KALLA_TEST_KEY: key }) }],
      spawnEnv: async () => ({ PATH: process.env.PATH ?? '' }),
    });
    cleanups.push(async () => {
      await host.stop();
      await dir.cleanup();
    });
    await host.start();
    await host.addServer('theirs', fixture('well-behaved'));
    await waitFor(() => host.get('mine')?.status === 'running' && host.get('theirs')?.status === 'running', 'both running');

    expect(await readEnv(host, 'mine', 'KALLA_TEST_KEY')).toBe('sk-first');
    expect(await readEnv(host, 'theirs', 'KALLA_TEST_KEY')).toBeNull();

    key = 'sk-second';
    await host.restartServer('mine');
    await waitFor(() => host.get('mine')?.status === 'running', 'mine running again');
    expect(await readEnv(host, 'mine', 'KALLA_TEST_KEY')).toBe('sk-second');
    // And the value never shows in what the renderer sees.
    expect(JSON.stringify(host.list())).not.toContain('sk-second');
  });
});
