/**
 * `kalla mcp <server>`: runs one of Kalla's built-in MCP servers on stdio, for
 * the app's own host and for any MCP client (Claude Desktop, MCP Inspector).
 * stdout belongs to JSON-RPC; anything human goes to stderr. Servers are
 * imported lazily so `kalla web` does not load them.
 */
import { randomBytes } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { UsageError } from './args';

type ServerFactory = () => Promise<() => { server: McpServer; close?: () => Promise<void> }>;

/** Sub-command → server. Each entry is an ordinary stdio MCP server (and `--http PORT`); add new ones here. */
export const MCP_SERVERS: Record<string, { run: () => Promise<void>; factory: ServerFactory; describe: string }> = {
  recon: {
    describe: 'kalla-recon: field mappings, NL filters and match rules',
    run: async () => (await import('../servers/recon/stdio')).runReconServerStdio(),
    factory: async () => {
      const { createReconServer } = await import('../servers/recon/server');
      return () => ({ server: createReconServer({ env: process.env }) });
    },
  },
  viewmapper: {
    describe: 'viewmapper: SQL view lineage as Mermaid diagrams',
    run: async () => (await import('../servers/viewmapper/stdio')).runViewMapperServerStdio(),
    factory: async () => {
      const { createViewMapperServer } = await import('../servers/viewmapper/server');
      return () => {
        const handle = createViewMapperServer({ env: process.env, log: (line) => process.stderr.write(`[viewmapper] ${line}\n`) });
        return { server: handle.server, close: () => handle.close() };
      };
    },
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
  if (rest.length && rest[0] === '--http') {
    const port = Number(rest[1]);
    const withToken = rest[2] === '--token';
    if (rest.length !== (withToken ? 3 : 2) || !Number.isInteger(port) || port < 0 || port > 65535) {
      throw new UsageError(`--http takes a port number (0 picks a free one) and optionally --token, e.g. \`kalla mcp ${name} --http 3001 --token\`.`);
    }
    const { serveMcpOverHttp } = await import('../servers/http');
    const token = withToken ? randomBytes(32).toString('base64url') : undefined;
    const handle = await serveMcpOverHttp({ port, token, create: await server.factory(), log: (line) => process.stderr.write(`[${name}] ${line}\n`) });
    // Printed once, never logged again: whoever reads this terminal can use the server.
    if (token) process.stderr.write(`[${name}] bearer token (shown once): ${token}\n`);
    // The URL on stdout (one line), for scripts; a note for people on stderr.
    process.stdout.write(`${handle.url}\n`);
    process.stderr.write(`[${name}] MCP over Streamable HTTP at ${handle.url} (loopback only)\n`);
    const stop = () => void handle.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    return await new Promise<number>(() => undefined);
  }
  if (rest.length) throw new UsageError(`kalla mcp ${name} takes no arguments but --http PORT [--token]; configure it through its environment.`);
  await server.run();
  // The server keeps the process alive on stdin and ends it when the client goes away.
  return await new Promise<number>(() => undefined);
}
