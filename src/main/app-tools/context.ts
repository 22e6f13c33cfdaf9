/**
 * What the app tools may reach: public service APIs only (never their
 * internals), so a tool does exactly what the same action in the UI does.
 */
import type { McpHost } from '../mcp/host';
import type { LineageService } from '../lineage/service';
import type { ReconcileService } from '../reconcile';

export type ReconcileAccess = Pick<
  ReconcileService,
  'list' | 'active' | 'get' | 'addSourceFromPath' | 'profile' | 'detectMappings' | 'confirmMappings' | 'parseFilter' | 'setFilters' | 'suggestRules' | 'run' | 'summary' | 'page' | 'export'
>;

export interface AppToolsContext {
  host: Pick<McpHost, 'list' | 'tools'>;
  lineage?: Pick<LineageService, 'state' | 'connect' | 'analyze' | 'diagram' | 'viewSql' | 'traceColumn'>;
  reconcile?: ReconcileAccess;
}
