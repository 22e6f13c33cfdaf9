/**
 * A history with tool calls sent without any tool definitions (every server
 * stopped, or tools switched off) is rejected by Anthropic ("requests which
 * include tool_use or tool_result blocks must define tools") and is risky with
 * the others. In that case the calls and results are kept as plain text, so the
 * model still knows what happened.
 */
import type { ChatMessage } from '../../../shared/assistant';

export function flattenToolHistory(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((m): ChatMessage => {
    if (m.role === 'assistant' && m.toolCalls.length > 0) {
      const calls = m.toolCalls.map((c) => `[called ${c.name} ${c.argumentsError ? c.argumentsError.raw : JSON.stringify(c.arguments)}]`);
      return { role: 'assistant', text: [m.text, ...calls].filter((t) => t !== '').join('\n'), toolCalls: [] };
    }
    if (m.role === 'tool') {
      const lines = m.results.map((r) => `[${r.name} ${r.isError ? 'failed' : 'returned'}: ${r.content}]`);
      return { role: 'user', text: lines.join('\n') };
    }
    return m;
  });
}

/** The messages a request should carry: tool history flattened when no tools are offered. */
export function messagesFor(input: { messages: readonly ChatMessage[]; tools: readonly unknown[] }): readonly ChatMessage[] {
  return input.tools.length > 0 ? input.messages : flattenToolHistory(input.messages);
}
