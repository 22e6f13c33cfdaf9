/**
 * The system prompt for a turn: the app's own prompt, then the instructions
 * each running MCP server sent at initialization. The MCP spec intends server
 * instructions for exactly this place; without them the model misuses tools
 * whose correct order or preconditions only the server knows.
 */
export interface ServerInstructions {
  name: string;
  instructions?: string;
}

export function buildSystemPrompt(base: string, servers: readonly ServerInstructions[]): string {
  const sections = servers
    .filter((s) => s.instructions !== undefined && s.instructions.trim() !== '')
    .map((s) => `## Server "${s.name}"\n${s.instructions!.trim()}`);
  if (sections.length === 0) return base;
  return [base.trim(), '# Instructions from tool servers', ...sections].filter((p) => p !== '').join('\n\n');
}
