/** The MCP servers the Assistant can use, as the Servers workspace shows them. */
import type { AppToolsContext } from '../context';
import { defineTool, type AppToolModule } from '../registry';

export function serversModule(ctx: AppToolsContext): AppToolModule {
  return {
    id: 'servers',
    instructions: 'list_servers tells which MCP servers are running and how many tools each offers.',
    tools: [
      defineTool({
        name: 'list_servers',
        title: 'List MCP servers',
        description: 'Lists the MCP servers Kalla manages (built-in and added by the user) with status and tool counts.',
        usageHint: 'Call when the user asks what tools or servers are available, or why a tool is missing (a stopped or disabled server offers none).',
        exampleFlow: 'list_servers → explain, or suggest enabling a server in the Servers workspace',
        scoped: false,
        finalizing: false,
        input: {},
        async run() {
          const servers = ctx.host.list().map((s) => ({
            name: s.name,
            origin: s.origin,
            status: s.disabled ? 'disabled' : s.status,
            tools: s.counts.tools,
            ...(s.description ? { description: s.description } : {}),
            ...(s.error ? { error: s.error } : {}),
          }));
          const text = servers.length
            ? servers.map((s) => `- ${s.name} (${s.origin}, ${s.status}, ${s.tools} tools)${s.error ? `: ${s.error}` : ''}`).join('\n')
            : 'No MCP servers are configured.';
          return { text, structured: { servers } };
        },
      }),
    ],
  };
}
