/**
 * Warnings that catch silent zeros (issue 15): a run whose scope is empty, that matched nothing,
 * or whose match rate collapsed against the workspace's previous run is called out with the
 * likely causes — a filter that removed everything, a date column read as text, a mapped pair
 * whose types differ. Pure, so the results panel, the assistant and the CLI can share it.
 */
import type { FieldMapping, MatchRule, SourceFilter } from './reconcile/recipe';
import type { ColumnTyping, RunSummary, Side } from './reconcile/sources-and-runs';

export interface RunHealthInput {
  summary: RunSummary;
  /** The workspace's previous completed run, when there is one. */
  previous: RunSummary | null;
  aliases: Record<Side, string>;
  /** Rows loaded per source before any filter (null when the source is gone). */
  loaded: Record<Side, number | null>;
  columns: Record<Side, ColumnTyping[]>;
  filters: SourceFilter[];
  mappings: FieldMapping[];
  rules: MatchRule[];
}

export type RunWarningKind = 'empty_scope' | 'nothing_matched' | 'rate_collapsed' | 'not_compared';

export interface RunWarning {
  kind: RunWarningKind;
  /** One sentence saying what happened. */
  message: string;
  /** Likely causes, most likely first, each saying what to do. */
  causes: string[];
}

/**
 * Share of in-scope rows the run found a pair for: matched or suggested. A run whose pairs all wait
 * for review (no rule auto-confirms) has a match rate of 0 but found everything, so the silent-zero
 * checks use this, not the match rate.
 */
export function foundRate(summary: Pick<RunSummary, 'matched' | 'suggested' | 'left_rows' | 'right_rows'>): number {
  const rows = summary.left_rows + summary.right_rows;
  if (rows === 0) return 0;
  return (summary.matched.left.count + summary.matched.right.count + summary.suggested.left.count + summary.suggested.right.count) / rows;
}

/** The headline's tone: a rate of 0 % is never shown as good; with suggestions waiting it is a warning, not a failure. */
export function rateTone(summary: Pick<RunSummary, 'match_rate' | 'matched' | 'suggested' | 'left_rows' | 'right_rows'>): 'bad' | 'warn' | 'ok' {
  if (foundRate(summary) === 0) return 'bad';
  return summary.match_rate < 0.5 ? 'warn' : 'ok';
}

/** A drop is a collapse when the rate falls to less than half of the previous one and by at least 20 points. */
export const COLLAPSE_RATIO = 0.5;
export const COLLAPSE_POINTS = 0.2;

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const SIDES: Side[] = ['left', 'right'];

function describeFilter(f: SourceFilter): string {
  const v = f.value === null ? '' : Array.isArray(f.value) ? ` ${f.value.join('…')}` : ` ${String(f.value)}`;
  return `${f.column} ${f.op}${v}`;
}

function typeOf(cols: ColumnTyping[], name: string): ColumnTyping['type'] | null {
  return cols.find((c) => c.name === name)?.type ?? null;
}

const dateLike = (t: ColumnTyping['type'] | null) => t === 'date' || t === 'timestamp';

/** Causes that explain few or no matches, from the setup alone. */
function setupCauses(input: RunHealthInput): string[] {
  const causes: string[] = [];
  const { aliases, columns } = input;
  // Date columns the rules compare but that were read as text.
  const dateCols = new Set<string>();
  for (const r of input.rules) {
    if (!r.date) continue;
    for (const side of SIDES) {
      const name = side === 'left' ? r.date.left : r.date.right;
      const t = typeOf(columns[side], name);
      const key = `${side}:${name}`;
      if (t !== null && !dateLike(t) && !dateCols.has(key)) {
        dateCols.add(key);
        causes.push(`The date column “${name}” of ${aliases[side]} is read as ${t}, so the date window compares nothing: set its type to date and pick its format.`);
      }
    }
  }
  for (const m of input.mappings) {
    const a = typeOf(columns.left, m.field_a);
    const b = typeOf(columns.right, m.field_b);
    if (m.role === 'date') {
      for (const [side, name, t] of [['left', m.field_a, a], ['right', m.field_b, b]] as const) {
        const key = `${side}:${name}`;
        if (t !== null && !dateLike(t) && !dateCols.has(key)) {
          dateCols.add(key);
          causes.push(`The date column “${name}” of ${aliases[side]} is read as ${t}: set its type to date and pick its format.`);
        }
      }
    }
    const kind = (t: ColumnTyping['type'] | null) => (dateLike(t) ? 'date' : t);
    if (a !== null && b !== null && kind(a) !== kind(b)) {
      causes.push(`The mapped pair “${m.field_a}” (${aliases.left}, ${a}) ↔ “${m.field_b}” (${aliases.right}, ${b}) has different types, so their values never compare equal: give both the same type.`);
    }
  }
  return causes;
}

function filterCause(input: RunHealthInput, side: Side, inScope: number): string | null {
  const loaded = input.loaded[side];
  const mine = input.filters.filter((f) => f.source === input.aliases[side] || f.source === side);
  if (loaded === null || loaded === 0 || mine.length === 0) return null;
  if (inScope === 0) return `The filters removed every ${input.aliases[side]} row (${loaded.toLocaleString('en-US')} loaded): ${mine.map(describeFilter).join('; ')}. Edit or remove a filter chip.`;
  if (inScope / loaded < 0.1) return `The filters keep only ${inScope.toLocaleString('en-US')} of ${loaded.toLocaleString('en-US')} ${input.aliases[side]} rows: ${mine.map(describeFilter).join('; ')}.`;
  return null;
}

export function runWarnings(input: RunHealthInput): RunWarning[] {
  const { summary, previous, aliases } = input;
  const warnings: RunWarning[] = [];
  const inScope: Record<Side, number> = { left: summary.left_rows, right: summary.right_rows };
  const empty = SIDES.filter((s) => inScope[s] === 0);
  if (empty.length) {
    const causes: string[] = [];
    for (const side of empty) {
      causes.push(filterCause(input, side, 0) ?? (input.loaded[side] === 0 ? `The ${aliases[side]} file has no data rows: check the header row and the lines skipped at the top and bottom.` : `No ${aliases[side]} rows reached the run.`));
    }
    warnings.push({ kind: 'empty_scope', message: `No ${empty.map((s) => aliases[s]).join(' and no ')} rows were in scope, so nothing could match.`, causes });
    return warnings;
  }
  // What the engine could not compare (evidence.ts): an amount column read as text, unreadable values.
  if (summary.warnings?.length) warnings.push({ kind: 'not_compared', message: 'Some amounts or dates were not compared: nothing was confirmed on them.', causes: summary.warnings });
  const found = foundRate(summary);
  const before = previous !== null && previous.status === 'completed' ? foundRate(previous) : null;
  const collapsed = before !== null && found < before * COLLAPSE_RATIO && before - found >= COLLAPSE_POINTS;
  if (found === 0 || collapsed) {
    const causes = [...SIDES.map((s) => filterCause(input, s, inScope[s])).filter((c): c is string => c !== null), ...setupCauses(input)];
    if (!causes.length) causes.push('No cause found in the setup: compare the keys, amounts and dates of a few rows that should match.');
    if (collapsed && previous) {
      warnings.push({ kind: 'rate_collapsed', message: `The share of rows matched or suggested fell from ${pct(before!)} (run ${previous.run_id}) to ${pct(found)}.`, causes });
    } else {
      warnings.push({ kind: 'nothing_matched', message: `Nothing matched: 0 of ${(inScope.left + inScope.right).toLocaleString('en-US')} rows in scope.`, causes });
    }
  }
  return warnings;
}
