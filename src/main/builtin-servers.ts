/**
 * The MCP servers that ship with Kalla. They are ordinary stdio MCP servers
 * reached through our own CLI (`kalla mcp …`), so the host treats them exactly
 * like user servers and they also run from Claude Desktop or MCP Inspector.
 */
import type { BuiltinServer } from './mcp/host';

/** How to start this very program again as a child: `<command> <...args> mcp recon`. */
export interface SelfLauncher {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * In Electron the child is Electron's own binary in Node mode (no separate Node
 * install needed); under plain Node it is Node running the bundled CLI.
 */
export function selfLauncher(cliEntry: string, runningInElectron: boolean): SelfLauncher {
  return {
    command: process.execPath,
    args: [cliEntry],
    env: runningInElectron ? { ELECTRON_RUN_AS_NODE: '1' } : {},
  };
}

/** `settingsEnv` is read at every spawn: a restart applies changed keys and engine settings. */
export function builtinServers(self: SelfLauncher, settingsEnv?: () => Promise<Record<string, string>>): BuiltinServer[] {
  const entry = (name: string, sub: string, description: string): BuiltinServer => ({
    name,
    description,
    config: { command: self.command, args: [...self.args, 'mcp', sub], env: { ...self.env } },
    spawnEnv: settingsEnv,
  });
  return BUILTINS.map(([name, sub, description]) => entry(name, sub, description));
}

/** [server name, `kalla mcp` subcommand, description]; entries are added as their servers land. */
const BUILTINS: Array<[string, string, string]> = [
  ['kalla-recon', 'recon', 'Field mappings, natural-language filters and match rules, with an offline engine and an optional LLM engine.'],
  ['viewmapper', 'viewmapper', 'SQL view lineage: explore Trino/SQL view dependencies and draw them as Mermaid diagrams'],
];
