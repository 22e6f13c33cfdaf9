/**
 * The Assistant's client side of the app-tools server: an SDK Client over the
 * SDK's linked in-memory transport. The tool list is cached and refreshed on
 * notifications/tools/list_changed, like the host does for stdio servers.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallResult, ToolInfo } from '../../shared/mcp';
import { AppToolRefusal, type AppToolDef } from './registry';
import { scopeRefusal, type ActiveWorkspace } from './server';

export class AppToolsConnection {
  private cached: ToolInfo[] = [];
  private instructionsText?: string;
  private readonly changeListeners = new Set<() => void>();

  private constructor(
    private readonly client: Client,
    private readonly server: McpServer,
    private readonly defs: ReadonlyMap<string, AppToolDef>,
    private readonly activeWorkspace?: ActiveWorkspace,
  ) {}

  /** `defs`: the registry entries behind the server's tools, for readiness checks before asking the user. */
  static async connect(server: McpServer, defs: readonly AppToolDef[] = [], activeWorkspace?: ActiveWorkspace): Promise<AppToolsConnection> {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'kalla-assistant', version: '0.1.0' });
    const conn = new AppToolsConnection(client, server, new Map(defs.map((d) => [d.name, d])), activeWorkspace);
    await server.connect(serverSide);
    await client.connect(clientSide);
    conn.instructionsText = client.getInstructions();
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void conn.refresh());
    await conn.refresh();
    return conn;
  }

  onToolsChanged(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  async refresh(): Promise<void> {
    const tools: ToolInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.client.listTools(cursor ? { cursor } : undefined);
      for (const t of page.tools) tools.push(toToolInfo(t));
      cursor = page.nextCursor;
    } while (cursor);
    this.cached = tools;
    for (const l of this.changeListeners) l();
  }

  tools(): ToolInfo[] {
    return this.cached;
  }

  instructions(): string | undefined {
    return this.instructionsText;
  }

  /** The tool's readiness message, if it has a gate and is not ready (the tool checks again when called). */
  async precheck(tool: string, args: Record<string, unknown>): Promise<string | undefined> {
    const def = this.defs.get(tool);
    if (!def) return undefined;
    try {
      if (def.scoped && this.activeWorkspace) {
        const refused = await scopeRefusal(def, args, this.activeWorkspace);
        if (refused) return refused;
      }
      const { workspace_id: _ignored, ...rest } = args;
      return await def.ready?.(rest as never);
    } catch (e) {
      // A gate that cannot decide leaves it to the tool (which checks again when called).
      return e instanceof AppToolRefusal ? e.message : undefined;
    }
  }

  async callTool(tool: string, args: Record<string, unknown>, opts: { signal?: AbortSignal } = {}): Promise<ToolCallResult> {
    const started = performance.now();
    const r = await this.client.callTool({ name: tool, arguments: args }, undefined, { signal: opts.signal, timeout: 600_000 });
    return {
      content: (Array.isArray(r.content) ? r.content : []) as ToolCallResult['content'],
      ...(r.structuredContent ? { structuredContent: r.structuredContent as Record<string, unknown> } : {}),
      isError: r.isError === true,
      elapsedMs: Math.round(performance.now() - started),
    };
  }

  async close(): Promise<void> {
    // Closing an in-memory pair at shutdown: a failure leaves nothing open that could be reported to anyone.
    await this.client.close().catch(() => undefined);
    await this.server.close().catch(() => undefined);
  }
}

/** The `_meta` flags of our own server become the annotations the guardrails read. */
function toToolInfo(t: { name: string; title?: string; description?: string; inputSchema: object; outputSchema?: object; annotations?: object; _meta?: Record<string, unknown> }): ToolInfo {
  const annotations: Record<string, unknown> = { ...(t.annotations ?? {}) };
  if (t._meta?.['kalla/finalizing'] === true) annotations.finalizing = true;
  if (typeof t._meta?.['kalla/scoped'] === 'string') annotations['kalla/scoped'] = t._meta['kalla/scoped'];
  return {
    name: t.name,
    ...(t.title ? { title: t.title } : {}),
    ...(t.description ? { description: t.description } : {}),
    inputSchema: t.inputSchema as Record<string, unknown>,
    ...(t.outputSchema ? { outputSchema: t.outputSchema as Record<string, unknown> } : {}),
    annotations,
  };
}
