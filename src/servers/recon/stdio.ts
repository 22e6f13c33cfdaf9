/**
 * Runs kalla-recon over stdio (for `kalla mcp recon` and Claude Desktop).
 * stdout carries JSON-RPC only, so every log line goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createReconServer } from './server';

export async function runReconServerStdio(): Promise<void> {
  const server = createReconServer({ env: process.env });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  process.stderr.write('[kalla-recon] ready on stdio\n');
}
