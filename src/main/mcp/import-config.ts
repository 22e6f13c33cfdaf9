/**
 * Importing servers from other MCP clients' config files — Claude Desktop's
 * `claude_desktop_config.json`, VS Code's `mcp.json` (user or `.vscode/`) and
 * Cursor's `~/.cursor/mcp.json` — so people do not re-type servers they already
 * configured there. VS Code's `${input:id}` prompts are asked for here too.
 */
import { homedir } from 'node:os';
import { access, readFile } from 'node:fs/promises';
import { join, win32, posix } from 'node:path';
import type { ImportInput, ImportServerDetail, ImportSource, ServerConfig } from '../../shared/mcp';
import { parseServersText } from './config';

export interface ImportSkip {
  name: string;
  reason: string;
}

export interface ImportPlan {
  /** Servers to add, already validated. */
  toAdd: Record<string, ServerConfig>;
  skipped: ImportSkip[];
  /** VS Code inputs the skipped servers need; given values, those servers import too. */
  inputs: ImportInput[];
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

/** VS Code's user-level `mcp.json` (VS Code ≥ 1.102 keeps MCP servers there, not in settings.json). */
export function vscodeConfigPath(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', 'Code', 'User', 'mcp.json');
  if (platform === 'win32') return win32.join(env.APPDATA ?? win32.join(home, 'AppData', 'Roaming'), 'Code', 'User', 'mcp.json');
  return posix.join(env.XDG_CONFIG_HOME || join(home, '.config'), 'Code', 'User', 'mcp.json');
}

/** Cursor's global `mcp.json`. */
export function cursorConfigPath(platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  return (platform === 'win32' ? win32 : posix).join(home, '.cursor', 'mcp.json');
}

/** The other clients' config files on this machine, and whether each exists. */
export async function importSources(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): Promise<ImportSource[]> {
  const sources = [
    { id: 'claude-desktop', label: 'Claude Desktop', path: claudeDesktopConfigPath(platform, env, home) },
    { id: 'vscode', label: 'VS Code (user mcp.json)', path: vscodeConfigPath(platform, env, home) },
    { id: 'cursor', label: 'Cursor', path: cursorConfigPath(platform, home) },
  ] as const;
  return Promise.all(sources.map(async (s) => ({ ...s, found: await access(s.path).then(() => true, () => false) })));
}

const INPUT_REF = /\$\{input:([^}]+)\}/g;
/** VS Code's other variables (`${env:X}`, `${workspaceFolder}`, `${userHome}`, …): VS Code expands them; Kalla does not. */
const VSCODE_VARIABLE = /\$\{(?!input:)([A-Za-z]+)(?::([^}]*))?\}/;

/** VS Code's `inputs` (prompts for values such as API keys): id, description, password. */
function declaredInputs(document: unknown): Map<string, ImportInput> {
  const inputs = new Map<string, ImportInput>();
  const list = typeof document === 'object' && document !== null ? ((document as Record<string, unknown>).inputs ?? ((document as { mcp?: { inputs?: unknown } }).mcp?.inputs)) : undefined;
  if (!Array.isArray(list)) return inputs;
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, description, password } = item as Record<string, unknown>;
    if (typeof id !== 'string' || id === '') continue;
    inputs.set(id, { id, ...(typeof description === 'string' ? { description } : {}), password: password === true });
  }
  return inputs;
}

/** Every string in a server entry with its `${input:id}` references replaced by the values given. */
function substituteInputs(value: unknown, values: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') return value.replace(INPUT_REF, (whole, id: string) => values[id] ?? whole);
  if (Array.isArray(value)) return value.map((v) => substituteInputs(v, values));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteInputs(v, values)]));
  return value;
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
export async function planImport(sourcePath: string, existingNames: ReadonlySet<string>, inputValues: Readonly<Record<string, string>> = {}): Promise<ImportPlan> {
  let text: string;
  try {
    text = await readFile(sourcePath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`no MCP config found at ${sourcePath}`);
    throw new Error(`cannot read ${sourcePath}: ${(error as Error).message}`);
  }
  const shaped = asMcpServersText(text);
  let declared = new Map<string, ImportInput>();
  let withValues = shaped;
  try {
    const original = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
    declared = declaredInputs(original);
    withValues = JSON.stringify(substituteInputs(JSON.parse(shaped), inputValues));
  } catch {
    // Not JSON: parseServersText below says where.
  }
  const parsed = parseServersText(withValues, sourcePath);
  if (!parsed.document) {
    const problem = parsed.problems[0];
    throw new Error(`${sourcePath} is not a valid Claude Desktop, VS Code or Cursor MCP config: ${problem?.where}: ${problem?.message}`);
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
  // VS Code asks for ${input:…} values when a server starts; Kalla asks once, on import, and the
  // values go into the server file like values typed into the form.
  // Refused rather than expanded: `${env:X}` would copy a value from Kalla's environment into the
  // server file in plain text, and `${workspaceFolder}` names a VS Code folder Kalla does not have.
  for (const [name, config] of Object.entries(parsed.servers)) {
    const variable = VSCODE_VARIABLE.exec(JSON.stringify(config));
    if (!variable) continue;
    delete parsed.servers[name];
    const [whole, kind] = variable;
    const why =
      kind === 'env'
        ? 'Kalla does not copy values from its own environment into a server; add this server with the form and type the value (env values are kept as secrets)'
        : kind === 'workspaceFolder' || kind === 'workspaceFolderBasename'
          ? 'Kalla has no VS Code workspace folder; add this server with the form and give the full path'
          : 'Kalla does not expand VS Code variables; add this server with the form and type the value';
    skipped.push({ name, reason: `uses the VS Code variable "${whole}": ${why}` });
  }
  const needed = new Map<string, ImportInput>();
  for (const [name, config] of Object.entries(parsed.servers)) {
    const ids = [...new Set([...JSON.stringify(config).matchAll(INPUT_REF)].map((m) => m[1]))];
    if (ids.length === 0) continue;
    delete parsed.servers[name];
    const undeclared = ids.filter((id) => !declared.has(id));
    if (undeclared.length > 0) {
      skipped.push({ name, reason: `uses the VS Code input "\${input:${undeclared[0]}}", which the file does not declare; add this server with the form and type the value there` });
      continue;
    }
    for (const id of ids) needed.set(id, declared.get(id)!);
    skipped.push({ name, reason: `needs ${ids.map((id) => `"${declared.get(id)?.description ?? id}"`).join(', ')}: enter ${ids.length === 1 ? 'it' : 'them'} to import this server` });
  }

  const toAdd: Record<string, ServerConfig> = {};
  for (const [name, config] of Object.entries(parsed.servers)) {
    if (existingNames.has(name)) {
      skipped.push({ name, reason: `a server named "${name}" already exists; rename or remove it first` });
      continue;
    }
    toAdd[name] = config;
  }
  return { toAdd, skipped, inputs: [...needed.values()] };
}

/** Variables that make a program load or run code the command line does not show. */
const DANGEROUS_ENV = new Set(['NODE_OPTIONS', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'PYTHONSTARTUP', 'PERL5OPT', 'BASH_ENV']);

function isDangerousEnv(name: string): boolean {
  const upper = name.toUpperCase();
  return DANGEROUS_ENV.has(upper) || upper.startsWith('DYLD_');
}

const POSIX_SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash']);

/** "sh -c …", "bash -lc …", "cmd /c …", "powershell -Command …": a command line the preview cannot show as program + arguments. */
function shellInvocation(command: string, args: readonly string[]): string | undefined {
  const base = command.split(/[\\/]/).pop()!.toLowerCase().replace(/\.exe$/, '');
  if (POSIX_SHELLS.has(base)) {
    const flag = args.find((a) => /^-[a-z]*c[a-z]*$/i.test(a) && !a.startsWith('--'));
    return flag ? `${base} ${flag}` : undefined;
  }
  if (base === 'cmd') {
    const flag = args.find((a) => /^\/[ck]$/i.test(a));
    return flag ? `cmd ${flag}` : undefined;
  }
  if (base === 'powershell' || base === 'pwsh') {
    const flag = args.find((a) => /^-(c|command|e|ec|enc|encodedcommand)$/i.test(a));
    return flag ? `${base} ${flag}` : undefined;
  }
  return undefined;
}

/** What the import preview shows of one server: no env or header values, warnings for code that runs beyond the command. */
export function describeImportedServer(name: string, config: ServerConfig): ImportServerDetail {
  const envNames = Object.keys(config.env ?? {});
  const warnings: string[] = [];
  for (const variable of envNames.filter(isDangerousEnv)) {
    warnings.push(`sets ${variable}, which makes the program load or run other code`);
  }
  const args = config.args ?? [];
  const shell = config.command ? shellInvocation(config.command, args) : undefined;
  if (shell) warnings.push(`runs a shell command line (${shell}): read the arguments before you enable it`);
  return {
    name,
    ...(config.command ? { command: config.command } : {}),
    args,
    ...(config.url ? { url: config.url } : {}),
    envNames,
    headerNames: Object.keys(config.headers ?? {}),
    warnings,
  };
}
