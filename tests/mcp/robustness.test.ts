/**
 * Issue 16, robustness: large results, list_changed during start-up,
 * output validation across pages, quiet cancellation, a start-up timeout of its own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, makeHost, waitFor, waitForStatus } from './helpers';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

describe('large results', () => {
  it('accepts a 12 MiB answer (past the SDK stdio limit of 10 MiB) and keeps the server', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('big', fixture('well-behaved'));
    await waitForStatus(t.host, 'big', 'running');
    const pid = t.host.get('big')!.pid;
    const result = await t.host.callTool('big', 'big', { bytes: 12 * 1024 * 1024 });
    expect((result.content[0].text as string).length).toBe(12 * 1024 * 1024);
    expect(t.host.get('big')).toMatchObject({ status: 'running', pid, restarts: 0 });
  });

  it('past the limit the call fails with a message naming the sizes, and the server keeps running', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('capped', fixture('well-behaved', { maxMessageMiB: 1 }));
    await waitForStatus(t.host, 'capped', 'running');
    const pid = t.host.get('capped')!.pid;
    await expect(t.host.callTool('capped', 'big', { bytes: 3 * 1024 * 1024 })).rejects.toThrow(
      /the answer from server capped to the call to tool "big" could not be accepted: the message was 3 MiB, more than the 1 MiB limit .*maxMessageMiB/,
    );
    expect(t.host.get('capped')).toMatchObject({ status: 'running', pid });
    // The next answer on the same connection is fine.
    expect((await t.host.callTool('capped', 'echo', { text: 'still here' })).structuredContent).toEqual({ text: 'still here' });
  });
});

describe('lists', () => {
  it('a list_changed that arrives while the server is starting is not lost', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('early', fixture('early-change'));
    await waitForStatus(t.host, 'early', 'running');
    await waitFor(() => t.host.tools('early').some((tool) => tool.name === 'late'), 'the tool added during start-up to be listed', 5000);
  });

  it('validates structured output of a tool on the first of several pages', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('paged', fixture('paged'));
    await waitForStatus(t.host, 'paged', 'running');
    expect(t.host.tools('paged').map((tool) => tool.name)).toContain('epsilon');
    expect((await t.host.callTool('paged', 'alpha', {})).structuredContent).toEqual({ text: 'called alpha' });
    await expect(t.host.callTool('paged', 'alpha', { bad: true })).rejects.toThrow(
      /server paged answered the call to tool "alpha" with structured content that does not match the tool's output schema: data\/text must be string/,
    );
  });
});

describe('cancellation and time-outs', () => {
  it('progress that arrives after a cancel is not reported as a protocol error', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('slow', fixture('slow'));
    await waitForStatus(t.host, 'slow', 'running');
    const call = t.host.callTool('slow', 'steps', { count: 6, stepMs: 100 }, { callId: 'c1' });
    const outcome = call.catch((e: Error) => e.message);
    await new Promise((r) => setTimeout(r, 150));
    t.host.cancelCall('c1');
    expect(await outcome).toMatch(/was cancelled/);
    // The server ignores the cancel and keeps reporting progress for ~500 ms.
    await new Promise((r) => setTimeout(r, 800));
    expect(t.host.logs('slow').filter((l) => /protocol error/.test(l.text))).toEqual([]);
  });

  it('a server that does not finish starting in time is reported with its last stderr, not as "Request timed out"', async () => {
    const t = await makeHost({ startTimeoutMs: 60_000, restart: { maxRetries: 0, baseDelayMs: 50, maxDelayMs: 50 } });
    cleanup.push(t.dispose);
    await t.host.start();
    // timeoutMs (per call) is short, but only startTimeoutMs bounds the handshake.
    await t.host.addServer('patient', fixture('slow', { env: { SLOW_START_MS: '2500' }, timeoutMs: 1000 }));
    await waitForStatus(t.host, 'patient', 'running', 15_000);

    await t.host.addServer('sleepy', fixture('slow', { env: { SLOW_START_MS: '60000' }, startTimeoutMs: 5000 }));
    const view = await waitForStatus(t.host, 'sleepy', 'error', 15_000);
    expect(view.error).toMatch(/^did not finish starting within 5 s.*last stderr: warming up the index/);
  });
});
