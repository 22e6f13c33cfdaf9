/**
 * MCP host domain types shared by the main process (McpHost) and the renderer
 * (Servers workspace). The user-server file format is Claude Desktop's
 * `claude_desktop_config.json` plus our optional `disabled` and `timeoutMs`.
 */
import { z } from 'zod';

/** Server names become file names (logs) and tool namespaces: keep them tame. */
export const ServerNameSchema = z
  .string()
  .min(1, 'server name must not be empty')
  .max(64, 'server name must be at most 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'server name may contain letters, digits, ".", "_" and "-", and must start with a letter or digit');

export const ServerConfigSchema = z
  .object({
    /** A local server: the program to start (stdio). Either this or `url`. */
    command: z.string().min(1, 'command must not be empty').optional(),
    /** A remote server: its MCP endpoint (Streamable HTTP, or legacy SSE). Either this or `command`. */
    url: z
      .string()
      .refine((u) => /^https?:\/\/[^\s]+$/i.test(u), 'url must start with http:// or https://')
      .optional(),
    /**
     * As in Claude Desktop and VS Code files: "stdio" for commands; for a url,
     * "sse" means legacy SSE only, anything else ("http", "streamable-http")
     * Streamable HTTP with a fall-back to SSE for older servers.
     */
    type: z.string().optional(),
    /** HTTP headers sent to a remote server (e.g. Authorization); values are never shown. */
    headers: z.record(z.string(), z.string()).optional(),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    cwd: z.string().optional(),
    disabled: z.boolean().optional(),
    /** Per-call timeout; progress notifications reset it. Default 60 000 ms. */
    timeoutMs: z.number().int().min(1000).max(3_600_000).optional(),
    /** For the handshake and first lists ("did not finish starting within N s"). Default 30 000 ms. */
    startTimeoutMs: z.number().int().min(1000).max(600_000).optional(),
    /**
     * Names of variables of the app's environment this server may see beyond the
     * minimal set (PATH, HOME, USER, SHELL, TERM, LANG, TMPDIR, …). User servers
     * get nothing else from it, so exported API keys and cloud credentials stay out.
     */
    inheritEnv: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_()]*$/, 'inheritEnv entries are variable names like AWS_PROFILE')).optional(),
    /**
     * Folders offered to the server as MCP roots (absolute paths). Default none.
     * A change is announced with notifications/roots/list_changed, without a restart.
     */
    roots: z.array(z.string().refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\'), 'roots must be absolute folder paths')).optional(),
    /** Largest single message accepted from the server. Default 100 MiB. */
    maxMessageMiB: z.number().int().min(1).max(1024).optional(),
    /**
     * OAuth for a remote server. Without a client id the client registers itself (dynamic client
     * registration) or, where the authorization server supports it, uses `clientMetadataUrl` (a
     * Client ID Metadata Document) as its id. `grant: "client_credentials"` signs in without a user
     * (a service account) with a client secret or a private key (private_key_jwt). A client secret
     * or key written here is moved into the secret store when the file is read; tokens are never here.
     */
    oauth: z
      .object({
        clientId: z.string().min(1).max(512).optional(),
        scopes: z.array(z.string().min(1).max(200)).max(50).optional(),
        clientMetadataUrl: z
          .string()
          .max(2048)
          .refine((u) => /^https:\/\/[^/\s]+\/\S+$/.test(u), 'clientMetadataUrl must be an https:// URL with a path, where your client metadata document is published')
          .optional(),
        grant: z.enum(['authorization_code', 'client_credentials']).optional(),
        /** The authorization server a service account's credentials may go to (its issuer URL); recommended. */
        issuer: z.string().max(2048).regex(/^https?:\/\/\S+$/, 'issuer must be the authorization server URL (https://…)').optional(),
        signingAlgorithm: z.enum(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']).optional(),
        clientSecret: z.string().min(1).max(4096).optional(),
        privateKey: z
          .string()
          .max(16_384)
          .refine((k) => k.includes('-----BEGIN') && k.includes('PRIVATE KEY-----'), 'privateKey must be a PEM private key (-----BEGIN PRIVATE KEY----- …)')
          .optional(),
      })
      .strict()
      .refine((o) => o.grant !== 'client_credentials' || o.clientId !== undefined, { message: 'a client_credentials grant needs "clientId"', path: ['clientId'] })
      .optional(),
  })
  // Claude Desktop files carry fields we do not know; keep them.
  .loose()
  .superRefine((config, ctx) => {
    if (config.command === undefined && config.url === undefined) {
      ctx.addIssue({ code: 'custom', path: ['command'], message: 'set "command" (a local server) or "url" (a remote server)' });
    } else if (config.command !== undefined && config.url !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'set either "command" (a local server) or "url" (a remote server), not both' });
    }
    if (config.url !== undefined && config.type === 'stdio') {
      ctx.addIssue({ code: 'custom', path: ['type'], message: '"type": "stdio" needs a "command"; use "http" or "sse" with a url' });
    }
  });
export type ServerConfig = z.infer<typeof ServerConfigSchema>;

export const McpServersFileSchema = z
  .object({
    mcpServers: z.record(z.string(), ServerConfigSchema).default({}),
  })
  .loose();
export type McpServersFile = z.infer<typeof McpServersFileSchema>;

/** A config file of another MCP client that Import can read. */
export const ImportSourceSchema = z.object({
  id: z.enum(['claude-desktop', 'vscode', 'cursor']),
  label: z.string(),
  path: z.string(),
  found: z.boolean(),
});
export type ImportSource = z.infer<typeof ImportSourceSchema>;

/** A VS Code input (`"inputs": [{"type": "promptString", "id", "description", "password"}]`) an imported server needs. */
export const ImportInputSchema = z.object({ id: z.string(), description: z.string().optional(), password: z.boolean() });
export type ImportInput = z.infer<typeof ImportInputSchema>;

const ImportSkipSchema = z.object({ name: z.string(), reason: z.string() });

/**
 * One server an import would add, as the user must see it before anything starts: what it runs
 * (command and arguments) or where it connects (url), the NAMES of the environment variables and
 * headers it sets (never their values), and warnings for what can run code beyond the command
 * (NODE_OPTIONS, LD_PRELOAD, DYLD_*, … and `sh -c`-style shell invocations).
 */
export const ImportServerDetailSchema = z.object({
  name: z.string(),
  command: z.string().optional(),
  args: z.array(z.string()),
  url: z.string().optional(),
  envNames: z.array(z.string()),
  headerNames: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type ImportServerDetail = z.infer<typeof ImportServerDetailSchema>;

/** What an import would do (a dry run): names to add (with details), names skipped with why, inputs it needs. */
export const ImportPreviewSchema = z.object({
  toAdd: z.array(z.string()),
  servers: z.array(ImportServerDetailSchema),
  skipped: z.array(ImportSkipSchema),
  inputs: z.array(ImportInputSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportResultSchema = z.object({ imported: z.array(z.string()), skipped: z.array(ImportSkipSchema), inputs: z.array(ImportInputSchema) });
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const ServerStatusSchema = z.enum(['stopped', 'starting', 'running', 'error', 'restarting']);
export type ServerStatus = z.infer<typeof ServerStatusSchema>;

export const ServerOriginSchema = z.enum(['builtin', 'user']);

export const ToolInfoSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  /** Tasks (experimental in the spec): `taskSupport: 'required'` tools run as a task, polled to their result. */
  execution: z.object({ taskSupport: z.enum(['forbidden', 'optional', 'required']).optional() }).passthrough().optional(),
});
export type ToolInfo = z.infer<typeof ToolInfoSchema>;

export const ResourceInfoSchema = z.object({
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
export type ResourceInfo = z.infer<typeof ResourceInfoSchema>;

/** A resource template (RFC 6570 URI template) a server offers: `demo://resource/{id}`. */
export const ResourceTemplateInfoSchema = z.object({
  uriTemplate: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
export type ResourceTemplateInfo = z.infer<typeof ResourceTemplateInfoSchema>;

export const PromptInfoSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z
    .array(z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() }))
    .optional(),
});
export type PromptInfo = z.infer<typeof PromptInfoSchema>;

/** What the renderer sees of one server. Never carries env values (they may be secrets). */
export const ServerViewSchema = z.object({
  name: z.string(),
  origin: ServerOriginSchema,
  /** What a built-in server is for; user servers have none. */
  description: z.string().optional(),
  /** The command, or for a remote server its url. */
  command: z.string(),
  /** Set for remote servers. */
  transport: z.enum(['stdio', 'streamable-http', 'sse']).optional(),
  /** Names only, for remote servers. */
  headerKeys: z.array(z.string()).optional(),
  args: z.array(z.string()),
  /** Names only; values stay in the main process. */
  envKeys: z.array(z.string()),
  cwd: z.string().optional(),
  /** Variables of the app's environment passed on by name (user servers get only a minimal set otherwise). */
  inheritEnv: z.array(z.string()).optional(),
  /** Folders offered as MCP roots. */
  roots: z.array(z.string()).optional(),
  /** OAuth: signed in, or waiting for the user to sign in (again). */
  auth: z.enum(['signed-in', 'needs-sign-in']).optional(),
  /** How sampling requests from this server are answered (default ask). */
  samplingPolicy: z.enum(['ask', 'always', 'never']).optional(),
  /** The level asked of the server with logging/setLevel this session (not saved). */
  logLevel: z.enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']).optional(),
  disabled: z.boolean(),
  timeoutMs: z.number(),
  status: ServerStatusSchema,
  /** Human-readable reason for `error` (and the last failure while `restarting`). */
  error: z.string().optional(),
  restarts: z.number().int(),
  pid: z.number().int().optional(),
  serverInfo: z.object({ name: z.string(), version: z.string() }).optional(),
  capabilities: z.record(z.string(), z.unknown()).optional(),
  instructions: z.string().optional(),
  counts: z.object({ tools: z.number().int(), resources: z.number().int(), prompts: z.number().int() }),
  logFile: z.string().optional(),
});
export type ServerView = z.infer<typeof ServerViewSchema>;

export const LogLineSchema = z.object({
  server: z.string(),
  /** ms since epoch */
  time: z.number(),
  /** stderr of the process; `server`: the server's MCP log messages (notifications/message); `host`: Kalla's notes. */
  stream: z.enum(['stderr', 'server', 'host']),
  text: z.string(),
});
export type LogLine = z.infer<typeof LogLineSchema>;

/** One JSON-RPC message exchanged with a server (the Servers workspace's History tab). */
export const HistoryEntrySchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  direction: z.enum(['sent', 'received']),
  kind: z.enum(['request', 'response', 'error', 'notification']),
  /** For a response: the method of its request. */
  method: z.string().optional(),
  id: z.string().optional(),
  /** For a response: ms since its request. */
  durationMs: z.number().optional(),
  /** The raw message, redacted like the logs, cut at 20,000 characters. */
  json: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/**
 * A server's request that needs the user (elicitation, sampling), waiting in main for an answer
 * from the renderer. `samplingReview` shows the model's answer before it goes back to the server.
 */
export const ClientRequestSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.string(), server: z.string(), kind: z.literal('elicitForm'), message: z.string(), requestedSchema: z.record(z.string(), z.unknown()) }),
  z.object({ id: z.string(), server: z.string(), kind: z.literal('elicitUrl'), message: z.string(), url: z.string() }),
  z.object({
    id: z.string(),
    server: z.string(),
    kind: z.literal('sampling'),
    messages: z.array(z.object({ role: z.enum(['user', 'assistant']), text: z.string() })),
    systemPrompt: z.string().optional(),
    modelPreferences: z.record(z.string(), z.unknown()).optional(),
    maxTokens: z.number(),
    model: z.string(),
  }),
  z.object({ id: z.string(), server: z.string(), kind: z.literal('samplingReview'), text: z.string(), model: z.string() }),
]);
export type ClientRequest = z.infer<typeof ClientRequestSchema>;
type Dist<T> = T extends unknown ? Omit<T, 'id'> : never;
export type ClientRequestInput = Dist<ClientRequest>;

export const ClientAnswerSchema = z.discriminatedUnion('action', [
  /** elicitForm: the form's content; samplingReview: the (possibly edited) text to send. */
  z.object({ action: z.literal('accept'), content: z.record(z.string(), z.unknown()).optional(), text: z.string().max(200_000).optional() }).strict(),
  z.object({ action: z.literal('decline') }).strict(),
  z.object({ action: z.literal('cancel') }).strict(),
]);
export type ClientAnswer = z.infer<typeof ClientAnswerSchema>;

/** Per-server answer to sampling requests: ask each time (default), always send, never send. */
export const SamplingPolicySchema = z.enum(['ask', 'always', 'never']);
export type SamplingPolicy = z.infer<typeof SamplingPolicySchema>;

/** MCP logging levels (RFC 5424), most verbose first. */
export const LogLevelSchema = z.enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
export type LogLevel = z.infer<typeof LogLevelSchema>;

/** MCP content blocks, kept loose: the renderer shows text, images and embedded resources. */
export const ContentBlockSchema = z.looseObject({ type: z.string() });

export const ToolCallResultSchema = z.object({
  content: z.array(ContentBlockSchema),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean(),
  elapsedMs: z.number(),
});
export type ToolCallResult = z.infer<typeof ToolCallResultSchema>;

export const ProgressEventSchema = z.object({
  callId: z.string(),
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().optional(),
});
export type ProgressEvent = z.infer<typeof ProgressEventSchema>;

/** A config problem found while loading the user-server file; other servers keep running. */
export const ConfigProblemSchema = z.object({
  file: z.string(),
  /** e.g. "line 4, column 12" or "mcpServers.fs.command" */
  where: z.string(),
  message: z.string(),
});
export type ConfigProblem = z.infer<typeof ConfigProblemSchema>;
