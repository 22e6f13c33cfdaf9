/**
 * The protocol's reference servers as real processes through the host: server-filesystem (which
 * works only inside the client's MCP roots, and returns media files as base64 — an 8 MB image is an
 * 11 MB message, past the SDK's default stdio limit) and server-memory (a knowledge graph on disk).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../src/shared/mcp';
import { runningHost, waitFor } from './helpers';

const resolve = createRequire(import.meta.url).resolve;
const filesystem = resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const memory = resolve('@modelcontextprotocol/server-memory/dist/index.js');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const hostWith = (name: string, config: ServerConfig) => runningHost({ [name]: config }, cleanups);

const text = (r: { content: Array<{ type: string; text?: string }> }) => r.content.map((c) => c.text ?? '').join('\n');

describe('server-filesystem', () => {
  it('works in the folders given as roots, refuses others, and returns an 8 MB image without the server being blamed', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'kalla-fs-root-'));
    const outside = await mkdtemp(join(tmpdir(), 'kalla-fs-outside-'));
    cleanups.push(async () => {
      await rm(folder, { recursive: true, force: true });
      await rm(outside, { recursive: true, force: true });
    });
    const host = await hostWith('files', { command: process.execPath, args: [filesystem], env: {}, roots: [folder] });
    await waitFor(async () => text(await host.callTool('files', 'list_allowed_directories', {})).includes(folder), 'the root to be adopted', 20_000);
    await host.callTool('files', 'write_file', { path: join(folder, 'note.txt'), content: 'ledger closed' });
    expect(text(await host.callTool('files', 'read_text_file', { path: join(folder, 'note.txt') }))).toBe('ledger closed');
    const refused = await host.callTool('files', 'read_text_file', { path: join(outside, 'x.txt') }).catch((e: Error) => ({ content: [{ type: 'text', text: e.message }], isError: true }));
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/outside allowed directories|Access denied/i);

    const image = Buffer.alloc(8 * 1024 * 1024, 7);
    image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
    await writeFile(join(folder, 'scan.png'), image);
    const r = await host.callTool('files', 'read_media_file', { path: join(folder, 'scan.png') });
    expect(r.isError).toBe(false);
    const block = r.content[0] as { type: string; data?: string; mimeType?: string };
    expect(block.type).toBe('image');
    expect(Buffer.from(block.data!, 'base64').length).toBe(image.length);
    expect(host.get('files')?.status).toBe('running');
    expect(host.get('files')?.restarts).toBe(0);
  }, 120_000);
});

describe('server-memory', () => {
  it('keeps a knowledge graph in the file its env names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kalla-memory-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const host = await hostWith('memory', { command: process.execPath, args: [memory], env: { MEMORY_FILE_PATH: join(dir, 'graph.jsonl') } });
    await host.callTool('memory', 'create_entities', { entities: [{ name: 'ACME GmbH', entityType: 'customer', observations: ['pays in instalments'] }] });
    await host.callTool('memory', 'add_observations', { observations: [{ entityName: 'ACME GmbH', contents: ['deducts bank fees'] }] });
    const graph = text(await host.callTool('memory', 'read_graph', {}));
    expect(graph).toContain('pays in instalments');
    expect(graph).toContain('deducts bank fees');
  }, 60_000);
});
