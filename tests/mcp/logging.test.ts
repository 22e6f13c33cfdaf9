/** Server log messages (issue 16): their own stream, apart from stderr, and logging/setLevel per server. */
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, makeHost, waitFor, waitForStatus } from './helpers';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

describe('server log messages', () => {
  it('arrive on the "server" stream, follow the level set, and the level survives a restart', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('w', fixture('well-behaved'));
    await waitForStatus(t.host, 'w', 'running');
    const serverLines = () => t.host.logs('w').filter((l) => l.stream === 'server').map((l) => l.text);

    await t.host.callTool('w', 'log_message', { level: 'info', text: 'hello' });
    await waitFor(() => serverLines().includes('[info] fixture: hello'), 'the info message');
    expect(t.host.logs('w').some((l) => l.stream === 'stderr' && l.text.includes('hello'))).toBe(false);

    await t.host.setLogLevel('w', 'error');
    expect(t.host.get('w')?.logLevel).toBe('error');
    await t.host.callTool('w', 'log_message', { level: 'info', text: 'quiet' });
    await t.host.callTool('w', 'log_message', { level: 'error', text: 'loud' });
    await waitFor(() => serverLines().includes('[error] fixture: loud'), 'the error message');
    expect(serverLines()).not.toContain('[info] fixture: quiet');

    await t.host.restartServer('w');
    await waitForStatus(t.host, 'w', 'running');
    await t.host.callTool('w', 'log_message', { level: 'info', text: 'after restart' });
    await t.host.callTool('w', 'log_message', { level: 'critical', text: 'still loud' });
    await waitFor(() => serverLines().includes('[critical] fixture: still loud'), 'the critical message');
    expect(serverLines()).not.toContain('[info] fixture: after restart');
  });

  it('says so when a server has no logging capability', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('s', fixture('slow'));
    await waitForStatus(t.host, 's', 'running');
    await expect(t.host.setLogLevel('s', 'debug')).rejects.toThrow(/server s does not send log messages \(it has no "logging" capability\)/);
  });
});
