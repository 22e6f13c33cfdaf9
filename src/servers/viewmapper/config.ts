/**
 * Settings of the viewmapper MCP server, read from the environment it was
 * started with (seed 001's variables plus ours). Never from electron.
 */
import { DEFAULT_MODELS, intFromEnv } from '../../shared/settings';

export interface ViewMapperConfig {
  /** Default connection when a tool call names none (seed: VIEWMAPPER_CONNECTION). */
  connection: string;
  /** Per-request budget for the engine, ms (VIEWMAPPER_TIMEOUT_MS, default 60 s). */
  timeoutMs: number;
  /** Conversation turns kept per session (VIEWMAPPER_HISTORY_TURNS, default 3). */
  historyTurns: number;
  /** Assistant answers in the history are cut to this many characters (VIEWMAPPER_HISTORY_CHARS, default 200). */
  historyChars: number;
  verbose: boolean;
  /** KALLA_ENGINE: local → always deterministic; auto (default) → Claude when a key is set, else or on failure deterministic; llm → Claude only. */
  engineMode: 'local' | 'auto' | 'llm';
  /** ANTHROPIC_API_KEY_FOR_VIEWMAPPER (seed 001) or ANTHROPIC_API_KEY. */
  apiKey: string | undefined;
  model: string;
  baseURL: string | undefined;
  llmTimeoutMs: number;
}

export const DEFAULT_CONNECTION = 'test://kalla_ecommerce';
export const DEFAULT_TIMEOUT_MS = 60_000;

export function readConfig(env: NodeJS.ProcessEnv): ViewMapperConfig {
  return {
    connection: env.VIEWMAPPER_CONNECTION?.trim() || DEFAULT_CONNECTION,
    timeoutMs: intFromEnv(env.VIEWMAPPER_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, 1, 3_600_000),
    historyTurns: intFromEnv(env.VIEWMAPPER_HISTORY_TURNS, 3, 0, 100),
    historyChars: intFromEnv(env.VIEWMAPPER_HISTORY_CHARS, 200, 10, 100_000),
    verbose: ['1', 'true', 'yes'].includes((env.VIEWMAPPER_VERBOSE ?? '').trim().toLowerCase()),
    engineMode: (['local', 'auto', 'llm'] as const).find((m) => m === (env.KALLA_ENGINE ?? '').trim().toLowerCase()) ?? 'auto',
    apiKey: env.ANTHROPIC_API_KEY_FOR_VIEWMAPPER?.trim() || env.ANTHROPIC_API_KEY?.trim() || undefined,
    model: env.ANTHROPIC_MODEL?.trim() || DEFAULT_MODELS.anthropic,
    baseURL: env.ANTHROPIC_BASE_URL?.trim() || undefined,
    llmTimeoutMs: intFromEnv(env.KALLA_LLM_TIMEOUT_MS, 30_000, 100, 600_000),
  };
}

/** "12 seconds" / "1 second" / "0.5 seconds" for the timeout message. */
export function secondsText(ms: number): string {
  const s = ms / 1000;
  const n = Number.isInteger(s) ? String(s) : s.toFixed(s < 1 ? 2 : 1).replace(/\.?0+$/, '');
  return `${n} second${s === 1 ? '' : 's'}`;
}
