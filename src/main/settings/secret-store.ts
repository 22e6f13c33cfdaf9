/**
 * API keys at rest. In Electron they are encrypted with the OS keychain
 * (safeStorage); under plain Node (browser mode) there is no keychain, so they
 * live in a file only this user may read — and the UI says exactly that.
 * Values never leave the main process except in the env of built-in servers.
 */
import { chmod, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SECRET_FILE_MODE, tightenSecretFile, writeFileAtomic } from '../base/atomic-write';

export interface SecretCodec {
  kind: 'os' | 'file';
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}

/** Browser mode / tests: no encryption is possible without a keychain; the file mode protects it. */
export const plainFileCodec: SecretCodec = {
  kind: 'file',
  encrypt: (plain) => plain,
  decrypt: (stored) => stored,
};

interface SecretsFile {
  version: 1;
  kind: 'os' | 'file';
  entries: Record<string, string>;
}

export class SecretStore {
  private file: string;
  private cache?: SecretsFile;

  constructor(
    dataDir: string,
    private codec: SecretCodec,
  ) {
    this.file = join(dataDir, 'secrets.json');
  }

  get kind(): 'os' | 'file' {
    return this.codec.kind;
  }

  private async load(): Promise<SecretsFile> {
    if (this.cache) return this.cache;
    await tightenSecretFile(this.file);
    try {
      const parsed = JSON.parse(await readFile(this.file, 'utf8')) as SecretsFile;
      this.cache = parsed && parsed.entries ? parsed : { version: 1, kind: this.codec.kind, entries: {} };
    } catch {
      this.cache = { version: 1, kind: this.codec.kind, entries: {} };
    }
    return this.cache;
  }

  /** `locked`: stored by the desktop app with the OS keychain, which browser mode cannot open. */
  async state(name: string): Promise<'stored' | 'missing' | 'locked'> {
    const f = await this.load();
    if (!(name in f.entries)) return 'missing';
    return f.kind === this.codec.kind ? 'stored' : 'locked';
  }

  async get(name: string): Promise<string | undefined> {
    const f = await this.load();
    const stored = f.entries[name];
    if (stored === undefined || f.kind !== this.codec.kind) return undefined;
    try {
      return this.codec.decrypt(stored);
    } catch {
      return undefined;
    }
  }

  async set(name: string, value: string): Promise<void> {
    await this.mutate((f) => {
      // Entries written by another codec cannot be read any more: start a fresh file for this one.
      const next: SecretsFile = f.kind === this.codec.kind ? { ...f, entries: { ...f.entries } } : { version: 1, kind: this.codec.kind, entries: {} };
      next.entries[name] = this.codec.encrypt(value);
      return next;
    });
  }

  async delete(name: string): Promise<void> {
    await this.mutate((f) => {
      if (!(name in f.entries)) return undefined;
      const entries = { ...f.entries };
      delete entries[name];
      return { ...f, entries };
    });
  }

  /**
   * One change at a time, each on the file as the previous one left it. Without this, changes
   * made together (several servers removed in one save, each deleting its sign-in) each started
   * from the same snapshot and the last write won: the other deletions were lost.
   */
  private mutate(change: (current: SecretsFile) => SecretsFile | undefined): Promise<void> {
    const run = this.queue.then(async () => {
      const next = change(await this.load());
      if (next) await this.save(next);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private queue: Promise<unknown> = Promise.resolve();

  private async save(next: SecretsFile): Promise<void> {
    await writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`, { mode: SECRET_FILE_MODE });
    await chmod(this.file, 0o600).catch(() => undefined);
    this.cache = next;
  }
}
