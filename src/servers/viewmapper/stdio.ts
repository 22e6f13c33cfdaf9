/**
 * Runs the viewmapper server over stdio (`kalla mcp viewmapper`, Claude Desktop).
 * stdout carries JSON-RPC only; logs go to stderr. The JVM is stopped when the
 * client goes away (stdin closes) or on SIGTERM/SIGINT.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createViewMapperServer } from './server';

export async function runViewMapperServerStdio(): Promise<void> {
  const handle = createViewMapperServer({ env: process.env });
  const transport = new StdioServerTransport();
  let exiting = false;
  const shutdown = async (code: number) => {
    if (exiting) return;
    exiting = true;
    await handle.close().catch(() => undefined);
    process.exit(code);
  };
  process.stdin.once('end', () => void shutdown(0));
  process.stdin.once('close', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));
  process.once('SIGINT', () => void shutdown(0));
  transport.onclose = () => void shutdown(0);
  await handle.server.connect(transport);
  process.stderr.write('[viewmapper] ready on stdio\n');
}
