// A minimal client for `java -jar viewmapper.jar serve`: one JSON request per line on stdin,
// one response per line on stdout, matched by id. Shared by the lineage tests and the benchmark.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const JAR_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../resources/viewmapper/viewmapper.jar');

/** JVM flags that cut cold start: C1 only (no C2 warm-up cost) and the class-data-sharing archive. */
export const FAST_START_FLAGS = ['-XX:TieredStopAtLevel=1', '-Xshare:auto'];

export interface ServeError {
  code: string;
  message: string;
}

export class ServeRequestError extends Error {
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
  }
}

export function requireJar(): string {
  if (!existsSync(JAR_PATH)) {
    throw new Error(`viewmapper.jar not found at ${JAR_PATH}: run npm run build:java first`);
  }
  return JAR_PATH;
}

export class ServeClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly stderr: string[] = [];

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const msg = JSON.parse(line) as { id: number; result?: unknown; error?: ServeError };
      const waiter = this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id);
      if (msg.error) waiter.reject(new ServeRequestError(msg.error.code, msg.error.message));
      else waiter.resolve(msg.result);
    });
    createInterface({ input: child.stderr }).on('line', (line) => this.stderr.push(line));
    child.on('exit', (code) => {
      for (const w of this.pending.values()) w.reject(new Error(`viewmapper serve exited with ${code}: ${this.stderr.slice(-5).join('\n')}`));
      this.pending.clear();
    });
  }

  static start(options: { jvmFlags?: string[]; args?: string[]; env?: NodeJS.ProcessEnv } = {}): ServeClient {
    const jar = requireJar();
    const child = spawn('java', [...(options.jvmFlags ?? FAST_START_FLAGS), '-jar', jar, 'serve', ...(options.args ?? [])], {
      env: options.env ?? process.env,
    });
    return new ServeClient(child);
  }

  /** The serve JVM's process id (the benchmark reads its peak memory from /proc). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  request<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolvePromise, reject) => {
      this.pending.set(id, { resolve: resolvePromise as (v: unknown) => void, reject });
      this.child.stdin.write(JSON.stringify({ id, method, params }) + '\n');
    });
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.stdin.end();
    await exited;
  }
}
