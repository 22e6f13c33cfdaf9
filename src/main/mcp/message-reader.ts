/**
 * Splits a server's stdout into newline-delimited JSON-RPC lines with a size
 * limit per line. The SDK's reader throws past 10 MiB and its transport then
 * closes the connection, so one large answer (an 8 MB image) killed the
 * server. Here a line past the limit is skipped to its newline, keeping only
 * its first and last bytes so the caller can say which request it answered.
 */

export const DEFAULT_MAX_MESSAGE_BYTES = 100 * 1024 * 1024;

/** Bytes of an oversized line kept from each end (the id of an answer is usually last). */
const KEEP_BYTES = 512;

export interface OversizedLine {
  /** Size of the whole line without its newline. */
  bytes: number;
  head: string;
  tail: string;
}

export class MessageReader {
  private parts: Buffer[] = [];
  private partsBytes = 0;
  /** Set while skipping an oversized line up to its newline. */
  private skipping?: { bytes: number; head: Buffer; tail: Buffer };

  constructor(
    private readonly maxBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onOversized: (line: OversizedLine) => void,
  ) {}

  push(chunk: Buffer): void {
    let rest = chunk;
    while (rest.length > 0) {
      const newline = rest.indexOf(0x0a);
      const piece = newline < 0 ? rest : rest.subarray(0, newline);
      this.take(piece);
      if (newline < 0) return;
      this.endLine();
      rest = rest.subarray(newline + 1);
    }
  }

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.skipping) {
      this.skip(piece);
      return;
    }
    if (this.partsBytes + piece.length <= this.maxBytes) {
      this.parts.push(piece);
      this.partsBytes += piece.length;
      return;
    }
    // Over the limit: keep the ends, drop the middle.
    const sofar = Buffer.concat(this.parts);
    this.parts = [];
    this.partsBytes = 0;
    this.skipping = { bytes: 0, head: Buffer.alloc(0), tail: Buffer.alloc(0) };
    this.skip(sofar);
    this.skip(piece);
  }

  private skip(piece: Buffer): void {
    const s = this.skipping!;
    if (s.head.length < KEEP_BYTES) s.head = Buffer.concat([s.head, piece.subarray(0, KEEP_BYTES - s.head.length)]);
    s.tail = piece.length >= KEEP_BYTES ? Buffer.from(piece.subarray(piece.length - KEEP_BYTES)) : Buffer.concat([s.tail, piece]).subarray(-KEEP_BYTES);
    s.bytes += piece.length;
  }

  private endLine(): void {
    if (this.skipping) {
      const s = this.skipping;
      this.skipping = undefined;
      this.onOversized({ bytes: s.bytes, head: s.head.toString('utf8'), tail: s.tail.toString('utf8').replace(/\r$/, '') });
      return;
    }
    const line = (this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts)).toString('utf8').replace(/\r$/, '');
    this.parts = [];
    this.partsBytes = 0;
    if (line.trim() !== '') this.onLine(line);
  }

  clear(): void {
    this.parts = [];
    this.partsBytes = 0;
    this.skipping = undefined;
  }
}

/**
 * The JSON-RPC id of an answer whose text we only have the ends of: SDK
 * servers write `{"result":…,"jsonrpc":"2.0","id":7}`, others put the id first.
 */
export function answerIdOf(line: OversizedLine): string | number | undefined {
  const idValue = String.raw`"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)`;
  const match = new RegExp(`${idValue}\\s*}\\s*$`).exec(line.tail) ?? new RegExp(`^\\s*\\{\\s*(?:"jsonrpc"\\s*:\\s*"2\\.0"\\s*,\\s*)?${idValue}`).exec(line.head);
  if (!match) return undefined;
  // An answer has "result" or "error"; a request from the server also has an id but a "method".
  if (/"method"\s*:/.test(line.head.slice(0, 200)) && !/"result"|"error"/.test(line.head.slice(0, 200))) return undefined;
  return match[1].startsWith('"') ? (JSON.parse(match[1]) as string) : Number(match[1]);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${bytes} bytes`;
}
