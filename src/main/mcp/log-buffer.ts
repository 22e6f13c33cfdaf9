/**
 * Per-server log: a ring buffer the Servers view reads from, mirrored to
 * `<dataDir>/logs/<server>.log` so a crash can be diagnosed after a restart.
 * Everything is redacted before it is stored anywhere.
 */
import { appendFile, mkdir, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LogLine } from '../../shared/mcp';
import { redact as defaultRedact, type Redactor } from './redact';

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
  private readonly onLine?: (line: LogLine) => void;

  constructor(options: LogBufferOptions) {
    this.server = options.server;
    this.file = options.file;
    this.capacity = options.capacity ?? 2000;
    this.maxFileBytes = options.maxFileBytes ?? 5 * 1024 * 1024;
    this.redactor = options.redact ?? defaultRedact;
    this.onLine = options.onLine;
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
      const file = this.file;
      const entry = `${new Date(line.time).toISOString()} [${stream}] ${line.text}\n`;
      this.writing = this.writing.then(() => this.append(file, entry)).catch((error: Error) => {
        // Logging must never take the host down; say it once in memory and carry on.
        if (!this.reportedWriteError) {
          this.reportedWriteError = true;
          this.ring.push({ server: this.server, time: Date.now(), stream: 'host', text: `cannot write log file ${file}: ${error.message}` });
        }
      });
    }
    return line;
  }

  /** The newest `limit` lines, oldest first. */
  lines(limit?: number): LogLine[] {
    return limit === undefined || limit >= this.ring.length ? [...this.ring] : this.ring.slice(this.ring.length - limit);
  }

  /** Resolves when everything pushed so far is on disk. */
  flush(): Promise<void> {
    return this.writing;
  }

  private async append(file: string, entry: string): Promise<void> {
    if (this.fileSize === undefined) {
      await mkdir(dirname(file), { recursive: true });
      this.fileSize = await stat(file).then(
        (s) => s.size,
        () => 0,
      );
    }
    const bytes = Buffer.byteLength(entry);
    if (this.fileSize > 0 && this.fileSize + bytes > this.maxFileBytes) {
      await rename(file, `${file}.1`);
      this.fileSize = 0;
    }
    await appendFile(file, entry, 'utf8');
    this.fileSize += bytes;
  }
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
