/**
 * Browser mode: serves the built renderer and carries the same handler table as
 * Electron IPC over a WebSocket, bound to loopback only.
 *
 * No ambient credential exists. Cookies ignore the port, so a cookie would be
 * sent to every other web server on 127.0.0.1 (issue 13, item 1); instead:
 * - the printed URL carries a random launch secret in its *fragment*
 *   (`/#launch=…`), which browsers never send in a request;
 * - the page POSTs it (same origin, JSON) to `/session` and gets a session
 *   token it keeps in sessionStorage (survives reloads, stays in the tab);
 * - the WebSocket handshake presents the session token as a subprotocol
 *   (`kalla.session.<token>`), the only header a page may set on it.
 * A browser therefore never sends a credential on its own: a request forged by
 * another site carries nothing usable (CSRF-proof by construction), and a
 * server on another port never receives one. The static files hold no secret
 * and are served without one, so a reload works before the page reads
 * sessionStorage. The Host header must be ours (DNS rebinding) and WebSocket
 * upgrades and session requests must come from our own Origin.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { contentSecurityPolicy } from '../base/csp';
import type { Core } from '../core';

export interface WebServerOptions {
  core: Pick<Core, 'dispatch' | 'subscribe'>;
  /** Folder of the built renderer (out/renderer). */
  rendererDir: string;
  port?: number;
  /** Tests may fix the launch secret; otherwise 32 random bytes per launch. */
  launchSecret?: string;
}

export interface WebServer {
  url: string;
  origin: string;
  port: number;
  /** In the printed URL's fragment; exchanged at `/session` for session tokens. */
  launchSecret: string;
  close(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** The subprotocol the server answers with; the session token rides in a second one. */
export const WS_PROTOCOL = 'kalla.v1';
export const SESSION_PROTOCOL_PREFIX = 'kalla.session.';
/** A tab per session; a runaway page cannot grow the set without bound. */
const MAX_SESSIONS = 1000;
const MAX_SESSION_REQUEST_BYTES = 4096;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The session token among the offered subprotocols, if any. */
function sessionFromProtocols(req: IncomingMessage): string | undefined {
  return (req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith(SESSION_PROTOCOL_PREFIX))
    ?.slice(SESSION_PROTOCOL_PREFIX.length);
}

function securityHeaders(res: ServerResponse, port: number): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy({ websocketPort: port }));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Cache-Control', 'no-store');
}

function deny(res: ServerResponse, port: number, status: number, text: string): void {
  securityHeaders(res, port);
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/** A request body up to MAX_SESSION_REQUEST_BYTES; undefined when longer or broken. */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((done) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_SESSION_REQUEST_BYTES) {
        done(undefined);
        req.destroy();
      }
    });
    req.on('end', () => done(body));
    req.on('error', () => done(undefined));
  });
}

/** A file of the built renderer; client-side routes fall back to index.html, missing assets stay 404. */
async function serveFile(res: ServerResponse, port: number, rendererDir: string, pathname: string): Promise<void> {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    return deny(res, port, 400, 'Bad request');
  }
  const target = resolve(join(rendererDir, rel));
  if (target !== rendererDir && !target.startsWith(rendererDir + sep)) return deny(res, port, 404, 'Not found');
  let file = target;
  const info = await stat(file).catch(() => undefined);
  if (!info || info.isDirectory()) {
    if (extname(rel)) return deny(res, port, 404, 'Not found');
    file = join(rendererDir, 'index.html');
  }
  const size = (await stat(file).catch(() => undefined))?.size;
  if (size === undefined) return deny(res, port, 500, 'The renderer is not built. Run `npm run build` first.');
  securityHeaders(res, port);
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'Content-Length': size,
  });
  createReadStream(file).pipe(res);
}

/** Session tokens handed out by /session, oldest first (Map keeps insertion order), at most MAX_SESSIONS. */
class Sessions {
  private readonly tokens = new Map<string, true>();
  constructor(private readonly launchSecret: string) {}

  /** A new session token for the launch secret, or undefined for anything else. */
  open(presented: unknown): string | undefined {
    if (typeof presented !== 'string' || !sameSecret(presented, this.launchSecret)) return undefined;
    const session = randomBytes(32).toString('base64url');
    this.tokens.set(session, true);
    if (this.tokens.size > MAX_SESSIONS) this.tokens.delete(this.tokens.keys().next().value as string);
    return session;
  }

  valid(presented: string): boolean {
    for (const known of this.tokens.keys()) if (sameSecret(presented, known)) return true;
    return false;
  }
}

/** POST /session {"launch": "<secret>"} → {"session": "<token>"}. */
async function openSession(req: IncomingMessage, res: ServerResponse, port: number, ownOrigin: boolean, sessions: Sessions): Promise<void> {
  // JSON content type makes a cross-origin fetch preflighted (which we never answer) and the
  // Origin check refuses forms and other sites outright.
  if (!ownOrigin || !(req.headers['content-type'] ?? '').startsWith('application/json')) {
    return deny(res, port, 403, 'Forbidden: sessions are opened by the Kalla page itself.');
  }
  const body = await readBody(req);
  let presented: unknown;
  try {
    presented = (JSON.parse(body ?? '') as { launch?: unknown }).launch;
  } catch {
    presented = undefined;
  }
  const session = sessions.open(presented);
  if (!session) {
    return deny(res, port, 401, 'Unauthorised: open the URL printed by `kalla web` (it carries the access key).');
  }
  securityHeaders(res, port);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ session }));
}

/** One page's socket: the core's events out, dispatched requests in, answers by id. */
function attachSocket(ws: WebSocket, core: WebServerOptions['core']): void {
  const unsubscribe = core.subscribe((event, payload) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'event', event, payload }));
  });
  ws.on('message', (data) => {
    let msg: { id?: unknown; channel?: unknown; input?: unknown };
    try {
      msg = JSON.parse(data.toString());
    } catch {
      return ws.send(JSON.stringify({ type: 'error', message: 'Messages must be JSON.' }));
    }
    if (typeof msg.id !== 'number' && typeof msg.id !== 'string') return;
    void core.dispatch(msg.channel, msg.input).then((envelope) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'result', id: msg.id, ...envelope }));
    });
  });
  ws.on('close', unsubscribe);
  ws.on('error', unsubscribe);
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const launchSecret = opts.launchSecret ?? randomBytes(32).toString('base64url');
  const sessions = new Sessions(launchSecret);
  const rendererDir = resolve(opts.rendererDir);
  let port = 0;
  const allowedHosts = () => new Set([`${LOOPBACK}:${port}`, `localhost:${port}`]);
  const ownOrigin = (req: IncomingMessage) => [...allowedHosts()].some((h) => req.headers.origin === `http://${h}`);

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${LOOPBACK}`);
    if (!allowedHosts().has(req.headers.host ?? '')) return deny(res, port, 421, 'Misdirected request');
    if (url.pathname === '/session') {
      if (req.method !== 'POST') return deny(res, port, 405, 'Method not allowed');
      void openSession(req, res, port, ownOrigin(req), sessions).catch(() => deny(res, port, 500, 'Internal error'));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return deny(res, port, 405, 'Method not allowed');
    void serveFile(res, port, rendererDir, url.pathname).catch(() => deny(res, port, 500, 'Internal error'));
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    // Never echo the session token back: answer with the fixed protocol name.
    handleProtocols: () => WS_PROTOCOL,
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://${LOOPBACK}`);
    const hostOk = allowedHosts().has(req.headers.host ?? '');
    const session = sessionFromProtocols(req);
    if (url.pathname !== '/ws' || !hostOk || !ownOrigin(req) || !session || !sessions.valid(session)) {
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attachSocket(ws, opts.core));
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, LOOPBACK, () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${LOOPBACK}:${port}`;

  return {
    url: `${origin}/#launch=${launchSecret}`,
    origin,
    port,
    launchSecret,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
