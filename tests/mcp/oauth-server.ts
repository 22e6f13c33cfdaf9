/**
 * A loopback OAuth 2.1 authorization server for tests: metadata (RFC 8414), dynamic client
 * registration (RFC 7591), /authorize that approves at once (a user clicking Allow) and redirects
 * with the code and state, and /token for authorization_code (with PKCE S256 checked) and
 * refresh_token grants. It records what it saw, can revoke access tokens and refuse refreshes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AuthServer {
  issuer: string;
  /** Access tokens currently valid. */
  valid: Set<string>;
  grants: string[];
  pkceChecks: Array<'ok' | 'mismatch'>;
  registrations: number;
  /** Refuse every refresh from now on (as after the user revoked Kalla's access). */
  refuseRefresh: boolean;
  /** The scopes each valid access token was granted. */
  scopes: Map<string, string[]>;
  /** The `scope` of each authorization request, in order. */
  authorizeScopes: Array<string | null>;
  /** How each token request authenticated the client: HTTP Basic as `basic:<id>:<secret>`, else `none`. */
  clientAuth: string[];
  /** When set, the metadata names this `issuer` instead of the server's own URL (a mix-up attempt). */
  claimedIssuer?: string;
  /** When set, the metadata names this authorization endpoint (say a `javascript:` URL). */
  authorizationEndpoint?: string;
  close(): Promise<void>;
}

/**
 * `client`: a pre-registered confidential client (id and secret, HTTP Basic at the token
 * endpoint); dynamic registration is then switched off and client_credentials is offered.
 */
export async function startAuthServer(opts: { client?: { id: string; secret: string } } = {}): Promise<AuthServer> {
  const codes = new Map<string, { challenge: string; redirect: string; scope: string }>();
  const refresh = new Map<string, string>();
  const state: AuthServer = {
    issuer: '',
    valid: new Set(),
    grants: [],
    pkceChecks: [],
    registrations: 0,
    refuseRefresh: false,
    scopes: new Map(),
    authorizeScopes: [],
    clientAuth: [],
    close: async () => {},
  };
  const token = () => randomBytes(16).toString('hex');
  const issue = (scope: string) => {
    const access = `at-${token()}`;
    const r = `rt-${token()}`;
    state.valid.add(access);
    state.scopes.set(access, scope.split(' ').filter(Boolean));
    refresh.set(r, scope);
    return { access_token: access, token_type: 'Bearer', expires_in: 3600, refresh_token: r, ...(scope ? { scope } : {}) };
  };
  const http = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', state.issuer);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    let body = '';
    for await (const chunk of req) body += chunk;
    if (url.pathname === '/.well-known/oauth-authorization-server') {
      return json(200, {
        issuer: state.claimedIssuer ?? state.issuer,
        authorization_endpoint: state.authorizationEndpoint ?? `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        ...(opts.client ? {} : { registration_endpoint: `${state.issuer}/register` }),
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token', ...(opts.client ? ['client_credentials'] : [])],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: opts.client ? ['client_secret_basic'] : ['none'],
      });
    }
    if (url.pathname === '/register' && req.method === 'POST') {
      state.registrations++;
      return json(201, { ...JSON.parse(body), client_id: `client-${state.registrations}` });
    }
    if (url.pathname === '/authorize') {
      const redirect = url.searchParams.get('redirect_uri')!;
      if (url.searchParams.get('code_challenge_method') !== 'S256') return json(400, { error: 'invalid_request', error_description: 'PKCE S256 is required' });
      const code = `code-${token()}`;
      state.authorizeScopes.push(url.searchParams.get('scope'));
      codes.set(code, { challenge: url.searchParams.get('code_challenge')!, redirect, scope: url.searchParams.get('scope') ?? '' });
      const to = new URL(redirect);
      to.searchParams.set('code', code);
      to.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: to.href }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      const grant = form.get('grant_type')!;
      state.grants.push(grant);
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const credentials = basic ? Buffer.from(basic, 'base64').toString('utf8') : undefined;
      state.clientAuth.push(credentials ? `basic:${credentials}` : 'none');
      if (opts.client && credentials !== `${opts.client.id}:${opts.client.secret}`) return json(401, { error: 'invalid_client', error_description: 'client authentication failed' });
      if (grant === 'client_credentials' && opts.client) return json(200, issue(form.get('scope') ?? ''));
      if (grant === 'authorization_code') {
        const entry = codes.get(form.get('code') ?? '');
        if (!entry) return json(400, { error: 'invalid_grant' });
        codes.delete(form.get('code')!);
        const challenge = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
        if (challenge !== entry.challenge) {
          state.pkceChecks.push('mismatch');
          return json(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        }
        state.pkceChecks.push('ok');
        return json(200, issue(entry.scope));
      }
      if (grant === 'refresh_token') {
        const r = form.get('refresh_token') ?? '';
        const scope = refresh.get(r);
        if (state.refuseRefresh || scope === undefined) return json(400, { error: 'invalid_grant', error_description: 'refresh token revoked' });
        refresh.delete(r);
        return json(200, issue(scope));
      }
      return json(400, { error: 'unsupported_grant_type' });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  state.issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  state.close = async () => {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  };
  return state;
}
