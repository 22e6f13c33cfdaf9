/**
 * Builds the Assistant for the core: the app-tools server (in-process, over
 * the SDK's in-memory transport), the combined tool host and the service.
 */
import { APP_TOOLS_SERVER, appToolModules, connectAppTools, type AppToolsContext } from '../app-tools';
import type { AppToolModule } from '../app-tools/registry';
import type { McpHost } from '../mcp/host';
import { AssistantService, type AssistantEmit, type AssistantServiceOptions, type SettingsAccess } from './service';
import { AssistantToolHost } from './toolHost';

export interface CreateAssistantOptions {
  host: McpHost;
  settings: SettingsAccess;
  lineage?: AppToolsContext['lineage'];
  reconcile?: AppToolsContext['reconcile'];
  dataDir: string;
  emit(e: AssistantEmit): void;
  /** More tool modules (e.g. a workspace's), added to the app-tools server. */
  modules?: (ctx: AppToolsContext) => AppToolModule[];
  maxSteps?: number;
  provider?: AssistantServiceOptions['provider'];
}

export async function createAssistant(o: CreateAssistantOptions): Promise<{ service: AssistantService; dispose(): Promise<void> }> {
  const ctx: AppToolsContext = { host: o.host, ...(o.lineage ? { lineage: o.lineage } : {}), ...(o.reconcile ? { reconcile: o.reconcile } : {}) };
  const app = await connectAppTools(ctx, [...appToolModules(ctx), ...(o.modules?.(ctx) ?? [])]);
  const tools = new AssistantToolHost(o.host, app, APP_TOOLS_SERVER);
  const service = new AssistantService({
    dataDir: o.dataDir,
    settings: o.settings,
    tools,
    emit: o.emit,
    ...(o.maxSteps ? { maxSteps: o.maxSteps } : {}),
    ...(o.provider ? { provider: o.provider } : {}),
  });
  return {
    service,
    async dispose() {
      await service.dispose();
      await app.close();
    },
  };
}
