/**
 * System prompts and user messages for the llm engine (extending seed 000).
 * Only the allowed number of sample rows is ever put into a message.
 */
import type { FieldMapping, SampleRows, SourceSchema } from '../../../../shared/reconcile/recipe';

export const DETECT_FIELD_MAPPINGS_SYSTEM = `You are a data schema analyst for financial reconciliation. You receive two table schemas (with optional sample rows) and identify columns that hold the same real-world information despite different names (abbreviations, other languages such as German, French, Spanish, Dutch).

Rules:
- Compare column names, data types and sample values (shared identifiers, same date range, amounts equal up to sign or minor units).
- Each column maps to at most one column of the other schema (one-to-one).
- Only propose pairs with confidence above 0.5; confidence 0..1 reflects name + type + value evidence.
- role: "key" for references/identifiers used to match records, "amount" for money or quantities compared numerically, "date" for dates, "text" for names and descriptions, "other" otherwise.
- suggested_filters: "date_range" for date pairs, "amount_range" for amount pairs, "select" for low-cardinality text (currency, status).
- Use only column names that appear in the schemas, spelled exactly.
Answer by calling the tool.`;

export const PARSE_NL_FILTER_SYSTEM = `You translate a natural-language filter into structured filter conditions for two data sources. You receive both schemas, the confirmed field mappings and today's date.

Rules:
- When the user names a mapped concept (e.g. "amount", "date", "vendor"), emit one condition per source with each source's own column.
- When the user names one source by its alias (e.g. "only bank amounts"), emit conditions for that source only.
- Operators: eq, neq, gt, gte, lt, lte, between, not_between, in, not_in, like, not_like, is_null, is_not_null.
- between values are [low, high] inclusive; in/not_in values are lists; like values are SQL LIKE patterns with %; is_null/is_not_null have value null.
- Dates are ISO strings (YYYY-MM-DD) computed from today's date ("last month" = the whole previous calendar month). Amounts are numbers ("$1.5k" = 1500).
- Comparison operators only on numeric or date columns; like only on text columns.
- Put every part of the text you could not turn into a condition into "unparsed" (verbatim); never invent columns.
Answer by calling the tool.`;

export const SUGGEST_MATCH_RULES_SYSTEM = `You design matching rules for reconciling two data sources. You receive both schemas, the confirmed field mappings (with roles) and sample rows.

Return an ordered list of rules, strict to loose. Typical cascade:
1. exact reference (+ exact amount), cardinality 1:1, auto_confirm true;
2. reference normalised (normalisers: trim, casefold, alnum, digits, regex with a capture group) with a small amount tolerance;
3. a 1:N or N:1 rule when samples show split payments (one reference repeated on one side);
4. amount + date window (window_days) without keys, auto_confirm false.
Use flip_sign when the samples show opposite sign conventions. Reference only columns that exist: keys[].left/amount.left/date.left come from the first schema, the right ones from the second.
Answer by calling the tool.`;

function describeSource(label: string, schema: SourceSchema, sample: SampleRows | undefined): string {
  let msg = `${label}: "${schema.alias}"\nColumns:\n`;
  msg += schema.columns.map((c) => `  - ${c.name} (${c.data_type})`).join('\n');
  if (sample && sample.length > 0) msg += `\nSample rows (${sample.length}):\n${sample.map((r) => `  ${JSON.stringify(r)}`).join('\n')}`;
  return msg;
}

function describeMappings(mappings: FieldMapping[]): string {
  if (mappings.length === 0) return 'Field mappings: none confirmed.';
  return `Field mappings (source A → source B):\n${mappings.map((m) => `  - ${m.field_a} → ${m.field_b}${m.role ? ` [${m.role}]` : ''} (confidence ${m.confidence})`).join('\n')}`;
}

export function detectMappingsMessage(a: SourceSchema, b: SourceSchema, sampleA: SampleRows, sampleB: SampleRows): string {
  return `${describeSource('Source A', a, sampleA)}\n\n${describeSource('Source B', b, sampleB)}\n\nIdentify the column mappings between source A and source B.`;
}

export function parseFilterMessage(text: string, a: SourceSchema, b: SourceSchema, mappings: FieldMapping[], today: string): string {
  return `User instruction: ${JSON.stringify(text)}\nToday's date: ${today}\n\n${describeSource('Source A', a, undefined)}\n\n${describeSource('Source B', b, undefined)}\n\n${describeMappings(mappings)}\n\nTranslate the user instruction into filter conditions.`;
}

export function matchRulesMessage(a: SourceSchema, b: SourceSchema, mappings: FieldMapping[], sampleA: SampleRows, sampleB: SampleRows): string {
  return `${describeSource('Source A', a, sampleA)}\n\n${describeSource('Source B', b, sampleB)}\n\n${describeMappings(mappings)}\n\nPropose the ordered match rules.`;
}
