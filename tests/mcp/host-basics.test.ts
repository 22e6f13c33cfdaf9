import { afterEach, describe, expect, it } from 'vitest';
import { ServerViewSchema } from '../../src/shared/mcp';
import { fixture, makeHost, waitForStatus } from './helpers';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((c) => c()));
  cleanup = [];
});

describe('McpHost with a well-behaved server', () => {
  it('starts it, lists its tools, resources and prompts, and calls them', async () => {
    const t = await makeHost({ builtins: [{ name: 'good', config: fixture('well-behaved'), description: 'A test server' }] });
    cleanup.push(t.dispose);
    await t.host.start();
    const view = await waitForStatus(t.host, 'good', 'running');
    expect(ServerViewSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ origin: 'builtin', description: 'A test server', disabled: false, timeoutMs: 60_000 });
    expect(view.serverInfo).toEqual({ name: 'well-behaved', version: '1.2.3' });
    expect(view.instructions).toBe('Use echo to test round trips.');
    expect(view.counts).toEqual({ tools: 8, resources: 1, prompts: 1 });
    expect(t.statuses('good')).toEqual(['starting', 'running']);

    const echo = t.host.tools('good').find((tool) => tool.name === 'echo');
    expect(echo?.inputSchema).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } });
    expect(echo?.outputSchema).toMatchObject({ properties: { text: { type: 'string' } } });

    const sum = await t.host.callTool('good', 'add', { a: 2, b: 3 });
    expect(sum.structuredContent).toEqual({ sum: 5 });
    expect(sum.isError).toBe(false);
    expect(sum.elapsedMs).toBeGreaterThanOrEqual(0);

    const failed = await t.host.callTool('good', 'fail', {});
    expect(failed.isError).toBe(true);
    expect(failed.content[0]).toMatchObject({ text: 'the tool failed on purpose' });

    expect(t.host.resources('good')[0]).toMatchObject({ uri: 'note://hello', name: 'hello' });
    const resource = await t.host.readResource('good', 'note://hello');
    expect(resource.contents[0]).toMatchObject({ text: 'hello from a resource' });

    const prompt = await t.host.getPrompt('good', 'greet', { name: 'Ada' });
    expect(prompt.messages[0]).toMatchObject({ content: { text: 'Please greet Ada' } });

    expect(t.host.logs('good').some((l) => l.stream === 'stderr' && l.text === 'well-behaved server ready')).toBe(true);
  });
});

describe('McpHost server management', () => {
  it('passes the merged env and cwd to the server but never shows env values', async () => {
    const t = await makeHost({ spawnEnv: async () => ({ ...process.env as Record<string, string>, FROM_LOGIN: 'login', SHARED: 'login' }) });
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('envy', fixture('well-behaved', { env: { SHARED: 'server', API_TOKEN: 'tok-123456' }, cwd: t.dir, inheritEnv: ['FROM_LOGIN'] }));
    await waitForStatus(t.host, 'envy', 'running');
    const read = async (name: string) => JSON.parse((await t.host.callTool('envy', 'env', { name })).content[0].text as string);
    // Inherited only because the config names it (user servers get a minimal environment otherwise).
    expect(await read('FROM_LOGIN')).toMatchObject({ value: 'login' });
    expect(await read('SHARED')).toMatchObject({ value: 'server', cwd: t.dir });

    const view = t.host.get('envy')!;
    expect(view.envKeys).toEqual(['SHARED', 'API_TOKEN']);
    expect(JSON.stringify(view)).not.toContain('tok-123456');
    expect(JSON.stringify(t.events)).not.toContain('tok-123456');
  });

  it('does not start disabled servers, and starts them once enabled', async () => {
    const t = await makeHost({ builtins: [{ name: 'builtin', config: fixture('well-behaved') }] });
    cleanup.push(t.dispose);
    await t.host.setEnabled('builtin', false);
    await t.host.addServer('later', fixture('well-behaved', { disabled: true }));
    await t.host.start();
    // start() sets enabled servers to "starting" before it returns, so "stopped" here is final.
    expect(t.host.get('builtin')).toMatchObject({ status: 'stopped', disabled: true });
    expect(t.host.get('later')).toMatchObject({ status: 'stopped', disabled: true });

    await t.host.setEnabled('later', true);
    expect(t.host.get('later')).toMatchObject({ status: 'running', disabled: false });

    // The built-in's disabled flag survives a new host over the same data dir.
    const again = await makeHost({ dataDir: t.dir, builtins: [{ name: 'builtin', config: fixture('well-behaved') }] });
    cleanup.push(again.dispose);
    await again.host.start();
    expect(again.host.get('builtin')).toMatchObject({ status: 'stopped', disabled: true });
  });

  it('refuses to edit or remove built-ins, duplicates and unknown servers with clear errors', async () => {
    const t = await makeHost({ builtins: [{ name: 'core', config: fixture('well-behaved') }] });
    cleanup.push(t.dispose);
    await t.host.addServer('mine', fixture('well-behaved', { disabled: true }));
    await expect(t.host.updateServer('core', fixture('noisy'))).rejects.toThrow('core is a built-in server and cannot be edited');
    await expect(t.host.removeServer('core')).rejects.toThrow('cannot be removed');
    await expect(t.host.addServer('core', fixture('noisy'))).rejects.toThrow('"core" is the name of a built-in server');
    await expect(t.host.addServer('mine', fixture('noisy'))).rejects.toThrow('a server named "mine" already exists');
    await expect(t.host.addServer('bad name!', fixture('noisy'))).rejects.toThrow('invalid server name');
    await expect(t.host.addServer('x', { command: '' } as never)).rejects.toThrow('mcpServers.x.command');
    await expect(t.host.removeServer('ghost')).rejects.toThrow('unknown server "ghost"');
    await t.host.removeServer('mine');
    expect(t.host.get('mine')).toBeUndefined();
  });

  it('explains that a stopped server is not running, and a deliberate stop never restarts', async () => {
    const t = await makeHost({ builtins: [{ name: 'good', config: fixture('well-behaved') }] });
    cleanup.push(t.dispose);
    await t.host.start();
    await waitForStatus(t.host, 'good', 'running');
    await t.host.stopServer('good');
    expect(t.host.get('good')?.status).toBe('stopped');
    await expect(t.host.callTool('good', 'echo', { text: 'hi' })).rejects.toThrow(
      'server good is not running (status: stopped); start it from the Servers view',
    );
    // A restart would be scheduled within 50 ms (the test backoff); starting another
    // server takes far longer, so it serves as the clock for "nothing happened".
    await t.host.addServer('witness', fixture('well-behaved'));
    await waitForStatus(t.host, 'witness', 'running');
    expect(t.statuses('good')).toEqual(['starting', 'running', 'stopped']);
    expect(t.host.get('good')).toMatchObject({ status: 'stopped', restarts: 0 });
  });

  it('fails clearly when the command is not on PATH, naming the directories searched', async () => {
    const t = await makeHost({ spawnEnv: async () => ({ PATH: '/nowhere/bin:/also/missing' }) });
    cleanup.push(t.dispose);
    await t.host.start();
    await expect(t.host.addServer('ghost', { command: 'kalla-no-such-command', args: [], env: {} })).resolves.toBeUndefined();
    const view = await waitForStatus(t.host, 'ghost', 'error');
    expect(view.error).toContain('"kalla-no-such-command"');
    expect(view.error).toContain('/nowhere/bin, /also/missing');
    expect(view.restarts).toBe(0);
    await expect(t.host.callTool('ghost', 'x', {})).rejects.toThrow(/server ghost is not running \(status: error: command "kalla-no-such-command" was not found/);
  });

  it('names a missing working directory instead of reporting spawn ENOENT', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    const cwd = `${t.dir}/gone`;
    await t.host.addServer('lost', fixture('well-behaved', { cwd }));
    const view = await waitForStatus(t.host, 'lost', 'error');
    expect(view.error).toBe(`working directory "${cwd}" does not exist; fix "cwd" in the server's config`);
  });
});
