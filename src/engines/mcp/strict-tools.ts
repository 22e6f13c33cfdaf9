/**
 * The SDK's McpServer answers a call to a tool it does not have with an `isError` result
 * ("Tool x not found"), which a client cannot tell from a tool that ran and failed. The spec
 * says an unknown tool is a protocol error: JSON-RPC -32602 (Invalid params). This wraps the
 * server's tools/call handler so unknown and disabled tools are refused that way; known tools
 * go to the SDK's handler unchanged. Call it after the tools are registered.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, McpError, type CallToolRequest } from '@modelcontextprotocol/sdk/types.js';

type Handler = (request: CallToolRequest, extra: unknown) => Promise<unknown>;

export function refuseUnknownTools(server: McpServer): McpServer {
  // Both fields are private in the SDK (pinned in package.json); a bump that renames them
  // fails here at start, and tests/recon-server/http.test.ts, not silently.
  const inner = server as unknown as { _registeredTools?: Record<string, { enabled: boolean }> };
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, Handler> })._requestHandlers;
  const original = handlers?.get('tools/call');
  if (!inner._registeredTools || !original) throw new Error('refuseUnknownTools: register the tools first (or the SDK changed its internals)');
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = inner._registeredTools?.[request.params.name];
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    if (!tool.enabled) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} is disabled`);
    return (await original(request, extra)) as never;
  });
  return server;
}
