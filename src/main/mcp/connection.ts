/**
 * One MCP server process and its client: spawning, the status machine,
 * crash restarts with backoff, the tool/resource/prompt caches, and calls.
 *
 *   stopped → starting → running
 *   running → restarting (unexpected exit; backoff, respawn) → running
 *   starting/restarting → error (gave up, or the command does not exist)
 *   any → stopped (deliberate stop; never restarts)
 */
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractWWWAuthenticateParams, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
  LoggingMessageNotificationSchema,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { LogLevel, PromptInfo, ResourceInfo, ServerConfig, ServerStatus, ToolInfo } from '../../shared/mcp';
import { LineSplitter, type LogBuffer } from './log-buffer';
import { MessageHistory, RecordingTransport } from './message-history';
import {
  asAuthMetadataError,
  AuthMetadataError,
  ClientCredentialsMissingError,
  KallaOAuthProvider,
  MorePermissionNeededError,
  PermissionRefusedError,
  SignInNeededError,
  type OAuthSettings,
} from './oauth';
import { describeExit, describeExitShort, MESSAGE_TOO_LARGE, ProcessTransport, type ExitInfo } from './process-transport';
import { createRedactor } from '../base/secrets';
import { IdleTimer } from './idle-timer';
import { ServerSignIn } from './sign-in';
import { CommandNotFoundError, mergeEnv, pathFromEnv, resolveCommand, type Env } from './shell-env';

export interface RestartPolicy {
  /** Respawns after consecutive failures before giving up with status `error`. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A process that ran this long before dying starts a fresh failure streak. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART: RestartPolicy = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 30_000, stableAfterMs: 30_000 };

export interface ConnectionOptions {
  name: string;
  config: ServerConfig;
  /** The inherited environment for this config (before its own `env` is applied). */
  spawnEnv: (config: ServerConfig) => Promise<Env>;
  log: LogBuffer;
  restart: RestartPolicy;
  /** Per stop stage (stdin close, SIGTERM, SIGKILL). */
  killGraceMs: number;
  /** For the initialize handshake and the first lists, unless the server config sets `startTimeoutMs`. */
  startTimeoutMs: number;
  /** Per request after start-up, unless the server config sets `timeoutMs`. */
  requestTimeoutMs: number;
  /** Longest message accepted from the server, unless the config sets `maxMessageMiB`. */
  maxMessageBytes: number;
  clientInfo: { name: string; version: string };
  onChange: () => void;
  onLists: () => void;
  /** A subscribed resource changed (notifications/resources/updated). */
  onResourceUpdated?: (uri: string) => void;
  /**
   * Answers to the server's own requests that need the user. When given, the client declares
   * `elicitation` (form and URL) and `sampling`; the signal aborts when the server cancels or goes away.
   */
  /** OAuth sign-in for remote servers (secret store, browser); without it a 401 asks for an Authorization header. */
  oauth?: OAuthSettings;
  serverRequests?: {
    elicit(params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult>;
    sample(params: CreateMessageRequest['params'], signal: AbortSignal): Promise<CreateMessageResult>;
  };
}

export interface ConnectionSnapshot {
  /** OAuth: signed in, or waiting for the user to sign in (again). */
  auth?: 'signed-in' | 'needs-sign-in';
  status: ServerStatus;
  error?: string;
  restarts: number;
  pid?: number;
  serverInfo?: { name: string; version: string };
  capabilities?: Record<string, unknown>;
  instructions?: string;
  logLevel?: LogLevel;
  /** How a remote server was reached (Streamable HTTP, or the legacy SSE fallback). */
  transport?: 'streamable-http' | 'sse';
}

export interface CallOptions {
  timeoutMs: number;
  maxTotalMs: number;
  signal?: AbortSignal;
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

type AbortKind = 'cancelled' | 'maxTotal' | 'timeout';
type ListKind = 'tools' | 'resources' | 'prompts';

/** One process lifetime. Callbacks from an old session must never touch a newer one. */
interface Session {
  transport?: ProcessTransport;
  /** For a remote server instead of `transport`. */
  remote?: Transport;
  remoteKind?: 'streamable-http' | 'sse';
  client?: Client;
  ended: boolean;
  stoppedByUs: boolean;
  startedAt?: number;
  stderrTail: string[];
  /** list_changed seen before the first lists were in: fetched again once they are. */
  changedDuringStart: Set<ListKind>;
  /** When a call was last cancelled or timed out: progress for it may still arrive and is not an error. */
  lastAbandonAt?: number;
}

/** How long after a cancel or time-out late progress notifications are expected and ignored. */
const LATE_PROGRESS_MS = 60_000;

const STDERR_TAIL_LINES = 5;
const MAX_LIST_PAGES = 100;

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // McpError prefixes "MCP error -32603: "; users do not need the number.
  return text.replace(/^MCP error -?\d+: /, '');
}

function seconds(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

const COUNT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "once", "twice", "three times in a row" */
function times(n: number): string {
  if (n === 1) return 'once';
  if (n === 2) return 'twice in a row';
  return `${COUNT_WORDS[n] ?? n} times in a row`;
}

export class ServerConnection {
  readonly name: string;
  private config: ServerConfig;
  private readonly opts: ConnectionOptions;
  private status: ServerStatus = 'stopped';
  private error?: string;
  private restarts = 0;
  private session?: Session;
  private pid?: number;
  private serverInfo?: { name: string; version: string };
  private capabilities?: Record<string, unknown>;
  private instructions?: string;
  private toolList: ToolInfo[] = [];
  private resourceList: ResourceInfo[] = [];
  private promptList: PromptInfo[] = [];
  private failureStreak: { reason: string; exit?: ExitInfo; stderr?: string }[] = [];
  private backoffTimer?: NodeJS.Timeout;
  /** Every message with this server, across restarts (the History tab). */
  readonly history: MessageHistory;
  /** Resource URIs the user watches; asked for again after every (re)start. */
  private readonly subscriptions = new Set<string>();
  /** For a remote server without an Authorization header of its own, when the host offers OAuth. */
  private readonly signInPart: ServerSignIn;

  constructor(opts: ConnectionOptions) {
    this.opts = opts;
    this.name = opts.name;
    this.config = opts.config;
    this.history = new MessageHistory((text) => opts.log.redact(text));
    this.signInPart = new ServerSignIn(opts.name, opts.oauth, { changed: () => opts.onChange(), log: (text) => this.log(text) });
  }

  /** Watch a resource (resources/subscribe); the server must declare `resources.subscribe`. */
  async subscribe(uri: string, timeoutMs: number): Promise<void> {
    const resources = this.capabilities?.resources as { subscribe?: boolean } | undefined;
    if (!resources?.subscribe) throw new Error(`server ${this.name} does not offer resource subscriptions`);
    await this.request(`subscribing to ${uri}`, (client, signal) => client.subscribeResource({ uri }, { signal, timeout: timeoutMs }), { timeoutMs });
    this.subscriptions.add(uri);
  }

  async unsubscribe(uri: string, timeoutMs: number): Promise<void> {
    if (!this.subscriptions.delete(uri)) return;
    if (this.snapshot().status !== 'running') return;
    await this.request(`unsubscribing from ${uri}`, (client, signal) => client.unsubscribeResource({ uri }, { signal, timeout: timeoutMs }), { timeoutMs });
  }

  watching(): string[] {
    return [...this.subscriptions];
  }

  snapshot(): ConnectionSnapshot {
    return {
      ...(this.signInPart.state ? { auth: this.signInPart.state } : {}),
      status: this.status,
      error: this.error,
      restarts: this.restarts,
      pid: this.pid,
      serverInfo: this.serverInfo,
      capabilities: this.capabilities,
      instructions: this.instructions,
      logLevel: this.logLevel,
      transport: this.config.url !== undefined ? (this.session?.remoteKind ?? (this.config.type === 'sse' ? 'sse' : 'streamable-http')) : undefined,
    };
  }

  tools(): ToolInfo[] {
    return this.toolList;
  }
  resources(): ResourceInfo[] {
    return this.resourceList;
  }
  prompts(): PromptInfo[] {
    return this.promptList;
  }

  private startTimeoutMs(): number {
    return this.config.startTimeoutMs ?? this.opts.startTimeoutMs;
  }

  private listTimeoutMs(): number {
    return this.status === 'running' ? (this.config.timeoutMs ?? this.opts.requestTimeoutMs) : this.startTimeoutMs();
  }

  /** Takes effect at the next start. */
  setConfig(config: ServerConfig): void {
    this.signInPart.configChanged(this.config, config);
    this.config = config;
  }

  private logLevel?: LogLevel;

  /**
   * logging/setLevel on the running server; remembered and sent again after
   * every (re)start for this app session, not saved to the file.
   */
  async setLogLevel(level: LogLevel): Promise<void> {
    this.requireRunning();
    if (!this.capabilities?.logging) throw new Error(`server ${this.name} does not send log messages (it has no "logging" capability)`);
    await this.request(`setting the log level`, (c, signal) => c.setLoggingLevel(level, { signal, timeout: this.opts.requestTimeoutMs }), {
      timeoutMs: this.opts.requestTimeoutMs,
    });
    this.logLevel = level;
    this.log(`log level set to ${level}`);
    this.opts.onChange();
  }

  /** Only the roots changed: tell the running server (notifications/roots/list_changed) instead of restarting it. */
  async setRoots(config: ServerConfig): Promise<void> {
    this.config = config;
    const client = this.status === 'running' ? this.session?.client : undefined;
    if (!client) return;
    await client.sendRootsListChanged().catch((error: unknown) => this.log(`could not announce the new roots: ${errorMessage(error)}`));
    this.log(`roots changed: ${(config.roots ?? []).join(', ') || '(none)'}`);
  }

  get isActive(): boolean {
    return this.status === 'starting' || this.status === 'running' || this.status === 'restarting';
  }

  /**
   * Start (or retry now, if waiting to restart). Resolves once running;
   * rejects with the reason if the first attempt fails (restarts, if any,
   * continue in the background and show in the status).
   */
  async start(): Promise<void> {
    if (this.status === 'running') return;
    if (this.session && !this.session.ended) {
      // Already launching: let the caller wait for that attempt.
      return this.waitForOutcome();
    }
    this.clearBackoff();
    this.failureStreak = [];
    this.error = undefined;
    this.restarts = 0;
    return this.launch('starting');
  }

  /** Deliberate stop: never followed by a restart. */
  async stop(): Promise<void> {
    this.clearBackoff();
    const session = this.session;
    this.session = undefined;
    this.failureStreak = [];
    // A sign-in waiting for the browser ends with the server (stopped, removed, app quitting).
    this.signInPart.cancel(`${this.name} was stopped`);
    if (!session && this.status === 'stopped') return;
    this.settleOutcome(new Error(`server ${this.name} was stopped before it finished starting`));
    if (session) {
      session.ended = true;
      session.stoppedByUs = true;
      await session.transport?.terminate(this.opts.killGraceMs).catch(() => {});
      await session.client?.close().catch(() => {});
    }
    // A start() while we waited for the process to exit owns the status now.
    if (this.session) return;
    this.pid = undefined;
    this.setLists([], [], []);
    this.setStatus('stopped');
  }

  private outcomeWaiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];

  private waitForOutcome(): Promise<void> {
    return new Promise((resolve, reject) => this.outcomeWaiters.push({ resolve, reject }));
  }

  private settleOutcome(error?: Error): void {
    for (const waiter of this.outcomeWaiters.splice(0)) (error ? waiter.reject(error) : waiter.resolve());
  }

  private clearBackoff(): void {
    if (this.backoffTimer) clearTimeout(this.backoffTimer);
    this.backoffTimer = undefined;
  }

  private setStatus(status: ServerStatus, error?: string): void {
    this.status = status;
    this.error = error;
    this.opts.onChange();
  }

  private log(text: string): void {
    this.opts.log.push('host', text);
  }

  private async launch(status: 'starting' | 'restarting'): Promise<void> {
    const session: Session = { ended: false, stoppedByUs: false, stderrTail: [], changedDuringStart: new Set() };
    this.session = session;
    this.setStatus(status, status === 'restarting' ? this.error : undefined);
    const outcome = this.waitForOutcome();
    void this.connect(session);
    return outcome;
  }

  private newClient(session: Session): Client {
    const log = this.opts.log;
    // Roots are always offered (an empty list by default): servers such as server-filesystem refuse to work with clients that lack them.
    const answers = this.opts.serverRequests;
    const client = new Client(this.opts.clientInfo, {
      capabilities: { roots: { listChanged: true }, ...(answers ? { elicitation: { form: {}, url: {} }, sampling: {} } : {}) },
    });
    if (answers) {
      client.setRequestHandler(ElicitRequestSchema, (request, extra) => this.whileUserAnswers(() => answers.elicit(request.params, extra.signal)));
      client.setRequestHandler(CreateMessageRequestSchema, (request, extra) => this.whileUserAnswers(() => answers.sample(request.params, extra.signal)));
    }
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: (this.config.roots ?? []).map((folder) => ({ uri: pathToFileURL(folder).href, name: basename(folder) || folder })),
    }));
    // Garbage on stdout and other protocol hiccups arrive here; they are worth a log line, not a crash.
    client.onerror = (error) => {
      if (session.ended) return;
      // After a cancel or time-out the server may still report progress for a while: expected, not an error.
      const late = /progress notification for an unknown token/.test(error.message);
      if (late && session.lastAbandonAt !== undefined && Date.now() - session.lastAbandonAt < LATE_PROGRESS_MS) return;
      // Sign-in and permission answers are the server's auth state, reported where they happen.
      if (error instanceof UnauthorizedError) return;
      if (isAuthProblem(error)) return this.log(error.message);
      this.log(`protocol error: ${errorMessage(error)}`);
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.onListChanged(session, 'tools'));
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => this.onListChanged(session, 'resources'));
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => this.onListChanged(session, 'prompts'));
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => this.opts.onResourceUpdated?.(n.params.uri));
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      const data = typeof n.params.data === 'string' ? n.params.data : JSON.stringify(n.params.data);
      log.push('server', `[${n.params.level}]${n.params.logger ? ` ${n.params.logger}` : ''}: ${data}`);
    });
    return client;
  }

  /** client.connect bounded by the start-up timeout, with a message that says so. */
  private async handshake(client: Client, transport: Transport): Promise<void> {
    const startTimeout = this.startTimeoutMs();
    await client.connect(new RecordingTransport(transport, this.history), { timeout: startTimeout }).catch((error: unknown) => {
      throw isTimeout(error) ? new Error(`did not finish starting within ${seconds(startTimeout)}`) : error;
    });
  }

  /** Start the process and shake hands over stdio. */
  private async connectLocal(session: Session, config: ServerConfig, command: string): Promise<Client> {
    const log = this.opts.log;
    const env = mergeEnv(await this.opts.spawnEnv(config), config.env);
    log.setRedactor(createRedactor(env));
    if (config.cwd !== undefined) assertDirectory(config.cwd);
    const resolved = resolveCommand(command, pathFromEnv(env), { cwd: config.cwd });
    this.log(`starting: ${[resolved, ...(config.args ?? [])].join(' ')}${config.cwd ? ` (in ${config.cwd})` : ''}`);

    const maxMessageBytes = config.maxMessageMiB !== undefined ? config.maxMessageMiB * 1024 * 1024 : this.opts.maxMessageBytes;
    const transport = new ProcessTransport({ command: resolved, args: config.args ?? [], env, cwd: config.cwd, maxMessageBytes });
    session.transport = transport;
    const splitter = new LineSplitter((line) => {
      session.stderrTail.push(line);
      if (session.stderrTail.length > STDERR_TAIL_LINES) session.stderrTail.shift();
      log.push('stderr', line);
    });
    transport.stderr.on('data', (chunk: Buffer) => splitter.write(chunk));
    transport.stderr.on('end', () => splitter.end());
    const client = this.newClient(session);
    client.onclose = () => this.sessionFailed(session);
    session.client = client;
    await this.handshake(client, transport);
    this.pid = transport.pid;
    return client;
  }

  /**
   * Shake hands with a remote server: Streamable HTTP first, and the legacy
   * SSE transport when the server answers the POST with 400/404/405 (as the
   * spec's backwards-compatibility section describes); "type": "sse" goes to SSE directly.
   */
  private async connectRemote(session: Session, config: ServerConfig, url: string): Promise<Client> {
    // Header values (Authorization, API keys) never reach the log.
    this.opts.log.setRedactor(createRedactor(config.headers ?? {}));
    const endpoint = new URL(url);
    const requestInit: RequestInit = { headers: config.headers ?? {} };
    if (config.type !== 'sse') {
      this.log(`connecting: ${endpoint.origin}${endpoint.pathname} (Streamable HTTP)`);
      const client = this.newClient(session);
      session.client = client;
      const authProvider = await this.signInPart.providerFor(config);
      const http = new StreamableHTTPClientTransport(endpoint, {
        requestInit,
        ...(authProvider ? { authProvider } : {}),
        ...(authProvider instanceof KallaOAuthProvider ? { fetch: scopeChallengeFetch(authProvider, endpoint) } : {}),
      });
      session.remote = http;
      try {
        await this.handshake(client, http);
        this.signInPart.connected(authProvider);
        // Only now: a refused handshake closes the transport too, and its reason (say HTTP 401) must not be lost.
        client.onclose = () => this.sessionFailed(session);
        session.remoteKind = 'streamable-http';
        return client;
      } catch (error) {
        if (authProvider instanceof KallaOAuthProvider && error instanceof UnauthorizedError) {
          await this.signInPart.finish(authProvider, http, client);
          if (session.ended) throw new Error('stopped');
          return this.connectRemote(session, config, url);
        }
        if (error instanceof StreamableHTTPError && (error.code === 401 || error.code === 403)) throw new RemoteRefusedError(error.code, config.headers);
        if (authProvider && !(authProvider instanceof KallaOAuthProvider) && isOAuthError(error)) throw new ClientCredentialsRefusedError(this.name, errorMessage(error));
        if (!(error instanceof StreamableHTTPError && [400, 404, 405].includes(error.code ?? 0))) throw error;
        this.log(`the server answered Streamable HTTP with ${error.code}; trying the legacy SSE transport`);
        await client.close().catch(() => {});
      }
    }
    if (session.ended) throw new Error('stopped');
    this.log(`connecting: ${endpoint.origin}${endpoint.pathname} (SSE)`);
    const client = this.newClient(session);
    session.client = client;
    const sseAuth = await this.signInPart.providerFor(config);
    const sse = new SSEClientTransport(endpoint, {
      requestInit,
      ...(sseAuth ? { authProvider: sseAuth } : {}),
      ...(sseAuth instanceof KallaOAuthProvider ? { fetch: scopeChallengeFetch(sseAuth, endpoint) } : {}),
      // The SSE GET takes headers through the event source's fetch.
      eventSourceInit: {
        fetch: (input, init) => {
          const headers = new Headers(init?.headers);
          for (const [name, value] of Object.entries(config.headers ?? {})) headers.set(name, value);
          return fetch(input, { ...init, headers });
        },
      },
    });
    session.remote = sse;
    try {
      await this.handshake(client, sse);
    } catch (error) {
      if (!(sseAuth instanceof KallaOAuthProvider && error instanceof UnauthorizedError)) throw error;
      await this.signInPart.finish(sseAuth, sse, client);
      if (session.ended) throw new Error('stopped');
      return this.connectRemote(session, { ...config, type: 'sse' }, url);
    }
    client.onclose = () => this.sessionFailed(session);
    session.remoteKind = 'sse';
    return client;
  }

  /** The user's "Sign in": (re)connect with the browser step allowed, or step up on the running session. */
  async signIn(): Promise<void> {
    const provider = await this.signInPart.browserProvider(this.config);
    if (provider.pendingStepUp && this.status === 'running') {
      await this.signInPart.stepUp(provider, this.config.url);
      return;
    }
    provider.beginSignIn();
    await this.stop();
    await this.start();
  }

  /** Forget tokens and registration; the server then needs a new sign-in. */
  async signOut(): Promise<void> {
    if (!(await this.signInPart.signOut(this.config))) return;
    await this.stop();
    await this.start().catch(() => {});
  }

  private async connect(session: Session): Promise<void> {
    const config = this.config;
    try {
      if (session.ended) return;
      const client = config.url !== undefined ? await this.connectRemote(session, config, config.url) : await this.connectLocal(session, config, config.command ?? '');
      if (session.ended) return;
      const version = client.getServerVersion();
      this.serverInfo = version ? { name: version.name, version: version.version } : undefined;
      this.capabilities = client.getServerCapabilities() as Record<string, unknown> | undefined;
      this.instructions = client.getInstructions();
      // A server whose prompts/list is broken can still serve its tools: a failed list is logged, not fatal.
      const listOrEmpty = (kind: ListKind) =>
        this.fetchList(session, kind).catch((error) => {
          // Sign-in and permission problems are the server's state, not a missing list.
          if (isAuthProblem(error)) throw error;
          if (!session.ended) this.log(`could not list ${kind}: ${errorMessage(error)}`);
          return [];
        });
      session.changedDuringStart.clear();
      const [tools, resources, prompts] = await Promise.all([listOrEmpty('tools'), listOrEmpty('resources'), listOrEmpty('prompts')]);
      if (session.ended) return;
      session.startedAt = Date.now();
      this.setLists(tools as ToolInfo[], resources as ResourceInfo[], prompts as PromptInfo[]);
      const where = session.remoteKind ? `over ${session.remoteKind === 'sse' ? 'SSE' : 'Streamable HTTP'}` : `pid ${this.pid}`;
      this.log(`running: ${this.serverInfo ? `${this.serverInfo.name} ${this.serverInfo.version}` : 'unnamed server'}, ${where}`);
      if (this.logLevel && this.capabilities?.logging) {
        await client.setLoggingLevel(this.logLevel, { timeout: this.startTimeoutMs() }).catch((error: unknown) => this.log(`could not set the log level: ${errorMessage(error)}`));
      }
      // Subscriptions do not survive a restart on the server's side: ask again.
      if (this.capabilities?.resources && (this.capabilities.resources as { subscribe?: boolean }).subscribe) {
        for (const uri of this.subscriptions) {
          await client.subscribeResource({ uri }, { timeout: this.startTimeoutMs() }).catch((error: unknown) => this.log(`could not subscribe to ${uri} again: ${errorMessage(error)}`));
        }
      }
      this.setStatus('running');
      this.settleOutcome();
      // A list that changed while we were fetching it may be stale: fetch it again now.
      for (const kind of session.changedDuringStart) void this.refreshList(session, kind);
      session.changedDuringStart.clear();
    } catch (failure) {
      const outcome = await this.signInPart.duringStart(session, this.config.url, failure);
      if (outcome === 'connect again') {
        if (!session.ended) await this.connect(session);
        return;
      }
      const error = asAuthMetadataError(outcome.error);
      if (
        error instanceof AuthMetadataError ||
        error instanceof CommandNotFoundError ||
        error instanceof BadWorkingDirectoryError ||
        error instanceof RemoteRefusedError ||
        error instanceof SignInNeededError ||
        error instanceof MorePermissionNeededError ||
        error instanceof PermissionRefusedError ||
        error instanceof ClientCredentialsMissingError ||
        error instanceof ClientCredentialsRefusedError
      ) {
        // Retrying cannot make a command appear on PATH, nor a refused credential valid.
        session.ended = true;
        this.session = undefined;
        this.log(error.message);
        this.setStatus('error', error.message);
        this.settleOutcome(new Error(`server ${this.name} could not start: ${error.message}`));
        return;
      }
      this.sessionFailed(session, errorMessage(error));
    }
  }

  /** The process died or the handshake failed; decide between restart and giving up. */
  private sessionFailed(session: Session, detail?: string): void {
    if (session.ended) return;
    session.ended = true;
    if (this.session !== session) return;
    this.session = undefined;
    void session.transport?.terminate(this.opts.killGraceMs).catch(() => {});
    if (session.remote) void session.client?.close().catch(() => {});

    const exit = session.transport?.exit;
    const ranFor = session.startedAt ? Date.now() - session.startedAt : 0;
    if (ranFor >= this.opts.restart.stableAfterMs) this.failureStreak = [];
    const stderr = session.stderrTail.at(-1);
    const reason = exit || !detail ? describeExit(exit) : detail;
    this.failureStreak.push({ reason, exit, stderr });
    this.log(`${session.startedAt ? 'stopped unexpectedly' : 'failed to start'}: ${reason}${stderr ? `; last stderr: ${stderr}` : ''}`);
    this.pid = undefined;
    this.setLists([], [], []);

    const failures = this.failureStreak.length;
    if (failures > this.opts.restart.maxRetries) {
      const message = this.giveUpMessage();
      this.log(`giving up: ${message}`);
      this.setStatus('error', message);
      this.settleOutcome(new Error(`server ${this.name} could not start: ${message}`));
      return;
    }
    const delay = Math.min(this.opts.restart.baseDelayMs * 2 ** (failures - 1), this.opts.restart.maxDelayMs);
    const summary = `${reason}${stderr ? `; last stderr: ${stderr}` : ''}`;
    this.settleOutcome(new Error(`server ${this.name} ${summary}`));
    this.log(`restarting in ${seconds(delay)} (attempt ${failures} of ${this.opts.restart.maxRetries})`);
    this.setStatus('restarting', summary);
    this.backoffTimer = setTimeout(() => {
      this.backoffTimer = undefined;
      this.restarts++;
      // launch() records its own failure (status `error`, the reason, the next backoff); nothing else awaits it.
      this.launch('restarting').catch(() => {});
    }, delay);
  }

  private giveUpMessage(): string {
    const streak = this.failureStreak;
    const last = streak[streak.length - 1];
    const sameReason = streak.every((f) => f.reason === last.reason);
    const what = sameReason ? `${last.reason} ${times(streak.length)}` : `failed ${times(streak.length)}; last: ${last.reason}`;
    const stderr = [...streak].reverse().find((f) => f.stderr)?.stderr;
    return `${what}${stderr ? `; last stderr: ${stderr}` : ''}`;
  }

  private setLists(tools: ToolInfo[], resources: ResourceInfo[], prompts: PromptInfo[]): void {
    const changed = tools !== this.toolList || resources !== this.resourceList || prompts !== this.promptList;
    const wasEmpty = this.toolList.length + this.resourceList.length + this.promptList.length === 0;
    const isEmpty = tools.length + resources.length + prompts.length === 0;
    this.toolList = tools;
    this.resourceList = resources;
    this.promptList = prompts;
    if (changed && !(wasEmpty && isEmpty)) this.opts.onLists();
  }

  private async fetchList(session: Session, kind: ListKind): Promise<unknown[]> {
    const client = session.client;
    if (!client || !this.capabilities?.[kind]) return [];
    const items: unknown[] = [];
    const raw: unknown[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const params = cursor ? { cursor } : undefined;
      const timeout = this.listTimeoutMs();
      const result =
        kind === 'tools'
          ? await client.listTools(params, { timeout })
          : kind === 'resources'
            ? await client.listResources(params, { timeout })
            : await client.listPrompts(params, { timeout });
      const pageItems = kind === 'tools' ? (result as { tools: unknown[] }).tools : kind === 'resources' ? (result as { resources: unknown[] }).resources : (result as { prompts: unknown[] }).prompts;
      raw.push(...pageItems);
      items.push(...pageItems.map((item) => pick(kind, item as Record<string, unknown>)));
      cursor = result.nextCursor;
      // A server that hands back the same cursor forever must not hang us.
      if (!cursor || seen.has(cursor)) break;
      seen.add(cursor);
    }
    // The SDK caches output-schema validators per listTools page, replacing the previous page's:
    // validation then silently skipped every tool not on the last page. Give it the whole list.
    // (Private in the typings; tests/mcp/robustness.test.ts fails if an SDK upgrade renames it.)
    if (kind === 'tools') (client as unknown as { cacheToolMetadata(tools: unknown[]): void }).cacheToolMetadata(raw);
    return items;
  }

  /** list_changed: at any time, including during start-up (then it is fetched again once start-up is done). */
  private onListChanged(session: Session, kind: ListKind): void {
    if (session.ended || this.session !== session) return;
    if (this.status !== 'running') session.changedDuringStart.add(kind);
    else void this.refreshList(session, kind);
  }

  private async refreshList(session: Session, kind: ListKind): Promise<void> {
    if (session.ended || this.session !== session || this.status !== 'running') return;
    try {
      const items = await this.fetchList(session, kind);
      if (session.ended || this.session !== session) return;
      this.setLists(
        kind === 'tools' ? (items as ToolInfo[]) : this.toolList,
        kind === 'resources' ? (items as ResourceInfo[]) : this.resourceList,
        kind === 'prompts' ? (items as PromptInfo[]) : this.promptList,
      );
    } catch (error) {
      if (!session.ended) this.log(`could not refresh ${kind} after a list_changed notification: ${errorMessage(error)}`);
    }
  }

  /** "server X is not running (status: error: …); start it from the Servers view" */
  private requireRunning(): { session: Session; client: Client } {
    const session = this.session;
    if (this.status !== 'running' || !session?.client || session.ended) {
      const state = this.error ? `${this.status}: ${this.error}` : this.status;
      throw new Error(`server ${this.name} is not running (status: ${state}); start it from the Servers view`);
    }
    return { session, client: session.client };
  }

  /** The server's requests now waiting for the user (a dialog, or sampling with the user's model). */
  private userAnswering = 0;
  /** The idle timers of calls in flight that pause while the user answers. */
  private readonly pausable = new Set<IdleTimer>();

  /**
   * A server's question to the user: the calls' idle timeouts do not run meanwhile (the server is
   * waiting for the user, not stuck), and restart with what was left once the last one is answered.
   */
  private async whileUserAnswers<T>(answer: () => Promise<T>): Promise<T> {
    if (this.userAnswering++ === 0) for (const timer of this.pausable) timer.pause();
    try {
      return await answer();
    } finally {
      if (--this.userAnswering === 0) for (const timer of this.pausable) timer.resume();
    }
  }

  /**
   * Run a request against the live client, turning transport failures into sentences. With
   * `idleTimeout`, the connection times the request itself: `timeoutMs` without an answer or
   * `progress()` ends it, and that clock stops while the server waits for the user (the caller
   * then gives the SDK no shorter timeout than `maxTotalMs`).
   */
  async request<T>(
    what: string,
    call: (client: Client, signal: AbortSignal, clock: { progress(): void }) => Promise<T>,
    limits: { timeoutMs: number; maxTotalMs?: number; signal?: AbortSignal; idleTimeout?: boolean },
  ): Promise<T> {
    const { session, client } = this.requireRunning();
    const controller = new AbortController();
    let abortKind: AbortKind | undefined;
    const abort = (kind: AbortKind) => {
      abortKind ??= kind;
      controller.abort(kind);
    };
    const onExternalAbort = () => abort('cancelled');
    if (limits.signal?.aborted) abort('cancelled');
    limits.signal?.addEventListener('abort', onExternalAbort, { once: true });
    const totalTimer = limits.maxTotalMs ? setTimeout(() => abort('maxTotal'), limits.maxTotalMs) : undefined;
    const idle = limits.idleTimeout ? new IdleTimer(limits.timeoutMs, () => abort('timeout')) : undefined;
    if (idle) {
      this.pausable.add(idle);
      if (this.userAnswering > 0) idle.pause();
    }
    try {
      return await call(client, controller.signal, { progress: () => idle?.reset() });
    } catch (error) {
      if (abortKind || isTimeout(error)) session.lastAbandonAt = Date.now();
      this.signInPart.refused(error);
      throw this.explain(error, what, session, abortKind, limits);
    } finally {
      if (totalTimer) clearTimeout(totalTimer);
      if (idle) {
        idle.stop();
        this.pausable.delete(idle);
      }
      limits.signal?.removeEventListener('abort', onExternalAbort);
    }
  }

  private explain(error: unknown, what: string, session: Session, abortKind: AbortKind | undefined, limits: { timeoutMs: number; maxTotalMs?: number }): Error {
    const exit = session.transport?.exit;
    if (session.stoppedByUs) return new Error(`server ${this.name} was stopped during ${what}`);
    if (exit) return new Error(`server ${this.name} ${describeExitShort(exit)} during ${what}`);
    if (abortKind === 'cancelled') return new Error(`${what} on server ${this.name} was cancelled`);
    if (error instanceof MorePermissionNeededError || error instanceof PermissionRefusedError) return new Error(`${what}: ${error.message}`);
    if (error instanceof UnauthorizedError) return new Error(`${what}: ${new SignInNeededError(this.name, true).message}`);
    const isMaxTotal =
      abortKind === 'maxTotal' || (error instanceof McpError && error.code === ErrorCode.RequestTimeout && /maximum total/i.test(error.message));
    if (isMaxTotal) return new Error(`${what} on server ${this.name} exceeded the maximum total time of ${seconds(limits.maxTotalMs ?? 0)}`);
    if (abortKind === 'timeout') return new Error(`${what} on server ${this.name} timed out: no answer or progress for ${seconds(limits.timeoutMs)}`);
    if (error instanceof McpError) {
      if (error.code === ErrorCode.RequestTimeout) {
        return new Error(`${what} on server ${this.name} timed out: no answer or progress for ${seconds(limits.timeoutMs)}`);
      }
      if (error.code === ErrorCode.ConnectionClosed) return new Error(`server ${this.name} closed the connection during ${what}`);
      const schemaMismatch = /^Structured content does not match the tool's output schema: (.*)$/s.exec(errorMessage(error));
      if (schemaMismatch) {
        return new Error(`server ${this.name} answered ${what} with structured content that does not match the tool's output schema: ${schemaMismatch[1]}`);
      }
      if (error.code === MESSAGE_TOO_LARGE) return new Error(`the answer from server ${this.name} to ${what} could not be accepted: ${errorMessage(error)}`);
      return new Error(`server ${this.name} returned an error for ${what}: ${errorMessage(error)}`);
    }
    return new Error(`${what} on server ${this.name} failed: ${errorMessage(error)}`);
  }
}

class BadWorkingDirectoryError extends Error {}

/** 401/403 from a remote server: the same request will be refused again, so no restarts. */
class RemoteRefusedError extends Error {
  constructor(status: number, headers: Record<string, string> | undefined) {
    const hasAuth = Object.keys(headers ?? {}).some((h) => h.toLowerCase() === 'authorization');
    super(
      `the server refused the connection (HTTP ${status}): ${
        hasAuth ? 'check the Authorization header in its config' : 'it needs credentials; add an Authorization header in its config'
      }`,
    );
  }
}

/** The authorization server refused a service account's credentials: retrying cannot help. */
class ClientCredentialsRefusedError extends Error {
  constructor(server: string, why: string) {
    super(`the authorization server refused ${server}'s client credentials (${why}): check the client id and secret or key in the server's settings`);
  }
}

function isOAuthError(error: unknown): boolean {
  return error instanceof OAuthError;
}

function isAuthProblem(error: unknown): boolean {
  return error instanceof UnauthorizedError || error instanceof MorePermissionNeededError || error instanceof PermissionRefusedError;
}

/**
 * The transport's fetch: a 403 `insufficient_scope` from the MCP endpoint becomes Kalla's own
 * error (more permission to grant, or a refusal that would loop), before the SDK's own handling
 * tries a token refresh, which can never add scopes. The legacy SSE transport posts its messages
 * to another URL the server names (same origin), and the SDK does not handle a 403 there at all:
 * a JSON-RPC message posted to the server's origin counts too. Token and registration requests
 * (form or JSON without "jsonrpc") to an authorization server on the same origin do not.
 */
function scopeChallengeFetch(provider: KallaOAuthProvider, endpoint: URL): (input: string | URL, init?: RequestInit) => Promise<Response> {
  const fromServer = (url: URL, init?: RequestInit) =>
    url.href === endpoint.href || (url.origin === endpoint.origin && typeof init?.body === 'string' && init.body.includes('"jsonrpc"'));
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.status !== 403 || !fromServer(new URL(String(input)), init)) return response;
    const challenge = extractWWWAuthenticateParams(response);
    if (challenge.error !== 'insufficient_scope') return response;
    await response.body?.cancel().catch(() => {});
    throw provider.scopeChallenge(challenge.scope, challenge.resourceMetadataUrl);
  };
}

function isTimeout(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.RequestTimeout;
}

/** Node reports a missing cwd as `spawn <command> ENOENT`, which blames the wrong thing. */
function assertDirectory(cwd: string): void {
  let isDirectory = false;
  try {
    isDirectory = statSync(cwd).isDirectory();
  } catch {
    throw new BadWorkingDirectoryError(`working directory "${cwd}" does not exist; fix "cwd" in the server's config`);
  }
  if (!isDirectory) throw new BadWorkingDirectoryError(`working directory "${cwd}" is not a directory; fix "cwd" in the server's config`);
}

const FIELDS: Record<ListKind, string[]> = {
  tools: ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', 'execution'],
  resources: ['uri', 'name', 'title', 'description', 'mimeType'],
  prompts: ['name', 'title', 'description', 'arguments'],
};

/** Keep only the fields our shared types describe; servers may send large `_meta` blobs. */
function pick(kind: keyof typeof FIELDS, item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FIELDS[kind]) if (item[field] !== undefined) out[field] = item[field];
  return out;
}
