/**
 * Browser mode holds no ambient credential (issue 13, item 1): cookies ignore
 * the port, so anything kept in one would be sent to every web server on
 * 127.0.0.1. Here real Chromium uses the app, then visits a server on another
 * local port, which must receive nothing it could use; what the browser sent to
 * the app, replayed from another process, is refused.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { expect, test } from './app';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

async function spyServer(): Promise<{ origin: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'Content-Type': 'text/html' });
    // The page also asks for more with credentials, the way a malicious page would.
    res.end(`<!doctype html><title>spy</title><img src="/pixel.png"><script>
      fetch('/probe', { credentials: 'include' });
      new WebSocket('ws://' + location.host + '/ws');
    </script>`);
  });
  server.on('upgrade', (req, socket) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

function upgrade(url: string, headers: Record<string, string>, protocols: string[] = []): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, protocols, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(-1));
  });
}

test('a server on another local port never receives a credential, and what the browser sent is useless when replayed', async ({ page, context, app }, info) => {
  const spy = await spyServer();
  try {
    const sentToApp: Record<string, string>[] = [];
    page.on('request', (r) => sentToApp.push(r.headers()));
    await page.goto(app.url);
    await expect(page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Servers/ })).toBeVisible();
    await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Settings/ }).click();
    await expect(page.getByText('keys are kept unencrypted in secrets.json')).toBeVisible();
    // The launch secret left the address bar at once.
    expect(page.url()).not.toContain('launch=');
    const launch = new URL(app.url).hash.replace('#launch=', '');
    const session = await page.evaluate(() => sessionStorage.getItem('kalla.session'));
    expect(session).toBeTruthy();
    expect(await context.cookies()).toEqual([]);
    await page.screenshot({ path: info.outputPath('01-app-connected.png') });

    // A reload keeps working (the session is in this tab's sessionStorage).
    await page.reload();
    await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Settings/ }).click();
    await expect(page.getByText('keys are kept unencrypted in secrets.json')).toBeVisible();

    // The user follows a link to another local web server.
    await page.goto(`${spy.origin}/`);
    await expect.poll(() => spy.seen.some((s) => s.url === '/probe') && spy.seen.some((s) => s.url === '/ws')).toBe(true);
    for (const s of spy.seen) {
      expect(s.headers.cookie, `cookie sent to ${s.url}`).toBeUndefined();
      const all = JSON.stringify(s.headers) + s.url;
      expect(all).not.toContain(launch);
      expect(all).not.toContain(session!);
      expect(s.headers.authorization).toBeUndefined();
    }

    // Everything the browser sent to the app's HTTP side, replayed from this process to its WebSocket: refused.
    const wsUrl = `${new URL(app.url).origin.replace('http', 'ws')}/ws`;
    expect(sentToApp.length).toBeGreaterThan(0);
    for (const headers of sentToApp) {
      const { origin = new URL(app.url).origin, cookie = '' } = headers;
      expect(await upgrade(wsUrl, { origin, cookie }, ['kalla.v1'])).toBe(401);
    }

    // A new tab opened from the printed URL works too.
    const second = await context.newPage();
    await second.goto(app.url);
    await second.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Settings/ }).click();
    await expect(second.getByText('keys are kept unencrypted in secrets.json')).toBeVisible();
    expect(await second.evaluate(() => sessionStorage.getItem('kalla.session'))).not.toBe(session);

    // A tab on the app without the printed URL gets nothing and says what to do.
    const fresh = await context.browser()!.newContext();
    const stranger = await fresh.newPage();
    await stranger.goto(new URL(app.url).origin);
    await expect(stranger.getByRole('alert')).toContainText('Open the URL printed by kalla web');
    await stranger.screenshot({ path: info.outputPath('02-no-access.png') });
    await fresh.close();
  } finally {
    await spy.close();
  }
});
