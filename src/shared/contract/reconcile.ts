/** Reconcile workspace channels: thin calls into the ReconcileService (src/main/reconcile). */
import { z } from 'zod';
import { ColumnTypeSchema, DifferenceReasonSchema, EncodingSchema, MatchRuleSchema, ReadOptionsSchema, SourceFilterSchema } from '../reconcile/recipe';
import { ExceptionQueueFilterSchema, ExceptionUpdateSchema, ExportResultSchema, GroupPageItemSchema, PageSortSchema, pageSchema, ReadPreviewSchema, ColumnTypePreviewSchema, RecordPageItemSchema, RunHistorySchema, RunSummarySchema, SourceProfileSchema } from '../reconcile/sources-and-runs';
import { MAX_MAPPING_ROWS, MappingRowSchema, ReconcileChangedSchema, ReconcileProgressSchema, SideSchema, WorkspaceListSchema, WorkspaceStateSchema } from '../reconcile/workspace';
import { CallId, Empty, Ok } from './common';
import { DbConnectInputSchema, DbConnectionViewSchema, DbPreviewSchema, DbSourceSchema, DbTablesSchema } from '../reconcile/database';
export { REVISIONED_CHANNELS } from '../reconcile/revisioned-channels';

const Id = z.string().regex(/^[a-z0-9-]{1,64}$/, 'not a workspace id');
const Name = z.string().trim().min(1, 'give the workspace a name').max(120);
const Path = z.string().min(1).max(4096).refine((p) => !p.includes('\0'), 'path must not contain NUL');
const RunId = z.number().int().min(1);
/** An uploaded recipe's text: real recipes are a few kB; this keeps one call inside the browser-mode message limit. */
export const MAX_RECIPE_CHARS = 2_000_000;
/** One review call's (and select-all's) group limit: a million ids is about 8 MB of JSON, inside the browser-mode message limit. */
export const MAX_REVIEW_GROUP_IDS = 1_000_000;
const Read = z
  .object({
    delimiter: z.string().length(1).optional(),
    encoding: EncodingSchema.optional(),
    header: z.boolean().optional(),
    skip_bad_lines: z.boolean().optional(),
    skip_top: ReadOptionsSchema.shape.skip_top,
    skip_bottom: ReadOptionsSchema.shape.skip_bottom,
    decimal: ReadOptionsSchema.shape.decimal,
    sheet: ReadOptionsSchema.shape.sheet,
    quote: ReadOptionsSchema.shape.quote,
  })
  .strict();
const Category = z.enum(['matched', 'suggested', 'exceptions_left', 'exceptions_right', 'unmatched_left', 'unmatched_right']);
const RowIds = z.array(z.number().int().min(0)).max(1000);
const State = WorkspaceStateSchema;
/**
 * The workspace revision the caller's change was made from (compare-and-set): when the workspace
 * has changed since (another tab or window), the change is refused with `conflict` and nothing is
 * overwritten. The renderer always sends it; in-process callers (the Assistant's tools) act on
 * the current state and may leave it out.
 */
const Revision = z.number().int().min(0).optional();


export const reconcileChannels = {
  'reconcile.list': { input: Empty, output: WorkspaceListSchema },
  'reconcile.get': { input: z.object({ id: Id }).strict(), output: State },
  'reconcile.create': { input: z.object({ name: Name }).strict(), output: State },
  'reconcile.rename': { input: z.object({ id: Id, name: Name, revision: Revision }).strict(), output: State },
  'reconcile.duplicate': { input: z.object({ id: Id, name: Name }).strict(), output: State },
  'reconcile.delete': { input: z.object({ id: Id }).strict(), output: WorkspaceListSchema },
  /** A damaged workspace (listed with `damaged`) gets its last good copy back. */
  'reconcile.recover': { input: z.object({ id: Id }).strict(), output: State },
  /** A damaged engine file (recon.duckdb): set aside and made again from the workspace's sources; past runs are not kept. */
  'reconcile.rebuildEngine': { input: z.object({ id: Id }).strict(), output: State },
  'reconcile.setActive': { input: z.object({ id: Id }).strict(), output: State },
  'reconcile.capabilities': {
    input: Empty,
    output: z.object({ dialogs: z.boolean(), mode: z.enum(['electron', 'browser']) }),
  },
  'reconcile.chooseFiles': { input: Empty, output: z.object({ paths: z.array(z.string()) }) },
  'reconcile.chooseFolder': { input: Empty, output: z.object({ path: z.string().nullable() }) },
  'reconcile.addSourcePath': { input: z.object({ id: Id, side: SideSchema, path: Path, read: Read.optional() }).strict(), output: State },
  'reconcile.uploadBegin': {
    input: z.object({ id: Id, side: SideSchema, name: z.string().min(1).max(255), size: z.number().int().min(0).max(20 * 1024 ** 3) }).strict(),
    output: z.object({ uploadId: z.string() }),
  },
  'reconcile.uploadChunk': {
    // ≤ 4 MiB of bytes per chunk, base64-encoded.
    input: z.object({ uploadId: z.string().max(64), offset: z.number().int().min(0), data: z.string().max(5_600_000) }).strict(),
    output: z.object({ received: z.number() }),
  },
  'reconcile.uploadCommit': { input: z.object({ uploadId: z.string().max(64), read: Read.optional() }).strict(), output: State },
  'reconcile.uploadCancel': { input: z.object({ uploadId: z.string().max(64) }).strict(), output: Ok },
  /** Stops loading (or re-typing) a side; `cancelled` is false when nothing was loading there. */
  // Database sources (PostgreSQL): the password goes in once and never comes back out.
  'reconcile.dbConnection': { input: Empty, output: DbConnectionViewSchema.nullable() },
  'reconcile.dbConnect': { input: DbConnectInputSchema, output: DbTablesSchema.extend({ connection: DbConnectionViewSchema }) },
  'reconcile.dbForget': { input: Empty, output: DbConnectionViewSchema.nullable() },
  'reconcile.dbTables': { input: Empty, output: DbTablesSchema },
  'reconcile.dbPreview': { input: z.object({ source: DbSourceSchema }).strict(), output: DbPreviewSchema },
  'reconcile.addSourceFromDatabase': { input: z.object({ id: Id, side: SideSchema, source: DbSourceSchema }).strict(), output: State },
  'reconcile.cancelLoad': { input: z.object({ id: Id, side: SideSchema }).strict(), output: z.object({ cancelled: z.boolean() }) },
  'reconcile.retrySource': { input: z.object({ id: Id, side: SideSchema, read: Read, revision: Revision }).strict(), output: State },
  /** The side's file as it would be read with `read` (first rows, lines left out), without reading it. */
  'reconcile.previewRead': { input: z.object({ id: Id, side: SideSchema, read: Read }).strict(), output: ReadPreviewSchema },
  'reconcile.removeSource': { input: z.object({ id: Id, side: SideSchema, revision: Revision }).strict(), output: State },
  'reconcile.setAlias': {
    input: z.object({ id: Id, side: SideSchema, alias: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_ -]+$/, 'use letters, digits, spaces, - and _'), revision: Revision }).strict(),
    output: State,
  },
  'reconcile.setColumnType': {
    input: z.object({ id: Id, side: SideSchema, column: z.string().min(1).max(512), type: ColumnTypeSchema, format: z.string().max(64).optional(), revision: Revision }).strict(),
    output: State,
  },
  /** The column read with `type`/`format`, without changing it: a preview for the format picker. */
  'reconcile.previewColumnType': {
    input: z.object({ id: Id, side: SideSchema, column: z.string().min(1).max(512), type: z.enum(['number', 'date']), format: z.string().min(1).max(64) }).strict(),
    output: ColumnTypePreviewSchema,
  },
  'reconcile.swapSides': { input: z.object({ id: Id, revision: Revision }).strict(), output: State },
  'reconcile.profile': { input: z.object({ id: Id, side: SideSchema }).strict(), output: SourceProfileSchema },
  'reconcile.preview': {
    input: z
      .object({ id: Id, side: SideSchema, offset: z.number().int().min(0), limit: z.number().int().min(1).max(1000), orderBy: z.string().max(512).optional(), descending: z.boolean().optional() })
      .strict(),
    output: z.object({ total: z.number(), offset: z.number(), limit: z.number(), items: z.array(z.record(z.string(), z.unknown())) }),
  },
  'reconcile.detectMappings': { input: z.object({ id: Id, revision: Revision }).strict(), output: State },
  'reconcile.saveMappingReview': { input: z.object({ id: Id, rows: z.array(MappingRowSchema).max(MAX_MAPPING_ROWS), revision: Revision }).strict(), output: State },
  'reconcile.confirmMappings': { input: z.object({ id: Id, rows: z.array(MappingRowSchema).max(MAX_MAPPING_ROWS), revision: Revision }).strict(), output: State },
  'reconcile.parseFilter': {
    input: z.object({ id: Id, text: z.string().trim().min(1, 'type what to keep').max(2000), mode: z.enum(['add', 'replace']), revision: Revision }).strict(),
    output: State,
  },
  /** Applies (or discards) the chips of a filter message the engine was unsure of. */
  'reconcile.resolveFilter': { input: z.object({ id: Id, turnId: z.string().min(1).max(64), apply: z.boolean() }).strict(), output: State },
  'reconcile.setFilters': { input: z.object({ id: Id, filters: z.array(SourceFilterSchema).max(200), revision: Revision }).strict(), output: State },
  'reconcile.undoFilters': { input: z.object({ id: Id, revision: Revision }).strict(), output: State },
  'reconcile.filterCounts': {
    input: z.object({ id: Id, filters: z.array(SourceFilterSchema).max(200).optional() }).strict(),
    output: z.object({
      left: z.object({ total: z.number(), filtered: z.number() }).nullable(),
      right: z.object({ total: z.number(), filtered: z.number() }).nullable(),
      error: z.string().nullable(),
    }),
  },
  'reconcile.suggestRules': { input: z.object({ id: Id, revision: Revision }).strict(), output: State },
  'reconcile.setRules': { input: z.object({ id: Id, rules: z.array(MatchRuleSchema).max(50), revision: Revision }).strict(), output: State },
  /** A run answers with the summary it computed (no second round trip for it). */
  'reconcile.run': { input: z.object({ id: Id, callId: CallId.optional() }).strict(), output: z.object({ run_id: z.number(), summary: RunSummarySchema, state: State }) },
  'reconcile.cancelRun': { input: z.object({ id: Id }).strict(), output: Ok },
  'reconcile.summary': { input: z.object({ id: Id, runId: RunId }).strict(), output: RunSummarySchema },
  /** The workspace's run history (and the months carried from the workspace it was duplicated from), oldest first. */
  'reconcile.history': { input: z.object({ id: Id }).strict(), output: RunHistorySchema },
  'reconcile.page': {
    input: z
      .object({ id: Id, runId: RunId, category: Category, offset: z.number().int().min(0), limit: z.number().int().min(1).max(1000), search: z.string().max(200).optional(), sort: PageSortSchema.optional(), queue: ExceptionQueueFilterSchema.optional() })
      .strict(),
    // matched/suggested pages hold groups, the others records.
    output: z.union([pageSchema(GroupPageItemSchema), pageSchema(RecordPageItemSchema)]),
  },
  /** Select-all over the current filter: every matching group id (up to what one review takes) and how many match. */
  'reconcile.groupIds': {
    input: z.object({ id: Id, runId: RunId, category: z.enum(['matched', 'suggested']), search: z.string().max(200).optional() }).strict(),
    output: z.object({ ids: z.array(z.number()), total: z.number() }),
  },
  'reconcile.review': {
    input: z
      .object({
        id: Id,
        runId: RunId,
        action: z.enum(['accept', 'reject', 'unmatch']),
        groupIds: z.array(z.number().int().min(0)).min(1).max(MAX_REVIEW_GROUP_IDS),
        note: z.string().max(2000).optional(),
        /** Accept with difference: why the amounts differ (only with accept). */
        reason: DifferenceReasonSchema.optional(),
      })
      .strict()
      .refine((v) => !v.reason || v.action === 'accept', { message: 'a difference reason goes with accept only', path: ['reason'] }),
    output: z.object({ done: z.number(), failed: z.array(z.string()) }),
  },
  /** Undoes the run's latest review action (accept, reject, unmatch, manual match) not undone yet. */
  'reconcile.undoReview': {
    input: z.object({ id: Id, runId: RunId }).strict(),
    output: z.object({ undone: z.object({ action: z.string(), group_id: z.number(), count: z.number() }).nullable() }),
  },
  'reconcile.matchManual': {
    input: z.object({ id: Id, runId: RunId, left: RowIds, right: RowIds, note: z.string().max(2000).optional() }).strict(),
    output: z.object({ group_id: z.number() }),
  },
  'reconcile.annotate': {
    input: z.object({ id: Id, runId: RunId, side: SideSchema, rowId: z.number().int().min(0), reason: z.string().trim().min(1).max(200), note: z.string().max(2000).optional() }).strict(),
    output: Ok,
  },
  /** Work queue: an exception's owner, status, due date, reason code or comment (fields left out stay). */
  'reconcile.updateException': {
    input: z.object({ id: Id, runId: RunId, side: SideSchema, rowId: z.number().int().min(0), update: ExceptionUpdateSchema }).strict(),
    output: Ok,
  },
  'reconcile.export': {
    input: z
      .object({ id: Id, runId: RunId, dir: Path.optional(), formats: z.array(z.enum(['csv', 'xlsx', 'evidence'])).min(1).max(3), overwrite: z.boolean().optional() })
      .strict(),
    output: z.object({ dir: z.string(), result: ExportResultSchema }),
  },
  /** A file this app exported for the workspace, as bytes (browser mode offers exports as downloads). */
  'reconcile.downloadExport': {
    input: z.object({ id: Id, path: Path }).strict(),
    output: z.object({ name: z.string(), mime: z.string(), base64: z.string() }),
  },
  /**
   * Recipes through file choosers. Desktop: the main process opens the native dialog and reads or
   * writes the chosen file itself, so no path crosses from the renderer. `null` when cancelled.
   */
  'reconcile.saveRecipeDialog': { input: z.object({ id: Id }).strict(), output: z.object({ path: z.string().nullable() }) },
  'reconcile.loadRecipeDialog': { input: z.object({ id: Id, revision: Revision }).strict(), output: z.object({ name: z.string().nullable(), state: State.nullable() }) },
  /** Browser mode (no native dialog): the recipe as a download, and an uploaded recipe file's name and text. */
  'reconcile.recipeFile': { input: z.object({ id: Id }).strict(), output: z.object({ name: z.string(), text: z.string() }) },
  'reconcile.loadRecipeText': {
    input: z.object({ id: Id, name: z.string().min(1).max(255), text: z.string().max(MAX_RECIPE_CHARS, 'a recipe file is at most 2 MB'), revision: Revision }).strict(),
    output: State,
  },
} as const;

export const reconcileEvents = {
  'reconcile.progress': ReconcileProgressSchema,
  'reconcile.changed': ReconcileChangedSchema,
} as const;
