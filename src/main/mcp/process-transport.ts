/**
 * The SDK's stdio client transport, plus what a host needs and the SDK does
 * not expose: the exit code (for messages like "exited with code 1"), a
 * prompt close when the process dies while a grandchild still holds its
 * pipes, and a stop with a configurable grace period.
 */
import type { ChildProcess } from 'node:child_process';
import { StdioClientTransport, type StdioServerParameters } from '@modelcontextprotocol/sdk/client/stdio.js';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** "exited with code 1" / "was killed by SIGKILL". */
export function describeExit(exit: ExitInfo | undefined): string {
  if (!exit) return 'closed its connection';
  if (exit.code !== null) return `exited with code ${exit.code}`;
  return `was killed by ${exit.signal ?? 'a signal'}`;
}

/** "exited (code 1)" / "was killed (SIGKILL)", for mid-sentence use. */
export function describeExitShort(exit: ExitInfo | undefined): string {
  if (!exit) return 'closed its connection';
  if (exit.code !== null) return `exited (code ${exit.code})`;
  return `was killed (${exit.signal ?? 'signal'})`;
}

/** How long after exit we wait for the pipes to close before closing them ourselves. */
const PIPE_DRAIN_MS = 1000;

export class ProcessTransport extends StdioClientTransport {
  exit?: ExitInfo;
  private child?: ChildProcess;
  private closed = false;
  private readonly closeWaiters: Array<() => void> = [];

  constructor(params: StdioServerParameters) {
    super(params);
  }

  override async start(): Promise<void> {
    await super.start();
    // Private in the SDK's typings, but the only handle on the process; we read it once right after spawn.
    const child = (this as unknown as { _process?: ChildProcess })._process;
    if (!child) return;
    this.child = child;
    child.once('exit', (code, signal) => {
      this.exit = { code, signal };
      // Normally 'close' follows at once. A grandchild that inherited stdout
      // would keep the pipe open and leave in-flight calls hanging; cut it.
      setTimeout(() => {
        if (this.closed) return;
        child.stdout?.destroy();
        child.stderr?.destroy();
        child.stdin?.destroy();
      }, PIPE_DRAIN_MS).unref();
    });
    child.once('close', () => {
      this.closed = true;
      for (const resolve of this.closeWaiters.splice(0)) resolve();
    });
  }

  get alive(): boolean {
    return this.child !== undefined && !this.closed;
  }

  private waitClosed(ms: number): Promise<boolean> {
    if (!this.alive) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      timer.unref();
      this.closeWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /**
   * Stop the way the MCP spec suggests for stdio: close stdin and let the
   * server exit; if it does not, SIGTERM; if it still does not, SIGKILL.
   */
  async terminate(graceMs: number): Promise<void> {
    const child = this.child;
    if (child && this.alive) {
      child.stdin?.end();
      if (!(await this.waitClosed(graceMs))) {
        child.kill('SIGTERM');
        if (!(await this.waitClosed(graceMs))) {
          child.kill('SIGKILL');
          await this.waitClosed(graceMs);
        }
      }
    }
    // The process is gone, so the SDK's close() has nothing left to wait for.
    await super.close();
  }

  override async close(): Promise<void> {
    await this.terminate(2000);
  }
}
