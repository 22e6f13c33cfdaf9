/**
 * Tools a server runs only as tasks (experimental in the spec), through the real host: the call
 * creates the task, statuses arrive as progress, the result comes back like any tool's; a failed
 * task is a tool error; Cancel cancels the task on the server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HostEvent } from '../../src/main/mcp/host';
import { fixture, runningHost, waitFor } from './helpers';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const tasksHost = () => runningHost({ tasks: fixture('tasks') }, cleanups);

describe('task-only tools', () => {
  it('runs as a task: statuses as progress, then the result', async () => {
    const host = await tasksHost();
    expect(host.tools('tasks').find((t) => t.name === 'report')?.execution?.taskSupport).toBe('required');
    const messages: string[] = [];
    host.on((e: HostEvent) => {
      if (e.type === 'progress' && e.progress.callId === 'r1' && e.progress.message) messages.push(e.progress.message);
    });
    const r = await host.callTool('tasks', 'report', { ms: 400 }, { callId: 'r1' });
    expect(r.isError).toBe(false);
    expect(r.content).toEqual([{ type: 'text', text: 'report ready after 400 ms' }]);
    expect(messages[0]).toBe('task working');
    expect(messages).toContain('task working: half done');
    expect(host.history('tasks').map((e) => e.method)).toEqual(expect.arrayContaining(['tasks/get', 'tasks/result']));
    // An ordinary tool on the same server is called as usual.
    expect((await host.callTool('tasks', 'plain', {})).content).toEqual([{ type: 'text', text: 'plain answer' }]);
  }, 30_000);

  it('a failed task is a tool error with the server’s words', async () => {
    const host = await tasksHost();
    const r = await host.callTool('tasks', 'doomed', {});
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.content)).toContain('disk full');
  }, 30_000);

  it('Cancel cancels the task on the server', async () => {
    const host = await tasksHost();
    const call = host.callTool('tasks', 'forever', {}, { callId: 'f1' });
    await waitFor(() => host.history('tasks').some((e) => e.method === 'tasks/get'), 'the task being polled');
    expect(host.cancelCall('f1')).toBe(true);
    await expect(call).rejects.toThrow(/cancel/i);
    await waitFor(() => host.history('tasks').some((e) => e.direction === 'sent' && e.method === 'tasks/cancel'), 'tasks/cancel sent');
  }, 30_000);
});
