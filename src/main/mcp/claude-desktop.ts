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
 * Decide what to import. Existing names are never overwritten: a clash is
 * reported so the user can rename one side deliberately.
 */
export async function planClaudeDesktopImport(sourcePath: string, existingNames: ReadonlySet<string>): Promise<ImportPlan> {
  let text: string;
  try {
    text = await readFile(sourcePath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`no Claude Desktop config found at ${sourcePath}`);
    throw new Error(`cannot read ${sourcePath}: ${(error as Error).message}`);
  }
  const parsed = parseServersText(text, sourcePath);
  if (!parsed.document) {
    const problem = parsed.problems[0];
    throw new Error(`${sourcePath} is not a valid Claude Desktop config: ${problem?.where}: ${problem?.message}`);
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
