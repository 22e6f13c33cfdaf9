/**
 * OAuth 2.1 sign-in for remote MCP servers, as the MCP authorization spec describes: the SDK does
 * protected-resource and authorization-server discovery, dynamic client registration, PKCE, the
 * code exchange and refresh; this provider keeps what it learns (client registration, tokens, the
 * PKCE verifier) in the app's secret store (safeStorage in Electron, a 0600 file otherwise), opens
 * the user's browser only when they asked to sign in, and receives the redirect on a loopback
 * listener (RFC 8252: http://127.0.0.1:<port>/callback) that checks `state` and closes after use.
 * Tokens never reach the renderer, the logs or the server's other requests.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** Where sign-in data lives: the SecretStore in the app, memory in tests. */
export interface SecretKeeper {
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

export interface OAuthSettings {
  secrets: SecretKeeper;
  /** Opens the authorization page in the user's browser. */
  openBrowser(url: string): Promise<void>;
  /** How long the browser step may take. Default 5 minutes. */
  signInTimeoutMs?: number;
}

/**
 * The `oauth` block of a server's config. Without a client id the client registers itself
 * (dynamic client registration), or uses `clientMetadataUrl` as its id where the authorization
 * server accepts Client ID Metadata Documents. `client_credentials` is sign-in without a user
 * (a service account): a client secret, or a private key for `private_key_jwt`.
 */
export interface OAuthClientConfig {
  clientId?: string;
  scopes?: string[];
  clientMetadataUrl?: string;
  grant?: 'authorization_code' | 'client_credentials';
  /** For a service account: the only authorization server its credentials are sent to. */
  issuer?: string;
  signingAlgorithm?: string;
  /** Only where no secret store holds them (the host moves them there from the config file). */
  clientSecret?: string;
  privateKey?: string;
}

/** The client secret and private key of a pre-registered client, kept in the secret store under this name. */
export function clientSecretsKey(server: string): string {
  return `mcp-oauth-client:${server}`;
}

/** Tokens, registration and PKCE state of a server's sign-in, kept in the secret store under this name. */
export function signInKey(server: string): string {
  return `mcp-oauth:${server}`;
}

export interface ClientSecrets {
  clientSecret?: string;
  privateKey?: string;
}

async function readClientSecrets(server: string, settings: OAuthSettings, client: OAuthClientConfig): Promise<ClientSecrets> {
  const text = await settings.secrets.get(clientSecretsKey(server));
  const stored = text ? (JSON.parse(text) as ClientSecrets) : {};
  return { clientSecret: client.clientSecret ?? stored.clientSecret, privateKey: client.privateKey ?? stored.privateKey };
}

/**
 * The provider for a server's `oauth` config: the browser sign-in (authorization code + PKCE), or
 * for `client_credentials` the SDK's machine-to-machine providers (tokens in memory: they are
 * fetched again without the user whenever needed).
 */
export async function oauthProviderFor(server: string, settings: OAuthSettings, client: OAuthClientConfig = {}): Promise<KallaOAuthProvider | OAuthClientProvider> {
  if (client.grant !== 'client_credentials') {
    const provider = new KallaOAuthProvider(server, settings, client);
    await provider.prepare();
    return provider;
  }
  const secrets = await readClientSecrets(server, settings, client);
  if (!client.clientId) throw new ClientCredentialsMissingError(server, 'client id');
  const scope = client.scopes?.length ? client.scopes.join(' ') : undefined;
  // Without an issuer the MCP server's metadata decides where the credentials go; with it, only there.
  const common = { clientName: 'Kalla Desktop', ...(scope ? { scope } : {}), ...(client.issuer ? { expectedIssuer: client.issuer } : {}) };
  if (secrets.privateKey) {
    return new PrivateKeyJwtProvider({ clientId: client.clientId, privateKey: secrets.privateKey, algorithm: client.signingAlgorithm ?? 'RS256', ...common });
  }
  if (secrets.clientSecret) return new ClientCredentialsProvider({ clientId: client.clientId, clientSecret: secrets.clientSecret, ...common });
  throw new ClientCredentialsMissingError(server, 'client secret or private key');
}

export class ClientCredentialsMissingError extends Error {
  constructor(server: string, what: string) {
    super(`${server} signs in as a service account (client credentials) but has no ${what}: enter it in the server's settings (Servers → ${server} → Edit → OAuth)`);
    this.name = 'ClientCredentialsMissingError';
  }
}

/**
 * A 403 with `error="insufficient_scope"` naming scopes the sign-in was not granted: the user can
 * grant them by signing in again (step-up authorization).
 */
export class MorePermissionNeededError extends Error {
  constructor(server: string, readonly missing: string[]) {
    super(`${server} needs more permission for this (${missing.join(' ')}): sign in again to grant it (Servers → ${server} → Sign in)`);
    this.name = 'MorePermissionNeededError';
  }
}

/**
 * A 403 `insufficient_scope` although the sign-in already holds every scope the server names (or
 * it names none): signing in again would loop, so Kalla does not offer it.
 */
export class PermissionRefusedError extends Error {
  constructor(server: string, scope: string | undefined) {
    super(
      scope
        ? `${server} refused this for lack of permission (${scope}) although your sign-in was granted it; signing in again will not help: ask the server's administrator for access`
        : `${server} refused this for lack of permission without saying which; ask the server's administrator for access`,
    );
    this.name = 'PermissionRefusedError';
  }
}

interface Stored {
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  verifier?: string;
  /** The scopes the last sign-in was granted (the token response's `scope`, else what was asked for). */
  grantedScope?: string;
  /** The loopback port the registration names; kept so the registered redirect URI stays valid. */
  port?: number;
}

/** Authorization-server metadata that names another issuer than the one asked for (RFC 8414 §3.3). */
export class IssuerMismatchError extends Error {
  constructor(asked: string, claimed: string) {
    super(`the authorization server ${asked} sent metadata naming another issuer (${claimed.slice(0, 200)}), which Kalla refuses (RFC 8414 §3.3)`);
    this.name = 'IssuerMismatchError';
  }
}

/**
 * Authorization-server metadata the SDK's schema refused (a `javascript:` authorization endpoint,
 * say). The SDK throws the raw zod issues; this says which field was wrong in one sentence, and
 * the connection does not retry it (the same metadata would be refused again).
 */
export class AuthMetadataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthMetadataError';
  }
}

const METADATA_FIELDS: Record<string, string> = {
  authorization_endpoint: 'authorization endpoint',
  token_endpoint: 'token endpoint',
  registration_endpoint: 'registration endpoint',
  revocation_endpoint: 'revocation endpoint',
  issuer: 'issuer',
};

/** A zod error from the SDK's metadata parsing, as an AuthMetadataError; anything else unchanged. */
export function asAuthMetadataError(error: unknown): unknown {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (!(error instanceof Error) || error.name !== 'ZodError' || !Array.isArray(issues)) return error;
  const fields = [...new Set(issues.map((i: { path?: unknown[] }) => String(i.path?.at(-1) ?? '')).filter((f) => f !== ''))];
  const named = fields.map((f) => METADATA_FIELDS[f] ?? `"${f.slice(0, 60)}"`);
  const which = named.length ? named.join(', ') : 'a field';
  const scheme = fields.some((f) => f.endsWith('endpoint')) ? ' is not an https: address (or is not a URL at all)' : ' is missing or malformed';
  return new AuthMetadataError(`the server's OAuth metadata is unusable: its ${which}${scheme}. Kalla will not sign in there; ask the server's operator to fix it`);
}

/** RFC 8414 §3.3 wants identical issuers; a single trailing "/" is tolerated, as URLs gain one when parsed. */
function sameIssuer(a: string, b: string): boolean {
  const norm = (s: string) => {
    try {
      return new URL(s).href.replace(/\/$/, '');
    } catch {
      return s.replace(/\/$/, '');
    }
  };
  return norm(a) === norm(b);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

export class SignInNeededError extends Error {
  constructor(server: string, again: boolean, why?: string) {
    super(
      why
        ? `the sign-in to ${server} did not finish: ${why}. Try Sign in again.`
        : again
          ? `the sign-in to ${server} has expired or was revoked: sign in again (Servers → ${server} → Sign in)`
          : `${server} needs you to sign in (Servers → ${server} → Sign in): it uses OAuth`,
    );
    this.name = 'SignInNeededError';
  }
}

export class KallaOAuthProvider implements OAuthClientProvider {
  /** Set by the user's "Sign in": only then is the browser opened. */
  interactive = false;
  /** The authorization page of the last attempt (for a "needs sign-in" state that says where). */
  lastAuthorizationUrl?: string;
  /** Scopes a 403 asked for: the next "Sign in" asks for these (with those already granted). */
  pendingStepUp?: { scope: string; resourceMetadataUrl?: URL };
  /**
   * While stepping up, the refresh token is hidden from the SDK: a refresh cannot add scopes,
   * and the SDK would take a refreshed token as success and never open the authorization page.
   */
  hideRefreshToken = false;
  private requestedScope?: string;
  private secrets: ClientSecrets = {};
  private stored: Stored = {};
  private loaded = false;
  private expectedState?: string;
  private listener?: { server: Server; code: Promise<string>; cancel(e: Error): void };
  private pendingCode?: Promise<string>;
  /**
   * The interactive sign-in under way. A server's first lists go out together, and each 401 runs
   * the SDK's auth(): they share this attempt's state, PKCE verifier and page, so one Sign in opens
   * the authorization page once (it opened three times) and the code it brings back fits.
   */
  private attempt?: { state: string; verifierSaved: boolean; opening?: Promise<void> };

  constructor(
    private readonly serverName: string,
    private readonly settings: OAuthSettings,
    private readonly client: OAuthClientConfig = {},
  ) {}

  private get key(): string {
    return signInKey(this.serverName);
  }

  /** Reads what earlier sign-ins left, and fixes the loopback port. Call before connecting. */
  async prepare(): Promise<void> {
    if (!this.loaded) {
      const text = await this.settings.secrets.get(this.key);
      this.stored = text ? (JSON.parse(text) as Stored) : {};
      this.secrets = await readClientSecrets(this.serverName, this.settings, this.client);
      this.loaded = true;
    }
    if (this.stored.port === undefined) {
      this.stored.port = await freePort();
      await this.save();
    }
  }

  hasTokens(): boolean {
    return this.stored.tokens !== undefined;
  }

  get redirectUrl(): string {
    return `http://127.0.0.1:${this.stored.port}/callback`;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Kalla Desktop',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.client.scopes?.length ? { scope: this.client.scopes.join(' ') } : {}),
    };
  }

  /** Client ID Metadata Document (SEP-991): used as the client id where the authorization server supports it. */
  get clientMetadataUrl(): string | undefined {
    return this.client.clientMetadataUrl;
  }

  /**
   * Called by the SDK right after discovery, before the metadata is used: the authorization
   * server's metadata must name as its `issuer` the URL it was asked for (RFC 8414 §3.3), or a
   * server could send the user, and the code, to endpoints of another issuer (a mix-up attack).
   */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    const claimed = state.authorizationServerMetadata?.issuer;
    if (claimed === undefined) return; // no metadata: the SDK uses the default endpoints of the URL asked for
    if (sameIssuer(claimed, state.authorizationServerUrl)) return;
    // A 2025-03-26 server publishes no protected-resource metadata: its authorization base URL is the
    // MCP URL without its path, and servers of that revision name an issuer on that origin with a
    // path of their own (".../oauth"; the official conformance suite requires accepting it). Another
    // origin is still refused: that is the mix-up the check is for.
    if (!state.resourceMetadata && originOf(claimed) === originOf(state.authorizationServerUrl)) return;
    throw new IssuerMismatchError(state.authorizationServerUrl, claimed);
  }

  /** The user asked to sign in (or to step up): from here 401s may open the page, once, with a new state and verifier. */
  beginSignIn(): void {
    this.attempt = undefined;
    this.interactive = true;
  }

  state(): string {
    if (this.interactive && this.attempt) return this.attempt.state;
    this.expectedState = randomBytes(24).toString('base64url');
    if (this.interactive) this.attempt = { state: this.expectedState, verifierSaved: false };
    return this.expectedState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    if (this.client.clientId) return { client_id: this.client.clientId, ...(this.secrets.clientSecret ? { client_secret: this.secrets.clientSecret } : {}) };
    return this.stored.client;
  }

  async saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    this.stored.client = info;
    await this.save();
  }

  tokens(): OAuthTokens | undefined {
    const tokens = this.stored.tokens;
    if (tokens && this.hideRefreshToken) {
      const { refresh_token: _hidden, ...rest } = tokens;
      return rest;
    }
    return tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    // A new token without a refresh token of its own keeps the one it replaces (RFC 6749 §6).
    const refresh = tokens.refresh_token ?? this.stored.tokens?.refresh_token;
    this.stored.tokens = { ...tokens, ...(refresh ? { refresh_token: refresh } : {}) };
    this.stored.grantedScope = tokens.scope ?? this.requestedScope ?? this.stored.grantedScope;
    await this.save();
  }

  /**
   * A 403 `insufficient_scope` naming `scope`: either scopes to grant by signing in again (the
   * union with what is granted, so the new token keeps serving earlier requests), or a refusal
   * that another sign-in cannot fix.
   */
  scopeChallenge(scope: string | undefined, resourceMetadataUrl?: URL): MorePermissionNeededError | PermissionRefusedError {
    const required = (scope ?? '').split(' ').filter(Boolean);
    const granted = (this.stored.grantedScope ?? '').split(' ').filter(Boolean);
    const missing = required.filter((s) => !granted.includes(s));
    if (missing.length === 0) return new PermissionRefusedError(this.serverName, scope);
    this.pendingStepUp = { scope: [...new Set([...granted, ...required])].join(' '), ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}) };
    return new MorePermissionNeededError(this.serverName, missing);
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    if (this.interactive && this.attempt) {
      // The page already opened (or opening) carries the first verifier's challenge.
      if (this.attempt.verifierSaved) return;
      this.attempt.verifierSaved = true;
    }
    this.stored.verifier = verifier;
    await this.save();
  }

  codeVerifier(): string {
    if (!this.stored.verifier) throw new Error('no PKCE code verifier was saved for this sign-in');
    return this.stored.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'tokens') delete this.stored.tokens;
    if (scope === 'all' || scope === 'client') delete this.stored.client;
    if (scope === 'all' || scope === 'verifier') delete this.stored.verifier;
    await this.save();
  }

  /** Not interactive: remember where sign-in would go. Interactive: listen for the redirect, then open the browser. */
  async redirectToAuthorization(url: URL): Promise<void> {
    this.requestedScope = url.searchParams.get('scope') ?? undefined;
    this.lastAuthorizationUrl = url.href;
    if (!this.interactive) return;
    const attempt = this.attempt;
    // A flow that asked for its state before the user's Sign in (a 401 of the session Sign in
    // replaces) carries another state and verifier: the sign-in's own flow opens the page. Opening
    // this one too showed the page twice, about one run in eight under load.
    if (!attempt || url.searchParams.get('state') !== attempt.state) return;
    if (attempt.opening) return attempt.opening;
    const opening = this.openAuthorization(url);
    attempt.opening = opening;
    return opening;
  }

  private async openAuthorization(url: URL): Promise<void> {
    await this.listen();
    try {
      await this.settings.openBrowser(url.href);
    } catch (error) {
      // Nothing will ever come back to this listener (a refused URL, no browser): close it now.
      this.cancelSignIn(error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  /**
   * End a sign-in that is under way (the server was stopped or removed, the app quits): its
   * waitForCode rejects with `why` and the loopback listener closes. Does nothing when none is.
   */
  cancelSignIn(why = 'the sign-in was cancelled'): void {
    this.attempt = undefined;
    const listener = this.listener;
    if (!listener) return;
    listener.cancel(new Error(why));
    this.closeListener();
  }

  /** Whether a loopback listener is open (for tests and the log). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  /** The authorization code from the browser's redirect (interactive sign-in only). */
  async waitForCode(): Promise<string> {
    // The code of the last sign-in: its listener may already have closed with the answer.
    const code = this.pendingCode;
    if (!code) throw new Error('no sign-in is under way');
    try {
      return await code;
    } finally {
      if (this.pendingCode === code) this.pendingCode = undefined;
    }
  }

  /** Forget the sign-in (tokens and registration); the port stays so a new registration matches. */
  async signOut(): Promise<void> {
    this.pendingStepUp = undefined;
    this.stored = { port: this.stored.port };
    await this.save();
  }

  private async save(): Promise<void> {
    await this.settings.secrets.set(this.key, JSON.stringify(this.stored));
  }

  private async listen(): Promise<void> {
    this.closeListener();
    const timeoutMs = this.settings.signInTimeoutMs ?? 5 * 60_000;
    let settle!: { ok(code: string): void; fail(e: Error): void };
    const code = new Promise<string>((ok, fail) => (settle = { ok, fail }));
    code.catch(() => {}); // observed by waitForCode
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.redirectUrl);
      if (url.pathname !== '/callback') {
        res.writeHead(404).end();
        return;
      }
      const page = (title: string, text: string) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'" });
        res.end(`<!doctype html><title>${title}</title><h1>${title}</h1><p>${text}</p>`);
      };
      const error = url.searchParams.get('error');
      if (error) {
        page('Sign-in failed', 'The server refused the sign-in. Go back to Kalla for details.');
        settle.fail(new Error(`the authorization server answered ${escapeText(error)}${url.searchParams.get('error_description') ? `: ${escapeText(url.searchParams.get('error_description')!)}` : ''}`));
        return;
      }
      if (!this.expectedState || url.searchParams.get('state') !== this.expectedState) {
        // Not the answer to our request (a stale tab, or a forged redirect): refuse it, keep waiting.
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('This sign-in link does not belong to the sign-in Kalla started. Start again from Kalla.');
        return;
      }
      const value = url.searchParams.get('code');
      if (!value) {
        res.writeHead(400).end('no code');
        return;
      }
      page('Signed in', 'You can close this tab and go back to Kalla.');
      settle.ok(value);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) =>
        reject(new Error(e.code === 'EADDRINUSE' ? `port ${this.stored.port} for the sign-in redirect is in use by another program; close it and try again` : e.message)),
      );
      server.listen(this.stored.port, '127.0.0.1', resolve);
    });
    const timer = setTimeout(() => settle.fail(new Error(`the sign-in was not finished in the browser within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    timer.unref();
    const listener = { server, code, cancel: (e: Error) => settle.fail(e) };
    // However the sign-in ends (code, error redirect, timeout, cancel), the port closes with it,
    // whether or not anyone is still waiting for the code.
    void code
      .finally(() => {
        clearTimeout(timer);
        closeServer(server);
        // The attempt outlives its listener: a 401 of the same sign-in that arrives after the code
        // came back joins it instead of opening the page again. The next Sign in (or step-up)
        // starts a new attempt (beginSignIn).
        if (this.listener === listener) this.listener = undefined;
      })
      .catch(() => {});
    this.listener = listener;
    this.pendingCode = code;
  }

  private closeListener(): void {
    const listener = this.listener;
    this.listener = undefined;
    if (!listener) return;
    // A listener replaced by a new sign-in: its waiter, if any, learns it is over.
    listener.cancel(new Error('a new sign-in was started'));
    closeServer(listener.server);
  }
}

function closeServer(server: Server): void {
  server.close();
  server.closeAllConnections?.();
}

function escapeText(s: string): string {
  return s.replace(/[^\w .,:;'()/-]/g, '').slice(0, 300);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
