/** The Assistant workspace: the general conversation, full width. */
import { AssistantChat } from './AssistantChat';

export function AssistantView() {
  return (
    <div className="assistant-view">
      <AssistantChat scope="assistant" title="Assistant" />
    </div>
  );
}
