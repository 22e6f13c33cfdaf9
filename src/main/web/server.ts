/**
 * Browser mode: serves the built renderer and carries the same handler table as
 * Electron IPC over a WebSocket. Bound to loopback only, behind a random token
 * per launch: the printed URL carries it once, the server swaps it for an
 * HttpOnly SameSite=Strict cookie and redirects to a clean URL. Every request
 * without the token gets 401; WebSocket upgrades must also come from our own
 * origin (a page on another site cannot drive the app), and the Host header
 * must be ours (DNS rebinding).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Core } from '../core';

export interface WebServerOptions {
  core: Pick<Core, 'dispatch' | 'subscribe'>;
  /** Folder of the built renderer (out/renderer). */
  rendererDir: string;
  port?: number;
  /** Tests may fix the token; otherwise 32 random bytes per launch. */
  token?: string;
}

export interface WebServer {
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

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

export function contentSecurityPolicy(port: number): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mermaid writes inline styles into its SVG; nothing else needs inline style.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws://${LOOPBACK}:${port} ws://localhost:${port}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const token = opts.token ?? randomBytes(32).toString('base64url');
  const rendererDir = resolve(opts.rendererDir);
  let port = 0;
  const cookieName = () => `kalla_token_${port}`;
  const allowedHosts = () => new Set([`${LOOPBACK}:${port}`, `localhost:${port}`]);

  const authorised = (req: IncomingMessage, url: URL): boolean => {
    const presented =
      url.searchParams.get('token') ??
      readCookie(req, cookieName()) ??
      req.headers.authorization?.replace(/^Bearer\s+/i, '');
    return typeof presented === 'string' && sameSecret(presented, token);
  };

  const securityHeaders = (res: ServerResponse) => {
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(port));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('Cache-Control', 'no-store');
  };

  const deny = (res: ServerResponse, status: number, text: string) => {
    securityHeaders(res);
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(text);
  };

  const serveFile = async (res: ServerResponse, pathname: string) => {
    let rel: string;
    try {
      rel = decodeURIComponent(pathname);
    } catch {
      return deny(res, 400, 'Bad request');
    }
    const target = resolve(join(rendererDir, rel));
    if (target !== rendererDir && !target.startsWith(rendererDir + sep)) return deny(res, 404, 'Not found');
    let file = target;
    const info = await stat(file).catch(() => undefined);
    if (!info || info.isDirectory()) {
      // Client-side routes fall back to the app; missing assets stay 404.
      if (extname(rel)) return deny(res, 404, 'Not found');
      file = join(rendererDir, 'index.html');
    }
    const size = (await stat(file).catch(() => undefined))?.size;
    if (size === undefined) return deny(res, 500, 'The renderer is not built. Run `npm run build` first.');
    securityHeaders(res);
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': size,
    });
    createReadStream(file).pipe(res);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${LOOPBACK}`);
    if (!allowedHosts().has(req.headers.host ?? '')) return deny(res, 421, 'Misdirected request');
    if (!authorised(req, url)) {
      return deny(res, 401, 'Unauthorised: open the URL printed by `kalla web` (it carries the access token).');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return deny(res, 405, 'Method not allowed');
    if (url.searchParams.has('token')) {
      // Swap the token in the URL for a cookie so it leaves the address bar and history.
      securityHeaders(res);
      res.writeHead(302, {
        'Set-Cookie': `${cookieName()}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`,
        Location: url.pathname,
      });
      return res.end();
    }
    void serveFile(res, url.pathname).catch(() => deny(res, 500, 'Internal error'));
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://${LOOPBACK}`);
    const origin = req.headers.origin ?? '';
    const hostOk = allowedHosts().has(req.headers.host ?? '');
    const originOk = [...allowedHosts()].some((h) => origin === `http://${h}`);
    if (url.pathname !== '/ws' || !hostOk || !originOk || !authorised(req, url)) {
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  const attach = (ws: WebSocket) => {
    const unsubscribe = opts.core.subscribe((event, payload) => {
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
      void opts.core.dispatch(msg.channel, msg.input).then((envelope) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'result', id: msg.id, ...envelope }));
      });
    });
    ws.on('close', unsubscribe);
    ws.on('error', unsubscribe);
  };

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, LOOPBACK, () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${LOOPBACK}:${port}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
