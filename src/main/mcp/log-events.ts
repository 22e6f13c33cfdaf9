/**
 * Forwards a server's log lines to the window at a bounded rate. A server
 * that writes 100 MB to stderr produced one event per line (102,409 events,
 * 118 MB) and the window then lagged for a minute. Lines past the budget of a
 * window are counted, not sent, and one line says how many were left out; the
 * ring buffer and the log file still have every line.
 */
import type { LogLine } from '../../shared/mcp';

export interface LogRateOptions {
  /** Lines sent per window before the rest are only counted. Default 50. */
  burst?: number;
  /** Window length. Default 250 ms (so at most ~200 lines a second per server). */
  intervalMs?: number;
}

export class LogRateLimiter {
  private readonly burst: number;
  private readonly intervalMs: number;
  private windowStart = 0;
  private sent = 0;
  private skipped = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly server: string,
    private readonly forward: (line: LogLine) => void,
    options: LogRateOptions = {},
  ) {
    this.burst = options.burst ?? 50;
    this.intervalMs = options.intervalMs ?? 250;
  }

  push(line: LogLine): void {
    const now = Date.now();
    if (now - this.windowStart >= this.intervalMs) {
      this.flushSkipped();
      this.windowStart = now;
      this.sent = 0;
    }
    if (this.sent < this.burst) {
      this.sent++;
      this.forward(line);
      return;
    }
    this.skipped++;
    // Say how many were left out once the window ends, even if nothing else arrives.
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flushSkipped();
    }, this.intervalMs - (now - this.windowStart)).unref();
  }

  private flushSkipped(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.skipped === 0) return;
    const count = this.skipped;
    this.skipped = 0;
    this.forward({
      server: this.server,
      time: Date.now(),
      stream: 'host',
      text: `… ${count.toLocaleString('en-US')} more log lines arrived too fast to show live; they are in the log file`,
    });
  }

  dispose(): void {
    this.flushSkipped();
  }
}
