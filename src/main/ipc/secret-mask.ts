/**
 * The server file may hold API keys in `env` and credentials in `headers`
 * (`Authorization: Bearer …`). The renderer edits that file (form and raw JSON)
 * but must never receive a secret, so secret-looking env values and every
 * header value travel as a placeholder and are put back from the file on save.
 */
import { isSecretName, secretJsonMemberPattern } from '../base/secrets';

export const HIDDEN = '<hidden: unchanged>';

type Env = Record<string, unknown>;
type ServerEntry = { env?: Env; headers?: Env } & Record<string, unknown>;
type ServersDoc = { mcpServers?: Record<string, ServerEntry> } & Record<string, unknown>;

export function maskEnv(env: Env | undefined): Env | undefined {
  if (!env || typeof env !== 'object') return env;
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, isSecretName(k) && typeof v === 'string' && v !== '' ? HIDDEN : v]));
}

/** Placeholders are replaced by the value the same server had for the same key. */
export function restoreEnv(env: Env | undefined, previous: Env | undefined, what = 'env'): Env | undefined {
  if (!env || typeof env !== 'object') return env;
  const out: Env = {};
  for (const [k, v] of Object.entries(env)) {
    if (v === HIDDEN) {
      const old = previous?.[k];
      if (typeof old !== 'string') throw new Error(`${what} ${k} has no stored value to keep; enter its value.`);
      out[k] = old;
    } else out[k] = v;
  }
  return out;
}

/** Header values are credentials more often than not (Authorization, X-Api-Key, cookies): every one is hidden. */
export function maskHeaders(headers: Env | undefined): Env | undefined {
  if (!headers || typeof headers !== 'object') return headers;
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, typeof v === 'string' && v !== '' ? HIDDEN : v]));
}

export function restoreHeaders(headers: Env | undefined, previous: Env | undefined): Env | undefined {
  return restoreEnv(headers, previous, 'header');
}

/** A server entry as the renderer may see it: secret env values and all header values hidden. */
export function maskServer<T extends object>(entry: T): T {
  const cfg = entry as ServerEntry;
  if (!cfg || typeof cfg !== 'object') return entry;
  return { ...cfg, ...(cfg.env ? { env: maskEnv(cfg.env) } : {}), ...(cfg.headers ? { headers: maskHeaders(cfg.headers) } : {}) } as T;
}

/** A server entry from the renderer with its placeholders replaced by the stored values; throws for a placeholder with nothing stored. */
export function restoreServer<T extends object>(entry: T, previous: object | undefined): T {
  const cfg = entry as ServerEntry;
  const prev = previous as ServerEntry | undefined;
  if (!cfg || typeof cfg !== 'object') return entry;
  return {
    ...cfg,
    ...(cfg.env ? { env: restoreEnv(cfg.env, prev?.env) } : {}),
    ...(cfg.headers ? { headers: restoreHeaders(cfg.headers, prev?.headers) } : {}),
  } as T;
}

export function maskDocument(text: string): string {
  let doc: ServersDoc;
  try {
    doc = JSON.parse(text);
  } catch {
    // An unparseable file is shown as it is so the user can fix it; we cannot
    // tell secrets apart, so hide every quoted value that follows a secret-looking key.
    const secretsHidden = text.replace(secretJsonMemberPattern(), `$1"${HIDDEN}"`);
    // And every value inside a "headers" object, whatever its name.
    return secretsHidden.replace(/("headers"\s*:\s*\{)([^}]*)/g, (_all, open: string, body: string) =>
      open + body.replace(/("(?:[^"\\]|\\.)*"\s*:\s*)"(?:[^"\\]|\\.)*"/g, `$1"${HIDDEN}"`),
    );
  }
  if (!doc || typeof doc !== 'object' || !doc.mcpServers || typeof doc.mcpServers !== 'object') return text;
  const servers = Object.fromEntries(
    Object.entries(doc.mcpServers).map(([name, cfg]) => [name, cfg && typeof cfg === 'object' ? maskServer(cfg) : cfg]),
  );
  return `${JSON.stringify({ ...doc, mcpServers: servers }, null, 2)}\n`;
}

/** Returns the text to save, or throws when a placeholder cannot be restored. Invalid JSON passes through (the host reports it). */
export function restoreDocument(text: string, previousText: string): string {
  if (!text.includes(HIDDEN)) return text;
  let doc: ServersDoc;
  let prev: ServersDoc = {};
  try {
    doc = JSON.parse(text);
  } catch {
    return text;
  }
  try {
    prev = JSON.parse(previousText);
  } catch {
    /* nothing to restore from */
  }
  if (!doc.mcpServers) return text;
  for (const [name, cfg] of Object.entries(doc.mcpServers)) {
    if (cfg && typeof cfg === 'object') doc.mcpServers[name] = restoreServer(cfg, prev.mcpServers?.[name]);
  }
  return `${JSON.stringify(doc, null, 2)}\n`;
}
