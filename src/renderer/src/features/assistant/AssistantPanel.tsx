/**
 * The Assistant as a side panel next to any workspace. Each workspace keeps
 * its own conversation; scoped tools act on what that workspace has open.
 */
import type { ViewId } from '../../stores/app';
import { VIEWS } from '../../stores/app';
import { useAssistant } from '../../stores/assistant';
import { selectWorkspaceId, selectWorkspaceName, useReconcile } from '../../stores/reconcile';
import { AssistantChat } from './AssistantChat';

/**
 * The conversation a workspace's panel shows: one per open Reconcile workspace (March's questions
 * are not April's), one per other workspace kind; Settings shares the general one.
 */
export function scopeForView(view: ViewId, reconcileWorkspace?: string): string {
  if (view === 'reconcile' && reconcileWorkspace) return `reconcile:${reconcileWorkspace}`;
  return view === 'settings' ? 'assistant' : view;
}

export function AssistantPanel({ view }: { view: ViewId }) {
  const setPanelOpen = useAssistant((s) => s.setPanelOpen);
  const label = VIEWS.find((v) => v.id === view)?.label ?? view;
  const reconcileWorkspace = useReconcile(selectWorkspaceId);
  const wsName = useReconcile(selectWorkspaceName);
  return (
    <aside className="assistant-panel" aria-label="Assistant panel">
      <button className="assistant-panel-close link-button" onClick={() => setPanelOpen(false)} aria-label="Close the Assistant panel">
        ×
      </button>
      <AssistantChat
        key={scopeForView(view, reconcileWorkspace)}
        scope={scopeForView(view, reconcileWorkspace)}
        title={`Assistant · ${view === 'settings' ? 'General' : view === 'reconcile' && wsName ? `${label} · ${wsName}` : label}`}
        compact
      />
    </aside>
  );
}

export function AssistantToggle() {
  const open = useAssistant((s) => s.panelOpen);
  const setPanelOpen = useAssistant((s) => s.setPanelOpen);
  return (
    <button className={open ? 'assistant-toggle active' : 'assistant-toggle'} aria-pressed={open} onClick={() => setPanelOpen(!open)} title="Ask the Assistant from this workspace (Ctrl+J)">
      Ask the Assistant
    </button>
  );
}
