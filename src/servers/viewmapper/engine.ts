/**
 * The one long-lived JVM (`viewmapper.jar serve`, JSON lines, answers matched
 * by id). Started on first use, started again on the next request if it died,
 * stopped on shutdown. Every request has its own timeout; a request that
 * times out is forgotten (its late answer is dropped), the JVM keeps serving.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

export const FAST_START_FLAGS = ['-XX:TieredStopAtLevel=1', '-Xshare:auto'];

/** The engine answered with `{"error":{code,message}}`. */
export class EngineError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
export class EngineTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
  }
}
/** The JVM could not start or died with the request in flight. */
export class EngineCrashError extends Error {}

interface Waiter {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

export interface EngineOptions {
  java: string;
  jar: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  jvmFlags?: string[];
  log?: (line: string) => void;
}

export class ServeEngine {
  private child?: ChildProcessWithoutNullStreams;
  private nextId = 1;
  private readonly pending = new Map<number, Waiter>();
  private stderrTail: string[] = [];
  private stopping = false;
  /** How many JVMs were started (1 + restarts). */
  starts = 0;

  constructor(private readonly opts: EngineOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  private log(line: string) {
    this.opts.log?.(line);
  }

  private ensure(): ChildProcessWithoutNullStreams {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return this.child;
    const child = spawn(this.opts.java, [...(this.opts.jvmFlags ?? FAST_START_FLAGS), '-jar', this.opts.jar, 'serve'], {
      env: this.opts.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    this.child = child;
    this.starts += 1;
    this.stderrTail = [];
    if (this.starts > 1) this.log(`[viewmapper] restarting the engine JVM (start #${this.starts})`);
    child.once('spawn', () => this.log(`[viewmapper] engine JVM started pid ${child.pid}`));
    createInterface({ input: child.stdout }).on('line', (line) => this.onLine(line));
    createInterface({ input: child.stderr }).on('line', (line) => {
      this.stderrTail.push(line);
      if (this.stderrTail.length > 20) this.stderrTail.shift();
      this.log(`[jvm] ${line}`);
    });
    child.stdin.on('error', () => undefined);
    child.on('error', (e) => this.onGone(child, `could not start ${this.opts.java}: ${e.message}`));
    child.on('exit', (code, signal) => this.onGone(child, `the engine JVM exited (${signal ?? `code ${code}`})`));
    return child;
  }

  private onGone(child: ChildProcessWithoutNullStreams, why: string) {
    if (this.child !== child) return;
    this.child = undefined;
    if (!this.stopping) this.log(`[viewmapper] ${why}`);
    const tail = this.stderrTail.slice(-5).join('\n');
    for (const [id, w] of this.pending) {
      clearTimeout(w.timer);
      this.pending.delete(id);
      w.reject(new EngineCrashError(`${why}${tail ? `\n${tail}` : ''}`));
    }
  }

  private onLine(line: string) {
    let msg: { id?: unknown; result?: unknown; error?: { code?: string; message?: string } };
    try {
      msg = JSON.parse(line);
    } catch {
      this.log(`[viewmapper] ignored a non-JSON line from the engine: ${line.slice(0, 200)}`);
      return;
    }
    if (typeof msg.id !== 'number') return;
    const w = this.pending.get(msg.id);
    if (!w) return; // timed out earlier
    this.pending.delete(msg.id);
    clearTimeout(w.timer);
    if (msg.error) w.reject(new EngineError(msg.error.code ?? 'INTERNAL', msg.error.message ?? 'unknown engine error'));
    else w.resolve(msg.result);
  }

  request<T = Record<string, unknown>>(method: string, params: Record<string, unknown>, timeoutMs = this.opts.timeoutMs): Promise<T> {
    if (this.stopping) return Promise.reject(new EngineCrashError('the server is shutting down'));
    const child = this.ensure();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new EngineTimeoutError(timeoutMs));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      child.stdin.write(`${JSON.stringify({ id, method, params })}\n`);
    });
  }

  /** Ends stdin (the engine answers what is in flight, then exits); kills it if it lingers. */
  async stop(graceMs = 2000): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
}

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Upstream's contract: one JVM per question (`java -jar JAR run "<prompt>" --connection … --output text`). */
export function runOnce(java: string, jar: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(java, [...FAST_START_FLAGS, '-jar', jar, 'run', ...args], { env, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 32 * 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException & { killed?: boolean }).killed) return reject(new EngineTimeoutError(timeoutMs));
      if (error && typeof (error as NodeJS.ErrnoException).code === 'string') return reject(new EngineCrashError(`could not start ${java}: ${error.message}`));
      resolve({ stdout, stderr, code: error ? ((error as { code?: number }).code ?? 1) : 0 });
    });
  });
}
