/**
 * Input/output schemas of the kalla-recon MCP tools. The server registers these
 * zod shapes directly, the llm engine turns the output schemas into the JSON
 * schema of its forced tool, and the local engines are typed by them, so the
 * three can never drift apart.
 *
 * Field names follow seed 000 (upstream kalla-mcp); everything we added is optional
 * on input so upstream clients keep working.
 */
import { z } from 'zod';
import {
  EngineModeSchema,
  EngineSchema,
  FieldMappingSchema,
  FieldRoleSchema,
  MatchRuleSchema,
  SampleRowsSchema,
  SourceFilterSchema,
  SourceSchemaSchema,
  SuggestedFilterSchema,
} from './recipe';

const engineField = EngineModeSchema.optional().describe(
  'auto (default): Claude when ANTHROPIC_API_KEY is set, else or on failure the offline engine; llm: Claude only; local: offline only',
);
const answeredBy = {
  engine: EngineSchema.describe('Which engine produced this answer'),
  fallback_reason: z.string().optional().describe('Why auto mode fell back to the local engine'),
  warnings: z.array(z.string()).optional().describe('What the server corrected in the answer (e.g. dropped columns that do not exist)'),
};

// ── detect_field_mappings ─────────────────────────────────────────────────

export const DetectFieldMappingsInputShape = {
  schema_a: SourceSchemaSchema.describe('Left source: alias and columns'),
  schema_b: SourceSchemaSchema.describe('Right source: alias and columns'),
  sample_a: SampleRowsSchema.max(1000, 'send at most 1000 sample rows per source (a few are enough)').optional().describe('A few rows of the left source (column → value)'),
  sample_b: SampleRowsSchema.max(1000, 'send at most 1000 sample rows per source (a few are enough)').optional().describe('A few rows of the right source (column → value)'),
  engine: engineField,
  max_sample_rows: z
    .number()
    .int()
    .min(0)
    .max(50)
    .optional()
    .describe('How many sample rows per source may be sent to the llm engine (default 5, env KALLA_SAMPLE_ROWS)'),
};
export const DetectFieldMappingsInputSchema = z.object(DetectFieldMappingsInputShape);
export type DetectFieldMappingsInput = z.infer<typeof DetectFieldMappingsInputSchema>;

/** Our outputs always carry a role, so it is required here (optional in the shared FieldMapping). */
export const DetectedMappingSchema = FieldMappingSchema.extend({ role: FieldRoleSchema });
export type DetectedMapping = z.infer<typeof DetectedMappingSchema>;

/** What an engine must produce; the server adds engine/fallback_reason. */
export const DetectFieldMappingsResultShape = {
  mappings: z.array(DetectedMappingSchema),
  suggested_filters: z.array(SuggestedFilterSchema),
  unmapped_a: z.array(z.string()).describe('Left columns with no counterpart'),
  unmapped_b: z.array(z.string()).describe('Right columns with no counterpart'),
};
export const DetectFieldMappingsResultSchema = z.object(DetectFieldMappingsResultShape);
export type DetectFieldMappingsResult = z.infer<typeof DetectFieldMappingsResultSchema>;

export const DetectFieldMappingsOutputShape = { ...DetectFieldMappingsResultShape, ...answeredBy };
export const DetectFieldMappingsOutputSchema = z.object(DetectFieldMappingsOutputShape);
export type DetectFieldMappingsOutput = z.infer<typeof DetectFieldMappingsOutputSchema>;

// ── parse_nl_filter ───────────────────────────────────────────────────────

export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use an ISO date such as "2026-01-31"');

export const ParseNlFilterInputShape = {
  text: z
    .string()
    .min(1, 'text must not be empty: describe the filter, e.g. "amounts over 500 last month"')
    .max(2000, 'text is limited to 2000 characters: describe the filter in a sentence or two'),
  schema_a: SourceSchemaSchema,
  schema_b: SourceSchemaSchema,
  current_mappings: z.array(FieldMappingSchema).default([]),
  today: IsoDateSchema.optional().describe('Reference date for relative dates ("last month"); default: the current UTC date'),
  engine: engineField,
};
export const ParseNlFilterInputSchema = z.object(ParseNlFilterInputShape);
export type ParseNlFilterInput = z.input<typeof ParseNlFilterInputSchema>;

export const ParseNlFilterResultShape = {
  filters: z.array(SourceFilterSchema),
  explanation: z.string(),
  unparsed: z.array(z.string()).describe('Parts of the text that were not understood'),
};
export const ParseNlFilterResultSchema = z.object(ParseNlFilterResultShape);
export type ParseNlFilterResult = z.infer<typeof ParseNlFilterResultSchema>;

export const ParseNlFilterOutputShape = {
  ...ParseNlFilterResultShape,
  ...answeredBy,
  doubts: z
    .array(z.string())
    .optional()
    .describe('Readings the engine chose between several plausible ones (a bare year, a guessed column); show the parse and ask before applying it'),
};
export const ParseNlFilterOutputSchema = z.object(ParseNlFilterOutputShape);
export type ParseNlFilterOutput = z.infer<typeof ParseNlFilterOutputSchema>;

/** A parse is applied only when nothing was left out and nothing was guessed; otherwise the user confirms it first. */
export function filterParseIsCertain(out: Pick<ParseNlFilterOutput, 'unparsed' | 'doubts' | 'filters'>): boolean {
  return out.filters.length > 0 && out.unparsed.length === 0 && (out.doubts ?? []).length === 0;
}

// ── suggest_match_rules ───────────────────────────────────────────────────

export const SuggestMatchRulesInputShape = {
  schema_a: SourceSchemaSchema,
  schema_b: SourceSchemaSchema,
  mappings: z.array(FieldMappingSchema).describe('Confirmed field mappings (field_a → field_b), ideally with roles'),
  sample_a: SampleRowsSchema.optional(),
  sample_b: SampleRowsSchema.optional(),
  engine: engineField,
  max_sample_rows: z.number().int().min(0).max(50).optional(),
};
export const SuggestMatchRulesInputSchema = z.object(SuggestMatchRulesInputShape);
export type SuggestMatchRulesInput = z.infer<typeof SuggestMatchRulesInputSchema>;

export const SuggestMatchRulesResultShape = {
  rules: z.array(MatchRuleSchema).describe('Ordered: earlier rules are tried first'),
  explanation: z.string(),
};
export const SuggestMatchRulesResultSchema = z.object(SuggestMatchRulesResultShape);
export type SuggestMatchRulesResult = z.infer<typeof SuggestMatchRulesResultSchema>;

export const SuggestMatchRulesOutputShape = { ...SuggestMatchRulesResultShape, ...answeredBy };
export const SuggestMatchRulesOutputSchema = z.object(SuggestMatchRulesOutputShape);
export type SuggestMatchRulesOutput = z.infer<typeof SuggestMatchRulesOutputSchema>;
