/** Lineage workspace channels (the viewmapper engine through the built-in MCP server). */
import { z } from 'zod';
import { AnalysisSchema, ColumnTraceSchema, DiagramSchema, LineageGraphSchema, LineageSourceSchema, LineageStateSchema, LineageTurnSchema, ViewColumnsSchema, ViewSqlSchema } from '../lineage';
import { CallId, Empty } from './common';

const Name = z.string().min(1).max(1024);
const Depth = z.number().int().min(0).max(20);

export const lineageChannels = {
  'lineage.state': { input: Empty, output: LineageStateSchema },
  'lineage.connect': {
    input: z.object({ source: LineageSourceSchema, schema: z.string().max(512).optional() }).strict(),
    output: z.object({ state: LineageStateSchema, analysis: AnalysisSchema }),
  },
  'lineage.analyze': { input: Empty, output: AnalysisSchema },
  'lineage.diagram': {
    input: z
      .object({
        focus: Name.optional(),
        upstreamDepth: Depth.optional(),
        downstreamDepth: Depth.optional(),
        direction: z.enum(['TB', 'LR', 'BT', 'RL']).optional(),
        maxNodes: z.number().int().min(1).max(500).optional(),
      })
      .strict(),
    output: DiagramSchema,
  },
  'lineage.graph': {
    input: z.object({ focus: Name.optional(), upstreamDepth: Depth.optional(), downstreamDepth: Depth.optional() }).strict(),
    output: LineageGraphSchema,
  },
  'lineage.viewSql': { input: z.object({ name: Name }).strict(), output: ViewSqlSchema },
  'lineage.viewColumns': { input: z.object({ name: Name }).strict(), output: ViewColumnsSchema },
  'lineage.traceColumn': {
    input: z.object({ name: Name, column: z.string().min(1).max(512), direction: z.enum(['upstream', 'downstream']) }).strict(),
    output: ColumnTraceSchema,
  },
  'lineage.ask': {
    input: z.object({ question: z.string().trim().min(1, 'type a question').max(4000), callId: CallId.optional() }).strict(),
    output: LineageTurnSchema,
  },
  'lineage.clearConversation': { input: Empty, output: LineageStateSchema },
} as const;

export const lineageEvents = {} as const;
