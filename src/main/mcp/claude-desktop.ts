/**
 * Importing servers from Claude Desktop's `claude_desktop_config.json`, so
 * people do not have to re-type servers they already configured there.
 */
import { homedir } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join, win32, posix } from 'node:path';
import type { ServerConfig } from '../../shared/mcp';
import { parseServersText } from './config';

export interface ImportSkip {
  name: string;
  reason: string;
}

export interface ImportPlan {
  /** Servers to add, already validated. */
  toAdd: Record<string, ServerConfig>;
  skipped: ImportSkip[];
}

/** Where Claude Desktop keeps its config on this OS. */
export function claudeDesktopConfigPath(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
  if (platform === 'win32') {
    const appData = env.APPDATA ?? win32.join(home, 'AppData', 'Roaming');
    return win32.join(appData, 'Claude', 'claude_desktop_config.json');
  }
  const configHome = env.XDG_CONFIG_HOME || join(home, '.config');
  return posix.join(configHome, 'Claude', 'claude_desktop_config.json');
}

/**
 * Claude Desktop files have `mcpServers`; VS Code's `.vscode/mcp.json` and
 * Cursor's have `servers` (VS Code's settings.json `mcp.servers`). Entries have
 * the same fields (`type`, `command`, `args`, `env`, `url`, `headers`), so the
 * other shapes are read as if they were `mcpServers`.
 */
function asMcpServersText(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return text; // parseServersText reports the syntax error with line and column
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return text;
  const doc = value as Record<string, unknown>;
  if (doc.mcpServers !== undefined) return text;
  const nested = typeof doc.mcp === 'object' && doc.mcp !== null ? (doc.mcp as Record<string, unknown>).servers : undefined;
  const servers = doc.servers ?? nested;
  return servers === undefined ? text : JSON.stringify({ mcpServers: servers });
}

/**
 * Decide what to import. Existing names are never overwritten: a clash is
 * reported so the user can rename one side deliberately.
 */
export async function planClaudeDesktopImport(sourcePath: string, existingNames: ReadonlySet<string>): Promise<ImportPlan> {
  let text: string;
  try {
    text = await readFile(sourcePath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`no MCP config found at ${sourcePath}`);
    throw new Error(`cannot read ${sourcePath}: ${(error as Error).message}`);
  }
  const parsed = parseServersText(asMcpServersText(text), sourcePath);
  if (!parsed.document) {
    const problem = parsed.problems[0];
    throw new Error(`${sourcePath} is not a valid Claude Desktop or VS Code MCP config: ${problem?.where}: ${problem?.message}`);
  }
  const skipped: ImportSkip[] = [];
  const broken = new Map<string, string>();
  for (const problem of parsed.problems) {
    // problem.where looks like `mcpServers.<name>...`; group problems per server.
    const match = /^mcpServers(?:\.([^.[]+)|\[("(?:[^"\\]|\\.)*")\])/.exec(problem.where);
    const name = match ? (match[1] ?? JSON.parse(match[2])) : problem.where;
    const detail = `${problem.where}: ${problem.message}`;
    broken.set(name, broken.has(name) ? `${broken.get(name)}; ${detail}` : detail);
  }
  for (const [name, reason] of broken) skipped.push({ name, reason: `invalid entry (${reason})` });
  // VS Code's ${input:…} values are asked for at start-up there; we have no such prompt, so say what to do.
  for (const [name, config] of Object.entries(parsed.servers)) {
    const placeholder = /\$\{input:([^}]+)\}/.exec(JSON.stringify(config));
    if (placeholder) {
      skipped.push({ name, reason: `uses the VS Code input "\${input:${placeholder[1]}}"; add this server with the form and type the value there` });
      delete parsed.servers[name];
    }
  }

  const toAdd: Record<string, ServerConfig> = {};
  for (const [name, config] of Object.entries(parsed.servers)) {
    if (existingNames.has(name)) {
      skipped.push({ name, reason: `a server named "${name}" already exists; rename or remove it first` });
      continue;
    }
    toAdd[name] = config;
  }
  return { toAdd, skipped };
}
