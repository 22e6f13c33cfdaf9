/**
 * Browser mode's server: loopback only, a token on every request, our own
 * origin on WebSocket upgrades, and the same dispatcher as Electron behind it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Core } from '../../src/main/core';
import { createTestCore } from '../helpers/core';
import { startWebServer, type WebServer } from '../../src/main/web/server';

let core: Core;
let web: WebServer;
let dir: string;
const TOKEN = 'test-token-0123456789abcdef';

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: web.port, path, headers: { host: `127.0.0.1:${web.port}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function openSocket(headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${web.port}/ws`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function rpc(ws: WebSocket, id: number, channel: string, input: unknown): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const msg = JSON.parse(String(data));
      if (msg.type === 'result' && msg.id === id) {
        ws.off('message', onMessage);
        resolve(msg);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, channel, input }));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-web-'));
  const renderer = join(dir, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Kalla</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'do not serve');
  ({ core } = await createTestCore({ dataDir: join(dir, 'data'), withBuiltins: false }));
  web = await startWebServer({ core, rendererDir: renderer, token: TOKEN });
});
afterAll(async () => {
  await web.close();
  await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('browser mode server', () => {
  it('listens on loopback and prints a URL that carries the token', () => {
    expect(web.url).toBe(`http://127.0.0.1:${web.port}/?token=${TOKEN}`);
  });

  it('answers 401 without the token, with a way out', async () => {
    const r = await get('/');
    expect(r.status).toBe(401);
    expect(r.body).toContain('open the URL printed by `kalla web`');
    expect((await get('/?token=wrong')).status).toBe(401);
    expect((await get('/assets/app.js')).status).toBe(401);
  });

  it('swaps the token for an HttpOnly SameSite cookie and serves the app with a CSP', async () => {
    const r = await get(`/?token=${TOKEN}`);
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/');
    const cookie = String((r.headers['set-cookie'] as string[])[0]);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const page = await get('/', { cookie: cookie.split(';')[0] });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Kalla</title>');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const asset = await get('/assets/app.js', { cookie: cookie.split(';')[0] });
    expect(asset.headers['content-type']).toContain('text/javascript');
  });

  it('never serves files outside the renderer folder', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const r = await get(p, auth);
      expect(r.body).not.toContain('do not serve');
    }
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const r = await get(`/?token=${TOKEN}`, { host: 'evil.example:80' });
    expect(r.status).toBe(421);
  });

  it('refuses WebSocket upgrades without the token or from another origin', async () => {
    const origin = `http://127.0.0.1:${web.port}`;
    await expect(openSocket({ origin })).rejects.toThrow('HTTP 401');
    await expect(openSocket({ origin: 'http://evil.example', cookie: `kalla_token_${web.port}=${TOKEN}` })).rejects.toThrow('HTTP 401');
    await expect(openSocket({ cookie: `kalla_token_${web.port}=${TOKEN}` })).rejects.toThrow('HTTP 401');
  });

  it('carries the same validated handler table over the WebSocket', async () => {
    const ws = await openSocket({ origin: `http://127.0.0.1:${web.port}`, cookie: `kalla_token_${web.port}=${TOKEN}` });
    const info = await rpc(ws, 1, 'app.info', {});
    expect(info).toMatchObject({ ok: true, value: { mode: 'browser', version: '0.0.0-test' } });
    const bad = await rpc(ws, 2, 'servers.start', { name: 42 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const unknown = await rpc(ws, 3, 'shell.exec', { cmd: 'id' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    ws.close();
  });
});
