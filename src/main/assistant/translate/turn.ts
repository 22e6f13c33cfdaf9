import type { StopReason, ToolCall, Usage } from '../../../shared/assistant';

/** One model reply in standard form, whatever provider produced it. */
export interface ProviderTurn {
  text: string;
  toolCalls: ToolCall[];
  stopReason: StopReason;
  usage: Usage;
}
