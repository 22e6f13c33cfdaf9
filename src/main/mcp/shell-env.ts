/**
 * The environment MCP servers are spawned with.
 *
 * Apps started from the Dock, Finder or a desktop launcher do not inherit the
 * PATH the user set up in their shell profile, which is why `npx`-based
 * servers fail with `spawn npx ENOENT`. We ask the user's login shell for its
 * environment once, and resolve commands against that PATH ourselves so a
 * missing command produces an error that says where we looked.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter as hostDelimiter, isAbsolute, posix, resolve as resolvePath, win32 } from 'node:path';

export type Env = Record<string, string>;

export interface LoginShellOptions {
  /** Defaults to $SHELL, then /bin/sh. */
  shell?: string;
  timeoutMs?: number;
  platform?: NodeJS.Platform;
  /** Environment the shell itself starts with. */
  baseEnv?: NodeJS.ProcessEnv;
  /** Called with a human-readable reason when we fall back to process.env. */
  onFallback?: (reason: string) => void;
}

export function processEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const result: Env = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) result[key] = value;
  return result;
}

function singleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Run `$SHELL -ilc` and have it print its environment as JSON between unique
 * markers (profile scripts may print banners before or after). The printing
 * is done by our own Node binary, so it works the same with bash, zsh and
 * fish and needs no `env -0` (missing on older macOS).
 */
export async function loginShellEnv(options: LoginShellOptions = {}): Promise<Env> {
  const platform = options.platform ?? process.platform;
  const baseEnv = options.baseEnv ?? process.env;
  if (platform === 'win32') return processEnv(baseEnv);
  const shell = options.shell ?? baseEnv.SHELL ?? '/bin/sh';
  const timeoutMs = options.timeoutMs ?? 5000;
  const marker = `__KALLA_ENV_${randomUUID().replace(/-/g, '')}__`;
  const script = `process.stdout.write(${JSON.stringify(marker)} + JSON.stringify(process.env) + ${JSON.stringify(marker)})`;
  const command = `${singleQuote(process.execPath)} -e ${singleQuote(script)}`;
  try {
    const output = await runWithTimeout(shell, ['-ilc', command], { ...baseEnv, ELECTRON_RUN_AS_NODE: '1' }, timeoutMs);
    const start = output.indexOf(marker);
    const end = output.indexOf(marker, start + marker.length);
    if (start < 0 || end < 0) throw new Error('the shell did not print its environment');
    const parsed = JSON.parse(output.slice(start + marker.length, end)) as Env;
    // Only we set this; servers must not think they run inside Electron-as-Node.
    if (baseEnv.ELECTRON_RUN_AS_NODE === undefined) delete parsed.ELECTRON_RUN_AS_NODE;
    return parsed;
  } catch (error) {
    options.onFallback?.(`could not read the login shell environment from ${shell}: ${(error as Error).message}; using the app's own environment`);
    return processEnv(baseEnv);
  }
}

function runWithTimeout(file: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: false });
    const chunks: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const output = Buffer.concat(chunks).toString('utf8');
      // Some profiles end with a failing command yet print the env fine; judge by output.
      if (code !== 0 && !output.includes('__KALLA_ENV_')) {
        reject(new Error(`exited with code ${code}${stderr.trim() ? `: ${stderr.trim().split('\n').pop()}` : ''}`));
      } else {
        resolve(output);
      }
    });
  });
}

let cached: Promise<Env> | undefined;

/** The login-shell environment, computed once per app run. */
export function cachedLoginShellEnv(options?: LoginShellOptions): Promise<Env> {
  cached ??= loginShellEnv(options);
  return cached;
}

/** Server env wins over the login env; keys compare case-insensitively on Windows. */
export function mergeEnv(base: Env, overrides: Env | undefined, platform: NodeJS.Platform = process.platform): Env {
  const merged: Env = { ...base };
  if (!overrides) return merged;
  for (const [key, value] of Object.entries(overrides)) {
    if (platform === 'win32') {
      for (const existing of Object.keys(merged)) if (existing.toUpperCase() === key.toUpperCase()) delete merged[existing];
    }
    merged[key] = value;
  }
  return merged;
}

/** PATH from an env, looking the key up case-insensitively (Windows uses "Path"). */
export function pathFromEnv(env: Env): string {
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH');
  return key ? env[key] : '';
}

export class CommandNotFoundError extends Error {
  constructor(
    readonly command: string,
    readonly searched: string[],
  ) {
    super(
      searched.length > 0
        ? `command "${command}" was not found on PATH; searched: ${searched.join(', ')}. Install it, or use its full path in the server's "command".`
        : `command "${command}" was not found: PATH is empty. Use the full path in the server's "command".`,
    );
    this.name = 'CommandNotFoundError';
  }
}

export interface ResolveOptions {
  platform?: NodeJS.Platform;
  /** Windows only; defaults to the usual executable extensions. */
  pathExt?: string;
  /** For relative commands like `./server.sh`. */
  cwd?: string;
}

function isExecutableFile(path: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (platform !== 'win32') accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Find `command` the way a shell would. On Windows, tries PATHEXT so that
 * `npx` finds `npx.cmd`; the spawn layer (cross-spawn, used by the SDK's stdio
 * transport) then runs `.cmd`/`.bat` through `cmd.exe /d /s /c` with proper
 * escaping, without `shell: true`.
 */
export function resolveCommand(command: string, pathValue: string, options: ResolveOptions = {}): string {
  const platform = options.platform ?? process.platform;
  const path = platform === 'win32' ? win32 : posix;
  const extensions =
    platform === 'win32'
      ? ['', ...(options.pathExt ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean).map((e) => e.toLowerCase())]
      : [''];
  const candidatesFor = (base: string) =>
    // On Windows a bare `npx` file (a shell script for Git Bash) is not runnable; prefer extensions.
    platform === 'win32' && path.extname(base) === '' ? [...extensions.slice(1), ''].map((e) => base + e) : extensions.map((e) => base + e);

  const hasSeparator = command.includes('/') || (platform === 'win32' && command.includes('\\'));
  if (hasSeparator || isAbsolute(command) || path.isAbsolute(command)) {
    const full = path.isAbsolute(command) ? command : resolvePath(options.cwd ?? process.cwd(), command);
    for (const candidate of candidatesFor(full)) if (isExecutableFile(candidate, platform)) return candidate;
    throw new CommandNotFoundError(command, [path.dirname(full)]);
  }
  const delimiter = platform === 'win32' ? ';' : platform === process.platform ? hostDelimiter : ':';
  const dirs = pathValue
    .split(delimiter)
    .map((d) => d.replace(/^"(.*)"$/, '$1'))
    .filter((d) => d.length > 0);
  for (const dir of dirs) {
    for (const candidate of candidatesFor(path.join(dir, command))) if (isExecutableFile(candidate, platform)) return candidate;
  }
  throw new CommandNotFoundError(command, dirs);
}

/**
 * What a user-added server inherits from the app's (login-shell) environment:
 * enough to run (find commands, a home, a locale, a temp dir), nothing that is
 * a credential. Like the SDK's getDefaultEnvironment, plus locale and temp dirs.
 */
export const MINIMAL_ENV_NAMES: Record<'posix' | 'win32', readonly string[]> = {
  posix: ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'LANGUAGE', 'TMPDIR', 'TZ'],
  win32: [
    'PATH', 'PATHEXT', 'APPDATA', 'LOCALAPPDATA', 'HOMEDRIVE', 'HOMEPATH', 'USERPROFILE', 'USERNAME', 'USERDOMAIN',
    'TEMP', 'TMP', 'SYSTEMROOT', 'SYSTEMDRIVE', 'WINDIR', 'COMSPEC', 'PROGRAMFILES', 'PROGRAMFILES(X86)',
    'PROGRAMDATA', 'PROCESSOR_ARCHITECTURE', 'NUMBER_OF_PROCESSORS', 'OS',
  ],
};

/**
 * The minimal environment plus the variables named in `inherit` (a server's
 * `inheritEnv`). Locale variables (LC_*) are kept on POSIX; shell functions
 * exported as `() { …` are dropped, as the SDK does.
 */
export function minimalEnv(base: Env, inherit: readonly string[] = [], platform: NodeJS.Platform = process.platform): Env {
  const windows = platform === 'win32';
  const wanted = new Set([...MINIMAL_ENV_NAMES[windows ? 'win32' : 'posix'], ...inherit].map((n) => (windows ? n.toUpperCase() : n)));
  const result: Env = {};
  for (const [key, value] of Object.entries(base)) {
    const name = windows ? key.toUpperCase() : key;
    const keep = wanted.has(name) || (!windows && name.startsWith('LC_'));
    if (keep && !value.startsWith('()')) result[key] = value;
  }
  return result;
}
