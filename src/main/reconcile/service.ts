/**
 * ReconcileService: the Reconcile area's one door for the IPC handlers and the Assistant's app
 * tools. A thin façade: each concern lives in its own module (state persistence, sources and
 * uploads, the mapping/filter/rule steps that call kalla-recon, recipes, runs and review, export),
 * all sharing one ReconcileContext. Plain Node: never imports electron. See
 * docs/reconcile-workspace.md.
 */
import { join } from 'node:path';
import type { ColumnType, DifferenceReason, MatchRule, RecipeInput, SourceFilter } from '../../shared/reconcile/recipe';
import type { ExceptionUpdate, ExportFormat, ExportResult, GroupPageItem, Page, PageCategory, PageRequest, ColumnTypePreview, ReadPreview, RecordPageItem, RunHistoryEntry, RunSummary, Side, SourceProfile } from '../../shared/reconcile/sources-and-runs';
import type { MappingRow, WorkspaceList, WorkspaceState } from '../../shared/reconcile/workspace';
import type { McpHost } from '../mcp/host';
import type { SettingsService } from '../settings/settings-service';
import type { ReconcileContext } from './context';
import { EngineRegistry } from './engines';
import { ReconcileEmitter, type ReconcileEvents } from './events';
import { Exporting } from './exporting';
import { Filters, type FilterCounts } from './filters';
import { KallaReconClient } from './kalla-recon';
import { Mappings } from './mappings';
import { KeyedQueue } from '../base/keyed-queue';
import { Recipes } from './recipes';
import { Rules } from './rules';
import { Runs, type RunOpts } from './runs';
import { Sources } from './sources';
import { planChangesReading, planFromSource, type ReadInput } from './read-plan';
import { WorkspaceStore, workspaceDir } from './state-store';
import { Uploads, type OpenUploadFile } from './uploads';
import { rebuildEngine } from './rebuild';
import { runNextFiles, type NextRunResult } from './scheduled';
import { DatabaseSources, sourceName, type DatabaseDeps } from './database';
import type { DbConnectInput, DbConnectionView, DbPreview, DbSource, DbTable } from '../../shared/reconcile/database';
import { safeName } from './engine';
import { UserError } from '../errors';
import { mkdir } from 'node:fs/promises';

export class ReconcileService {
  private readonly ctx: ReconcileContext;
  private readonly sources: Sources;
  private readonly uploads: Uploads;
  private readonly mappings: Mappings;
  private readonly filters: Filters;
  private readonly rules: Rules;
  private readonly recipes: Recipes;
  private readonly runs: Runs;
  private readonly exporting: Exporting;
  private readonly database: DatabaseSources | null;

  constructor(
    host: McpHost,
    settings: Pick<SettingsService, 'get'>,
    dataDir: string,
    opts: { log?: (message: string) => void; clock?: () => number; openUploadFile?: OpenUploadFile; database?: DatabaseDeps } = {},
  ) {
    const root = join(dataDir, 'workspaces');
    const events = new ReconcileEmitter();
    // An engine opens only for a workspace the store can read (not one a newer Kalla wrote).
    const engines = new EngineRegistry(
      (id) => join(workspaceDir(root, id), 'recon'),
      opts.log,
      (id) => store.get(id),
    );
    const store: WorkspaceStore = new WorkspaceStore(root, engines, events);
    this.ctx = {
      dataDir,
      store,
      engines,
      events,
      locks: new KeyedQueue(),
      settings,
      kallaRecon: new KallaReconClient(host),
    };
    this.rules = new Rules(this.ctx);
    this.mappings = new Mappings(this.ctx, (id) => this.rules.suggest(id));
    this.sources = new Sources(this.ctx, (id) => this.mappings.detect(id));
    this.uploads = new Uploads(this.ctx, this.sources, opts.log, opts.clock, opts.openUploadFile);
    this.filters = new Filters(this.ctx);
    this.recipes = new Recipes(this.ctx);
    this.runs = new Runs(this.ctx, this.recipes);
    this.exporting = new Exporting(this.ctx);
    this.database = opts.database ? new DatabaseSources(opts.database, dataDir) : null;
  }

  /** Subscribe to `changed` (a state saved, a run's results changed; versioned payloads) and `progress` (upload/load/run) notifications. */
  on(listener: Partial<ReconcileEvents>): () => void {
    return this.ctx.events.on(listener);
  }

  // ── Workspaces ─────────────────────────────────────────────────────────

  list(): Promise<WorkspaceList> {
    return this.ctx.store.list();
  }
  create(name: string): Promise<WorkspaceState> {
    return this.ctx.store.create(name);
  }
  rename(id: string, name: string): Promise<WorkspaceState> {
    return this.ctx.store.update(id, (s) => ({ ...s, name: name.trim() }));
  }
  /** Same aliases, mappings, filters, chat and rules, and the run history; no sources and no runs (e.g. next month's files). */
  async duplicate(id: string, name: string): Promise<WorkspaceState> {
    const src = await this.ctx.store.get(id);
    const copy = await this.ctx.store.create(name);
    // Last month's figures come along, so the history shows the months side by side.
    // Last month's figures come along, so the history shows the months side by side, and so does its
    // work queue: an exception still open next month keeps its owner, status, due date and comment.
    const from = await this.ctx.engines.open(id);
    const to = await this.ctx.engines.open(copy.id);
    const history = await from.history(src.name);
    if (history.length > 0) await to.importHistory(history);
    const queue = await from.queueMemory();
    if (queue.length > 0) await to.importQueueMemory(queue);
    const plan = (side: Side) => (src.sources[side] ? planFromSource(src.sources[side], `“${src.name}”`) : src.read_plan[side]);
    return this.ctx.store.update(copy.id, (s) => ({
      ...s,
      // Next month's files are read the way this month's were (type fixes included).
      read_plan: { left: plan('left'), right: plan('right') },
      aliases: src.aliases,
      mapping: src.mapping,
      filters: src.filters,
      chat: src.chat,
      rules: src.rules,
      rules_explanation: src.rules_explanation,
      rules_sides_reversed: src.rules_sides_reversed,
    }));
  }
  recover(id: string): Promise<WorkspaceState> {
    return this.ctx.store.recover(id);
  }
  /** A damaged engine file: made again from the workspace's sources (rebuild.ts); past runs are not kept. */
  rebuildEngine(id: string): Promise<WorkspaceState> {
    return rebuildEngine(this.ctx, join(this.ctx.dataDir, 'workspaces'), id);
  }
  async delete(id: string): Promise<WorkspaceList> {
    await this.ctx.store.delete(id);
    return this.ctx.store.list();
  }
  active(): Promise<string | null> {
    return this.ctx.store.active();
  }
  setActive(id: string): Promise<WorkspaceState> {
    return this.ctx.store.setActive(id);
  }
  /** Runs a change made from `revision` only if it is still current (see WorkspaceStore.withRevision). */
  withRevision<T>(id: string, revision: number | undefined, f: () => Promise<T>): Promise<T> {
    return this.ctx.store.withRevision(id, revision, f);
  }
  /** The full state: sources, mapping review, filters and chat, rules, runs. */
  get(id: string): Promise<WorkspaceState> {
    return this.ctx.store.get(id);
  }

  // ── Sources and uploads ────────────────────────────────────────────────

  addSourceFromPath(id: string, side: Side, path: string, read: ReadInput = {}): Promise<WorkspaceState> {
    return this.sources.addFromPath(id, side, path, read);
  }
  addSourceFromBytes(id: string, side: Side, name: string, bytes: Uint8Array, read: ReadInput = {}): Promise<WorkspaceState> {
    return this.uploads.addFromBytes(id, side, name, bytes, read);
  }
  uploadBegin(id: string, side: Side, name: string, size: number): Promise<string> {
    return this.uploads.begin(id, side, name, size);
  }
  uploadChunk(uploadId: string, offset: number, base64: string): Promise<number> {
    return this.uploads.chunk(uploadId, offset, base64);
  }
  uploadCommit(uploadId: string, read: ReadInput = {}): Promise<WorkspaceState> {
    return this.uploads.commit(uploadId, read);
  }
  uploadCancel(uploadId: string): Promise<void> {
    return this.uploads.cancel(uploadId);
  }
  retrySource(id: string, side: Side, read: ReadInput): Promise<WorkspaceState> {
    return this.sources.retry(id, side, read);
  }
  previewRead(id: string, side: Side, read: ReadInput): Promise<ReadPreview> {
    return this.sources.previewRead(id, side, read);
  }
  removeSource(id: string, side: Side): Promise<WorkspaceState> {
    return this.sources.remove(id, side);
  }
  setAlias(id: string, side: Side, alias: string): Promise<WorkspaceState> {
    return this.sources.setAlias(id, side, alias);
  }
  previewColumnType(id: string, side: Side, column: string, type: 'number' | 'date', format: string): Promise<ColumnTypePreview> {
    return this.sources.previewColumnType(id, side, column, type, format);
  }

  setColumnType(id: string, side: Side, column: string, type: ColumnType, format?: string): Promise<WorkspaceState> {
    return this.sources.setColumnType(id, side, column, type, format);
  }
  swapSides(id: string): Promise<WorkspaceState> {
    return this.sources.swap(id);
  }
  profile(id: string, side: Side): Promise<SourceProfile> {
    return this.sources.profile(id, side);
  }
  preview(id: string, side: Side, req: { offset: number; limit: number; orderBy?: string; descending?: boolean }): Promise<Page<Record<string, unknown>>> {
    return this.sources.preview(id, side, req);
  }
  async cancelLoad(id: string, side: Side): Promise<boolean> {
    const reading = this.database?.cancel(`${id}:${side}`) ?? false;
    return (await this.sources.cancelLoad(id, side)) || reading;
  }

  // ── Database sources (PostgreSQL; see database.ts) ───────────────────────

  private db(): DatabaseSources {
    if (!this.database) throw new UserError('Database sources are available in the app (they need its secret store for the password).', 'unavailable');
    return this.database;
  }
  dbConnection(): Promise<DbConnectionView | null> {
    return this.db().connection();
  }
  dbConnect(input: DbConnectInput): Promise<{ connection: DbConnectionView; tables: DbTable[]; truncated: boolean }> {
    return this.db().connect(input);
  }
  dbForget(): Promise<DbConnectionView | null> {
    return this.db().forget();
  }
  dbTables(): Promise<{ tables: DbTable[]; truncated: boolean }> {
    return this.db().tables();
  }
  dbPreview(source: DbSource): Promise<DbPreview> {
    return this.db().preview(source);
  }
  /**
   * A table or query read into `side`: its rows are written as CSV to the workspace's uploads/
   * folder (a snapshot of the database now) and loaded like a dropped file.
   */
  async addSourceFromDatabase(id: string, side: Side, source: DbSource): Promise<WorkspaceState> {
    const db = this.db();
    await this.ctx.store.get(id);
    const name = sourceName(source);
    const dir = join(this.ctx.store.dir(id), 'uploads');
    await mkdir(dir, { recursive: true });
    const path = join(dir, `${side}-${Date.now().toString(36)}-${safeName(name)}.csv`);
    this.ctx.events.progress({ workspace: id, kind: 'load', side, phase: `Reading ${name} from the database`, fraction: 0 });
    try {
      await db.exportCsv(`${id}:${side}`, source, path, (rows) =>
        this.ctx.events.progress({ workspace: id, kind: 'load', side, phase: `Reading ${name} from the database: ${rows.toLocaleString('en-US')} rows`, fraction: 0 }),
      );
    } catch (e) {
      this.ctx.events.progress({ workspace: id, kind: 'load', side, phase: 'failed', fraction: 1 });
      throw e;
    }
    return this.sources.load(id, side, path, `${name}.csv`, { delimiter: ',', header: true, encoding: 'utf-8' });
  }

  // ── Mappings, filters, rules (kalla-recon) ─────────────────────────────

  detectMappings(id: string): Promise<WorkspaceState> {
    return this.mappings.detect(id);
  }
  saveMappingReview(id: string, rows: MappingRow[]): Promise<WorkspaceState> {
    return this.mappings.saveReview(id, rows);
  }
  confirmMappings(id: string, rows: MappingRow[]): Promise<WorkspaceState> {
    return this.mappings.confirm(id, rows);
  }
  parseFilter(id: string, text: string, mode: 'add' | 'replace', today?: string): Promise<WorkspaceState> {
    return this.filters.parse(id, text, mode, today);
  }
  resolveFilter(id: string, turnId: string, apply: boolean): Promise<WorkspaceState> {
    return this.filters.resolve(id, turnId, apply);
  }
  setFilters(id: string, filters: SourceFilter[]): Promise<WorkspaceState> {
    return this.filters.set(id, filters);
  }
  undoFilters(id: string): Promise<WorkspaceState> {
    return this.filters.undo(id);
  }
  filterCounts(id: string, filters?: SourceFilter[]): Promise<FilterCounts> {
    return this.filters.counts(id, filters);
  }
  suggestRules(id: string): Promise<WorkspaceState> {
    return this.rules.suggest(id);
  }
  setRules(id: string, rules: MatchRule[]): Promise<WorkspaceState> {
    return this.rules.set(id, rules);
  }

  // ── Recipes ────────────────────────────────────────────────────────────

  /** The recipe the workspace would run now, before the engine validates it (throws a UserError saying what is missing). */
  recipe(id: string): Promise<RecipeInput> {
    return this.recipes.current(id);
  }
  saveRecipe(id: string, path: string, overwrite = false): Promise<{ path: string }> {
    return this.recipes.save(id, path, overwrite);
  }
  /** The recipe "Save recipe" writes, as a file name and its JSON (browser mode downloads it). */
  recipeFile(id: string): Promise<{ name: string; text: string }> {
    return this.recipes.file(id);
  }
  /** Applies a recipe; sides already loaded are read again with its read options. */
  async loadRecipe(id: string, path: string): Promise<WorkspaceState> {
    return this.rereadForRecipe(id, await this.recipes.load(id, path));
  }
  /** Applies a recipe uploaded from the user's browser (its file name and text), like `loadRecipe`. */
  async loadRecipeText(id: string, name: string, text: string): Promise<WorkspaceState> {
    return this.rereadForRecipe(id, await this.recipes.loadText(id, name, text));
  }
  private async rereadForRecipe(id: string, applied: WorkspaceState): Promise<WorkspaceState> {
    let state = applied;
    for (const side of ['left', 'right'] as const) {
      const plan = state.read_plan[side];
      const loaded = state.sources[side];
      if (plan && loaded && planChangesReading(plan)) state = await this.sources.load(id, side, loaded.info.path, loaded.info.name, {});
    }
    return state;
  }

  // ── Runs, review, export ───────────────────────────────────────────────

  run(id: string, opts: RunOpts = {}): Promise<{ run_id: number; summary: RunSummary; state: WorkspaceState }> {
    return this.runs.run(id, opts);
  }
  cancelRun(id: string): Promise<void> {
    return this.runs.cancel(id);
  }
  summary(id: string, runId: number): Promise<RunSummary> {
    return this.runs.summary(id, runId);
  }
  /** Run history: per run match rate, auto rate, open items, exceptions by reason, aging, top unmatched counterparties. */
  history(id: string): Promise<RunHistoryEntry[]> {
    return this.runs.history(id);
  }
  page(id: string, runId: number, category: PageCategory, req: PageRequest): Promise<Page<GroupPageItem> | Page<RecordPageItem>> {
    return this.runs.page(id, runId, category, req);
  }

  groupIds(id: string, runId: number, category: 'matched' | 'suggested', search?: string): Promise<{ ids: number[]; total: number }> {
    return this.runs.groupIds(id, runId, category, search);
  }
  review(id: string, runId: number, action: 'accept' | 'reject' | 'unmatch', groupIds: number[], note?: string, reason?: DifferenceReason): Promise<{ done: number; failed: string[] }> {
    return this.runs.review(id, runId, action, groupIds, note, reason);
  }
  matchManual(id: string, runId: number, left: number[], right: number[], note?: string): Promise<{ group_id: number }> {
    return this.runs.matchManual(id, runId, left, right, note);
  }
  annotate(id: string, runId: number, side: Side, rowId: number, reason: string, note?: string): Promise<void> {
    return this.runs.annotate(id, runId, side, rowId, reason, note);
  }

  updateException(id: string, runId: number, side: Side, rowId: number, update: ExceptionUpdate): Promise<void> {
    return this.runs.updateException(id, runId, side, rowId, update);
  }
  /** Next month's files through the workspace's own recipe and review memory, exported (`kalla recon --workspace`). */
  runNextFiles(id: string, files: Record<Side, string>, opts: { dir?: string; formats: ExportFormat[]; overwrite?: boolean }): Promise<NextRunResult> {
    return runNextFiles({ ctx: this.ctx, sources: this.sources, runs: this.runs, exporting: this.exporting }, id, files, opts);
  }
  defaultExportDir(s: Pick<WorkspaceState, 'name' | 'id'>, runId: number): string {
    return this.exporting.defaultDir(s, runId);
  }
  undoReview(id: string, runId: number): Promise<{ undone: { action: string; group_id: number; count: number } | null }> {
    return this.runs.undoReview(id, runId);
  }

  downloadExport(id: string, path: string): Promise<{ name: string; mime: string; base64: string }> {
    return this.exporting.download(id, path);
  }

  export(id: string, runId: number, opts: { dir?: string; formats: ExportFormat[]; overwrite?: boolean }): Promise<{ dir: string; result: ExportResult }> {
    return this.exporting.export(id, runId, opts);
  }

  /** Closes every DuckDB handle and unfinished upload, and waits for state writes (app shutdown). */
  /** Crash leftovers at start: upload files no source refers to. Returns the count (also logged). */
  removeLeftovers(): Promise<number> {
    return this.uploads.removeLeftoverFiles();
  }
  /** Abandoned uploads now (also done every minute). Returns the count (also logged). */
  sweepUploads(): Promise<number> {
    return this.uploads.sweep();
  }
  /** Uploads open right now. */
  get openUploads(): number {
    return this.uploads.open;
  }

  async dispose(): Promise<void> {
    await this.uploads.dispose();
    await this.ctx.engines.closeAll();
    await this.ctx.store.flush();
  }
}
