/**
 * Assistant channels. The conversation lives in the main process (with the
 * workspace it belongs to); the renderer gets snapshots (`assistant.changed`)
 * and streamed text (`assistant.delta`). Approvals come only from
 * `assistant.confirm` with the id of a pending confirmation: nothing the model
 * sends can approve a call.
 */
import { z } from 'zod';
import { ProviderIdSchema, ToolPermissionSchema } from '../assistant';
import { Empty, Ok } from './common';

/** Which conversation: a workspace view, optionally with a workspace id (e.g. `reconcile:ws_1`). */
export const AssistantScopeSchema = z.string().min(1).max(120).regex(/^[a-z][a-z0-9]*(?::[A-Za-z0-9_-]{1,100})?$/, 'invalid conversation scope');

export const ApprovalSchema = z.object({
  /** `auto`: ran without asking (read-only built-in or user setting); `user`: the user answered the card; `settings`: blocked by a setting. */
  by: z.enum(['auto', 'user', 'settings']),
  decision: z.enum(['approved', 'declined', 'blocked']),
  reason: z.string(),
  at: z.string(),
});

export const AssistantEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), id: z.string(), text: z.string(), at: z.string() }),
  z.object({ kind: z.literal('assistant'), id: z.string(), text: z.string(), at: z.string() }),
  z.object({
    kind: z.literal('tool'),
    id: z.string(),
    server: z.string(),
    tool: z.string(),
    arguments: z.record(z.string(), z.unknown()),
    status: z.enum(['asking', 'running', 'done', 'error', 'refused', 'cancelled']),
    permission: ToolPermissionSchema.optional(),
    approval: ApprovalSchema.optional(),
    /** What the model got back (capped for display). */
    result: z.string().optional(),
    /** A Mermaid diagram the tool drew (rendered in the chat). */
    mermaid: z.string().optional(),
    at: z.string(),
  }),
  z.object({ kind: z.literal('notice'), id: z.string(), level: z.enum(['info', 'warning', 'error']), text: z.string(), at: z.string() }),
]);
export type AssistantEntry = z.infer<typeof AssistantEntrySchema>;

export const PendingConfirmationSchema = z.object({
  id: z.string(),
  entryId: z.string(),
  server: z.string(),
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  reason: z.string(),
  finalizing: z.boolean(),
});
export type PendingConfirmation = z.infer<typeof PendingConfirmationSchema>;

/** What an approval on the card covers: this call, the rest of the conversation, or every call from now on (a tool permission). */
export const ConfirmRememberSchema = z.enum(['once', 'conversation', 'always']);
export type ConfirmRemember = z.infer<typeof ConfirmRememberSchema>;

export const AssistantProviderStatusSchema = z.object({
  configured: z.boolean(),
  provider: z.union([ProviderIdSchema, z.literal('none')]),
  model: z.string().optional(),
  /** Why the Assistant cannot answer, and what to do about it. */
  problem: z.string().optional(),
});
export type AssistantProviderStatus = z.infer<typeof AssistantProviderStatusSchema>;

export const AssistantStateSchema = z.object({
  scope: AssistantScopeSchema,
  entries: z.array(AssistantEntrySchema),
  running: z.boolean(),
  step: z.number().int(),
  maxSteps: z.number().int(),
  pending: z.array(PendingConfirmationSchema),
  provider: AssistantProviderStatusSchema,
});
export type AssistantState = z.infer<typeof AssistantStateSchema>;

export const ConnectionTestSchema = z.object({
  ok: z.boolean(),
  provider: ProviderIdSchema,
  model: z.string(),
  ms: z.number(),
  /** What happened, in words (the provider's own explanation when it failed; keys redacted). */
  message: z.string(),
});
export type ConnectionTest = z.infer<typeof ConnectionTestSchema>;

/** A tool the Assistant can see, with what happens when the model calls it. */
export const AssistantToolViewSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  readOnly: z.boolean(),
  finalizing: z.boolean(),
  permission: ToolPermissionSchema,
  /** finalizing | tool-override | server-override | builtin-read-only | after-untrusted | default */
  source: z.string(),
  reason: z.string(),
});
export const AssistantToolsSchema = z.object({
  servers: z.array(z.object({ server: z.string(), origin: z.enum(['builtin', 'user']), tools: z.array(AssistantToolViewSchema) })),
});
export type AssistantTools = z.infer<typeof AssistantToolsSchema>;

const Scope = z.object({ scope: AssistantScopeSchema }).strict();

export const assistantChannels = {
  'assistant.state': { input: Scope, output: AssistantStateSchema },
  'assistant.send': {
    input: z.object({ scope: AssistantScopeSchema, text: z.string().trim().min(1, 'type a message').max(20_000) }).strict(),
    output: AssistantStateSchema,
  },
  'assistant.cancel': { input: Scope, output: Ok },
  'assistant.confirm': {
    input: z.object({ confirmationId: z.string().min(1).max(100), approve: z.boolean(), remember: ConfirmRememberSchema.optional() }).strict(),
    output: Ok,
  },
  'assistant.clear': { input: Scope, output: AssistantStateSchema },
  'assistant.provider': { input: Empty, output: AssistantProviderStatusSchema },
  /** Settings' "Test connection": one tiny request to that provider as configured now, no retries. */
  'assistant.testConnection': { input: z.object({ provider: ProviderIdSchema }).strict(), output: ConnectionTestSchema },
  /** Every tool the Assistant can use now and its effective permission (set them with settings.update({toolPolicy})). */
  'assistant.tools': { input: Empty, output: AssistantToolsSchema },
} as const;

export const assistantEvents = {
  'assistant.changed': AssistantStateSchema,
  'assistant.delta': z.object({ scope: AssistantScopeSchema, entryId: z.string(), delta: z.string() }),
} as const;
