/**
 * kalla-recon MCP server: detect_field_mappings, parse_nl_filter and
 * suggest_match_rules, each answered by the local engine, Claude, or auto.
 * Bad input and engine failures come back as isError results that say what to
 * fix; nothing a client sends can take the server down.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { refuseUnknownTools } from '../../engines/mcp/strict-tools';
import type { FieldMapping, SourceSchema } from '../../shared/reconcile/recipe';
import {
  DetectFieldMappingsInputShape,
  DetectFieldMappingsOutputShape,
  ParseNlFilterInputShape,
  ParseNlFilterOutputShape,
  SuggestMatchRulesInputShape,
  SuggestMatchRulesOutputShape,
  type DetectFieldMappingsInput,
  type ParseNlFilterInput,
  type SuggestMatchRulesInput,
} from '../../shared/reconcile/mcp-tools';
import { readConfig } from './config';
import { registerReconGuide } from './guide';
import { AnswerCache, ToolInputError, runWithEngine } from './engine-selection';
import { detectFieldMappingsLlm, parseNlFilterLlm, suggestMatchRulesLlm } from './engines/llm';
import { detectFieldMappingsLocal, parseNlFilterLocal, suggestMatchRulesLocal } from '../../engines/recon-local';
import { renderFilters, renderMappings, renderRules } from './render';

export const RECON_SERVER_NAME = 'kalla-recon';
export const RECON_SERVER_VERSION = '0.1.0';

function checkSchema(label: string, schema: SourceSchema): void {
  const seen = new Set<string>();
  for (const c of schema.columns) {
    if (seen.has(c.name)) throw new ToolInputError(`${label} ("${schema.alias}") lists column "${c.name}" twice; column names must be unique.`);
    seen.add(c.name);
  }
}

function checkTwoSchemas(a: SourceSchema, b: SourceSchema): void {
  checkSchema('schema_a', a);
  checkSchema('schema_b', b);
  if (a.alias === b.alias) throw new ToolInputError(`schema_a and schema_b both use the alias "${a.alias}"; give the two sources different aliases (e.g. "bank" and "ledger").`);
}

function checkMappings(label: string, mappings: FieldMapping[], a: SourceSchema, b: SourceSchema): void {
  for (const m of mappings) {
    if (!a.columns.some((c) => c.name === m.field_a)) {
      throw new ToolInputError(`${label}: field_a "${m.field_a}" is not a column of schema_a ("${a.alias}": ${a.columns.map((c) => c.name).join(', ')}).`);
    }
    if (!b.columns.some((c) => c.name === m.field_b)) {
      throw new ToolInputError(`${label}: field_b "${m.field_b}" is not a column of schema_b ("${b.alias}": ${b.columns.map((c) => c.name).join(', ')}).`);
    }
  }
}

function errorResult(error: unknown): CallToolResult {
  const message = error instanceof ToolInputError ? error.message : `internal error: ${error instanceof Error ? error.message : String(error)}`;
  return { isError: true, content: [{ type: 'text', text: message }] };
}

function okResult<T extends object>(out: T, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: out as Record<string, unknown> };
}

const stableKey = (tool: string, input: object) => `${tool}:${JSON.stringify(input)}`;

export function createReconServer(opts: { env?: NodeJS.ProcessEnv } = {}): McpServer {
  const config = readConfig(opts.env ?? process.env);
  const cache = new AnswerCache();
  const log = (line: string) => process.stderr.write(`${line}\n`);
  // logging: clients may set the level (logging/setLevel, answered by the SDK) — the conformance suite checks it.
  const server = new McpServer({ name: RECON_SERVER_NAME, version: RECON_SERVER_VERSION }, { capabilities: { logging: {} } });
  registerReconGuide(server);
  // Reaching Claude is the only open-world behaviour; without a key every answer is local.
  const openWorldHint = config.apiKey !== undefined && config.defaultEngine !== 'local';
  const annotations = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint };

  server.registerTool(
    'detect_field_mappings',
    {
      title: 'Detect field mappings',
      description:
        'Find which columns of two sources hold the same information (reference, amount, date, text), one-to-one, with confidence, role and reason. Optional sample rows improve accuracy; the llm engine only sees max_sample_rows of them.',
      inputSchema: DetectFieldMappingsInputShape,
      outputSchema: DetectFieldMappingsOutputShape,
      annotations: { ...annotations, title: 'Detect field mappings' },
    },
    async (input: DetectFieldMappingsInput) => {
      try {
        checkTwoSchemas(input.schema_a, input.schema_b);
        const out = await runWithEngine({
          tool: 'detect_field_mappings',
          mode: input.engine,
          cacheKey: stableKey('detect', { ...input, engine: undefined }),
          config,
          cache,
          log,
          local: () => detectFieldMappingsLocal(input),
          llm: () => detectFieldMappingsLlm(input, config),
        });
        return okResult(out, renderMappings(out));
      } catch (error) {
        return errorResult(error);
      }
    },
  );

  server.registerTool(
    'parse_nl_filter',
    {
      title: 'Parse a natural-language filter',
      description:
        'Turn a sentence such as "amounts over $1.5k last month, not from Stripe" into filter conditions per source. Mapped concepts give one condition per source; parts not understood are returned in `unparsed`. Pass `today` for deterministic relative dates.',
      inputSchema: ParseNlFilterInputShape,
      outputSchema: ParseNlFilterOutputShape,
      annotations: { ...annotations, title: 'Parse a natural-language filter' },
    },
    async (input: ParseNlFilterInput) => {
      try {
        checkTwoSchemas(input.schema_a, input.schema_b);
        checkMappings('current_mappings', input.current_mappings ?? [], input.schema_a, input.schema_b);
        const out = await runWithEngine({
          tool: 'parse_nl_filter',
          mode: input.engine,
          cacheKey: stableKey('filter', { ...input, engine: undefined }),
          config,
          cache,
          log,
          local: () => parseNlFilterLocal(input),
          llm: () => parseNlFilterLlm(input, config),
        });
        return okResult(out, renderFilters(out));
      } catch (error) {
        return errorResult(error);
      }
    },
  );

  server.registerTool(
    'suggest_match_rules',
    {
      title: 'Suggest match rules',
      description:
        'Propose ordered match rules (keys with normalisers, amount tolerance, date window, cardinality, auto-confirm) from two schemas, the confirmed mappings and sample rows — strict rules first, loose suggestions last.',
      inputSchema: SuggestMatchRulesInputShape,
      outputSchema: SuggestMatchRulesOutputShape,
      annotations: { ...annotations, title: 'Suggest match rules' },
    },
    async (input: SuggestMatchRulesInput) => {
      try {
        checkTwoSchemas(input.schema_a, input.schema_b);
        checkMappings('mappings', input.mappings, input.schema_a, input.schema_b);
        const out = await runWithEngine({
          tool: 'suggest_match_rules',
          mode: input.engine,
          cacheKey: stableKey('rules', { ...input, engine: undefined }),
          config,
          cache,
          log,
          local: () => suggestMatchRulesLocal(input),
          llm: () => suggestMatchRulesLlm(input, config),
        });
        return okResult(out, renderRules(out));
      } catch (error) {
        return errorResult(error);
      }
    },
  );

  return refuseUnknownTools(server);
}
