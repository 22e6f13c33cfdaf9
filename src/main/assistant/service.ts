/**
 * AssistantService: the Assistant as the app uses it. One conversation per
 * scope (a workspace), kept in `<dataDir>/assistant/<scope>.json` with every
 * message, tool call, result and who approved what; a provider client built
 * per request from the settings (the key is read main-side at that moment and
 * handed to the client only); confirmations that only the renderer can answer.
 */
import type { Sampler } from '../mcp/host';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ChatMessageSchema, type ChatMessage, type ProviderId, type ToolCall, type ToolPolicyOverrides } from '../../shared/assistant';
import {
  AssistantEntrySchema,
  type AssistantEntry,
  type AssistantProviderStatus,
  type AssistantState,
  type AssistantTools,
  type ConfirmRemember,
  type ConnectionTest,
  type PendingConfirmation,
} from '../../shared/contract/assistant';
import type { Settings } from '../../shared/settings';
import { UserError } from '../errors';
import { writeFileAtomic } from '../base/atomic-write';
import { runTurn, type ConfirmRequest, type LoopEvent } from './chatLoop';
import { isFinalizingTool, isReadOnlyTool, resolveToolPolicy } from './guardrails';
import { createProviderClient } from './providers';
import type { ProviderClient } from './providers/types';
import type { RetryPolicy } from './providers/retry';
import { buildSystemPrompt } from './systemPrompt';
import type { AssistantToolHost } from './toolHost';

export const DEFAULT_MAX_STEPS = 12;
const MAX_DISPLAY_RESULT = 4000;
const PROVIDER_LABEL: Record<ProviderId, string> = { anthropic: 'Anthropic', openai: 'OpenAI-compatible', gemini: 'Gemini' };
const KEY_ENV: Record<ProviderId, string> = { anthropic: 'ANTHROPIC_API_KEY', openai: 'OPENAI_API_KEY', gemini: 'GEMINI_API_KEY' };

export const BASE_PROMPT = `You are the Assistant of Kalla Desktop, an app that reconciles CSV sources, explores SQL view lineage and manages MCP servers.
Carry out what the user asks with the tools provided, one step at a time, and say briefly what you did and what you found.
Tools that change data ask the user first; if the user declines or a tool is blocked, do not repeat the call unchanged; explain and ask how to proceed.
If a tool refuses because something is not ready (for example mappings not confirmed), do what it says or ask the user.
Diagrams returned by tools are shown to the user; do not repeat their Mermaid source.`;

/** What the service needs of SettingsService. */
export interface SettingsAccess {
  get(): Promise<Settings>;
  /** Saves settings (the confirmation card's "Always allow" writes the tool's permission); absent in read-only test doubles. */
  update?(patch: { toolPolicy: ToolPolicyOverrides }): Promise<unknown>;
  apiKey(provider: ProviderId): Promise<string | undefined>;
  onChange?(listener: () => void): () => void;
}

export type AssistantEmit =
  | { name: 'assistant.changed'; payload: AssistantState }
  | { name: 'assistant.delta'; payload: { scope: string; entryId: string; delta: string } };

export interface AssistantServiceOptions {
  dataDir: string;
  settings: SettingsAccess;
  tools: AssistantToolHost;
  emit(e: AssistantEmit): void;
  maxSteps?: number;
  /** Provider client tuning (tests inject the retry wait so it is observed, not waited for). */
  provider?: { timeoutMs?: number; retry?: Partial<RetryPolicy> };
  /** Where the user is, for the system prompt. */
  describeScope?(scope: string): string;
}

const ConversationFileSchema = z.object({
  version: z.literal(1),
  messages: z.array(ChatMessageSchema),
  entries: z.array(AssistantEntrySchema),
});
type Conversation = z.infer<typeof ConversationFileSchema>;

interface Pending {
  confirmation: PendingConfirmation;
  scope: string;
  resolve(approved: boolean, remember?: ConfirmRemember): void;
  /** Stop or a failed turn: nobody answered, so no approval is recorded. */
  cancel(): void;
}

interface Running {
  controller: AbortController;
  step: number;
  done: Promise<void>;
}

const now = () => new Date().toISOString();

export class AssistantService {
  private readonly conversations = new Map<string, Conversation>();
  private readonly running = new Map<string, Running>();
  private readonly pending = new Map<string, Pending>();
  /** Tools the user allowed "for this conversation", per scope (server + tool); forgotten on Clear and restart. */
  private readonly allowedInConversation = new Map<string, Set<string>>();
  /** Steps the last finished turn took, per scope (shown until the next one starts). */
  private readonly lastSteps = new Map<string, number>();
  private readonly maxSteps: number;
  private writing = Promise.resolve();

  constructor(private readonly opts: AssistantServiceOptions) {
    this.maxSteps = opts.maxSteps ?? DEFAULT_MAX_STEPS;
  }

  private file(scope: string): string {
    // Scopes are validated by the contract (letters, digits, one ':'); ':' is not allowed in Windows file names.
    return join(this.opts.dataDir, 'assistant', `${scope.replace(':', '--')}.json`);
  }

  private async load(scope: string): Promise<Conversation> {
    const cached = this.conversations.get(scope);
    if (cached) return cached;
    let conv: Conversation = { version: 1, messages: [], entries: [] };
    try {
      const parsed = ConversationFileSchema.safeParse(JSON.parse(await readFile(this.file(scope), 'utf8')));
      if (parsed.success) conv = parsed.data;
    } catch {
      // no conversation yet
    }
    this.conversations.set(scope, conv);
    return conv;
  }

  private save(scope: string): Promise<void> {
    const conv = this.conversations.get(scope);
    if (!conv) return Promise.resolve();
    const text = `${JSON.stringify(conv, null, 2)}\n`;
    const file = this.file(scope);
    // The previous write's caller already got its failure; this write must still run after it.
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        await mkdir(join(file, '..'), { recursive: true });
        await writeFileAtomic(file, text);
      });
    return this.writing;
  }

  async providerStatus(): Promise<AssistantProviderStatus> {
    const s = await this.opts.settings.get();
    if (s.provider === 'none') {
      return { configured: false, provider: 'none', problem: 'No AI provider is set up. Choose Anthropic, an OpenAI-compatible server or Gemini in Settings and add its API key; everything else in Kalla works without one.' };
    }
    const cfg = s.providers[s.provider];
    const key = await this.opts.settings.apiKey(s.provider);
    // Local OpenAI-compatible servers (Ollama, LM Studio) need no key, only a base URL.
    if (!key && !(s.provider === 'openai' && cfg.baseUrl)) {
      return {
        configured: false,
        provider: s.provider,
        model: cfg.model,
        problem: `No API key for ${PROVIDER_LABEL[s.provider]}. Add one in Settings (or set ${KEY_ENV[s.provider]} before starting Kalla).`,
      };
    }
    return { configured: true, provider: s.provider, model: cfg.model };
  }

  /**
   * Settings' "Test connection": one tiny request to a provider as configured now (model, base URL,
   * key), without retries, so the user learns at once whether the key, URL and model work. Says
   * what failed in the provider's own words (keys redacted); never throws for a provider failure.
   */
  async testConnection(provider: ProviderId): Promise<ConnectionTest> {
    const s = await this.opts.settings.get();
    const cfg = s.providers[provider];
    const key = (await this.opts.settings.apiKey(provider)) ?? '';
    if (!key && !(provider === 'openai' && cfg.baseUrl)) {
      return { ok: false, provider, model: cfg.model, ms: 0, message: `No API key for ${PROVIDER_LABEL[provider]}: paste one and save it first (or set ${KEY_ENV[provider]}).` };
    }
    const client = createProviderClient({
      settings: { provider, model: cfg.model, maxTokens: 16, ...(cfg.baseUrl ? { baseUrl: cfg.baseUrl } : {}) },
      apiKey: key,
      timeoutMs: this.opts.provider?.timeoutMs ?? 20_000,
      retry: { ...this.opts.provider?.retry, maxRetries: 0 },
    });
    const started = performance.now();
    try {
      const turn = await client.complete({ system: 'This is a connection check.', messages: [{ role: 'user', text: 'Reply with the single word OK.' }], tools: [] });
      const ms = Math.round(performance.now() - started);
      const reply = turn.text.trim().slice(0, 80);
      return { ok: true, provider, model: cfg.model, ms, message: `${PROVIDER_LABEL[provider]} answered in ${ms} ms with model ${cfg.model}${reply ? `: “${reply}”` : ''}.` };
    } catch (e) {
      return { ok: false, provider, model: cfg.model, ms: Math.round(performance.now() - started), message: e instanceof Error ? e.message : String(e) };
    }
  }

  /**
   * MCP sampling through the provider the user configured: the model that would answer (null when
   * none is set up), and one completion without tools. The key stays here; servers get only text.
   */
  sampler(): Sampler {
    return {
      model: async () => {
        const s = await this.opts.settings.get();
        const status = await this.providerStatus();
        return status.configured && s.provider !== 'none' ? s.providers[s.provider].model : null;
      },
      complete: async ({ system, messages, maxTokens, signal }) => {
        const s = await this.opts.settings.get();
        if (s.provider === 'none') throw new UserError('No AI provider is set up.', 'not_configured');
        const cfg = s.providers[s.provider];
        const client = createProviderClient({
          settings: { provider: s.provider, model: cfg.model, maxTokens, ...(cfg.baseUrl ? { baseUrl: cfg.baseUrl } : {}) },
          apiKey: (await this.opts.settings.apiKey(s.provider)) ?? '',
          ...this.opts.provider,
        });
        const turn = await client.complete({ system, messages: messages.map((m) => (m.role === 'user' ? { role: 'user', text: m.text } : { role: 'assistant', text: m.text, toolCalls: [] })), tools: [], signal });
        const stopReason = turn.stopReason === 'end_turn' ? 'endTurn' : turn.stopReason === 'max_tokens' ? 'maxTokens' : turn.stopReason === 'stop_sequence' ? 'stopSequence' : turn.stopReason;
        return { text: turn.text, model: cfg.model, stopReason };
      },
    };
  }

  private async client(): Promise<ProviderClient> {
    const s = await this.opts.settings.get();
    const status = await this.providerStatus();
    if (!status.configured || s.provider === 'none') throw new UserError(status.problem ?? 'No AI provider is set up.', 'not_configured');
    const cfg = s.providers[s.provider];
    return createProviderClient({
      settings: { provider: s.provider, model: cfg.model, ...(cfg.baseUrl ? { baseUrl: cfg.baseUrl } : {}) },
      apiKey: (await this.opts.settings.apiKey(s.provider)) ?? '',
      ...this.opts.provider,
    });
  }

  async state(scope: string): Promise<AssistantState> {
    // Read before any await: a snapshot must not say "running" after the turn's final one.
    const run = this.running.get(scope);
    const pending = [...this.pending.values()].filter((p) => p.scope === scope).map((p) => p.confirmation);
    const conv = await this.load(scope);
    return {
      scope,
      entries: conv.entries,
      running: run !== undefined,
      step: run?.step ?? this.lastSteps.get(scope) ?? 0,
      maxSteps: this.maxSteps,
      pending,
      provider: await this.providerStatus(),
    };
  }

  private async changed(scope: string): Promise<void> {
    this.opts.emit({ name: 'assistant.changed', payload: await this.state(scope) });
  }

  /** Starts a turn and returns at once; progress arrives as events. */
  async send(scope: string, text: string): Promise<AssistantState> {
    if (this.running.has(scope)) throw new UserError('The Assistant is still working on your last message. Wait for it or press Stop.', 'busy');
    // Reserve the scope before any await, so two quick sends cannot both start a turn.
    const controller = new AbortController();
    const run: Running = { controller, step: 0, done: Promise.resolve() };
    this.running.set(scope, run);
    let client: ProviderClient;
    let conv: Conversation;
    try {
      client = await this.client();
      conv = await this.load(scope);
    } catch (e) {
      this.running.delete(scope);
      throw e;
    }
    conv.messages.push({ role: 'user', text });
    conv.entries.push({ kind: 'user', id: randomUUID(), text, at: now() });
    run.done = this.turn(scope, conv, client, run).finally(() => {
      this.lastSteps.set(scope, run.step);
      this.running.delete(scope);
      void this.changed(scope);
    });
    await this.save(scope);
    const state = await this.state(scope);
    this.opts.emit({ name: 'assistant.changed', payload: state });
    return state;
  }

  /** Every tool of every running, enabled server (and the app's), with its effective permission. */
  async tools(): Promise<AssistantTools> {
    const { toolPolicy } = await this.opts.settings.get();
    const servers = this.opts.tools
      .list()
      .filter((s) => !s.disabled && s.status === 'running')
      .map((s) => ({
        server: s.name,
        origin: s.origin,
        tools: this.opts.tools.tools(s.name).map((t) => {
          const d = resolveToolPolicy({ server: s.name, origin: s.origin, tool: t }, toolPolicy);
          return {
            name: t.name,
            ...(t.title ? { title: t.title } : {}),
            readOnly: isReadOnlyTool(t),
            finalizing: isFinalizingTool(t),
            permission: d.permission,
            source: d.source,
            reason: d.reason,
          };
        }),
      }));
    return { servers };
  }

  /** Resolves when the scope's current turn (if any) has finished. */
  async idle(scope: string): Promise<void> {
    await this.running.get(scope)?.done;
  }

  async cancel(scope: string): Promise<void> {
    const run = this.running.get(scope);
    if (!run) return;
    run.controller.abort();
    for (const [id, p] of this.pending) {
      if (p.scope !== scope) continue;
      this.pending.delete(id);
      p.cancel();
    }
  }

  /**
   * Answers a confirmation card. `remember` (approvals only): `conversation` runs this tool without
   * asking for the rest of the conversation (until Clear), `always` stores "always" for it in the
   * tool permissions. Finalizing tools ask every time, so neither is accepted for them.
   */
  async confirm(confirmationId: string, approve: boolean, remember: ConfirmRemember = 'once'): Promise<void> {
    const p = this.pending.get(confirmationId);
    if (!p) throw new UserError('That confirmation is no longer waiting (the turn ended or it was already answered).', 'not_found');
    if (remember !== 'once' && (!approve || p.confirmation.finalizing)) {
      throw new UserError(p.confirmation.finalizing ? `${p.confirmation.tool} finalizes work, so it asks every time; approve it once.` : 'Only an approval can be remembered.', 'invalid_input');
    }
    const { server, tool } = p.confirmation;
    if (remember === 'always') {
      if (!this.opts.settings.update) throw new UserError('Tool permissions cannot be saved here; approve it once.', 'invalid_input');
      const { toolPolicy } = await this.opts.settings.get();
      await this.opts.settings.update({ toolPolicy: { ...toolPolicy, tools: { ...toolPolicy.tools, [server]: { ...toolPolicy.tools[server], [tool]: 'always' } } } });
    }
    if (remember === 'conversation') {
      const allowed = this.allowedInConversation.get(p.scope) ?? new Set<string>();
      allowed.add(toolKey(server, tool));
      this.allowedInConversation.set(p.scope, allowed);
    }
    this.pending.delete(confirmationId);
    p.resolve(approve, remember);
  }

  async clear(scope: string): Promise<AssistantState> {
    await this.cancel(scope);
    await this.idle(scope);
    this.conversations.set(scope, { version: 1, messages: [], entries: [] });
    this.lastSteps.delete(scope);
    this.allowedInConversation.delete(scope);
    await this.writing.catch(() => undefined);
    await rm(this.file(scope), { force: true });
    await this.changed(scope);
    return this.state(scope);
  }

  async dispose(): Promise<void> {
    for (const scope of [...this.running.keys()]) await this.cancel(scope);
    await Promise.all([...this.running.values()].map((r) => r.done.catch(() => undefined)));
    await this.writing.catch(() => undefined);
  }

  private systemPrompt(scope: string): string {
    const where = this.opts.describeScope?.(scope) ?? `The user is in the ${scope.split(':')[0]} workspace.`;
    const servers = this.opts.tools.list().filter((s) => !s.disabled && s.status === 'running');
    return buildSystemPrompt(`${BASE_PROMPT}\n${where}`, servers);
  }

  /** Asks the user about one call (or lets it through when allowed for this conversation). */
  private confirmCall(scope: string, req: ConfirmRequest, entry: ToolEntry): Promise<boolean> {
    entry.status = 'asking';
    entry.permission = 'ask';
    const info = this.opts.tools.tools(req.server).find((t) => t.name === req.tool);
    const confirmation: PendingConfirmation = {
      id: randomUUID(),
      entryId: entry.id,
      server: req.server,
      tool: req.tool,
      arguments: req.call.arguments,
      reason: req.decision.reason,
      finalizing: req.decision.source === 'finalizing' || (info ? isFinalizingTool(info) : false),
    };
    if (!confirmation.finalizing && this.allowedInConversation.get(scope)?.has(toolKey(req.server, req.tool))) {
      entry.approval = { by: 'user', decision: 'approved', reason: 'You allowed this tool for this conversation.', at: now() };
      entry.status = 'running';
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      this.pending.set(confirmation.id, {
        confirmation,
        scope,
        resolve: (approved, remember) => {
          const remembered = remember === 'always' ? ' Always allowed from now on (Tool permissions).' : remember === 'conversation' ? ' Allowed for the rest of this conversation.' : '';
          entry.approval = { by: 'user', decision: approved ? 'approved' : 'declined', reason: `${req.decision.reason}${remembered}`, at: now() };
          entry.status = approved ? 'running' : 'refused';
          void this.save(scope).then(() => this.changed(scope));
          resolve(approved);
        },
        cancel: () => {
          entry.status = 'cancelled';
          resolve(false);
        },
      });
      void this.changed(scope);
    });
  }

  /** Why a call that started without asking was allowed: the tool policy's reason. */
  private autoApproval(server: string, tool: string, settings: Settings): NonNullable<ToolEntry['approval']> {
    const info = this.opts.tools.tools(server).find((t) => t.name === tool);
    const origin = this.opts.tools.list().find((s) => s.name === server)?.origin ?? 'user';
    const d = info ? resolveToolPolicy({ server, origin, tool: info }, settings.toolPolicy) : undefined;
    return { by: 'auto', decision: 'approved', reason: d?.reason ?? 'Allowed by your settings.', at: now() };
  }

  private async turn(scope: string, conv: Conversation, client: ProviderClient, run: Running): Promise<void> {
    const settings = await this.opts.settings.get();
    const byCall = new Map<string, ToolEntry>();
    let streaming: Extract<AssistantEntry, { kind: 'assistant' }> | undefined;

    const toolEntry = (call: ToolCall, server: string, tool: string): ToolEntry => {
      let e = byCall.get(call.id);
      if (!e) {
        e = { kind: 'tool', id: randomUUID(), server, tool, arguments: call.arguments, status: 'running', at: now() };
        byCall.set(call.id, e);
        conv.entries.push(e);
      }
      return e;
    };

    const onEvent = (e: LoopEvent) => {
      switch (e.type) {
        case 'text': {
          if (!streaming) {
            streaming = { kind: 'assistant', id: randomUUID(), text: '', at: now() };
            conv.entries.push(streaming);
            void this.changed(scope);
          }
          streaming.text += e.delta;
          this.opts.emit({ name: 'assistant.delta', payload: { scope, entryId: streaming.id, delta: e.delta } });
          return;
        }
        case 'assistant': {
          run.step += 1;
          if (streaming) streaming.text = e.message.text;
          else if (e.message.text.trim()) conv.entries.push({ kind: 'assistant', id: randomUUID(), text: e.message.text, at: now() });
          streaming = undefined;
          void this.changed(scope);
          return;
        }
        case 'tool-start': {
          const entry = toolEntry(e.call, e.server, e.tool);
          entry.status = 'running';
          entry.permission = e.permission;
          entry.approval ??= this.autoApproval(e.server, e.tool, settings);
          void this.changed(scope);
          return;
        }
        case 'tool-end': {
          const target = byCall.get(e.call.id);
          finishToolEntry(target ?? toolEntry(e.call, ...splitName(e.call.name)), e.result, target !== undefined, run.controller.signal.aborted);
          void this.changed(scope);
          return;
        }
      }
    };

    try {
      const result = await runTurn({
        client,
        host: this.opts.tools,
        system: this.systemPrompt(scope),
        history: conv.messages,
        overrides: settings.toolPolicy,
        confirm: (req) => this.confirmCall(scope, req, toolEntry(req.call, req.server, req.tool)),
        signal: run.controller.signal,
        maxSteps: this.maxSteps,
        onEvent,
      });
      conv.messages.push(...result.messages);
      const said = outcomeNotice(result, this.maxSteps);
      if (said) conv.entries.push(notice(...said));
    } catch (e) {
      conv.entries.push(notice('error', `The Assistant stopped: ${e instanceof Error ? e.message : String(e)}`));
    } finally {
      // Confirmations left open by a failure are answered "no".
      for (const [id, p] of this.pending) if (p.scope === scope) (this.pending.delete(id), p.cancel());
      await this.save(scope);
    }
  }
}

type ToolEntry = Extract<AssistantEntry, { kind: 'tool' }>;
type NoticeLevel = 'info' | 'warning' | 'error';
type TurnResult = Awaited<ReturnType<typeof runTurn>>;

function notice(level: NoticeLevel, text: string): AssistantEntry {
  return { kind: 'notice', id: randomUUID(), level, text, at: now() };
}

/** The line shown after a turn that did not simply end, or undefined. */
function outcomeNotice(result: TurnResult, maxSteps: number): [NoticeLevel, string] | undefined {
  if (result.outcome === 'step_limit') return ['warning', `Stopped after ${maxSteps} steps, the limit for one request. Say "continue" to let me go on.`];
  if (result.outcome === 'cancelled') return ['info', 'Stopped. Nothing further was run.'];
  if (result.outcome === 'failed') return ['error', result.error?.message ?? 'The provider failed.'];
  if (result.stopReason === 'max_tokens') return ['warning', 'The answer was cut short (the model’s output limit).'];
  return undefined;
}

/** A call's entry once its result is in: the shown result, a diagram if any, and its final status. */
function finishToolEntry(entry: ToolEntry, result: Extract<LoopEvent, { type: 'tool-end' }>['result'], started: boolean, aborted: boolean): void {
  entry.result = result.content.length > MAX_DISPLAY_RESULT ? `${result.content.slice(0, MAX_DISPLAY_RESULT)}…` : result.content;
  const diagram = /```mermaid\n([\s\S]*?)\n```/.exec(result.content);
  if (diagram && !result.isError) entry.mermaid = diagram[1];
  if (result.outcome === 'blocked') {
    entry.status = 'refused';
    entry.permission = 'never';
    entry.approval = { by: 'settings', decision: 'blocked', reason: 'Blocked by your tool permissions in Settings.', at: now() };
  } else if (!started) {
    // Never started: refused by a readiness or scope gate, an unknown tool, or unreadable arguments.
    entry.status = 'refused';
  } else if (entry.status !== 'refused') {
    entry.status = aborted && result.isError ? 'cancelled' : result.isError ? 'error' : 'done';
  }
}

const toolKey = (server: string, tool: string) => `${server}\u0000${tool}`;

/** Best-effort split of a namespaced tool name for entries of calls that never resolved to a tool. */
function splitName(name: string): [string, string] {
  const i = name.indexOf('__');
  return i > 0 ? [name.slice(0, i), name.slice(i + 2)] : ['?', name];
}
