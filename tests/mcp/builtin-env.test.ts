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

  it('gets a minimal environment too: no cloud credentials from the login shell, but PATH, JAVA_HOME and its own variables', async () => {
    const dir = await tempDir();
    const host = new McpHost({
      dataDir: dir.path,
      builtins: [{ name: 'mine', config: fixture('well-behaved'), spawnEnv: async () => ({ KALLA_TEST_KEY: 'from-settings' }) }],
      spawnEnv: async () => ({ PATH: process.env.PATH ?? '', AWS_SECRET_ACCESS_KEY: 'aws-secret', GITHUB_TOKEN: 'gh', JAVA_HOME: '/opt/jdk', VIEWMAPPER_JAR: '/opt/vm.jar' }),
    });
    cleanups.push(async () => {
      await host.stop();
      await dir.cleanup();
    });
    await host.start();
    await waitFor(() => host.get('mine')?.status === 'running', 'mine running');
    expect(await readEnv(host, 'mine', 'AWS_SECRET_ACCESS_KEY')).toBeNull();
    expect(await readEnv(host, 'mine', 'GITHUB_TOKEN')).toBeNull();
    expect(await readEnv(host, 'mine', 'JAVA_HOME')).toBe('/opt/jdk');
    expect(await readEnv(host, 'mine', 'VIEWMAPPER_JAR')).toBe('/opt/vm.jar');
    expect(await readEnv(host, 'mine', 'KALLA_TEST_KEY')).toBe('from-settings');
    expect(await readEnv(host, 'mine', 'PATH')).toBe(process.env.PATH ?? '');
  });
});
