import type { ChatMessage, ProviderId } from '../../../shared/assistant';
import type { ProviderToolSpec } from '../translate/toolSpecs';
import type { ProviderTurn } from '../translate/turn';

export interface CompleteRequest {
  system: string;
  messages: readonly ChatMessage[];
  tools: readonly ProviderToolSpec[];
  /** Cancels the call, including any pending retry wait. */
  signal?: AbortSignal;
  /** Text as it arrives: per delta when streaming (Anthropic), once otherwise. */
  onText?: (delta: string) => void;
}

export type CompleteResult = ProviderTurn;

/** One interface for every provider; the chat loop never sees a wire format. */
export interface ProviderClient {
  readonly id: ProviderId;
  complete(request: CompleteRequest): Promise<CompleteResult>;
}
