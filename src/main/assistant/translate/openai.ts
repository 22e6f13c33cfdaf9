/**
 * Standard conversation ⇄ OpenAI-compatible Chat Completions (OpenAI, Ollama,
 * LM Studio, vLLM ...).
 *
 * - tools: {type:'function', function:{name, description, parameters, strict:false}}.
 *   strict:false because strict mode demands every property be required and
 *   additionalProperties:false, which MCP schemas rarely satisfy. An object
 *   schema without `properties` gets `properties: {}` (OpenAI rejects it otherwise).
 * - system prompt: the first message, role 'system'.
 * - assistant turns: content (null when empty, as the API sends it) + tool_calls
 *   with `arguments` as a JSON string; a call whose arguments were unreadable is
 *   replayed with the raw string the model sent.
 * - tool results: one role:'tool' message per result, with tool_call_id. The
 *   format has no error flag, so errors are prefixed with "Error: ".
 * - responses: `function.arguments` is a JSON string; invalid JSON (or a
 *   non-object) is reported on the ToolCall (argumentsError), never dropped.
 */
import type { ChatMessage, ToolCall } from '../../../shared/assistant';
import type { ProviderToolSpec } from './toolSpecs';
import { messagesFor } from './flattenToolHistory';
import type { ProviderTurn } from './turn';
import { fromOpenAIFinishReason } from './stopReasons';
import { openAICallId } from './callIds';

export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown>; strict: false };
}

export interface OpenAIToolCallWire {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type OpenAIMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAIToolCallWire[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface OpenAIRequest {
  model: string;
  messages: OpenAIMessage[];
  tools?: OpenAITool[];
  tool_choice?: 'auto';
  max_tokens?: number;
  stream: false;
}

export function toOpenAITool(spec: ProviderToolSpec): OpenAITool {
  const parameters =
    spec.inputSchema.type === 'object' && spec.inputSchema.properties === undefined
      ? { ...spec.inputSchema, properties: {} }
      : spec.inputSchema;
  return { type: 'function', function: { name: spec.name, description: spec.description, parameters, strict: false } };
}

/** OpenAI tool messages have no error flag, so errors say so in the text. */
export function openAIToolMessageContent(content: string, isError: boolean): string {
  return isError ? `Error: ${content}` : content;
}

export function toOpenAIMessages(system: string, messages: readonly ChatMessage[]): OpenAIMessage[] {
  const out: OpenAIMessage[] = [];
  if (system !== '') out.push({ role: 'system', content: system });
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.text });
    else if (m.role === 'tool') {
      for (const r of m.results) out.push({ role: 'tool', tool_call_id: openAICallId(r.callId), content: openAIToolMessageContent(r.content, r.isError) });
    } else {
      // An empty assistant turn (e.g. cut off at max_tokens) is rejected: content is required without tool_calls.
      if (m.text === '' && m.toolCalls.length === 0) continue;
      const msg: OpenAIMessage = { role: 'assistant', content: m.text === '' ? null : m.text };
      if (m.toolCalls.length > 0) {
        msg.tool_calls = m.toolCalls.map((c) => ({
          id: openAICallId(c.id),
          type: 'function' as const,
          function: { name: c.name, arguments: c.argumentsError ? c.argumentsError.raw : JSON.stringify(c.arguments) },
        }));
      }
      out.push(msg);
    }
  }
  return out;
}

export interface OpenAIRequestInput {
  model: string;
  maxTokens?: number;
  system: string;
  messages: readonly ChatMessage[];
  tools: readonly ProviderToolSpec[];
}

export function toOpenAIRequest(input: OpenAIRequestInput): OpenAIRequest {
  const body: OpenAIRequest = { model: input.model, messages: toOpenAIMessages(input.system, messagesFor(input)), stream: false };
  if (input.tools.length > 0) {
    // An empty tools array is rejected by OpenAI, so the key is only sent with tools.
    body.tools = input.tools.map(toOpenAITool);
    body.tool_choice = 'auto';
  }
  if (input.maxTokens !== undefined) body.max_tokens = input.maxTokens;
  return body;
}

/** One wire tool call → ToolCall. Some compatible servers send arguments as an object. */
export function fromOpenAIToolCall(call: { id?: unknown; function?: { name?: unknown; arguments?: unknown } }, index: number): ToolCall {
  const id = typeof call.id === 'string' && call.id !== '' ? call.id : `call_${index}`;
  const name = typeof call.function?.name === 'string' ? call.function.name : '';
  const args = call.function?.arguments;
  if (typeof args === 'object' && args !== null && !Array.isArray(args)) {
    return { id, name, arguments: args as Record<string, unknown> };
  }
  const raw = typeof args === 'string' ? args : '';
  // Models occasionally send "" for a tool without parameters.
  if (raw.trim() === '') return { id, name, arguments: {} };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return { id, name, arguments: parsed as Record<string, unknown> };
    }
    return { id, name, arguments: {}, argumentsError: { raw, message: 'arguments are not a JSON object' } };
  } catch (e) {
    return { id, name, arguments: {}, argumentsError: { raw, message: `arguments are not valid JSON: ${(e as Error).message}` } };
  }
}

/** Chat Completions response body → turn. Throws on a body without choices (caller maps to invalid_response). */
export function fromOpenAIResponse(body: unknown): ProviderTurn {
  const b = body as {
    choices?: Array<{ message?: { content?: unknown; tool_calls?: unknown }; finish_reason?: string | null }>;
    usage?: { prompt_tokens?: number; completion_tokens?: number };
  };
  const choice = b?.choices?.[0];
  if (!choice || !choice.message) throw new Error('response has no choices[0].message');
  const text = typeof choice.message.content === 'string' ? choice.message.content : '';
  const wireCalls = Array.isArray(choice.message.tool_calls) ? choice.message.tool_calls : [];
  const toolCalls = wireCalls.map((c, i) => fromOpenAIToolCall(c as Parameters<typeof fromOpenAIToolCall>[0], i));
  return {
    text,
    toolCalls,
    stopReason: fromOpenAIFinishReason(choice.finish_reason, toolCalls.length > 0),
    usage: { inputTokens: b.usage?.prompt_tokens ?? 0, outputTokens: b.usage?.completion_tokens ?? 0 },
  };
}

/** One Chat Completions stream chunk, as far as it is read. */
interface OpenAIChunk {
  error?: { message?: string };
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  choices?: Array<{
    delta?: { content?: string | null; tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }> };
    finish_reason?: string | null;
  }>;
}

/**
 * Chat Completions stream chunks (`stream: true`) reassembled into the response
 * fromOpenAIResponse reads: text deltas joined, tool calls joined by index (their
 * arguments arrive in fragments), the last finish_reason and usage.
 */
export class OpenAIStreamAccumulator {
  private text = '';
  private readonly calls = new Map<number, { id: string; name: string; arguments: string }>();
  private finish: string | null = null;
  private usage: OpenAIChunk['usage'] = undefined;

  /** Returns the text delta this chunk carries, if any (for live display). Throws on an error chunk. */
  push(data: unknown): string | undefined {
    const c = data as OpenAIChunk;
    if (c.error) throw new Error(c.error.message ?? 'the server sent an error in the stream');
    if (c.usage) this.usage = c.usage;
    const choice = c.choices?.[0];
    if (!choice) return undefined;
    if (choice.finish_reason) this.finish = choice.finish_reason;
    for (const tc of choice.delta?.tool_calls ?? []) {
      const i = tc.index ?? 0;
      const cur = this.calls.get(i) ?? { id: '', name: '', arguments: '' };
      if (tc.id) cur.id = tc.id;
      if (tc.function?.name) cur.name += tc.function.name;
      if (tc.function?.arguments) cur.arguments += tc.function.arguments;
      this.calls.set(i, cur);
    }
    const delta = choice.delta?.content;
    if (typeof delta === 'string' && delta !== '') {
      this.text += delta;
      return delta;
    }
    return undefined;
  }

  /** True once a finish_reason arrived; a stream that ends without one was cut off. */
  get finished(): boolean {
    return this.finish !== null;
  }

  response(): unknown {
    const toolCalls = [...this.calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
    return { choices: [{ message: { content: this.text, tool_calls: toolCalls }, finish_reason: this.finish }], ...(this.usage ? { usage: this.usage } : {}) };
  }
}
