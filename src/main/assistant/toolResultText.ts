/**
 * MCP tool results → the text a model reads. Providers differ in what non-text
 * content they accept in tool results, so we flatten to text everywhere and
 * describe what we left out instead of dropping it silently.
 */
import type { ToolCallResult } from '../../shared/mcp';

/** Default cap on one tool result: large CSV dumps would otherwise fill the context window. */
export const DEFAULT_MAX_TOOL_RESULT_CHARS = 50_000;

function blockText(block: Record<string, unknown>): string {
  const type = block.type;
  if (type === 'text' && typeof block.text === 'string') return block.text;
  if (type === 'image' || type === 'audio') {
    const size = typeof block.data === 'string' ? `, ${Math.floor((block.data.length * 3) / 4)} bytes` : '';
    return `[${type} ${String(block.mimeType ?? 'unknown type')}${size} omitted]`;
  }
  if (type === 'resource' && typeof block.resource === 'object' && block.resource !== null) {
    const r = block.resource as Record<string, unknown>;
    if (typeof r.text === 'string') return r.text;
    return `[resource ${String(r.uri ?? '')}${r.mimeType ? ` (${String(r.mimeType)})` : ''} omitted]`;
  }
  if (type === 'resource_link') {
    return `[resource link ${String(block.uri ?? '')}${block.name ? `: ${String(block.name)}` : ''}]`;
  }
  return JSON.stringify(block);
}

export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n… [truncated: ${text.length - maxChars} more characters]`;
}

export function toolResultText(result: Pick<ToolCallResult, 'content' | 'structuredContent'>, maxChars = DEFAULT_MAX_TOOL_RESULT_CHARS): string {
  const parts = result.content.map((b) => blockText(b as Record<string, unknown>));
  let text = parts.join('\n');
  // Servers that only return structured output still need to tell the model something.
  if (text === '' && result.structuredContent) text = JSON.stringify(result.structuredContent);
  // Say so explicitly: an empty result reads like a glitch, and some APIs reject empty text.
  if (text === '') text = '(no output)';
  return truncateText(text, maxChars);
}
