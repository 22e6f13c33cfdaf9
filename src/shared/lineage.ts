/**
 * Shapes of the lineage domain, shared by the viewmapper MCP server (tool
 * inputs and structured outputs), the main process and the renderer.
 */
import { z } from 'zod';

export const EntryPointSchema = z.object({ name: z.string(), kind: z.string(), score: z.number(), why: z.string() });
export type EntryPoint = z.infer<typeof EntryPointSchema>;
export const EntryPointsSchema = z.object({
  highImpact: z.array(EntryPointSchema),
  leafViews: z.array(EntryPointSchema),
  centralHubs: z.array(EntryPointSchema),
});
export type EntryPoints = z.infer<typeof EntryPointsSchema>;

export const AnalysisSchema = z.object({
  connection: z.string(),
  catalog: z.string().nullable().optional(),
  schema: z.string().nullable().optional(),
  viewCount: z.number(),
  tableCount: z.number(),
  edgeCount: z.number(),
  complexity: z.string(),
  failures: z.array(z.object({ view: z.string(), reason: z.string() })),
  cycles: z.array(z.array(z.string())),
  entryPoints: EntryPointsSchema,
  loadMillis: z.number().optional(),
  cached: z.boolean().optional(),
});
export type Analysis = z.infer<typeof AnalysisSchema>;

/** `schema`: the node's schema as names write it (`raw`, or `cat.raw` in another catalog), also where its name leaves the default schema out. */
export const GraphNodeSchema = z.object({ name: z.string(), kind: z.string(), role: z.string().optional(), schema: z.string().optional() });
/** Without a focus: the whole graph, or (past the node cap) `tooLarge` with its `total`, a message and suggestions. */
export const SubgraphSchema = z.object({
  focus: z.string().nullable(),
  nodes: z.array(GraphNodeSchema),
  edges: z.array(z.tuple([z.string(), z.string()])),
  truncated: z.boolean(),
  /** Nodes within the depths before the cap: `total - nodes.length` were left out. */
  total: z.number().optional(),
  tooLarge: z.boolean().optional(),
  nodeCount: z.number().optional(),
  message: z.string().optional(),
  suggestions: z.unknown().optional(),
});
export type Subgraph = z.infer<typeof SubgraphSchema>;

/** The large view draws a neighbourhood's nearest this many nodes; main asks the engine for no more (its `total` counts the rest). */
export const LARGE_VIEW_NEIGHBOURHOOD = 500;

/** Nodes and edges for the large-graph view (issue 26): a neighbourhood, nearest first, or the whole graph. */
export const LineageGraphSchema = z.object({
  focus: z.string().nullable(),
  nodes: z.array(GraphNodeSchema),
  edges: z.array(z.tuple([z.string(), z.string()])),
  /** The engine itself stopped at its cap, so there are more nodes than `nodes` holds. */
  truncated: z.boolean(),
  /** How many nodes there are in all (within the depths), when the engine said. */
  total: z.number().optional(),
});
export type LineageGraph = z.infer<typeof LineageGraphSchema>;

export const ImpactSchema = z.object({
  name: z.string(),
  dependents: z.array(z.object({ name: z.string(), kind: z.string(), depth: z.number() })),
  count: z.number(),
});
export type Impact = z.infer<typeof ImpactSchema>;

export const DiagramSchema = z.object({
  mermaid: z.string().optional(),
  nodeCount: z.number(),
  edgeCount: z.number().optional(),
  truncated: z.boolean().optional(),
  /** Nodes within the depths before the node cap: `total - nodeCount` farthest were left out. */
  total: z.number().optional(),
  tooLarge: z.boolean().optional(),
  message: z.string().optional(),
  suggestions: z.unknown().optional(),
});
export type Diagram = z.infer<typeof DiagramSchema>;

export const ViewSqlSchema = z.object({ name: z.string(), kind: z.string(), sql: z.string().nullable() });
export type ViewSql = z.infer<typeof ViewSqlSchema>;

/** How a column's value is made from a source column (strongest step along a path). */
export const TransformKindSchema = z.enum(['direct', 'expression', 'window', 'aggregate', 'indirect']);
/** `assumed` says why the SQL alone does not prove the link (an ambiguous bare name, a * over several relations). */
const ColumnOriginSchema = z.object({ relation: z.string(), column: z.string(), kind: TransformKindSchema, assumed: z.string().optional() });
export const ViewColumnsSchema = z.object({
  name: z.string(),
  kind: z.enum(['view', 'table']),
  columns: z.array(
    z.object({
      name: z.string(),
      origins: z.array(ColumnOriginSchema),
      notes: z.array(z.string()),
      indirect: z
        .array(z.object({ relation: z.string(), column: z.string(), subtype: z.enum(['window', 'conditional']) }))
        .optional()
        .describe("Columns this column's expression reads without taking their value (OpenLineage INDIRECT): a window's PARTITION BY / ORDER BY, a CASE WHEN or IF condition"),
    }),
  ),
  passesThrough: z.array(z.string()).describe('Relations whose columns the catalog does not list and which pass through a * unnamed'),
  untraced: z
    .array(z.string())
    .optional()
    .describe('What a * of the view also reads that column lineage does not follow (a table function, UNNEST without names, MATCH_RECOGNIZE): its columns are not listed'),
  indirect: z
    .array(z.object({ relation: z.string(), column: z.string(), subtype: z.enum(['join', 'filter', 'group_by', 'sort']) }))
    .optional()
    .describe("Columns the view only joins, filters, groups or sorts on (OpenLineage INDIRECT): not a source of any column's value, but dropping one breaks the view"),
  error: z.string().optional(),
});
export type ViewColumns = z.infer<typeof ViewColumnsSchema>;
/** How an indirect column is used, in words. */
export const INDIRECT_USE = { join: 'joins on', filter: 'filters on', group_by: 'groups by', sort: 'sorts by', window: 'window key', conditional: 'condition' } as const;
export const ColumnTraceSchema = z.object({
  column: z.string(),
  direction: z.enum(['upstream', 'downstream']),
  nodes: z.array(z.object({ relation: z.string(), column: z.string(), kind: z.enum(['view', 'table']) })),
  edges: z.array(z.object({ from: z.string(), to: z.string(), kind: TransformKindSchema, assumed: z.string().optional() })),
  notes: z.array(z.string()),
  /** The node cap cut the trace: `nodes` are the nearest columns, `total - nodes.length` farthest were left out. */
  truncated: z.boolean(),
  /** Every column the trace reaches, the start included (counted past the cap). */
  total: z.number().optional(),
  /** The count itself stopped at the engine's limit: there are more than `total`. */
  totalIsLowerBound: z.boolean().optional(),
  mermaid: z.string(),
});
export type ColumnTrace = z.infer<typeof ColumnTraceSchema>;

export const HistoryMessageSchema = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });

export const ExploreResultSchema = z.object({
  answer: z.string(),
  mermaid: z.string().nullable(),
  intent: z.string().nullable(),
  engine: z.enum(['deterministic', 'llm']),
  /** serve: the warm JVM's `explain`; run: a user's own jar through the upstream CLI contract. */
  via: z.enum(['serve', 'run']),
  session_id: z.string(),
  connection: z.string(),
  /** The remembered conversation this answer was given with (last turns, answers truncated). */
  history: z.array(HistoryMessageSchema),
  elapsed_ms: z.number(),
  /** LLM path: the engine tools the model called. */
  tools_used: z.array(z.string()).optional(),
  /** auto mode: why the answer is deterministic although an LLM is configured. */
  fallback_reason: z.string().optional(),
});
export type ExploreResult = z.infer<typeof ExploreResultSchema>;

// ── tool inputs (raw zod shapes, as McpServer.registerTool takes them) ──────────

const connectionField = z
  .string()
  .min(1)
  .max(4096)
  .optional()
  .describe('test://kalla_ecommerce, test://analytics_platform, file:///path (views.json, a .sql file or a folder), jdbc:trino://host:8080/catalog[/schema]; default VIEWMAPPER_CONNECTION');
const schemaField = z.string().min(1).max(512).optional().describe('Schema to analyse, as catalog.schema (e.g. viewzoo.example) or schema');
const catalogField = z.string().min(1).max(512).optional().describe('Catalog (optional when schema is catalog.schema)');
const userField = z.string().max(512).optional().describe('JDBC user (JDBC connections only)');
const passwordField = z.string().max(4096).optional().describe('JDBC password (JDBC connections only; never echoed)');

export const SourceShape = { connection: connectionField, catalog: catalogField, schema: schemaField, user: userField, password: passwordField };

export const ExploreInputShape = {
  query: z.string().min(1, "'query' parameter is required").max(10_000).describe('A question about the views, e.g. "what depends on orders", "upstream of customer_orders two levels", "what are the entry points"'),
  connection: connectionField,
  schema: schemaField,
  session_id: z.string().min(1).max(200).optional().describe('Conversation id; each keeps its own last turns (default "default")'),
  engine: z.enum(['auto', 'deterministic', 'llm']).optional().describe('auto (default): Claude picks among the lineage tools when ANTHROPIC_API_KEY is set, else the deterministic engine; deterministic; llm'),
  user: userField,
  password: passwordField,
};

const depth = (what: string, d: number) => z.number().int().min(0).max(20).optional().describe(`${what} levels (default ${d})`);
const nameField = (what: string) => z.string().min(1).max(1024).describe(`${what}: orders, raw.orders, cat.raw.orders or a quoted form`);
const directionField = z.enum(['TB', 'TD', 'LR', 'BT', 'RL']).optional().describe('Diagram direction (default TB)');

export const ListSchemasInputShape = { connection: connectionField, catalog: catalogField, user: userField, password: passwordField };
export const EntryPointsInputShape = { ...SourceShape, limit: z.number().int().min(1).max(100).optional().describe('How many per list (default 5)') };
export const SubgraphInputShape = {
  ...SourceShape,
  focus: nameField('The view or table at the centre (omit for the whole graph)').optional(),
  upstream_depth: depth('Upstream', 2),
  downstream_depth: depth('Downstream', 2),
  max_nodes: z.number().int().min(1).max(20000).optional().describe('Node cap; the farthest nodes are dropped (default 50); a whole graph past it is not listed ("tooLarge")'),
};
export const ImpactInputShape = { ...SourceShape, name: nameField('The view or table whose dependents you want') };
export const MermaidInputShape = {
  ...SourceShape,
  focus: nameField('Centre of the diagram (omit for the whole graph)').optional(),
  direction: directionField,
  upstream_depth: depth('Upstream', 2),
  downstream_depth: depth('Downstream', 2),
  max_nodes: z.number().int().min(1).max(1000).optional().describe('Node cap around the focus (default 50)'),
  max_diagram_nodes: z.number().int().min(1).max(20000).optional().describe('Above this the diagram is not drawn and entry points are suggested (default 100)'),
};
export const ViewSqlInputShape = { ...SourceShape, name: nameField('The view') };
export const ViewColumnsInputShape = { ...SourceShape, name: nameField('The view') };
export const TraceColumnInputShape = {
  ...SourceShape,
  name: nameField('The view or table, or view.column'),
  column: z.string().min(1).max(512).optional().describe('The column (omit when name ends with it: daily_revenue.booked)'),
  direction: z.enum(['upstream', 'downstream']).optional().describe('upstream (default): the columns it is made from, to base tables; downstream: every view column that reads it (what breaks if it is dropped)'),
  max_nodes: z.number().int().min(1).max(2000).optional().describe('Node cap (default 200): the nearest columns are listed, the rest counted in total'),
};

// ── Lineage workspace (renderer ↔ main) ─────────────────────────────────────────

export const LineageSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dataset'), dataset: z.enum(['kalla_ecommerce', 'analytics_platform', 'generated_warehouse']) }).strict(),
  z.object({ kind: z.literal('path'), path: z.string().min(1).max(4096) }).strict(),
  z
    .object({
      kind: z.literal('jdbc'),
      url: z.string().regex(/^jdbc:[a-z0-9]+:/i, 'a JDBC URL starts with jdbc:, e.g. jdbc:trino://host:8080/catalog').max(4096),
      user: z.string().max(512).optional(),
      /** Only ever renderer → main; stored in the SecretStore and never sent back. */
      password: z.string().max(4096).optional(),
    })
    .strict(),
]);
export type LineageSource = z.infer<typeof LineageSourceSchema>;

export const DATASETS = [
  { id: 'kalla_ecommerce', label: 'Kalla e-commerce', description: '12 views over a shop’s raw tables' },
  { id: 'analytics_platform', label: 'Analytics platform', description: '151 views: staging → marts → reports, one broken on purpose' },
  { id: 'generated_warehouse', label: 'Generated warehouse', description: '10,000 generated views (large)' },
] as const;

export const LineageTurnSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  mermaid: z.string().nullable(),
  isError: z.boolean(),
  engine: z.string().optional(),
  at: z.string(),
});
export type LineageTurn = z.infer<typeof LineageTurnSchema>;

/** What the renderer sees of the workspace's connection: never a password, only whether one is stored. */
export const LineageConnectionViewSchema = z.object({
  label: z.string(),
  kind: z.enum(['dataset', 'path', 'jdbc']),
  connection: z.string(),
  user: z.string().optional(),
  passwordStored: z.boolean(),
  schema: z.string().optional(),
});
export type LineageConnectionView = z.infer<typeof LineageConnectionViewSchema>;

export const LineageStateSchema = z.object({
  connection: LineageConnectionViewSchema.nullable(),
  turns: z.array(LineageTurnSchema),
});
export type LineageState = z.infer<typeof LineageStateSchema>;
