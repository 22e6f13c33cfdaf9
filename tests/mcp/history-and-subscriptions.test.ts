/**
 * The message history (every JSON-RPC message per server, with the raw JSON) and resource
 * subscriptions, through the real host: a fixture server and the reference server-everything.
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostEvent } from '../../src/main/mcp/host';
import type { ServerConfig } from '../../src/shared/mcp';
import { MAX_JSON_CHARS } from '../../src/main/mcp/message-history';
import { fixture, runningHost, waitFor } from './helpers';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const hostWith = (servers: Record<string, ServerConfig>) => runningHost(servers, cleanups);

describe('message history', () => {
  it('records the handshake, lists and calls in order, with response times, cut large messages and redacted secrets', async () => {
    const host = await hostWith({ plain: fixture('well-behaved', { env: { FIXTURE_API_KEY: 'sk-live-9f8e7d6c5b4a' } }) });
    await host.callTool('plain', 'echo', { text: 'hello history' });
    await host.callTool('plain', 'env', { name: 'FIXTURE_API_KEY' });
    await host.callTool('plain', 'big', { bytes: 200_000 });
    const h = host.history('plain');
    const methods = h.map((e) => `${e.direction} ${e.kind} ${e.method ?? ''}`);
    expect(methods.slice(0, 3)).toEqual(['sent request initialize', 'received response initialize', 'sent notification notifications/initialized']);
    expect(methods).toContain('sent request tools/list');
    const echo = h.find((e) => e.kind === 'request' && e.json.includes('hello history'))!;
    expect(echo.method).toBe('tools/call');
    const echoAnswer = h.find((e) => e.kind === 'response' && e.id === echo.id && e.direction === 'received')!;
    expect(echoAnswer.method).toBe('tools/call');
    expect(echoAnswer.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(echoAnswer.json).result.content[0].text).toBe('hello history');
    // The server's secret came back in a result: the history redacts it like the logs do.
    expect(JSON.stringify(h)).not.toContain('sk-live-9f8e7d6c5b4a');
    expect(h.find((e) => e.kind === 'response' && e.json.includes('[redacted]'))).toBeDefined();
    const big = h.at(-1)!;
    expect(big.json.length).toBeLessThan(MAX_JSON_CHARS + 100);
    expect(big.json).toMatch(/… \([\d,]+ characters in all\)$/);
    // Entries after a sequence number only; clearing empties it.
    expect(host.history('plain', h.at(-2)!.seq)).toEqual([big]);
    host.clearHistory('plain');
    expect(host.history('plain')).toEqual([]);
  }, 60_000);
});

describe('resource subscriptions', () => {
  it('subscribes, reports each notifications/resources/updated, and unsubscribes (server-everything)', async () => {
    const host = await hostWith({ everything: { command: process.execPath, args: [everything, 'stdio'], env: {} } });
    const uri = host.resources('everything')[0].uri;
    const updates: string[] = [];
    const off = host.on((e: HostEvent) => {
      if (e.type === 'resourceUpdated' && e.server === 'everything') updates.push(e.uri);
    });
    cleanups.push(async () => off());
    await host.subscribe('everything', uri);
    await host.callTool('everything', 'toggle-subscriber-updates', {});
    await waitFor(() => updates.length > 0, 'a resource update', 15_000);
    expect(updates[0]).toBe(uri);
    const h = host.history('everything');
    expect(h.some((e) => e.direction === 'sent' && e.method === 'resources/subscribe' && e.json.includes(uri))).toBe(true);
    expect(h.some((e) => e.direction === 'received' && e.kind === 'notification' && e.method === 'notifications/resources/updated')).toBe(true);
    await host.unsubscribe('everything', uri);
    expect(host.history('everything').some((e) => e.method === 'resources/unsubscribe' && e.kind === 'response')).toBe(true);
  }, 90_000);

  it('refuses to subscribe where the server offers no subscriptions, saying so', async () => {
    const host = await hostWith({ plain: fixture('well-behaved') });
    await expect(host.subscribe('plain', 'file:///x')).rejects.toThrow('server plain does not offer resource subscriptions');
  }, 60_000);
});
