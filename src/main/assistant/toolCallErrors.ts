/**
 * The tool result the chat loop sends instead of running a tool whose
 * arguments the model garbled. Telling the model what went wrong lets it retry
 * with valid JSON; silently calling the tool with `{}` would not.
 */
import type { ToolCall, ToolResult } from '../../shared/assistant';

export function invalidArgumentsResult(call: ToolCall): ToolResult | undefined {
  if (!call.argumentsError) return undefined;
  return {
    callId: call.id,
    name: call.name,
    isError: true,
    outcome: 'invalid',
    content:
      `The tool was not run: ${call.argumentsError.message}. ` +
      `Arguments received: ${call.argumentsError.raw}. ` +
      'Call the tool again with a single JSON object that matches its input schema.',
  };
}
