/** A guide page of a built-in MCP server: a fixed Markdown text served as one resource. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function registerMarkdownResource(server: McpServer, name: string, uri: string, meta: { title: string; description: string }, text: string): void {
  server.registerResource(name, uri, { ...meta, mimeType: 'text/markdown' }, (u) => ({ contents: [{ uri: u.href, mimeType: 'text/markdown', text }] }));
}
