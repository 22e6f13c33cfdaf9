/**
 * Every entry point serves the renderer the same Content Security Policy (src/main/base/csp.ts):
 * the Electron window's response header, browser mode's header, and the meta tag the build writes
 * into index.html. They may differ only where the transport does (connect-src), and the meta tag
 * leaves out frame-ancestors, which a meta tag cannot carry.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_PLACEHOLDER, withCspMeta } from '../../src/main/base/csp';
import type { Core } from '../../src/main/core';
import { applySessionPolicy, type PolicySession } from '../../src/main/session-policy';
import { startWebServer, type WebServer } from '../../src/main/web/server';
import { createTestCore } from '../helpers/core';

type Policy = Map<string, string>;

function parse(policy: string): Policy {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name, ...sources]) => [name, sources.join(' ')] as [string, string]),
  );
}

/** The header the Electron window's session sets on a response, through the shell's own setup. */
function windowPolicy(): { policy: string; permission: boolean | undefined } {
  let onHeaders: Parameters<PolicySession['webRequest']['onHeadersReceived']>[0] | undefined;
  let permission: boolean | undefined;
  applySessionPolicy({
    setPermissionRequestHandler: (handler) => handler(undefined, 'media', (granted) => (permission = granted)),
    webRequest: { onHeadersReceived: (listener) => (onHeaders = listener) },
  });
  let headers: Record<string, string | string[]> = {};
  onHeaders!({ responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => (headers = r.responseHeaders ?? {}));
  expect(headers['Content-Type']).toEqual(['text/html']);
  const csp = headers['Content-Security-Policy'];
  expect(Array.isArray(csp) && csp.length === 1).toBe(true);
  return { policy: (csp as string[])[0], permission };
}

let core: Core;
let web: WebServer;
let dir: string;

function get(path: string): Promise<{ headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: web.port, path, headers: { host: `127.0.0.1:${web.port}` } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-csp-'));
  const renderer = join(dir, 'renderer');
  mkdirSync(renderer, { recursive: true });
  // The page as the build writes it: the repository's index.html through the build's transform.
  writeFileSync(join(renderer, 'index.html'), withCspMeta(readFileSync('src/renderer/index.html', 'utf8')));
  ({ core } = await createTestCore({ dataDir: join(dir, 'data'), withBuiltins: false }));
  web = await startWebServer({ core, rendererDir: renderer, launchSecret: 'csp-test-launch-0123456789' });
});
afterAll(async () => {
  await web.close();
  await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('one Content Security Policy for every entry point', () => {
  it('the window, browser mode and the built page agree on every directive but connect-src', async () => {
    const window = windowPolicy();
    expect(window.permission).toBe(false);
    const page = await get('/');
    const served = parse(String(page.headers['content-security-policy']));
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(page.body)?.[1];
    expect(meta).toBeDefined();
    const electron = parse(window.policy);
    const built = parse(meta!);

    const shared = (p: Policy, dropFrameAncestors = false) =>
      [...p].filter(([name]) => name !== 'connect-src' && !(dropFrameAncestors && name === 'frame-ancestors'));
    expect(shared(served)).toEqual(shared(electron));
    expect(shared(built)).toEqual(shared(electron, true));
    expect(electron.get('frame-ancestors')).toBe("'none'");
    expect(built.has('frame-ancestors')).toBe(false);
    expect(electron.get('script-src')).toBe("'self'");
    expect(electron.get('object-src')).toBe("'none'");

    // The transport: IPC needs no socket; browser mode its own port; the meta tag any loopback port.
    expect(electron.get('connect-src')).toBe("'self'");
    expect(served.get('connect-src')).toBe(`'self' ws://127.0.0.1:${web.port} ws://localhost:${web.port}`);
    expect(built.get('connect-src')).toBe("'self' ws://127.0.0.1:* ws://localhost:*");
  });

  it('the build refuses a page without the placeholder rather than ship it without a policy', () => {
    expect(readFileSync('src/renderer/index.html', 'utf8')).toContain(CSP_PLACEHOLDER);
    expect(() => withCspMeta('<!doctype html><title>x</title>')).toThrow(CSP_PLACEHOLDER);
  });
});
