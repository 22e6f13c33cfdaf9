/**
 * Runs one of Kalla's MCP servers over Streamable HTTP (`kalla mcp recon --http PORT`), for MCP
 * clients that speak HTTP and for the official conformance suite. Loopback only, and with the
 * spec's DNS-rebinding protection: a request whose Host or Origin is not this loopback address
 * and port is refused (a web page cannot reach the server through a rebound domain name).
 * Each session gets its own server instance, closed when the session ends.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface HttpMcpOptions {
  /** 0 picks a free port. */
  port: number;
  /** A fresh server for a new session, with how to release what it holds (a JVM, say). */
  create(): { server: McpServer; close?: () => Promise<void> };
  log?(line: string): void;
}

export interface HttpMcpHandle {
  url: string;
  close(): Promise<void>;
}

const jsonError = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
};

export async function serveMcpOverHttp(opts: HttpMcpOptions): Promise<HttpMcpHandle> {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; close?: () => Promise<void> }>();
  let allowed: { hosts: string[]; origins: string[] } = { hosts: [], origins: [] };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return jsonError(res, 404, 'Not found: the MCP endpoint is /mcp');
    const sid = req.headers['mcp-session-id'];
    const known = typeof sid === 'string' ? sessions.get(sid) : undefined;
    if (known) return known.transport.handleRequest(req, res);
    if (typeof sid === 'string') return jsonError(res, 404, 'Session not found: it ended or the server restarted; initialize again');
    if (req.method !== 'POST') return jsonError(res, 400, 'Bad request: start a session with an initialize POST');
    const { server, close } = opts.create();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableDnsRebindingProtection: true,
      allowedHosts: allowed.hosts,
      allowedOrigins: allowed.origins,
      onsessioninitialized: (id) => void sessions.set(id, { transport, close }),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void close?.().catch(() => undefined);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res);
    // A request that did not open a session (refused, or not an initialize) leaves nothing behind.
    if (!transport.sessionId) await server.close().catch(() => undefined);
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      opts.log?.(`request failed: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) jsonError(res, 500, 'Internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  allowed = {
    hosts: [`127.0.0.1:${port}`, `localhost:${port}`],
    origins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
  };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      for (const s of [...sessions.values()]) await s.transport.close().catch(() => undefined);
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
    },
  };
}
