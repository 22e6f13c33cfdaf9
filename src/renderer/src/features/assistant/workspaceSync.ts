/**
 * When the Assistant changes a workspace through the app tools, the workspace
 * on screen follows: the Reconcile workspace through main's `reconcile.changed`
 * events (nothing to do here but refresh an empty list), and the Lineage workspace opens the connection and shows the
 * diagram the Assistant drew (same focus and depths), through those stores'
 * public actions.
 */
import { APP_TOOLS_SERVER, READ_ONLY_APP_TOOLS } from '../../../../shared/app-tools';
import type { AssistantEntry, AssistantState } from '../../../../shared/contract/assistant';
import { useLineage } from '../../stores/lineage';
import { useReconcile } from '../../stores/reconcile';

type ToolEntry = Extract<AssistantEntry, { kind: 'tool' }>;

export function syncWorkspaces(prev: AssistantState | undefined, next: AssistantState): void {
  // A first snapshot (page load) replays nothing.
  if (!prev) return;
  const before = new Map(prev.entries.filter((e): e is ToolEntry => e.kind === 'tool').map((e) => [e.id, e.status]));
  for (const e of next.entries) {
    if (e.kind !== 'tool' || e.server !== APP_TOOLS_SERVER || e.status !== 'done' || before.get(e.id) === 'done') continue;
    // Following the Assistant into a workspace is a convenience; the tool's own result already shows in the chat.
    void follow(e).catch(() => undefined);
  }
}

async function follow(e: ToolEntry): Promise<void> {
  if (e.tool.startsWith('reconcile_')) {
    // The open workspace follows main's `reconcile.changed` events (states, run summaries) by
    // itself; only a workspace the list does not know yet needs a list refresh.
    if (READ_ONLY_APP_TOOLS.has(e.tool)) return;
    const rc = useReconcile.getState();
    if (!rc.ws) await rc.refreshList();
    return;
  }
  if (e.tool === 'lineage_connect') {
    useLineage.setState({ loaded: false });
    await useLineage.getState().init();
    return;
  }
  if (e.tool === 'lineage_diagram') {
    const lin = useLineage.getState();
    if (!lin.loaded) await lin.init();
    const a = e.arguments as { focus?: unknown; upstream_depth?: unknown; downstream_depth?: unknown };
    if (typeof a.upstream_depth === 'number' || typeof a.downstream_depth === 'number') {
      const cur = useLineage.getState();
      await cur.setDepths(typeof a.upstream_depth === 'number' ? a.upstream_depth : cur.upstreamDepth, typeof a.downstream_depth === 'number' ? a.downstream_depth : cur.downstreamDepth);
    }
    if (typeof a.focus === 'string') await useLineage.getState().setFocus(a.focus);
  }
}
