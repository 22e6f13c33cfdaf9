/**
 * The tools the Assistant sees: every server of the McpHost plus the app's own
 * in-process server, behind the chat loop's ToolHost interface. The app server
 * counts as built-in (its annotations are ours, so they are trusted).
 */
import type { ServerStatus, ToolCallResult, ToolInfo } from '../../shared/mcp';
import type { AppToolsConnection } from '../app-tools/connection';
import type { ToolHost } from './chatLoop';
import type { ServerOrigin } from './guardrails';

export interface HostLike {
  list(): Array<{ name: string; origin: ServerOrigin; status: ServerStatus; disabled: boolean; instructions?: string }>;
  tools(server: string): ToolInfo[];
  callTool(server: string, tool: string, args: Record<string, unknown>, opts: { callId?: string; signal?: AbortSignal }): Promise<ToolCallResult>;
}

export class AssistantToolHost implements ToolHost {
  constructor(
    private readonly host: HostLike,
    private readonly app: AppToolsConnection | undefined,
    private readonly appServerName: string,
  ) {}

  list(): Array<{ name: string; origin: ServerOrigin; status: ServerStatus; disabled: boolean; instructions?: string }> {
    // A user server that happens to share the app server's name is not offered: the name is ours.
    const others = this.host.list().filter((s) => s.name !== this.appServerName);
    if (!this.app) return others;
    return [{ name: this.appServerName, origin: 'builtin', status: 'running', disabled: false, instructions: this.app.instructions() }, ...others];
  }

  tools(server: string): ToolInfo[] {
    if (server === this.appServerName) return this.app?.tools() ?? [];
    return this.host.tools(server);
  }

  async precheck(server: string, tool: string, args: Record<string, unknown>): Promise<string | undefined> {
    return server === this.appServerName ? this.app?.precheck(tool, args) : undefined;
  }

  callTool(server: string, tool: string, args: Record<string, unknown>, opts: { callId?: string; signal?: AbortSignal }): Promise<ToolCallResult> {
    if (server === this.appServerName) {
      if (!this.app) return Promise.reject(new Error('the app tools are not available'));
      return this.app.callTool(tool, args, { signal: opts.signal });
    }
    return this.host.callTool(server, tool, args, opts);
  }
}
