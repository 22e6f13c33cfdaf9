/**
 * The in-process MCP server that serves the app tools. A real McpServer (the
 * SDK's), so the Assistant reaches the app's capabilities exactly as it
 * reaches any other MCP server, and the same registry could be served over
 * stdio later.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { refuseUnknownTools } from '../../engines/mcp/strict-tools';
import { APP_TOOLS_SERVER, READ_ONLY_APP_TOOLS } from '../../shared/app-tools';
import { AppToolRefusal, describeTool, type AppToolDef, type AppToolModule } from './registry';

/** The id of the workspace a scoped tool acts on; undefined when none is open. */
export type ActiveWorkspace = (kind: 'reconcile' | 'lineage') => Promise<string | undefined>;

export interface AppToolsServerOptions {
  modules: AppToolModule[];
  activeWorkspace: ActiveWorkspace;
  version?: string;
}

const refusal = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

export function serverInstructions(modules: AppToolModule[]): string {
  return [
    'These tools act on Kalla itself, exactly as the user would in its workspaces. Tools marked finalizing always ask the user first; if the user declines, do not repeat the call unchanged.',
    ...modules.map((m) => `- ${m.instructions}`),
  ].join('\n');
}

export function createAppToolsServer(opts: AppToolsServerOptions): McpServer {
  const server = new McpServer(
    { name: APP_TOOLS_SERVER, version: opts.version ?? '0.1.0' },
    { capabilities: { tools: { listChanged: true } }, instructions: serverInstructions(opts.modules) },
  );
  const seen = new Set<string>();
  for (const m of opts.modules) {
    for (const t of m.tools) {
      if (seen.has(t.name)) throw new Error(`app tool ${t.name} is defined twice`);
      seen.add(t.name);
      register(server, t, opts);
    }
  }
  return seen.size ? refuseUnknownTools(server) : server;
}

/** Scoping: a scoped tool acts on the active workspace only; the message says what to do instead. */
export async function scopeRefusal(t: AppToolDef, args: Record<string, unknown>, activeWorkspace: ActiveWorkspace): Promise<string | undefined> {
  if (!t.scoped) return undefined;
  const active = await activeWorkspace(t.scoped);
  if (!active) return `No ${t.scoped} workspace is open. Ask the user to open one first.`;
  const wanted = args.workspace_id;
  if (wanted !== undefined && wanted !== active) {
    return `${t.name} acts on the active ${t.scoped} workspace ("${active}") only; "${String(wanted)}" is not active. Omit workspace_id, or ask the user to switch workspaces.`;
  }
  return undefined;
}

function register(server: McpServer, t: AppToolDef, opts: AppToolsServerOptions): void {
  const input: z.ZodRawShape = t.scoped
    ? { ...t.input, workspace_id: z.string().max(200).optional().describe(`Id of the ${t.scoped} workspace; omit for the active one (others are refused)`) }
    : t.input;
  server.registerTool(
    t.name,
    {
      title: t.title,
      description: describeTool(t),
      inputSchema: input,
      annotations: { title: t.title, readOnlyHint: READ_ONLY_APP_TOOLS.has(t.name), destructiveHint: t.destructive ?? false, openWorldHint: false },
      _meta: {
        'kalla/finalizing': t.finalizing,
        'kalla/scoped': t.scoped,
        'kalla/usageHint': t.usageHint,
        'kalla/exampleFlow': t.exampleFlow,
      },
    },
    async (args: Record<string, unknown>, extra): Promise<CallToolResult> => {
      try {
        const { workspace_id: _id, ...rest } = args as { workspace_id?: string };
        const refused = await scopeRefusal(t, args, opts.activeWorkspace);
        if (refused) return refusal(refused);
        const input = t.scoped ? rest : args;
        const notReady = await t.ready?.(input);
        if (notReady) return refusal(notReady);
        const out = await t.run(input, { signal: extra.signal });
        return { content: [{ type: 'text', text: out.text }], ...(out.structured ? { structuredContent: out.structured } : {}) };
      } catch (e) {
        if (e instanceof AppToolRefusal) return refusal(e.message);
        return refusal(`${t.name} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
  );
}
