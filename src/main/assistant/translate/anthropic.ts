/**
 * Standard conversation ⇄ Anthropic Messages API.
 *
 * - tools: {name, description, input_schema}; the JSON Schema passes unchanged
 *   (Anthropic accepts full JSON Schema).
 * - system prompt: top-level `system`, never a message.
 * - assistant turns: text block (omitted when empty; empty text blocks are
 *   rejected) followed by tool_use blocks.
 * - tool results: user-role `tool_result` blocks with `is_error`. Consecutive
 *   user-role turns (tool results, then the user's next message) are merged,
 *   which keeps tool_result blocks first in their message as the API requires.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatMessage, ToolCall } from '../../../shared/assistant';
import type { ProviderTurn } from './turn';
import type { ProviderToolSpec } from './toolSpecs';
import { messagesFor } from './flattenToolHistory';
import { fromAnthropicStopReason } from './stopReasons';
import { anthropicCallId } from './callIds';

export type AnthropicTool = { name: string; description: string; input_schema: Anthropic.Tool.InputSchema };

export function toAnthropicTool(spec: ProviderToolSpec): AnthropicTool {
  return { name: spec.name, description: spec.description, input_schema: spec.inputSchema as Anthropic.Tool.InputSchema };
}

export function toAnthropicMessages(messages: readonly ChatMessage[]): Anthropic.MessageParam[] {
  const out: Anthropic.MessageParam[] = [];
  const push = (role: 'user' | 'assistant', blocks: Anthropic.ContentBlockParam[]) => {
    const last = out[out.length - 1];
    if (last && last.role === role && Array.isArray(last.content)) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const m of messages) {
    if (m.role === 'user') {
      push('user', [{ type: 'text', text: m.text }]);
    } else if (m.role === 'tool') {
      push(
        'user',
        m.results.map((r) => ({ type: 'tool_result', tool_use_id: anthropicCallId(r.callId), content: r.content, is_error: r.isError })),
      );
    } else {
      const blocks: Anthropic.ContentBlockParam[] = [];
      if (m.text !== '') blocks.push({ type: 'text', text: m.text });
      for (const c of m.toolCalls) blocks.push({ type: 'tool_use', id: anthropicCallId(c.id), name: c.name, input: c.arguments });
      if (blocks.length > 0) push('assistant', blocks);
    }
  }
  return out;
}

export interface AnthropicRequestInput {
  model: string;
  maxTokens: number;
  system: string;
  messages: readonly ChatMessage[];
  tools: readonly ProviderToolSpec[];
}

export function toAnthropicRequest(input: AnthropicRequestInput): Anthropic.MessageCreateParamsStreaming {
  const body: Anthropic.MessageCreateParamsStreaming = {
    model: input.model,
    max_tokens: input.maxTokens,
    messages: toAnthropicMessages(messagesFor(input)),
    stream: true,
  };
  if (input.system !== '') body.system = input.system;
  if (input.tools.length > 0) body.tools = input.tools.map(toAnthropicTool);
  return body;
}

/**
 * Folds Anthropic streaming events into a turn. Tool inputs arrive as
 * `input_json_delta` fragments that are only valid JSON once the block stops.
 */
export class AnthropicStreamAccumulator {
  private readonly blocks = new Map<
    number,
    { kind: 'text'; text: string } | { kind: 'tool'; id: string; name: string; json: string; input: unknown } | { kind: 'other' }
  >();
  private stopReason: string | null = null;
  private inputTokens = 0;
  private outputTokens = 0;
  private stopped = false;

  /** Returns the text delta carried by this event, if any (for live display). */
  push(event: Anthropic.RawMessageStreamEvent): string | undefined {
    switch (event.type) {
      case 'message_start': {
        const u = event.message.usage;
        this.inputTokens = (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
        this.outputTokens = u.output_tokens ?? 0;
        return undefined;
      }
      case 'content_block_start': {
        const b = event.content_block;
        if (b.type === 'text') this.blocks.set(event.index, { kind: 'text', text: b.text });
        else if (b.type === 'tool_use') this.blocks.set(event.index, { kind: 'tool', id: b.id, name: b.name, json: '', input: b.input });
        else this.blocks.set(event.index, { kind: 'other' }); // thinking etc.: not part of the standard turn
        return b.type === 'text' && b.text !== '' ? b.text : undefined;
      }
      case 'content_block_delta': {
        const block = this.blocks.get(event.index);
        const d = event.delta;
        if (d.type === 'text_delta' && block?.kind === 'text') {
          block.text += d.text;
          return d.text;
        }
        if (d.type === 'input_json_delta' && block?.kind === 'tool') block.json += d.partial_json;
        return undefined;
      }
      case 'message_delta': {
        this.stopReason = event.delta.stop_reason ?? this.stopReason;
        if (typeof event.usage.output_tokens === 'number') this.outputTokens = event.usage.output_tokens;
        if (typeof event.usage.input_tokens === 'number') this.inputTokens = event.usage.input_tokens;
        return undefined;
      }
      case 'message_stop':
        this.stopped = true;
        return undefined;
      default:
        return undefined; // content_block_stop: the fragments are complete; parsed in result()
    }
  }

  /**
   * A whole (non-streamed) Message, as Anthropic-compatible endpoints that ignore `stream: true`
   * answer: fed as the events a stream of it would have carried. Returns its text.
   */
  pushMessage(message: Anthropic.Message): string {
    let text = '';
    this.push({ type: 'message_start', message: { ...message, content: [] } });
    message.content.forEach((block, index) => {
      text += this.push({ type: 'content_block_start', index, content_block: block } as Anthropic.RawMessageStreamEvent) ?? '';
      this.push({ type: 'content_block_stop', index });
    });
    this.push({
      type: 'message_delta',
      delta: { stop_reason: message.stop_reason, stop_sequence: message.stop_sequence ?? null },
      usage: { input_tokens: message.usage.input_tokens, output_tokens: message.usage.output_tokens },
    } as unknown as Anthropic.RawMessageStreamEvent);
    this.push({ type: 'message_stop' });
    return text;
  }

  /** True once message_stop arrived; a stream that ends without it was cut off. */
  get complete(): boolean {
    return this.stopped;
  }

  result(): ProviderTurn {
    const ordered = [...this.blocks.entries()].sort(([a], [b]) => a - b).map(([, b]) => b);
    const text = ordered.map((b) => (b.kind === 'text' ? b.text : '')).join('');
    const toolCalls: ToolCall[] = [];
    for (const b of ordered) {
      if (b.kind !== 'tool') continue;
      toolCalls.push(parseToolInput(b.id, b.name, b.json, b.input));
    }
    return {
      text,
      toolCalls,
      stopReason: fromAnthropicStopReason(this.stopReason),
      usage: { inputTokens: this.inputTokens, outputTokens: this.outputTokens },
    };
  }
}

function parseToolInput(id: string, name: string, json: string, startInput: unknown): ToolCall {
  // No deltas at all means the input was complete in content_block_start (often `{}`).
  if (json.trim() === '') {
    const input = typeof startInput === 'object' && startInput !== null && !Array.isArray(startInput) ? startInput : {};
    return { id, name, arguments: input as Record<string, unknown> };
  }
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return { id, name, arguments: parsed as Record<string, unknown> };
    }
    return { id, name, arguments: {}, argumentsError: { raw: json, message: 'tool input is not a JSON object' } };
  } catch (e) {
    return { id, name, arguments: {}, argumentsError: { raw: json, message: `tool input is not valid JSON: ${(e as Error).message}` } };
  }
}
