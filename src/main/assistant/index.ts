/**
 * The Assistant's main-process API. Never imports electron: IPC wiring lives
 * with the shell and calls into this.
 */
export { runTurn, availableTools } from './chatLoop';
export type { ToolHost, ConfirmRequest, LoopEvent, RunTurnOptions, TurnOutcome, TurnResult } from './chatLoop';
export { resolveToolPolicy, refusedToolResult, isFinalizingTool, isReadOnlyTool } from './guardrails';
export type { PolicyDecision, PolicySource, PolicyTool, ServerOrigin } from './guardrails';
export { invalidArgumentsResult } from './toolCallErrors';
export { toolResultText, DEFAULT_MAX_TOOL_RESULT_CHARS } from './toolResultText';
export { buildSystemPrompt } from './systemPrompt';
export type { ServerInstructions } from './systemPrompt';
export { buildToolSpecs } from './translate/toolSpecs';
export type { ProviderToolSpec, ServerTools } from './translate/toolSpecs';
export { ToolNameMap } from './translate/toolNames';
export * from './providers';
