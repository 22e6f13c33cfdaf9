/**
 * Hallucination guards: whatever Claude answers, only columns that exist leave
 * the server, mappings stay one-to-one, and filter operators fit column types.
 * Every correction is reported as a warning.
 */
import type { FieldRole, FilterValue, MatchRule, SourceFilter, SourceSchema, SuggestedFilter } from '../../../../shared/reconcile/recipe';
import type { DetectedMapping, DetectFieldMappingsResult, ParseNlFilterResult, SuggestMatchRulesResult } from '../../../../shared/reconcile/mcp-tools';
import { kindOfType, type ValueKind } from '../../../../engines/recon-local/column-profile';

const hasColumn = (s: SourceSchema, name: string) => s.columns.some((c) => c.name === name);

export interface Guarded<T> {
  value: T;
  warnings: string[];
}

export function guardMappings(
  raw: { mappings: Array<Omit<DetectedMapping, 'role'> & { role?: FieldRole }>; suggested_filters?: SuggestedFilter[] },
  a: SourceSchema,
  b: SourceSchema,
  roleFallback: (fieldA: string, fieldB: string) => FieldRole,
): Guarded<DetectFieldMappingsResult> {
  const warnings: string[] = [];
  const kept: DetectedMapping[] = [];
  const sorted = [...raw.mappings].sort((x, y) => y.confidence - x.confidence);
  for (const m of sorted) {
    if (!hasColumn(a, m.field_a) || !hasColumn(b, m.field_b)) {
      const missing = [!hasColumn(a, m.field_a) ? `${a.alias}.${m.field_a}` : null, !hasColumn(b, m.field_b) ? `${b.alias}.${m.field_b}` : null].filter(Boolean).join(', ');
      warnings.push(`dropped ${m.field_a} → ${m.field_b}: no such column ${missing}`);
      continue;
    }
    if (kept.some((k) => k.field_a === m.field_a || k.field_b === m.field_b)) {
      warnings.push(`dropped ${m.field_a} → ${m.field_b}: a column may be mapped only once (kept the more confident pair)`);
      continue;
    }
    kept.push({ ...m, confidence: Math.min(1, Math.max(0, m.confidence)), role: m.role ?? roleFallback(m.field_a, m.field_b) });
  }
  const order = (name: string) => a.columns.findIndex((c) => c.name === name);
  kept.sort((x, y) => order(x.field_a) - order(y.field_a));
  const suggested_filters = (raw.suggested_filters ?? []).filter((f) => kept.some((k) => k.field_a === f.field_a && k.field_b === f.field_b));
  return {
    value: {
      mappings: kept,
      suggested_filters,
      unmapped_a: a.columns.map((c) => c.name).filter((n) => !kept.some((k) => k.field_a === n)),
      unmapped_b: b.columns.map((c) => c.name).filter((n) => !kept.some((k) => k.field_b === n)),
    },
    warnings,
  };
}

const ORDERED_OPS = new Set(['gt', 'gte', 'lt', 'lte', 'between', 'not_between']);
const ISO = /^\d{4}-\d{2}-\d{2}$/;

function fitsKind(op: SourceFilter['op'], value: FilterValue, kind: ValueKind): string | null {
  if (op === 'is_null' || op === 'is_not_null') return null;
  if ((op === 'like' || op === 'not_like') && kind !== 'text') return `${op} needs a text column`;
  const scalarsOf = Array.isArray(value) ? value : [value];
  // CSV sources often type dates as strings: ordered comparisons on ISO dates are fine there.
  const isoDates = scalarsOf.every((v) => typeof v === 'string' && ISO.test(v));
  if (ORDERED_OPS.has(op) && kind === 'text' && !isoDates) return `${op} needs a numeric or date column`;
  const scalars = Array.isArray(value) ? value : [value];
  if (kind === 'number' && ORDERED_OPS.has(op) && scalars.some((v) => typeof v !== 'number')) return `${op} on a numeric column needs numbers`;
  if (kind === 'date' && scalars.some((v) => typeof v !== 'string' || !ISO.test(v))) return 'dates must be ISO (YYYY-MM-DD)';
  if ((op === 'between' || op === 'not_between') && (!Array.isArray(value) || value.length !== 2)) return `${op} needs [low, high]`;
  return null;
}

export function guardFilters(raw: ParseNlFilterResult, a: SourceSchema, b: SourceSchema): Guarded<ParseNlFilterResult> {
  const warnings: string[] = [];
  const filters: SourceFilter[] = [];
  for (const f of raw.filters) {
    const schema = f.source === a.alias ? a : f.source === b.alias ? b : null;
    const column = schema?.columns.find((c) => c.name === f.column);
    if (!schema || !column) {
      warnings.push(`dropped condition on ${f.source}.${f.column}: no such ${schema ? 'column' : 'source'}`);
      continue;
    }
    const kind = kindOfType(column.data_type) ?? 'text';
    const problem = fitsKind(f.op, f.value, kind);
    if (problem) {
      warnings.push(`dropped ${f.source}.${f.column} ${f.op}: ${problem}`);
      continue;
    }
    filters.push(f);
  }
  return { value: { ...raw, filters }, warnings };
}

export function guardRules(raw: SuggestMatchRulesResult, a: SourceSchema, b: SourceSchema): Guarded<SuggestMatchRulesResult> {
  const warnings: string[] = [];
  const rules: MatchRule[] = [];
  for (const r of raw.rules) {
    const refs: Array<[string, string]> = [...r.keys.map((k) => [k.left, k.right] as [string, string])];
    if (r.amount) refs.push([r.amount.left, r.amount.right]);
    if (r.date) refs.push([r.date.left, r.date.right]);
    if (r.description) refs.push([r.description.left, r.description.right]);
    const bad = refs.flatMap(([l, rr]) => [!hasColumn(a, l) ? `${a.alias}.${l}` : null, !hasColumn(b, rr) ? `${b.alias}.${rr}` : null]).filter(Boolean);
    if (bad.length) {
      warnings.push(`dropped rule "${r.name}": no such column ${bad.join(', ')}`);
      continue;
    }
    if (rules.some((x) => x.id === r.id)) {
      warnings.push(`renamed duplicate rule id ${r.id}`);
      rules.push({ ...r, id: `${r.id}-${rules.length + 1}` });
      continue;
    }
    rules.push(r);
  }
  return { value: { ...raw, rules }, warnings };
}
