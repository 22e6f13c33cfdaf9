/**
 * The Lineage workspace's main-process side. Every question goes to the
 * built-in `viewmapper` MCP server through the McpHost, exactly as any MCP
 * client would reach it. The chosen connection and the conversation live in
 * `<dataDir>/lineage/workspace.json` (so they survive a restart); a JDBC
 * password lives in the SecretStore and never goes back to the renderer.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import {
  AnalysisSchema,
  DiagramSchema,
  ExploreResultSchema,
  LineageGraphSchema,
  SubgraphSchema,
  type LineageGraph,
  LineageTurnSchema,
  ViewSqlSchema,
  ViewColumnsSchema,
  ColumnTraceSchema,
  LARGE_VIEW_NEIGHBOURHOOD,
  type ColumnTrace,
  type ViewColumns,
  type Analysis,
  type Diagram,
  type LineageConnectionView,
  type LineageSource,
  type LineageState,
  type LineageTurn,
  type ViewSql,
} from '../../shared/lineage';
import type { ToolCallResult } from '../../shared/mcp';
import { UserError } from '../errors';
import type { McpHost } from '../mcp/host';
import { writeFileAtomic } from '../base/atomic-write';

export const LINEAGE_SERVER = 'viewmapper';
export const PASSWORD_SECRET = 'lineage.jdbc.password';
const MAX_TURNS = 200;
/** The server's history is per session: one session per workspace. */
const SESSION_ID = 'lineage-workspace';

/** What the service needs of the SecretStore. */
export interface SecretAccess {
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

const StoredConnectionSchema = z.object({
  kind: z.enum(['dataset', 'path', 'jdbc']),
  connection: z.string(),
  label: z.string(),
  user: z.string().optional(),
  schema: z.string().optional(),
});
type StoredConnection = z.infer<typeof StoredConnectionSchema>;

const WorkspaceFileSchema = z.object({
  version: z.literal(1),
  connection: StoredConnectionSchema.nullable(),
  turns: z.array(LineageTurnSchema),
});
type WorkspaceFile = z.infer<typeof WorkspaceFileSchema>;

/**
 * The bundled shop sample was called `simple_ecommerce` until it was renamed (upstream
 * ViewMapper's dataset of that name has other content); a workspace saved before keeps working.
 */
function migrateStored(c: StoredConnection | null): StoredConnection | null {
  if (c?.kind === 'dataset' && c.connection === 'test://simple_ecommerce') return { ...c, connection: 'test://kalla_ecommerce', label: c.label === 'simple_ecommerce' ? 'kalla_ecommerce' : c.label };
  return c;
}

export function connectionFor(source: LineageSource): { connection: string; label: string } {
  switch (source.kind) {
    case 'dataset':
      return { connection: `test://${source.dataset}`, label: source.dataset };
    case 'path': {
      const raw = source.path.trim();
      if (/^file:\/\//i.test(raw)) return { connection: raw, label: raw };
      const expanded = raw.startsWith('~/') ? join(process.env.HOME ?? '', raw.slice(2)) : raw;
      if (!isAbsolute(expanded)) throw new UserError(`Give the full path of the file or folder (for example /home/me/views or C:\\views), not "${raw}".`, 'invalid_input');
      const abs = resolve(expanded);
      return { connection: pathToFileURL(abs).href, label: abs };
    }
    case 'jdbc':
      return { connection: source.url.trim(), label: source.url.trim().replace(/[?;].*$/, '') };
  }
}

function textOf(r: ToolCallResult): string {
  return r.content
    .map((c) => (c.type === 'text' && 'text' in c ? String(c.text) : ''))
    .join('\n')
    .trim();
}

/** The most nodes the large-graph view asks the engine for (the tools' own maximum). */
const GRAPH_CAP = 20_000;

export class LineageService {
  private file: string;
  private data?: WorkspaceFile;
  private writing = Promise.resolve();

  constructor(
    private readonly host: McpHost,
    private readonly secrets: SecretAccess,
    dataDir: string,
  ) {
    this.file = join(dataDir, 'lineage', 'workspace.json');
  }

  private async load(): Promise<WorkspaceFile> {
    if (this.data) return this.data;
    try {
      const parsed = WorkspaceFileSchema.safeParse(JSON.parse(await readFile(this.file, 'utf8')));
      this.data = parsed.success ? { ...parsed.data, connection: migrateStored(parsed.data.connection) } : { version: 1, connection: null, turns: [] };
    } catch {
      this.data = { version: 1, connection: null, turns: [] };
    }
    return this.data;
  }

  private save(next: WorkspaceFile): Promise<void> {
    this.data = next;
    const text = `${JSON.stringify(next, null, 2)}\n`;
    // The previous write's caller already got its failure; this write must still run after it.
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        await mkdir(join(this.file, '..'), { recursive: true });
        await writeFileAtomic(this.file, text);
      });
    return this.writing;
  }

  async state(): Promise<LineageState> {
    const d = await this.load();
    return { connection: d.connection ? await this.view(d.connection) : null, turns: d.turns };
  }

  private async view(c: StoredConnection): Promise<LineageConnectionView> {
    return {
      kind: c.kind,
      connection: c.kind === 'jdbc' ? c.connection.replace(/(password=)[^&;]*/gi, '$1••••') : c.connection,
      label: c.label,
      ...(c.user ? { user: c.user } : {}),
      ...(c.schema ? { schema: c.schema } : {}),
      passwordStored: c.kind === 'jdbc' && (await this.secrets.get(PASSWORD_SECRET)) !== undefined,
    };
  }

  /** Makes sure the built-in server is running (it may still be starting with the app). */
  private async ensureServer(): Promise<void> {
    const s = this.host.get(LINEAGE_SERVER);
    if (!s) throw new UserError('The built-in viewmapper server is missing from this build of Kalla.', 'unavailable');
    if (s.disabled) throw new UserError('The viewmapper server is disabled. Enable it in the Servers workspace to explore lineage.', 'unavailable');
    if (s.status === 'running') return;
    try {
      await this.host.startServer(LINEAGE_SERVER);
    } catch (e) {
      throw new UserError(`The viewmapper server could not start: ${e instanceof Error ? e.message : String(e)}. See its log in the Servers workspace.`, 'unavailable');
    }
  }

  private async sourceArgs(c: StoredConnection): Promise<Record<string, unknown>> {
    const args: Record<string, unknown> = { connection: c.connection };
    if (c.schema) args.schema = c.schema;
    if (c.kind === 'jdbc') {
      if (c.user) args.user = c.user;
      const password = await this.secrets.get(PASSWORD_SECRET);
      if (password) args.password = password;
    }
    return args;
  }

  private async tool(name: string, args: Record<string, unknown>, opts: { callId?: string } = {}): Promise<{ structured: Record<string, unknown>; text: string }> {
    await this.ensureServer();
    const r = await this.host.callTool(LINEAGE_SERVER, name, args, opts.callId ? { callId: opts.callId } : {});
    const text = textOf(r);
    if (r.isError) throw new UserError(text.replace(/^❌ (ViewMapper )?Error:\s*/u, '').replace(/\s\([A-Z_]+\)$/, '') || `${name} failed`, 'tool_error');
    if (!r.structuredContent) throw new UserError(`The viewmapper server answered ${name} without data.`, 'tool_error');
    return { structured: r.structuredContent, text };
  }

  private async current(): Promise<StoredConnection> {
    const c = (await this.load()).connection;
    if (!c) throw new UserError('Pick a connection first.', 'no_connection');
    return c;
  }

  async connect(source: LineageSource, schema: string | undefined): Promise<{ state: LineageState; analysis: Analysis }> {
    const { connection, label } = connectionFor(source);
    const stored: StoredConnection = {
      kind: source.kind,
      connection,
      label,
      ...(source.kind === 'jdbc' && source.user ? { user: source.user } : {}),
      ...(schema?.trim() ? { schema: schema.trim() } : {}),
    };
    const previousPassword = await this.secrets.get(PASSWORD_SECRET);
    if (source.kind === 'jdbc' && source.password) await this.secrets.set(PASSWORD_SECRET, source.password);
    try {
      const analysis = AnalysisSchema.parse((await this.tool('analyze_schema', await this.sourceArgs(stored))).structured);
      const d = await this.load();
      // A new connection starts a new conversation; the same one keeps it.
      const same = d.connection?.connection === stored.connection && d.connection?.schema === stored.schema;
      if (source.kind !== 'jdbc') await this.secrets.delete(PASSWORD_SECRET);
      await this.save({ version: 1, connection: stored, turns: same ? d.turns : [] });
      return { state: await this.state(), analysis };
    } catch (e) {
      // A failed connect keeps what was stored before.
      if (source.kind === 'jdbc' && source.password) {
        if (previousPassword === undefined) await this.secrets.delete(PASSWORD_SECRET);
        else await this.secrets.set(PASSWORD_SECRET, previousPassword);
      }
      throw e;
    }
  }

  /**
   * The saved JDBC connection with its password, for the main process only (Reconcile's database
   * sources share it); null when the workspace has no JDBC connection.
   */
  async savedJdbc(): Promise<{ url: string; user?: string; password?: string } | null> {
    const c = (await this.load()).connection;
    if (c?.kind !== 'jdbc') return null;
    const password = await this.secrets.get(PASSWORD_SECRET);
    return { url: c.connection, ...(c.user ? { user: c.user } : {}), ...(password ? { password } : {}) };
  }

  async analyze(): Promise<Analysis> {
    const c = await this.current();
    return AnalysisSchema.parse((await this.tool('analyze_schema', await this.sourceArgs(c))).structured);
  }

  async diagram(input: { focus?: string; upstreamDepth?: number; downstreamDepth?: number; direction?: 'TB' | 'LR' | 'BT' | 'RL'; maxNodes?: number }): Promise<Diagram> {
    const c = await this.current();
    const args: Record<string, unknown> = { ...(await this.sourceArgs(c)) };
    if (input.focus) args.focus = input.focus;
    if (input.direction) args.direction = input.direction;
    if (input.upstreamDepth !== undefined) args.upstream_depth = input.upstreamDepth;
    if (input.downstreamDepth !== undefined) args.downstream_depth = input.downstreamDepth;
    if (input.maxNodes !== undefined) args.max_nodes = input.maxNodes;
    return DiagramSchema.parse((await this.tool('generate_mermaid', args)).structured);
  }

  /**
   * Nodes and edges for the large-graph view (issue 26). A neighbourhood comes whole (up to the
   * engine's 20,000-node cap), nearest first, so the renderer decides how many to draw and counts
   * the rest; the whole graph is read back from the engine's Mermaid flowchart of it.
   */
  async graph(input: { focus?: string; upstreamDepth?: number; downstreamDepth?: number }): Promise<LineageGraph> {
    const c = await this.current();
    const args: Record<string, unknown> = { ...(await this.sourceArgs(c)) };
    if (input.upstreamDepth !== undefined) args.upstream_depth = input.upstreamDepth;
    if (input.downstreamDepth !== undefined) args.downstream_depth = input.downstreamDepth;
    if (input.focus) {
      // Only the nearest nodes the view draws: the engine's `total` still counts the rest, so 20,000 nodes
      // of which 500 are drawn are not sent through MCP, IPC and zod (issue 26: 1,201 → 500 in the bench).
      const s = SubgraphSchema.parse((await this.tool('extract_subgraph', { ...args, focus: input.focus, max_nodes: LARGE_VIEW_NEIGHBOURHOOD })).structured);
      return LineageGraphSchema.parse({ focus: s.focus, nodes: s.nodes, edges: s.edges, truncated: s.truncated, total: s.total });
    }
    // The whole graph: extract_subgraph without a focus (nodes with their schema), or "too large" with its count.
    const s = SubgraphSchema.parse((await this.tool('extract_subgraph', { ...(await this.sourceArgs(c)), max_nodes: GRAPH_CAP })).structured);
    if (s.tooLarge) {
      const n = (s.total ?? s.nodeCount ?? 0).toLocaleString('en');
      throw new UserError(`The whole graph has ${n} nodes, more than the ${GRAPH_CAP.toLocaleString('en')} the large view draws: focus a view to see its neighbourhood.`, 'tool_error');
    }
    return LineageGraphSchema.parse({ focus: null, nodes: s.nodes, edges: s.edges, truncated: s.truncated, total: s.total });
  }

  async viewSql(name: string): Promise<ViewSql> {
    const c = await this.current();
    return ViewSqlSchema.parse((await this.tool('get_view_sql', { ...(await this.sourceArgs(c)), name })).structured);
  }

  async viewColumns(name: string): Promise<ViewColumns> {
    const c = await this.current();
    return ViewColumnsSchema.parse((await this.tool('view_columns', { ...(await this.sourceArgs(c)), name })).structured);
  }

  async traceColumn(input: { name: string; column: string; direction: 'upstream' | 'downstream' }): Promise<ColumnTrace> {
    const c = await this.current();
    return ColumnTraceSchema.parse((await this.tool('trace_column', { ...(await this.sourceArgs(c)), ...input })).structured);
  }

  async ask(question: string, callId?: string): Promise<LineageTurn> {
    const c = await this.current();
    let turn: LineageTurn;
    try {
      const { structured } = await this.tool('explore_trino_views', { ...(await this.sourceArgs(c)), query: question, session_id: SESSION_ID }, { callId });
      const r = ExploreResultSchema.parse(structured);
      turn = { id: randomUUID(), question, answer: r.answer, mermaid: r.mermaid, isError: false, engine: r.engine, at: new Date().toISOString() };
    } catch (e) {
      if (!(e instanceof UserError) || e.code !== 'tool_error') throw e;
      turn = { id: randomUUID(), question, answer: e.message, mermaid: null, isError: true, at: new Date().toISOString() };
    }
    const d = await this.load();
    await this.save({ ...d, turns: [...d.turns, turn].slice(-MAX_TURNS) });
    return turn;
  }

  async clearConversation(): Promise<LineageState> {
    const d = await this.load();
    await this.save({ ...d, turns: [] });
    return this.state();
  }
}
