/**
 * Runs one of Kalla's MCP servers over Streamable HTTP (`kalla mcp recon --http PORT`), for MCP
 * clients that speak HTTP and for the official conformance suite. Loopback only, and with the
 * spec's DNS-rebinding protection: a request whose Host or Origin is not this loopback address
 * and port is refused (a web page cannot reach the server through a rebound domain name).
 * Each session gets its own server instance, closed when the session ends or has been idle for
 * `idleMs` (30 minutes by default). With `token`, every request must carry
 * `Authorization: Bearer <token>` (compared in constant time); others get 401.
 */
import { randomUUID, timingSafeEqual, createHash } from 'node:crypto';
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
  /** When set, requests without `Authorization: Bearer <token>` are refused with 401. */
  token?: string;
  /** A session unused this long is closed (its next request gets 404 and must initialize again). */
  idleMs?: number;
}

/** Default idle time before a session is closed. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

const digest = (text: string) => createHash('sha256').update(text).digest();

export interface HttpMcpHandle {
  url: string;
  close(): Promise<void>;
}

const jsonError = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
};

export async function serveMcpOverHttp(opts: HttpMcpOptions): Promise<HttpMcpHandle> {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; close?: () => Promise<void>; seen: number }>();
  const idleMs = opts.idleMs ?? SESSION_IDLE_MS;
  const expected = opts.token === undefined ? undefined : digest(`Bearer ${opts.token}`);
  let allowed: { hosts: string[]; origins: string[] } = { hosts: [], origins: [] };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return jsonError(res, 404, 'Not found: the MCP endpoint is /mcp');
    if (expected && !timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      res.setHeader('www-authenticate', 'Bearer');
      return jsonError(res, 401, 'Unauthorized: send the token printed when the server started as Authorization: Bearer <token>');
    }
    const sid = req.headers['mcp-session-id'];
    const known = typeof sid === 'string' ? sessions.get(sid) : undefined;
    if (known) {
      known.seen = Date.now();
      return known.transport.handleRequest(req, res);
    }
    if (typeof sid === 'string') return jsonError(res, 404, 'Session not found: it ended or the server restarted; initialize again');
    if (req.method !== 'POST') return jsonError(res, 400, 'Bad request: start a session with an initialize POST');
    const { server, close } = opts.create();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableDnsRebindingProtection: true,
      allowedHosts: allowed.hosts,
      allowedOrigins: allowed.origins,
      onsessioninitialized: (id) => void sessions.set(id, { transport, close, seen: Date.now() }),
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
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, s] of sessions) {
        if (now - s.seen < idleMs) continue;
        sessions.delete(id);
        opts.log?.(`session ${id.slice(0, 8)} closed after ${Math.round(idleMs / 1000)} s idle`);
        void s.transport.close().catch(() => undefined);
      }
    },
    Math.max(50, Math.min(60_000, Math.floor(idleMs / 4))),
  );
  sweep.unref();
  const { port } = http.address() as AddressInfo;
  allowed = {
    hosts: [`127.0.0.1:${port}`, `localhost:${port}`],
    origins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
  };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      clearInterval(sweep);
      for (const s of [...sessions.values()]) await s.transport.close().catch(() => undefined);
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
    },
  };
}
