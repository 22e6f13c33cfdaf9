/**
 * The app-tools server as any MCP client sees it (the SDK's client over the
 * linked in-memory transport): every tool publishes seed-002 metadata, and the
 * guardrail flags arrive as the annotations the guardrails read.
 */
import { READ_ONLY_APP_TOOLS } from '../../src/shared/app-tools';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { appToolModules, connectAppTools, createAppToolsServer, type AppToolsConnection } from '../../src/main/app-tools';
import { resolveToolPolicy } from '../../src/main/assistant/guardrails';
import { McpHost } from '../../src/main/mcp/host';
import { ReconcileService } from '../../src/main/reconcile';

let dir: string;
let host: McpHost;
let reconcile: ReconcileService;
let conn: AppToolsConnection;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-app-tools-'));
  host = new McpHost({ dataDir: dir, builtins: [], spawnEnv: async () => ({ PATH: process.env.PATH ?? '' }) });
  await host.start();
  reconcile = new ReconcileService(host, { get: async () => ({}) as never }, dir);
  conn = await connectAppTools({ host, reconcile });
});
afterAll(async () => {
  await conn.close();
  await reconcile.dispose();
  await host.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('app-tools registry', () => {
  it('publishes usage hint, example flow, scoping and finalizing for every tool', async () => {
    const modules = appToolModules({ host, reconcile });
    const server = createAppToolsServer({ modules, activeWorkspace: async () => undefined });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'inspector', version: '1' });
    await server.connect(b);
    await client.connect(a);
    const { tools } = await client.listTools();
    await client.close();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'list_servers',
        'list_workspaces',
        'reconcile_confirm_mappings',
        'reconcile_detect_mappings',
        'reconcile_export',
        'reconcile_load_source',
        'reconcile_profile_source',
        'reconcile_results',
        'reconcile_run',
        'reconcile_set_filters',
        'reconcile_status',
        'reconcile_suggest_rules',
        'reconcile_summary',
      ].sort(),
    );
    for (const t of tools) {
      expect(t._meta?.['kalla/usageHint'], t.name).toEqual(expect.any(String));
      expect(t._meta?.['kalla/exampleFlow'], t.name).toMatch(/→|^\w+$/);
      expect(typeof t._meta?.['kalla/finalizing'], t.name).toBe('boolean');
      expect(t.description).toContain('Usage:');
      expect(typeof t.annotations?.readOnlyHint, t.name).toBe('boolean');
      const scoped = t._meta?.['kalla/scoped'];
      // Scoped tools take an optional workspace_id, refused unless it is the active one.
      expect(Boolean((t.inputSchema.properties as Record<string, unknown> | undefined)?.workspace_id), t.name).toBe(Boolean(scoped));
    }
    // The read-only list the renderer reads (src/shared/app-tools.ts) is what the server announces.
    for (const t of tools) expect([t.name, t.annotations?.readOnlyHint]).toEqual([t.name, READ_ONLY_APP_TOOLS.has(t.name)]);
    expect(tools.filter((t) => t.annotations?.readOnlyHint === true).length).toBeGreaterThan(3);
    const finalizing = tools.filter((t) => t._meta?.['kalla/finalizing'] === true).map((t) => t.name);
    expect(finalizing.sort()).toEqual(['reconcile_export', 'reconcile_run']);
    const instructions = client.getInstructions();
    expect(instructions).toContain('A run refuses until the mapping is confirmed');
  });

  it('hands the guardrails trusted annotations: read-only runs, changing asks, finalizing always asks', () => {
    const tool = (name: string) => conn.tools().find((t) => t.name === name)!;
    const decide = (name: string, overrides = {}) => resolveToolPolicy({ server: 'kalla-app', origin: 'builtin', tool: tool(name) }, overrides).permission;
    expect(decide('reconcile_status')).toBe('always');
    expect(decide('reconcile_confirm_mappings')).toBe('ask');
    expect(decide('reconcile_run')).toBe('ask');
    expect(decide('reconcile_run', { servers: { 'kalla-app': 'always' } })).toBe('ask');
    expect(decide('reconcile_export', { tools: { 'kalla-app': { reconcile_export: 'never' } } })).toBe('never');
  });

  it('refuses reconcile tools with a message the model can act on when no workspace is open', async () => {
    const r = await conn.callTool('reconcile_status', {});
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.content)).toContain('No reconcile workspace is open');
    // The same refusal comes before the user would be asked.
    expect(await conn.precheck('reconcile_run', {})).toContain('No reconcile workspace is open');
    expect(await conn.precheck('list_servers', {})).toBeUndefined();
  });
});
