/**
 * The Lineage workspace's main side through the real core: the dispatcher,
 * the McpHost, the built-in viewmapper server started as `kalla mcp viewmapper`
 * (tsx), and the real JVM. Checks what the renderer gets back, what lands on
 * disk, and that a JDBC password never comes back.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { nodePlatform } from '../../src/main/platform-node';
import { kallaArgs } from '../helpers/kalla-command';

const ROOT = resolve(import.meta.dirname, '../..');
let core: Core;
let dir: string;

async function boot(): Promise<Core> {
  return createCore({
    paths: { dataDir: dir, logsDir: join(dir, 'logs') },
    platform: nodePlatform(),
    self: { command: process.execPath, args: kallaArgs(), env: {} },
    appVersion: '0.0.0-test',
    spawnEnv: async () => ({ ...(process.env as Record<string, string>) }),
    env: {},
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-lineage-'));
  core = await boot();
}, 60_000);
afterAll(async () => {
  await core?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('lineage service', () => {
  it('starts empty and asks for a connection first', async () => {
    expect(await core.dispatch('lineage.state', {})).toEqual({ ok: true, value: { connection: null, turns: [] } });
    expect(await core.dispatch('lineage.ask', { question: 'leaf views' })).toEqual({ ok: false, error: { code: 'no_connection', message: 'Pick a connection first.' } });
  });

  it('connects a bundled dataset, draws, shows SQL, answers, and keeps the conversation on disk', async () => {
    const c = await core.dispatch('lineage.connect', { source: { kind: 'dataset', dataset: 'kalla_ecommerce' } });
    expect(c).toMatchObject({ ok: true, value: { state: { connection: { kind: 'dataset', connection: 'test://kalla_ecommerce', passwordStored: false } }, analysis: { viewCount: 12 } } });
    const d = await core.dispatch('lineage.diagram', { focus: 'customer_orders', upstreamDepth: 1, downstreamDepth: 0 });
    expect(d.ok && (d.value as { mermaid: string }).mermaid).toMatch(/n_fact_orders --> n_customer_orders/);
    const sql = await core.dispatch('lineage.viewSql', { name: 'top_customers' });
    expect(sql).toMatchObject({ ok: true, value: { name: 'top_customers', kind: 'view' } });
    const turn = await core.dispatch('lineage.ask', { question: 'what depends on fact_orders' });
    expect(turn).toMatchObject({ ok: true, value: { question: 'what depends on fact_orders', isError: false, engine: 'deterministic' } });
    const bad = await core.dispatch('lineage.ask', { question: 'explain shipments' });
    expect(bad).toMatchObject({ ok: true, value: { isError: true, answer: "no view or table named 'shipments'" } });
    const onDisk = JSON.parse(readFileSync(join(dir, 'lineage', 'workspace.json'), 'utf8'));
    expect(onDisk.turns.map((t: { question: string }) => t.question)).toEqual(['what depends on fact_orders', 'explain shipments']);
  });

  it('gives the large-graph view a neighbourhood whole, nearest first, and the whole graph as nodes and edges (issue 26)', async () => {
    const a = await core.dispatch('lineage.analyze', {});
    const analysis = a.ok ? (a.value as { viewCount: number; tableCount: number; edgeCount: number }) : undefined;
    const g = await core.dispatch('lineage.graph', { focus: 'customer_orders', upstreamDepth: 1, downstreamDepth: 0 });
    expect(g.ok).toBe(true);
    const hood = g.ok ? (g.value as { focus: string; nodes: Array<{ name: string; role?: string }>; edges: Array<[string, string]>; truncated: boolean }) : undefined;
    expect(hood?.focus).toBe('customer_orders');
    expect(hood?.nodes[0]).toMatchObject({ name: 'customer_orders', role: 'focus' });
    expect(hood?.edges).toContainEqual(['fact_orders', 'customer_orders']);
    expect(hood?.truncated).toBe(false);
    const w = await core.dispatch('lineage.graph', {});
    const whole = w.ok ? (w.value as { focus: null; nodes: Array<{ name: string; kind: string }>; edges: Array<[string, string]> }) : undefined;
    expect(whole?.focus).toBeNull();
    expect(whole?.nodes).toHaveLength((analysis?.viewCount ?? -1) + (analysis?.tableCount ?? -1));
    expect(whole?.nodes.filter((n) => n.kind === 'table')).toHaveLength(analysis?.tableCount ?? -1);
    expect(whole?.edges).toHaveLength(analysis?.edgeCount ?? -1);
    expect(whole?.edges).toContainEqual(['fact_orders', 'customer_orders']);
    // Every node carries its schema, also where its name leaves the default schema out (schema boxes).
    const schemaOfNode = new Map((whole?.nodes as Array<{ name: string; schema?: string }>).map((n) => [n.name, n.schema]));
    expect([schemaOfNode.get('customer_orders'), schemaOfNode.get('raw.orders')]).toEqual(['ecommerce', 'raw']);
    expect([...schemaOfNode.values()].every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
    expect((w.ok ? (w.value as { total?: number }).total : -1)).toBe(whole?.nodes.length);
  }, 60_000);

  it('refuses a relative path with a message that says what to type', async () => {
    const r = await core.dispatch('lineage.connect', { source: { kind: 'path', path: 'views' } });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!r.ok && r.error.message).toContain('full path');
  });

  it('never returns or keeps the password of a JDBC connection that fails, and keeps the previous connection', async () => {
    const password = 'hunter2-very-secret';
    const r = await core.dispatch('lineage.connect', { source: { kind: 'jdbc', url: 'jdbc:postgresql://127.0.0.1:1/nowhere', user: 'me', password } });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).not.toContain(password);
    const state = await core.dispatch('lineage.state', {});
    expect(state).toMatchObject({ ok: true, value: { connection: { connection: 'test://kalla_ecommerce' } } });
    expect(JSON.stringify(state)).not.toContain(password);
    expect(readFileSync(join(dir, 'lineage', 'workspace.json'), 'utf8')).not.toContain(password);
    let secrets = '';
    try {
      secrets = readFileSync(join(dir, 'secrets.json'), 'utf8');
    } catch {
      // no secrets file at all is fine too
    }
    expect(secrets).not.toContain(password);
  });

  it('gives the same state back after a restart of the app, renaming a saved simple_ecommerce sample to kalla_ecommerce', async () => {
    await core.dispose();
    const file = join(dir, 'lineage', 'workspace.json');
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('kalla_ecommerce', 'simple_ecommerce'));
    core = await boot();
    const s = await core.dispatch('lineage.state', {});
    expect(s).toMatchObject({ ok: true, value: { connection: { connection: 'test://kalla_ecommerce', label: 'kalla_ecommerce' } } });
    expect(s.ok && (s.value as { turns: unknown[] }).turns).toHaveLength(2);
    const again = await core.dispatch('lineage.ask', { question: 'leaf views' });
    expect(again).toMatchObject({ ok: true, value: { isError: false } });
    const cleared = await core.dispatch('lineage.clearConversation', {});
    expect(cleared).toMatchObject({ ok: true, value: { turns: [] } });
  }, 60_000);
  it('asks the engine for only the nodes the large view draws, and counts the rest (issue 26)', async () => {
    // raw.t_0 read by 600 views: a 601-node neighbourhood; main used to fetch all of it (up to 20,000) for 500 drawn.
    const views = Array.from({ length: 600 }, (_, i) => ({ name: `v_${i}`, sql: `SELECT id FROM raw.t_0 WHERE id > ${i}` }));
    const file = join(dir, 'hub.json');
    writeFileSync(file, JSON.stringify({ schema: 'hub', views }));
    const c = await core.dispatch('lineage.connect', { source: { kind: 'path', path: file } });
    expect(c.ok).toBe(true);
    const g = await core.dispatch('lineage.graph', { focus: 'raw.t_0' });
    const hood = g.ok ? (g.value as { nodes: Array<{ name: string }>; edges: Array<[string, string]>; truncated: boolean; total?: number }) : undefined;
    expect(hood?.nodes).toHaveLength(500);
    expect(hood?.nodes[0].name).toBe('raw.t_0');
    expect(hood).toMatchObject({ truncated: true, total: 601 });
    expect(hood?.edges).toHaveLength(499);
  }, 60_000);
  it('says how many nodes a whole graph past the large view\'s 20,000 has (issue 26: the count is always shown)', async () => {
    const views = Array.from({ length: 20_001 }, (_, i) => ({ name: `v_${i}`, sql: 'SELECT 1 AS a' }));
    const file = join(dir, 'huge.json');
    writeFileSync(file, JSON.stringify({ schema: 'huge', views }));
    expect((await core.dispatch('lineage.connect', { source: { kind: 'path', path: file } })).ok).toBe(true);
    const g = await core.dispatch('lineage.graph', {});
    expect(g).toMatchObject({
      ok: false,
      error: { message: 'The whole graph has 20,001 nodes, more than the 20,000 the large view draws: focus a view to see its neighbourhood.' },
    });
  }, 120_000);
});
