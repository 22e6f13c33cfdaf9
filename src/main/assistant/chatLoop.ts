/**
 * One user turn of the Assistant: ask the model, run the tools it calls (subject
 * to the guardrails and the user's confirmation), feed the results back, and
 * repeat until the model answers without tool calls or the step limit is hit.
 *
 * Invariant kept for every provider: an assistant message with tool calls is
 * always followed by exactly one result per call, even when calls are refused,
 * fail, or the turn is cancelled; Anthropic and OpenAI reject a history that
 * breaks it.
 */
import { randomUUID } from 'node:crypto';
import type {
  ToolOutcome,
  AssistantMessage,
  ChatMessage,
  StopReason,
  ToolCall,
  ToolPermission,
  ToolPolicyOverrides,
  ToolResult,
  Usage,
} from '../../shared/assistant';
import type { ServerStatus, ToolCallResult, ToolInfo } from '../../shared/mcp';
import { refusedToolResult, resolveToolPolicy, type PolicyDecision, type ServerOrigin } from './guardrails';
import { ProviderError } from './providers/errors';
import type { ProviderClient } from './providers/types';
import { invalidArgumentsResult } from './toolCallErrors';
import { DEFAULT_MAX_TOOL_RESULT_CHARS, toolResultText } from './toolResultText';
import { buildToolSpecs, type ServerTools } from './translate/toolSpecs';
import type { ToolNameMap } from './translate/toolNames';

/** The part of McpHost the loop needs (McpHost satisfies it structurally). */
export interface ToolHost {
  list(): Array<{ name: string; origin: ServerOrigin; status: ServerStatus; disabled: boolean }>;
  tools(server: string): ToolInfo[];
  callTool(server: string, tool: string, args: Record<string, unknown>, opts: { callId?: string; signal?: AbortSignal }): Promise<ToolCallResult>;
  /**
   * Optional readiness gate: a message when the call cannot succeed yet (e.g. a run before the
   * mapping is confirmed). The model gets it as the result; the user is not asked for a call that would be refused.
   */
  precheck?(server: string, tool: string, args: Record<string, unknown>): Promise<string | undefined>;
}

export interface ConfirmRequest {
  call: ToolCall;
  server: string;
  tool: string;
  decision: PolicyDecision;
}

export type LoopEvent =
  | { type: 'text'; delta: string }
  | { type: 'assistant'; message: AssistantMessage }
  /** `hostCallId` matches the host's progress events and cancelCall(). */
  | { type: 'tool-start'; call: ToolCall; server: string; tool: string; permission: ToolPermission; hostCallId: string }
  | { type: 'tool-end'; call: ToolCall; result: ToolResult };

export interface RunTurnOptions {
  client: ProviderClient;
  host: ToolHost;
  system: string;
  /** The conversation so far, ending with the user's new message. Not modified. */
  history: readonly ChatMessage[];
  overrides?: Partial<ToolPolicyOverrides>;
  /** Asked for every call whose permission is `ask`; resolve true to run it. */
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  signal?: AbortSignal;
  /** Model calls per user turn. Default 12. */
  maxSteps?: number;
  maxToolResultChars?: number;
  onEvent?: (event: LoopEvent) => void;
}

export type TurnOutcome = 'answered' | 'step_limit' | 'cancelled' | 'failed';

export interface TurnResult {
  /** Messages produced in this turn, to append to the history (consistent even when failed). */
  messages: ChatMessage[];
  outcome: TurnOutcome;
  /** Why the model's last reply ended (e.g. max_tokens: the answer was cut short). */
  stopReason?: StopReason;
  /** The provider failure behind outcome 'failed'; its message is fit for the user. */
  error?: ProviderError;
  usage: Usage;
  steps: number;
}

const CANCELLED_CONTENT = 'The user cancelled this call before it finished.';

/** Tools of running, enabled servers, namespaced for the providers. */
export function availableTools(host: ToolHost): { servers: ServerTools[]; origins: Map<string, ServerOrigin> } {
  const servers: ServerTools[] = [];
  const origins = new Map<string, ServerOrigin>();
  for (const s of host.list()) {
    if (s.disabled || s.status !== 'running') continue;
    servers.push({ server: s.name, tools: host.tools(s.name) });
    origins.set(s.name, s.origin);
  }
  return { servers, origins };
}

export async function runTurn(options: RunTurnOptions): Promise<TurnResult> {
  const { client, host, signal } = options;
  const maxSteps = options.maxSteps ?? 12;
  const emit = (e: LoopEvent) => options.onEvent?.(e);
  const { servers, origins } = availableTools(host);
  const { specs, names } = buildToolSpecs(servers);
  const toolInfo = new Map(servers.flatMap((s) => s.tools.map((t) => [`${s.server}\u0000${t.name}`, t] as const)));
  // Set once a user-added server's result is in this turn: from then on the model may be
  // following instructions planted in that text, so built-in read-only tools ask too.
  const untrusted: { server?: string } = {};

  const produced: ChatMessage[] = [];
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  let stopReason: StopReason | undefined;
  const finish = (outcome: TurnOutcome, steps: number, error?: ProviderError): TurnResult => ({
    messages: produced,
    outcome,
    ...(stopReason ? { stopReason } : {}),
    ...(error ? { error } : {}),
    usage,
    steps,
  });

  for (let step = 1; step <= maxSteps; step++) {
    let turn;
    try {
      turn = await client.complete({
        system: options.system,
        messages: [...options.history, ...produced],
        tools: specs,
        signal,
        onText: (delta) => emit({ type: 'text', delta }),
      });
    } catch (e) {
      // Programming errors still throw; provider failures end the turn with what was produced so far.
      if (!(e instanceof ProviderError)) throw e;
      return e.kind === 'cancelled' ? finish('cancelled', step) : finish('failed', step, e);
    }
    stopReason = turn.stopReason;
    usage.inputTokens += turn.usage.inputTokens;
    usage.outputTokens += turn.usage.outputTokens;
    const assistant: AssistantMessage = { role: 'assistant', text: turn.text, toolCalls: turn.toolCalls };
    produced.push(assistant);
    emit({ type: 'assistant', message: assistant });
    if (turn.toolCalls.length === 0) return finish('answered', step);

    const results: ToolResult[] = [];
    for (const call of turn.toolCalls) {
      const result = signal?.aborted
        ? { callId: call.id, name: call.name, content: CANCELLED_CONTENT, isError: true, outcome: 'cancelled' as const }
        : await runOneCall(call, { ...options, names, origins, toolInfo, untrusted });
      results.push(result);
      emit({ type: 'tool-end', call, result });
    }
    produced.push({ role: 'tool', results });
    if (signal?.aborted) return finish('cancelled', step);
  }
  return finish('step_limit', maxSteps);
}

interface CallContext extends RunTurnOptions {
  names: ToolNameMap;
  origins: Map<string, ServerOrigin>;
  toolInfo: Map<string, ToolInfo>;
  untrusted: { server?: string };
}

/** Marks text from a user-added server as data for the model, not instructions (closing tag escaped). */
export function markUntrusted(server: string, text: string): string {
  const body = text.replace(/<\/untrusted-tool-result/gi, '<\\/untrusted-tool-result');
  return `<untrusted-tool-result server="${server.replace(/"/g, '')}">\n${body}\n</untrusted-tool-result>`;
}

async function runOneCall(call: ToolCall, ctx: CallContext): Promise<ToolResult> {
  const error = (content: string, outcome: ToolOutcome): ToolResult => ({ callId: call.id, name: call.name, content, isError: true, outcome });
  const invalid = invalidArgumentsResult(call);
  if (invalid) return invalid;
  const target = ctx.names.resolve(call.name);
  const info = target && ctx.toolInfo.get(`${target.server}\u0000${target.tool}`);
  if (!target || !info) return error(`There is no tool named "${call.name}". Use one of the tools provided.`, 'invalid');

  const origin = ctx.origins.get(target.server) ?? 'user';
  let decision = resolveToolPolicy({ server: target.server, origin, tool: info }, ctx.overrides);
  if (decision.source === 'builtin-read-only' && ctx.untrusted.server !== undefined) {
    decision = {
      permission: 'ask',
      source: 'after-untrusted',
      reason: `A result from your server "${ctx.untrusted.server}" came earlier in this turn and may carry instructions, so "${info.name}" asks first.`,
    };
  }
  if (decision.permission === 'never') return refusedToolResult(call, 'blocked');
  const notReady = await ctx.host.precheck?.(target.server, target.tool, call.arguments).catch(() => undefined);
  if (notReady) return error(notReady, 'not_ready');
  if (decision.permission === 'ask') {
    // A confirmation that cannot be shown (window closed, IPC failure) is a "no", never a crash mid-turn.
    const approved = await ctx.confirm({ call, server: target.server, tool: target.tool, decision }).catch(() => false);
    if (ctx.signal?.aborted) return error(CANCELLED_CONTENT, 'cancelled');
    if (!approved) return refusedToolResult(call, 'declined');
  }

  // Model call ids are not unique across conversations (Gemini's are derived), so the host gets its own.
  const hostCallId = randomUUID();
  ctx.onEvent?.({ type: 'tool-start', call, server: target.server, tool: target.tool, permission: decision.permission, hostCallId });
  try {
    const result = await ctx.host.callTool(target.server, target.tool, call.arguments, { callId: hostCallId, signal: ctx.signal });
    const text = toolResultText(result, ctx.maxToolResultChars ?? DEFAULT_MAX_TOOL_RESULT_CHARS);
    if (origin === 'user') ctx.untrusted.server ??= target.server;
    return {
      callId: call.id,
      name: call.name,
      content: origin === 'user' ? markUntrusted(target.server, text) : text,
      isError: result.isError,
      outcome: 'ran',
    };
  } catch (e) {
    if (ctx.signal?.aborted) return error(CANCELLED_CONTENT, 'cancelled');
    // The host failed (server crashed, timed out): the model should know, not the loop die. It was
    // sent to the server, so it ran, and failed.
    return error(`The tool could not be run: ${(e as Error).message}`, 'ran');
  }
}
