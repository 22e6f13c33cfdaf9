/**
 * OAuth sign-in for a remote server, through the real host: a loopback Streamable HTTP MCP server
 * that is an OAuth protected resource, and a loopback authorization server of our own (metadata,
 * dynamic registration, PKCE, refresh). "The browser" follows the authorization server's redirect to
 * Kalla's loopback callback, as a browser does when the user clicks Allow.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { McpHost } from '../../src/main/mcp/host';
import { SecretStore, plainFileCodec } from '../../src/main/settings/secret-store';
import type { ServerConfig } from '../../src/shared/mcp';
import type { SecretKeeper } from '../../src/main/mcp/oauth';
import { tempDir, waitFor } from './helpers';
import { startAuthServer, type AuthServer } from './oauth-server';
import { startRemoteServer } from './remote-server';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function memorySecrets(): SecretKeeper & { all: Map<string, string> } {
  const all = new Map<string, string>();
  return { all, get: async (k) => all.get(k), set: async (k, v) => void all.set(k, v), delete: async (k) => void all.delete(k) };
}

/** Follows redirects like a browser; `before` runs first (e.g. a forged callback). */
function browser(opened: string[], before?: (url: string) => Promise<void>) {
  return async (url: string) => {
    opened.push(url);
    void (async () => {
      await before?.(url);
      let next = url;
      for (let hop = 0; hop < 5; hop++) {
        const res = await fetch(next, { redirect: 'manual' });
        const location = res.headers.get('location');
        if (!location) return;
        next = new URL(location, next).href;
      }
    })();
  };
}

async function setUp(): Promise<{ auth: AuthServer; url: string }> {
  const auth = await startAuthServer();
  cleanups.push(() => auth.close());
  const remote = await startRemoteServer('streamable-http', { oauth: { issuer: auth.issuer, accepts: (t) => auth.valid.has(t) } });
  cleanups.push(() => remote.close());
  return { auth, url: remote.url };
}

async function hostFor(url: string, secrets: SecretKeeper, open: (url: string) => Promise<void>, oauth?: ServerConfig['oauth'], type: 'http' | 'sse' = 'http', maxRetries = 0): Promise<McpHost> {
  const dir = await tempDir();
  const host = new McpHost({ dataDir: dir.path, builtins: [], spawnEnv: async () => ({ PATH: process.env.PATH ?? '' }), restart: { maxRetries, baseDelayMs: 10, maxDelayMs: 10 }, oauth: { secrets, openBrowser: open, signInTimeoutMs: 10_000 } });
  cleanups.push(async () => {
    await host.stop();
    await dir.cleanup();
  });
  await host.start();
  await host.addServer('crm', { url, type, args: [], env: {}, ...(oauth ? { oauth } : {}) });
  await waitFor(() => ['running', 'error'].includes(host.get('crm')?.status ?? ''), 'crm settled');
  return host;
}

describe('OAuth sign-in', () => {
  it('needs sign-in first; Sign in opens the browser, registers, checks PKCE and state, and then tools work; tokens stay out of logs', async () => {
    const { auth, url } = await setUp();
    const secrets = memorySecrets();
    const opened: string[] = [];
    // A forged redirect with the wrong state arrives first: it must be refused, and the real one accepted.
    let forgedStatus = 0;
    const host = await hostFor(
      url,
      secrets,
      browser(opened, async (authorizeUrl) => {
        const redirect = new URL(authorizeUrl).searchParams.get('redirect_uri')!;
        forgedStatus = (await fetch(`${redirect}?code=stolen&state=wrong`)).status;
      }),
    );
    expect(host.get('crm')).toMatchObject({ status: 'error', auth: 'needs-sign-in' });
    expect(host.get('crm')?.error).toContain('crm needs you to sign in (Servers → crm → Sign in)');
    expect(opened).toEqual([]); // never without the user's click

    await host.signIn('crm');
    await waitFor(() => host.get('crm')?.status === 'running', 'crm running after sign-in');
    expect(host.get('crm')?.auth).toBe('signed-in');
    expect(opened).toHaveLength(1);
    const authorize = new URL(opened[0]);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(forgedStatus).toBe(400);
    expect(auth.registrations).toBe(1);
    expect(auth.pkceChecks).toEqual(['ok']);
    expect((await host.callTool('crm', 'echo', { text: 'signed in' })).structuredContent).toEqual({ text: 'signed in' });

    const token = [...auth.valid][0];
    expect(JSON.stringify(host.logs('crm'))).not.toContain(token);
    expect(JSON.stringify(host.history('crm'))).not.toContain(token);
    expect(JSON.stringify(host.get('crm'))).not.toContain(token);
    expect([...secrets.all.values()].join()).toContain(token); // kept in the secret store only
  }, 60_000);

  it('reuses stored tokens after a restart, refreshes an expired one, and asks to sign in again when the refresh is refused', async () => {
    const { auth, url } = await setUp();
    const secrets = memorySecrets();
    const opened: string[] = [];
    const first = await hostFor(url, secrets, browser(opened));
    await first.signIn('crm');
    await waitFor(() => first.get('crm')?.status === 'running', 'signed in');
    await first.stop();

    // A new run of the app: no browser, the stored token is used.
    const second = await hostFor(url, secrets, browser(opened));
    expect(second.get('crm')?.status).toBe('running');
    expect(opened).toHaveLength(1);

    // The access token is revoked (expired): the next request is refreshed transparently.
    auth.valid.clear();
    expect((await second.callTool('crm', 'echo', { text: 'after refresh' })).structuredContent).toEqual({ text: 'after refresh' });
    expect(auth.grants).toEqual(['authorization_code', 'refresh_token']);
    await second.stop();

    // Refresh refused (access revoked at the provider): the server asks to sign in again, no browser.
    auth.valid.clear();
    auth.refuseRefresh = true;
    const third = await hostFor(url, secrets, browser(opened));
    expect(third.get('crm')).toMatchObject({ status: 'error', auth: 'needs-sign-in' });
    expect(opened).toHaveLength(1);

    // Sign out forgets the tokens; the server needs a new sign-in.
    await third.signOut('crm');
    expect(JSON.parse(secrets.all.get('mcp-oauth:crm')!).tokens).toBeUndefined();
    await waitFor(() => third.get('crm')?.auth === 'needs-sign-in', 'needs sign-in after sign-out');
  }, 60_000);
});

describe('OAuth step-up, pre-registered clients and service accounts', () => {
  /** A server whose tools/call needs `call` scopes and everything else `crm:read`; `held` filters what it honours. */
  async function scopedServer(call: string[], held: (granted: string[]) => string[] = (g) => g, mode: 'streamable-http' | 'sse' = 'streamable-http') {
    const auth = await startAuthServer();
    cleanups.push(() => auth.close());
    const remote = await startRemoteServer(mode, {
      oauth: {
        issuer: auth.issuer,
        accepts: (t) => auth.valid.has(t),
        scopes: { needed: (method) => (method === 'tools/call' ? call : ['crm:read']), of: (t) => held(auth.scopes.get(t) ?? []) },
      },
    });
    cleanups.push(() => remote.close());
    return { auth, url: remote.url };
  }

  it('a call that needs a scope the sign-in lacks asks for more permission; Sign in asks for both scopes and the call then works, in the same session', async () => {
    const { auth, url } = await scopedServer(['crm:read', 'crm:write']);
    const opened: string[] = [];
    const host = await hostFor(url, memorySecrets(), browser(opened));
    await host.signIn('crm');
    await waitFor(() => host.get('crm')?.status === 'running', 'signed in');
    expect(auth.authorizeScopes).toEqual(['crm:read']);
    const pid = host.get('crm')?.restarts;

    await expect(host.callTool('crm', 'echo', { text: 'write it' })).rejects.toThrow('crm needs more permission for this (crm:write): sign in again to grant it (Servers → crm → Sign in)');
    expect(host.get('crm')).toMatchObject({ status: 'running', auth: 'needs-sign-in' });
    expect(opened).toHaveLength(1); // the browser opens only on the user's Sign in

    await host.signIn('crm');
    expect(auth.authorizeScopes).toEqual(['crm:read', 'crm:read crm:write']);
    expect(host.get('crm')).toMatchObject({ status: 'running', auth: 'signed-in', restarts: pid });
    expect((await host.callTool('crm', 'echo', { text: 'write it' })).structuredContent).toEqual({ text: 'write it' });
    expect(auth.grants).not.toContain('refresh_token'); // a refresh cannot add scopes: never tried for step-up
    const log = host.logs('crm').map((l) => l.text);
    expect(log).toContain('crm needs more permission for this (crm:write): sign in again to grant it (Servers → crm → Sign in)');
    expect(log.filter((l) => l.startsWith('protocol error'))).toEqual([]);
  }, 60_000);

  it('step-up works over the legacy SSE transport too (its messages go to another URL, where the SDK ignores a 403)', async () => {
    const { auth, url } = await scopedServer(['crm:read', 'crm:write'], undefined, 'sse');
    const opened: string[] = [];
    const host = await hostFor(url, memorySecrets(), browser(opened), undefined, 'sse');
    await host.signIn('crm');
    await waitFor(() => host.get('crm')?.status === 'running', 'signed in');
    await expect(host.callTool('crm', 'echo', { text: 'write it' })).rejects.toThrow('crm needs more permission for this (crm:write)');
    expect(host.get('crm')).toMatchObject({ status: 'running', auth: 'needs-sign-in' });
    await host.signIn('crm');
    expect(auth.authorizeScopes).toEqual(['crm:read', 'crm:read crm:write']);
    expect((await host.callTool('crm', 'echo', { text: 'write it' })).structuredContent).toEqual({ text: 'write it' });
    expect(host.logs('crm').map((l) => l.text).filter((l) => l.startsWith('protocol error'))).toEqual([]);
  }, 60_000);

  it('a server that still refuses a scope the sign-in was granted gets a clear refusal, not another sign-in loop', async () => {
    // The authorization server grants crm:admin, but the account lacks it on the server's side.
    const { auth, url } = await scopedServer(['crm:admin'], (granted) => granted.filter((s) => s !== 'crm:admin'));
    const opened: string[] = [];
    const host = await hostFor(url, memorySecrets(), browser(opened));
    await host.signIn('crm');
    await waitFor(() => host.get('crm')?.status === 'running', 'signed in');
    await expect(host.callTool('crm', 'echo', { text: 'x' })).rejects.toThrow('needs more permission for this (crm:admin)');
    await host.signIn('crm');
    await expect(host.callTool('crm', 'echo', { text: 'x' })).rejects.toThrow(
      "crm refused this for lack of permission (crm:admin) although your sign-in was granted it; signing in again will not help",
    );
    expect(host.get('crm')?.auth).toBe('signed-in');
    expect(auth.authorizeScopes).toHaveLength(2);
    expect(opened).toHaveLength(2);
  }, 60_000);

  it("a pre-registered client's secret moves from the server file into the secret store, authenticates with HTTP Basic, and goes when the server is removed", async () => {
    const auth = await startAuthServer({ client: { id: 'kalla-prereg', secret: 'pre-registered-s3cret' } });
    cleanups.push(() => auth.close());
    const remote = await startRemoteServer('streamable-http', { oauth: { issuer: auth.issuer, accepts: (t) => auth.valid.has(t) } });
    cleanups.push(() => remote.close());
    const secrets = memorySecrets();
    const opened: string[] = [];
    const host = await hostFor(remote.url, secrets, browser(opened), { clientId: 'kalla-prereg', clientSecret: 'pre-registered-s3cret' });

    expect(await host.readConfigText()).not.toContain('pre-registered-s3cret');
    expect(JSON.parse(await host.readConfigText()).mcpServers.crm.oauth).toEqual({ clientId: 'kalla-prereg' });
    expect(secrets.all.get('mcp-oauth-client:crm')).toContain('pre-registered-s3cret');

    await host.signIn('crm');
    await waitFor(() => host.get('crm')?.status === 'running', 'signed in');
    expect(auth.registrations).toBe(0);
    expect(auth.clientAuth).toEqual(['basic:kalla-prereg:pre-registered-s3cret']);
    expect(new URL(opened[0]).searchParams.get('client_id')).toBe('kalla-prereg');
    expect(JSON.stringify(host.list())).not.toContain('pre-registered-s3cret');
    expect(JSON.stringify(host.logs('crm'))).not.toContain('pre-registered-s3cret');

    await host.removeServer('crm');
    expect([...secrets.all.keys()].filter((k) => k.endsWith(':crm'))).toEqual([]);

    // Removed in the JSON editor instead: the same.
    await host.addServer('crm2', { url: remote.url, type: 'http', args: [], env: {}, oauth: { clientId: 'kalla-prereg', clientSecret: 'pre-registered-s3cret' } });
    expect(secrets.all.has('mcp-oauth-client:crm2')).toBe(true);
    await host.writeConfigText(JSON.stringify({ mcpServers: {} }));
    expect([...secrets.all.keys()].filter((k) => k.endsWith(':crm2'))).toEqual([]);
  }, 60_000);

  it('removing several OAuth servers in one JSON-editor save removes every one of their secrets from secrets.json', async () => {
    const { url } = await setUp();
    const dir = await tempDir();
    const store = new SecretStore(dir.path, plainFileCodec);
    const host = new McpHost({ dataDir: dir.path, builtins: [], spawnEnv: async () => ({ PATH: process.env.PATH ?? '' }), restart: { maxRetries: 0, baseDelayMs: 10, maxDelayMs: 10 }, oauth: { secrets: store, openBrowser: async () => undefined } });
    cleanups.push(async () => {
      await host.stop();
      await dir.cleanup();
    });
    await host.start();
    const names = ['crm1', 'crm2', 'crm3', 'crm4'];
    await host.writeConfigText(JSON.stringify({ mcpServers: Object.fromEntries(names.map((n) => [n, { type: 'http', url, oauth: { clientId: `id-${n}`, clientSecret: `secret-${n}` } }])) }));
    await waitFor(() => names.every((n) => host.get(n)?.auth === 'needs-sign-in'), 'all four need sign-in');
    const keysOnDisk = async () => Object.keys((JSON.parse(await readFile(join(dir.path, 'secrets.json'), 'utf8')) as { entries: object }).entries);
    expect((await keysOnDisk()).sort()).toEqual(names.flatMap((n) => [`mcp-oauth-client:${n}`, `mcp-oauth:${n}`]).sort());

    await host.writeConfigText(JSON.stringify({ mcpServers: {} }));
    expect(await keysOnDisk()).toEqual([]);
    expect(await new SecretStore(dir.path, plainFileCodec).get('mcp-oauth-client:crm2')).toBeUndefined();
  }, 60_000);

  it('a service account (client credentials) connects without a browser; without its secret it says what to enter', async () => {
    const auth = await startAuthServer({ client: { id: 'kalla-robot', secret: 'robot-s3cret' } });
    cleanups.push(() => auth.close());
    const remote = await startRemoteServer('streamable-http', { oauth: { issuer: auth.issuer, accepts: (t) => auth.valid.has(t) } });
    cleanups.push(() => remote.close());
    const secrets = memorySecrets();
    const opened: string[] = [];
    const host = await hostFor(remote.url, secrets, browser(opened), { grant: 'client_credentials', clientId: 'kalla-robot', clientSecret: 'robot-s3cret', scopes: ['crm:read'], issuer: auth.issuer });
    expect(host.get('crm')?.status).toBe('running');
    expect(opened).toEqual([]);
    expect(auth.grants).toEqual(['client_credentials']);
    expect(auth.clientAuth).toEqual(['basic:kalla-robot:robot-s3cret']);
    expect([...auth.scopes.values()]).toEqual([['crm:read']]);
    expect((await host.callTool('crm', 'echo', { text: 'robot' })).structuredContent).toEqual({ text: 'robot' });

    await host.addServer('crm2', { url: remote.url, type: 'http', args: [], env: {}, oauth: { grant: 'client_credentials', clientId: 'kalla-robot' } });
    await waitFor(() => host.get('crm2')?.status === 'error', 'crm2 settled');
    expect(host.get('crm2')?.error).toContain("crm2 signs in as a service account (client credentials) but has no client secret or private key: enter it in the server's settings");
    // A wrong secret is refused once, with what to check, and not retried.
    await host.addServer('crm3', { url: remote.url, type: 'http', args: [], env: {}, oauth: { grant: 'client_credentials', clientId: 'kalla-robot', clientSecret: 'wrong' } });
    await waitFor(() => host.get('crm3')?.status === 'error', 'crm3 settled');
    expect(host.get('crm3')?.error).toContain("the authorization server refused crm3's client credentials");
    // Credentials bound to another authorization server are never sent to this one.
    const before = auth.clientAuth.length;
    await host.addServer('crm4', { url: remote.url, type: 'http', args: [], env: {}, oauth: { grant: 'client_credentials', clientId: 'kalla-robot', clientSecret: 'robot-s3cret', issuer: 'https://login.example.com' } });
    await waitFor(() => host.get('crm4')?.status === 'error', 'crm4 settled');
    expect(auth.clientAuth).toHaveLength(before);
    expect(host.get('crm4')?.error).toMatch(/login\.example\.com/);
  }, 60_000);
});

describe('authorization-server metadata', () => {
  it('is refused when its issuer is not the authorization server asked for (RFC 8414 §3.3)', async () => {
    const { auth, url } = await setUp();
    auth.claimedIssuer = 'https://accounts.attacker.example';
    const secrets = memorySecrets();
    const opened: string[] = [];
    const host = await hostFor(url, secrets, browser(opened));
    await expect(host.signIn('crm')).rejects.toThrow(/sent metadata naming another issuer \(https:\/\/accounts\.attacker\.example\), which Kalla refuses \(RFC 8414 §3\.3\)/);
    expect(opened).toEqual([]);
    expect(auth.registrations).toBe(0);
    expect(auth.grants).toEqual([]);
    expect(host.get('crm')?.error).toContain('sent metadata naming another issuer');

    // The same server with honest metadata (a trailing "/" aside) signs in.
    auth.claimedIssuer = `${auth.issuer}/`;
    await host.signIn('crm');
    await waitFor(() => host.get('crm')?.status === 'running', 'signed in');
    expect(opened).toHaveLength(1);
  }, 60_000);

  it('with a javascript: authorization endpoint gives one clear error, no schema dump and no restart loop', async () => {
    const { auth, url } = await setUp();
    auth.authorizationEndpoint = 'javascript:alert(1)';
    const secrets = memorySecrets();
    const opened: string[] = [];
    // Retries allowed: the metadata error itself must stop them.
    const host = await hostFor(url, secrets, browser(opened), undefined, 'http', 3);
    const error = await host.signIn('crm').then(() => undefined, (e: unknown) => e as Error);
    expect(error?.message).toMatch(/authorization endpoint .*is not an https: address/);
    expect(error?.message).not.toMatch(/invalid_format|"code"|\[\s*\{/);
    expect(opened).toEqual([]);
    const statuses = new Set<string>();
    for (let i = 0; i < 20; i++) {
      statuses.add(host.get('crm')?.status ?? 'gone');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect([...statuses]).not.toContain('restarting');
    expect(host.get('crm')?.error).toMatch(/authorization endpoint/);
  }, 60_000);
});

describe('the loopback sign-in listener', () => {
  /** Whether something accepts connections on 127.0.0.1:port. */
  function listening(port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
  }

  async function signInHost(open: (url: string) => Promise<void>, signInTimeoutMs = 10_000) {
    const { url } = await setUp();
    const secrets = memorySecrets();
    const dir = await tempDir();
    const host = new McpHost({ dataDir: dir.path, builtins: [], spawnEnv: async () => ({ PATH: process.env.PATH ?? '' }), restart: { maxRetries: 0, baseDelayMs: 10, maxDelayMs: 10 }, oauth: { secrets, openBrowser: open, signInTimeoutMs } });
    cleanups.push(async () => {
      await host.stop();
      await dir.cleanup();
    });
    await host.start();
    await host.addServer('crm', { url, type: 'http', args: [], env: {} });
    await waitFor(() => host.get('crm')?.auth === 'needs-sign-in', 'crm needs sign-in');
    const port = () => (JSON.parse(secrets.all.get('mcp-oauth:crm')!) as { port: number }).port;
    return { host, port };
  }

  it('closes when the browser cannot be opened', async () => {
    const { host, port } = await signInHost(async () => {
      throw new Error('Refused to open a file: link');
    });
    await host.signIn('crm').catch(() => undefined);
    await waitFor(() => host.get('crm')?.status !== 'starting', 'sign-in settled');
    expect(await listening(port())).toBe(false);
  });

  it('closes when the sign-in is abandoned (timeout) and when the server is removed while it waits', async () => {
    let opened = 0;
    const { host, port } = await signInHost(async () => void opened++, 600);
    const first = host.signIn('crm').catch((e: unknown) => e);
    await waitFor(() => opened === 1, 'authorization page opened');
    expect(await listening(port())).toBe(true);
    expect(String(await first)).toMatch(/not finished in the browser within 1 s/);
    expect(await listening(port())).toBe(false);

    const second = host.signIn('crm').catch((e: unknown) => e);
    await waitFor(() => opened === 2, 'authorization page opened again');
    const redirectPort = port(); // removing the server forgets its sign-in, port included
    expect(await listening(redirectPort)).toBe(true);
    const started = Date.now();
    await host.removeServer('crm');
    expect(await listening(redirectPort)).toBe(false);
    await second;
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('one Sign in', () => {
  it('opens the authorization page once when a server lets initialize through and refuses its three first lists', async () => {
    const auth = await startAuthServer();
    cleanups.push(() => auth.close());
    // initialize passes without a token; tools/list, resources/list and prompts/list (sent together) get 401.
    const remote = await startRemoteServer('streamable-http', {
      oauth: { issuer: auth.issuer, accepts: (t) => auth.valid.has(t), anonymous: ['initialize', 'notifications/initialized'] },
    });
    cleanups.push(() => remote.close());
    const opened: string[] = [];
    const host = await hostFor(remote.url, memorySecrets(), browser(opened));
    expect(host.get('crm')).toMatchObject({ status: 'error', auth: 'needs-sign-in' });
    expect(opened).toEqual([]);

    await host.signIn('crm');
    await waitFor(() => host.get('crm')?.status === 'running', 'crm running after sign-in');
    expect(opened).toHaveLength(1);
    expect(auth.grants.filter((g) => g === 'authorization_code')).toHaveLength(1);
    expect((await host.callTool('crm', 'echo', { text: 'once' })).structuredContent).toEqual({ text: 'once' });
  }, 60_000);
});
