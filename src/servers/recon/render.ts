/**
 * Readable text renderings of tool results, for MCP clients that show `content`
 * rather than `structuredContent` (Claude Desktop shows both to the model).
 */
import type { MatchRule } from '../../shared/reconcile/recipe';
import type { DetectFieldMappingsOutput, ParseNlFilterOutput, SuggestMatchRulesOutput } from '../../shared/reconcile/mcp-tools';

function engineLine(out: { engine: string; fallback_reason?: string; warnings?: string[] }): string[] {
  const lines = [`Engine: ${out.engine}${out.fallback_reason ? ` (fallback: ${out.fallback_reason})` : ''}`];
  for (const w of out.warnings ?? []) lines.push(`Warning: ${w}`);
  return lines;
}

export function renderMappings(out: DetectFieldMappingsOutput): string {
  const lines = [...engineLine(out), `Mappings (${out.mappings.length}):`];
  for (const m of out.mappings) lines.push(`  ${m.field_a} → ${m.field_b}  [${m.role}, confidence ${m.confidence.toFixed(2)}]  ${m.reason}`);
  if (out.suggested_filters.length) lines.push(`Suggested filters: ${out.suggested_filters.map((f) => `${f.type} (${f.field_a} / ${f.field_b})`).join(', ')}`);
  if (out.unmapped_a.length) lines.push(`Unmapped in A: ${out.unmapped_a.join(', ')}`);
  if (out.unmapped_b.length) lines.push(`Unmapped in B: ${out.unmapped_b.join(', ')}`);
  return lines.join('\n');
}

export function renderFilters(out: ParseNlFilterOutput): string {
  const lines = [...engineLine(out), out.explanation, `Filters (${out.filters.length}):`];
  for (const f of out.filters) lines.push(`  ${f.source}.${f.column} ${f.op}${f.value === null ? '' : ` ${JSON.stringify(f.value)}`}`);
  if (out.unparsed.length) lines.push(`Not understood: ${out.unparsed.map((u) => JSON.stringify(u)).join(', ')}`);
  for (const d of out.doubts ?? []) lines.push(`Unsure: ${d}`);
  return lines.join('\n');
}

function describeRule(r: MatchRule): string {
  const parts: string[] = [];
  for (const k of r.keys) parts.push(`${k.left} = ${k.right}${k.normalisers.length ? ` (${k.normalisers.map((n) => n.kind).join(', ')})` : ''}`);
  if (r.amount) {
    const tol = [r.amount.tolerance_abs ? `±${r.amount.tolerance_abs}` : '', r.amount.tolerance_pct ? `±${r.amount.tolerance_pct}%` : ''].filter(Boolean).join(' or ');
    parts.push(`amount ${r.amount.left} ≈ ${r.amount.right}${tol ? ` ${tol}` : ' exact'}${r.amount.flip_sign ? ' (sign flipped)' : ''}`);
  }
  if (r.date) parts.push(`dates within ${r.date.window_days} days`);
  if (r.description) parts.push(`text similarity ≥ ${r.description.min_similarity}`);
  return `${r.name}: ${parts.join(', ')}; ${r.cardinality}; ${r.auto_confirm ? 'auto-confirmed' : 'suggested only'}`;
}

export function renderRules(out: SuggestMatchRulesOutput): string {
  const lines = [...engineLine(out), out.explanation, `Rules (${out.rules.length}):`];
  out.rules.forEach((r, i) => lines.push(`  ${i + 1}. ${describeRule(r)}`));
  return lines.join('\n');
}
