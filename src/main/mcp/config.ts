/**
 * The user-server file `<dataDir>/mcp-servers.json`, in Claude Desktop's
 * format: `{"mcpServers": {"name": {command, args, env, cwd, disabled?, timeoutMs?}}}`,
 * or for a remote server `{"url", "type"?, "headers"?}`.
 *
 * Loading is forgiving (a broken entry is reported and skipped, the others
 * load); saving is careful (atomic, and fields we do not know survive).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { ServerConfigSchema, ServerNameSchema, type ConfigProblem, type ServerConfig } from '../../shared/mcp';
import { SECRET_FILE_MODE, writeFileAtomic } from '../base/atomic-write';
import { jsonErrorOffset, positionOf } from './json-position';

export { ServerNameSchema };

export const SERVERS_FILE_NAME = 'mcp-servers.json';

export function serversFilePath(dataDir: string): string {
  return join(dataDir, SERVERS_FILE_NAME);
}

export interface ParsedServersFile {
  /** Entries that passed validation, in file order. */
  servers: Record<string, ServerConfig>;
  problems: ConfigProblem[];
  /** The whole parsed document (unknown fields included), or undefined when the JSON is unusable. */
  document?: Record<string, unknown>;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** `mcpServers.fs.args.0`, quoting keys that would read ambiguously. */
export function fieldPath(parts: readonly PropertyKey[]): string {
  return parts
    .map((part, index) => {
      const text = String(part);
      if (index > 0 && !/^[A-Za-z0-9_$-]+$/.test(text)) return `[${JSON.stringify(text)}]`;
      return index === 0 ? text : `.${text}`;
    })
    .join('')
    .replace(/\.\[/g, '[');
}

function zodProblems(file: string, prefix: PropertyKey[], error: z.ZodError): ConfigProblem[] {
  return error.issues.map((issue) => ({
    file,
    where: fieldPath([...prefix, ...issue.path]),
    message: issue.message,
  }));
}

/** Parse JSON, turning a syntax error into a problem that names line and column. */
export function parseJsonText(text: string, file: string): { value?: unknown; problem?: ConfigProblem } {
  // Editors on Windows like to prepend a BOM; JSON.parse rejects it.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { value: JSON.parse(body) };
  } catch (error) {
    const offset = jsonErrorOffset(body) ?? positionFromMessage(error) ?? body.length;
    const { line, column } = positionOf(body, offset);
    const reason = jsonErrorReason(error);
    return {
      problem: { file, where: `line ${line}, column ${column}`, message: `invalid JSON: ${reason}` },
    };
  }
}

/**
 * V8's message without the text it quotes: "Unexpected token 'r', "root:x:0:0"... is
 * not valid JSON" would echo the start of any readable file picked for import.
 */
export function jsonErrorReason(error: unknown): string {
  if (!(error instanceof Error)) return 'not valid JSON';
  const message = error.message.replace(/\s+in JSON at position \d+.*$/s, '');
  if (/^Unexpected token\b/.test(message)) return 'unexpected character';
  if (/^Bad control character\b/.test(message)) return 'bad control character in string';
  return message.replace(/"[^"]*"(\.\.\.)?/g, '…');
}

function positionFromMessage(error: unknown): number | undefined {
  const match = error instanceof Error ? /at position (\d+)/.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * Validate a servers document entry by entry, so one bad server does not hide
 * the others. `reservedNames` are taken by built-in servers.
 */
export function parseServersText(text: string, file: string, reservedNames: ReadonlySet<string> = new Set()): ParsedServersFile {
  if (text.trim() === '') return { servers: {}, problems: [], document: {} };
  const { value, problem } = parseJsonText(text, file);
  if (problem) return { servers: {}, problems: [problem] };
  if (!isObject(value)) {
    return {
      servers: {},
      problems: [{ file, where: '(top level)', message: `expected an object like {"mcpServers": {...}}, found ${describeType(value)}` }],
    };
  }
  const raw = value.mcpServers;
  if (raw === undefined && isObject(value.servers)) {
    // VS Code / Cursor's shape; loading it as "no servers" would be silent data loss.
    return {
      servers: {},
      problems: [
        {
          file,
          where: 'servers',
          message: `this file uses VS Code's "servers" key; Kalla's file uses "mcpServers". Rename the key, or use Import in the Servers view, which reads both shapes`,
        },
      ],
      document: value,
    };
  }
  if (raw === undefined) return { servers: {}, problems: [], document: value };
  if (!isObject(raw)) {
    return {
      servers: {},
      problems: [{ file, where: 'mcpServers', message: `expected an object mapping server names to servers, found ${describeType(raw)}` }],
      document: value,
    };
  }
  const servers: Record<string, ServerConfig> = {};
  const problems: ConfigProblem[] = [];
  for (const [name, entry] of Object.entries(raw)) {
    const nameCheck = ServerNameSchema.safeParse(name);
    if (!nameCheck.success) {
      problems.push({ file, where: fieldPath(['mcpServers', name]), message: nameCheck.error.issues[0]?.message ?? 'invalid server name' });
      continue;
    }
    if (reservedNames.has(name)) {
      problems.push({ file, where: fieldPath(['mcpServers', name]), message: `"${name}" is the name of a built-in server; rename this entry` });
      continue;
    }
    const parsed = ServerConfigSchema.safeParse(entry);
    if (!parsed.success) {
      problems.push(...zodProblems(file, ['mcpServers', name], parsed.error));
      continue;
    }
    servers[name] = parsed.data;
  }
  return { servers, problems, document: value };
}

async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A missing file is an empty configuration, not a problem. */
export async function loadServersFile(path: string, reservedNames?: ReadonlySet<string>): Promise<ParsedServersFile> {
  const text = await readTextIfExists(path);
  if (text === undefined) return { servers: {}, problems: [], document: {} };
  return parseServersText(text, path, reservedNames);
}

export async function readServersFileText(path: string): Promise<string> {
  return (await readTextIfExists(path)) ?? `${JSON.stringify({ mcpServers: {} }, null, 2)}\n`;
}

/** OAuth client secrets and private keys written into the servers file, by server name. */
export type OAuthSecretsInFile = Record<string, { clientSecret?: string; privateKey?: string }>;

/**
 * Find OAuth client secrets and private keys in the file (typed into the config editor, saved by
 * the form, or imported): the host moves them into the secret store and then strips them here.
 */
export async function oauthSecretsInFile(path: string): Promise<OAuthSecretsInFile> {
  const text = await readTextIfExists(path);
  if (text === undefined) return {};
  const { value } = parseJsonText(text, path);
  const found: OAuthSecretsInFile = {};
  if (!isObject(value) || !isObject(value.mcpServers)) return found;
  for (const [name, entry] of Object.entries(value.mcpServers)) {
    const oauth = isObject(entry) && isObject(entry.oauth) ? entry.oauth : undefined;
    if (!oauth) continue;
    const pick = (key: string) => (typeof oauth[key] === 'string' && oauth[key] !== '' ? { [key]: oauth[key] as string } : {});
    const secrets = { ...pick('clientSecret'), ...pick('privateKey') };
    if (Object.keys(secrets).length > 0) found[name] = secrets;
  }
  return found;
}

/** Remove what `oauthSecretsInFile` found, once it is safe in the secret store. */
export async function stripOAuthSecrets(path: string, names: string[]): Promise<void> {
  await updateServersFile(path, (servers) => {
    for (const name of names) {
      const entry = servers[name];
      if (!isObject(entry) || !isObject(entry.oauth)) continue;
      const { clientSecret: _secret, privateKey: _key, ...oauth } = entry.oauth;
      servers[name] = { ...entry, oauth };
    }
  });
}

/** Validate one server for add/update; throws an Error naming the offending field. */
export function validateServer(name: string, config: unknown): ServerConfig {
  const nameCheck = ServerNameSchema.safeParse(name);
  if (!nameCheck.success) throw new Error(`invalid server name "${name}": ${nameCheck.error.issues[0]?.message}`);
  const parsed = ServerConfigSchema.safeParse(config);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`invalid server "${name}": ${fieldPath(['mcpServers', name, ...(first?.path ?? [])])}: ${first?.message}`);
  }
  return parsed.data;
}

const KNOWN_SERVER_FIELDS = new Set(Object.keys(ServerConfigSchema.shape));

/**
 * Apply `change` to the servers in the file and save atomically. Unknown
 * top-level fields and unknown per-server fields are preserved; a file that
 * does not parse is never overwritten (the user would lose their text).
 */
export async function updateServersFile(
  path: string,
  change: (servers: Record<string, unknown>) => void,
): Promise<void> {
  const text = await readTextIfExists(path);
  let document: JsonObject = {};
  if (text !== undefined && text.trim() !== '') {
    const { value, problem } = parseJsonText(text, path);
    if (problem) throw new Error(`${path} is not valid JSON (${problem.where}: ${problem.message}); fix it in the config editor first`);
    if (!isObject(value)) throw new Error(`${path} does not contain a JSON object; fix it in the config editor first`);
    document = value;
  }
  const servers = isObject(document.mcpServers) ? { ...document.mcpServers } : {};
  change(servers);
  await writeFileAtomic(path, `${JSON.stringify({ ...document, mcpServers: servers }, null, 2)}\n`, { mode: SECRET_FILE_MODE });
}

/** Replace an entry's known fields with `next`, keeping fields we do not model. */
export function mergeServerEntry(previous: unknown, next: ServerConfig): Record<string, unknown> {
  const kept: JsonObject = {};
  if (isObject(previous)) {
    for (const [key, value] of Object.entries(previous)) if (!KNOWN_SERVER_FIELDS.has(key)) kept[key] = value;
  }
  // "type" is known (it picks the remote transport) but forms do not edit it for local servers: keep "stdio" and the like.
  if (isObject(previous) && previous.type !== undefined && next.type === undefined) kept.type = previous.type;
  const entry: JsonObject = { ...kept, ...next };
  // Keep the file close to what people write by hand: no empty defaults.
  if (Array.isArray(entry.args) && entry.args.length === 0 && !(isObject(previous) && 'args' in previous)) delete entry.args;
  if (isObject(entry.env) && Object.keys(entry.env).length === 0 && !(isObject(previous) && 'env' in previous)) delete entry.env;
  return entry;
}
