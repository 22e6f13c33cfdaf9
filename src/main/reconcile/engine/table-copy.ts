/**
 * Writes the part of a text file that is the table — from the header row to the last data row —
 * into the workspace copy, with every line break made LF when the file mixes CRLF and LF (DuckDB's
 * reader takes one kind per file), without a report's heading and subtotal lines, and with a heading
 * written into the empty first field of the rows under it. Streams; never holds the file in memory. Only used when the
 * file needs it: a plain CSV is copied as it is.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

export interface TableRange {
  /** First byte of the table (decompressed bytes for gzip). */
  start: number;
  /** Byte just after the table; null: to the end. */
  end: number | null;
  normalizeNewlines: boolean;
  /** Byte ranges inside the table left out of the copy (a report's headings and subtotals), ascending, not overlapping. */
  drop?: { start: number; end: number }[];
  /** Text written into the copy before the byte at `at` (a report heading filled into the empty first field of its rows), ascending. */
  insert?: { at: number; text: string }[];
}

/** [start, end) parts with the inserts that fall inside them (an insert at a part's start belongs to it). */
function withInserts(parts: [number, number][], insert: { at: number; text: string }[], k: { i: number }): (Buffer | [number, number])[] {
  const out: (Buffer | [number, number])[] = [];
  for (const [a, b] of parts) {
    let at = a;
    while (k.i < insert.length && insert[k.i].at < a) k.i++;
    while (k.i < insert.length && insert[k.i].at < b) {
      if (insert[k.i].at > at) out.push([at, insert[k.i].at]);
      out.push(Buffer.from(insert[k.i].text, 'utf8'));
      at = insert[k.i].at;
      k.i++;
    }
    if (at < b) out.push([at, b]);
  }
  return out;
}

/** The parts of [from, to) (absolute bytes) outside the `drop` ranges, as [start, end) pairs; `k` is the first drop range that may still matter. */
function keptParts(from: number, to: number, drop: { start: number; end: number }[], k: { i: number }): [number, number][] {
  const out: [number, number][] = [];
  let at = from;
  while (k.i < drop.length && drop[k.i].end <= at) k.i++;
  for (let i = k.i; i < drop.length && drop[i].start < to; i++) {
    if (drop[i].start > at) out.push([at, drop[i].start]);
    at = Math.max(at, drop[i].end);
  }
  if (at < to) out.push([at, to]);
  return out;
}

export async function writeTableCopy(source: string, target: string, gzip: boolean, range: TableRange, signal?: AbortSignal): Promise<void> {
  let pos = 0;
  let pendingCr = false;
  const drop = range.drop ?? [];
  const dropAt = { i: 0 };
  const insert = range.insert ?? [];
  const insertAt = { i: 0 };
  const cut = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const base = pos;
      const from = Math.max(0, range.start - base);
      const to = range.end === null ? chunk.length : Math.min(chunk.length, range.end - base);
      pos += chunk.length;
      if (to <= from) return done();
      const kept = drop.length === 0 ? ([[base + from, base + to]] as [number, number][]) : keptParts(base + from, base + to, drop, dropAt);
      let part =
        insert.length === 0 && drop.length === 0
          ? chunk.subarray(from, to)
          : Buffer.concat(withInserts(kept, insert, insertAt).map((p) => (Buffer.isBuffer(p) ? p : chunk.subarray(p[0] - base, p[1] - base))));
      if (range.normalizeNewlines) {
        // CRLF → LF; a CR at a chunk's end waits for the next chunk's first byte.
        let text = part.toString('latin1');
        if (pendingCr) text = `\r${text}`;
        pendingCr = text.endsWith('\r');
        if (pendingCr) text = text.slice(0, -1);
        part = Buffer.from(text.replace(/\r\n/g, '\n'), 'latin1');
      }
      done(null, part);
    },
    flush(done) {
      done(null, pendingCr ? Buffer.from('\r', 'latin1') : undefined);
    },
  });
  const input = createReadStream(source);
  if (gzip) await pipeline(input, createGunzip(), cut, createWriteStream(target), { signal });
  else await pipeline(input, cut, createWriteStream(target), { signal });
}

/** The last `bytes` of a plain UTF-8 file, from its first line start, decoded; and that start's byte offset. */
export async function readTail(path: string, size: number, bytes = 64 * 1024): Promise<{ text: string; start: number }> {
  const from = Math.max(0, size - bytes);
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(size - from);
    await handle.read(buf, 0, buf.length, from);
    let skip = 0;
    if (from > 0) {
      const nl = buf.indexOf(0x0a);
      skip = nl < 0 ? buf.length : nl + 1;
    }
    return { text: buf.subarray(skip).toString('utf8'), start: from + skip };
  } finally {
    await handle.close();
  }
}
