/**
 * McpHost: every MCP server the app knows (built-in ones declared in code and
 * user ones from `<dataDir>/mcp-servers.json`), their processes, and calls.
 * No Electron here: the shell forwards HostEvents over IPC.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ServerRequests, type Sampler } from './server-requests';
import type { OAuthSettings } from './oauth';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ClientAnswer, ClientRequest, ConfigProblem, ImportPreview, ImportResult, ImportSource, HistoryEntry, LogLevel, SamplingPolicy, LogLine, ProgressEvent, PromptInfo, ResourceInfo, ResourceTemplateInfo, ServerConfig, ServerView, ToolCallResult, ToolInfo } from '../../shared/mcp';
import { validateServer } from './config';
import { ServerCatalog, type ServersInFile } from './server-catalog';
import { DEFAULT_RESTART, ServerConnection, type RestartPolicy } from './connection';
import { LogBuffer } from './log-buffer';
import { LogRateLimiter, type LogRateOptions } from './log-events';
import { DEFAULT_MAX_MESSAGE_BYTES } from './message-reader';
import { redact } from '../base/secrets';
import { cachedLoginShellEnv, minimalEnv, type Env } from './shell-env';

export interface BuiltinServer {
  name: string;
  config: ServerConfig;
  description?: string;
  /**
   * Extra env computed at every spawn (e.g. the API key from settings), so a
   * restart picks up changed settings. Only built-ins get this: user servers
   * never see Kalla's secrets.
   */
  spawnEnv?: () => Promise<Record<string, string>>;
}

export interface McpHostOptions {
  dataDir: string;
  /** Declared in code: not editable or removable by the user, but can be stopped and disabled. */
  builtins?: BuiltinServer[];
  /**
   * Default: the user's login-shell environment. Built-ins get all of it; user
   * servers only its minimal part plus what their `inheritEnv` names.
   */
  spawnEnv?: () => Promise<Record<string, string>>;
  /** For the handshake and first lists, unless a server sets `startTimeoutMs`. Default 30 000. */
  startTimeoutMs?: number;
  /** Largest message accepted from a server, unless it sets `maxMessageMiB`. Default 100 MiB. */
  maxMessageBytes?: number;
  /** How many log lines per server reach listeners (the window) per interval. */
  logEvents?: LogRateOptions;
  restart?: { maxRetries?: number; baseDelayMs?: number; maxDelayMs?: number; stableAfterMs?: number };
  /** Per-call timeout when the server config has none. Default 60 000. */
  defaultTimeoutMs?: number;
  /** Upper bound for a call even while it reports progress. Default 10 minutes. */
  maxTotalMs?: number;
  /** Grace per stop stage (stdin close, SIGTERM, SIGKILL). Default 2000. */
  killGraceMs?: number;
  /** Log ring-buffer size per server. Default 2000 lines. */
  logLines?: number;
  /** Log file size before rotation to `.1`. Default 5 MB. */
  maxLogFileBytes?: number;
  clientInfo?: { name: string; version: string };
  /** How long an elicitation or sampling dialog may wait for the user before the server gets "cancel". */
  answerTimeoutMs?: number;
  /** OAuth sign-in for remote servers: where tokens are kept and how the browser is opened. */
  oauth?: OAuthSettings;
}

export type { Sampler };

export type HostEvent =
  | { type: 'status'; server: ServerView }
  | { type: 'log'; line: LogLine }
  /** The tool/resource/prompt caches of this server changed. */
  | { type: 'lists'; server: string }
  | { type: 'progress'; progress: ProgressEvent }
  | { type: 'config'; problems: ConfigProblem[] }
  /** A user server was removed (from the UI, the raw editor or the file). */
  | { type: 'removed'; server: string }
  /** A resource the user watches changed on the server. */
  | { type: 'resourceUpdated'; server: string; uri: string }
  /** A server asks the user something (elicitation, sampling); `clientRequestSettled` when it is answered or void. */
  | { type: 'clientRequest'; request: ClientRequest }
  | { type: 'clientRequestSettled'; id: string };

export interface CallToolOptions {
  /** Lets the caller cancel with cancelCall() and match progress events. Generated when omitted. */
  callId?: string;
  timeoutMs?: number;
  maxTotalMs?: number;
  signal?: AbortSignal;
}

interface Entry {
  name: string;
  origin: 'builtin' | 'user';
  config: ServerConfig;
  description?: string;
  conn: ServerConnection;
  log: LogBuffer;
}

export class McpHost {
  private readonly opts: McpHostOptions;
  private readonly entries = new Map<string, Entry>();
  private readonly builtinNames: Set<string>;
  private readonly listeners = new Set<(e: HostEvent) => void>();
  private readonly calls = new Map<string, AbortController>();
  private readonly restart: RestartPolicy;
  private readonly catalog: ServerCatalog;
  private started = false;
  private loaded?: Promise<void>;
  private readonly requests: ServerRequests;

  constructor(opts: McpHostOptions) {
    this.opts = opts;
    this.requests = new ServerRequests(
      opts.dataDir,
      {
        added: (request) => this.emit({ type: 'clientRequest', request }),
        settled: (id) => this.emit({ type: 'clientRequestSettled', id }),
        policyChanged: (server) => {
          const entry = this.entries.get(server);
          if (entry) this.emitStatus(entry);
        },
        log: (server, text) => this.entries.get(server)?.log.push('host', text),
      },
      opts.answerTimeoutMs,
    );
    this.restart = { ...DEFAULT_RESTART, ...stripUndefined(opts.restart ?? {}) };
    this.builtinNames = new Set();
    this.catalog = new ServerCatalog({
      dataDir: opts.dataDir,
      builtinNames: this.builtinNames,
      ...(opts.oauth ? { secrets: opts.oauth.secrets } : {}),
      onProblems: (problems) => this.emit({ type: 'config', problems }),
      apply: (file, how) => this.applyServers(file, how),
      knownNames: () => this.entries.keys(),
    });
    for (const builtin of opts.builtins ?? []) {
      const config = validateServer(builtin.name, builtin.config);
      if (this.builtinNames.has(builtin.name)) throw new Error(`built-in server "${builtin.name}" is declared twice`);
      this.builtinNames.add(builtin.name);
      this.entries.set(builtin.name, this.createEntry(builtin.name, 'builtin', config, builtin.description, builtin.spawnEnv));
    }
  }

  on(listener: (e: HostEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: HostEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A faulty listener must not break the host or the other listeners.
      }
    }
  }

  configPath(): string {
    return this.catalog.path();
  }

  private logPath(name: string): string {
    return join(this.opts.dataDir, 'logs', `${name}.log`);
  }

  /**
   * Load the config and start every enabled server. Resolves once launches
   * are under way, without waiting for slow servers; watch `status` events.
   */
  async start(): Promise<void> {
    await this.ensureLoaded();
    this.started = true;
    for (const entry of this.entries.values()) {
      // A failed start is not lost: the connection records it as its `error` status with the reason, which the Servers view shows.
      if (!this.isDisabled(entry)) entry.conn.start().catch(() => {});
    }
  }

  /** Stop every server (stdin close, then SIGTERM, then SIGKILL) and flush logs. */
  async stop(): Promise<void> {
    this.started = false;
    for (const controller of this.calls.values()) controller.abort();
    await Promise.all([...this.entries.values()].map((entry) => entry.conn.stop()));
    await Promise.all([...this.entries.values()].map((entry) => entry.log.flush()));
  }

  list(): ServerView[] {
    return [...this.entries.values()].map((entry) => this.view(entry));
  }

  get(name: string): ServerView | undefined {
    const entry = this.entries.get(name);
    return entry ? this.view(entry) : undefined;
  }

  configProblems(): ConfigProblem[] {
    return this.catalog.configProblems();
  }

  async startServer(name: string): Promise<void> {
    await this.ensureLoaded();
    await this.require(name).conn.start();
  }

  async stopServer(name: string): Promise<void> {
    await this.ensureLoaded();
    await this.require(name).conn.stop();
  }

  async restartServer(name: string): Promise<void> {
    await this.ensureLoaded();
    const entry = this.require(name);
    await entry.conn.stop();
    await entry.conn.start();
  }

  async setEnabled(name: string, enabled: boolean): Promise<void> {
    await this.ensureLoaded();
    const entry = this.require(name);
    if (entry.origin === 'builtin') {
      await this.catalog.setBuiltinEnabled(name, enabled);
      this.emitStatus(entry);
    } else {
      await this.catalog.setUserEnabled(name, enabled);
    }
    if (!enabled) await entry.conn.stop();
    else if (this.started) await entry.conn.start();
  }

  async addServer(name: string, config: ServerConfig): Promise<void> {
    await this.ensureLoaded();
    await this.catalog.add(name, config);
  }

  async updateServer(name: string, config: ServerConfig): Promise<void> {
    await this.ensureLoaded();
    this.requireUser(name, 'edited');
    await this.catalog.update(name, config);
  }

  async removeServer(name: string): Promise<void> {
    await this.ensureLoaded();
    this.requireUser(name, 'removed');
    await this.catalog.remove(name);
  }

  /** Re-read the file after an outside edit (e.g. in a text editor) and apply it. */
  async reloadConfig(): Promise<{ problems: ConfigProblem[] }> {
    await this.ensureLoaded();
    await this.catalog.reload();
    return { problems: this.configProblems() };
  }

  async readConfigText(): Promise<string> {
    return this.catalog.readText();
  }

  /** Save the raw file from the config editor (refused, and the file kept, when it is not a servers file). */
  async writeConfigText(text: string): Promise<{ problems: ConfigProblem[] }> {
    await this.ensureLoaded();
    return this.catalog.writeText(text);
  }

  /** Other MCP clients' config files on this machine (Claude Desktop, VS Code, Cursor). */
  importSources(): Promise<ImportSource[]> {
    return this.catalog.importSources();
  }

  /** What importing `path` would add and skip, and the VS Code inputs it needs; changes nothing. */
  async planImport(path?: string, inputs: Record<string, string> = {}): Promise<ImportPreview> {
    await this.ensureLoaded();
    return this.catalog.planImport(path, inputs);
  }

  /** Import servers from another client's config file (added disabled). */
  async importServers(path?: string, inputs: Record<string, string> = {}): Promise<ImportResult> {
    await this.ensureLoaded();
    return this.catalog.import(path, inputs);
  }

  tools(name: string): ToolInfo[] {
    return this.entries.get(name)?.conn.tools() ?? [];
  }

  resources(name: string): ResourceInfo[] {
    return this.entries.get(name)?.conn.resources() ?? [];
  }

  prompts(name: string): PromptInfo[] {
    return this.entries.get(name)?.conn.prompts() ?? [];
  }

  /**
   * Call a tool. Progress notifications are forwarded as `progress` events
   * and restart the per-call timeout; `maxTotalMs` bounds the call regardless.
   * A tool-level failure (`isError: true`) is a result, not a throw.
   */
  async callTool(server: string, tool: string, args: Record<string, unknown>, opts: CallToolOptions = {}): Promise<ToolCallResult> {
    const entry = this.require(server);
    const callId = opts.callId ?? randomUUID();
    if (this.calls.has(callId)) throw new Error(`a call with id ${callId} is already in flight`);
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    if (opts.signal?.aborted) controller.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    this.calls.set(callId, controller);
    const timeoutMs = opts.timeoutMs ?? entry.config.timeoutMs ?? this.defaultTimeoutMs();
    const maxTotalMs = opts.maxTotalMs ?? this.opts.maxTotalMs ?? 600_000;
    const started = performance.now();
    try {
      const needsTask = entry.conn.tools().find((t) => t.name === tool)?.execution?.taskSupport === 'required';
      const report = (p: { progress: number; total?: number; message?: string }) =>
        this.emit({ type: 'progress', progress: { callId, progress: p.progress, total: p.total, message: p.message } });
      const result = needsTask
        ? // A task is polled (tasks/get), each poll bounded by the timeout as before.
          await entry.conn.request(
            `the call to tool "${tool}"`,
            (client, signal) =>
              this.callAsTask(client, tool, args, { timeout: timeoutMs, resetTimeoutOnProgress: true, maxTotalTimeout: maxTotalMs, onprogress: report, signal }, (message, step) =>
                report({ progress: step, message }),
              ),
            { timeoutMs, maxTotalMs, signal: controller.signal },
          )
        : // The connection times the call (idleTimeout): `timeoutMs` without an answer or progress, on
          // a clock that stops while a sampling or elicitation dialog of this server waits for the
          // user. The SDK only bounds it by the maximum total time.
          await entry.conn.request(
            `the call to tool "${tool}"`,
            (client, signal, clock) =>
              client.callTool({ name: tool, arguments: args }, undefined, {
                timeout: maxTotalMs,
                maxTotalTimeout: maxTotalMs,
                onprogress: (p) => {
                  clock.progress();
                  report(p);
                },
                signal,
              }),
            { timeoutMs, maxTotalMs, signal: controller.signal, idleTimeout: true },
          );
      const elapsedMs = Math.round(performance.now() - started);
      // Servers on the 2024-10-07 protocol may answer with `toolResult` instead of content blocks.
      const content = Array.isArray(result.content)
        ? (result.content as ToolCallResult['content'])
        : [{ type: 'text', text: JSON.stringify(result.toolResult ?? null) }];
      const structured = result.structuredContent as Record<string, unknown> | undefined;
      return { content, ...(structured ? { structuredContent: structured } : {}), isError: result.isError === true, elapsedMs };
    } catch (error) {
      entry.log.push('host', (error as Error).message);
      throw error;
    } finally {
      this.calls.delete(callId);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * A tool the server runs only as a task (tasks are experimental in the spec): tools/call with a
   * task, then the SDK polls tasks/get until the task ends and fetches tasks/result. Each status
   * the server reports becomes a progress message; Cancel sends tasks/cancel for the task.
   */
  private async callAsTask(
    client: Client,
    tool: string,
    args: Record<string, unknown>,
    options: RequestOptions & { signal: AbortSignal },
    report: (message: string, step: number) => void,
  ): Promise<CallToolResult> {
    let taskId: string | undefined;
    let lastStatus: string | undefined;
    let step = 0;
    const cancel = () => {
      if (taskId) void client.experimental.tasks.cancelTask(taskId).catch(() => {});
    };
    options.signal.addEventListener('abort', cancel, { once: true });
    try {
      for await (const m of client.experimental.tasks.callToolStream({ name: tool, arguments: args }, CallToolResultSchema, options)) {
        if (m.type === 'taskCreated' || m.type === 'taskStatus') {
          taskId = m.task.taskId;
          lastStatus = m.task.status;
          report(`task ${m.task.status}${m.task.statusMessage ? `: ${m.task.statusMessage}` : ''}`, ++step);
        } else if (m.type === 'result') {
          return m.result as CallToolResult;
        } else {
          // A failed task keeps its result (the tool's own error): show the server's words, not "Task … failed".
          if (taskId && lastStatus === 'failed') {
            const stored = await client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema, { signal: options.signal, timeout: options.timeout }).catch(() => undefined);
            if (stored) return { ...stored, isError: true } as CallToolResult;
          }
          throw m.error;
        }
      }
      throw new Error(`the task for tool "${tool}" ended without a result`);
    } finally {
      options.signal.removeEventListener('abort', cancel);
    }
  }

  /** Cancel an in-flight call; the server gets notifications/cancelled. False if no such call. */
  cancelCall(callId: string): boolean {
    const controller = this.calls.get(callId);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  async readResource(server: string, uri: string): Promise<{ contents: unknown[] }> {
    const entry = this.require(server);
    const timeoutMs = entry.config.timeoutMs ?? this.defaultTimeoutMs();
    const result = await entry.conn.request(`reading resource ${uri}`, (client, signal) => client.readResource({ uri }, { signal, timeout: timeoutMs }), {
      timeoutMs,
    });
    return { contents: result.contents };
  }

  /**
   * Suggestions for an argument of a prompt or a resource template (`completion/complete`), given
   * what the user typed and the arguments already filled in; none when the server declares no
   * `completions` capability.
   */
  async complete(
    server: string,
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string },
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<{ values: string[]; total?: number; hasMore?: boolean }> {
    const entry = this.require(server);
    if (!entry.conn.snapshot().capabilities?.completions) return { values: [] };
    const timeoutMs = entry.config.timeoutMs ?? this.defaultTimeoutMs();
    const result = await entry.conn.request(
      `completing ${argument.name}`,
      (client, signal) => client.complete({ ref, argument, ...(context ? { context: { arguments: context } } : {}) }, { signal, timeout: timeoutMs }),
      { timeoutMs },
    );
    const c = result.completion;
    return { values: c.values.slice(0, 100), ...(c.total !== undefined ? { total: c.total } : {}), ...(c.hasMore !== undefined ? { hasMore: c.hasMore } : {}) };
  }

  // ---- the server's requests to the user: elicitation and sampling ---------------------------

  /** The model the user configured, for sampling requests (set once the Assistant exists). */
  setSampler(sampler: Sampler): void {
    this.requests.setSampler(sampler);
  }

  /**
   * OAuth sign-in for a remote server: reconnects with the browser step allowed, and resolves when
   * the server is running (signed in) or has failed with the reason.
   */
  async signIn(server: string): Promise<void> {
    const entry = this.require(server);
    await entry.conn.signIn();
  }

  /** Forgets the server's tokens and client registration. */
  async signOut(server: string): Promise<void> {
    const entry = this.require(server);
    await entry.conn.signOut();
  }

  /** Questions from servers waiting for the user (a window that opens late shows them too). */
  pendingClientRequests(): ClientRequest[] {
    return this.requests.pending();
  }

  /** The user's answer to a server's question (checked against the form the server asked with). */
  answerClientRequest(id: string, answer: ClientAnswer): void {
    this.requests.answer(id, answer);
  }

  samplingPolicy(server: string): SamplingPolicy {
    return this.requests.policy(server);
  }

  /** Saved in `<dataDir>/mcp-sampling.json`; "ask" is the default and is not stored. */
  async setSamplingPolicy(server: string, policy: SamplingPolicy): Promise<void> {
    this.require(server);
    await this.requests.setPolicy(server, policy);
  }

  /** Watch a resource: `resourceUpdated` events follow each change until unsubscribe (kept across restarts). */
  async subscribe(server: string, uri: string): Promise<void> {
    const entry = this.require(server);
    await entry.conn.subscribe(uri, entry.config.timeoutMs ?? this.defaultTimeoutMs());
  }

  async unsubscribe(server: string, uri: string): Promise<void> {
    const entry = this.require(server);
    await entry.conn.unsubscribe(uri, entry.config.timeoutMs ?? this.defaultTimeoutMs());
  }

  /** The JSON-RPC messages exchanged with a server (newest 500), after `afterSeq`. */
  history(server: string, afterSeq?: number): HistoryEntry[] {
    return this.require(server).conn.history.list(afterSeq);
  }

  clearHistory(server: string): void {
    this.require(server).conn.history.clear();
  }

  /** The server's resource templates (`resources/templates/list`, every page); none when it declares no resources. */
  async listResourceTemplates(server: string): Promise<{ templates: ResourceTemplateInfo[] }> {
    const entry = this.require(server);
    const timeoutMs = entry.config.timeoutMs ?? this.defaultTimeoutMs();
    const templates: ResourceTemplateInfo[] = [];
    let cursor: string | undefined;
    const seen = new Set<string>();
    for (let page = 0; page < 100; page++) {
      const result = await entry.conn.request('listing resource templates', (client, signal) => client.listResourceTemplates(cursor ? { cursor } : undefined, { signal, timeout: timeoutMs }), { timeoutMs });
      for (const t of result.resourceTemplates) {
        templates.push({
          uriTemplate: t.uriTemplate,
          name: t.name,
          ...(t.title ? { title: t.title } : {}),
          ...(t.description ? { description: t.description } : {}),
          ...(t.mimeType ? { mimeType: t.mimeType } : {}),
        });
      }
      cursor = result.nextCursor;
      // A server that hands back the same cursor forever must not hang us.
      if (!cursor || seen.has(cursor)) break;
      seen.add(cursor);
    }
    return { templates };
  }

  async getPrompt(server: string, name: string, args?: Record<string, string>): Promise<{ description?: string; messages: unknown[] }> {
    const entry = this.require(server);
    const timeoutMs = entry.config.timeoutMs ?? this.defaultTimeoutMs();
    const result = await entry.conn.request(
      `getting prompt "${name}"`,
      (client, signal) => client.getPrompt({ name, arguments: args }, { signal, timeout: timeoutMs }),
      { timeoutMs },
    );
    return { ...(result.description !== undefined ? { description: result.description } : {}), messages: result.messages };
  }

  /** logging/setLevel for this app session (sent again after restarts, not saved). */
  async setLogLevel(name: string, level: LogLevel): Promise<void> {
    await this.require(name).conn.setLogLevel(level);
  }

  logs(name: string, limit?: number): LogLine[] {
    return this.entries.get(name)?.log.lines(limit) ?? [];
  }

  // ---------------------------------------------------------------- internals

  private defaultTimeoutMs(): number {
    return this.opts.defaultTimeoutMs ?? 60_000;
  }

  private require(name: string): Entry {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`unknown server "${name}"`);
    return entry;
  }

  private requireUser(name: string, verb: string): Entry {
    const entry = this.require(name);
    if (entry.origin === 'builtin') throw new Error(`${name} is a built-in server and cannot be ${verb}; you can stop or disable it`);
    return entry;
  }

  private ensureLoaded(): Promise<void> {
    this.loaded ??= (async () => {
      await this.requests.load();
      await this.catalog.load();
    })();
    return this.loaded;
  }

  private isDisabled(entry: Entry): boolean {
    return entry.origin === 'builtin' ? this.catalog.isBuiltinDisabled(entry.name) : entry.config.disabled === true;
  }

  /**
   * Make the running set match the file: remove what is gone, add what is
   * new, restart what changed. Entries that failed validation are skipped
   * (and reported); if such an entry was running, it keeps its last good config.
   */
  private async applyServers(file: ServersInFile, { startEnabled }: { startEnabled: boolean }): Promise<void> {
    const work: Promise<unknown>[] = [];
    for (const entry of [...this.entries.values()]) {
      if (entry.origin !== 'user' || entry.name in file.servers || file.listed.has(entry.name)) continue;
      this.entries.delete(entry.name);
      // Its sign-in and client secret go with it (removed in the list or in the JSON editor): a new
      // server of the same name starts clean. After the stop, so a sign-in that was still saving
      // cannot write them back.
      work.push(
        entry.conn
          .stop()
          .then(() => this.emit({ type: 'removed', server: entry.name }))
          .finally(() => this.catalog.forgetSecrets(entry.name)),
      );
    }
    for (const [name, config] of Object.entries(file.servers)) {
      const existing = this.entries.get(name);
      if (!existing) {
        const entry = this.createEntry(name, 'user', config);
        this.entries.set(name, entry);
        this.emitStatus(entry);
        // Start failures become the server's `error` status (shown with the reason), not an exception here.
        if (startEnabled && this.started && !config.disabled) entry.conn.start().catch(() => {});
        continue;
      }
      if (JSON.stringify(existing.config) === JSON.stringify(config)) continue;
      if (JSON.stringify({ ...existing.config, roots: undefined }) === JSON.stringify({ ...config, roots: undefined })) {
        existing.config = config;
        work.push(existing.conn.setRoots(config));
        this.emitStatus(existing);
        continue;
      }
      const wasDisabled = existing.config.disabled === true;
      existing.config = config;
      existing.conn.setConfig(config);
      this.emitStatus(existing);
      if (!startEnabled) continue;
      if (config.disabled) work.push(existing.conn.stop());
      // A server the user stopped stays stopped; one that ran, or was just enabled, runs the new config.
      else if (this.started && (existing.conn.isActive || wasDisabled)) {
        // As above: a failed restart is reported through the server's status, not this promise.
        work.push(existing.conn.stop().then(() => existing.conn.start().catch(() => {})));
      }
    }
    await Promise.all(work);
  }

  private createEntry(
    name: string,
    origin: Entry['origin'],
    config: ServerConfig,
    description?: string,
    extraEnv?: () => Promise<Record<string, string>>,
  ): Entry {
    const baseEnv = this.opts.spawnEnv ?? (() => this.loginEnv());
    // User servers get a minimal set (issue 13 item 2). Built-ins too (issue 29): the same set, their
    // own knobs (KALLA_*, VIEWMAPPER_*, JAVA_HOME) and Kalla's settings; not the login shell's cloud
    // credentials, which they never use.
    const spawnEnv =
      origin === 'builtin'
        ? async () => ({ ...builtinEnv(await baseEnv()), ...(extraEnv ? await extraEnv() : {}) })
        : async (current: ServerConfig) => minimalEnv(await baseEnv(), current.inheritEnv);
    const liveLog = new LogRateLimiter(name, (line) => this.emit({ type: 'log', line }), this.opts.logEvents);
    const log = new LogBuffer({
      server: name,
      file: this.logPath(name),
      capacity: this.opts.logLines,
      maxFileBytes: this.opts.maxLogFileBytes,
      onLine: (line) => liveLog.push(line),
    });
    // The entry is referenced lazily by the callbacks: it is complete before any fires.
    const entry: Entry = { name, origin, config, description, log, conn: undefined as unknown as ServerConnection };
    entry.conn = new ServerConnection({
      name,
      config,
      log,
      spawnEnv,
      restart: this.restart,
      killGraceMs: this.opts.killGraceMs ?? 2000,
      startTimeoutMs: this.opts.startTimeoutMs ?? 30_000,
      requestTimeoutMs: this.defaultTimeoutMs(),
      maxMessageBytes: this.opts.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      clientInfo: this.opts.clientInfo ?? { name: 'kalla-desktop', version: '0.1.0' },
      onChange: () => this.emitStatus(entry),
      onLists: () => {
        this.emit({ type: 'lists', server: name });
        this.emitStatus(entry);
      },
      onResourceUpdated: (uri) => this.emit({ type: 'resourceUpdated', server: name, uri }),
      ...(this.opts.oauth ? { oauth: this.opts.oauth } : {}),
      serverRequests: this.requests.forServer(name),
    });
    return entry;
  }

  /** The login-shell env (computed once); if it cannot be read, every server log says why PATH may be short. */
  private loginEnv(): Promise<Env> {
    return cachedLoginShellEnv({
      onFallback: (reason) => {
        for (const entry of this.entries.values()) entry.log.push('host', reason);
      },
    });
  }

  private emitStatus(entry: Entry): void {
    if (this.entries.get(entry.name) !== entry) return;
    this.emit({ type: 'status', server: this.view(entry) });
  }

  private view(entry: Entry): ServerView {
    const snap = entry.conn.snapshot();
    const config = entry.config;
    return {
      name: entry.name,
      origin: entry.origin,
      ...(entry.description !== undefined ? { description: entry.description } : {}),
      command: config.url ?? config.command ?? '',
      ...(snap.transport ? { transport: snap.transport } : {}),
      ...(snap.logLevel ? { logLevel: snap.logLevel } : {}),
      ...(config.headers ? { headerKeys: Object.keys(config.headers) } : {}),
      // Args sometimes carry tokens (`--api-key sk-…`); env values never leave the main process.
      args: (config.args ?? []).map((arg) => redact(arg)),
      envKeys: Object.keys(config.env ?? {}),
      ...(config.cwd !== undefined ? { cwd: config.cwd } : {}),
      ...(config.inheritEnv ? { inheritEnv: config.inheritEnv } : {}),
      ...(config.roots ? { roots: config.roots } : {}),
      samplingPolicy: this.samplingPolicy(entry.name),
      ...(snap.auth ? { auth: snap.auth } : {}),
      disabled: this.isDisabled(entry),
      timeoutMs: config.timeoutMs ?? this.defaultTimeoutMs(),
      status: snap.status,
      ...(snap.error !== undefined ? { error: snap.error } : {}),
      restarts: snap.restarts,
      ...(snap.pid !== undefined ? { pid: snap.pid } : {}),
      ...(snap.serverInfo ? { serverInfo: snap.serverInfo } : {}),
      ...(snap.capabilities ? { capabilities: snap.capabilities } : {}),
      ...(snap.instructions !== undefined ? { instructions: snap.instructions } : {}),
      counts: { tools: entry.conn.tools().length, resources: entry.conn.resources().length, prompts: entry.conn.prompts().length },
      logFile: entry.log.file,
    };
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** What a built-in server gets from the login environment: the minimal set and its own variables. */
export function builtinEnv(base: Record<string, string>): Record<string, string> {
  const own = Object.keys(base).filter((k) => /^(KALLA_|VIEWMAPPER_)/.test(k) || k === 'JAVA_HOME');
  return minimalEnv(base, own);
}
