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
