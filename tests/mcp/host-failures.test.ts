import { afterEach, describe, expect, it } from 'vitest';
import { fixture, makeHost, waitFor, waitForStatus } from './helpers';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((c) => c()));
  cleanup = [];
});

describe('McpHost when servers crash', () => {
  it('fails the in-flight call clearly and restarts the server with backoff', async () => {
    const t = await makeHost({ builtins: [{ name: 'crashy', config: fixture('crashy') }] });
    cleanup.push(t.dispose);
    await t.host.start();
    const first = await waitForStatus(t.host, 'crashy', 'running');

    await expect(t.host.callTool('crashy', 'crash', {})).rejects.toThrow('server crashy exited (code 1) during the call to tool "crash"');

    const back = await waitFor(() => t.host.get('crashy')?.status === 'running' && t.host.get('crashy')!.restarts === 1 && t.host.get('crashy'), 'crashy to come back');
    expect(back.pid).not.toBe(first.pid);
    expect(t.statuses('crashy')).toEqual(['starting', 'running', 'restarting', 'running']);
    expect((await t.host.callTool('crashy', 'ping', {})).content[0]).toMatchObject({ text: 'pong' });
    const hostLines = t.host.logs('crashy').map((l) => l.text);
    expect(hostLines).toContain('crashing now');
    expect(hostLines.some((l) => l.startsWith('stopped unexpectedly: exited with code 1; last stderr: crashing now'))).toBe(true);
  });

  it('gives up after the configured retries with a message that says why', async () => {
    const t = await makeHost({ restart: { maxRetries: 2, baseDelayMs: 20, maxDelayMs: 100 } });
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('broken', fixture('crashy', { env: { CRASH_ON_START: '1' } }));
    const view = await waitForStatus(t.host, 'broken', 'error');
    expect(view.error).toBe('exited with code 1 three times in a row; last stderr: fatal: CRASHY_API_KEY is not set');
    expect(view.restarts).toBe(2);
    expect(t.statuses('broken')).toEqual(['stopped', 'starting', 'restarting', 'error']);
    const restartLines = t.host.logs('broken').filter((l) => l.text.startsWith('restarting in'));
    expect(restartLines.map((l) => l.text)).toEqual(['restarting in 20 ms (attempt 1 of 2)', 'restarting in 40 ms (attempt 2 of 2)']);

    // A user-initiated start gets a fresh set of retries, and reports the failure to the caller.
    await expect(t.host.startServer('broken')).rejects.toThrow('server broken exited with code 1; last stderr: fatal: CRASHY_API_KEY is not set');
    expect(t.host.get('broken')).toMatchObject({ status: 'restarting', restarts: 0 });
  });
});
