/**
 * The open DuckDB engines, one per Reconcile workspace, opened on first use and kept open until
 * the workspace is deleted or the app stops.
 */
import { dirname, join } from 'node:path';
import { ReconEngine } from './engine';

export class EngineRegistry {
  private readonly engines = new Map<string, Promise<ReconEngine>>();

  /**
   * `folderOf` says where a workspace's engine lives (it refuses ids that are not workspace ids).
   * `usable` is asked before an engine is opened and throws for a workspace this Kalla must not
   * open (one written by a newer Kalla, a missing one): opening runs the engine's migrations, which
   * would write into a newer Kalla's recon.duckdb (issue 27).
   */
  constructor(
    private readonly folderOf: (id: string) => string,
    private readonly log: (message: string) => void = () => undefined,
    private readonly usable: (id: string) => Promise<unknown> = () => Promise.resolve(),
  ) {}

  /** The workspace's engine, opened if needed. A failed open is forgotten so the next call retries. */
  open(id: string): Promise<ReconEngine> {
    let e = this.engines.get(id);
    if (!e) {
      // Uploads (next to the engine's folder) are written once by the app and read in place.
      const dir = this.folderOf(id);
      e = this.usable(id).then(() => ReconEngine.open(dir, { ownedDirs: [join(dirname(dir), 'uploads')] })).then((engine) => {
        const { copies, exports } = engine.leftoversRemoved;
        if (copies + exports > 0) this.log(`reconcile: workspace ${id}: removed ${copies} orphan source cop${copies === 1 ? 'y' : 'ies'} and ${exports} unfinished export folder(s) left by a process that was stopped`);
        return engine;
      });
      // The caller sees the failure; this copy only forgets the broken promise.
      e.catch(() => this.engines.delete(id));
      this.engines.set(id, e);
    }
    return e;
  }

  /** The engine if it is open already (cancelling or listing runs must not open one). */
  async ifOpen(id: string): Promise<ReconEngine | null> {
    const e = this.engines.get(id);
    return e ? e.catch(() => null) : null;
  }

  async close(id: string): Promise<void> {
    const e = this.engines.get(id);
    this.engines.delete(id);
    if (e) (await e.catch(() => null))?.close();
  }

  async closeAll(): Promise<void> {
    const all = [...this.engines.values()];
    this.engines.clear();
    for (const e of all) (await e.catch(() => null))?.close();
  }
}
