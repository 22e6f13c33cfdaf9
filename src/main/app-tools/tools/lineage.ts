/**
 * The Lineage workspace through its LineageService: the same connection the
 * workspace shows, the same diagrams (Mermaid from the viewmapper server).
 */
import { z } from 'zod';
import { DATASETS } from '../../../shared/lineage';
import type { AppToolsContext } from '../context';
import { AppToolRefusal, defineTool, type AppToolModule } from '../registry';

type Lineage = NonNullable<AppToolsContext['lineage']>;

const DatasetIds = DATASETS.map((d) => d.id) as [string, ...string[]];

export function lineageModule(lineage: Lineage): AppToolModule {
  const NO_CONNECTION = 'The Lineage workspace has no connection yet. Call lineage_connect first (ask the user which dataset, folder or JDBC URL to use).';
  const ready = async () => ((await lineage.state()).connection ? undefined : NO_CONNECTION);
  const needConnection = async () => {
    const state = await lineage.state();
    if (!state.connection) throw new AppToolRefusal(NO_CONNECTION);
    return state.connection;
  };
  return {
    id: 'lineage',
    instructions:
      'Lineage: lineage_status → lineage_connect (if no connection) → lineage_overview → lineage_diagram with a focus view. Column questions ("where does X.col come from", "what breaks if I drop T.col") → lineage_trace_column. Diagrams come back as Mermaid and are shown to the user; do not repeat the Mermaid source in your answer.',
    tools: [
      defineTool({
        name: 'lineage_status',
        title: 'Lineage workspace status',
        description: 'The Lineage workspace’s current connection (dataset, folder of SQL files, or JDBC catalog), if any.',
        usageHint: 'Call first for any lineage question, to know whether a connection is open.',
        exampleFlow: 'lineage_status → lineage_connect (if none) → lineage_overview → lineage_diagram',
        scoped: 'lineage',
        finalizing: false,
        input: {},
        async run() {
          const { connection } = await lineage.state();
          if (!connection) return { text: 'No lineage connection is open.', structured: { connection: null } };
          return {
            text: `Connected to ${connection.label} (${connection.kind}${connection.schema ? `, schema ${connection.schema}` : ''}).`,
            structured: { connection: { kind: connection.kind, label: connection.label, schema: connection.schema ?? null } },
          };
        },
      }),
      defineTool({
        name: 'lineage_connect',
        title: 'Open a lineage connection',
        description: `Opens a connection in the Lineage workspace and analyses its views. Give exactly one of: dataset (built-in examples: ${DatasetIds.join(', ')}), path (absolute path of a folder or file of CREATE VIEW statements), or jdbc_url (+ user; passwords are entered by the user in the Lineage workspace, never here).`,
        usageHint: 'Replaces the workspace’s current connection, so it asks first. Use the dataset or path the user named; do not guess one.',
        exampleFlow: 'lineage_status → lineage_connect → lineage_overview → lineage_diagram',
        scoped: 'lineage',
        finalizing: false,
        input: {
          dataset: z.enum(DatasetIds).optional().describe('A built-in example dataset'),
          path: z.string().max(4096).optional().describe('Absolute path of a folder or file with CREATE VIEW statements'),
          jdbc_url: z.string().max(4096).optional().describe('JDBC URL of a Trino/SQL catalog'),
          user: z.string().max(256).optional().describe('JDBC user'),
          schema: z.string().max(512).optional().describe('Limit to one schema'),
        },
        async run(a) {
          const given = [a.dataset, a.path, a.jdbc_url].filter((x) => x !== undefined).length;
          if (given !== 1) throw new AppToolRefusal('Give exactly one of dataset, path or jdbc_url.');
          const source = a.dataset
            ? { kind: 'dataset' as const, dataset: a.dataset as (typeof DATASETS)[number]['id'] }
            : a.path
              ? { kind: 'path' as const, path: a.path }
              : { kind: 'jdbc' as const, url: a.jdbc_url!, ...(a.user ? { user: a.user } : {}) };
          const { state, analysis } = await lineage.connect(source as Parameters<Lineage['connect']>[0], a.schema);
          return {
            text: `Connected to ${state.connection?.label}: ${analysis.viewCount} views, ${analysis.tableCount} tables, ${analysis.edgeCount} dependencies (${analysis.complexity}).`,
            structured: { connection: state.connection?.label ?? null, viewCount: analysis.viewCount, tableCount: analysis.tableCount, edgeCount: analysis.edgeCount },
          };
        },
      }),
      defineTool({
        name: 'lineage_overview',
        title: 'Lineage overview',
        description: 'Counts, complexity, cycles, parse failures and good entry points (high-impact tables, leaf views, hubs) of the open connection.',
        usageHint: 'Call before drawing to pick a focus: large schemas can only be drawn around one view.',
        exampleFlow: 'lineage_overview → lineage_diagram(focus=<an entry point>)',
        scoped: 'lineage',
        finalizing: false,
        input: {},
        ready,
        async run() {
          await needConnection();
          const a = await lineage.analyze();
          const top = (xs: Array<{ name: string }>) => xs.slice(0, 5).map((x) => x.name).join(', ') || 'none';
          return {
            text: [
              `${a.viewCount} views, ${a.tableCount} tables, ${a.edgeCount} dependencies; complexity ${a.complexity}.`,
              `High-impact: ${top(a.entryPoints.highImpact)}. Leaf views: ${top(a.entryPoints.leafViews)}. Hubs: ${top(a.entryPoints.centralHubs)}.`,
              a.cycles.length ? `Cycles: ${a.cycles.map((c) => c.join(' → ')).join('; ')}.` : '',
              a.failures.length ? `${a.failures.length} views could not be parsed.` : '',
            ]
              .filter(Boolean)
              .join('\n'),
            structured: { viewCount: a.viewCount, tableCount: a.tableCount, edgeCount: a.edgeCount, complexity: a.complexity, entryPoints: a.entryPoints },
          };
        },
      }),
      defineTool({
        name: 'lineage_diagram',
        title: 'Draw a lineage diagram',
        description: 'Draws the dependencies of the open connection as a Mermaid flowchart, optionally around one view or table; the user sees the diagram in the chat.',
        usageHint: 'Use a focus for anything but small schemas; if the answer says the graph is too large, pick a focus from its suggestions.',
        exampleFlow: 'lineage_overview → lineage_diagram(focus, upstream_depth, downstream_depth)',
        scoped: 'lineage',
        finalizing: false,
        input: {
          focus: z.string().min(1).max(1024).optional().describe('View or table to centre on'),
          upstream_depth: z.number().int().min(0).max(20).optional(),
          downstream_depth: z.number().int().min(0).max(20).optional(),
          direction: z.enum(['TB', 'LR', 'BT', 'RL']).optional(),
          max_nodes: z.number().int().min(1).max(500).optional(),
        },
        ready,
        async run(a) {
          await needConnection();
          const d = await lineage.diagram({
            ...(a.focus ? { focus: a.focus } : {}),
            ...(a.upstream_depth !== undefined ? { upstreamDepth: a.upstream_depth } : {}),
            ...(a.downstream_depth !== undefined ? { downstreamDepth: a.downstream_depth } : {}),
            ...(a.direction ? { direction: a.direction } : {}),
            ...(a.max_nodes !== undefined ? { maxNodes: a.max_nodes } : {}),
          });
          if (!d.mermaid) {
            throw new AppToolRefusal(`${d.message ?? 'The graph is too large to draw.'}${d.suggestions ? ` Suggestions: ${JSON.stringify(d.suggestions)}` : ''}`);
          }
          return {
            text: `Diagram with ${d.nodeCount} nodes${d.truncated ? ' (truncated)' : ''}, shown to the user:\n\`\`\`mermaid\n${d.mermaid}\n\`\`\``,
            structured: { mermaid: d.mermaid, nodeCount: d.nodeCount, truncated: d.truncated ?? false },
          };
        },
      }),
      defineTool({
        name: 'lineage_trace_column',
        title: 'Trace a column',
        description:
          'Column-level lineage in the open connection. upstream (default): the columns a view column is made from, down to base tables, with how (direct, expression, window, aggregate). downstream: every view column that reads a column — what breaks if it is dropped or changed. The user sees the diagram.',
        usageHint: 'Name the column as view.column (or give name and column). Links marked assumed and the notes are uncertain: say so to the user.',
        exampleFlow: 'lineage_status → lineage_trace_column(name="daily_revenue", column="booked")',
        scoped: 'lineage',
        finalizing: false,
        input: {
          name: z.string().min(1).max(1024).describe('The view or table (or view.column)'),
          column: z.string().min(1).max(512).optional().describe('The column, when not part of name'),
          direction: z.enum(['upstream', 'downstream']).optional().describe('upstream (default) or downstream (impact)'),
        },
        ready,
        async run(a) {
          await needConnection();
          let { name, column } = a;
          if (!column) {
            const dot = name.lastIndexOf('.');
            if (dot <= 0) throw new AppToolRefusal('Say which column: name it as view.column, or pass column.');
            column = name.slice(dot + 1);
            name = name.slice(0, dot);
          }
          const t = await lineage.traceColumn({ name, column, direction: a.direction ?? 'upstream' });
          const steps = t.edges.map((e) => `- ${e.from} → ${e.to} (${e.kind}${e.assumed ? `; assumed: ${e.assumed}` : ''})`).join('\n');
          const head = t.direction === 'upstream' ? `${t.column} is made from ${t.nodes.length - 1} column(s):` : `${t.nodes.length - 1} view column(s) read ${t.column}:`;
          const notes = t.notes.length ? `\nNot followed with certainty:\n${t.notes.map((n) => `- ${n}`).join('\n')}` : '';
          const cut = t.truncated ? `\n(Only the nearest ${t.nodes.length - 1} are listed: ${t.total !== undefined ? `${t.totalIsLowerBound ? 'more than ' : ''}${t.total - t.nodes.length}` : 'some'} farthest left out.)` : '';
          return {
            text: `${head}\n${steps || '- (none)'}${cut}${notes}\nDiagram shown to the user:\n\`\`\`mermaid\n${t.mermaid}\n\`\`\``,
            structured: { mermaid: t.mermaid, column: t.column, direction: t.direction, edges: t.edges, notes: t.notes },
          };
        },
      }),
    ],
  };
}
