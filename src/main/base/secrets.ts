/**
 * Secrets: which names hold one, and how text is redacted. The one definition for the app: the
 * server-log redactor, the server-file mask sent to the renderer (src/main/ipc/secret-mask.ts) and
 * the assistant's provider errors all use it. Servers echo their configuration and tokens to stderr
 * surprisingly often, and logs get pasted into bug reports.
 */

export const REDACTED = '[redacted]';

/** The words that make an env, header or JSON key name a secret (case-insensitive, anywhere in the name). */
const SECRET_NAME_WORDS = ['KEY', 'TOKEN', 'SECRET', 'PASSWORD', 'PASSWD', 'PASS', 'AUTH', 'CREDENTIAL', 'PRIVATE', 'SESSION', 'COOKIE'];
const SECRET_NAME_SOURCE = `(?:${SECRET_NAME_WORDS.join('|')})`;
const SECRET_NAME = new RegExp(SECRET_NAME_SOURCE, 'i');

/** Env names whose values we treat as secrets, e.g. OPENAI_API_KEY, GITHUB_TOKEN, DB_PASS, SESSION_ID. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * A JSON member `"<secret name>": "value"` in text that does not parse: group 1 is the key with its
 * colon, the value follows. The same names as isSecretName.
 */
export function secretJsonMemberPattern(): RegExp {
  return new RegExp(String.raw`("[^"]*${SECRET_NAME_SOURCE}[^"]*"\s*:\s*)"(?:[^"\\]|\\.)*"`, 'gi');
}

/** Every occurrence of the given secret values (4 characters or more) replaced by the redaction mark. */
export function redactValues(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join(REDACTED);
  return out;
}

/** Token shapes that are secrets wherever they appear. Order matters: specific before generic. */
const TOKEN_PATTERNS: RegExp[] = [
  /\bsk-ant-[A-Za-z0-9_-]{8,}/g,
  /\bsk-(?:proj-|live-|test-)?[A-Za-z0-9_-]{16,}/g,
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abposr]-[A-Za-z0-9-]{8,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bglpat-[A-Za-z0-9_-]{20,}/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
];

/**
 * `Bearer <token>` and `API_KEY=value` / `"password": "value"` keep their label. In free text the
 * label words are narrower than SECRET_NAME_WORDS on purpose: `author: x`, `passed: 3` or
 * `session: 4` in a log line are not secrets, while an env or JSON key named so is.
 */
const SECRET_LABEL = String.raw`\b[A-Za-z0-9_-]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)[A-Za-z0-9_-]*`;
const LABELLED_PATTERNS: RegExp[] = [
  /(\b(?:Bearer|Basic|Token)\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
  // Quoted values may contain spaces: "password": "correct horse battery"
  new RegExp(String.raw`(${SECRET_LABEL}["']?\s*[=:]\s*")(?!\[redacted\]")[^"\n]{4,}(?=")`, 'gi'),
  /(\b[A-Za-z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)[A-Za-z0-9_]*["']?\s*[=:]\s*["']?)(?!\[redacted\])[^\s"',;&]{4,}/gi,
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export type Redactor = (text: string) => string;

/**
 * Build a redactor that hides the values of secret-looking env entries plus
 * well-known token shapes. Very short values are ignored: redacting "1" or
 * "yes" everywhere would make logs unreadable without protecting anything.
 */
export function createRedactor(env: Record<string, string> = {}): Redactor {
  const values = Object.entries(env)
    .filter(([name, value]) => isSecretName(name) && value.length >= 4)
    .map(([, value]) => value)
    .sort((a, b) => b.length - a.length);
  const valuePattern = values.length > 0 ? new RegExp(values.map(escapeRegExp).join('|'), 'g') : undefined;
  return (text: string) => {
    let out = valuePattern ? text.replace(valuePattern, REDACTED) : text;
    for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, REDACTED);
    for (const pattern of LABELLED_PATTERNS) out = out.replace(pattern, `$1${REDACTED}`);
    return out;
  };
}

/** Redaction with token shapes only, for text that has no env to go with it. */
export const redact: Redactor = createRedactor();
