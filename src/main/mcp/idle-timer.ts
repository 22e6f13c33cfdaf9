/**
 * A call's idle timeout (ServerConnection.request with `idleTimeout`): progress resets it, and it
 * can be paused (keeping what is left) while the user answers the server, then resumed.
 */
export class IdleTimer {
  private timer?: NodeJS.Timeout;
  private deadline = 0;
  private left: number;
  private paused = false;

  constructor(
    private readonly ms: number,
    private readonly fire: () => void,
  ) {
    this.left = ms;
    this.arm(ms);
  }

  reset(): void {
    if (this.paused) this.left = this.ms;
    else this.arm(this.ms);
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.left = Math.max(0, this.deadline - Date.now());
    this.clear();
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.arm(this.left);
  }

  stop(): void {
    this.paused = true;
    this.clear();
  }

  private arm(ms: number): void {
    this.clear();
    this.deadline = Date.now() + ms;
    this.timer = setTimeout(this.fire, ms);
    this.timer.unref?.();
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
