/**
 * kalla-recon MCP server: detect_field_mappings, parse_nl_filter and
 * suggest_match_rules, each answered by the local engine, Claude, or auto.
 * Bad input and engine failures come back as isError results that say what to
 * fix; nothing a client sends can take the server down.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { refuseUnknownTools } from '../../engines/mcp/strict-tools';
import type { EngineMode, FieldMapping, SourceSchema } from '../../shared/reconcile/recipe';
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
import { AnswerCache, ToolInputError, runWithEngine, type Answered } from './engine-selection';
import type { Guarded } from './engines/llm/guards';
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

/** What every engine-backed tool of one server shares. */
interface EngineToolContext {
  config: ReturnType<typeof readConfig>;
  cache: AnswerCache;
  log: (line: string) => void;
  annotations: { readOnlyHint: boolean; idempotentHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
}

/**
 * A registrar of tools the local engine or Claude answers (runWithEngine): both schemas (and the
 * tool's own inputs) checked first, the answer cached under the input without the engine choice, a
 * failure returned as a tool error.
 */
function engineTools(server: McpServer, { config, cache, log, annotations }: EngineToolContext) {
  return <I extends { engine?: EngineMode; schema_a: SourceSchema; schema_b: SourceSchema }, R extends object>(
    name: string,
    meta: { title: string; description: string; inputSchema: z.ZodRawShape; outputSchema: z.ZodRawShape },
    answer: { cacheTag: string; check?: (input: I) => void; local: (input: I) => R & Answered; llm: (input: I) => Promise<Guarded<R>>; render: (out: R & Answered) => string },
  ) => {
    server.registerTool(name, { ...meta, annotations: { ...annotations, title: meta.title } }, (async (input: I) => {
      try {
        checkTwoSchemas(input.schema_a, input.schema_b);
        answer.check?.(input);
        const out = await runWithEngine({
          tool: name,
          mode: input.engine,
          cacheKey: stableKey(answer.cacheTag, { ...input, engine: undefined }),
          config,
          cache,
          log,
          local: () => answer.local(input),
          llm: () => answer.llm(input),
        });
        return okResult(out, answer.render(out));
      } catch (error) {
        return errorResult(error);
      }
    }) as never);
  };
}

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

  const engineTool = engineTools(server, { config, cache, log, annotations });

  engineTool(
    'detect_field_mappings',
    {
      title: 'Detect field mappings',
      description:
        'Find which columns of two sources hold the same information (reference, amount, date, text), one-to-one, with confidence, role and reason. Optional sample rows improve accuracy; the llm engine only sees max_sample_rows of them.',
      inputSchema: DetectFieldMappingsInputShape,
      outputSchema: DetectFieldMappingsOutputShape,
    },
    { cacheTag: 'detect', local: (input: DetectFieldMappingsInput) => detectFieldMappingsLocal(input), llm: (input) => detectFieldMappingsLlm(input, config), render: renderMappings },
  );

  engineTool(
    'parse_nl_filter',
    {
      title: 'Parse a natural-language filter',
      description:
        'Turn a sentence such as "amounts over $1.5k last month, not from Stripe" into filter conditions per source. Mapped concepts give one condition per source; parts not understood are returned in `unparsed`. Pass `today` for deterministic relative dates.',
      inputSchema: ParseNlFilterInputShape,
      outputSchema: ParseNlFilterOutputShape,
    },
    {
      cacheTag: 'filter',
      check: (input: ParseNlFilterInput) => checkMappings('current_mappings', input.current_mappings ?? [], input.schema_a, input.schema_b),
      local: (input) => parseNlFilterLocal(input),
      llm: (input) => parseNlFilterLlm(input, config),
      render: renderFilters,
    },
  );

  engineTool(
    'suggest_match_rules',
    {
      title: 'Suggest match rules',
      description:
        'Propose ordered match rules (keys with normalisers, amount tolerance, date window, cardinality, auto-confirm) from two schemas, the confirmed mappings and sample rows — strict rules first, loose suggestions last.',
      inputSchema: SuggestMatchRulesInputShape,
      outputSchema: SuggestMatchRulesOutputShape,
    },
    {
      cacheTag: 'rules',
      check: (input: SuggestMatchRulesInput) => checkMappings('mappings', input.mappings, input.schema_a, input.schema_b),
      local: (input) => suggestMatchRulesLocal(input),
      llm: (input) => suggestMatchRulesLlm(input, config),
      render: renderRules,
    },
  );

  return refuseUnknownTools(server);
}
