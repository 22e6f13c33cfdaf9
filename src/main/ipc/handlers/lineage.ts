/** Handlers for the Lineage workspace: thin calls into the LineageService. */
import type { HandlerDeps, HandlersFor } from '../handler-types';

export function lineageHandlers({ lineage }: HandlerDeps): HandlersFor<'lineage.'> {
  return {
    'lineage.state': async () => lineage.state(),
    'lineage.connect': async ({ source, schema }) => lineage.connect(source, schema),
    'lineage.analyze': async () => lineage.analyze(),
    'lineage.diagram': async (input) => lineage.diagram(input),
    'lineage.graph': async (input) => lineage.graph(input),
    'lineage.viewSql': async ({ name }) => lineage.viewSql(name),
    'lineage.viewColumns': async ({ name }) => lineage.viewColumns(name),
    'lineage.traceColumn': async (input) => lineage.traceColumn(input),
    'lineage.ask': async ({ question, callId }) => lineage.ask(question, callId),
    'lineage.clearConversation': async () => lineage.clearConversation(),
  };
}
