/**
 * Settings (settings.json) and provider API keys (SecretStore). Environment
 * variables are defaults, as in seed 000: ANTHROPIC_API_KEY / ANTHROPIC_MODEL /
 * ANTHROPIC_BASE_URL (and OPENAI_API_KEY, GEMINI_API_KEY). What the user saves
 * wins over the environment.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROVIDER_IDS, type ProviderId } from '../../shared/assistant';
import {
  DEFAULT_MODELS,
  KEY_ENV_VARS,
  SettingsPatchSchema,
  SettingsSchema,
  type KeyState,
  type Settings,
  type SettingsPatch,
  type SettingsView,
} from '../../shared/settings';
import { writeFileAtomic } from '../base/atomic-write';
import type { SecretStore } from './secret-store';

const keyName = (p: ProviderId) => `provider.${p}.apiKey`;

export class SettingsService {
  private file: string;
  private current?: Settings;
  private listeners = new Set<(s: Settings) => void>();
  /** Problem found when loading settings.json (the file is kept; defaults are used). */
  loadProblem?: string;

  constructor(
    dataDir: string,
    private secrets: SecretStore,
    private env: NodeJS.ProcessEnv = process.env,
  ) {
    this.file = join(dataDir, 'settings.json');
  }

  onChange(listener: (s: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private envDefaults(): Partial<Settings> {
    const anthropic = { model: this.env.ANTHROPIC_MODEL || undefined, baseUrl: this.env.ANTHROPIC_BASE_URL || undefined };
    const firstWithKey = PROVIDER_IDS.find((p) => KEY_ENV_VARS[p].some((v) => this.env[v]));
    return {
      ...(firstWithKey ? { provider: firstWithKey } : {}),
      providers: SettingsSchema.shape.providers.parse({
        anthropic: { model: anthropic.model ?? DEFAULT_MODELS.anthropic, baseUrl: anthropic.baseUrl ?? '' },
      }),
    };
  }

  async get(): Promise<Settings> {
    if (this.current) return this.current;
    let saved: unknown = {};
    try {
      saved = JSON.parse(await readFile(this.file, 'utf8'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.loadProblem = `settings.json could not be read (${(e as Error).message}); using defaults.`;
    }
    const defaults = this.envDefaults();
    const merged = { ...defaults, ...(saved as object) };
    const parsed = SettingsSchema.safeParse(merged);
    if (!parsed.success) {
      this.loadProblem = `settings.json has invalid values (${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}); using defaults for them.`;
      this.current = SettingsSchema.parse(defaults);
    } else this.current = parsed.data;
    return this.current;
  }

  async update(patch: SettingsPatch): Promise<Settings> {
    const p = SettingsPatchSchema.parse(patch);
    const cur = await this.get();
    const providers = { ...cur.providers };
    for (const id of PROVIDER_IDS) if (p.providers?.[id]) providers[id] = { ...providers[id], ...p.providers[id] };
    const next = SettingsSchema.parse({ ...cur, ...p, providers });
    await writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`);
    this.current = next;
    for (const l of this.listeners) l(next);
    return next;
  }

  /** The key for a provider: stored, else from the environment. Main process only. */
  async apiKey(provider: ProviderId): Promise<string | undefined> {
    const stored = await this.secrets.get(keyName(provider));
    if (stored) return stored;
    for (const v of KEY_ENV_VARS[provider]) if (this.env[v]) return this.env[v];
    return undefined;
  }

  async setApiKey(provider: ProviderId, key: string): Promise<void> {
    const trimmed = key.trim();
    if (!trimmed) throw new Error('The key is empty; paste the whole key, or use "Remove key".');
    await this.secrets.set(keyName(provider), trimmed);
    // A first key is a clear sign of which provider the user wants.
    if ((await this.get()).provider === 'none') await this.update({ provider });
    else for (const l of this.listeners) l(await this.get());
  }

  async clearApiKey(provider: ProviderId): Promise<void> {
    await this.secrets.delete(keyName(provider));
    for (const l of this.listeners) l(await this.get());
  }

  async keyState(provider: ProviderId): Promise<KeyState> {
    const s = await this.secrets.state(keyName(provider));
    if (s === 'stored') return 'stored';
    if (KEY_ENV_VARS[provider].some((v) => this.env[v])) return 'environment';
    return s === 'locked' ? 'locked' : 'not_set';
  }

  async view(): Promise<SettingsView> {
    const keys = {} as Record<ProviderId, KeyState>;
    for (const p of PROVIDER_IDS) keys[p] = await this.keyState(p);
    return {
      settings: await this.get(),
      keys,
      secretStorage: this.secrets.kind,
      secretStorageNote:
        this.secrets.kind === 'os'
          ? 'Keys are encrypted with your operating system’s keychain and never shown again.'
          : 'Browser mode has no access to the OS keychain: keys are kept unencrypted in secrets.json in your data folder, readable only by your user account. Use the desktop app for encrypted storage.',
    };
  }

  /**
   * Env for the built-in AI servers (kalla-recon, viewmapper). Keys travel
   * only here — never to user servers, the renderer or logs.
   */
  async builtinServerEnv(): Promise<Record<string, string>> {
    const s = await this.get();
    const env: Record<string, string> = {
      KALLA_ENGINE: s.engineMode,
      KALLA_SAMPLE_ROWS: String(s.sampleRows),
      KALLA_LLM_TIMEOUT_MS: String(s.llmTimeoutMs),
    };
    // The recon server's LLM engine speaks Anthropic's API (seed 000); in local mode it gets no key at all.
    const key = s.engineMode === 'local' ? undefined : await this.apiKey('anthropic');
    if (key) {
      env.ANTHROPIC_API_KEY = key;
      env.ANTHROPIC_MODEL = s.providers.anthropic.model;
      if (s.providers.anthropic.baseUrl) env.ANTHROPIC_BASE_URL = s.providers.anthropic.baseUrl;
    }
    return env;
  }
}
