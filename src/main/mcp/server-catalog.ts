/**
 * The server configuration: the user's servers file (`<dataDir>/mcp-servers.json`), which built-ins
 * are disabled (`mcp-builtins.json`), the problems found in the file, imports from other clients'
 * files, and the secrets that go with a server. Edits run one at a time so two never race on the
 * file; after each, the parsed file is handed to `apply`, which makes the running set match it
 * (McpHost owns the running set).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConfigProblem, ImportPreview, ImportResult, ImportSource, ServerConfig } from '../../shared/mcp';
import { SECRET_FILE_MODE, tightenSecretFile, writeFileAtomic } from '../base/atomic-write';
import { claudeDesktopConfigPath, describeImportedServer, importSources, planImport } from './import-config';
import {
  loadServersFile,
  mergeServerEntry,
  oauthSecretsInFile,
  stripOAuthSecrets,
  type OAuthSecretsInFile,
  parseServersText,
  readServersFileText,
  serversFilePath,
  updateServersFile,
  validateServer,
} from './config';
import { clientSecretsKey, signInKey, type SecretKeeper } from './oauth';

const BUILTIN_STATE_FILE = 'mcp-builtins.json';

/** The usable servers of the file, and every name it lists (broken entries included). */
export interface ServersInFile {
  servers: Record<string, ServerConfig>;
  listed: Set<string>;
}

export interface ServerCatalogOptions {
  dataDir: string;
  builtinNames: ReadonlySet<string>;
  /** Where sign-ins and client secrets are kept; they go with their server. */
  secrets?: SecretKeeper;
  /** The file's problems after every read (also when there are none). */
  onProblems(problems: ConfigProblem[]): void;
  /** Make the running set match the file (after a read that found a usable file). */
  apply(file: ServersInFile, opts: { startEnabled: boolean }): Promise<void>;
  /** Names in use now (running or known): an import never takes them. */
  knownNames(): Iterable<string>;
}

export class ServerCatalog {
  private disabledBuiltins = new Set<string>();
  private problems: ConfigProblem[] = [];
  /** Config changes run one at a time so two edits never race on the file. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: ServerCatalogOptions) {}

  path(): string {
    return serversFilePath(this.opts.dataDir);
  }

  configProblems(): ConfigProblem[] {
    return [...this.problems];
  }

  /** Reads the built-ins' state and the servers file (nothing is started). */
  async load(): Promise<void> {
    this.disabledBuiltins = await readDisabledBuiltins(this.builtinStatePath());
    await this.sync({ startEnabled: false });
  }

  isBuiltinDisabled(name: string): boolean {
    return this.disabledBuiltins.has(name);
  }

  async setBuiltinEnabled(name: string, enabled: boolean): Promise<void> {
    await this.exclusive(async () => {
      if (enabled) this.disabledBuiltins.delete(name);
      else this.disabledBuiltins.add(name);
      await writeFileAtomic(this.builtinStatePath(), `${JSON.stringify({ disabled: [...this.disabledBuiltins].sort() }, null, 2)}\n`);
    });
  }

  async setUserEnabled(name: string, enabled: boolean): Promise<void> {
    await this.exclusive(async () => {
      await updateServersFile(this.path(), (servers) => {
        const raw = servers[name];
        if (typeof raw !== 'object' || raw === null) throw new Error(`server ${name} is not in ${this.path()} any more`);
        const next: Record<string, unknown> = { ...raw };
        // Claude Desktop has no "disabled"; leave enabled entries as it would write them.
        if (enabled) delete next.disabled;
        else next.disabled = true;
        servers[name] = next;
      });
      await this.sync({ startEnabled: false });
    });
  }

  async add(name: string, config: ServerConfig): Promise<void> {
    const valid = validateServer(name, config);
    if (this.opts.builtinNames.has(name)) throw new Error(`"${name}" is the name of a built-in server; choose another name`);
    await this.exclusive(async () => {
      await updateServersFile(this.path(), (servers) => {
        if (name in servers) throw new Error(`a server named "${name}" already exists`);
        servers[name] = mergeServerEntry(undefined, valid);
      });
      await this.sync({ startEnabled: true });
    });
  }

  async update(name: string, config: ServerConfig): Promise<void> {
    const valid = validateServer(name, config);
    await this.exclusive(async () => {
      await updateServersFile(this.path(), (servers) => {
        if (!(name in servers)) throw new Error(`server ${name} is not in ${this.path()} any more`);
        servers[name] = mergeServerEntry(servers[name], valid);
      });
      await this.sync({ startEnabled: true });
    });
  }

  async remove(name: string): Promise<void> {
    await this.exclusive(async () => {
      await updateServersFile(this.path(), (servers) => {
        delete servers[name];
      });
      await this.sync({ startEnabled: true });
    });
  }

  /** Re-read the file after an outside edit (e.g. in a text editor) and apply it. */
  async reload(): Promise<void> {
    await this.exclusive(() => this.sync({ startEnabled: true }));
  }

  readText(): Promise<string> {
    return readServersFileText(this.path());
  }

  /**
   * Save the raw file from the config editor. Text that is not JSON (or not
   * shaped like a servers file at all) is refused and the file left as it
   * was; per-server problems are saved but reported, and those servers skipped.
   */
  async writeText(text: string): Promise<{ problems: ConfigProblem[] }> {
    const parsed = parseServersText(text, this.path(), this.opts.builtinNames);
    const unusable = !parsed.document || parsed.problems.some((p) => p.where === 'mcpServers' || p.where === '(top level)');
    if (unusable) return { problems: parsed.problems };
    await this.exclusive(async () => {
      // Servers' env and headers hold tokens.
      await writeFileAtomic(this.path(), text, { mode: SECRET_FILE_MODE });
      await this.sync({ startEnabled: true });
    });
    return { problems: this.configProblems() };
  }

  /** Other MCP clients' config files on this machine (Claude Desktop, VS Code, Cursor). */
  importSources(): Promise<ImportSource[]> {
    return importSources();
  }

  /** What importing `path` would add and skip, and the VS Code inputs it needs; changes nothing. */
  async planImport(path?: string, inputs: Record<string, string> = {}): Promise<ImportPreview> {
    const plan = await planImport(path ?? claudeDesktopConfigPath(), await this.takenNames(), inputs);
    return {
      toAdd: Object.keys(plan.toAdd),
      servers: Object.entries(plan.toAdd).map(([name, config]) => describeImportedServer(name, config)),
      skipped: plan.skipped,
      inputs: plan.inputs,
    };
  }

  /**
   * Import servers from another client's config file (Claude Desktop's standard location unless
   * `path` is given), with values for the VS Code inputs they use.
   */
  async import(path?: string, inputs: Record<string, string> = {}): Promise<ImportResult> {
    const source = path ?? claudeDesktopConfigPath();
    return this.exclusive(async () => {
      const plan = await planImport(source, await this.takenNames(), inputs);
      const imported = Object.keys(plan.toAdd);
      if (imported.length > 0) {
        await updateServersFile(this.path(), (servers) => {
          // Added disabled: nothing from another client's file runs until the user enables it here.
          for (const [name, config] of Object.entries(plan.toAdd)) servers[name] = mergeServerEntry(undefined, { ...config, disabled: true });
        });
        await this.sync({ startEnabled: true });
      }
      return { imported, skipped: plan.skipped, inputs: plan.inputs };
    });
  }

  /** A removed server's sign-in and client secret: a new server of the same name starts clean. */
  async forgetSecrets(name: string): Promise<void> {
    await this.opts.secrets?.delete(signInKey(name));
    await this.opts.secrets?.delete(clientSecretsKey(name));
  }

  private builtinStatePath(): string {
    return join(this.opts.dataDir, BUILTIN_STATE_FILE);
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    // The caller receives `run`'s failure; the queue only needs to know the task ended.
    this.queue = run.catch(() => {});
    return run;
  }

  /** Names in the file count even if their entries are broken: an import never overwrites them. */
  private async takenNames(): Promise<Set<string>> {
    const current = await loadServersFile(this.path(), this.opts.builtinNames);
    return new Set([...this.opts.knownNames(), ...Object.keys(rawServers(current.document))]);
  }

  /** Read the file (its secrets moved to the store first), record its problems, and apply it. */
  private async sync({ startEnabled }: { startEnabled: boolean }): Promise<void> {
    await tightenSecretFile(this.path());
    await this.moveOAuthSecretsToStore();
    const parsed = await loadServersFile(this.path(), this.opts.builtinNames);
    this.problems = parsed.problems;
    this.opts.onProblems(this.configProblems());
    if (!parsed.document) return; // unreadable file: keep what runs, the problem says why
    await this.opts.apply({ servers: parsed.servers, listed: new Set(Object.keys(rawServers(parsed.document))) }, { startEnabled });
  }

  /**
   * A client secret or private key in the servers file moves into the secret store (encrypted at
   * rest, never sent to the renderer, which reads this file in the config editor) and out of the
   * file. Stored first, stripped second: a crash in between leaves it in both places, never in none.
   */
  private async moveOAuthSecretsToStore(): Promise<void> {
    const store = this.opts.secrets;
    if (!store) return;
    const found = await oauthSecretsInFile(this.path()).catch(() => ({}) as OAuthSecretsInFile);
    const names = Object.keys(found);
    if (names.length === 0) return;
    for (const name of names) {
      const previous = await store.get(clientSecretsKey(name));
      await store.set(clientSecretsKey(name), JSON.stringify({ ...(previous ? (JSON.parse(previous) as object) : {}), ...found[name] }));
    }
    await stripOAuthSecrets(this.path(), names);
  }
}

function rawServers(document: Record<string, unknown> | undefined): Record<string, unknown> {
  const servers = document?.mcpServers;
  return typeof servers === 'object' && servers !== null && !Array.isArray(servers) ? (servers as Record<string, unknown>) : {};
}

async function readDisabledBuiltins(path: string): Promise<Set<string>> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as { disabled?: unknown };
    return new Set(Array.isArray(parsed.disabled) ? parsed.disabled.filter((n): n is string => typeof n === 'string') : []);
  } catch {
    // Missing or corrupt state only means every built-in starts enabled.
    return new Set();
  }
}
