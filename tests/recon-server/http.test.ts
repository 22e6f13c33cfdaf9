/**
 * `kalla mcp recon --http PORT`: the same server over Streamable HTTP, loopback only, refusing
 * requests whose Host is not its own (DNS rebinding), one server per session.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createReconServer } from '../../src/servers/recon/server';
import { serveMcpOverHttp, type HttpMcpHandle } from '../../src/servers/http';

let handle: HttpMcpHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const initialize = (host: string) =>
  fetch(handle!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', host, origin: `http://${host}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
  });

describe('kalla-recon over Streamable HTTP', () => {
  it('serves tools to an HTTP client, one server per session, on 127.0.0.1 only', async () => {
    let created = 0;
    handle = await serveMcpOverHttp({ port: 0, create: () => (created++, { server: createReconServer({ env: {} }) }) });
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const clients = [new Client({ name: 'a', version: '1' }), new Client({ name: 'b', version: '1' })];
    for (const c of clients) await c.connect(new StreamableHTTPClientTransport(new URL(handle.url)));
    const tools = (await clients[0].listTools()).tools.map((t) => t.name);
    expect(tools).toContain('detect_field_mappings');
    await clients[0].setLoggingLevel('warning');
    expect(created).toBe(2);
    for (const c of clients) await c.close();
  });

  it('refuses a request whose Host or Origin is another name (DNS rebinding)', async () => {
    handle = await serveMcpOverHttp({ port: 0, create: () => ({ server: createReconServer({ env: {} }) }) });
    const port = new URL(handle.url).port;
    expect((await initialize(`evil.example:${port}`)).status).toBe(403);
    expect((await initialize(`127.0.0.1:${port}`)).status).toBe(200);
    const notMcp = await fetch(handle.url.replace('/mcp', '/other'));
    expect(notMcp.status).toBe(404);
  });
});

describe('unknown tools', () => {
  it('are a JSON-RPC -32602 error, not an isError result; known tools still run', async () => {
    handle = await serveMcpOverHttp({ port: 0, create: () => ({ server: createReconServer({ env: {} }) }) });
    const client = new Client({ name: 'a', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(handle.url)));
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/Unknown tool: no_such_tool/) });
    const known = await client.callTool({ name: 'detect_field_mappings', arguments: { left_columns: ['a'], right_columns: ['a'] } });
    expect(known.content).toBeDefined();
    await client.close();
  });
});

describe('--http token and session expiry', () => {
  it('refuses requests without the bearer token, and serves those with it', async () => {
    handle = await serveMcpOverHttp({ port: 0, token: 'tok-123', create: () => ({ server: createReconServer({ env: {} }) }) });
    const port = new URL(handle.url).port;
    const refused = await initialize(`127.0.0.1:${port}`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = new Client({ name: 'w', version: '1' });
    await expect(wrong.connect(new StreamableHTTPClientTransport(new URL(handle.url), { requestInit: { headers: { authorization: 'Bearer tok-124' } } }))).rejects.toThrow();
    const client = new Client({ name: 'a', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(handle.url), { requestInit: { headers: { authorization: 'Bearer tok-123' } } }));
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });

  it('closes a session left idle, so its id stops working', async () => {
    let closed = 0;
    handle = await serveMcpOverHttp({ port: 0, idleMs: 300, create: () => ({ server: createReconServer({ env: {} }), close: async () => void closed++ }) });
    const client = new Client({ name: 'a', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(handle.url));
    await client.connect(transport);
    await client.listTools();
    const sid = transport.sessionId!;
    await new Promise((r) => setTimeout(r, 800));
    expect(closed).toBe(1);
    const after = await fetch(handle.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sid, 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
    });
    expect(after.status).toBe(404);
    await client.close().catch(() => undefined);
  });
});
