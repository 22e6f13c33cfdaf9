/**
 * Fault injection: an upload while the disk is briefly full (issue 27, item 4). Before, each chunk
 * answered "received" before its bytes were on disk and commit did not compare sizes: 17,451 of
 * 20,000 rows were lost and the source looked normal. Now every chunk is written in full and
 * fsynced before it is acknowledged, a failed or short write is an error the user sees, and commit
 * compares the size on disk with the announced size.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpHost } from '../../src/main/mcp/host';
import { ReconcileService } from '../../src/main/reconcile';

let dir: string;
let host: McpHost;
let reconcile: ReconcileService;
/** What the injected file handle does: 'ok', fail with ENOSPC after `budget` bytes, or drop bytes silently after it. */
let mode: 'ok' | 'enospc' | 'lose' = 'ok';
let budget = 0;
const synced: string[] = [];

async function faultyOpen(path: string, flags: 'w'): Promise<FileHandle> {
  const real = await open(path, flags);
  let written = 0;
  const write = (async (buffer: Uint8Array, offset: number, length: number, position: number) => {
    if (mode !== 'ok' && written + length > budget) {
      if (mode === 'enospc') throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      written += length; // 'lose': says all was written, writes nothing (a lying device)
      return { bytesWritten: length, buffer };
    }
    const r = await real.write(buffer, offset, length, position);
    written += r.bytesWritten;
    return r;
  }) as FileHandle['write'];
  return new Proxy(real, {
    get(target, prop) {
      if (prop === 'write') return write;
      if (prop === 'sync') return async () => { synced.push(path); await target.sync(); };
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-upload-durable-'));
  host = new McpHost({ dataDir: dir, builtins: [], spawnEnv: async () => ({ PATH: process.env.PATH ?? '' }) });
  await host.start();
  reconcile = new ReconcileService(host, { get: async () => ({}) as never }, dir, { openUploadFile: faultyOpen });
});
afterAll(async () => {
  await reconcile.dispose();
  await host.stop();
  rmSync(dir, { recursive: true, force: true });
});

function csv(rows: number): Buffer {
  const lines = ['ref,amount'];
  for (let i = 0; i < rows; i++) lines.push(`INV-${i},${(i % 97) + 0.25}`);
  return Buffer.from(lines.join('\n') + '\n');
}

async function upload(id: string, bytes: Buffer, chunk = 64 * 1024) {
  const uploadId = await reconcile.uploadBegin(id, 'left', 'ledger.csv', bytes.length);
  for (let off = 0; off < bytes.length; off += chunk) {
    const part = bytes.subarray(off, off + chunk);
    await reconcile.uploadChunk(uploadId, off, part.toString('base64'));
  }
  return reconcile.uploadCommit(uploadId);
}

describe('uploads are durable before they are acknowledged', () => {
  it('fsyncs each chunk before answering "received"; all 20,000 rows arrive', async () => {
    mode = 'ok';
    synced.length = 0;
    const ws = await reconcile.create('Durable');
    const bytes = csv(20_000);
    const state = await upload(ws.id, bytes);
    expect(state.sources.left?.info.row_count).toBe(20_000);
    expect(synced.length).toBe(Math.ceil(bytes.length / (64 * 1024)));
    expect(statSync(state.sources.left!.info.path).size).toBe(bytes.length);
  });

  it('a full disk during a chunk is an error the user sees, and leaves no partial file', async () => {
    mode = 'enospc';
    budget = 100_000;
    const ws = await reconcile.create('Disk full');
    await expect(upload(ws.id, csv(20_000))).rejects.toThrow(/stopped after 65536 bytes: the disk is full.*drop the file again/);
    expect(readdirSync(join(dir, 'workspaces', ws.id, 'uploads'))).toEqual([]);
    expect((await reconcile.get(ws.id)).sources.left ?? undefined).toBeUndefined();
  });

  it('a write that silently drops bytes is caught at commit by the size check', async () => {
    mode = 'lose';
    budget = 100_000;
    const ws = await reconcile.create('Short write');
    const bytes = csv(20_000);
    await expect(upload(ws.id, bytes)).rejects.toThrow(new RegExp(`damaged: ${bytes.length} bytes were sent but 65536 are on disk`));
    expect(readdirSync(join(dir, 'workspaces', ws.id, 'uploads'))).toEqual([]);
    expect((await reconcile.get(ws.id)).sources.left ?? undefined).toBeUndefined();
  });
});

/** Every file under the workspace folder except the engine's database, with its size. */
function filesOf(root: string): { path: string; size: number }[] {
  const out: { path: string; size: number }[] = [];
  for (const e of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    out.push({ path, size: statSync(path).size });
  }
  return out.filter((f) => !/recon\.duckdb/.test(f.path));
}

describe('uploads are stored once (issue 27)', () => {
  it('the uploaded file is read in place: one copy of its bytes in the workspace, not two', async () => {
    mode = 'ok';
    const ws = await reconcile.create('Stored once');
    const bytes = csv(20_000);
    const state = await upload(ws.id, bytes);
    expect(state.sources.left?.info.row_count).toBe(20_000);
    const big = filesOf(join(dir, 'workspaces', ws.id)).filter((f) => f.size >= bytes.length);
    // Before: uploads/left-…-ledger.csv and recon/sources/left-…-ledger.csv, 2 × the file.
    expect(big.map((f) => f.path)).toEqual([state.sources.left!.info.path]);
    expect(state.sources.left!.info.read_path).toBe(state.sources.left!.info.path);

    // Replacing the side removes the first upload at once (it is no longer read).
    const again = await upload(ws.id, csv(19_000));
    expect(again.sources.left?.info.row_count).toBe(19_000);
    const after = filesOf(join(dir, 'workspaces', ws.id)).filter((f) => f.size >= 19_000 * 8);
    expect(after.map((f) => f.path)).toEqual([again.sources.left!.info.path]);

    // A run still reads it (the engine checks the source against its hash before running).
    const right = Buffer.from(['reference,amount', 'INV-1,1.25', 'INV-2,2.25'].join('\n') + '\n');
    const uploadId = await reconcile.uploadBegin(ws.id, 'right', 'bank.csv', right.length);
    await reconcile.uploadChunk(uploadId, 0, right.toString('base64'));
    const both = await reconcile.uploadCommit(uploadId);
    expect(both.sources.right?.info.row_count).toBe(2);
    expect(filesOf(join(dir, 'workspaces', ws.id, 'recon')).filter((f) => f.path.includes('/sources/'))).toEqual([]);
  });
});

describe('a failed create leaves no workspace listed (issue 27)', () => {
  it('active.json cannot be written: the create is refused with a sentence and nothing is listed', async () => {
    const before = (await reconcile.list()).workspaces.map((w) => w.id);
    const active = join(dir, 'workspaces', 'active.json');
    rmSync(active, { force: true });
    mkdirSync(join(active, 'in-the-way'), { recursive: true }); // the atomic rename onto it fails
    try {
      await expect(reconcile.create('Phantom')).rejects.toThrow(/The workspace was not created .*try again/);
      const after = (await reconcile.list()).workspaces;
      expect(after.map((w) => w.id).sort()).toEqual([...before].sort());
      expect(after.some((w) => w.name === 'Phantom')).toBe(false);
      expect(readdirSync(join(dir, 'workspaces')).filter((n) => !before.includes(n) && n !== 'active.json')).toEqual([]);
    } finally {
      rmSync(active, { recursive: true, force: true });
    }
  });
});
