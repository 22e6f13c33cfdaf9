/** Runs and their review: run a recipe, read its summary and pages, accept/reject/unmatch, match by hand, annotate. */
import type { ExceptionUpdate, GroupPageItem, RunHistoryEntry, Page, PageCategory, PageRequest, RecordPageItem, RunProgress, RunSummary, Side } from '../../shared/reconcile/sources-and-runs';
import type { DifferenceReason } from '../../shared/reconcile/recipe';
import type { WorkspaceState } from '../../shared/reconcile/workspace';
import { MAX_REVIEW_GROUP_IDS } from '../../shared/contract/reconcile';
import { ReconError, UserError } from '../errors';
import type { ReconcileContext } from './context';
import type { ReconEngine } from './engine';
import type { Recipes } from './recipes';

export type RunOpts = { onProgress?: (p: RunProgress) => void; signal?: AbortSignal; callId?: string };

/** As many groups as one `reconcile.review` call takes (its contract's limit): a bulk review is set-based, so this is about message size. */
export const MAX_REVIEW_GROUPS = MAX_REVIEW_GROUP_IDS;

export class Runs {
  constructor(
    private readonly ctx: ReconcileContext,
    private readonly recipes: Pick<Recipes, 'current'>,
  ) {}

  /**
   * Runs the reconciliation and answers with the summary the engine computed. Refuses until both
   * sources are loaded, the mapping is confirmed and there are rules; the engine alone decides
   * whether it is busy and owns cancellation (`cancel`, or `opts.signal`).
   */
  async run(id: string, opts: RunOpts = {}): Promise<{ run_id: number; summary: RunSummary; state: WorkspaceState }> {
    const { store, engines, events } = this.ctx;
    const recipe = await this.recipes.current(id);
    const engine = await engines.open(id);
    let recorded = false;
    try {
      const result = await engine.run(recipe, {
        signal: opts.signal,
        onProgress: (p) => {
          if (!recorded) {
            // The engine has its 'running' row now: put it in state.json too, so a run killed
            // mid-way is listed (as interrupted, see WorkspaceStore) instead of missing.
            recorded = true;
            void store.update(id, (s) => s, { edit: false }).catch(() => undefined);
          }
          opts.onProgress?.(p);
          events.progress({ workspace: id, ...(opts.callId ? { callId: opts.callId } : {}), kind: 'run', phase: p.phase, fraction: p.fraction });
        },
      });
      const state = await store.update(id, (s) => ({ ...s, last_run_id: result.run_id }), { edit: false });
      events.results(id, result.summary);
      return { run_id: result.run_id, summary: result.summary, state };
    } catch (e) {
      // Record the failed or cancelled run in the state (runs are re-read from the engine); the run's own error is the one to report.
      await store.update(id, (s) => s, { edit: false }).catch(() => undefined);
      if (e instanceof ReconError && e.code === 'cancelled') throw new UserError('The run was cancelled. Nothing was kept; press Run to start again.', 'cancelled');
      throw e;
    }
  }

  async cancel(id: string): Promise<void> {
    (await this.ctx.engines.ifOpen(id))?.cancelRunning();
  }

  async summary(id: string, runId: number): Promise<RunSummary> {
    return this.withEngine(id, (engine) => engine.summary(runId));
  }

  async page(id: string, runId: number, category: PageCategory, req: PageRequest): Promise<Page<GroupPageItem> | Page<RecordPageItem>> {
    return this.withEngine(id, (engine) => engine.page(runId, category, req));
  }

  /** Select-all over the current filter: the ids (up to what one review call takes) and how many match. */
  async groupIds(id: string, runId: number, category: 'matched' | 'suggested', search?: string): Promise<{ ids: number[]; total: number }> {
    return this.withEngine(id, (engine) => engine.groupIds(runId, category, search, MAX_REVIEW_GROUPS));
  }

  /** Accepts, rejects or unmatches groups (one or many, in one step), with the reviewer's note; reports the ones that failed. */
  async review(id: string, runId: number, action: 'accept' | 'reject' | 'unmatch', groupIds: number[], note?: string, reason?: DifferenceReason): Promise<{ done: number; failed: string[] }> {
    const engine = await this.ctx.engines.open(id);
    const result = await engine.reviewMany(runId, action, groupIds, note, reason);
    await this.resultsChanged(id, runId, engine);
    return result;
  }

  async undoReview(id: string, runId: number): Promise<{ undone: { action: string; group_id: number; count: number } | null }> {
    const undone = await this.withEngine(id, (engine) => engine.undoReview(runId));
    if (undone) await this.resultsChanged(id, runId);
    return { undone };
  }

  async matchManual(id: string, runId: number, left: number[], right: number[], note?: string): Promise<{ group_id: number }> {
    const g = await this.withEngine(id, (engine) => engine.matchManual(runId, { left, right, ...(note ? { note } : {}) }));
    await this.resultsChanged(id, runId);
    return { group_id: g.group_id };
  }

  async annotate(id: string, runId: number, side: Side, rowId: number, reason: string, note?: string): Promise<void> {
    await this.withEngine(id, (engine) => engine.annotate(runId, side, rowId, { reason, ...(note ? { note } : {}) }));
    await this.resultsChanged(id, runId);
  }

  async updateException(id: string, runId: number, side: Side, rowId: number, update: ExceptionUpdate): Promise<void> {
    await this.withEngine(id, (engine) => engine.updateException(runId, side, rowId, update));
    await this.resultsChanged(id, runId);
  }

  /** The workspace's run history, oldest first, with the months carried from the workspace it was duplicated from. */
  async history(id: string): Promise<RunHistoryEntry[]> {
    const s = await this.ctx.store.get(id);
    return (await this.ctx.engines.open(id)).history(s.name);
  }

  /** Tells listeners the run's results changed, with its summary as it is now (the renderer needs no re-fetch). */
  private async resultsChanged(id: string, runId: number, engine?: ReconEngine): Promise<void> {
    const e = engine ?? (await this.ctx.engines.open(id));
    await e.refreshHistory(runId);
    this.ctx.events.results(id, await e.summary(runId));
  }

  /** Checks the workspace exists before opening its engine (no engine folder for a typo). */
  private async withEngine<T>(id: string, f: (engine: ReconEngine) => Promise<T>): Promise<T> {
    await this.ctx.store.get(id);
    return f(await this.ctx.engines.open(id));
  }
}
