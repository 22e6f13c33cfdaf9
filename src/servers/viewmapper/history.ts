/**
 * Conversation memory per session, as seed 001 keeps it: the last N turns,
 * assistant answers truncated, and the upstream prompt format
 * ("Previous conversation: … Current question: …") for the `run` contract.
 */
export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface HistoryLimits {
  turns: number;
  chars: number;
}

/** The window that is remembered: last `turns` turns (2 messages each), assistant answers cut. */
export function historyWindow(history: readonly HistoryMessage[], limits: HistoryLimits): HistoryMessage[] {
  if (limits.turns <= 0) return [];
  return history.slice(-limits.turns * 2).map((m) =>
    m.role === 'assistant' && m.content.length > limits.chars ? { role: m.role, content: `${m.content.slice(0, limits.chars)}...` } : { ...m },
  );
}

export function buildPromptWithHistory(history: readonly HistoryMessage[], query: string, limits: HistoryLimits): string {
  const window = historyWindow(history, limits);
  if (window.length === 0) return query;
  const lines = ['Previous conversation:'];
  for (const m of window) lines.push(`${m.role === 'user' ? 'User' : 'Assistant'}: ${m.content}`);
  lines.push('', `Current question: ${query}`);
  return lines.join('\n');
}

/** Separate histories per session id; each keeps only what the window can use. */
export class SessionHistories {
  private readonly sessions = new Map<string, HistoryMessage[]>();
  constructor(
    private readonly limits: HistoryLimits,
    private readonly maxSessions = 200,
  ) {}

  get(sessionId: string): HistoryMessage[] {
    return this.sessions.get(sessionId) ?? [];
  }

  window(sessionId: string): HistoryMessage[] {
    return historyWindow(this.get(sessionId), this.limits);
  }

  record(sessionId: string, question: string, answer: string): void {
    const list = [...this.get(sessionId), { role: 'user' as const, content: question }, { role: 'assistant' as const, content: answer }];
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, list.slice(-Math.max(2, this.limits.turns * 2)));
    while (this.sessions.size > this.maxSessions) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
  }

  clear(sessionId: string): void {
    this.sessions.delete(sessionId);
  }
}
