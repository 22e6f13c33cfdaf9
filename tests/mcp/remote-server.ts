/**
 * A real MCP server over HTTP on 127.0.0.1 for tests: Streamable HTTP
 * (stateful, one McpServer per session) or legacy SSE only (which answers a
 * Streamable HTTP POST with 405, as old servers do). It records the headers
 * it was sent.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

function makeServer(): McpServer {
  const server = new McpServer({ name: 'remote-fixture', version: '0.0.1' });
  server.registerTool(
    'echo',
    { description: 'Returns the text it was given', inputSchema: { text: z.string() }, outputSchema: { text: z.string() } },
    async ({ text }) => ({ content: [{ type: 'text', text }], structuredContent: { text } }),
  );
  return server;
}

export interface RemoteServer {
  url: string;
  /** Authorization headers seen, in order. */
  authorizations: Array<string | undefined>;
  close(): Promise<void>;
}

/**
 * `oauth`: the server is an OAuth protected resource: `/.well-known/oauth-protected-resource` names
 * the authorization server, and a request without a bearer token `accepts` answers 401 with
 * `WWW-Authenticate: Bearer resource_metadata=…`.
 */
export async function startRemoteServer(
  mode: 'streamable-http' | 'sse',
  opts: {
    requireAuthorization?: string;
    oauth?: {
      issuer: string;
      accepts(token: string): boolean;
      /** Step-up: the scopes a JSON-RPC method needs, and those a token holds (403 insufficient_scope otherwise). */
      scopes?: { needed(method: string): string[]; of(token: string): string[] };
      /** JSON-RPC methods served without a token (as servers that let `initialize` through do); the rest get 401. */
      anonymous?: string[];
    };
  } = {},
): Promise<RemoteServer> {
  const authorizations: Array<string | undefined> = [];
  const streamable = new Map<string, StreamableHTTPServerTransport>();
  const sse = new Map<string, SSEServerTransport>();

  let base = '';
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    authorizations.push(req.headers.authorization);
    let parsedBody: unknown;
    if (opts.oauth) {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path.startsWith('/.well-known/oauth-protected-resource')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ resource: `${base}/mcp`, authorization_servers: [opts.oauth.issuer] }));
        return;
      }
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const metadata = `resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`;
      if (opts.oauth.anonymous && req.method === 'POST' && parsedBody === undefined) {
        let text = '';
        for await (const chunk of req) text += chunk;
        parsedBody = JSON.parse(text) as unknown;
      }
      const method = (parsedBody as { method?: string } | undefined)?.method;
      const anonymous = method !== undefined && (opts.oauth.anonymous ?? []).includes(method);
      if (!anonymous && (!token || !opts.oauth.accepts(token))) {
        const scope = opts.oauth.scopes ? ` scope="${opts.oauth.scopes.needed('initialize').join(' ')}",` : '';
        res.writeHead(401, { 'www-authenticate': `Bearer${scope} ${metadata}` }).end('unauthorized');
        return;
      }
      if (opts.oauth.scopes && req.method === 'POST' && token) {
        if (parsedBody === undefined) {
          let text = '';
          for await (const chunk of req) text += chunk;
          parsedBody = JSON.parse(text) as unknown;
        }
        const needed = opts.oauth.scopes.needed((parsedBody as { method?: string }).method ?? '');
        const held = opts.oauth.scopes.of(token);
        if (!needed.every((s) => held.includes(s))) {
          res
            .writeHead(403, { 'www-authenticate': `Bearer error="insufficient_scope", scope="${needed.join(' ')}", ${metadata}`, 'content-type': 'application/json' })
            .end(JSON.stringify({ error: 'insufficient_scope' }));
          return;
        }
      }
    }
    if (opts.requireAuthorization && req.headers.authorization !== opts.requireAuthorization) {
      res.writeHead(401).end('unauthorized');
      return;
    }
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (mode === 'streamable-http' && path === '/mcp') {
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? streamable.get(id) : undefined;
      if (!transport) {
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => void streamable.set(sid, transport!),
        });
        await makeServer().connect(transport);
      }
      await transport.handleRequest(req, res, parsedBody);
      return;
    }
    if (mode === 'sse' && path === '/mcp' && req.method === 'GET') {
      const transport = new SSEServerTransport('/messages', res);
      sse.set(transport.sessionId, transport);
      await makeServer().connect(transport);
      return;
    }
    if (mode === 'sse' && path === '/messages' && req.method === 'POST') {
      const transport = sse.get(new URL(req.url ?? '/', 'http://x').searchParams.get('sessionId') ?? '');
      if (!transport) res.writeHead(404).end('no such session');
      else await transport.handlePostMessage(req, res, parsedBody);
      return;
    }
    // An SSE-only server does not know Streamable HTTP's POST /mcp.
    res.writeHead(mode === 'sse' && path === '/mcp' ? 405 : 404).end();
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    authorizations,
    async close() {
      for (const t of streamable.values()) await t.close().catch(() => {});
      for (const t of sse.values()) await t.close().catch(() => {});
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
