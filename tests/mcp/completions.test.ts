/**
 * Argument completion (`completion/complete`) through the real host against the protocol's own
 * reference server, and silence from a server that declares no completions.
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../src/shared/mcp';
import { fixture, runningHost } from './helpers';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const hostWith = (servers: Record<string, ServerConfig>) => runningHost(servers, cleanups);

describe('argument completion', () => {
  it('returns the server’s suggestions, narrowed by the arguments already given', async () => {
    const host = await hostWith({ everything: { command: process.execPath, args: [everything, 'stdio'], env: {} } });
    const prompt = { type: 'ref/prompt' as const, name: 'completable-prompt' };
    expect((await host.complete('everything', prompt, { name: 'department', value: 'Ma' })).values).toEqual(['Marketing']);
    expect((await host.complete('everything', prompt, { name: 'name', value: '' }, { department: 'Support' })).values).toEqual(['John', 'Kim', 'Lee']);
    expect((await host.complete('everything', prompt, { name: 'name', value: '' })).values).toEqual([]);
  }, 90_000);

  it('asks nothing of a server that declares no completions', async () => {
    const host = await hostWith({ plain: fixture('well-behaved') });
    expect(await host.complete('plain', { type: 'ref/prompt', name: 'anything' }, { name: 'x', value: 'a' })).toEqual({ values: [] });
  }, 60_000);
});
