/**
 * Assistant domain types shared by the main process (provider layer, chat loop)
 * and the renderer (chat view, settings). Provider-neutral on purpose: each
 * provider module translates to and from its own wire format.
 *
 * Nothing here carries an API key. Keys stay in the main process (settings
 * store) and are handed to a provider client at construction time only.
 */
import { z } from 'zod';

export const PROVIDER_IDS = ['anthropic', 'openai', 'gemini'] as const;
export const ProviderIdSchema = z.enum(PROVIDER_IDS);
export type ProviderId = z.infer<typeof ProviderIdSchema>;

/**
 * A tool invocation requested by the model. `name` is the namespaced
 * provider-facing name (see ToolNameMap in the main process), which is the same
 * for every provider, so a conversation can move between providers.
 */
export const ToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  /**
   * Set when the provider sent arguments we could not read as a JSON object
   * (OpenAI-compatible servers send a JSON string). `arguments` is then `{}`;
   * the chat loop must not run the tool but answer with an error result so the
   * model can correct itself. `raw` is echoed back verbatim in later turns.
   */
  argumentsError: z.object({ raw: z.string(), message: z.string() }).optional(),
  /**
   * Gemini thinking models attach an opaque signature to function-call parts
   * and require it back when the call is replayed in history.
   */
  thoughtSignature: z.string().optional(),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/**
 * What became of a tool call: `ran` (the server ran it; `isError` says whether the tool failed),
 * `blocked` (the user's tool permissions say never), `declined` (the user said no when asked),
 * `not_ready` (the app refused it before asking: no workspace open, and the like), `invalid`
 * (no such tool, or arguments that are not JSON), `cancelled` (the user stopped the turn first).
 */
export const TOOL_OUTCOMES = ['ran', 'blocked', 'declined', 'not_ready', 'invalid', 'cancelled'] as const;
export type ToolOutcome = (typeof TOOL_OUTCOMES)[number];

export const ToolResultSchema = z.object({
  callId: z.string(),
  /** Namespaced tool name, as in the ToolCall (Gemini matches results by name). */
  name: z.string(),
  /** Text the model sees; MCP content blocks are flattened to text by the chat loop. */
  content: z.string(),
  isError: z.boolean(),
  /** Optional: conversations saved before it existed lack it. */
  outcome: z.enum(TOOL_OUTCOMES).optional(),
});
export type ToolResult = z.infer<typeof ToolResultSchema>;

export const UserMessageSchema = z.object({ role: z.literal('user'), text: z.string() });
export const AssistantMessageSchema = z.object({
  role: z.literal('assistant'),
  text: z.string(),
  toolCalls: z.array(ToolCallSchema),
});
export const ToolResultsMessageSchema = z.object({
  role: z.literal('tool'),
  results: z.array(ToolResultSchema),
});
export const ChatMessageSchema = z.discriminatedUnion('role', [
  UserMessageSchema,
  AssistantMessageSchema,
  ToolResultsMessageSchema,
]);
export type UserMessage = z.infer<typeof UserMessageSchema>;
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>;
export type ToolResultsMessage = z.infer<typeof ToolResultsMessageSchema>;
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Why the model stopped, normalised across providers. */
export const StopReasonSchema = z.enum(['end_turn', 'tool_use', 'max_tokens', 'stop_sequence', 'refusal', 'other']);
export type StopReason = z.infer<typeof StopReasonSchema>;

export const UsageSchema = z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() });
export type Usage = z.infer<typeof UsageSchema>;

/** Renderer-visible provider settings. The API key is deliberately absent. */
export const ProviderSettingsSchema = z.object({
  provider: ProviderIdSchema,
  model: z.string().min(1, 'model must not be empty'),
  /** Override for proxies and OpenAI-compatible local servers (Ollama, LM Studio, vLLM). */
  baseUrl: z.url().optional(),
  maxTokens: z.number().int().min(1).optional(),
});
export type ProviderSettings = z.infer<typeof ProviderSettingsSchema>;

export const DEFAULT_BASE_URLS: Record<ProviderId, string> = {
  anthropic: 'https://api.anthropic.com',
  openai: 'https://api.openai.com/v1',
  gemini: 'https://generativelanguage.googleapis.com/v1beta',
};

/**
 * Whether a tool may run when the model calls it: `always` runs without asking,
 * `ask` needs the user's confirmation each time, `never` is refused.
 */
export const ToolPermissionSchema = z.enum(['always', 'ask', 'never']);
export type ToolPermission = z.infer<typeof ToolPermissionSchema>;

/** The user's choices, per server and per tool (tool names are MCP names, not namespaced). */
export const ToolPolicyOverridesSchema = z.object({
  servers: z.record(z.string(), ToolPermissionSchema).default({}),
  tools: z.record(z.string(), z.record(z.string(), ToolPermissionSchema)).default({}),
});
export type ToolPolicyOverrides = z.infer<typeof ToolPolicyOverridesSchema>;
