/**
 * Bytes that arrive instead of a path (browser mode, tests, the Assistant): written into the
 * workspace's `uploads/` folder, then loaded like a picked file. Large files come in ≤ 4 MiB
 * base64 chunks, in order (begin → chunk… → commit, or cancel).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Side } from '../../shared/reconcile/sources-and-runs';
import type { WorkspaceState } from '../../shared/reconcile/workspace';
import { UserError } from '../errors';
import type { ReconcileContext } from './context';
import { safeName } from './engine';
import type { Sources } from './sources';
import type { ReadInput } from './read-plan';

const CHUNK_LIMIT = 4 * 1024 * 1024;
/**
 * Uploads whose page went away (reload, closed tab) never commit or cancel. Without a bound each
 * kept an open file handle and a partial file forever; ~1,000 of them made a later load abort
 * the process (issue 13, item 10). An upload with no chunk for ABANDON_MS is abandoned: its handle
 * is closed and its partial file removed, by a sweep every SWEEP_MS and before each new upload.
 * At most MAX_OPEN uploads are open at once; past that a new one is refused with a message.
 */
export const ABANDON_MS = 5 * 60_000;
const SWEEP_MS = 60_000;
export const MAX_OPEN_UPLOADS = 32;

/** How upload files are opened; tests inject a handle whose writes fail or come up short (full disk). */
export type OpenUploadFile = (path: string, flags: 'w') => Promise<FileHandle>;

/**
 * Writes every byte at `position` (a write may return fewer bytes than asked; the rest is written
 * again) and flushes them to disk: "received" is answered only for bytes that are on disk. A disk
 * that is full answers ENOSPC here, and the user sees it instead of a file that silently lost rows.
 */
async function writeDurably(handle: FileHandle, bytes: Uint8Array, position: number, name: string): Promise<void> {
  let done = 0;
  try {
    while (done < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
      if (bytesWritten <= 0) throw Object.assign(new Error('no bytes written'), { code: 'EIO' });
      done += bytesWritten;
    }
    await handle.sync();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOSPC' ? 'the disk is full' : code === 'EDQUOT' ? 'the disk quota is used up' : `the file could not be written (${code ?? (err as Error).message})`;
    throw new UserError(`The upload of “${name}” stopped after ${position + done} bytes: ${why}. Nothing from it was loaded; free some space and drop the file again.`, 'failed');
  }
}

interface Upload {
  id: string;
  workspace: string;
  side: Side;
  name: string;
  size: number;
  received: number;
  path: string;
  handle: FileHandle;
  lastActive: number;
}

export class Uploads {
  private readonly uploads = new Map<string, Upload>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly ctx: ReconcileContext,
    private readonly sources: Pick<Sources, 'load'>,
    private readonly log: (message: string) => void = () => undefined,
    private readonly clock: () => number = Date.now,
    private readonly openFile: OpenUploadFile = open,
  ) {
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_MS);
    this.timer.unref();
  }

  /** Uploads open right now (tests, diagnostics). */
  get open(): number {
    return this.uploads.size;
  }

  /** Closes and removes uploads idle for ABANDON_MS or more; returns how many. */
  async sweep(): Promise<number> {
    const cutoff = this.clock() - ABANDON_MS;
    const stale = [...this.uploads.values()].filter((u) => u.lastActive <= cutoff);
    for (const u of stale) await this.cancel(u.id);
    if (stale.length > 0) this.log(`reconcile: removed ${stale.length} abandoned upload(s) (no data for ${ABANDON_MS / 60_000} min)`);
    return stale.length;
  }

  /**
   * At start no upload is in flight: files in a workspace's uploads/ folder that no source refers
   * to are leftovers of uploads cut off by a crash or kill. Returns how many were removed.
   */
  async removeLeftoverFiles(): Promise<number> {
    let removed = 0;
    const { workspaces } = await this.ctx.store.list();
    for (const { id } of workspaces) {
      const dir = join(this.ctx.store.dir(id), 'uploads');
      const files = await readdir(dir).catch(() => [] as string[]);
      if (files.length === 0) continue;
      const s = await this.ctx.store.get(id).catch(() => undefined);
      if (!s) continue;
      const kept = new Set([s.sources.left?.info.path, s.sources.right?.info.path].filter((p): p is string => Boolean(p)));
      const live = new Set([...this.uploads.values()].map((u) => u.path));
      for (const f of files) {
        const path = join(dir, f);
        if (kept.has(path) || live.has(path)) continue;
        await rm(path, { force: true });
        removed += 1;
      }
    }
    if (removed > 0) this.log(`reconcile: removed ${removed} leftover upload file(s) at start`);
    return removed;
  }

  /** Loads bytes in one piece. */
  async addFromBytes(id: string, side: Side, name: string, bytes: Uint8Array, read: ReadInput = {}): Promise<WorkspaceState> {
    await this.ctx.store.get(id);
    const target = await this.target(id, side, name);
    const fh = await this.openFile(target, 'w');
    try {
      await writeDurably(fh, bytes, 0, name);
    } catch (err) {
      await fh.close().catch(() => undefined);
      await rm(target, { force: true });
      throw err;
    }
    await fh.close();
    await this.checkSize(target, name, bytes.length);
    return this.sources.load(id, side, target, name, read);
  }

  /** Step 1: reserve a file in the workspace folder. */
  async begin(id: string, side: Side, name: string, size: number): Promise<string> {
    await this.ctx.store.get(id);
    if (this.uploads.size >= MAX_OPEN_UPLOADS) await this.sweep();
    if (this.uploads.size >= MAX_OPEN_UPLOADS) {
      throw new UserError(`${this.uploads.size} uploads are still in progress; wait for them to finish (or reload the page, which abandons them) and drop the file again.`, 'busy');
    }
    const path = await this.target(id, side, name);
    const handle = await this.openFile(path, 'w');
    const uploadId = randomUUID();
    this.uploads.set(uploadId, { id: uploadId, workspace: id, side, name, size, received: 0, path, handle, lastActive: this.clock() });
    this.ctx.events.progress({ workspace: id, kind: 'upload', side, phase: `Uploading ${name}`, fraction: 0 });
    return uploadId;
  }

  /** Step 2: one base64 chunk of ≤ 4 MiB, in order. */
  async chunk(uploadId: string, offset: number, base64: string): Promise<number> {
    const u = this.uploads.get(uploadId);
    if (!u) throw new UserError('This upload was cancelled or has finished; drop the file again.', 'not_found');
    if (offset !== u.received) throw new UserError(`Upload chunks arrived out of order (expected offset ${u.received}, got ${offset}).`, 'invalid_input');
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > CHUNK_LIMIT) throw new UserError('Upload chunks are limited to 4 MiB.', 'invalid_input');
    if (u.received + bytes.length > u.size) throw new UserError('The upload is larger than announced.', 'invalid_input');
    u.lastActive = this.clock();
    try {
      await writeDurably(u.handle, bytes, offset, u.name);
    } catch (err) {
      // The upload cannot go on: its handle is closed and its partial file removed.
      await this.cancel(uploadId);
      throw err;
    }
    u.received += bytes.length;
    u.lastActive = this.clock();
    this.ctx.events.progress({ workspace: u.workspace, kind: 'upload', side: u.side, phase: `Uploading ${u.name}`, fraction: u.size ? u.received / u.size : 1 });
    return u.received;
  }

  /** Step 3: all bytes are there; load the file. */
  async commit(uploadId: string, read: ReadInput = {}): Promise<WorkspaceState> {
    const u = this.uploads.get(uploadId);
    if (!u) throw new UserError('This upload was cancelled or has finished; drop the file again.', 'not_found');
    this.uploads.delete(uploadId);
    await u.handle.close();
    if (u.received !== u.size) {
      await rm(u.path, { force: true });
      throw new UserError(`The upload of “${u.name}” is incomplete (${u.received} of ${u.size} bytes). Drop the file again.`, 'invalid_input');
    }
    await this.checkSize(u.path, u.name, u.size);
    return this.sources.load(u.workspace, u.side, u.path, u.name, read);
  }

  async cancel(uploadId: string): Promise<void> {
    const u = this.uploads.get(uploadId);
    if (!u) return;
    this.uploads.delete(uploadId);
    // The partial file is removed next; a handle that will not close changes nothing for the user.
    await u.handle.close().catch(() => undefined);
    await rm(u.path, { force: true });
  }

  /** Closes the files of unfinished uploads (app shutdown). */
  async dispose(): Promise<void> {
    clearInterval(this.timer);
    for (const u of this.uploads.values()) await u.handle.close().catch(() => undefined);
    this.uploads.clear();
  }

  /** The file on disk must hold every announced byte before it is loaded; otherwise it is removed and the user told. */
  private async checkSize(path: string, name: string, expected: number): Promise<void> {
    const actual = await stat(path).then((st) => st.size, () => -1);
    if (actual === expected) return;
    await rm(path, { force: true });
    throw new UserError(
      `The upload of “${name}” is damaged: ${expected} bytes were sent but ${Math.max(actual, 0)} are on disk (a full disk or a failed write). Nothing from it was loaded; free some space and drop the file again.`,
      'failed',
    );
  }

  private async target(id: string, side: Side, name: string): Promise<string> {
    const dir = join(this.ctx.store.dir(id), 'uploads');
    await mkdir(dir, { recursive: true });
    return join(dir, `${side}-${Date.now().toString(36)}-${safeName(name)}`);
  }
}
