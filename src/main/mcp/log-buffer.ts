/**
 * Per-server log: a ring buffer the Servers view reads from, mirrored to
 * `<dataDir>/logs/<server>.log` so a crash can be diagnosed after a restart.
 * Everything is redacted before it is stored anywhere.
 */
import { mkdir, rename, stat } from 'node:fs/promises';
import { appendPrivateFile } from '../base/atomic-write';
import { dirname } from 'node:path';
import type { LogLine } from '../../shared/mcp';
import { redact as defaultRedact, type Redactor } from '../base/secrets';

export interface LogBufferOptions {
  server: string;
  /** Omit to keep logs in memory only. */
  file?: string;
  capacity?: number;
  /** When the file would grow past this, it is moved to `<file>.1` (replacing the previous one). */
  maxFileBytes?: number;
  redact?: Redactor;
  /** Called for every stored line, e.g. to forward it as a host event. */
  onLine?: (line: LogLine) => void;
}

const MAX_LINE_CHARS = 8000;

export class LogBuffer {
  readonly server: string;
  readonly file?: string;
  private readonly capacity: number;
  private readonly maxFileBytes: number;
  private redactor: Redactor;
  private readonly ring: LogLine[] = [];
  private fileSize: number | undefined;
  /** File writes are chained so lines land in order and rotation never races an append. */
  private writing: Promise<void> = Promise.resolve();
  private reportedWriteError = false;
  private unwritten = '';
  private drainScheduled = false;
  private readonly onLine?: (line: LogLine) => void;

  constructor(options: LogBufferOptions) {
    this.server = options.server;
    this.file = options.file;
    this.capacity = options.capacity ?? 2000;
    this.maxFileBytes = options.maxFileBytes ?? 5 * 1024 * 1024;
    this.redactor = options.redact ?? defaultRedact;
    this.onLine = options.onLine;
  }

  /** The same redaction for text kept elsewhere (the message history). */
  redact(text: string): string {
    return this.redactor(text);
  }

  /** Swap the redactor when the server's env (and so its secrets) changes. */
  setRedactor(redactor: Redactor): void {
    this.redactor = redactor;
  }

  push(stream: LogLine['stream'], text: string): LogLine {
    const clipped = text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}… (${text.length - MAX_LINE_CHARS} more characters)` : text;
    const line: LogLine = { server: this.server, time: Date.now(), stream, text: this.redactor(clipped) };
    this.ring.push(line);
    if (this.ring.length > this.capacity) this.ring.splice(0, this.ring.length - this.capacity);
    this.onLine?.(line);
    if (this.file) {
      this.unwritten += `${new Date(line.time).toISOString()} [${stream}] ${line.text}\n`;
      // Lines arriving while a write is in flight go out together in the next one.
      if (!this.drainScheduled) {
        this.drainScheduled = true;
        this.writing = this.writing.then(() => this.drain(this.file!));
      }
    }
    return line;
  }

  private async drain(file: string): Promise<void> {
    this.drainScheduled = false;
    const chunk = this.unwritten;
    this.unwritten = '';
    try {
      await this.append(file, chunk);
    } catch (error) {
      // Logging must never take the host down; say it once in memory and carry on.
      if (!this.reportedWriteError) {
        this.reportedWriteError = true;
        this.ring.push({ server: this.server, time: Date.now(), stream: 'host', text: `cannot write log file ${file}: ${(error as Error).message}` });
      }
    }
  }

  /** The newest `limit` lines, oldest first. */
  lines(limit?: number): LogLine[] {
    return limit === undefined || limit >= this.ring.length ? [...this.ring] : this.ring.slice(this.ring.length - limit);
  }

  /** Resolves when everything pushed so far is on disk. */
  flush(): Promise<void> {
    return this.writing;
  }

  /** Append whole lines, rotating to `<file>.1` before the file would pass its cap. */
  private async append(file: string, chunk: string): Promise<void> {
    if (this.fileSize === undefined) {
      await mkdir(dirname(file), { recursive: true });
      this.fileSize = await stat(file).then(
        (s) => s.size,
        () => 0,
      );
    }
    let rest = chunk;
    while (rest.length > 0) {
      const piece = linesFitting(rest, this.maxFileBytes - this.fileSize, this.fileSize === 0);
      if (piece.text === '') {
        await rename(file, `${file}.1`);
        this.fileSize = 0;
        continue;
      }
      await appendPrivateFile(file, piece.text);
      this.fileSize += piece.bytes;
      rest = rest.slice(piece.text.length);
    }
  }
}

/**
 * The longest run of whole lines at the start of `text` that fits in `room`
 * bytes; a single oversized line when `mustTakeOne` (an empty file takes it anyway).
 */
function linesFitting(text: string, room: number, mustTakeOne: boolean): { text: string; bytes: number } {
  let end = 0;
  let bytes = 0;
  while (end < text.length) {
    const next = text.indexOf('\n', end);
    const lineEnd = next < 0 ? text.length : next + 1;
    const lineBytes = Buffer.byteLength(text.slice(end, lineEnd));
    if (bytes + lineBytes > room && !(mustTakeOne && end === 0)) break;
    bytes += lineBytes;
    end = lineEnd;
  }
  return { text: text.slice(0, end), bytes };
}

/** Splits a byte stream into lines, holding back a trailing partial line. */
export class LineSplitter {
  private pending = '';
  constructor(private readonly onLine: (line: string) => void) {}

  write(chunk: Buffer | string): void {
    const text = this.pending + chunk.toString();
    const parts = text.split(/\r?\n/);
    this.pending = parts.pop() ?? '';
    // A process that never prints a newline must not grow this without bound.
    if (this.pending.length > MAX_LINE_CHARS) {
      parts.push(this.pending);
      this.pending = '';
    }
    for (const part of parts) if (part.length > 0) this.onLine(part);
  }

  end(): void {
    if (this.pending.length > 0) this.onLine(this.pending);
    this.pending = '';
  }
}
