/**
 * Tool-call ids as each provider will accept them. A conversation may move
 * between providers, so ids minted by one must be valid for another:
 *   Anthropic: tool_use.id must match ^[a-zA-Z0-9_-]+$
 *   OpenAI:    tool_calls[].id at most 40 characters
 * (Gemini matches results by name and gets no ids from us.)
 * Both mappings are deterministic, and applied to the call and its result alike,
 * so they still pair up.
 */
import { createHash } from 'node:crypto';

const digest = (id: string, length: number) => createHash('sha256').update(id).digest('hex').slice(0, length);

export function anthropicCallId(id: string): string {
  return /^[a-zA-Z0-9_-]+$/.test(id) ? id : `toolu_${digest(id, 24)}`;
}

export const OPENAI_MAX_CALL_ID_LENGTH = 40;

export function openAICallId(id: string): string {
  return id.length > 0 && id.length <= OPENAI_MAX_CALL_ID_LENGTH ? id : `call_${digest(id, 24)}`;
}
