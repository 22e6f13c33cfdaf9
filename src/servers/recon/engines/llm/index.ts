/**
 * The llm engines: Claude answers through a forced tool, then the guards make
 * the answer safe to use. Results carry warnings about anything corrected.
 */
import { z } from 'zod';
import { FieldMappingSchema, FieldRoleSchema, SourceFilterSchema, SuggestedFilterSchema, type SampleRows } from '../../../../shared/reconcile/recipe';
import {
  SuggestMatchRulesResultSchema,
  type DetectFieldMappingsInput,
  type DetectFieldMappingsResult,
  type ParseNlFilterInput,
  type ParseNlFilterResult,
  type SuggestMatchRulesInput,
  type SuggestMatchRulesResult,
} from '../../../../shared/reconcile/mcp-tools';
import type { ReconServerConfig } from '../../config';
import { profileColumn } from '../../../../engines/recon-local/column-profile';
import { pairEvidence } from '../../../../engines/recon-local/column-similarity';
import { roleOf } from '../../../../engines/recon-local/field-mappings';
import { todayIso } from '../../../../engines/recon-local/nl-filter/periods';
import { ClaudeStructuredClient } from './claude-client';
import { guardFilters, guardMappings, guardRules, type Guarded } from './guards';
import {
  DETECT_FIELD_MAPPINGS_SYSTEM,
  PARSE_NL_FILTER_SYSTEM,
  SUGGEST_MATCH_RULES_SYSTEM,
  detectMappingsMessage,
  matchRulesMessage,
  parseFilterMessage,
} from './prompts';

export { LlmError } from './claude-client';

const LlmMappingsSchema = z.object({
  mappings: z.array(FieldMappingSchema.extend({ role: FieldRoleSchema })),
  suggested_filters: z.array(SuggestedFilterSchema).default([]),
});
const LlmFiltersSchema = z.object({
  filters: z.array(SourceFilterSchema),
  explanation: z.string(),
  unparsed: z.array(z.string()).default([]),
});

/** Only the first `limit` rows ever leave the machine. */
export function limitSample(rows: SampleRows | undefined, limit: number): SampleRows {
  return (rows ?? []).slice(0, Math.max(0, limit));
}

export async function detectFieldMappingsLlm(input: DetectFieldMappingsInput, config: ReconServerConfig): Promise<Guarded<DetectFieldMappingsResult>> {
  const limit = input.max_sample_rows ?? config.sampleRows;
  const sampleA = limitSample(input.sample_a, limit);
  const sampleB = limitSample(input.sample_b, limit);
  const answer = await new ClaudeStructuredClient(config).call({
    system: DETECT_FIELD_MAPPINGS_SYSTEM,
    user: detectMappingsMessage(input.schema_a, input.schema_b, sampleA, sampleB),
    toolName: 'report_field_mappings',
    toolDescription: 'Report the column mappings between source A and source B.',
    schema: LlmMappingsSchema,
  });
  const roleFallback = (fa: string, fb: string) => {
    const a = profileColumn(input.schema_a.columns.find((c) => c.name === fa)!, sampleA);
    const b = profileColumn(input.schema_b.columns.find((c) => c.name === fb)!, sampleB);
    return roleOf(a, b, pairEvidence(a, b));
  };
  return guardMappings(answer, input.schema_a, input.schema_b, roleFallback);
}

export async function parseNlFilterLlm(input: ParseNlFilterInput, config: ReconServerConfig): Promise<Guarded<ParseNlFilterResult>> {
  const answer = await new ClaudeStructuredClient(config).call({
    system: PARSE_NL_FILTER_SYSTEM,
    user: parseFilterMessage(input.text, input.schema_a, input.schema_b, input.current_mappings ?? [], input.today ?? todayIso()),
    toolName: 'report_filters',
    toolDescription: 'Report the structured filter conditions for the user instruction.',
    schema: LlmFiltersSchema,
  });
  return guardFilters(answer, input.schema_a, input.schema_b);
}

export async function suggestMatchRulesLlm(input: SuggestMatchRulesInput, config: ReconServerConfig): Promise<Guarded<SuggestMatchRulesResult>> {
  const limit = input.max_sample_rows ?? config.sampleRows;
  const answer = await new ClaudeStructuredClient(config).call({
    system: SUGGEST_MATCH_RULES_SYSTEM,
    user: matchRulesMessage(input.schema_a, input.schema_b, input.mappings, limitSample(input.sample_a, limit), limitSample(input.sample_b, limit)),
    toolName: 'report_match_rules',
    toolDescription: 'Report the ordered match rules and an explanation.',
    schema: SuggestMatchRulesResultSchema,
  });
  return guardRules(answer, input.schema_a, input.schema_b);
}
