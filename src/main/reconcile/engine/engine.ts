/**
 * ReconEngine: the DuckDB reconciliation engine the app, the CLI and the bench use
 * (named so, not "workspace", because a Reconcile *workspace* is the UI's unit: one
 * workspace owns one engine folder). One folder
 * holds recon.duckdb (sources, runs, results, audit log) and copies of
 * sources that had to be written or transcoded.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { totalmem } from 'node:os';
import { ReadOptionsSchema, type DifferenceReason, type FieldMapping, type Recipe, type RecipeInput, type ReadOptions, type SourceFilter } from '../../../shared/reconcile/recipe';
import type {
  AuditEntry,
  ColumnTyping,
  ExceptionRecord,
  ExceptionUpdate,
  ExportOptions,
  ExportResult,
  GroupPageItem,
  ColumnTypePreview,
  MatchGroup,
  Page,
  PageCategory,
  PageRequest,
  RecordPageItem,
  RunOptions,
  RunHistoryEntry,
  RunResult,
  RunStatus,
  RunSummary,
  Side,
  SourceInfo,
  SourceProfile,
} from '../../../shared/reconcile/sources-and-runs';
import { RECON_ENGINE_VERSION } from '../../../shared/reconcile/sources-and-runs';
import { ALL_THREADS_LOAD_BYTES, Db, memoryLimitFor, setThreads, threadsFor } from './db';
import { explainSystemError, ReconError, UserError } from '../../errors';
import { exportRun } from './export';
import { removeLeftovers, type LeftoversRemoved } from './leftovers';
import { installMacros } from './macros';
import { profileSource } from './profile';
import { validateRecipe } from './recipe-file';
import { learnCashFacts, type CashFacts } from './cash-learning';
import { learnedFactsKey, readLearnedFacts, storeLearnedFacts } from './learn-cache';
import { withAmountMapping } from './amount-pairing';
import { untypedEvidence, withoutUnprovenAutoConfirm } from './evidence';
import { column, filterCondition, requireTypedRuleColumns, type SideColumns } from './recipe-sql';
import { computeSummary, getRunRow, groupIdsMatching, readPage } from './results';
import { acceptGroup, annotateException, updateException, matchManually, readAuditLog, rejectGroup, reviewGroups, undoLastReview, unmatchGroup } from './review';
import { dropRunTables, executeRun, latestQueueSql } from './run';
import { importHistory, readHistory, recordHistory } from './history';
import { sourceLineBreaks, type LineBreaks } from './source-lines';
import { checkSourceUnchanged, isWorkspaceCopy, previewColumnTyping, retype, loadSource, ROW_ID, swapSideTables, typedView, writeBytesSource, type LoadGuard } from './sources';
import { ident } from './sql';
import { rowsWith } from './row-columns';
import { listValue } from '@duckdb/node-api';
import { deleteRunRows, ensureStore, recoverInterruptedRuns } from './store';

export type ReadOptionsInput = Partial<ReadOptions>;

/** A run as listed: the identity fields of its summary, without the counts. */
export type RunListItem = Pick<RunSummary, 'run_id' | 'status' | 'recipe_name' | 'started_at' | 'finished_at' | 'error'>;

/** One carried work-queue entry: the row's side and content hash (as text: a UBIGINT) and its fields. */
export interface QueueMemoryRow {
  side: string;
  row_hash: string;
  owner: string | null;
  queue_status: string | null;
  due_date: string | null;
  annotation_reason: string | null;
  annotation_note: string | null;
}

export class ReconEngine {
  /** Runs found `running` when the workspace was opened (the app had stopped mid-run); now `interrupted`. */
  readonly interruptedRuns: number[];
  private running: { db: Db | null; controller: AbortController } | null = null;
  private readonly sideQueues = new Map<Side, Promise<void>>();
  /**
   * The learning asked last (one at a time): its key, its answer, and, while it reads the data, its
   * own connection (so it can be interrupted). `background` until a caller waits for it: learning
   * started ahead of the click (`prefetchCash`) that nobody waits for is stopped when another
   * question replaces it.
   */
  private cashFacts?: { key: string; facts: Promise<CashFacts>; background: boolean; db: Db | null; stopped: boolean };
  /** The rows `keyAlignedSample` read last, kept the same way (one question at a time). */
  private alignedSample?: { key: string; rows: Promise<Record<Side, Record<string, unknown>[]>>; background: boolean; db: Db | null; stopped: boolean };
  /** Loads and re-typings queued or running per side, for cancelLoad. */
  private readonly sideTasks = new Map<Side, Set<SideTaskHandle>>();

  /** What a killed process had left (orphan copies, unfinished exports), removed when this engine opened. */
  leftoversRemoved: LeftoversRemoved = { copies: 0, exports: 0 };

  private constructor(
    readonly dir: string,
    private readonly db: Db,
    interrupted: number[],
    private readonly ownedDirs: readonly string[],
  ) {
    this.interruptedRuns = interrupted;
  }

  /**
   * `ownedDirs`: folders whose files the app alone writes and never changes (browser uploads);
   * their files are read in place instead of being copied into the engine's `sources/`.
   */
  static async open(dir: string, opts: { ownedDirs?: readonly string[] } = {}): Promise<ReconEngine> {
    const root = resolve(dir);
    // A read-only folder, a full disk or a damaged engine file: a sentence with the way out (errors.ts).
    // A memory limit set from the machine; beyond it DuckDB spills to the temp folder in the workspace.
    const file = join(root, 'recon.duckdb');
    await mkdir(root, { recursive: true }).catch((e: unknown) => {
      throw explainSystemError(e, { doing: 'opening this workspace' });
    });
    // DuckDB's own texts name no file: the sentence names recon.duckdb.
    const db = await Db.open(file, { memory_limit: memoryLimitFor(totalmem()), temp_directory: join(root, 'recon.duckdb.tmp') }).catch((e: unknown) => {
      throw explainSystemError(e, { doing: 'opening this workspace', path: file });
    });
    await installMacros(db);
    await ensureStore(db);
    const interrupted = await recoverInterruptedRuns(db);
    const engine = new ReconEngine(root, db, interrupted, (opts.ownedDirs ?? []).map((d) => resolve(d)));
    engine.leftoversRemoved = await removeLeftovers(root, db);
    await engine.fitThreads();
    return engine;
  }

  /**
   * Refuses (`newer_version`, the sentence `open` gives) when `dir`'s recon.duckdb was written by a
   * newer DuckDB; anything else (no file, a damaged one) passes. Opened read-only, so nothing is
   * written: "rebuild this workspace's engine" would otherwise set aside what the newer Kalla wrote
   * and start a new one (issue 27).
   */
  static async refuseNewer(dir: string): Promise<void> {
    const file = join(resolve(dir), 'recon.duckdb');
    if (!existsSync(file)) return;
    let db: Db | undefined;
    try {
      db = await Db.open(file, { access_mode: 'READ_ONLY' });
    } catch (e) {
      const explained = explainSystemError(e, { doing: 'opening this workspace', path: file });
      if (explained instanceof UserError && explained.code === 'newer_version') throw explained;
    } finally {
      db?.close();
    }
  }

  // ── Sources ────────────────────────────────────────────────────────────

  /** The two sides load in parallel (each on its own connection); loads of one side queue. */
  async addSourceFromPath(side: Side, path: string, opts: ReadOptionsInput = {}): Promise<SourceInfo> {
    checkSide(side);
    const read = ReadOptionsSchema.parse(opts);
    return this.loadSide(side, path, read).catch((e: unknown) => {
      throw explainSystemError(e, { doing: `loading ${basename(path)}` });
    });
  }

  /** Browser mode / paste: the bytes are written into the workspace folder first, then loaded. */
  async addSourceFromBytes(side: Side, name: string, bytes: Uint8Array, opts: ReadOptionsInput = {}): Promise<SourceInfo> {
    checkSide(side);
    const read = ReadOptionsSchema.parse(opts);
    try {
      const path = await writeBytesSource(this.dir, side, name, bytes);
      return await this.loadSide(side, path, read, name);
    } catch (e) {
      throw explainSystemError(e, { doing: `loading ${name}` });
    }
  }

  /** Re-type columns from the already loaded raw data (no re-read of the file). */
  async setColumnOverrides(side: Side, overrides: ReadOptions['column_overrides']): Promise<SourceInfo> {
    const info = await this.requireSource(side);
    for (const name of Object.keys(overrides)) column(info.columns, side, name, 'column override');
    return this.sideTask(side, async (db, guard) => {
      const current = await this.requireSource(side);
      const { detection, unparsed, read } = await retype(db, current, overrides, this.dir, guard);
      const updated: SourceInfo = {
        ...current,
        ...read,
        columns: detection.typings,
        unparsed,
        notices: [...current.notices.filter((n) => n.code !== 'ambiguous_date_order' && n.code !== 'derived_signed_amount'), ...detection.notices],
      };
      await this.saveSource(updated);
      return updated;
    });
  }

  /**
   * Left becomes right and right becomes left, without reading the files again (sources.ts
   * `swapSideTables`). Refused while a run or a load is in progress.
   */
  async swapSides(): Promise<{ left: SourceInfo; right: SourceInfo }> {
    if (this.running) throw new ReconError('busy', 'a run is in progress; wait for it to finish or cancel it before swapping the sources');
    if ((this.sideTasks.get('left')?.size ?? 0) > 0 || (this.sideTasks.get('right')?.size ?? 0) > 0) {
      throw new ReconError('busy', 'a source is loading; wait for it before swapping the sources');
    }
    const swapped = await swapSideTables(this.db, await this.requireSource('left'), await this.requireSource('right'));
    this.cashFacts = undefined;
    this.alignedSample = undefined;
    return swapped;
  }

  /** The column read with a type and format, nothing changed (the mapping step's format picker). */
  async previewColumnType(side: Side, column: string, type: 'number' | 'date', format: string): Promise<ColumnTypePreview> {
    // One at a time: the picker asks for an amount and a date column together, and two of these
    // statements in flight on one connection answered one column's values for the other.
    const turn = this.previews.then(async () => previewColumnTyping(this.db, await this.requireSource(side), column, type, format));
    this.previews = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }
  private previews: Promise<void> = Promise.resolve();

  async source(side: Side): Promise<SourceInfo | null> {
    const row = await this.db.one<{ info: string }>(`SELECT info::VARCHAR AS info FROM sources WHERE side = $1`, [side]);
    return row ? (JSON.parse(row.info) as SourceInfo) : null;
  }

  async profile(side: Side): Promise<SourceProfile> {
    return profileSource(this.db, await this.requireSource(side));
  }

  async preview(side: Side, req: PageRequest & { orderBy?: string; descending?: boolean }): Promise<Page<Record<string, unknown>>> {
    const info = await this.requireSource(side);
    const offset = Math.max(0, Math.floor(req.offset ?? 0));
    const limit = Math.min(10_000, Math.max(1, Math.floor(req.limit ?? 100)));
    const by = req.orderBy ? column(info.columns, side, req.orderBy, 'preview order').name : null;
    const order = by ? `${ident(by)} ${req.descending ? 'DESC' : 'ASC'} NULLS LAST, ` : '';
    // The page's row ids are chosen from the data table with only the ordering column, then their
    // rows read from the typed view and put in that order here: sorting the rows with every column
    // of a 5,000-column file planned for ~0.7 s CPU of the ~1 s a 20-row page took (the CLI's
    // recipe detection reads one per side; issue 27). The same rows, columns and order.
    const ids = (await this.db.all<{ id: number | bigint }>(`SELECT ${ident(ROW_ID)} AS id FROM ${rowsWith(side, by ? [by] : [])} ORDER BY ${order}${ident(ROW_ID)} LIMIT ${limit} OFFSET ${offset}`)).map((r) => Number(r.id));
    const rank = new Map(ids.map((id, i) => [id, i]));
    const items = ids.length === 0 ? [] : await this.db.all<Record<string, unknown>>(
      `SELECT * EXCLUDE ("__row_hash") FROM ${ident(typedView(side))} WHERE ${ident(ROW_ID)} IN (SELECT unnest($1::BIGINT[]))`,
      [listValue(ids)],
    );
    items.sort((a, b) => rank.get(Number(a[ROW_ID]))! - rank.get(Number(b[ROW_ID]))!);
    return { total: info.row_count, offset, limit, items };
  }

  /**
   * Sample rows for suggesting rules: `keys` references found on both sides (case and punctuation
   * ignored; chosen by hash, so spread over the files and the same every time) and every row
   * carrying one of them, up to `limit` rows a side. The first rows of two files rarely hold the
   * same records; these do, so date lags, amount differences, signs and repeated references
   * (split and batch payments) show. Sides sharing no reference get their first rows instead.
   * Only `columns` are read (the mapped columns, which rules are made of): a 5,000-column file
   * selected whole ran DuckDB out of its memory limit, and the rule engines never look at an
   * unmapped column.
   *
   * Read on a connection of its own; the answer for the same two sources (as loaded and typed),
   * key and columns is kept, so the click after `prefetchAlignedSample` joins it or finds it done.
   */
  async keyAlignedSample(
    key: { left: string; right: string },
    columns: Record<Side, string[]>,
    keys = 100,
    limit = 300,
  ): Promise<Record<Side, Record<string, unknown>[]>> {
    return this.alignedSampleFor(key, columns, keys, limit, false);
  }

  /**
   * Starts reading `keyAlignedSample(key, columns)` without waiting (issue 30: the mapping step
   * starts it when it proposes the mapping, as it does the cash learning). Replaced by another
   * question before anyone asked for it, it is interrupted; a failure is the next caller's to see.
   */
  prefetchAlignedSample(key: { left: string; right: string }, columns: Record<Side, string[]>): void {
    this.alignedSampleFor(key, columns, 100, 300, true).catch(() => undefined);
  }

  private sampleQuestions = 0;

  private async alignedSampleFor(
    key: { left: string; right: string },
    columns: Record<Side, string[]>,
    keys: number,
    limit: number,
    background: boolean,
  ): Promise<Record<Side, Record<string, unknown>[]>> {
    // Numbered when asked, before any await: a read ahead overtaken by a later question while the
    // sources were looked up is not started at all (the order the lookups finish in is DuckDB's).
    const asked = ++this.sampleQuestions;
    const info = { left: await this.requireSource('left'), right: await this.requireSource('right') };
    if (background && asked !== this.sampleQuestions) throw new Error('INTERRUPT Error: a later question replaced this read ahead');
    // The whole source info (file hash, how it was read and typed, when it was loaded): a source
    // loaded again, even while this was read, asks another question.
    const cacheKey = JSON.stringify([info.left, info.right, key, columns, keys, limit]);
    const current = this.alignedSample;
    if (current?.key === cacheKey) {
      if (!background) current.background = false;
      return current.rows;
    }
    if (current?.background) {
      current.stopped = true;
      current.db?.stop();
    }
    const entry: NonNullable<ReconEngine['alignedSample']> = { key: cacheKey, rows: Promise.resolve({ left: [], right: [] }), background, db: null, stopped: false };
    entry.rows = onFork(this.db, entry, (db) => readKeyAlignedSample(db, info, key, columns, keys, limit));
    this.alignedSample = entry;
    entry.rows.catch(() => {
      if (this.alignedSample === entry) this.alignedSample = undefined; // a failure is not remembered
    });
    return entry.rows;
  }

  /** The mappings with the amount pair the data shows (amount-pairing.ts), and what changed in words. */
  async withAmountMapping(mappings: FieldMapping[]): Promise<{ mappings: FieldMapping[]; note: string | null }> {
    const left = await this.requireSource('left');
    const right = await this.requireSource('right');
    return withAmountMapping(this.db, { left: left.columns, right: right.columns }, mappings);
  }

  /**
   * Facts for cash-application rules, learned over the loaded data (cash-learning.ts). Learning reads
   * every row, so answers are kept per source content (learn-cache.ts: both files' SHA-256, how they
   * were read and typed, the mappings and the sign), in memory and in the workspace: pressing Suggest
   * or Confirm mapping again, dropping the same file again or reopening the workspace does not learn
   * again; a changed file or typing does. A caller asking what is being learned joins that work
   * (the click after `prefetchCash`).
   */
  async learnCash(mappings: FieldMapping[], flipSign: boolean | null): Promise<CashFacts> {
    return this.cashLearning(mappings, flipSign, false);
  }

  /**
   * Starts learning the facts `learnCash(mappings, flipSign)` will be asked for, without waiting
   * (issue 30: the mapping step starts it as soon as it proposes the mapping, so "Confirm mapping"
   * finds it done or in flight). It runs on a connection of its own and holds no lock: previews,
   * pages, loads and runs go on beside it. Replaced by another question before anyone asked for it,
   * it is interrupted. Failures are only the next caller's to see (it learns again).
   */
  prefetchCash(mappings: FieldMapping[], flipSign: boolean | null): void {
    this.cashLearning(mappings, flipSign, true).catch(() => undefined);
  }

  private async cashLearning(mappings: FieldMapping[], flipSign: boolean | null, background: boolean): Promise<CashFacts> {
    const left = await this.requireSource('left');
    const right = await this.requireSource('right');
    const key = learnedFactsKey(left, right, mappings, flipSign);
    const current = this.cashFacts;
    if (current?.key === key) {
      if (!background) current.background = false; // someone waits for it now
      return current.facts;
    }
    // Learning ahead that nobody waits for is not worth the CPU any more: another question replaced it.
    if (current?.background) {
      current.stopped = true;
      current.db?.stop();
    }
    const entry: NonNullable<ReconEngine['cashFacts']> = { key, facts: Promise.resolve({} as CashFacts), background, db: null, stopped: false };
    entry.facts = (async () => {
      const stored = await readLearnedFacts(this.db, key);
      if (stored) return stored;
      return onFork(this.db, entry, async (db) => {
        const learned = await learnCashFacts(db, { left: left.columns, right: right.columns }, mappings, flipSign);
        // A load that committed while the rows were read may have mixed two files into the answer:
        // it is neither kept nor given (the key says which files it is for).
        if (JSON.stringify([await this.source('left'), await this.source('right')]) !== JSON.stringify([left, right])) {
          throw new ReconError('source_changed', 'a source was loaded again while its facts were being learned; ask again');
        }
        await storeLearnedFacts(this.db, key, learned);
        return learned;
      });
    })();
    this.cashFacts = entry;
    entry.facts.catch(() => {
      if (this.cashFacts === entry) this.cashFacts = undefined; // a failure is not remembered
    });
    return entry.facts;
  }

  async countFiltered(side: Side, filters: SourceFilter[]): Promise<number> {
    const info = await this.requireSource(side);
    const where = filters.map((f) => `(${filterCondition(info.columns, side, f)})`).join(' AND ') || 'TRUE';
    return this.db.scalarNumber(`SELECT count(*) FROM ${ident(typedView(side))} s WHERE ${where}`);
  }

  // ── Runs ───────────────────────────────────────────────────────────────

  /**
   * Runs a recipe (validated here, the one place). The engine alone decides that a run is busy
   * (one run per engine, none while a source loads) and owns its cancellation: `cancelRunning()`
   * and `opts.signal` both abort the same controller.
   */
  async run(recipeInput: RecipeInput, opts: RunOptions = {}): Promise<RunResult> {
    const recipe = validateRecipe(recipeInput);
    if (this.running) throw new ReconError('busy', 'A run is already in progress in this workspace; wait for it to finish or cancel it.');
    if (this.sideQueues.size > 0) throw new ReconError('busy', 'A source is still loading; run again when it has finished.');
    // Claimed before the first await, so neither a second run nor a load can slip in.
    const controller = new AbortController();
    const running: { db: Db | null; controller: AbortController } = { db: null, controller };
    this.running = running;
    try {
      return await this.runClaimed(recipe, opts, running).catch((e: unknown) => {
        throw explainSystemError(e, { doing: 'running the reconciliation' });
      });
    } finally {
      this.running = null;
    }
  }

  private async runClaimed(recipe: Recipe, opts: RunOptions, running: { db: Db | null; controller: AbortController }): Promise<RunResult> {
    const { controller } = running;
    const left = await this.requireSource('left');
    const right = await this.requireSource('right');
    for (const info of [left, right]) {
      if ((await checkSourceUnchanged(info)) === 'changed') {
        throw new ReconError('source_changed', `${info.side} source ${info.path} changed on disk since it was loaded (SHA-256 ${info.sha256.slice(0, 12)}… no longer matches); load it again before running`, { side: info.side, path: info.path });
      }
    }
    const columns: SideColumns = { left: left.columns, right: right.columns };
    // An amount column that went untyped: rules comparing no amount only suggest (evidence.ts).
    recipe = withoutUnprovenAutoConfirm(recipe, untypedEvidence({ left, right }, recipe.mappings)).recipe;
    const started = performance.now();
    const runId = await this.db.scalarNumber(`SELECT nextval('run_seq')`);
    await this.db.exec(
      `INSERT INTO runs VALUES ($1, $2::JSON, 'running', now()::TIMESTAMP, NULL, NULL, $3::JSON, $4, NULL)`,
      [runId, JSON.stringify(recipe), JSON.stringify({ left, right }), RECON_ENGINE_VERSION],
    );
    const runDb = await this.db.fork();
    running.db = runDb;
    // Abort → interrupt the running statement; phases also check the signal between statements.
    const onAbort = () => {
      controller.abort();
      runDb.interrupt();
    };
    if (opts.signal?.aborted) controller.abort();
    opts.signal?.addEventListener('abort', onAbort);
    try {
      requireTypedRuleColumns(recipe, { left: checkableColumns(recipe, left), right: checkableColumns(recipe, right) });
      const phases = await executeRun(runDb, runId, recipe, columns, { ...opts, signal: controller.signal }, { left, right });
      await this.db.exec(`UPDATE runs SET status = 'completed', finished_at = now()::TIMESTAMP, phases = $2::JSON WHERE run_id = $1`, [runId, JSON.stringify(phases)]);
      await recordHistory(this.db, runId);
      const summary = await computeSummary(this.db, runId);
      return { run_id: runId, summary, elapsed_ms: Math.round(performance.now() - started), phases };
    } catch (error) {
      const cancelled = controller.signal.aborted;
      await deleteRunRows(this.db, runId);
      await this.db.exec(`UPDATE runs SET status = $2, finished_at = now()::TIMESTAMP, error = $3 WHERE run_id = $1`, [
        runId,
        cancelled ? 'cancelled' : 'failed',
        cancelled ? 'cancelled by the user' : (error as Error).message,
      ]);
      if (cancelled) throw new ReconError('cancelled', `run ${runId} was cancelled`, { run_id: runId });
      throw error;
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
      await dropRunTables(runDb);
      runDb.close();
    }
  }

  async runs(): Promise<RunListItem[]> {
    const rows = await this.db.all<{ run_id: string; status: RunStatus; name: string; started_at: string; finished_at: string | null; error: string | null }>(
      `SELECT run_id, status, recipe->>'name' AS name, strftime(started_at, '%Y-%m-%dT%H:%M:%S.%gZ') AS started_at,
         strftime(finished_at, '%Y-%m-%dT%H:%M:%S.%gZ') AS finished_at, error FROM runs ORDER BY run_id`,
    );
    return rows.map((r) => ({ run_id: Number(r.run_id), status: r.status, recipe_name: r.name, started_at: r.started_at, finished_at: r.finished_at, error: r.error }));
  }

  /** The workspace's run history, oldest first (own entries named `ownName`). */
  history(ownName: string): Promise<RunHistoryEntry[]> {
    return readHistory(this.db, ownName);
  }

  /** The latest work-queue entry per row content (Duplicate carries them to next month's workspace). */
  async queueMemory(): Promise<QueueMemoryRow[]> {
    const rows = await this.db.all<QueueMemoryRow & { row_hash: bigint | string }>(
      `SELECT side, CAST(row_hash AS VARCHAR) AS row_hash, owner, queue_status, strftime(due_date, '%Y-%m-%d') AS due_date, annotation_reason, annotation_note FROM (${latestQueueSql('9223372036854775807')})`,
    );
    return rows.map((r) => ({ ...r, row_hash: String(r.row_hash) }));
  }

  /** Adds work-queue entries carried from another workspace: a row that is an exception again keeps them. */
  async importQueueMemory(rows: QueueMemoryRow[]): Promise<void> {
    await this.db.transaction(async () => {
      for (const r of rows) {
        await this.db.exec(`INSERT INTO carried_queue VALUES ($1, CAST($2 AS UBIGINT), $3, $4, CAST($5 AS DATE), $6, $7)`, [r.side, r.row_hash, r.owner, r.queue_status, r.due_date, r.annotation_reason, r.annotation_note]);
      }
    });
  }

  /** Adds a workspace's history as carried entries (Duplicate for next month). */
  importHistory(entries: RunHistoryEntry[]): Promise<void> {
    return importHistory(this.db, entries);
  }

  /**
   * After a review: recomputes the run's history entry when it is the latest completed run and its
   * sources are still the loaded ones (a past month's figures never read next month's files).
   */
  async refreshHistory(runId: number): Promise<void> {
    const latest = await this.db.scalarNumber(`SELECT coalesce(max(run_id), 0) FROM runs WHERE status = 'completed'`);
    if (latest !== runId) return;
    const run = await this.db.one<{ sources: string | null }>(`SELECT sources::VARCHAR AS sources FROM runs WHERE run_id = $1`, [runId]);
    const used = (run?.sources ? JSON.parse(run.sources) : {}) as Partial<Record<Side, SourceInfo>>;
    for (const side of ['left', 'right'] as const) {
      const now = await this.source(side);
      if (!now || now.sha256 !== used[side]?.sha256) return;
    }
    await recordHistory(this.db, runId);
  }

  async summary(runId: number): Promise<RunSummary> {
    return computeSummary(this.db, runId);
  }

  async page(runId: number, category: 'matched' | 'suggested', req: PageRequest): Promise<Page<GroupPageItem>>;
  async page(runId: number, category: Exclude<PageCategory, 'matched' | 'suggested'>, req: PageRequest): Promise<Page<RecordPageItem>>;
  async page(runId: number, category: PageCategory, req: PageRequest): Promise<Page<GroupPageItem> | Page<RecordPageItem>>;
  async page(runId: number, category: PageCategory, req: PageRequest): Promise<Page<GroupPageItem> | Page<RecordPageItem>> {
    const page = await readPage(this.db, runId, category, req);
    // Rows are named by their line in the user's file (as in the exports), not by engine row ids.
    const lineOf = { left: await this.lineNumbers('left'), right: await this.lineNumbers('right') };
    const items = page.items.map((item) => {
      if ('group_id' in item) {
        const lined = (side: Side, rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r, __line: lineOf[side](Number(r.__row_id)) }));
        return { ...item, left_rows: lined('left', item.left_rows), right_rows: lined('right', item.right_rows) };
      }
      const counterpart = item.exception?.counterpart_row_id;
      return {
        ...item,
        line: lineOf[item.side](item.row_id),
        ...(counterpart !== undefined && counterpart !== null ? { counterpart_line: lineOf[item.side === 'left' ? 'right' : 'left'](counterpart) } : {}),
      };
    });
    return { ...page, items } as Page<GroupPageItem> | Page<RecordPageItem>;
  }

  /** Per side and loaded file (by checksum): row id → line in the user's file, scanned once (source-lines.ts). */
  private readonly lineCache = new Map<Side, { sha256: string; lines: Promise<LineBreaks | null> }>();

  private async lineNumbers(side: Side): Promise<(rowId: number) => number | null> {
    const info = await this.source(side);
    if (!info) return () => null;
    let cached = this.lineCache.get(side);
    if (!cached || cached.sha256 !== info.sha256) {
      cached = { sha256: info.sha256, lines: sourceLineBreaks(info).catch(() => null) };
      this.lineCache.set(side, cached);
    }
    const breaks = await cached.lines;
    if (!breaks) return () => null;
    return (rowId) => {
      if (!Number.isFinite(rowId) || rowId < 1 || rowId > info.row_count) return null;
      // The last breakpoint at or before the row (breakpoints ascend from row 1).
      let lo = 0;
      let hi = breaks.fromRow.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (breaks.fromRow[mid]! <= rowId) lo = mid;
        else hi = mid - 1;
      }
      return rowId + breaks.offset[lo]!;
    };
  }

  /** Group ids of a category matching `search` (select-all over a filter), up to `max`, and how many match. */
  groupIds(runId: number, category: 'matched' | 'suggested', search: string | undefined, max: number): Promise<{ ids: number[]; total: number }> {
    return groupIdsMatching(this.db, runId, category, search, max);
  }

  // ── Review ─────────────────────────────────────────────────────────────

  accept(runId: number, groupId: number, note?: string, reason?: DifferenceReason): Promise<MatchGroup> {
    return acceptGroup(this.db, runId, groupId, note, reason);
  }

  /** Accepts, rejects or unmatches many groups at once (one transaction, one undo step). */
  reviewMany(runId: number, action: 'accept' | 'reject' | 'unmatch', groupIds: number[], note?: string, reason?: DifferenceReason): Promise<{ done: number; failed: string[] }> {
    return reviewGroups(this.db, runId, action, groupIds, note, reason);
  }

  /** Undoes the run's latest review action (or bulk review) not undone yet; null when there is none. */
  undoReview(runId: number): Promise<{ action: string; group_id: number; count: number } | null> {
    return undoLastReview(this.db, runId);
  }

  reject(runId: number, groupId: number, note?: string): Promise<MatchGroup> {
    return rejectGroup(this.db, runId, groupId, note);
  }

  matchManual(runId: number, rows: { left: number[]; right: number[]; note?: string }): Promise<MatchGroup> {
    return matchManually(this.db, runId, rows.left, rows.right, rows.note);
  }

  unmatch(runId: number, groupId: number): Promise<void> {
    return unmatchGroup(this.db, runId, groupId);
  }

  annotate(runId: number, side: Side, rowId: number, annotation: { reason: string; note?: string }): Promise<void> {
    return annotateException(this.db, runId, side, rowId, annotation);
  }

  /** Work queue: an exception's owner, status, due date, reason code or comment (left out = unchanged, null = cleared). */
  updateException(runId: number, side: Side, rowId: number, update: ExceptionUpdate): Promise<ExceptionRecord> {
    return updateException(this.db, runId, side, rowId, update);
  }

  auditLog(opts: { runId?: number; offset?: number; limit?: number } = {}): Promise<AuditEntry[]> {
    return readAuditLog(this.db, opts);
  }

  // ── Export ─────────────────────────────────────────────────────────────

  async export(runId: number, opts: ExportOptions): Promise<ExportResult> {
    const run = await this.db.one<{ sources: string | null }>(`SELECT sources::VARCHAR AS sources FROM runs WHERE run_id = $1`, [runId]);
    if (!run) await getRunRow(this.db, runId);
    const sources = run?.sources ? (JSON.parse(run.sources) as Partial<Record<Side, SourceInfo>>) : {};
    const current = { left: await this.requireSource('left'), right: await this.requireSource('right') };
    return exportRun(this.db, runId, opts, { summary: await computeSummary(this.db, runId), sources, current, engineDir: this.dir }).catch((e: unknown) => {
      throw explainSystemError(e, { doing: 'writing the exports' });
    });
  }

  /**
   * Cancels the loads and re-typings of a side (or both) that are queued or running; each
   * rejects with `cancelled` and the side keeps the source it had. A task already swapping its
   * result in finishes. Returns how many tasks were cancelled.
   */
  cancelLoad(side?: Side): number {
    let cancelled = 0;
    for (const s of side ? [side] : (['left', 'right'] as const)) {
      for (const task of this.sideTasks.get(s) ?? []) {
        if (task.committed || task.controller.signal.aborted) continue;
        task.controller.abort();
        task.db?.interrupt();
        cancelled++;
      }
    }
    return cancelled;
  }

  /** A run or a source load is in progress. */
  get busy(): boolean {
    return this.running !== null || this.sideQueues.size > 0;
  }

  /** Cancels a run in progress, if any (same as aborting its signal). */
  cancelRunning(): void {
    if (!this.running) return;
    this.running.controller.abort();
    this.running.db?.interrupt();
  }

  close(): void {
    this.cashFacts?.db?.stop();
    this.alignedSample?.db?.stop();
    this.db.close();
  }

  // ── internals ──────────────────────────────────────────────────────────

  private loadSide(side: Side, path: string, read: ReadOptions, displayName?: string): Promise<SourceInfo> {
    return this.sideTask(side, async (db, guard) => {
      const previous = await this.source(side);
      // A large file is read on every thread; saveSource fits the setting to what was loaded.
      if (((await stat(path).catch(() => null))?.size ?? 0) >= ALL_THREADS_LOAD_BYTES) await setThreads(this.db, 'default');
      const info = await loadSource({ db, workspaceDir: this.dir, guard, ownedDirs: this.ownedDirs }, side, path, read, displayName);
      await this.saveSource(info);
      // The replaced source's copy is no longer read by anything.
      if (previous?.read_path !== info.read_path && isWorkspaceCopy(this.dir, previous?.read_path)) await rm(previous.read_path, { force: true });
      return info;
    });
  }

  /**
   * Work that replaces a side's data runs on a connection of its own (TEMP tables are per
   * connection, and DuckDB runs the two sides' loads in parallel: 1.9 s instead of 2.7 s for
   * two 1M-row files on 2 cores). Tasks on the same side queue behind each other.
   */
  private sideTask<T>(side: Side, body: (db: Db, guard: LoadGuard) => Promise<T>): Promise<T> {
    // A run reads both sides' tables: replacing one under it would mix two files in one result.
    if (this.running) return Promise.reject(new ReconError('busy', `a run is in progress; wait for it to finish or cancel it before changing the ${side} source`, { side }));
    const handle: SideTaskHandle = { controller: new AbortController(), db: null, committed: false };
    const cancelled = () => new ReconError('cancelled', `loading the ${side} source was cancelled; it keeps the source it had`, { side });
    const guard: LoadGuard = {
      signal: handle.controller.signal,
      check: () => {
        if (handle.controller.signal.aborted) throw cancelled();
      },
      commit: () => {
        guard.check();
        handle.committed = true;
      },
    };
    const tasks = this.sideTasks.get(side) ?? new Set<SideTaskHandle>();
    this.sideTasks.set(side, tasks);
    tasks.add(handle);
    const previous = this.sideQueues.get(side) ?? Promise.resolve();
    const task = previous.then(async () => {
      guard.check();
      const db = await this.db.fork();
      handle.db = db;
      try {
        return await body(db, guard);
      } catch (error) {
        // DuckDB reports an interrupted statement as its own error: say what happened instead.
        if (handle.controller.signal.aborted && !handle.committed) throw cancelled();
        throw error;
      } finally {
        handle.db = null;
        db.close();
      }
    });
    void task.then(
      () => tasks.delete(handle),
      () => tasks.delete(handle),
    );
    const settled = task.then(() => undefined, () => undefined);
    this.sideQueues.set(side, settled);
    void settled.then(() => {
      if (this.sideQueues.get(side) === settled) this.sideQueues.delete(side);
    });
    return task;
  }

  private async saveSource(info: SourceInfo): Promise<void> {
    await this.db.exec(`INSERT OR REPLACE INTO sources VALUES ($1, $2::JSON)`, [info.side, JSON.stringify(info)]);
    await this.fitThreads();
  }

  /** One DuckDB thread while every loaded source is small, every thread otherwise (db.ts ONE_THREAD_ROWS). */
  private async fitThreads(): Promise<void> {
    const loaded = await Promise.all((['left', 'right'] as const).map((side) => this.source(side)));
    await setThreads(this.db, threadsFor(loaded.flatMap((info) => (info ? [info.row_count] : []))));
  }

  private async requireSource(side: Side): Promise<SourceInfo> {
    checkSide(side);
    const info = await this.source(side);
    if (!info) throw new ReconError('not_found', `no ${side} source loaded yet`);
    return info;
  }
}

interface SideTaskHandle {
  controller: AbortController;
  db: Db | null;
  /** Past the point of no return (swapping in): no longer cancellable. */
  committed: boolean;
}

function checkSide(side: Side): void {
  if (side !== 'left' && side !== 'right') throw new ReconError('not_found', `side must be "left" or "right", got ${JSON.stringify(side)}`);
}

/**
 * The columns the typed-column check sees. A source with no rows (a month without transactions,
 * a header-only file) has no values to type its columns from, and none an amount or date check
 * could skip: its rule columns count as typed, instead of refusing the run and blaming the
 * amount column's type (issue 27, item 5).
 */
function checkableColumns(recipe: Recipe, info: SourceInfo): ColumnTyping[] {
  if (info.row_count > 0) return info.columns;
  const side = info.side;
  const needs = new Map<string, ColumnTyping['type']>();
  for (const rule of recipe.rules) {
    if (rule.amount) needs.set(rule.amount[side].toLowerCase(), 'number');
    if (rule.date) needs.set(rule.date[side].toLowerCase(), 'date');
  }
  return info.columns.map((c) => {
    const type = c.type === 'text' ? needs.get(c.name.toLowerCase()) : undefined;
    return type ? { ...c, type } : c;
  });
}

/** `ReconEngine.keyAlignedSample`'s reading, on `db` (its TEMP table is that connection's own). */
async function readKeyAlignedSample(
  db: Db,
  info: Record<Side, SourceInfo>,
  key: { left: string; right: string },
  columns: Record<Side, string[]>,
  keys: number,
  limit: number,
): Promise<Record<Side, Record<string, unknown>[]>> {
  const norm = (side: Side) => `nullif(regexp_replace(lower(CAST(s.${ident(column(info[side].columns, side, key[side], 'sample key').name)} AS VARCHAR)), '[^a-z0-9]', '', 'g'), '')`;
  const list = (side: Side) => {
    const wanted = new Set([key[side], ...columns[side]]);
    return info[side].columns.filter((c) => wanted.has(c.name)).map((c) => `s.${ident(c.name)}`).join(', ');
  };
  const n = Math.max(1, Math.floor(keys));
  const max = Math.min(1000, Math.max(1, Math.floor(limit)));
  // References present on both sides, picked by hash: spread over the whole file, the same every time.
  await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_sample_keys AS
    SELECT k FROM (
      SELECT ${norm('left')} AS k FROM ${ident(typedView('left'))} s INTERSECT SELECT ${norm('right')} FROM ${ident(typedView('right'))} s)
    WHERE k IS NOT NULL ORDER BY hash(k), k LIMIT ${n}`);
  try {
    const rows = async (side: Side) =>
      db.all<Record<string, unknown>>(
        `SELECT ${list(side)} FROM ${ident(typedView(side))} s
         WHERE ${norm(side)} IN (SELECT k FROM kalla_sample_keys) ORDER BY s.${ident(ROW_ID)} LIMIT ${max}`,
      );
    const first = (side: Side) => db.all<Record<string, unknown>>(`SELECT ${list(side)} FROM ${ident(typedView(side))} s ORDER BY s.${ident(ROW_ID)} LIMIT ${max}`);
    const shared = await db.scalarNumber('SELECT count(*) FROM kalla_sample_keys');
    return shared === 0 ? { left: await first('left'), right: await first('right') } : { left: await rows('left'), right: await rows('right') };
  } finally {
    await db.exec('DROP TABLE IF EXISTS temp.kalla_sample_keys').catch(() => undefined);
  }
}

/**
 * `work` on a connection of its own (a fork of `db`), kept on `entry` while it runs so that a newer
 * question can stop it, and closed afterwards: the background learning and the aligned sample
 * (issue 30) both run this way, beside the workspace's own requests.
 */
async function onFork<T>(db: Db, entry: { db: Db | null; stopped: boolean }, work: (db: Db) => Promise<T>): Promise<T> {
  const fork = await db.fork();
  entry.db = fork;
  if (entry.stopped) fork.stop();
  try {
    return await work(fork);
  } finally {
    entry.db = null;
    try {
      fork.close();
    } catch {
      // the workspace was closed under it (close() stopped it first)
    }
  }
}
