/**
 * McpHost: every MCP server the app knows (built-in ones declared in code and
 * user ones from `<dataDir>/mcp-servers.json`), their processes, and calls.
 * No Electron here: the shell forwards HostEvents over IPC.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolResultSchema,
  ErrorCode,
  McpError,
  type CallToolResult,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { UserError } from '../errors';
import { ClientRequestBroker } from './client-requests';
import { elicitationProblem } from './elicitation';
import { clientSecretsKey, signInKey, type OAuthSettings } from './oauth';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ClientAnswer, ClientRequest, ConfigProblem, ImportPreview, ImportResult, ImportSource, HistoryEntry, LogLevel, SamplingPolicy, LogLine, ProgressEvent, PromptInfo, ResourceInfo, ResourceTemplateInfo, ServerConfig, ServerView, ToolCallResult, ToolInfo } from '../../shared/mcp';
import { SECRET_FILE_MODE, tightenSecretFile, writeFileAtomic } from '../base/atomic-write';
import { claudeDesktopConfigPath, describeImportedServer, importSources, planImport } from './import-config';
import {
  loadServersFile,
  mergeServerEntry,
  oauthSecretsInFile,
  stripOAuthSecrets,
  type OAuthSecretsInFile,
  parseServersText,
  readServersFileText,
  serversFilePath,
  updateServersFile,
  validateServer,
} from './config';
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

/** Sends a server's sampling request to the model the user configured (the Assistant's provider). */
export interface Sampler {
  /** The model that would answer, or null when no provider is configured. */
  model(): Promise<string | null>;
  complete(request: { system: string; messages: Array<{ role: 'user' | 'assistant'; text: string }>; maxTokens: number; signal: AbortSignal }): Promise<{ text: string; model: string; stopReason: string }>;
}

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

const BUILTIN_STATE_FILE = 'mcp-builtins.json';
const SAMPLING_FILE = 'mcp-sampling.json';
/** Upper bound on what a server may ask the user's model for in one sampling request. */
const MAX_SAMPLING_TOKENS = 4096;

/** Sampling messages as text for the provider: text as is, other content named. */
function samplingText(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((b) => {
      const block = b as { type?: string; text?: string };
      return block.type === 'text' ? (block.text ?? '') : `[${block.type ?? 'content'} not sent: Kalla passes text only]`;
    })
    .join('\n');
}

export class McpHost {
  private readonly opts: McpHostOptions;
  private readonly entries = new Map<string, Entry>();
  private readonly builtinNames: Set<string>;
  private readonly listeners = new Set<(e: HostEvent) => void>();
  private readonly calls = new Map<string, AbortController>();
  private readonly restart: RestartPolicy;
  private disabledBuiltins = new Set<string>();
  private problems: ConfigProblem[] = [];
  private started = false;
  private loaded?: Promise<void>;
  /** Config changes run one at a time so two edits never race on the file. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly broker: ClientRequestBroker;
  private sampler?: Sampler;
  private samplingPolicies: Record<string, SamplingPolicy> = {};

  constructor(opts: McpHostOptions) {
    this.opts = opts;
    this.broker = new ClientRequestBroker(
      { added: (request) => this.emit({ type: 'clientRequest', request }), settled: (id) => this.emit({ type: 'clientRequestSettled', id }) },
      opts.answerTimeoutMs,
    );
    this.restart = { ...DEFAULT_RESTART, ...stripUndefined(opts.restart ?? {}) };
    this.builtinNames = new Set();
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
    return serversFilePath(this.opts.dataDir);
  }

  private builtinStatePath(): string {
    return join(this.opts.dataDir, BUILTIN_STATE_FILE);
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
    return [...this.problems];
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
      await this.exclusive(async () => {
        if (enabled) this.disabledBuiltins.delete(name);
        else this.disabledBuiltins.add(name);
        await writeFileAtomic(this.builtinStatePath(), `${JSON.stringify({ disabled: [...this.disabledBuiltins].sort() }, null, 2)}\n`);
      });
      this.emitStatus(entry);
      if (!enabled) await entry.conn.stop();
      else if (this.started) await entry.conn.start();
      return;
    }
    await this.exclusive(async () => {
      await updateServersFile(this.configPath(), (servers) => {
        const raw = servers[name];
        if (typeof raw !== 'object' || raw === null) throw new Error(`server ${name} is not in ${this.configPath()} any more`);
        const next: Record<string, unknown> = { ...raw };
        // Claude Desktop has no "disabled"; leave enabled entries as it would write them.
        if (enabled) delete next.disabled;
        else next.disabled = true;
        servers[name] = next;
      });
      await this.reloadUserServers({ startEnabled: false });
    });
    if (!enabled) await entry.conn.stop();
    else if (this.started) await entry.conn.start();
  }

  async addServer(name: string, config: ServerConfig): Promise<void> {
    await this.ensureLoaded();
    const valid = validateServer(name, config);
    if (this.builtinNames.has(name)) throw new Error(`"${name}" is the name of a built-in server; choose another name`);
    await this.exclusive(async () => {
      await updateServersFile(this.configPath(), (servers) => {
        if (name in servers) throw new Error(`a server named "${name}" already exists`);
        servers[name] = mergeServerEntry(undefined, valid);
      });
      await this.reloadUserServers({ startEnabled: true });
    });
  }

  async updateServer(name: string, config: ServerConfig): Promise<void> {
    await this.ensureLoaded();
    this.requireUser(name, 'edited');
    const valid = validateServer(name, config);
    await this.exclusive(async () => {
      await updateServersFile(this.configPath(), (servers) => {
        if (!(name in servers)) throw new Error(`server ${name} is not in ${this.configPath()} any more`);
        servers[name] = mergeServerEntry(servers[name], valid);
      });
      await this.reloadUserServers({ startEnabled: true });
    });
  }

  async removeServer(name: string): Promise<void> {
    await this.ensureLoaded();
    this.requireUser(name, 'removed');
    await this.exclusive(async () => {
      await updateServersFile(this.configPath(), (servers) => {
        delete servers[name];
      });
      await this.reloadUserServers({ startEnabled: true });
    });
  }

  /** Re-read the file after an outside edit (e.g. in a text editor) and apply it. */
  async reloadConfig(): Promise<{ problems: ConfigProblem[] }> {
    await this.ensureLoaded();
    await this.exclusive(() => this.reloadUserServers({ startEnabled: true }));
    return { problems: this.configProblems() };
  }

  async readConfigText(): Promise<string> {
    return readServersFileText(this.configPath());
  }

  /**
   * Save the raw file from the config editor. Text that is not JSON (or not
   * shaped like a servers file at all) is refused and the file left as it
   * was; per-server problems are saved but reported, and those servers skipped.
   */
  async writeConfigText(text: string): Promise<{ problems: ConfigProblem[] }> {
    await this.ensureLoaded();
    const parsed = parseServersText(text, this.configPath(), this.builtinNames);
    const unusable = !parsed.document || parsed.problems.some((p) => p.where === 'mcpServers' || p.where === '(top level)');
    if (unusable) return { problems: parsed.problems };
    await this.exclusive(async () => {
      // Servers' env and headers hold tokens.
      await writeFileAtomic(this.configPath(), text, { mode: SECRET_FILE_MODE });
      await this.reloadUserServers({ startEnabled: true });
    });
    return { problems: this.configProblems() };
  }

  /** Other MCP clients' config files on this machine (Claude Desktop, VS Code, Cursor). */
  importSources(): Promise<ImportSource[]> {
    return importSources();
  }

  /** What importing `path` would add and skip, and the VS Code inputs it needs; changes nothing. */
  async planImport(path?: string, inputs: Record<string, string> = {}): Promise<ImportPreview> {
    await this.ensureLoaded();
    const plan = await planImport(path ?? claudeDesktopConfigPath(), await this.takenNames(), inputs);
    return {
      toAdd: Object.keys(plan.toAdd),
      servers: Object.entries(plan.toAdd).map(([name, config]) => describeImportedServer(name, config)),
      skipped: plan.skipped,
      inputs: plan.inputs,
    };
  }

  /** Names in the file count even if their entries are broken: an import never overwrites them. */
  private async takenNames(): Promise<Set<string>> {
    const current = await loadServersFile(this.configPath(), this.builtinNames);
    return new Set([...this.entries.keys(), ...Object.keys(rawServers(current.document))]);
  }

  /**
   * Import servers from another client's config file (Claude Desktop's standard location unless
   * `path` is given), with values for the VS Code inputs they use.
   */
  async importServers(path?: string, inputs: Record<string, string> = {}): Promise<ImportResult> {
    await this.ensureLoaded();
    const source = path ?? claudeDesktopConfigPath();
    return this.exclusive(async () => {
      const plan = await planImport(source, await this.takenNames(), inputs);
      const imported = Object.keys(plan.toAdd);
      if (imported.length > 0) {
        await updateServersFile(this.configPath(), (servers) => {
          // Added disabled: nothing from another client's file runs until the user enables it here.
          for (const [name, config] of Object.entries(plan.toAdd)) servers[name] = mergeServerEntry(undefined, { ...config, disabled: true });
        });
        await this.reloadUserServers({ startEnabled: true });
      }
      return { imported, skipped: plan.skipped, inputs: plan.inputs };
    });
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
      const requestOptions = {
        timeout: timeoutMs,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: maxTotalMs,
        onprogress: (p: { progress: number; total?: number; message?: string }) =>
          this.emit({ type: 'progress', progress: { callId, progress: p.progress, total: p.total, message: p.message } }),
      };
      const needsTask = entry.conn.tools().find((t) => t.name === tool)?.execution?.taskSupport === 'required';
      const result = await entry.conn.request(
        `the call to tool "${tool}"`,
        (client, signal) =>
          needsTask
            ? this.callAsTask(client, tool, args, { ...requestOptions, signal }, (message, step) => this.emit({ type: 'progress', progress: { callId, progress: step, message } }))
            : client.callTool({ name: tool, arguments: args }, undefined, { ...requestOptions, signal }),
        { timeoutMs, maxTotalMs, signal: controller.signal },
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
    this.sampler = sampler;
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
    return this.broker.pending();
  }

  /**
   * The user's answer to a server's question. A form answer is checked against the schema the server
   * asked with first: a wrong one throws (the dialog stays open and says why) and never reaches the server.
   */
  answerClientRequest(id: string, answer: ClientAnswer): void {
    const request = this.broker.pending().find((r) => r.id === id);
    if (!request) throw new UserError('This request was already answered, withdrawn by the server, or timed out.', 'not_found');
    if (request.kind === 'elicitForm' && answer.action === 'accept') {
      const problem = elicitationProblem(request.requestedSchema, answer.content ?? {});
      if (problem) throw new UserError(`The answer does not fit what ${request.server} asked for: ${problem}.`, 'invalid_input');
    }
    this.broker.answer(id, answer);
  }

  samplingPolicy(server: string): SamplingPolicy {
    return this.samplingPolicies[server] ?? 'ask';
  }

  /** Saved in `<dataDir>/mcp-sampling.json`; "ask" is the default and is not stored. */
  async setSamplingPolicy(server: string, policy: SamplingPolicy): Promise<void> {
    const entry = this.require(server);
    const next = { ...this.samplingPolicies };
    if (policy === 'ask') delete next[server];
    else next[server] = policy;
    await writeFileAtomic(join(this.opts.dataDir, SAMPLING_FILE), `${JSON.stringify(next, null, 2)}\n`);
    this.samplingPolicies = next;
    this.emitStatus(entry);
  }

  private async elicit(server: string, params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult> {
    if (params.mode === 'url') {
      // Only web addresses: a javascript: or file: URL from a server is never offered to the user.
      if (!/^https?:\/\//i.test(params.url)) {
        this.require(server).log.push('host', `declined an elicitation with a URL that is not http(s): ${params.url.slice(0, 200)}`);
        return { action: 'decline' };
      }
      const a = await this.broker.ask({ server, kind: 'elicitUrl', message: params.message, url: params.url }, signal);
      return { action: a.action };
    }
    const a = await this.broker.ask({ server, kind: 'elicitForm', message: params.message, requestedSchema: params.requestedSchema as Record<string, unknown> }, signal);
    if (a.action !== 'accept') return { action: a.action };
    return { action: 'accept', content: (a.content ?? {}) as ElicitResult['content'] };
  }

  private async sample(server: string, params: CreateMessageRequest['params'], signal: AbortSignal): Promise<CreateMessageResult> {
    const refuse = (text: string) => new McpError(ErrorCode.InvalidRequest, text);
    const policy = this.samplingPolicy(server);
    if (policy === 'never') throw refuse(`Kalla's user does not let ${server} use their model (sampling is set to "never" for this server).`);
    const model = this.sampler ? await this.sampler.model() : null;
    if (!this.sampler || !model) throw refuse('No model is configured in Kalla (Settings → Assistant), so it cannot answer sampling requests.');
    const messages = params.messages.map((m) => ({ role: m.role, text: samplingText(m.content) }));
    const maxTokens = Math.min(params.maxTokens, MAX_SAMPLING_TOKENS);
    if (policy === 'ask') {
      const a = await this.broker.ask(
        { server, kind: 'sampling', messages, ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}), ...(params.modelPreferences ? { modelPreferences: params.modelPreferences as Record<string, unknown> } : {}), maxTokens, model },
        signal,
      );
      if (a.action !== 'accept') throw refuse('The user declined to send this request to their model.');
    }
    const answer = await this.sampler.complete({ system: params.systemPrompt ?? '', messages, maxTokens, signal });
    let text = answer.text;
    if (policy === 'ask') {
      const r = await this.broker.ask({ server, kind: 'samplingReview', text: answer.text, model: answer.model }, signal);
      if (r.action !== 'accept') throw refuse("The user did not send the model's answer back.");
      text = r.text ?? answer.text;
    }
    return { role: 'assistant', content: { type: 'text', text }, model: answer.model, stopReason: answer.stopReason };
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

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    // The caller receives `run`'s failure; the queue only needs to know the task ended.
    this.queue = run.catch(() => {});
    return run;
  }

  private ensureLoaded(): Promise<void> {
    this.loaded ??= (async () => {
      this.disabledBuiltins = await readDisabledBuiltins(this.builtinStatePath());
      this.samplingPolicies = await readSamplingPolicies(join(this.opts.dataDir, SAMPLING_FILE));
      await this.reloadUserServers({ startEnabled: false });
    })();
    return this.loaded;
  }

  private isDisabled(entry: Entry): boolean {
    return entry.origin === 'builtin' ? this.disabledBuiltins.has(entry.name) : entry.config.disabled === true;
  }

  /**
   * Make the running set match the file: remove what is gone, add what is
   * new, restart what changed. Entries that failed validation are skipped
   * (and reported); if such an entry was running, it keeps its last good config.
   */
  private async reloadUserServers({ startEnabled }: { startEnabled: boolean }): Promise<void> {
    await tightenSecretFile(this.configPath());
    await this.moveOAuthSecretsToStore();
    const parsed = await loadServersFile(this.configPath(), this.builtinNames);
    this.problems = parsed.problems;
    this.emit({ type: 'config', problems: this.configProblems() });
    if (!parsed.document) return; // unreadable file: keep what runs, the problem says why
    const brokenNames = new Set(Object.keys(rawServers(parsed.document)));
    const work: Promise<unknown>[] = [];
    for (const entry of [...this.entries.values()]) {
      if (entry.origin !== 'user' || entry.name in parsed.servers || brokenNames.has(entry.name)) continue;
      this.entries.delete(entry.name);
      // Its sign-in and client secret go with it (removed in the list or in the JSON editor): a new
      // server of the same name starts clean. After the stop, so a sign-in that was still saving
      // cannot write them back.
      work.push(
        entry.conn
          .stop()
          .then(() => this.emit({ type: 'removed', server: entry.name }))
          .finally(() => this.forgetSecrets(entry.name)),
      );
    }
    for (const [name, config] of Object.entries(parsed.servers)) {
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

  private async forgetSecrets(name: string): Promise<void> {
    await this.opts.oauth?.secrets.delete(signInKey(name));
    await this.opts.oauth?.secrets.delete(clientSecretsKey(name));
  }

  /**
   * A client secret or private key in the servers file moves into the secret store (encrypted at
   * rest, never sent to the renderer, which reads this file in the config editor) and out of the
   * file. Stored first, stripped second: a crash in between leaves it in both places, never in none.
   */
  private async moveOAuthSecretsToStore(): Promise<void> {
    const store = this.opts.oauth?.secrets;
    if (!store) return;
    const found = await oauthSecretsInFile(this.configPath()).catch(() => ({}) as OAuthSecretsInFile);
    const names = Object.keys(found);
    if (names.length === 0) return;
    for (const name of names) {
      const previous = await store.get(clientSecretsKey(name));
      await store.set(clientSecretsKey(name), JSON.stringify({ ...(previous ? (JSON.parse(previous) as object) : {}), ...found[name] }));
    }
    await stripOAuthSecrets(this.configPath(), names);
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
      serverRequests: { elicit: (params, signal) => this.elicit(name, params, signal), sample: (params, signal) => this.sample(name, params, signal) },
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

function rawServers(document: Record<string, unknown> | undefined): Record<string, unknown> {
  const servers = document?.mcpServers;
  return typeof servers === 'object' && servers !== null && !Array.isArray(servers) ? (servers as Record<string, unknown>) : {};
}

async function readDisabledBuiltins(path: string): Promise<Set<string>> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as { disabled?: unknown };
    return new Set(Array.isArray(parsed.disabled) ? parsed.disabled.filter((n): n is string => typeof n === 'string') : []);
  } catch {
    // Missing or corrupt state only means every built-in starts enabled.
    return new Set();
  }
}

/** Unreadable or unknown entries fall back to "ask": the safe answer. */
async function readSamplingPolicies(path: string): Promise<Record<string, SamplingPolicy>> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, SamplingPolicy] => e[1] === 'always' || e[1] === 'never'));
  } catch {
    return {};
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
