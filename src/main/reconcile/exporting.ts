/** Exports a run's results (CSV, XLSX, evidence) into a folder, by default `<dataDir>/exports/<workspace>/run-<n>`. */
import { mkdir } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { ExportFormat, ExportResult } from '../../shared/recon-engine';
import type { WorkspaceState } from '../../shared/reconcile';
import { UserError } from '../errors';
import type { ReconcileContext } from './context';

export class Exporting {
  constructor(private readonly ctx: ReconcileContext) {}

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
    const result = await engine.export(runId, { dir, formats: opts.formats, overwrite: opts.overwrite ?? false });
    return { dir, result };
  }
}
