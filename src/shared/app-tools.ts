/**
 * The app's own tools (the `kalla-app` server the Assistant uses): their server name and which of
 * them only read. Main annotates the tools from this list (`readOnlyHint`) and the renderer uses
 * it to know that a finished call changed nothing: one list, not a copy on each side.
 */
export const APP_TOOLS_SERVER = 'kalla-app';

export const READ_ONLY_APP_TOOLS: ReadonlySet<string> = new Set([
  'list_servers',
  'list_workspaces',
  'reconcile_status',
  'reconcile_profile_source',
  'reconcile_summary',
  'reconcile_results',
  'lineage_status',
  'lineage_overview',
  'lineage_diagram',
  'lineage_trace_column',
]);
