/**
 * The app's own capabilities as an in-process MCP server (registry of tool
 * modules) and the Assistant's connection to it.
 */
import type { AppToolsContext } from './context';
import { AppToolsConnection } from './connection';
import { createAppToolsServer, type ActiveWorkspace } from './server';
import type { AppToolModule } from './registry';
import { lineageModule } from './tools/lineage';
import { reconcileModule } from './tools/reconcile';
import { serversModule } from './tools/servers';
import { workspacesModule } from './tools/workspaces';

export { APP_TOOLS_SERVER } from '../../shared/app-tools';
export { AppToolsConnection } from './connection';
export { createAppToolsServer, serverInstructions } from './server';
export { AppToolRefusal, defineTool, describeTool } from './registry';
export type { AppToolDef, AppToolMeta, AppToolModule, AppToolOutput } from './registry';
export type { AppToolsContext } from './context';

/** The modules for what this build and this core provide. */
export function appToolModules(ctx: AppToolsContext): AppToolModule[] {
  const ws = ctx.reconcile;
  const reconcileList = async () => {
    if (!ws) return [];
    const list = await ws.list();
    return list.workspaces.map((w) => ({ kind: 'reconcile' as const, id: w.id, active: w.id === list.active, description: `Reconcile: ${w.name}` }));
  };
  const modules: AppToolModule[] = [workspacesModule(ctx, reconcileList), serversModule(ctx)];
  if (ws) modules.push(reconcileModule(ws));
  if (ctx.lineage) modules.push(lineageModule(ctx.lineage));
  return modules;
}

export async function connectAppTools(ctx: AppToolsContext, modules = appToolModules(ctx)): Promise<AppToolsConnection> {
  const activeWorkspace: ActiveWorkspace = async (kind) => {
    if (kind === 'lineage') return ctx.lineage ? 'lineage' : undefined;
    return (await ctx.reconcile?.list())?.active ?? undefined;
  };
  const server = createAppToolsServer({ modules, activeWorkspace });
  return AppToolsConnection.connect(
    server,
    modules.flatMap((m) => m.tools),
    activeWorkspace,
  );
}
