/**
 * One error type for every provider failure, with a message fit to show the
 * user. Messages are built from status and the server's own explanation, and
 * are passed through `redact` so an API key echoed by a (compatible) server
 * never reaches logs or the renderer.
 */
import type { ProviderId } from '../../../shared/assistant';

export type ProviderErrorKind =
  | 'missing_key'
  | 'cancelled'
  | 'timeout'
  | 'rate_limited'
  | 'overloaded'
  | 'auth'
  | 'bad_request'
  | 'server'
  | 'network'
  | 'invalid_response';

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI-compatible server',
  gemini: 'Gemini',
};

export interface ProviderErrorInfo {
  provider: ProviderId;
  kind: ProviderErrorKind;
  status?: number;
  /** The server's explanation or the underlying cause, without our framing. */
  detail?: string;
  /** How long the server asked us to wait (retry-after and friends). */
  retryAfterMs?: number;
  /** Attempts made, when more than one. */
  attempts?: number;
  timeoutMs?: number;
}

const RETRYABLE: ReadonlySet<ProviderErrorKind> = new Set(['rate_limited', 'overloaded']);

function compose(i: ProviderErrorInfo): string {
  const who = PROVIDER_LABELS[i.provider];
  const http = i.status !== undefined ? ` (HTTP ${i.status})` : '';
  const tries = i.attempts && i.attempts > 1 ? `, gave up after ${i.attempts} attempts` : '';
  const detail = i.detail ? `: ${i.detail}` : '';
  switch (i.kind) {
    case 'missing_key':
      return `No API key configured for ${who}`;
    case 'cancelled':
      return `${who} request cancelled`;
    case 'timeout':
      return `${who} request timed out after ${i.timeoutMs ?? '?'} ms`;
    case 'rate_limited':
      return `${who} rate limit reached${http}${tries}${detail}`;
    case 'overloaded':
      return `${who} is overloaded${http}${tries}${detail}`;
    case 'auth':
      return `${who} rejected the API key${http}${detail}`;
    case 'bad_request':
      return `${who} rejected the request${http}${detail}`;
    case 'server':
      return `${who} server error${http}${detail}`;
    case 'network':
      return `Could not reach ${who}${detail}`;
    case 'invalid_response':
      return `${who} sent an unexpected response${detail}`;
  }
}

export class ProviderError extends Error {
  readonly provider: ProviderId;
  readonly kind: ProviderErrorKind;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly info: ProviderErrorInfo;

  constructor(info: ProviderErrorInfo) {
    super(compose(info));
    this.name = 'ProviderError';
    this.info = info;
    this.provider = info.provider;
    this.kind = info.kind;
    this.status = info.status;
    this.retryAfterMs = info.retryAfterMs;
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }

  with(changes: Partial<ProviderErrorInfo>): ProviderError {
    return new ProviderError({ ...this.info, ...changes });
  }
}

/** HTTP status → kind. 529 is Anthropic's "overloaded"; 503 is everyone else's. */
export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 429) return 'rate_limited';
  if (status === 503 || status === 529) return 'overloaded';
  if (status === 401 || status === 403) return 'auth';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'server';
}
