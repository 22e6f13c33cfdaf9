/**
 * Server settings read from the environment the server was started with
 * (never from the app's own process: the MCP host passes env explicitly).
 */
import { EngineModeSchema, type EngineMode } from '../../shared/reconcile/recipe';
import { DEFAULT_MODELS, intFromEnv } from '../../shared/settings';

export interface ReconServerConfig {
  apiKey: string | undefined;
  model: string;
  baseURL: string | undefined;
  /** Budget for the whole llm path of one call, corrective retry included. */
  timeoutMs: number;
  /** Default number of sample rows per source the llm engine may see. */
  sampleRows: number;
  defaultEngine: EngineMode;
}

export const DEFAULT_MODEL = DEFAULT_MODELS.anthropic;
export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_SAMPLE_ROWS = 5;

export function readConfig(env: NodeJS.ProcessEnv): ReconServerConfig {
  const engine = EngineModeSchema.safeParse((env.KALLA_ENGINE ?? '').trim().toLowerCase());
  return {
    apiKey: env.ANTHROPIC_API_KEY?.trim() || undefined,
    model: env.ANTHROPIC_MODEL?.trim() || DEFAULT_MODEL,
    baseURL: env.ANTHROPIC_BASE_URL?.trim() || undefined,
    timeoutMs: intFromEnv(env.KALLA_LLM_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, 100, 600_000),
    sampleRows: intFromEnv(env.KALLA_SAMPLE_ROWS, DEFAULT_SAMPLE_ROWS, 0, 50),
    defaultEngine: engine.success ? engine.data : 'auto',
  };
}
