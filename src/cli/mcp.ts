/**
 * `kalla mcp <server>`: runs one of Kalla's built-in MCP servers on stdio, for
 * the app's own host and for any MCP client (Claude Desktop, MCP Inspector).
 * stdout belongs to JSON-RPC; anything human goes to stderr. Servers are
 * imported lazily so `kalla web` does not load them.
 */
import { UsageError } from './args';

/** Sub-command → server. Each entry is an ordinary stdio MCP server; add new ones here. */
export const MCP_SERVERS: Record<string, { run: () => Promise<void>; describe: string }> = {
  recon: {
    describe: 'kalla-recon: field mappings, NL filters and match rules',
    run: async () => (await import('../servers/recon/stdio')).runReconServerStdio(),
  },
  viewmapper: {
    describe: 'viewmapper: SQL view lineage as Mermaid diagrams',
    run: async () => (await import('../servers/viewmapper/stdio')).runViewMapperServerStdio(),
  },
};

export async function runMcp(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const server = name ? MCP_SERVERS[name] : undefined;
  if (!server) {
    throw new UsageError(
      name ? `Unknown MCP server "${name}". Choose one of: ${Object.keys(MCP_SERVERS).join(', ')}.` : `Name the MCP server to run, e.g. \`kalla mcp recon\`.`,
    );
  }
  if (rest.length) throw new UsageError(`kalla mcp ${name} takes no arguments; configure it through its environment.`);
  await server.run();
  // The server keeps the process alive on stdin and ends it when the client goes away.
  return await new Promise<number>(() => undefined);
}
