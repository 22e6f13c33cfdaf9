/**
 * Provider-facing tool names: `server__tool`, one scheme for all providers.
 *
 * Name rules differ per provider:
 *   Anthropic  ^[a-zA-Z0-9_-]{1,64}$
 *   OpenAI     ^[a-zA-Z0-9_-]{1,64}$
 *   Gemini     starts with a letter or underscore, then [a-zA-Z0-9_.-], at most 64
 * We emit names valid under all three (their intersection:
 * ^[A-Za-z_][A-Za-z0-9_-]{0,63}$), so the same namespaced name is valid whatever
 * provider a conversation is sent to, and stored ToolCalls never need renaming.
 *
 * Two kinds of names:
 *   - plain:  `${server}__${tool}` when that is already valid and decodes
 *             unambiguously (server has no "__" and does not end in "_", so the
 *             first "__" is the separator). Plain names never change.
 *   - hashed: sanitised, truncated, plus `_` and 8 hex chars of
 *             sha256(server NUL tool). Used when sanitising was lossy, the name is
 *             too long, or it does not start with a letter/underscore.
 * A hashed name that happens to equal another name is re-hashed with a salt, so
 * the map is a bijection by construction, not by luck.
 */
import { createHash } from 'node:crypto';

export const MAX_TOOL_NAME_LENGTH = 64;
export const TOOL_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const SEPARATOR = '__';
const HASH_LENGTH = 8;
const CLEAN = /^[A-Za-z0-9_-]+$/;

export interface QualifiedToolName {
  server: string;
  tool: string;
}

function isPlainEncodable(server: string, tool: string): boolean {
  const name = `${server}${SEPARATOR}${tool}`;
  return (
    CLEAN.test(server) &&
    CLEAN.test(tool) &&
    !server.includes(SEPARATOR) &&
    !server.endsWith('_') &&
    TOOL_NAME_PATTERN.test(name)
  );
}

function shortHash(server: string, tool: string, salt: number): string {
  const input = salt === 0 ? `${server}\u0000${tool}` : `${server}\u0000${tool}\u0000${salt}`;
  return createHash('sha256').update(input).digest('hex').slice(0, HASH_LENGTH);
}

function hashedName(server: string, tool: string, salt: number): string {
  let stem = `${server}${SEPARATOR}${tool}`.replace(/[^A-Za-z0-9_-]/g, '_');
  if (!/^[A-Za-z_]/.test(stem)) stem = `_${stem}`;
  const room = MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1;
  return `${stem.slice(0, room)}_${shortHash(server, tool, salt)}`;
}

const key = (server: string, tool: string) => `${server}\u0000${tool}`;

/** Bidirectional map between (server, tool) pairs and provider-facing names. */
export class ToolNameMap {
  private readonly byName = new Map<string, QualifiedToolName>();
  private readonly byQualified = new Map<string, string>();

  private constructor() {}

  /**
   * Order-independent: the same set of tools always yields the same names,
   * because pairs are sorted before hashed names claim their slots.
   */
  static build(pairs: readonly QualifiedToolName[]): ToolNameMap {
    const map = new ToolNameMap();
    const unique = new Map<string, QualifiedToolName>();
    for (const p of pairs) unique.set(key(p.server, p.tool), { server: p.server, tool: p.tool });
    const sorted = [...unique.values()].sort((a, b) =>
      a.server === b.server ? (a.tool < b.tool ? -1 : 1) : a.server < b.server ? -1 : 1,
    );

    // Plain names first: they are injective among themselves (see header).
    const needHash: QualifiedToolName[] = [];
    for (const p of sorted) {
      if (isPlainEncodable(p.server, p.tool)) map.add(`${p.server}${SEPARATOR}${p.tool}`, p);
      else needHash.push(p);
    }
    for (const p of needHash) {
      let salt = 0;
      let name = hashedName(p.server, p.tool, salt);
      while (map.byName.has(name)) name = hashedName(p.server, p.tool, ++salt);
      map.add(name, p);
    }
    return map;
  }

  private add(name: string, q: QualifiedToolName): void {
    this.byName.set(name, q);
    this.byQualified.set(key(q.server, q.tool), name);
  }

  /** Provider-facing name for a tool; undefined if the tool was not in the map. */
  toProviderName(server: string, tool: string): string | undefined {
    return this.byQualified.get(key(server, tool));
  }

  /** The server and MCP tool name behind a provider-facing name. */
  resolve(providerName: string): QualifiedToolName | undefined {
    const q = this.byName.get(providerName);
    return q ? { ...q } : undefined;
  }

  get size(): number {
    return this.byName.size;
  }

  entries(): Array<{ name: string } & QualifiedToolName> {
    return [...this.byName].map(([name, q]) => ({ name, ...q }));
  }
}
