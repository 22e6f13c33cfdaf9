/**
 * The one IPC contract between the renderer and the main process.
 *
 * Every channel has a zod input and output schema; every event a payload schema.
 * The main process validates every input (the renderer is never trusted), the
 * preload exposes only these names, and the renderer's typed client is derived
 * from this file. Electron IPC and browser mode's WebSocket carry exactly this.
 */
import { z } from 'zod';
import {
  ConfigProblemSchema,
  LogLineSchema,
  ProgressEventSchema,
  PromptInfoSchema,
  ResourceInfoSchema,
  ServerConfigSchema,
  ServerNameSchema,
  ServerViewSchema,
  ToolCallResultSchema,
  ToolInfoSchema,
} from './mcp';

const Empty = z.object({}).strict();
const Ok = z.object({ ok: z.literal(true) });
const ServerRef = z.object({ name: z.string().min(1).max(64) }).strict();
/** Renderer-generated id so a call can be cancelled and its progress events routed. */
const CallId = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/);

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  mode: z.enum(['electron', 'browser']),
  platform: z.string(),
  dataDir: z.string(),
  logsDir: z.string(),
  versions: z.record(z.string(), z.string()),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const ServerListSchema = z.object({
  servers: z.array(ServerViewSchema),
  problems: z.array(ConfigProblemSchema),
  configPath: z.string(),
});

export const channels = {
  'app.info': { input: Empty, output: AppInfoSchema },
  'app.openExternal': {
    input: z.object({ url: z.url({ protocol: /^https?$/ }) }).strict(),
    output: Ok,
  },

  'servers.list': { input: Empty, output: ServerListSchema },
  'servers.start': { input: ServerRef, output: Ok },
  'servers.stop': { input: ServerRef, output: Ok },
  'servers.restart': { input: ServerRef, output: Ok },
  'servers.setEnabled': {
    input: z.object({ name: z.string().min(1).max(64), enabled: z.boolean() }).strict(),
    output: Ok,
  },
  'servers.add': {
    input: z.object({ name: ServerNameSchema, config: ServerConfigSchema }).strict(),
    output: Ok,
  },
  'servers.getConfig': {
    input: ServerRef,
    output: z.object({ config: ServerConfigSchema }),
  },
  'servers.update': {
    input: z.object({ name: ServerNameSchema, config: ServerConfigSchema }).strict(),
    output: Ok,
  },
  'servers.remove': { input: ServerRef, output: Ok },
  'servers.configText': {
    input: Empty,
    output: z.object({ text: z.string(), path: z.string() }),
  },
  'servers.saveConfigText': {
    input: z.object({ text: z.string().max(1_000_000) }).strict(),
    output: z.object({ saved: z.boolean(), problems: z.array(ConfigProblemSchema) }),
  },
  'servers.importClaudeDesktop': {
    input: z.object({ path: z.string().min(1).max(4096).optional() }).strict(),
    output: z.object({
      imported: z.array(z.string()),
      skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
    }),
  },
  'servers.tools': { input: ServerRef, output: z.object({ tools: z.array(ToolInfoSchema) }) },
  'servers.resources': { input: ServerRef, output: z.object({ resources: z.array(ResourceInfoSchema) }) },
  'servers.prompts': { input: ServerRef, output: z.object({ prompts: z.array(PromptInfoSchema) }) },
  'servers.logs': {
    input: z.object({ name: z.string().min(1).max(64), limit: z.number().int().min(1).max(5000).optional() }).strict(),
    output: z.object({ lines: z.array(LogLineSchema) }),
  },
  'servers.callTool': {
    input: z
      .object({
        server: z.string().min(1).max(64),
        tool: z.string().min(1).max(256),
        args: z.record(z.string(), z.unknown()),
        callId: CallId,
      })
      .strict(),
    output: ToolCallResultSchema,
  },
  'servers.cancelCall': {
    input: z.object({ callId: CallId }).strict(),
    output: z.object({ cancelled: z.boolean() }),
  },
  'servers.readResource': {
    input: z.object({ server: z.string().min(1).max(64), uri: z.string().min(1).max(4096) }).strict(),
    output: z.object({ contents: z.array(z.unknown()) }),
  },
  'servers.getPrompt': {
    input: z
      .object({
        server: z.string().min(1).max(64),
        name: z.string().min(1).max(256),
        args: z.record(z.string(), z.string()).optional(),
      })
      .strict(),
    output: z.object({ description: z.string().optional(), messages: z.array(z.unknown()) }),
  },
} as const;

export const events = {
  'servers.status': ServerViewSchema,
  'servers.log': LogLineSchema,
  'servers.lists': z.object({ server: z.string() }),
  'servers.progress': ProgressEventSchema,
  'servers.config': z.object({ problems: z.array(ConfigProblemSchema) }),
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>;
export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export const CHANNEL_NAMES = Object.keys(channels) as ChannelName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

/** What crosses the wire for a call: never a raw exception, always this envelope. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: { message: string; code: string } };

/** Electron IPC channel names used by the preload bridge. */
export const IPC_INVOKE = 'kalla:invoke';
export const IPC_EVENT = 'kalla:event';

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name);
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name);
}
