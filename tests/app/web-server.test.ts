/**
 * Browser mode's server: loopback only, a launch secret exchanged for a session
 * token that rides the WebSocket handshake (no cookie, nothing ambient), our own
 * origin on session requests and WebSocket upgrades, and the same dispatcher as
 * Electron behind it.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const LAUNCH = 'test-launch-0123456789abcdef';

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

function post(path: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { method: 'POST', host: '127.0.0.1', port: web.port, path, headers: { host: `127.0.0.1:${web.port}`, ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const own = () => ({ origin: `http://127.0.0.1:${web.port}`, 'content-type': 'application/json' });

async function newSession(): Promise<string> {
  const r = await post('/session', JSON.stringify({ launch: LAUNCH }), own());
  expect(r.status).toBe(200);
  return (JSON.parse(r.body) as { session: string }).session;
}

function openSocket(headers: Record<string, string>, protocols: string[] = []): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${web.port}/ws`, protocols, { headers });
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
  web = await startWebServer({ core, rendererDir: renderer, launchSecret: LAUNCH });
});
afterAll(async () => {
  await web.close();
  await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('browser mode server', () => {
  it('listens on loopback and prints a URL that carries the launch secret in its fragment only', () => {
    // A fragment is never part of a request: not in logs, Referer or any server's request line.
    expect(web.url).toBe(`http://127.0.0.1:${web.port}/#launch=${LAUNCH}`);
  });

  it('serves the app (which holds no secret) with a CSP and never sets a cookie', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Kalla</title>');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const asset = await get('/assets/app.js');
    expect(asset.headers['content-type']).toContain('text/javascript');
    // The old query-string form hands out nothing either.
    expect((await get(`/?token=${LAUNCH}`)).headers['set-cookie']).toBeUndefined();
  });

  it('exchanges the launch secret for a session only for its own page', async () => {
    const ok = await post('/session', JSON.stringify({ launch: LAUNCH }), own());
    expect(ok.status).toBe(200);
    expect(ok.headers['set-cookie']).toBeUndefined();
    const { session } = JSON.parse(ok.body) as { session: string };
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).not.toBe(LAUNCH);
    // A second tab opened from the printed URL gets its own session.
    expect(await newSession()).not.toBe(session);

    const wrong = await post('/session', JSON.stringify({ launch: 'wrong' }), own());
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('open the URL printed by `kalla web`');
    // Another site (or another local port) cannot open one, even knowing the secret: CSRF by form or fetch.
    for (const origin of ['http://evil.example', 'http://127.0.0.1:1', 'null']) {
      const r = await post('/session', JSON.stringify({ launch: LAUNCH }), { origin, 'content-type': 'application/json' });
      expect(r.status).toBe(403);
    }
    const form = await post('/session', `launch=${LAUNCH}`, { ...own(), 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(403);
    expect((await get('/session')).status).toBe(405);
  });

  it('never serves files outside the renderer folder', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const r = await get(p);
      expect(r.body).not.toContain('do not serve');
    }
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    expect((await get('/', { host: 'evil.example:80' })).status).toBe(421);
    expect((await post('/session', JSON.stringify({ launch: LAUNCH }), { ...own(), host: 'evil.example:80' })).status).toBe(421);
  });

  it('refuses WebSocket upgrades without a session, with a replayed cookie or launch secret, or from another origin', async () => {
    const origin = `http://127.0.0.1:${web.port}`;
    const session = await newSession();
    await expect(openSocket({ origin })).rejects.toThrow('HTTP 401');
    await expect(openSocket({ origin }, ['kalla.v1'])).rejects.toThrow('HTTP 401');
    // What the old design put in a cookie, replayed from another process: useless now.
    await expect(openSocket({ origin, cookie: `kalla_token_${web.port}=${LAUNCH}` }, ['kalla.v1'])).rejects.toThrow('HTTP 401');
    await expect(openSocket({ origin, cookie: `kalla_token_${web.port}=${session}` }, ['kalla.v1'])).rejects.toThrow('HTTP 401');
    await expect(openSocket({ origin, authorization: `Bearer ${LAUNCH}` }, ['kalla.v1'])).rejects.toThrow('HTTP 401');
    // The launch secret is not a session.
    await expect(openSocket({ origin }, ['kalla.v1', `kalla.session.${LAUNCH}`])).rejects.toThrow('HTTP 401');
    await expect(openSocket({ origin }, ['kalla.v1', 'kalla.session.forged'])).rejects.toThrow('HTTP 401');
    await expect(openSocket({ origin: 'http://evil.example' }, ['kalla.v1', `kalla.session.${session}`])).rejects.toThrow('HTTP 401');
    await expect(openSocket({}, ['kalla.v1', `kalla.session.${session}`])).rejects.toThrow('HTTP 401');
  });

  it('carries the same validated handler table over the WebSocket, never echoing the session', async () => {
    const ws = await openSocket({ origin: `http://127.0.0.1:${web.port}` }, ['kalla.v1', `kalla.session.${await newSession()}`]);
    expect(ws.protocol).toBe('kalla.v1');
    const info = await rpc(ws, 1, 'app.info', {});
    expect(info).toMatchObject({ ok: true, value: { mode: 'browser', version: '0.0.0-test' } });
    const bad = await rpc(ws, 2, 'servers.start', { name: 42 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const unknown = await rpc(ws, 3, 'shell.exec', { cmd: 'id' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    ws.close();
  });

  it('lists a workspace a newer Kalla wrote with the sentence, offers no restore and does not open it', async () => {
    const id = 'newer-kalla-ws';
    const folder = join(dir, 'data', 'workspaces', id);
    mkdirSync(folder, { recursive: true });
    const text = `${JSON.stringify({ version: 99, id, name: 'From the new Kalla', created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-02T00:00:00.000Z' })}\n`;
    writeFileSync(join(folder, 'state.json'), text);
    writeFileSync(join(folder, 'state.json.bak'), text);
    const ws = await openSocket({ origin: `http://127.0.0.1:${web.port}` }, ['kalla.v1', `kalla.session.${await newSession()}`]);
    const sentence = /made by a newer Kalla \(workspace version 99; this Kalla reads versions up to 1\)\. Update Kalla to open it\./;
    const list = (await rpc(ws, 1, 'reconcile.list', {})) as { ok: true; value: { workspaces: { id: string; damaged?: { reason: string; backup: boolean; newer?: boolean } }[] } };
    const listed = list.value.workspaces.find((w) => w.id === id);
    expect(listed?.damaged).toMatchObject({ backup: false, newer: true, reason: expect.stringMatching(sentence) });
    const open = await rpc(ws, 2, 'reconcile.setActive', { id });
    expect(open).toMatchObject({ ok: false, error: { code: 'newer_version', message: expect.stringMatching(sentence) } });
    expect(readdirSync(folder).sort()).toEqual(['state.json', 'state.json.bak']);
    expect(readFileSync(join(folder, 'state.json'), 'utf8')).toBe(text);
    ws.close();
    rmSync(folder, { recursive: true, force: true });
  });
});
