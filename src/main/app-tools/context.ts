/**
 * What the app tools may reach: public service APIs only (never their
 * internals), so a tool does exactly what the same action in the UI does.
 */
import type { McpHost } from '../mcp/host';
import type { LineageService } from '../lineage/service';

export interface AppToolsContext {
  host: Pick<McpHost, 'list' | 'tools'>;
  lineage?: Pick<LineageService, 'state' | 'connect' | 'analyze' | 'diagram' | 'viewSql'>;
}
