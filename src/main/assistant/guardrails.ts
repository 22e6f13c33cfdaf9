/**
 * Which tool calls the Assistant may run on its own. Pure: the chat loop asks
 * `resolveToolPolicy` before every call and acts on the answer.
 *
 * Order of precedence:
 *   1. Finalizing tools (they produce the deliverable or commit a result) always
 *      ask. A user "always" is downgraded to "ask"; a user "never" still blocks.
 *   2. The user's per-tool choice.
 *   3. The user's per-server choice.
 *   4. Default: read-only tools (readOnlyHint: true) of *built-in* servers run without
 *      asking, unless they read a file or database the call itself names (the open-world
 *      tools of the built-in `viewmapper` server) — the model must not pick what is read
 *      from the user's disk. Everything else asks.
 *      `openWorldHint` alone does not make a built-in ask: kalla-recon is open-world when an
 *      LLM is configured, and what it sends there is bounded by the sample-rows consent the
 *      user gave in Settings. Annotations from user
 *      servers are not trusted: the MCP spec calls them hints, and any server can
 *      claim to be read-only.
 */
import type { ToolCall, ToolPermission, ToolPolicyOverrides, ToolResult } from '../../shared/assistant';
import type { ToolInfo } from '../../shared/mcp';

export type ServerOrigin = 'builtin' | 'user';

export interface PolicyTool {
  server: string;
  origin: ServerOrigin;
  tool: Pick<ToolInfo, 'name' | 'annotations'>;
  /** Set by the caller for tools it knows to be finalizing; annotations can say so too. */
  finalizing?: boolean;
}

export type PolicySource = 'finalizing' | 'tool-override' | 'server-override' | 'builtin-read-only' | 'after-untrusted' | 'default';

export interface PolicyDecision {
  permission: ToolPermission;
  source: PolicySource;
  /** One sentence for the confirmation prompt or the audit log. */
  reason: string;
}

/** Our built-in servers mark finalizing tools with the annotation `finalizing: true` (or `kalla/finalizing`). */
export function isFinalizingTool(tool: Pick<ToolInfo, 'annotations'>): boolean {
  const a = tool.annotations ?? {};
  return a.finalizing === true || a['kalla/finalizing'] === true;
}

/**
 * Built-in servers whose open-world tools read whatever file:// folder or jdbc:// database a call
 * names. Keyed by server because the SDK drops annotation keys the spec does not define.
 */
const READS_NAMED_LOCATIONS = new Set(['viewmapper']);

export function readsNamedLocations(t: Pick<PolicyTool, 'server' | 'tool'>): boolean {
  return READS_NAMED_LOCATIONS.has(t.server) && t.tool.annotations?.openWorldHint === true;
}

export function isReadOnlyTool(tool: Pick<ToolInfo, 'annotations'>): boolean {
  return tool.annotations?.readOnlyHint === true;
}

export function resolveToolPolicy(t: PolicyTool, overrides: Partial<ToolPolicyOverrides> = {}): PolicyDecision {
  const toolChoice = overrides.tools?.[t.server]?.[t.tool.name];
  const serverChoice = overrides.servers?.[t.server];
  const userChoice = toolChoice ?? serverChoice;
  const userSource: PolicySource = toolChoice !== undefined ? 'tool-override' : 'server-override';
  const userScope = toolChoice !== undefined ? `tool "${t.tool.name}"` : `server "${t.server}"`;

  if (t.finalizing === true || isFinalizingTool(t.tool)) {
    if (userChoice === 'never') {
      return { permission: 'never', source: userSource, reason: `You blocked ${userScope}.` };
    }
    return { permission: 'ask', source: 'finalizing', reason: `"${t.tool.name}" finalizes a result, so it always asks first.` };
  }
  if (userChoice !== undefined) {
    const verb = { always: 'allowed', ask: 'asked to confirm', never: 'blocked' }[userChoice];
    return { permission: userChoice, source: userSource, reason: `You ${verb} ${userScope}.` };
  }
  // Tools that read the files or database a call names (ViewMapper's) ask even when read-only.
  if (t.origin === 'builtin' && isReadOnlyTool(t.tool) && !readsNamedLocations(t)) {
    return { permission: 'always', source: 'builtin-read-only', reason: `"${t.tool.name}" only reads data and comes with Kalla.` };
  }
  return {
    permission: 'ask',
    source: 'default',
    reason:
      t.origin === 'user'
        ? `"${t.tool.name}" comes from your server "${t.server}"; tools from added servers ask first.`
        : `"${t.tool.name}" can change data, so it asks first.`,
  };
}

/** The result the model gets for a call the policy or the user refused; it must not retry the same call. */
export function refusedToolResult(call: ToolCall, why: 'blocked' | 'declined'): ToolResult {
  return {
    callId: call.id,
    name: call.name,
    isError: true,
    outcome: why,
    content:
      why === 'blocked'
        ? 'The user has blocked this tool. Do not call it again; continue without it or ask the user.'
        : 'The user declined this call. Do not repeat it unchanged; ask the user how to proceed.',
  };
}
