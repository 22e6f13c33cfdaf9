/**
 * MCP tools from several servers → provider-neutral tool specs with namespaced
 * names. Each provider module turns specs into its own tool format.
 */
import type { ToolInfo } from '../../../shared/mcp';
import { ToolNameMap } from './toolNames';

export type JsonSchema = { [key: string]: unknown };

export interface ProviderToolSpec {
  /** Namespaced, provider-valid name (ToolNameMap). */
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

export interface ServerTools {
  server: string;
  tools: readonly ToolInfo[];
}

/** MCP requires an object schema; be lenient with servers that omit `type`. */
function objectSchema(schema: JsonSchema): JsonSchema {
  return schema.type === undefined ? { type: 'object', ...schema } : schema;
}

export function buildToolSpecs(servers: readonly ServerTools[]): { specs: ProviderToolSpec[]; names: ToolNameMap } {
  const names = ToolNameMap.build(servers.flatMap((s) => s.tools.map((t) => ({ server: s.server, tool: t.name }))));
  const specs: ProviderToolSpec[] = [];
  for (const s of servers) {
    for (const t of s.tools) {
      specs.push({
        name: names.toProviderName(s.server, t.name)!,
        // The title is a human label; the description is what tells the model when to use the tool.
        description: t.description ?? t.title ?? '',
        inputSchema: objectSchema(t.inputSchema),
      });
    }
  }
  return { specs, names };
}
