/**
 * Tool schemas exactly as an MCP server built with the official SDK publishes
 * them (zod shapes → JSON Schema draft-07 with $schema, definitions/$ref for
 * recursion, anyOf for nullables, propertyNames/additionalProperties for records,
 * patterns for regexes and ISO dates), read back through a real MCP client.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import type { ToolInfo } from '../../src/shared/mcp';

type Filter = { column: string; and?: Filter[] };
const FilterSchema: z.ZodType<Filter> = z.lazy(() => z.object({ column: z.string(), and: z.array(FilterSchema).optional() }));

export async function publishedTools(): Promise<ToolInfo[]> {
  const server = new McpServer({ name: 'published', version: '1.0.0' });
  server.registerTool(
    'match',
    {
      description: 'Match rows.',
      inputSchema: {
        path: z.string().regex(/\.csv$/).describe('CSV path'),
        tolerance: z.number().positive().nullable().optional(),
        mode: z.enum(['exact', 'fuzzy']).default('exact'),
        rules: z
          .array(z.object({ left: z.string().min(1), right: z.string(), weight: z.number().int().gt(0).lte(10).optional() }))
          .min(1),
        options: z.record(z.string(), z.string()).optional(),
        asOf: z.iso.datetime().optional(),
        target: z.union([z.object({ kind: z.literal('file'), path: z.string() }), z.object({ kind: z.literal('clipboard') })]),
        filter: FilterSchema.optional(),
      },
      annotations: { readOnlyHint: true },
    },
    async () => ({ content: [{ type: 'text', text: 'ok' }] }),
  );
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'kalla-test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    const { tools } = await client.listTools();
    return tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, annotations: t.annotations }));
  } finally {
    await client.close();
    await server.close();
  }
}
