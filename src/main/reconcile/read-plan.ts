/**
 * Read options that travel to next month's files: Duplicate carries each side's chosen read
 * options and column type fixes, a loaded recipe carries its own, and the next file loaded on
 * that side is read with them. Nothing is applied silently: when they do not fit the new file (a
 * sheet it does not have, a header that is not where the options say, a fixed column it lacks, a
 * date format its values do not have), the source card says so, and a file the options cannot
 * read at all is read with detected options instead of failing.
 */
import { ReadOptionsSchema, type ColumnType, type ReadOptions } from '../../shared/reconcile/recipe';
import type { Notice, SourceInfo } from '../../shared/reconcile/sources-and-runs';
import { describePlanLayout, describeTypeFixes, PLAN_LAYOUT_KEYS, type ReadPlan, type WorkspaceSource } from '../../shared/reconcile/workspace';
import { ReconError } from '../errors';
import type { ReadOptionsInput } from './engine';

/** Read options a user can set per source (chosen from lists in the source card); stored with the source and in recipes. */
export type ReadInput = Partial<Pick<ReadOptions, 'delimiter' | 'encoding' | 'header' | 'skip_bad_lines' | 'skip_top' | 'skip_bottom' | 'decimal' | 'sheet' | 'quote'>>;

/** The user's column type fixes of a loaded source, as read options that re-apply them. */
export function readOverrides(info: SourceInfo): Record<string, { type: ColumnType; format?: string }> {
  const out: Record<string, { type: ColumnType; format?: string }> = {};
  for (const c of info.columns) if (c.overridden && !c.derived) out[c.name] = { type: c.type, ...(c.format ? { format: c.format } : {}) };
  return out;
}

/** The plan a loaded source leaves for the next file on its side. */
export function planFromSource(source: WorkspaceSource, from: string): ReadPlan {
  return { read: { ...source.read, column_overrides: readOverrides(source.info) }, from };
}

/** The plan's options under the user's explicit ones (those win), validated. */
export function withPlan(plan: ReadPlan | null, read: ReadInput): ReadOptionsInput {
  if (!plan) return read;
  const parsed = ReadOptionsSchema.partial().safeParse(plan.read);
  // A plan from an older file that no longer validates is dropped, not half-applied.
  if (!parsed.success) return read;
  return { ...parsed.data, ...read };
}

/** Errors that mean "these read options do not fit this file" (then: read with detected options). */
const DOES_NOT_FIT = new Set(['not_found', 'no_header', 'ragged_rows', 'empty_file', 'invalid_encoding']);


/** Does the plan change anything about how a file is read (layout options or type fixes)? */
export function planChangesReading(plan: ReadPlan): boolean {
  return PLAN_LAYOUT_KEYS.some((k) => plan.read[k] !== undefined) || Object.keys((plan.read.column_overrides ?? {}) as object).length > 0;
}

export function planDoesNotFit(plan: ReadPlan | null, error: unknown): boolean {
  return Boolean(plan) && error instanceof ReconError && DOES_NOT_FIT.has(error.code) && PLAN_LAYOUT_KEYS.some((k) => plan!.read[k] !== undefined);
}

/** The plan without its layout options: only the column type fixes are tried again. */
export function typeFixesOnly(plan: ReadPlan, read: ReadInput): ReadOptionsInput {
  const fixes = ReadOptionsSchema.partial().safeParse({ column_overrides: plan.read.column_overrides ?? {} });
  return { ...(fixes.success ? fixes.data : {}), ...read };
}

const describeOptions = (read: Record<string, unknown>) => describePlanLayout(read).join(', ');

/** Notices saying what the plan applied and what of it does not fit the file that was read. */
export function planNotices(plan: ReadPlan, info: SourceInfo, fallback: { error: string } | null): Notice[] {
  const out: Notice[] = [];
  if (fallback) {
    out.push({
      code: 'read_plan_misfit',
      message: `the read options from ${plan.from} (${describeOptions(plan.read)}) do not fit this file (${fallback.error}); it was read with the options detected from the file instead — check “How this file was read”`,
    });
  } else if (describeOptions(plan.read)) {
    out.push({ code: 'read_plan', message: `read with the options from ${plan.from}: ${describeOptions(plan.read)}` });
  }
  const fixes = (plan.read.column_overrides ?? {}) as Record<string, { type: string; format?: string }>;
  const have = new Map(info.columns.map((c) => [c.name, c]));
  const applied = describeTypeFixes(plan.read, (name) => have.has(name) && !(info.unparsed?.[name] ?? 0));
  if (applied.length) out.push({ code: 'read_plan', message: `type fixes from ${plan.from} applied: ${applied.join(', ')}` });
  for (const [name, fix] of Object.entries(fixes)) {
    const what = `${fix.type}${fix.format ? ` ${fix.format}` : ''}`;
    if (!have.has(name)) {
      out.push({ code: 'read_plan_misfit', column: name, message: `the type fix for “${name}” (${what}) from ${plan.from} was not applied: this file has no column “${name}”` });
      continue;
    }
    const unread = info.unparsed?.[name] ?? 0;
    if (unread > 0) {
      out.push({ code: 'read_plan_misfit', column: name, message: `the type fix for “${name}” (${what}) from ${plan.from} leaves ${unread} of ${info.row_count} value(s) unreadable in this file; check the column's format` });
    }
  }
  return out;
}
