/**
 * The Assistant as a side panel next to any workspace. Each workspace keeps
 * its own conversation; scoped tools act on what that workspace has open.
 */
import type { ViewId } from '../../stores/app';
import { VIEWS } from '../../stores/app';
import { useAssistant } from '../../stores/assistant';
import { AssistantChat } from './AssistantChat';

/** The conversation a workspace's panel shows (Settings shares the general one). */
export function scopeForView(view: ViewId): string {
  return view === 'settings' ? 'assistant' : view;
}

export function AssistantPanel({ view }: { view: ViewId }) {
  const setPanelOpen = useAssistant((s) => s.setPanelOpen);
  const label = VIEWS.find((v) => v.id === view)?.label ?? view;
  return (
    <aside className="assistant-panel" aria-label="Assistant panel">
      <button className="assistant-panel-close link-button" onClick={() => setPanelOpen(false)} aria-label="Close the Assistant panel">
        ×
      </button>
      <AssistantChat scope={scopeForView(view)} title={`Assistant · ${view === 'settings' ? 'General' : label}`} compact />
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
