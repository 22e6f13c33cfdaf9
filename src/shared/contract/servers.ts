/** Servers workspace channels and events (the MCP host). */
import { z } from 'zod';
import {
  ClientAnswerSchema,
  ClientRequestSchema,
  ConfigProblemSchema,
  HistoryEntrySchema,
  ImportPreviewSchema,
  ImportResultSchema,
  ImportSourceSchema,
  SamplingPolicySchema,
  LogLevelSchema,
  LogLineSchema,
  ProgressEventSchema,
  PromptInfoSchema,
  ResourceInfoSchema,
  ResourceTemplateInfoSchema,
  ServerConfigSchema,
  ServerNameSchema,
  ServerViewSchema,
  ToolCallResultSchema,
  ToolInfoSchema,
} from '../mcp';

import { CallId, Empty, Ok } from './common';

const ServerRef = z.object({ name: z.string().min(1).max(64) }).strict();

/** A file to import from (Claude Desktop's when absent) and values for the VS Code inputs its servers use. */
const ImportRequest = z
  .object({
    path: z.string().min(1).max(4096).optional(),
    inputs: z.record(z.string().min(1).max(200), z.string().max(10_000)).optional(),
  })
  .strict();

export const ServerListSchema = z.object({
  servers: z.array(ServerViewSchema),
  problems: z.array(ConfigProblemSchema),
  configPath: z.string(),
});

export const serversChannels = {
  'servers.list': { input: Empty, output: ServerListSchema },
  'servers.start': { input: ServerRef, output: Ok },
  'servers.stop': { input: ServerRef, output: Ok },
  'servers.restart': { input: ServerRef, output: Ok },
  /** logging/setLevel on a running server that has the logging capability. */
  'servers.setLogLevel': {
    input: z.object({ name: z.string().min(1).max(64), level: LogLevelSchema }).strict(),
    output: Ok,
  },
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
  /** Other MCP clients' config files on this machine. */
  'servers.importSources': { input: Empty, output: z.object({ sources: z.array(ImportSourceSchema) }) },
  /** A dry run of an import: what it would add and skip, and the VS Code inputs it needs. */
  'servers.importPlan': { input: ImportRequest, output: ImportPreviewSchema },
  /** Import servers from Claude Desktop's file (default), a VS Code or Cursor mcp.json, or another file. */
  'servers.import': { input: ImportRequest, output: ImportResultSchema },
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
  /** Argument completion (`completion/complete`) for a prompt's or a resource template's argument. */
  'servers.complete': {
    input: z
      .object({
        server: z.string().min(1).max(64),
        ref: z.discriminatedUnion('type', [
          z.object({ type: z.literal('ref/prompt'), name: z.string().min(1).max(500) }).strict(),
          z.object({ type: z.literal('ref/resource'), uri: z.string().min(1).max(4096) }).strict(),
        ]),
        argument: z.object({ name: z.string().min(1).max(200), value: z.string().max(2000) }).strict(),
        context: z.record(z.string().max(200), z.string().max(2000)).optional(),
      })
      .strict(),
    output: z.object({ values: z.array(z.string()), total: z.number().optional(), hasMore: z.boolean().optional() }),
  },
  'servers.resourceTemplates': {
    input: z.object({ server: z.string().min(1).max(64) }).strict(),
    output: z.object({ templates: z.array(ResourceTemplateInfoSchema) }),
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
  'servers.subscribe': {
    input: z.object({ server: z.string().min(1).max(64), uri: z.string().min(1).max(4096) }).strict(),
    output: Ok,
  },
  'servers.unsubscribe': {
    input: z.object({ server: z.string().min(1).max(64), uri: z.string().min(1).max(4096) }).strict(),
    output: Ok,
  },
  'servers.history': {
    input: z.object({ server: z.string().min(1).max(64), afterSeq: z.number().int().min(0).optional() }).strict(),
    output: z.object({ entries: z.array(HistoryEntrySchema) }),
  },
  'servers.clearHistory': { input: z.object({ server: z.string().min(1).max(64) }).strict(), output: Ok },
  'servers.signIn': { input: ServerRef, output: Ok },
  'servers.signOut': { input: ServerRef, output: Ok },
  'servers.clientRequests': { input: Empty, output: z.object({ requests: z.array(ClientRequestSchema) }) },
  'servers.answerClientRequest': { input: z.object({ id: z.string().min(1).max(100), answer: ClientAnswerSchema }).strict(), output: Ok },
  'servers.setSamplingPolicy': { input: z.object({ server: z.string().min(1).max(64), policy: SamplingPolicySchema }).strict(), output: Ok },
} as const;

export const serversEvents = {
  'servers.status': ServerViewSchema,
  'servers.log': LogLineSchema,
  'servers.lists': z.object({ server: z.string() }),
  'servers.removed': z.object({ server: z.string() }),
  'servers.progress': ProgressEventSchema,
  'servers.config': z.object({ problems: z.array(ConfigProblemSchema) }),
  'servers.resourceUpdated': z.object({ server: z.string(), uri: z.string() }),
  'servers.clientRequest': ClientRequestSchema,
  'servers.clientRequestSettled': z.object({ id: z.string() }),
} as const;
