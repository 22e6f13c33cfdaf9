/**
 * The Reconcile workspace's state as the main process stores it
 * (`<dataDir>/workspaces/<id>/state.json`) and sends it to the renderer, and
 * the versioned `reconcile.changed` event that carries it. Engine shapes
 * (SourceInfo, RunSummary, pages) are the schemas of ./sources-and-runs.
 */
import { z } from 'zod';
import { RunStatusSchema, RunSummarySchema, SideSchema, SourceInfoSchema } from './sources-and-runs';
import { FieldRoleSchema, MatchRuleSchema, SourceFilterSchema, type FieldMapping } from './recipe';

export { SideSchema };

/** One row of the mapping review: a proposal (or a hand-made pair) and what the user decided. */
export const MappingRowSchema = z.object({
  field_a: z.string().min(1).max(512),
  field_b: z.string().min(1).max(512),
  confidence: z.number().min(0).max(1),
  reason: z.string().max(2000),
  role: FieldRoleSchema,
  /** Which engine proposed it; `manual` when the user added or changed it. */
  engine: z.enum(['llm', 'local', 'manual']),
  decision: z.enum(['pending', 'accepted', 'rejected']),
  /** Marked by the user as a key field (used for key-based rules). */
  key: z.boolean(),
});
export type MappingRow = z.infer<typeof MappingRowSchema>;

/**
 * Pairs a mapping review may hold: one per column of the narrower file. It was 2,000, and a
 * 5,000-column pair's proposal (3,100 pairs) failed the channel's output check as "Internal error"
 * in browser mode (issue 27).
 */
export const MAX_MAPPING_ROWS = 20_000;

export const MappingReviewSchema = z.object({
  rows: z.array(MappingRowSchema).max(MAX_MAPPING_ROWS),
  unmapped_a: z.array(z.string()),
  unmapped_b: z.array(z.string()),
  engine: z.enum(['llm', 'local']).nullable(),
  fallback_reason: z.string().optional(),
  warnings: z.array(z.string()).default([]),
  /** True once the user confirmed; any later change to the rows clears it. */
  confirmed: z.boolean(),
});
export type MappingReview = z.infer<typeof MappingReviewSchema>;

export const ChatTurnSchema = z.object({
  id: z.string(),
  at: z.string(),
  text: z.string(),
  mode: z.enum(['add', 'replace']),
  filters: z.array(SourceFilterSchema),
  explanation: z.string(),
  unparsed: z.array(z.string()),
  engine: z.string().nullable(),
  error: z.string().optional(),
  /** What the engine was unsure of (a bare year, a guessed column). */
  doubts: z.array(z.string()).optional(),
  /**
   * `pending`: the parse was uncertain (doubts or parts not understood), so its chips wait for the
   * user to apply or discard them; absent means applied (turns saved before this field existed).
   */
  status: z.enum(['applied', 'pending', 'discarded']).optional(),
});
export type ChatTurn = z.infer<typeof ChatTurnSchema>;

export const SourceErrorSchema = z.object({
  name: z.string(),
  code: z.string(),
  message: z.string(),
  /** The file that failed (re-read by the actions). */
  path: z.string().optional(),
  /** The read options the failed attempt used: an action's options go on top of them. */
  read: z.record(z.string(), z.unknown()).optional(),
  /** What the user can do about it (the UI shows these as buttons). */
  actions: z.array(z.object({ label: z.string(), read: z.record(z.string(), z.unknown()) })),
});
export type SourceError = z.infer<typeof SourceErrorSchema>;

export const WorkspaceSourceSchema = z.object({
  info: SourceInfoSchema,
  /** Read options the source was loaded with (re-used on swap and by the recipe). */
  read: z.record(z.string(), z.unknown()),
});
export type WorkspaceSource = z.infer<typeof WorkspaceSourceSchema>;

/**
 * Read options (with column type fixes) for the next file loaded on a side: carried by Duplicate
 * from the source it had, or by a loaded recipe. `from` names where they came from, for notices.
 */
export const ReadPlanSchema = z.object({ read: z.record(z.string(), z.unknown()), from: z.string() });
export type ReadPlan = z.infer<typeof ReadPlanSchema>;

/** The read options of a plan that decide a file's layout (what detection would otherwise decide). */
export const PLAN_LAYOUT_KEYS = ['sheet', 'skip_top', 'skip_bottom', 'delimiter', 'header', 'quote', 'encoding', 'decimal'] as const;

/** A plan's layout options as words ("skip top 3"), for the source card and its notices. */
export function describePlanLayout(read: Record<string, unknown>): string[] {
  return PLAN_LAYOUT_KEYS.filter((k) => read[k] !== undefined).map((k) => `${k.replace('_', ' ')} ${JSON.stringify(read[k])}`);
}

/** A plan's column type fixes as words ("Posting Date as date (%m/%d/%Y)"). */
export function describeTypeFixes(read: Record<string, unknown>, only?: (column: string) => boolean): string[] {
  return Object.entries((read.column_overrides ?? {}) as Record<string, { type: string; format?: string }>)
    .filter(([column]) => !only || only(column))
    .map(([column, f]) => `${column} as ${f.type}${f.format ? ` (${f.format})` : ''}`);
}

export const RunItemSchema = z.object({
  run_id: z.number(),
  status: RunStatusSchema,
  recipe_name: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});

/** The state.json version this Kalla writes and reads; a higher one was written by a newer Kalla. */
export const WORKSPACE_VERSION = 1;

export const WorkspaceStateSchema = z.object({
  version: z.literal(WORKSPACE_VERSION),
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * Bumped by every saved change; changes from the UI carry the revision they were made from and
   * are refused when it is no longer current (files from before revisions read as 0).
   */
  revision: z.number().int().min(0).default(0),
  /** Source aliases (the names filters and the recipe use); kept when a workspace is duplicated. */
  aliases: z.object({ left: z.string(), right: z.string() }),
  sources: z.object({ left: WorkspaceSourceSchema.nullable(), right: WorkspaceSourceSchema.nullable() }),
  source_errors: z.object({ left: SourceErrorSchema.nullable(), right: SourceErrorSchema.nullable() }),
  /** Read options waiting for the next file on each side (files from before read plans: none). */
  read_plan: z.object({ left: ReadPlanSchema.nullable(), right: ReadPlanSchema.nullable() }).default({ left: null, right: null }),
  mapping: MappingReviewSchema.nullable(),
  /** Why the last mapping detection failed (the user can retry). */
  mapping_error: z.string().nullable(),
  filters: z.array(SourceFilterSchema),
  /** Earlier filter sets, newest last (undo pops one). */
  filter_undo: z.array(z.array(SourceFilterSchema)),
  chat: z.array(ChatTurnSchema),
  rules: z.array(MatchRuleSchema),
  rules_explanation: z.string(),
  /**
   * The last suggestion found the open items (unique references) on the right: the cash-application
   * rules need them on the left, so the Rules step offers to swap the sides and suggest again.
   */
  rules_sides_reversed: z.boolean().default(false),
  rules_error: z.string().nullable(),
  runs: z.array(RunItemSchema),
  last_run_id: z.number().nullable(),
});
export type WorkspaceState = z.infer<typeof WorkspaceStateSchema>;

/**
 * A workspace whose state.json cannot be read: listed (never hidden) with why, and whether a last
 * good copy exists. `newer`: it was written by a newer Kalla (a state version this one does not
 * know) — the reason is the whole sentence, and no copy is offered back (putting state.json.bak
 * back would drop what the newer Kalla wrote); updating Kalla opens it, deleting stays possible.
 */
export const WorkspaceDamageSchema = z.object({ reason: z.string(), backup: z.boolean(), newer: z.boolean().optional() });
export const WorkspaceMetaSchema = z.object({ id: z.string(), name: z.string(), created_at: z.string(), updated_at: z.string(), damaged: WorkspaceDamageSchema.optional() });
export type WorkspaceMeta = z.infer<typeof WorkspaceMetaSchema>;

export const WorkspaceListSchema = z.object({ active: z.string().nullable(), workspaces: z.array(WorkspaceMetaSchema) });
export type WorkspaceList = z.infer<typeof WorkspaceListSchema>;

/** Confirmed mappings in the recipe's shape. */
export function confirmedMappings(review: MappingReview | null): FieldMapping[] {
  if (!review?.confirmed) return [];
  return review.rows
    .filter((r) => r.decision === 'accepted')
    .map((r) => ({ field_a: r.field_a, field_b: r.field_b, confidence: r.confidence, reason: r.reason, role: r.key ? 'key' : r.role }));
}

export const RECONCILE_PROGRESS_PHASES = ['upload', 'load', 'run'] as const;
export const ReconcileProgressSchema = z.object({
  workspace: z.string(),
  callId: z.string().optional(),
  kind: z.enum(RECONCILE_PROGRESS_PHASES),
  side: SideSchema.optional(),
  phase: z.string(),
  fraction: z.number().min(0).max(1),
});
export type ReconcileProgress = z.infer<typeof ReconcileProgressSchema>;

/**
 * `reconcile.changed`: main tells the renderer what changed instead of the renderer guessing from
 * replies. `state` carries a workspace's whole saved state (every save sends one); `results`
 * carries a run's summary after a run or a review action (tables reload their pages). `v` is the
 * event's version: a renderer that meets a version it does not know reloads instead of guessing.
 */
export const RECONCILE_CHANGED_VERSION = 1;
export const ReconcileChangedSchema = z.discriminatedUnion('kind', [
  z.object({ v: z.literal(RECONCILE_CHANGED_VERSION), kind: z.literal('state'), id: z.string(), state: WorkspaceStateSchema }),
  z.object({ v: z.literal(RECONCILE_CHANGED_VERSION), kind: z.literal('results'), id: z.string(), run_id: z.number(), summary: RunSummarySchema }),
]);
export type ReconcileChanged = z.infer<typeof ReconcileChangedSchema>;
