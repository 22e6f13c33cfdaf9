/**
 * The stdio transport to one server process. The SDK has one, but a host
 * needs what it does not give: the exit code (for "exited with code 1"), the
 * server in its own process group so that stopping it also stops what it
 * started (a grandchild that ignores SIGTERM was left running before), a stop
 * with a grace period and escalation, a prompt close when the server dies while
 * a grandchild still holds its pipes, and answers larger than the SDK's 10 MiB
 * line limit without killing the server (see message-reader.ts).
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import spawn from 'cross-spawn';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { answerIdOf, DEFAULT_MAX_MESSAGE_BYTES, formatBytes, MessageReader, type OversizedLine } from './message-reader';

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

/** JSON-RPC error code we answer a pending request with when its answer was too large (server-defined range). */
export const MESSAGE_TOO_LARGE = -32099;

export interface ProcessTransportOptions {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** Longest accepted line on stdout. Default 100 MiB. */
  maxMessageBytes?: number;
}

/** How long after exit we wait for the pipes to close before closing them ourselves. */
const PIPE_DRAIN_MS = 1000;
const GROUP_POLL_MS = 50;

/** Process groups we started and have not seen gone: killed outright if the app exits without stopping them. */
const liveGroups = new Set<number>();
/** Linux: the marks of servers started and not yet stopped (see SESSION_MARK). */
const liveMarks = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort for a quit that skips the orderly stop (a crash, process.exit in a test runner).
  process.once('exit', () => {
    for (const pgid of liveGroups) signalGroup(pgid, 'SIGKILL');
    for (const mark of liveMarks) for (const pid of markedProcesses(mark)) signalPid(pid, 'SIGKILL');
  });
}

const useGroups = process.platform !== 'win32';

/**
 * Linux: every stdio server gets this variable with a value of its own, and its descendants inherit
 * it. A descendant that started its own session (`setsid`, Node's `detached`) has left the process
 * group, and once its parent exits its parent is init, so neither the group nor the ppid chain
 * finds it; the mark in its environment (`/proc/<pid>/environ`, readable for our own processes)
 * does. A descendant that replaces its whole environment (`env -i`, `execve` with a new one) is
 * not found: no unprivileged way is left (cgroups need a delegated hierarchy, PR_SET_CHILD_SUBREAPER
 * is not reachable from Node).
 */
export const SESSION_MARK = 'KALLA_MCP_SESSION';
const useMarks = process.platform === 'linux';

function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Gone already, or not ours.
  }
}

/** Live (not zombie) processes whose environment carries `KALLA_MCP_SESSION=<mark>`. */
export function markedProcesses(mark: string): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const needle = Buffer.from(`\0${SESSION_MARK}=${mark}\0`);
  const first = Buffer.from(`${SESSION_MARK}=${mark}\0`);
  const found: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const env = readFileSync(`/proc/${name}/environ`);
      if (!(env.includes(needle) || env.subarray(0, first.length).equals(first))) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      found.push(Number(name));
    } catch {
      // Another user's process (EACCES), or it went away while we looked.
    }
  }
  return found;
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: nobody left in the group.
  }
}

/** True while any process of the group exists and is not a zombie waiting for its parent to reap it. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  // Zombies count for kill(0) until reaped, and in containers pid 1 may never reap them.
  return process.platform !== 'linux' || anyMemberRunning(pgid);
}

function anyMemberRunning(pgid: number): boolean {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after "(comm)": state, ppid, pgrp, …
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') return true;
    } catch {
      // The process went away while we looked.
    }
  }
  return false;
}

export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  exit?: ExitInfo;
  /** The server's stderr; available before start() so no early output is lost. */
  readonly stderr = new PassThrough();
  private child?: ChildProcess;
  /** Linux: the value of SESSION_MARK this server and its descendants carry. */
  private readonly mark = useMarks ? randomBytes(12).toString('hex') : undefined;
  private closed = false;
  private readonly closeWaiters: Array<() => void> = [];
  private readonly reader: MessageReader;
  private readonly maxMessageBytes: number;

  constructor(private readonly params: ProcessTransportOptions) {
    this.maxMessageBytes = params.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.reader = new MessageReader(
      this.maxMessageBytes,
      (line) => this.deliver(line),
      (line) => this.oversized(line),
    );
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('ProcessTransport already started');
    return new Promise((resolve, reject) => {
      const child = spawn(this.params.command, this.params.args, {
        env: this.mark ? { ...this.params.env, [SESSION_MARK]: this.mark } : this.params.env,
        cwd: this.params.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
        // Its own process group (POSIX): stop() signals the group, so grandchildren go too.
        detached: useGroups,
      });
      this.child = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => {
        if (useGroups && child.pid) {
          liveGroups.add(child.pid);
          if (this.mark) liveMarks.add(this.mark);
          installExitHook();
        }
        resolve();
      });
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
        for (const done of this.closeWaiters.splice(0)) done();
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.reader.push(chunk));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stderr?.pipe(this.stderr);
    });
  }

  private deliver(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    this.onmessage?.(message);
  }

  /** Answer the request the line was for with an error that says what happened; the server keeps running. */
  private oversized(line: OversizedLine): void {
    const text = `the message was ${formatBytes(line.bytes)}, more than the ${formatBytes(this.maxMessageBytes)} limit for one message; it was dropped and the server keeps running. Raise "maxMessageMiB" in the server's config if you expect answers this large`;
    const id = answerIdOf(line);
    if (id === undefined) {
      this.onerror?.(new Error(`the server sent a line that could not be read: ${text}`));
      return;
    }
    this.onmessage?.({ jsonrpc: '2.0', id, error: { code: MESSAGE_TOO_LARGE, message: text } });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.closed) {
        reject(new Error('Not connected'));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
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

  private async waitGroupGone(pgid: number, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (groupAlive(pgid)) {
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, GROUP_POLL_MS).unref());
    }
    return true;
  }

  /**
   * Stop the way the MCP spec suggests for stdio: close stdin and let the
   * server exit; then SIGTERM to its whole process group; then SIGKILL. Also
   * run after the server died by itself, to take down what it left behind.
   */
  async terminate(graceMs: number): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (this.alive) {
      child.stdin?.end();
      await this.waitClosed(graceMs);
    }
    const pgid = child.pid;
    if (useGroups && pgid) {
      if (groupAlive(pgid)) {
        signalGroup(pgid, 'SIGTERM');
        if (!(await this.waitGroupGone(pgid, graceMs))) {
          signalGroup(pgid, 'SIGKILL');
          await this.waitGroupGone(pgid, graceMs);
        }
      }
      liveGroups.delete(pgid);
      if (this.mark) {
        await this.stopMarked(this.mark, graceMs);
        liveMarks.delete(this.mark);
      }
    } else if (this.alive) {
      await killTreeWindows(child, graceMs);
    }
    if (!(await this.waitClosed(graceMs))) {
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.stdin?.destroy();
    }
    this.reader.clear();
  }

  async close(): Promise<void> {
    await this.terminate(2000);
  }

  /** Descendants that left the process group (setsid): SIGTERM, then SIGKILL after the grace. */
  private async stopMarked(mark: string, graceMs: number): Promise<void> {
    let left = markedProcesses(mark);
    if (left.length === 0) return;
    for (const pid of left) signalPid(pid, 'SIGTERM');
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, GROUP_POLL_MS));
      left = markedProcesses(mark);
      if (left.length === 0) return;
    }
    for (const pid of left) signalPid(pid, 'SIGKILL');
  }
}

/** Windows has no process groups for us to signal; taskkill /T walks the tree (gently, then /F). */
async function killTreeWindows(child: ChildProcess, graceMs: number): Promise<void> {
  const pid = child.pid;
  if (!pid) return;
  const run = (args: string[]) =>
    new Promise<void>((resolve) => {
      const killer = spawn('taskkill', args, { stdio: 'ignore', windowsHide: true, shell: false });
      killer.on('error', () => resolve());
      killer.on('close', () => resolve());
    });
  await run(['/PID', String(pid), '/T']);
  const closed = await new Promise<boolean>((resolve) => {
    if (child.exitCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!closed) await run(['/PID', String(pid), '/T', '/F']);
}
