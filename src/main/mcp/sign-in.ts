/**
 * A remote server's OAuth sign-in, for one ServerConnection: the provider (browser sign-in or a
 * service account), whether the user is signed in, the browser step after a 401, and step-up after
 * a 403 `insufficient_scope`. The connection owns the session and asks this part at each step;
 * `onChange` tells it the sign-in state changed (the server's view shows it).
 */
import { auth, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ServerConfig } from '../../shared/mcp';
import { KallaOAuthProvider, MorePermissionNeededError, oauthProviderFor, SignInNeededError, type OAuthSettings } from './oauth';

export type SignInState = 'signed-in' | 'needs-sign-in';

/** The part of a remote transport that exchanges the code from the browser for tokens. */
export interface FinishesAuth {
  finishAuth(code: string): Promise<void>;
}

export class ServerSignIn {
  private provider?: KallaOAuthProvider | OAuthClientProvider;
  private current?: SignInState;

  constructor(
    private readonly server: string,
    private readonly settings: OAuthSettings | undefined,
    private readonly events: { changed(): void; log(text: string): void },
  ) {}

  get state(): SignInState | undefined {
    return this.current;
  }

  /** A changed `oauth` block (another client id, grant or scopes) needs a provider made from it. */
  configChanged(previous: ServerConfig, next: ServerConfig): void {
    if (JSON.stringify(next.oauth) !== JSON.stringify(previous.oauth)) this.provider = undefined;
  }

  /**
   * The OAuth provider of a remote server, unless the user manages credentials with an
   * Authorization header or the host offers no OAuth.
   */
  async providerFor(config: ServerConfig): Promise<KallaOAuthProvider | OAuthClientProvider | undefined> {
    if (!this.settings) return undefined;
    if (Object.keys(config.headers ?? {}).some((h) => h.toLowerCase() === 'authorization')) return undefined;
    this.provider ??= await oauthProviderFor(this.server, this.settings, config.oauth ?? {});
    if (this.provider instanceof KallaOAuthProvider) await this.provider.prepare();
    return this.provider;
  }

  /** The browser sign-in provider, for Sign in / Sign out (service accounts have neither). */
  async browserProvider(config: ServerConfig): Promise<KallaOAuthProvider> {
    if (config.url === undefined || !this.settings) throw new Error(`server ${this.server} does not use OAuth sign-in`);
    const provider = await this.providerFor(config);
    if (!provider) throw new Error(`server ${this.server} has its own Authorization header; remove it to sign in with OAuth`);
    if (!(provider instanceof KallaOAuthProvider)) throw new Error(`server ${this.server} signs in as a service account (client credentials); there is no browser sign-in`);
    return provider;
  }

  /** The browser provider in use, if any (a sign-in may be under way with it). */
  browserInUse(): KallaOAuthProvider | undefined {
    return this.provider instanceof KallaOAuthProvider ? this.provider : undefined;
  }

  /** After a handshake with `provider`: signed in, waiting for more permission, or not using sign-in. */
  connected(provider: KallaOAuthProvider | OAuthClientProvider | undefined): void {
    if (provider instanceof KallaOAuthProvider) this.current = provider.hasTokens() ? (provider.pendingStepUp ? 'needs-sign-in' : 'signed-in') : undefined;
  }

  /** A request was refused for sign-in or permission: the user must sign in (again). */
  refused(error: unknown): void {
    if (error instanceof MorePermissionNeededError || (error instanceof UnauthorizedError && this.provider instanceof KallaOAuthProvider)) {
      this.current = 'needs-sign-in';
      this.events.changed();
    }
  }

  /** A sign-in waiting for the browser ends with the server (stopped, removed, app quitting). */
  cancel(why: string): void {
    this.browserInUse()?.cancelSignIn(why);
  }

  /**
   * The server answered 401. Without the user's "Sign in" this stops with a "needs sign-in" state;
   * after it, the browser is open at the authorization page: wait for the redirect and exchange the code.
   */
  async finish(provider: KallaOAuthProvider, transport: FinishesAuth, client: Client): Promise<void> {
    await client.close().catch(() => {});
    if (!provider.interactive) {
      const again = this.current === 'signed-in' || this.current === 'needs-sign-in';
      this.current = 'needs-sign-in';
      throw new SignInNeededError(this.server, again);
    }
    try {
      this.events.log('waiting for the sign-in in the browser');
      const code = await provider.waitForCode();
      await transport.finishAuth(code);
      this.current = 'signed-in';
      this.events.log('signed in');
    } catch (error) {
      this.current = 'needs-sign-in';
      throw new SignInNeededError(this.server, false, errorMessage(error));
    } finally {
      provider.interactive = false;
    }
  }

  /**
   * Step-up authorization: the server answered 403 insufficient_scope for scopes the sign-in lacks.
   * Ask the authorization server for them (with those already granted) in the browser, then go on
   * with the same session: the transport reads the new token from the provider on its next request.
   */
  async stepUp(provider: KallaOAuthProvider, serverUrl: string | undefined): Promise<void> {
    const pending = provider.pendingStepUp;
    if (!pending || serverUrl === undefined) return;
    provider.beginSignIn();
    provider.hideRefreshToken = true;
    try {
      this.events.log(`asking for more permission in the browser: ${pending.scope}`);
      const options = { serverUrl, scope: pending.scope, ...(pending.resourceMetadataUrl ? { resourceMetadataUrl: pending.resourceMetadataUrl } : {}) };
      if ((await auth(provider, options)) === 'REDIRECT') {
        const code = await provider.waitForCode();
        provider.hideRefreshToken = false;
        await auth(provider, { ...options, authorizationCode: code });
      }
      provider.pendingStepUp = undefined;
      this.current = 'signed-in';
      this.events.log('signed in with the new permission');
    } catch (error) {
      this.current = 'needs-sign-in';
      throw new SignInNeededError(this.server, false, errorMessage(error));
    } finally {
      provider.interactive = false;
      provider.hideRefreshToken = false;
      this.events.changed();
    }
  }

  /**
   * A server that lets `initialize` through may ask for sign-in (401) or more scopes (403) on its
   * first list. During the user's Sign in, finish the browser step (or the step-up) and connect
   * again; otherwise the error stands and the server waits for Sign in.
   */
  async duringStart(
    session: { client?: Client; remote?: unknown; ended: boolean },
    serverUrl: string | undefined,
    error: unknown,
  ): Promise<'connect again' | { error: unknown }> {
    const provider = this.provider;
    const client = session.client;
    const remote = session.remote as FinishesAuth | undefined;
    if (!(provider instanceof KallaOAuthProvider) || !remote || !client || session.ended) return { error };
    if (!(error instanceof UnauthorizedError || error instanceof MorePermissionNeededError)) return { error };
    // This client is replaced by a new connection: closing it is not a failure of the session.
    client.onclose = undefined;
    try {
      if (error instanceof UnauthorizedError) {
        await this.finish(provider, remote, client);
        return 'connect again';
      }
      await client.close().catch(() => {});
      if (!provider.interactive) {
        this.current = 'needs-sign-in';
        return { error };
      }
      await this.stepUp(provider, serverUrl);
      return 'connect again';
    } catch (signInFailure) {
      return { error: signInFailure };
    }
  }

  /** Forget tokens and registration; false when the server does not sign in in a browser. */
  async signOut(config: ServerConfig): Promise<boolean> {
    const provider = await this.providerFor(config);
    if (!(provider instanceof KallaOAuthProvider)) return false;
    await provider.signOut();
    this.current = undefined;
    return true;
  }
}

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // McpError prefixes "MCP error -32603: "; users do not need the number.
  return text.replace(/^MCP error -?\d+: /, '');
}
