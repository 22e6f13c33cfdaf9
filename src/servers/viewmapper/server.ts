/**
 * viewmapper MCP server (`kalla mcp viewmapper`): seed 001's
 * `explore_trino_views` plus structured tools over the Java engine. Keeps one
 * JVM in `serve` mode. Never throws to MCP: every failure is an isError result
 * in the seed's words.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  AnalysisSchema,
  DiagramSchema,
  EntryPointsInputShape,
  EntryPointsSchema,
  ExploreInputShape,
  ExploreResultSchema,
  ImpactInputShape,
  ImpactSchema,
  ListSchemasInputShape,
  MermaidInputShape,
  SourceShape,
  SubgraphInputShape,
  SubgraphSchema,
  ViewSqlInputShape,
  ViewSqlSchema,
  ViewColumnsInputShape,
  ViewColumnsSchema,
  INDIRECT_USE,
  TraceColumnInputShape,
  ColumnTraceSchema,
  type ColumnTrace,
  type ViewColumns,
  type Analysis,
  type EntryPoints,
  type ExploreResult,
  type Impact,
  type Subgraph,
} from '../../shared/lineage';
import { OpenLineageExportSchema, OpenLineageInputShape, type OpenLineageExport } from '../../shared/openlineage';
import { readConfig, secondsText, type ViewMapperConfig } from './config';
import { registerViewMapperGuide } from './guide';
import { EngineCrashError, EngineError, EngineTimeoutError, ServeEngine, runOnce } from './engine';
import { SessionHistories, buildPromptWithHistory } from './history';
import { exploreWithLlm } from './llm';
import { findJar, findJava, jarProblemMessage, javaProblemMessage, type JarFound, type JavaFound } from './java';
import { UPSTREAM_DEFAULT_CONNECTION, upstreamRun } from './upstream';
import { refuseUnknownTools } from '../../engines/mcp/strict-tools';

export const VIEWMAPPER_SERVER_NAME = 'viewmapper';
export const VIEWMAPPER_SERVER_VERSION = '0.1.0';

/** A failure already worded for the user (seed 001 style). */
class UserFacingError extends Error {}

interface Runtime {
  java: JavaFound;
  jar: JarFound;
}

interface Source {
  connection: string;
  catalog?: string;
  schema?: string;
  user?: string;
  password?: string;
}

function sourceParams(src: Source): Record<string, unknown> {
  const p: Record<string, unknown> = { connection: src.connection };
  let { catalog, schema } = src;
  // Seed 001 asks the model for catalog.schema; the engine takes them apart.
  if (schema && !catalog && schema.includes('.')) {
    const i = schema.indexOf('.');
    catalog = schema.slice(0, i);
    schema = schema.slice(i + 1);
  }
  if (catalog) p.catalog = catalog;
  if (schema) p.schema = schema;
  if (src.user) p.user = src.user;
  if (src.password) p.password = src.password;
  return p;
}

function errorText(error: unknown, config: ViewMapperConfig, password?: string): string {
  let text: string;
  if (error instanceof UserFacingError) text = error.message;
  else if (error instanceof EngineTimeoutError)
    text = `⏱️ Request timed out after ${secondsText(error.timeoutMs)}. Try a simpler question or a narrower scope (one schema, or a named view such as "what depends on orders"), or raise VIEWMAPPER_TIMEOUT_MS.`;
  else if (error instanceof EngineError) text = `❌ ViewMapper Error:\n${error.message} (${error.code})`;
  else if (error instanceof EngineCrashError)
    text = `❌ ViewMapper Error:\nThe engine stopped while answering: ${error.message}\nIt is started again for the next request; try again.`;
  else text = `❌ Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
  void config;
  return password ? text.split(password).join('••••') : text;
}

function fail(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

function ok(structured: object, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured as Record<string, unknown> };
}

const list = (items: Array<{ name: string; why: string }>) => items.map((e) => `- ${e.name} — ${e.why}`).join('\n');

export function renderEntryPoints(e: EntryPoints): string {
  return [`High impact:\n${list(e.highImpact) || '- (none)'}`, `Leaf views:\n${list(e.leafViews) || '- (none)'}`, `Central hubs:\n${list(e.centralHubs) || '- (none)'}`].join('\n\n');
}

function renderAnalysis(a: Analysis): string {
  const scope = [a.catalog, a.schema].filter(Boolean).join('.');
  const lines = [`${a.viewCount} views, ${a.tableCount} tables, ${a.edgeCount} dependencies${scope ? ` in ${scope}` : ''}; complexity ${a.complexity}.`];
  if (a.failures.length) lines.push(`${a.failures.length} view(s) could not be parsed:\n${a.failures.map((f) => `- ${f.view}: ${f.reason}`).join('\n')}`);
  if (a.cycles.length) lines.push(`${a.cycles.length} cycle(s): ${a.cycles.map((c) => c.join(' → ')).join('; ')}`);
  lines.push(renderEntryPoints(a.entryPoints));
  return lines.join('\n\n');
}

type Request = <T>(method: string, params: Record<string, unknown>) => Promise<T>;

/** The engine tools the LLM path may call, mapped onto serve methods. */
async function engineTool(req: Request, name: string, input: Record<string, unknown>, src: Source): Promise<{ data: Record<string, unknown>; mermaid?: string | null }> {
  const p = sourceParams(src);
  const depths = {
    ...(typeof input.upstream_depth === 'number' ? { upstreamDepth: input.upstream_depth } : {}),
    ...(typeof input.downstream_depth === 'number' ? { downstreamDepth: input.downstream_depth } : {}),
  };
  const s = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  switch (name) {
    case 'explain': {
      const r = await req<Record<string, unknown>>('explain', { ...p, question: s(input.question) ?? '' });
      return { data: r, mermaid: (r.mermaid as string | null) ?? null };
    }
    case 'analyze_schema':
      return { data: await req('analyze', p) };
    case 'suggest_entry_points':
      return { data: await req('entry_points', { ...p, ...(typeof input.limit === 'number' ? { limit: input.limit } : {}) }) };
    case 'extract_subgraph':
      return { data: await req('subgraph', { ...p, focus: s(input.focus), ...depths }) };
    case 'impact_of':
      return { data: await req('impact', { ...p, name: s(input.name) }) };
    case 'generate_mermaid': {
      const r = await req<Record<string, unknown>>('mermaid', { ...p, ...(s(input.focus) ? { focus: s(input.focus) } : {}), ...(s(input.direction) ? { direction: s(input.direction) } : {}), ...depths });
      return { data: r, mermaid: (r.mermaid as string | undefined) ?? null };
    }
    case 'get_view_sql':
      return { data: await req('view_sql', { ...p, name: s(input.name) }) };
    case 'view_columns':
      return { data: await req('view_columns', { ...p, name: s(input.name) }) };
    case 'trace_column': {
      const r = await req<ColumnTrace>('trace_column', { ...p, name: s(input.name), ...(s(input.column) ? { column: s(input.column) } : {}), ...(s(input.direction) ? { direction: s(input.direction) } : {}) });
      return { data: r, mermaid: r.mermaid };
    }
    default:
      throw new Error(`unknown tool ${name}`);
  }
}

/** A user's own jar: the upstream contract, one JVM per question, history in the prompt. */
async function askOwnJar(rt: Runtime, env: NodeJS.ProcessEnv, config: ViewMapperConfig, prompt: string, src: Source): Promise<{ answer: string; mermaid: string | null }> {
  // Only the options upstream's picocli command knows; VIEWMAPPER_COMPAT=upstream makes Kalla's jar answer the same way.
  const run = upstreamRun({ prompt, connection: src.connection, catalog: src.catalog, schema: src.schema, user: src.user, password: src.password, verbose: config.verbose });
  const r = await runOnce(rt.java.path, rt.jar.path, run.args, { ...env, ...run.env }, config.timeoutMs);
  if (r.code !== 0) throw new UserFacingError(`❌ ViewMapper Error:\n${(r.stderr || r.stdout).trim() || `exit code ${r.code}`}`);
  const text = r.stdout.trim();
  const m = /```mermaid\n([\s\S]*?)```/.exec(text);
  return { answer: m ? text.slice(0, m.index).trim() : text, mermaid: m ? m[1] : null };
}

/** What the explore tool reads of its server. */
interface ExploreContext {
  env: NodeJS.ProcessEnv;
  config: ViewMapperConfig;
  log: (line: string) => void;
  histories: SessionHistories;
  getRuntime: () => Promise<Runtime>;
  req: Request;
  source: (a: { connection?: string; catalog?: string; schema?: string; user?: string; password?: string }) => Source;
}

/**
 * explore_trino_views: a user's own jar answers through upstream's `run` contract (one JVM per
 * question); Kalla's warm engine answers through Claude when a key is set (falling back to the
 * deterministic answer unless the llm engine was asked for), else deterministically.
 */
async function explore(
  { env, config, log, histories, getRuntime, req, source }: ExploreContext,
  args: z.output<z.ZodObject<typeof ExploreInputShape>>,
  extra: { sessionId?: string },
): Promise<CallToolResult> {
  const started = performance.now();
  const query = args.query.trim();
  if (!query) return fail("❌ Error: 'query' parameter is required");
  const sessionId = args.session_id ?? extra.sessionId ?? 'default';
  const rt = await getRuntime();
  // A user's jar is upstream's: its default dataset is upstream's (Kalla's jar does not answer that name).
  const src = rt.jar.custom && !args.connection?.trim() && !env.VIEWMAPPER_CONNECTION?.trim() ? { ...source(args), connection: UPSTREAM_DEFAULT_CONNECTION } : source(args);
  const history = histories.window(sessionId);
  let answer: string;
  let mermaid: string | null;
  let intent: string | null = null;
  let via: 'serve' | 'run';
  let llm: { answer: string; mermaid: string | null; toolsUsed: string[] } | undefined;
  let fallbackReason: string | undefined;
  if (rt.jar.custom) {
    ({ answer, mermaid } = await askOwnJar(rt, env, config, buildPromptWithHistory(histories.get(sessionId), query, { turns: config.historyTurns, chars: config.historyChars }), src));
    via = 'run';
  } else {
    via = 'serve';
    const mode = args.engine ?? (config.engineMode === 'local' ? 'deterministic' : config.engineMode);
    if (mode === 'llm' && !config.apiKey) {
      throw new UserFacingError("❌ Error: the llm engine needs ANTHROPIC_API_KEY (or ANTHROPIC_API_KEY_FOR_VIEWMAPPER). Set it, or ask with engine \"deterministic\".");
    }
    if (mode !== 'deterministic' && config.apiKey) {
      try {
        const r = await exploreWithLlm({
          question: query,
          history,
          settings: { apiKey: config.apiKey, model: config.model, baseURL: config.baseURL, timeoutMs: config.llmTimeoutMs, maxSteps: 6 },
          runTool: (name, input) => engineTool(req, name, input, src),
        });
        llm = r;
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        if (mode === 'llm') throw new UserFacingError(`❌ ViewMapper Error:\nClaude could not answer: ${why}`);
        fallbackReason = why;
        log(`[viewmapper] llm path failed, answering deterministically: ${why}`);
      }
    }
    if (llm) {
      answer = llm.answer;
      mermaid = llm.mermaid;
    } else {
      // The warm engine answers the current question deterministically; the
      // history is remembered and returned so a client can show the thread.
      const r = await req<{ intent: string; answer: string; mermaid: string | null }>('explain', { ...sourceParams(src), question: query });
      answer = r.answer;
      mermaid = r.mermaid ?? null;
      intent = r.intent;
    }
  }
  histories.record(sessionId, query, answer);
  const out: ExploreResult = {
    answer,
    mermaid,
    intent,
    engine: llm ? 'llm' : 'deterministic',
    via,
    ...(llm ? { tools_used: llm.toolsUsed } : {}),
    ...(fallbackReason ? { fallback_reason: fallbackReason } : {}),
    session_id: sessionId,
    connection: src.connection,
    history,
    elapsed_ms: Math.round(performance.now() - started),
  };
  return ok(out, mermaid ? `${answer}\n\n\`\`\`mermaid\n${mermaid.trimEnd()}\n\`\`\`` : answer);
}

export interface ViewMapperServerHandle {
  server: McpServer;
  close(): Promise<void>;
}

export function createViewMapperServer(opts: { env?: NodeJS.ProcessEnv; log?: (line: string) => void } = {}): ViewMapperServerHandle {
  const env = opts.env ?? process.env;
  const config = readConfig(env);
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const histories = new SessionHistories({ turns: config.historyTurns, chars: config.historyChars });
  // logging: clients may set the level (logging/setLevel, answered by the SDK) — the conformance suite checks it.
  const server = new McpServer({ name: VIEWMAPPER_SERVER_NAME, version: VIEWMAPPER_SERVER_VERSION }, { capabilities: { logging: {} } });
  // Every tool reads what its `connection` names: files on disk (file://, confined to .sql/.json
  // under the chosen folder) or a database (jdbc://). They change nothing (readOnlyHint), but
  // they reach outside the conversation, so they are open-world: the Assistant asks before
  // running them instead of treating them as harmless built-in reads.
  // Open world, and they read whatever file:// folder or jdbc:// database a call names: the Assistant asks first.
  const annotations = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: true };

  let runtime: Promise<Runtime> | undefined;
  let engine: ServeEngine | undefined;
  let closed = false;

  /** Looked up once; a failure is looked up again next time (the user may have installed Java). */
  const getRuntime = (): Promise<Runtime> => {
    runtime ??= (async () => {
      const jar = findJar(env);
      if (!('path' in jar)) throw new UserFacingError(jarProblemMessage(jar));
      const java = await findJava(env);
      if (!('path' in java)) throw new UserFacingError(javaProblemMessage(java));
      log(`[viewmapper] java ${java.version} (${java.source}: ${java.path}); jar ${jar.path}${jar.custom ? ' (VIEWMAPPER_JAR, run contract)' : ''}`);
      return { java, jar };
    })();
    return runtime.catch((e: unknown) => {
      runtime = undefined;
      throw e;
    });
  };

  const getEngine = async (): Promise<ServeEngine> => {
    const rt = await getRuntime();
    if (rt.jar.custom) throw new UserFacingError(`❌ ViewMapper Error:\nThis tool needs Kalla's bundled engine. VIEWMAPPER_JAR points at your own jar (${rt.jar.path}), which is used only through its \`run\` command by explore_trino_views. Unset VIEWMAPPER_JAR to use every tool.`);
    if (closed) throw new EngineCrashError('the server is shutting down');
    engine ??= new ServeEngine({ java: rt.java.path, jar: rt.jar.path, env, timeoutMs: config.timeoutMs, log });
    return engine;
  };

  const source = (a: { connection?: string; catalog?: string; schema?: string; user?: string; password?: string }): Source => ({
    connection: a.connection?.trim() || config.connection,
    catalog: a.catalog,
    schema: a.schema,
    user: a.user,
    password: a.password,
  });

  const tool = <Shape extends z.ZodRawShape, Out extends z.ZodRawShape>(
    name: string,
    title: string,
    description: string,
    inputSchema: Shape,
    outputSchema: Out,
    run: (args: z.output<z.ZodObject<Shape>>, extra: { sessionId?: string }) => Promise<CallToolResult>,
  ) => {
    const readsNote = ' Reads the connection it is given: file:// reads .sql/.json files inside the chosen folder, jdbc:// queries the database.';
    server.registerTool(name, { title, description: description + readsNote, inputSchema, outputSchema, annotations: { ...annotations, title } }, (async (args: Record<string, unknown>, extra: { sessionId?: string }) => {
      try {
        return await run(args as z.output<z.ZodObject<Shape>>, extra);
      } catch (error) {
        return fail(errorText(error, config, typeof args.password === 'string' ? args.password : undefined));
      }
    }) as never);
  };

  const req = async <T>(method: string, params: Record<string, unknown>): Promise<T> => (await getEngine()).request<T>(method, params);

  registerViewMapperGuide(server, {
    names: async (prefix, connection, tables) =>
      (await req<{ names: string[] }>('names', { ...sourceParams(source({ connection })), prefix, tables, limit: 100 })).names,
    columns: async (view, connection) => (await req<ViewColumns>('view_columns', { ...sourceParams(source({ connection })), name: view })).columns.map((c) => c.name),
  });

  tool(
    'explore_trino_views',
    'Explore Trino views',
    'Answer a question about SQL view dependencies (lineage) in plain language, with a Mermaid diagram when one helps. Examples: "what are the entry points", "what depends on orders", "upstream of customer_orders two levels", "show the full diagram", "explain daily_revenue". Remembers the last turns of each session_id. For a live Trino, pass connection jdbc:trino://host:port/catalog and schema as catalog.schema.',
    ExploreInputShape,
    ExploreResultSchema.shape,
    (args, extra) => explore({ env, config, log, histories, getRuntime, req, source }, args, extra),
  );

  tool('list_catalogs', 'List catalogs', 'Catalogs of a connection (JDBC: DatabaseMetaData; test:// and file://: their one catalog).', { connection: SourceShape.connection, user: SourceShape.user, password: SourceShape.password }, { connection: z.string(), catalogs: z.array(z.string()) }, async (args) => {
    const src = source(args);
    const r = await req<{ catalogs: string[] }>('list_catalogs', sourceParams(src));
    return ok({ connection: src.connection, catalogs: r.catalogs }, r.catalogs.length ? r.catalogs.join('\n') : '(no catalogs)');
  });

  tool('list_schemas', 'List schemas', 'Schemas of a connection, optionally of one catalog (system schemas are left out).', ListSchemasInputShape, { connection: z.string(), schemas: z.array(z.string()) }, async (args) => {
    const src = source(args);
    const r = await req<{ schemas: string[] }>('list_schemas', sourceParams(src));
    return ok({ connection: src.connection, schemas: r.schemas }, r.schemas.length ? r.schemas.join('\n') : '(no schemas)');
  });

  tool('analyze_schema', 'Analyze schema', 'Counts (views, tables, dependencies), complexity, views that could not be parsed, cycles and entry points of a schema.', SourceShape, AnalysisSchema.shape, async (args) => {
    const r = await req<Analysis>('analyze', sourceParams(source(args)));
    return ok(r, renderAnalysis(r));
  });

  tool('suggest_entry_points', 'Suggest entry points', 'Where to start exploring: high-impact views (most dependents), leaf views (nothing depends on them) and central hubs (betweenness).', EntryPointsInputShape, { entryPoints: EntryPointsSchema }, async (args) => {
    const r = await req<{ entryPoints: EntryPoints }>('entry_points', { ...sourceParams(source(args)), ...(args.limit ? { limit: args.limit } : {}) });
    return ok(r, renderEntryPoints(r.entryPoints));
  });

  tool('extract_subgraph', 'Extract subgraph', 'The views and tables around one object, to the given depths upstream (what it reads) and downstream (what reads it), nearest first, with edges from the relation read to its reader.', SubgraphInputShape, SubgraphSchema.shape, async (args) => {
    const r = await req<Subgraph>('subgraph', {
      ...sourceParams(source(args)),
      ...(args.focus ? { focus: args.focus } : {}),
      ...(args.upstream_depth !== undefined ? { upstreamDepth: args.upstream_depth } : {}),
      ...(args.downstream_depth !== undefined ? { downstreamDepth: args.downstream_depth } : {}),
      ...(args.max_nodes !== undefined ? { maxNodes: args.max_nodes } : {}),
    });
    if (r.tooLarge) return ok(r, r.message ?? `${r.total} nodes: too many to list.`);
    const where = r.focus === null ? 'in the whole graph' : `around ${r.focus}`;
    const cut = r.truncated ? ` (the nearest of ${r.total ?? 'more'}: ${r.total !== undefined ? r.total - r.nodes.length : 'some'} farthest left out)` : '';
    return ok(r, `${r.nodes.length} nodes, ${r.edges.length} edges ${where}${cut}:\n${r.nodes.map((n) => `- ${n.name} (${n.kind}, ${n.role}${n.schema ? `, schema ${n.schema}` : ''})`).join('\n')}`);
  });

  tool('impact_of', 'Impact of a change', 'Every view that depends on an object, directly or transitively, with its depth.', ImpactInputShape, ImpactSchema.shape, async (args) => {
    const r = await req<Impact>('impact', { ...sourceParams(source(args)), name: args.name });
    return ok(r, `${r.count} dependent(s) of ${r.name}${r.count ? `:\n${r.dependents.map((d) => `- ${d.name} (${d.kind}, level ${d.depth})`).join('\n')}` : '.'}`);
  });

  tool('generate_mermaid', 'Generate Mermaid diagram', 'A Mermaid flowchart of the whole graph or of the neighbourhood of a focus. Over max_diagram_nodes it is not drawn and entry points are suggested instead.', MermaidInputShape, DiagramSchema.shape, async (args) => {
    const r = await req<z.infer<typeof DiagramSchema>>('mermaid', {
      ...sourceParams(source(args)),
      ...(args.focus ? { focus: args.focus } : {}),
      ...(args.direction ? { direction: args.direction } : {}),
      ...(args.upstream_depth !== undefined ? { upstreamDepth: args.upstream_depth } : {}),
      ...(args.downstream_depth !== undefined ? { downstreamDepth: args.downstream_depth } : {}),
      ...(args.max_nodes !== undefined ? { maxNodes: args.max_nodes } : {}),
      ...(args.max_diagram_nodes !== undefined ? { maxDiagramNodes: args.max_diagram_nodes } : {}),
    });
    return ok(r, r.mermaid ? `\`\`\`mermaid\n${r.mermaid.trimEnd()}\n\`\`\`` : (r.message ?? 'No diagram.'));
  });

  tool('get_view_sql', 'Get view SQL', 'The SQL definition of a view.', ViewSqlInputShape, ViewSqlSchema.shape, async (args) => {
    const r = await req<{ name: string; kind: string; sql: string | null }>('view_sql', { ...sourceParams(source(args)), name: args.name });
    return ok(r, r.sql ? `\`\`\`sql\n${r.sql}\n\`\`\`` : `${r.name} is a ${r.kind}; it has no SQL definition here.`);
  });

  tool('view_columns', 'View columns', "A view's columns, each with the columns of the views and tables it is made from and how (direct, expression, window, aggregate), the columns its expression only reads (a window's PARTITION BY/ORDER BY, a CASE WHEN or IF condition), and apart from them the columns the view only joins, filters, groups or sorts on (indirect). Links the SQL alone does not prove are marked assumed, with the reason.", ViewColumnsInputShape, ViewColumnsSchema.shape, async (args) => {
    const r = await req<ViewColumns>('view_columns', { ...sourceParams(source(args)), name: args.name });
    const origin = (o: ViewColumns['columns'][number]['origins'][number]) => `${o.relation}.${o.column} (${o.kind}${o.assumed ? `, assumed: ${o.assumed}` : ''})`;
    const keyed = (c: ViewColumns['columns'][number]) =>
      c.indirect?.length ? `; reads, not as its value: ${c.indirect.map((i) => `${i.relation}.${i.column} (${INDIRECT_USE[i.subtype]})`).join(', ')}` : '';
    const lines = r.columns.map((c) => `- ${c.name} ← ${c.origins.map(origin).join(', ') || 'no source column (a constant or count(*))'}${keyed(c)}`);
    if (r.passesThrough.length) lines.push(`Also every column of ${r.passesThrough.join(', ')} (through *; the catalog does not list them).`);
    if (r.untraced?.length) lines.push(`Its * also reads ${r.untraced.join(', ')}, which column lineage does not follow: those columns are not listed.`);
    if (r.indirect?.length) {
      lines.push(`Indirect (decide which rows there are or their order, not a value; dropping one breaks the view): ${r.indirect.map((i) => `${i.relation}.${i.column} (${INDIRECT_USE[i.subtype]})`).join(', ')}`);
    }
    return ok(r, r.error ? `${r.name}: ${r.error}` : `${r.name} has ${r.columns.length} column(s):\n${lines.join('\n')}`);
  });

  tool(
    'openlineage_column_lineage',
    'Column lineage as OpenLineage',
    "A view's (name) or every view's column lineage as OpenLineage columnLineage dataset facets (spec 1-2-0), ready to send to Marquez, DataHub or OpenMetadata inside a RunEvent's outputs. Each view column lists the columns it is made from, with transformations DIRECT/IDENTITY (as is), DIRECT/TRANSFORMATION (expression) or DIRECT/AGGREGATION (aggregate or window function), and the columns it only reads as INDIRECT/WINDOW (a window's keys) or INDIRECT/CONDITIONAL (a CASE WHEN or IF condition); the view's JOIN, WHERE, GROUP BY, HAVING and ORDER BY columns are the dataset-level INDIRECT list.",
    OpenLineageInputShape,
    OpenLineageExportSchema.shape,
    async (args) => {
      const r = await req<OpenLineageExport>('openlineage', {
        ...sourceParams(source(args)),
        ...(args.name ? { name: args.name } : {}),
        ...(args.namespace ? { namespace: args.namespace } : {}),
        ...(args.limit ? { limit: args.limit } : {}),
      });
      const fields = r.datasets.reduce((n, d) => n + Object.keys(d.facets.columnLineage.fields).length, 0);
      const head = `${r.datasets.length} dataset(s) of ${r.total}${r.truncated ? ' (truncated: raise limit for the rest)' : ''}, ${fields} column(s) with lineage. JSON:`;
      const json = JSON.stringify(r.datasets.length === 1 ? r.datasets[0] : r.datasets, null, 1);
      return ok(r, json.length > 200_000 ? `${head} ${json.length} characters, too long for text: read structuredContent.datasets.` : `${head}\n\`\`\`json\n${json}\n\`\`\``);
    },
  );

  tool(
    'trace_column',
    'Trace a column',
    'Column-level lineage. upstream (default): the columns a view column is made from, through CTEs, subqueries, *, joins and set operations, down to base tables, with the transformation of each step. downstream: every view column that reads a column ("what breaks if I drop raw.orders.discount"). Returns nodes, edges, notes where lineage could not be followed, and a Mermaid diagram.',
    TraceColumnInputShape,
    ColumnTraceSchema.shape,
    async (args) => {
      const r = await req<ColumnTrace>('trace_column', {
        ...sourceParams(source(args)),
        name: args.name,
        ...(args.column ? { column: args.column } : {}),
        ...(args.direction ? { direction: args.direction } : {}),
        ...(args.max_nodes !== undefined ? { maxNodes: args.max_nodes } : {}),
      });
      const edges = r.edges.map((e) => `- ${e.from} → ${e.to} (${e.kind}${e.assumed ? `, assumed: ${e.assumed}` : ''})`);
      const head = r.direction === 'upstream' ? `${r.column} is made from ${r.nodes.length - 1} column(s) upstream:` : `${r.nodes.length - 1} column(s) read ${r.column}:`;
      const notes = r.notes.length ? `\n\nNot followed:\n${r.notes.map((n) => `- ${n}`).join('\n')}` : '';
      return ok(r, `${head}\n${edges.join('\n') || '- (none)'}${r.truncated ? `\n(the nearest ${r.nodes.length - 1} listed; ${r.total !== undefined ? `${r.totalIsLowerBound ? 'more than ' : ''}${r.total - r.nodes.length}` : 'some'} farthest left out)` : ''}${notes}\n\n\`\`\`mermaid\n${r.mermaid.trimEnd()}\n\`\`\``);
    },
  );

  refuseUnknownTools(server);
  return {
    server,
    async close() {
      closed = true;
      await engine?.stop();
    },
  };
}
