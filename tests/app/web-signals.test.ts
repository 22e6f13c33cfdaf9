/**
 * `kalla web` as a process: SIGTERM and SIGINT end it within seconds, also while a sign-in waits
 * for the browser (its loopback listener used to keep the process alive until the 5-minute timeout).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startAuthServer } from '../mcp/oauth-server';
import { startRemoteServer } from '../mcp/remote-server';
import { serversFilePath } from '../../src/main/mcp/config';
import { kallaArgs } from '../helpers/kalla-command';

const ROOT = join(import.meta.dirname, '../..');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function startWeb(dir: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; exited: Promise<{ code: number | null; signal: string | null }> }> {
  const renderer = join(dir, 'renderer');
  mkdirp(renderer);
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>k</title>');
  const child = spawn(process.execPath, [...kallaArgs(), 'web', '--json'], {
    cwd: ROOT,
    env: { ...process.env, KALLA_DATA_DIR: join(dir, 'data'), KALLA_RENDERER_DIR: renderer, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ child, url: (JSON.parse(line) as { url: string }).url, exited });
    });
    child.once('exit', (code) => reject(new Error(`kalla web exited early (${code}): ${out}`)));
  });
}

/** The exit, or 'still running' after `ms`. */
function within<T>(ms: number, exit: Promise<T>): Promise<T | 'still running'> {
  return Promise.race([exit, new Promise<'still running'>((r) => setTimeout(() => r('still running'), ms))]);
}

function mkdirp(path: string) {
  mkdirSync(path, { recursive: true });
}

/** The browser's side: a session from the launch secret, then one call over the WebSocket. */
async function callOverSocket(url: string, channel: string, input: unknown): Promise<WebSocket> {
  const u = new URL(url);
  const launch = new URLSearchParams(u.hash.slice(1)).get('launch');
  const r = await fetch(`${u.origin}/session`, { method: 'POST', headers: { origin: u.origin, 'content-type': 'application/json' }, body: JSON.stringify({ launch }) });
  const { session } = (await r.json()) as { session: string };
  const ws = new WebSocket(`ws://${u.host}/ws`, ['kalla.v1', `kalla.session.${session}`], { headers: { origin: u.origin } });
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  ws.on('error', () => undefined);
  ws.send(JSON.stringify({ id: 1, channel, input }));
  return ws;
}

describe('kalla web and signals', () => {
  it('exits on SIGINT within a few seconds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kalla-web-sig-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const { child, exited } = await startWeb(dir);
    child.kill('SIGINT');
    expect(await within(8000, exited)).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('exits on SIGTERM within a few seconds while a sign-in waits for the browser', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kalla-web-sig-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const auth = await startAuthServer();
    cleanups.push(() => auth.close());
    const remote = await startRemoteServer('streamable-http', { oauth: { issuer: auth.issuer, accepts: (t) => auth.valid.has(t) } });
    cleanups.push(() => remote.close());
    mkdirp(join(dir, 'data'));
    writeFileSync(serversFilePath(join(dir, 'data')), JSON.stringify({ mcpServers: { crm: { type: 'http', url: remote.url } } }));
    // "The browser" only notes the URL: the user never finishes the sign-in.
    const opened = join(dir, 'opened');
    writeFileSync(join(dir, 'browser.sh'), `#!/bin/sh\necho "$1" > ${opened}\n`, { mode: 0o755 });
    const { child, url, exited } = await startWeb(dir, { BROWSER: join(dir, 'browser.sh') });
    const ws = await callOverSocket(url, 'servers.signIn', { name: 'crm' });
    cleanups.push(() => ws.terminate());
    await until(() => existsSync(opened), 'the authorization page to be opened');
    child.kill('SIGTERM');
    expect(await within(8000, exited)).toEqual({ code: 0, signal: null });
  }, 90_000);
});
