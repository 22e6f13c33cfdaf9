/** Exports a run's results (CSV, XLSX, evidence) into a folder, by default `<dataDir>/exports/<workspace>/run-<n>`. */
import { constants } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { basename, extname, isAbsolute, join, resolve, sep } from 'node:path';
import type { ExportFormat, ExportResult } from '../../shared/reconcile/sources-and-runs';
import type { WorkspaceState } from '../../shared/reconcile/workspace';
import { UserError } from '../errors';
import type { ReconcileContext } from './context';

/** Largest export file sent to the window as a download (base64 over the one WebSocket message). */
export const MAX_DOWNLOAD_BYTES = 48 * 1024 * 1024;

const MIME: Record<string, string> = {
  '.csv': 'text/csv',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.json': 'application/json',
  '.parquet': 'application/vnd.apache.parquet',
};

export class Exporting {
  /**
   * Files this process exported, per workspace: the only files `download` reads. A window can
   * name any path; it gets bytes only of what this app wrote for that workspace.
   */
  private readonly exported = new Map<string, Set<string>>();

  constructor(private readonly ctx: ReconcileContext) {}

  async download(id: string, path: string): Promise<{ name: string; mime: string; base64: string }> {
    const file = resolve(path);
    if (!this.exported.get(id)?.has(file)) {
      throw new UserError('Only files exported from this workspace since Kalla started can be downloaded; export again.', 'not_found');
    }
    // O_NOFOLLOW: a symlink swapped in at the exported path after the export is refused, not
    // followed (the check and the read use one handle, so there is no window between them).
    // Windows has no O_NOFOLLOW (the constant is undefined there); only the last component is covered.
    const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ELOOP' || error.code === 'EMLINK') {
        throw new UserError(`${file} was replaced by a link since the export; Kalla does not follow it. Export again.`, 'not_found');
      }
      return null;
    });
    if (!handle) throw new UserError(`${file} is gone (moved or deleted since the export); export again.`, 'not_found');
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new UserError(`${file} is gone (moved or deleted since the export); export again.`, 'not_found');
      if (info.size > MAX_DOWNLOAD_BYTES) {
        throw new UserError(`${basename(file)} is ${Math.round(info.size / 1048576)} MiB, more than a download here carries (48 MiB); open it from ${file}.`, 'invalid_input');
      }
      return { name: basename(file), mime: MIME[extname(file).toLowerCase()] ?? 'application/octet-stream', base64: (await handle.readFile()).toString('base64') };
    } finally {
      await handle.close();
    }
  }

  /** Default export folder: `<dataDir>/exports/<workspace name>/run-<n>`. */
  defaultDir(s: Pick<WorkspaceState, 'name' | 'id'>, runId: number): string {
    const safe = s.name.replace(/[^A-Za-z0-9._ -]+/g, '_').trim() || s.id;
    return join(this.ctx.dataDir, 'exports', safe, `run-${runId}`);
  }

  async export(id: string, runId: number, opts: { dir?: string; formats: ExportFormat[]; overwrite?: boolean }): Promise<{ dir: string; result: ExportResult }> {
    const s = await this.ctx.store.get(id);
    const dir = opts.dir ?? this.defaultDir(s, runId);
    if (!isAbsolute(dir)) throw new UserError(`Give the full path of the export folder, not “${dir}”.`, 'invalid_input');
    await mkdir(dir, { recursive: true });
    const engine = await this.ctx.engines.open(id);
    // A file that came as bytes lives in the workspace's uploads folder: evidence names it, not that copy.
    const uploads = join(this.ctx.store.dir(id), 'uploads') + sep;
    const uploaded: Partial<Record<'left' | 'right', string>> = {};
    for (const side of ['left', 'right'] as const) {
      const info = s.sources[side]?.info;
      if (info?.path.startsWith(uploads)) uploaded[side] = info.name;
    }
    const result = await engine.export(runId, { dir, formats: opts.formats, overwrite: opts.overwrite ?? false, uploaded });
    const files = this.exported.get(id) ?? new Set<string>();
    for (const f of result.files) files.add(resolve(f));
    this.exported.set(id, files);
    return { dir, result };
  }
}
