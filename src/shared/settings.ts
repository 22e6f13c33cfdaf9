/**
 * App settings as the renderer sees them. API keys are never part of this:
 * the renderer only learns whether a key is stored, comes from the
 * environment, or is missing.
 */
import { z } from 'zod';
import { PROVIDER_IDS, ProviderIdSchema, ToolPolicyOverridesSchema, type ProviderId } from './assistant';
import { EngineModeSchema } from './reconcile/recipe';

/**
 * One place for the default models (the app, kalla-recon and viewmapper read these). Anthropic's
 * is Claude Sonnet 5: claude-sonnet-4-5 reaches end-of-life on 30 November 2026.
 */
export const DEFAULT_MODELS: Record<ProviderId, string> = {
  anthropic: 'claude-sonnet-5',
  openai: 'gpt-4o-mini',
  gemini: 'gemini-2.5-flash',
};

/**
 * A whole number read from an environment variable (the MCP servers' timeouts and sample sizes):
 * `fallback` when it is unset, blank, not a whole number, or outside min–max.
 */
export function intFromEnv(value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/**
 * Models their provider retires soon: Settings says so next to the model and offers the
 * successor, rather than the Assistant failing one day with "model not found". (A model the user
 * chose stays chosen: settings saved before the default changed keep the old one.)
 */
export const RETIRING_MODELS: Record<string, { endOfLife: string; successor: string }> = {
  'claude-sonnet-4-5': { endOfLife: '30 November 2026', successor: 'claude-sonnet-5' },
  'claude-sonnet-4-5-20250929': { endOfLife: '30 November 2026', successor: 'claude-sonnet-5' },
};

/** Environment variables honoured as defaults for each provider's key. */
export const KEY_ENV_VARS: Record<ProviderId, string[]> = {
  anthropic: ['ANTHROPIC_API_KEY'],
  openai: ['OPENAI_API_KEY'],
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
};

const ModelSchema = z.string().min(1, 'model must not be empty').max(200);
/** Empty means the provider's own endpoint. */
const BaseUrlSchema = z.union([z.url({ protocol: /^https?$/ }), z.literal('')]);

export const ProviderConfigSchema = z.object({ model: ModelSchema, baseUrl: BaseUrlSchema.default('') });
/** A change to one provider's config: only the fields given (no defaults, which would reset the others). */
const ProviderConfigPatchSchema = z.object({ model: ModelSchema.optional(), baseUrl: BaseUrlSchema.optional() }).strict();

export const SettingsSchema = z.object({
  provider: z.enum(['none', ...PROVIDER_IDS]).default('none'),
  providers: z
    .object({
      anthropic: ProviderConfigSchema.default({ model: DEFAULT_MODELS.anthropic, baseUrl: '' }),
      openai: ProviderConfigSchema.default({ model: DEFAULT_MODELS.openai, baseUrl: '' }),
      gemini: ProviderConfigSchema.default({ model: DEFAULT_MODELS.gemini, baseUrl: '' }),
    })
    .default({
      anthropic: { model: DEFAULT_MODELS.anthropic, baseUrl: '' },
      openai: { model: DEFAULT_MODELS.openai, baseUrl: '' },
      gemini: { model: DEFAULT_MODELS.gemini, baseUrl: '' },
    }),
  /** How the AI tools (mappings, filters, rules) choose their engine. */
  engineMode: EngineModeSchema.default('auto'),
  /** Sample rows per source that may be sent to an LLM provider (0 = none). */
  sampleRows: z.number().int().min(0).max(50).default(5),
  llmTimeoutMs: z.number().int().min(1000).max(600_000).default(20_000),
  toolPolicy: ToolPolicyOverridesSchema.default({ servers: {}, tools: {} }),
});
export type Settings = z.output<typeof SettingsSchema>;

export const SettingsPatchSchema = z
  .object({
    provider: z.enum(['none', ...PROVIDER_IDS]).optional(),
    providers: z
      .object({
        anthropic: ProviderConfigPatchSchema.optional(),
        openai: ProviderConfigPatchSchema.optional(),
        gemini: ProviderConfigPatchSchema.optional(),
      })
      .strict()
      .optional(),
    engineMode: EngineModeSchema.optional(),
    sampleRows: z.number().int().min(0).max(50).optional(),
    llmTimeoutMs: z.number().int().min(1000).max(600_000).optional(),
    toolPolicy: ToolPolicyOverridesSchema.optional(),
  })
  .strict();
export type SettingsPatch = z.input<typeof SettingsPatchSchema>;

export const KeyStateSchema = z.enum(['stored', 'environment', 'not_set', 'locked']);
export type KeyState = z.infer<typeof KeyStateSchema>;

export const SettingsViewSchema = z.object({
  settings: SettingsSchema,
  keys: z.record(ProviderIdSchema, KeyStateSchema),
  /** `os`: encrypted with the OS keychain (Electron safeStorage); `file`: a file only this user can read. */
  secretStorage: z.enum(['os', 'file']),
  secretStorageNote: z.string(),
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;
