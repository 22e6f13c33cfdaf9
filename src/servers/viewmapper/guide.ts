/**
 * What viewmapper offers besides tools: reference resources an MCP client (or its model) reads to
 * use the tools well, and prompts — the slash commands of Claude Desktop, VS Code and the like —
 * for the three questions people ask most: what a view is made of, where a column comes from,
 * and what breaks if something changes. Prompts only phrase the request; the tools do the work.
 */
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { registerMarkdownResource } from '../markdown-resource';

const CONNECTIONS = `# Connections viewmapper reads

Every tool takes \`connection\` (default: the server's VIEWMAPPER_CONNECTION, else \`test://kalla_ecommerce\`).

| connection | what it reads |
| --- | --- |
| \`test://kalla_ecommerce\` | Bundled shop dataset: 12 views in \`test.ecommerce\`, raw tables in \`raw\`. |
| \`test://analytics_platform\` | Bundled dataset of 151 views (staging → intermediate → marts → reports); one view is deliberately broken. |
| \`test://generated_warehouse\` | 10,000 generated views (a fixed seed). |
| \`file:///path/to/folder\` | \`.sql\` files (CREATE VIEW …) and \`views.json\` under that folder only; no other files, no symlinks out of it. |
| \`file:///path/to/views.json\` | One views file (upstream ViewMapper's dataset format works). |
| \`jdbc:trino://host:port/catalog\` | A live Trino: views from information_schema; pass \`schema\` as \`catalog.schema\`, \`user\` and \`password\` if needed. |
| \`jdbc:postgresql://host:port/db\` | A live PostgreSQL: views from its catalog. |

Upstream ViewMapper's dataset names (\`simple_ecommerce\`, \`moderate_analytics\`, …) are not bundled: load upstream's JSON with \`file://\`.
`;

const QUESTIONS = `# Questions explore_trino_views answers

- "what are the entry points" — high-impact views, leaf views, central hubs
- "what depends on orders" / "impact of raw.orders" — everything downstream, with depth
- "upstream of customer_orders two levels" — what a view reads, to a depth
- "show the full diagram" / "diagram of daily_revenue" — Mermaid
- "explain daily_revenue" — what it reads and what reads it
- "where does top_customers.total_spent come from" — column lineage (trace_column)
- "what breaks if I drop raw.orders.discount" — column impact

Names may be written as people write them ("customer orders", a typo or two); a name that is
ambiguous is not guessed. Questions about things the catalog cannot answer (data values, owners,
run times) get "I can't answer that" with what can be asked instead.
`;

/** An optional `connection` argument, worded the same in every prompt. */
const connectionArg = z.string().optional().describe('Where the views are: test://…, file:///…, jdbc:trino://… (default: the server\'s own)');
const on = (connection: string | undefined) => (connection?.trim() ? ` on the connection ${connection.trim()}` : '');
const user = (text: string) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] });

/**
 * Argument completion for the prompts, answered by the engine: view (and table) names of the
 * connection named in the other arguments (else the default), and a view's column names. A
 * connection that cannot be read completes nothing rather than failing the client's form.
 */
export interface GuideCompletions {
  names(prefix: string, connection: string | undefined, tables: boolean): Promise<string[]>;
  columns(view: string, connection: string | undefined): Promise<string[]>;
}

export function registerViewMapperGuide(server: McpServer, complete: GuideCompletions): void {
  const quietly = async (work: () => Promise<string[]>) => work().catch(() => []);
  const nameArg = (description: string, tables: boolean) =>
    completable(z.string().describe(description), (value, context) => quietly(() => complete.names(value ?? '', context?.arguments?.connection, tables)));
  const columnArg = completable(z.string().describe('One of its columns'), (value, context) =>
    quietly(async () => {
      const view = context?.arguments?.view;
      if (!view) return [];
      const prefix = (value ?? '').toLowerCase();
      return (await complete.columns(view, context?.arguments?.connection)).filter((c) => c.toLowerCase().startsWith(prefix));
    }),
  );

  registerMarkdownResource(server, 'connections', 'viewmapper://guide/connections', { title: 'Connections', description: 'The connection strings viewmapper reads (bundled samples, folders of .sql files, Trino, PostgreSQL) and what each reads.' }, CONNECTIONS);
  registerMarkdownResource(server, 'questions', 'viewmapper://guide/questions', { title: 'Questions it answers', description: 'The kinds of lineage questions explore_trino_views answers, with examples.' }, QUESTIONS);

  server.registerPrompt(
    'explain_view',
    {
      title: 'Explain a view',
      description: 'What a view reads, what reads it, and a diagram around it.',
      argsSchema: { view: nameArg('The view, e.g. customer_orders or analytics.customer_orders', false), connection: connectionArg },
    },
    ({ view, connection }) =>
      user(
        `Explain the view ${view}${on(connection)}: use viewmapper's extract_subgraph (one level up and down) and get_view_sql to say what it reads and what reads it, then draw it with generate_mermaid focused on ${view}. Say if any dependency could not be determined with certainty.`,
      ),
  );
  server.registerPrompt(
    'column_origin',
    {
      title: 'Where does a column come from',
      description: "A view column's source columns, through aliases, CTEs, subqueries and expressions.",
      argsSchema: { view: nameArg('The view', false), column: columnArg, connection: connectionArg },
    },
    ({ view, column, connection }) =>
      user(
        `Where does ${view}.${column} come from${on(connection)}? Use viewmapper's trace_column (direction upstream) and name every source column with how it is transformed (direct, expression, aggregate, window). Mention any step the trace marks as not followed with certainty.`,
      ),
  );
  server.registerPrompt(
    'impact_of_change',
    {
      title: 'What breaks if this changes',
      description: 'Everything downstream of a table, view or column.',
      argsSchema: { name: nameArg('A table or view (raw.orders) or a column (raw.orders.discount)', true), connection: connectionArg },
    },
    ({ name, connection }) =>
      user(
        `What breaks if ${name} is dropped or changed${on(connection)}? If it names a column, use viewmapper's trace_column with direction downstream; otherwise impact_of. List what is affected, nearest first, and draw it with generate_mermaid.`,
      ),
  );
}
