/**
 * Engine selection (seed 004's dual mode): local | llm | auto. Auto asks Claude
 * when a key is configured and falls back to the local engine when there is no
 * key or the llm path fails or times out; the answer always says which engine
 * produced it and why it fell back.
 */
import type { EngineMode } from '../../shared/reconcile/recipe';
import type { ReconServerConfig } from './config';
import type { Guarded } from './engines/llm/guards';

/** An error whose message is meant for the MCP client as-is. */
export class ToolInputError extends Error {}

export interface Answered {
  engine: 'llm' | 'local';
  fallback_reason?: string;
  warnings?: string[];
}

/** Small per-server memo for llm answers: the same question should not cost twice. */
export class AnswerCache {
  private readonly entries = new Map<string, unknown>();
  constructor(private readonly capacity = 64) {}
  get<T>(key: string): T | undefined {
    const v = this.entries.get(key);
    if (v !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, v);
    }
    return v as T | undefined;
  }
  set(key: string, value: unknown): void {
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}

export interface EngineRun<R> {
  tool: string;
  mode: EngineMode | undefined;
  cacheKey: string;
  config: ReconServerConfig;
  cache: AnswerCache;
  local: () => R & Answered;
  llm: () => Promise<Guarded<R>>;
  log?: (line: string) => void;
}

export async function runWithEngine<R extends object>(run: EngineRun<R>): Promise<R & Answered> {
  const mode = run.mode ?? run.config.defaultEngine;
  if (mode === 'local') return run.local();

  if (!run.config.apiKey) {
    if (mode === 'llm') throw new ToolInputError('engine "llm" needs ANTHROPIC_API_KEY in the server environment; set it, or call with engine "auto" or "local".');
    return { ...run.local(), fallback_reason: 'ANTHROPIC_API_KEY is not set, so the offline engine answered' };
  }

  const cached = run.cache.get<R & Answered>(run.cacheKey);
  if (cached) return cached;
  try {
    const { value, warnings } = await run.llm();
    const answer: R & Answered = { ...value, engine: 'llm', ...(warnings.length ? { warnings } : {}) };
    run.cache.set(run.cacheKey, answer);
    return answer;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (mode === 'llm') throw new ToolInputError(`llm engine failed: ${message}. Call with engine "auto" to fall back to the offline engine.`);
    run.log?.(`[kalla-recon] ${run.tool}: llm failed (${message}); falling back to local engine`);
    return { ...run.local(), fallback_reason: `llm engine failed: ${message}; the offline engine answered` };
  }
}
