/**
 * Calls to the built-in `kalla-recon` MCP server (field mappings, filter sentences, match rules),
 * through the McpHost like any other server. Starts the server when needed; every failure becomes
 * a UserError that says what to do. Outputs are parsed with the tools' own zod schemas.
 */
import type { ToolCallResult } from '../../shared/mcp';
import type { Side } from '../../shared/reconcile/sources-and-runs';
import {
  DetectFieldMappingsOutputSchema,
  ParseNlFilterOutputSchema,
  SuggestMatchRulesOutputSchema,
  type DetectFieldMappingsOutput,
  type ParseNlFilterOutput,
  type SuggestMatchRulesOutput,
} from '../../shared/reconcile/mcp-tools';
import { errorMessage, UserError } from '../errors';
import type { McpHost } from '../mcp/host';
import type { ReconEngine } from './engine';

export const RECON_SERVER = 'kalla-recon';
const TOOL_TIMEOUT_MS = 120_000;

type Args = Record<string, unknown>;

export class KallaReconClient {
  constructor(private readonly host: Pick<McpHost, 'get' | 'startServer' | 'callTool'>) {}

  async detectFieldMappings(args: Args): Promise<DetectFieldMappingsOutput> {
    return DetectFieldMappingsOutputSchema.parse(await this.call('detect_field_mappings', args));
  }

  async parseNlFilter(args: Args): Promise<ParseNlFilterOutput> {
    return ParseNlFilterOutputSchema.parse(await this.call('parse_nl_filter', args));
  }

  async suggestMatchRules(args: Args): Promise<SuggestMatchRulesOutput> {
    return SuggestMatchRulesOutputSchema.parse(await this.call('suggest_match_rules', args));
  }

  private async call(name: string, args: Args): Promise<Record<string, unknown>> {
    const server = this.host.get(RECON_SERVER);
    if (!server) throw new UserError('The built-in kalla-recon server is missing from this build of Kalla.', 'unavailable');
    if (server.disabled) throw new UserError('The kalla-recon server is disabled. Enable it in the Servers workspace to detect mappings and parse filters.', 'unavailable');
    if (server.status !== 'running') {
      try {
        await this.host.startServer(RECON_SERVER);
      } catch (e) {
        throw new UserError(`The kalla-recon server could not start: ${errorMessage(e)}. See its log in the Servers workspace.`, 'unavailable');
      }
    }
    const r = await this.host.callTool(RECON_SERVER, name, args, { timeoutMs: TOOL_TIMEOUT_MS });
    if (r.isError) throw new UserError(textOf(r) || `${name} failed`, 'tool_error');
    if (!r.structuredContent) throw new UserError(`kalla-recon answered ${name} without data.`, 'tool_error');
    return r.structuredContent;
  }
}

function textOf(r: ToolCallResult): string {
  return r.content
    .map((c) => (c.type === 'text' && 'text' in c ? String(c.text) : ''))
    .join('\n')
    .trim();
}

/** The first `n` rows of a side as the tools take them (at most 1,000; none when the user allows 0). */
export async function sampleRows(engine: ReconEngine, side: Side, n: number): Promise<Record<string, unknown>[]> {
  if (n <= 0) return [];
  const page = await engine.preview(side, { offset: 0, limit: Math.min(n, 1000) });
  return page.items.map(({ __row_id: _drop, ...rest }) => plainRow(rest));
}

/** A sample row as tools take it: plain JSON values. */
export function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v instanceof Date ? v.toISOString().slice(0, 10) : v]));
}
