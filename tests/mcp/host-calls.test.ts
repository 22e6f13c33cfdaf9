import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../src/shared/mcp';
import { fixture, makeHost, waitFor, waitForStatus } from './helpers';

// One host for the whole file: each test uses its own server, so they do not interfere.
let t: Awaited<ReturnType<typeof makeHost>>;
beforeAll(async () => {
  t = await makeHost({
    builtins: [
      { name: 'slow', config: fixture('slow') },
      { name: 'dynamic', config: fixture('dynamic') },
      { name: 'noisy', config: fixture('noisy') },
      { name: 'paged', config: fixture('paged') },
    ],
  });
  await t.host.start();
  await Promise.all(['slow', 'dynamic', 'noisy', 'paged'].map((name) => waitForStatus(t.host, name, 'running')));
});
afterAll(() => t.dispose());

const hangLines = (what: 'started' | 'cancelled') =>
  t.host.logs('slow').filter((l) => l.text.startsWith(what === 'started' ? 'hang: started' : 'hang: cancelled by client'));

const progressOf = (callId: string): ProgressEvent[] =>
  t.events.flatMap((e) => (e.type === 'progress' && e.progress.callId === callId ? [e.progress] : []));

describe('McpHost calls', () => {
  it('times out a call that never answers, with a message naming the timeout', async () => {
    const seen = hangLines('cancelled').length;
    await expect(t.host.callTool('slow', 'hang', {}, { timeoutMs: 500 })).rejects.toThrow(
      'the call to tool "hang" on server slow timed out: no answer or progress for 500 ms',
    );
    // The server was told to stop working on it.
    await waitFor(() => hangLines('cancelled').length > seen, 'the server to see the cancellation');
  });

  it('lets progress notifications reset the timeout and forwards them with the call id', async () => {
    // 8 steps of 250 ms run ≥ 2 s in total, past the 1.5 s timeout, while each step stays far below it.
    const result = await t.host.callTool('slow', 'steps', { count: 8, stepMs: 250 }, { callId: 'progress-call', timeoutMs: 1500 });
    expect(result.content[0]).toMatchObject({ text: 'done after 8 steps' });
    const progress = progressOf('progress-call');
    // The SDK may drop a progress notification that arrives right before the result, so not all 8 are guaranteed.
    expect(progress.length).toBeGreaterThanOrEqual(5);
    expect(progress[0]).toEqual({ callId: 'progress-call', progress: 1, total: 8, message: 'step 1 of 8' });
    expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));
    expect(result.elapsedMs).toBeGreaterThan(1500);
  });

  it('stops a call that keeps reporting progress once the maximum total time is reached', async () => {
    await expect(
      t.host.callTool('slow', 'steps', { count: 1000, stepMs: 50 }, { callId: 'endless', timeoutMs: 5000, maxTotalMs: 1500 }),
    ).rejects.toThrow('the call to tool "steps" on server slow exceeded the maximum total time of 1.5 s');
    expect(progressOf('endless').length).toBeGreaterThan(0);
  });

  it('cancels a call by id and tells the server', async () => {
    const started = hangLines('started').length;
    const cancelled = hangLines('cancelled').length;
    const call = t.host.callTool('slow', 'hang', {}, { callId: 'to-cancel' });
    const outcome = call.then(
      () => 'resolved',
      (e: Error) => e.message,
    );
    // Cancel once the server is working on it, so there is something to tell it.
    await waitFor(() => hangLines('started').length > started, 'the server to start the call');
    expect(t.host.cancelCall('to-cancel')).toBe(true);
    expect(await outcome).toBe('the call to tool "hang" on server slow was cancelled');
    expect(t.host.cancelCall('to-cancel')).toBe(false);
    await waitFor(() => hangLines('cancelled').length > cancelled, 'the server to see the cancellation');
  });

  it('cancels a call through an AbortSignal', async () => {
    const controller = new AbortController();
    const call = t.host.callTool('slow', 'hang', {}, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toThrow('was cancelled');
  });

  it('refreshes the tool cache when the server says its list changed', async () => {
    expect(t.host.tools('dynamic').map((tool) => tool.name)).toEqual(['add_tool']);
    await t.host.callTool('dynamic', 'add_tool', { name: 'fresh' });
    await waitFor(() => t.host.tools('dynamic').some((tool) => tool.name === 'fresh'), 'the new tool to be listed');
    expect(t.events.some((e) => e.type === 'lists' && e.server === 'dynamic')).toBe(true);
    expect(t.host.get('dynamic')?.counts.tools).toBe(2);
    expect((await t.host.callTool('dynamic', 'fresh', {})).content[0]).toMatchObject({ text: 'I am fresh' });
  });

  it('tolerates garbage on stdout: logs it and keeps working', async () => {
    const result = await t.host.callTool('noisy', 'echo', { text: 'still here' });
    expect(result.content[0]).toMatchObject({ text: 'still here' });
    expect(t.host.get('noisy')?.status).toBe('running');
    await waitFor(() => t.host.logs('noisy').some((l) => l.stream === 'host' && l.text.startsWith('protocol error:')), 'a protocol error line');
  });

  it('follows nextCursor to list every page of tools', async () => {
    expect(t.host.tools('paged').map((tool) => tool.name)).toEqual(['alpha', 'beta', 'gamma', 'delta', 'epsilon']);
    expect(t.host.get('paged')?.counts).toEqual({ tools: 5, resources: 0, prompts: 0 });
  });

  // Last: it stops the slow server the earlier tests use.
  it('fails a call in flight when the user stops its server', async () => {
    const started = hangLines('started').length;
    const call = t.host.callTool('slow', 'hang', {});
    const outcome = call.then(
      () => 'resolved',
      (e: Error) => e.message,
    );
    await waitFor(() => hangLines('started').length > started, 'the server to start the call');
    await t.host.stopServer('slow');
    expect(await outcome).toBe('server slow was stopped during the call to tool "hang"');
    expect(t.host.get('slow')?.status).toBe('stopped');
  });
});
