/**
 * Standard conversation ⇄ Gemini `models/{model}:generateContent`.
 *
 * - tools: one `{functionDeclarations:[{name, description, parameters}]}`; the
 *   schema goes through toGeminiSchema (see geminiSchema.ts). A tool without
 *   parameters gets no `parameters` key: Gemini rejects an OBJECT with empty
 *   properties.
 * - system prompt: `systemInstruction: {parts:[{text}]}`.
 * - roles: 'user' and 'model'; consecutive same-role turns are merged.
 * - tool calls: `functionCall {name, args}` parts. Gemini gives no call id, so
 *   we derive a stable one from (assistant turn index, part index, name); a
 *   provider-sent `id` wins when present. Thought signatures are kept and
 *   replayed on the same part.
 * - tool results: user-role `functionResponse {name, response}` parts, with
 *   `response: {output}` or `{error}` (the keys Gemini documents for this).
 */
import type { ChatMessage, ToolCall } from '../../../shared/assistant';
import type { ProviderToolSpec } from './toolSpecs';
import { messagesFor } from './flattenToolHistory';
import type { ProviderTurn } from './turn';
import { toGeminiSchema, type GeminiSchema } from './geminiSchema';
import { fromGeminiFinishReason } from './stopReasons';

export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: GeminiSchema;
}
export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclaration[];
}

export type GeminiPart =
  | { text: string; thought?: boolean; thoughtSignature?: string }
  | { functionCall: { name: string; args: Record<string, unknown>; id?: string }; thoughtSignature?: string }
  | { functionResponse: { name: string; response: Record<string, unknown> } };

export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

export interface GeminiRequest {
  contents: GeminiContent[];
  systemInstruction?: { parts: Array<{ text: string }> };
  tools?: GeminiTool[];
  generationConfig?: { maxOutputTokens: number };
}

export function toGeminiFunctionDeclaration(spec: ProviderToolSpec): GeminiFunctionDeclaration {
  const parameters = toGeminiSchema(spec.inputSchema);
  const decl: GeminiFunctionDeclaration = { name: spec.name, description: spec.description };
  if (parameters.properties && Object.keys(parameters.properties).length > 0) decl.parameters = parameters;
  return decl;
}

export function toGeminiTools(specs: readonly ProviderToolSpec[]): GeminiTool[] {
  return specs.length === 0 ? [] : [{ functionDeclarations: specs.map(toGeminiFunctionDeclaration) }];
}

export function toGeminiContents(messages: readonly ChatMessage[]): GeminiContent[] {
  const out: GeminiContent[] = [];
  const push = (role: GeminiContent['role'], parts: GeminiPart[]) => {
    if (parts.length === 0) return;
    const last = out[out.length - 1];
    if (last && last.role === role) last.parts.push(...parts);
    else out.push({ role, parts });
  };
  for (const m of messages) {
    if (m.role === 'user') push('user', [{ text: m.text }]);
    else if (m.role === 'tool') {
      push(
        'user',
        m.results.map((r) => ({
          functionResponse: { name: r.name, response: r.isError ? { error: r.content } : { output: r.content } },
        })),
      );
    } else {
      const parts: GeminiPart[] = [];
      if (m.text !== '') parts.push({ text: m.text });
      for (const c of m.toolCalls) {
        const part: GeminiPart = { functionCall: { name: c.name, args: c.arguments } };
        if (c.thoughtSignature) part.thoughtSignature = c.thoughtSignature;
        parts.push(part);
      }
      push('model', parts);
    }
  }
  return out;
}

export interface GeminiRequestInput {
  system: string;
  maxTokens?: number;
  messages: readonly ChatMessage[];
  tools: readonly ProviderToolSpec[];
}

export function toGeminiRequest(input: GeminiRequestInput): GeminiRequest {
  const body: GeminiRequest = { contents: toGeminiContents(messagesFor(input)) };
  if (input.system !== '') body.systemInstruction = { parts: [{ text: input.system }] };
  if (input.tools.length > 0) body.tools = toGeminiTools(input.tools);
  if (input.maxTokens !== undefined) body.generationConfig = { maxOutputTokens: input.maxTokens };
  return body;
}

/** Deterministic id for a Gemini function call, so replays and logs line up. */
export function geminiCallId(turnIndex: number, partIndex: number, name: string): string {
  return `gemini_${turnIndex}_${partIndex}_${name}`;
}

/** The index the next model reply will have: the number of assistant turns so far. */
export function nextGeminiTurnIndex(messages: readonly ChatMessage[]): number {
  return messages.filter((m) => m.role === 'assistant').length;
}

/** generateContent response body → turn. Throws on a body that is not a response. */
export function fromGeminiResponse(body: unknown, turnIndex: number): ProviderTurn {
  const b = body as {
    candidates?: Array<{ content?: { parts?: unknown[] }; finishReason?: string }>;
    promptFeedback?: { blockReason?: string };
    usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number; thoughtsTokenCount?: number };
  };
  if (typeof b !== 'object' || b === null) throw new Error('response is not a JSON object');
  const usage = {
    inputTokens: b.usageMetadata?.promptTokenCount ?? 0,
    outputTokens: (b.usageMetadata?.candidatesTokenCount ?? 0) + (b.usageMetadata?.thoughtsTokenCount ?? 0),
  };
  const candidate = b.candidates?.[0];
  if (!candidate) {
    if (b.promptFeedback?.blockReason) return { text: '', toolCalls: [], stopReason: 'refusal', usage };
    throw new Error('response has no candidates');
  }
  const parts = Array.isArray(candidate.content?.parts) ? candidate.content.parts : [];
  let text = '';
  const toolCalls: ToolCall[] = [];
  parts.forEach((raw, partIndex) => {
    const part = raw as {
      text?: unknown;
      thought?: unknown;
      thoughtSignature?: unknown;
      functionCall?: { name?: unknown; args?: unknown; id?: unknown };
    };
    if (typeof part.text === 'string' && part.thought !== true) text += part.text;
    if (part.functionCall) {
      const name = typeof part.functionCall.name === 'string' ? part.functionCall.name : '';
      const args = part.functionCall.args;
      const call: ToolCall = {
        id:
          typeof part.functionCall.id === 'string' && part.functionCall.id !== ''
            ? part.functionCall.id
            : geminiCallId(turnIndex, partIndex, name),
        name,
        arguments: typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {},
      };
      if (typeof part.thoughtSignature === 'string') call.thoughtSignature = part.thoughtSignature;
      toolCalls.push(call);
    }
  });
  return { text, toolCalls, stopReason: fromGeminiFinishReason(candidate.finishReason, toolCalls.length > 0), usage };
}

/**
 * `streamGenerateContent?alt=sse` chunks reassembled into one GenerateContentResponse for
 * fromGeminiResponse: consecutive text parts joined (thoughts kept apart), function calls kept
 * whole and in order, the last finishReason, usage and prompt feedback.
 */
export class GeminiStreamAccumulator {
  private readonly parts: Array<Record<string, unknown>> = [];
  private finishReason: string | undefined;
  private usageMetadata: unknown;
  private promptFeedback: unknown;

  /** Returns the visible text this chunk carries, if any. */
  push(data: unknown): string | undefined {
    const c = data as { candidates?: Array<{ content?: { parts?: unknown[] }; finishReason?: string }>; usageMetadata?: unknown; promptFeedback?: unknown; error?: { message?: string } };
    if (c.error) throw new Error(c.error.message ?? 'the server sent an error in the stream');
    if (c.usageMetadata) this.usageMetadata = c.usageMetadata;
    if (c.promptFeedback) this.promptFeedback = c.promptFeedback;
    const candidate = c.candidates?.[0];
    if (!candidate) return undefined;
    if (candidate.finishReason) this.finishReason = candidate.finishReason;
    let shown = '';
    for (const raw of candidate.content?.parts ?? []) {
      const part = raw as Record<string, unknown>;
      const last = this.parts.at(-1);
      const isText = typeof part.text === 'string' && !part.functionCall;
      if (isText && last && typeof last.text === 'string' && !last.functionCall && Boolean(last.thought) === Boolean(part.thought)) {
        last.text = `${last.text}${part.text as string}`;
        if (typeof part.thoughtSignature === 'string') last.thoughtSignature = part.thoughtSignature;
      } else {
        this.parts.push({ ...part });
      }
      if (isText && part.thought !== true) shown += part.text as string;
    }
    return shown === '' ? undefined : shown;
  }

  get finished(): boolean {
    return this.finishReason !== undefined;
  }

  response(): unknown {
    return {
      candidates: this.parts.length || this.finishReason ? [{ content: { role: 'model', parts: this.parts }, ...(this.finishReason ? { finishReason: this.finishReason } : {}) }] : [],
      ...(this.usageMetadata ? { usageMetadata: this.usageMetadata } : {}),
      ...(this.promptFeedback ? { promptFeedback: this.promptFeedback } : {}),
    };
  }
}
