/**
 * The optional LLM path of explore_trino_views: Claude picks among the
 * engine's structured tools (and its deterministic `explain`), sees their
 * results, and writes the answer. Every number and name in the answer comes
 * from the engine; the diagram is the last one a tool drew. Any failure is
 * reported to the caller, which falls back to the deterministic path in auto mode.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { HistoryMessage } from './history';

export interface LlmSettings {
  apiKey: string;
  model: string;
  baseURL?: string;
  timeoutMs: number;
  maxSteps: number;
}

/** Runs one engine tool for the model; throws a worded error the model sees as is_error. */
export type EngineTool = (name: string, input: Record<string, unknown>) => Promise<{ data: Record<string, unknown>; mermaid?: string | null }>;

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object' as const, properties, required });
const str = (description: string) => ({ type: 'string', description });
const int = (description: string) => ({ type: 'integer', minimum: 0, maximum: 20, description });

export const LLM_TOOLS: Anthropic.Tool[] = [
  { name: 'explain', description: 'The lineage engine answers a plain question deterministically (intents: entry points, downstream/upstream of X, readers of X, leaf views, focus on X, cycles, base tables, summary), with a diagram when one helps.', input_schema: obj({ question: str('The question') }, ['question']) },
  { name: 'analyze_schema', description: 'Counts (views, tables, dependencies), complexity, unparsed views, cycles and entry points.', input_schema: obj({}) },
  { name: 'suggest_entry_points', description: 'High-impact views, leaf views and central hubs.', input_schema: obj({ limit: { type: 'integer', minimum: 1, maximum: 50 } }) },
  { name: 'extract_subgraph', description: 'Nodes and edges around a view or table (edges run from the relation read to its reader).', input_schema: obj({ focus: str('View or table name'), upstream_depth: int('Upstream levels (default 2)'), downstream_depth: int('Downstream levels (default 2)') }, ['focus']) },
  { name: 'impact_of', description: 'Every view that depends on an object, with its depth.', input_schema: obj({ name: str('View or table name') }, ['name']) },
  { name: 'generate_mermaid', description: 'Draws a Mermaid diagram around a focus (or the whole graph when small). The last diagram drawn is shown to the user.', input_schema: obj({ focus: str('View or table name (omit for the whole graph)'), upstream_depth: int('Upstream levels'), downstream_depth: int('Downstream levels'), direction: { type: 'string', enum: ['TB', 'LR', 'BT', 'RL'] } }) },
  { name: 'get_view_sql', description: 'The SQL of a view.', input_schema: obj({ name: str('View name') }, ['name']) },
  { name: 'view_columns', description: "A view's columns with the source columns each is made from.", input_schema: obj({ name: str('View name') }, ['name']) },
  { name: 'trace_column', description: 'Column-level lineage: upstream (what a column is made from, to base tables) or downstream (what reads it; impact of dropping it). The diagram is shown to the user.', input_schema: obj({ name: str('view.column, or the view'), column: str('The column, when not part of name'), direction: { type: 'string', enum: ['upstream', 'downstream'] } }, ['name']) },
];

const SYSTEM = `You answer questions about SQL view lineage (which views read which views and tables) for a data engineer.
Use the tools: they query a parsed dependency graph and are always right; never invent view names, counts or dependencies.
Prefer one or two tool calls. When a diagram helps, call generate_mermaid (the user sees the last diagram drawn); do not write Mermaid yourself.
Answer briefly in plain text: lead with the direct answer, then a short list if useful. Names are shown as the tools give them.`;

export async function exploreWithLlm(opts: {
  question: string;
  history: HistoryMessage[];
  settings: LlmSettings;
  runTool: EngineTool;
}): Promise<{ answer: string; mermaid: string | null; toolsUsed: string[] }> {
  const client = new Anthropic({ apiKey: opts.settings.apiKey, baseURL: opts.settings.baseURL, timeout: opts.settings.timeoutMs, maxRetries: 0 });
  const messages: Anthropic.MessageParam[] = [];
  for (const m of opts.history) {
    // The API wants alternating roles starting with the user.
    if (messages.length === 0 && m.role !== 'user') continue;
    messages.push({ role: m.role, content: m.content });
  }
  if (messages.length && messages[messages.length - 1].role === 'user') messages.pop();
  messages.push({ role: 'user', content: opts.question });
  let mermaid: string | null = null;
  const toolsUsed: string[] = [];
  for (let step = 0; step < opts.settings.maxSteps; step++) {
    const res = await client.messages.create({ model: opts.settings.model, max_tokens: 1500, system: SYSTEM, tools: LLM_TOOLS, messages });
    const uses = res.content.filter((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use');
    const text = res.content
      .filter((b): b is Anthropic.TextBlock => b.type === 'text')
      .map((b) => b.text)
      .join('\n')
      .trim();
    if (uses.length === 0 || res.stop_reason !== 'tool_use') {
      // A Mermaid block the model wrote anyway is not trusted: the engine's diagram is shown instead.
      const answer = text.replace(/```mermaid[\s\S]*?```/g, '').trim();
      if (!answer) throw new Error('Claude gave an empty answer');
      return { answer, mermaid, toolsUsed };
    }
    messages.push({ role: 'assistant', content: res.content });
    const results: Anthropic.ToolResultBlockParam[] = [];
    for (const u of uses) {
      toolsUsed.push(u.name);
      try {
        const r = await opts.runTool(u.name, (u.input ?? {}) as Record<string, unknown>);
        if (r.mermaid) mermaid = r.mermaid;
        const data = { ...r.data };
        if ('mermaid' in data) data.mermaid = '(diagram drawn; the user sees it)';
        results.push({ type: 'tool_result', tool_use_id: u.id, content: JSON.stringify(data).slice(0, 20_000) });
      } catch (e) {
        results.push({ type: 'tool_result', tool_use_id: u.id, is_error: true, content: e instanceof Error ? e.message : String(e) });
      }
    }
    messages.push({ role: 'user', content: results });
  }
  throw new Error(`Claude did not finish within ${opts.settings.maxSteps} steps`);
}
