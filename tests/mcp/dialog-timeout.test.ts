/**
 * The call timeout does not run while a server's question waits for the user (issue 29): the
 * reference server-everything as a real stdio process asks for a form during a tool call; the
 * call's timeout is 600 ms and the user answers after 1.5 s.
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientRequest } from '../../src/shared/mcp';
import { runningHost, waitFor } from './helpers';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('call timeout and the user', () => {
  it('is paused while an elicitation waits for the user, and runs again once answered', async () => {
    const host = await runningHost({ everything: { command: process.execPath, args: [everything, 'stdio'], env: {} } }, cleanups);
    const asked: ClientRequest[] = [];
    host.on((e) => {
      if (e.type === 'clientRequest') asked.push(e.request);
    });
    const started = Date.now();
    const call = host.callTool('everything', 'trigger-elicitation-request', {}, { timeoutMs: 600 });
    call.catch(() => {});
    await waitFor(() => asked.length === 1, 'the question to reach the user');
    await sleep(1500);
    host.answerClientRequest(asked[0].id, { action: 'accept', content: { name: 'Ada Lovelace' } });
    const result = await call;
    expect(Date.now() - started).toBeGreaterThan(1500);
    expect(result.content.map((c) => (c as { text?: string }).text ?? '').join('\n')).toContain('Ada Lovelace');

    // Without a question the same timeout still ends a call that never answers.
    await expect(host.callTool('everything', 'trigger-long-running-operation', { duration: 5, steps: 1 }, { timeoutMs: 600 })).rejects.toThrow(/timed out: no answer or progress for 600 ms/);
  }, 60_000);
});
