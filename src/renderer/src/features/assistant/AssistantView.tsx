/** The Assistant workspace: the general conversation, full width, and the tool permissions. */
import { AssistantChat } from './AssistantChat';
import { ToolPermissions } from './ToolPermissions';

export function AssistantView() {
  return (
    <div className="assistant-view">
      <ToolPermissions />
      <AssistantChat scope="assistant" title="Assistant" />
    </div>
  );
}
