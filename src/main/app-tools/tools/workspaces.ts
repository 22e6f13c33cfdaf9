/** Which of Kalla's workspaces exist and what is open in each. */
import type { AppToolsContext } from '../context';
import { defineTool, type AppToolModule } from '../registry';

export interface WorkspaceSummary {
  kind: 'reconcile' | 'lineage';
  id: string | null;
  active: boolean;
  description: string;
}

export function workspacesModule(ctx: AppToolsContext, extra: () => Promise<WorkspaceSummary[]>): AppToolModule {
  return {
    id: 'workspaces',
    instructions: 'list_workspaces first when unsure what is open: scoped tools act on the active workspace only.',
    tools: [
      defineTool({
        name: 'list_workspaces',
        title: 'List workspaces',
        description: 'Lists Kalla’s workspaces (Reconcile, Lineage) with what is open in each and which one is active.',
        usageHint: 'Call at the start of a task to learn the active workspace; scoped tools refuse other ones.',
        exampleFlow: 'list_workspaces → (reconcile or lineage tools)',
        scoped: false,
        finalizing: false,
        input: {},
        async run() {
          const out: WorkspaceSummary[] = [...(await extra())];
          if (ctx.lineage) {
            const { connection } = await ctx.lineage.state();
            out.push({
              kind: 'lineage',
              id: 'lineage',
              active: true,
              description: connection ? `Lineage: connected to ${connection.label}` : 'Lineage: no connection open',
            });
          }
          const text = out.length ? out.map((w) => `- ${w.description}${w.id ? ` (id ${w.id}${w.active ? ', active' : ''})` : ''}`).join('\n') : 'No workspaces are available.';
          return { text, structured: { workspaces: out } };
        },
      }),
    ],
  };
}
