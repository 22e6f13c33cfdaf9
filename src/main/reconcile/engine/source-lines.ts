/**
 * Where each loaded row is in the user's own file, so an auditor can find it: the physical line a
 * CSV record starts on (quoted fields may span lines; empty lines are not rows), or Excel's row
 * number for a workbook. Row ids are positions among loaded rows, which differ from lines as soon
 * as a file has a preamble, a multi-line remittance text, an empty line, a skipped bad line or a
 * report's heading and subtotal lines left out of the table.
 *
 * The workspace copy is scanned once per export (streamed bytes) rather than at load
 * time, because only exports need it and loads are the hot path. The result is stored as
 * breakpoints (`line = row_id + offset` from `from_row` on), which is one entry for a regular file.
 *
 * Never silently wrong: when the scan does not find exactly the rows the load found (a file DuckDB
 * read differently than this scanner), there are no line numbers and the caller says so.
 */
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { SourceInfo } from '../../../shared/reconcile/sources-and-runs';

export interface LineBreaks {
  /** Row ids (1-based) at which the offset changes, ascending; the first is 1. */
  fromRow: number[];
  /** `line = row_id + offset[i]` for rows from fromRow[i] up to the next breakpoint. */
  offset: number[];
}

/**
 * The line of the user's file that a line of the workspace's table copy is: the lines cut above the
 * table added, then every line left out inside it (a report's headings and subtotals, ascending)
 * at or above the result.
 */
export function fileLine(copyLine: number, above: number, inside: readonly { line: number; span?: number }[]): number {
  let line = copyLine + above;
  for (const d of inside) {
    if (d.line > line) break;
    line += d.span ?? 1;
  }
  return line;
}

/** The lines left out inside the table of `info`, in file order. */
export const insideLines = (info: Pick<SourceInfo, 'skipped_lines'>) => (info.skipped_lines ?? []).filter((l) => l.where === 'inside').sort((a, b) => a.line - b.line);

type OnRecord = (line: number, index: number, fields: number, empty: boolean) => void;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Incremental quote-aware record scanner over the bytes of a UTF-8 file (double quotes, doubled to
 * escape). Bytes, not decoded text: the delimiter, quotes and line breaks are ASCII, which never
 * occur inside a multi-byte UTF-8 character, and skipping the decoding makes it ~4× faster. State
 * lives in locals inside `push` (kept on the object between chunks) for the same reason.
 */
class RecordScanner {
  private inQuotes = false;
  /** A quote just closed a quoted field: a quote right after it was a doubled (escaped) one. */
  private justClosed = false;
  private fieldStart = true;
  private fields = 1;
  private empty = true;
  /** The last byte was a CR: an LF right after it belongs to the same line break. */
  private afterCr = false;
  /** Physical line (1-based) of the next byte, and of the record being read. */
  private line = 1;
  private recordLine = 1;
  /** Records seen so far, blank ones included (Excel row numbers). */
  private index = 0;

  constructor(
    private readonly delimiter: number,
    private readonly onRecord: OnRecord,
    /** False: quotes are ordinary text (read option quote: none). */
    private readonly quoted = true,
  ) {}

  push(bytes: Uint8Array): void {
    const d = this.delimiter;
    const quoted = this.quoted;
    let { inQuotes, justClosed, fieldStart, fields, empty, afterCr, line, recordLine, index } = this;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (afterCr) {
        afterCr = false;
        if (b === LF) continue;
      }
      if (inQuotes) {
        if (b === QUOTE) {
          inQuotes = false;
          justClosed = true;
        } else if (b === LF) line++;
        else if (b === CR) {
          line++;
          afterCr = true;
        }
        continue;
      }
      if (justClosed) {
        justClosed = false;
        if (b === QUOTE) {
          inQuotes = true;
          continue;
        }
      }
      if (b === d) {
        fields++;
        fieldStart = true;
        empty = false;
      } else if (b === LF || b === CR) {
        afterCr = b === CR;
        index++;
        this.onRecord(recordLine, index, fields, empty);
        fields = 1;
        empty = true;
        fieldStart = true;
        line++;
        recordLine = line;
      } else if (b === QUOTE && fieldStart && quoted) {
        inQuotes = true;
        empty = false;
        fieldStart = false;
      } else {
        fieldStart = false;
        empty = false;
      }
    }
    Object.assign(this, { inQuotes, justClosed, fieldStart, fields, empty, afterCr, line, recordLine, index });
  }

  end(): void {
    if (!this.empty || this.fields > 1) this.onRecord(this.recordLine, this.index + 1, this.fields, this.empty);
  }
}

/**
 * The line (CSV) or row (Excel) of every loaded row of `info`, or null when the copy is not there
 * or the scan disagrees with the load about how many rows there are.
 */
export async function sourceLineBreaks(info: SourceInfo): Promise<LineBreaks | null> {
  if (!info.read_path) return null;
  const workbook = info.encoding === 'xlsx';
  const width = info.columns.filter((c) => !c.derived).length;
  const above = info.skip_top ?? 0;
  const inside = insideLines(info);
  const breaks: LineBreaks = { fromRow: [], offset: [] };
  let rows = 0;
  let headerSeen = !info.has_header;
  const scanner = new RecordScanner(info.delimiter.charCodeAt(0), (recordLine, index, fields, empty) => {
    // DuckDB's reader skips empty lines; they are neither the header nor rows.
    if (empty && fields === 1) return;
    if (!headerSeen) {
      headerSeen = true;
      return;
    }
    // Rows skipped as malformed (only when the load skipped bad lines) have another field count.
    if (info.bad_lines > 0 && fields !== width) return;
    rows++;
    const line = fileLine(workbook ? index : recordLine, above, inside);
    const offset = line - rows;
    if (breaks.offset.at(-1) !== offset) {
      breaks.fromRow.push(rows);
      breaks.offset.push(offset);
    }
  }, info.quote !== 'none');
  const input = createReadStream(info.read_path);
  const stream = (info.read_compression ?? 'none') === 'gzip' ? input.pipe(createGunzip()) : input;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) scanner.push(chunk);
  } catch {
    return null;
  }
  scanner.end();
  return rows === info.row_count ? breaks : null;
}
