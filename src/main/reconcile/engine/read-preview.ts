/**
 * What a source would look like read with other options, before it is read again: the first rows
 * as columns, and the lines that would be left out (above, inside a report's table, below). From the sniffed sample only (the first
 * 256 KiB), so it answers at once for any file size; the bottom of a larger file is only known
 * after the read, which the preview says.
 */
import type { ReadOptions } from '../../../shared/reconcile/recipe';
import type { ReadPreview } from '../../../shared/reconcile/sources-and-runs';
import { ReconError } from '../../errors';
import { deriveColumnNames, detectDelimiter, detectHeader } from './csv-layout';
import { sniffFile, type Encoding } from './file-sniff';
import { detectBottom, detectTop, scanRecords } from './read-layout';
import { findReportLines, headingFills, reportSkipped } from './report-lines';
import { isZipFile } from './xlsx-import';

const PREVIEW_ROWS = 8;

export async function previewRead(path: string, opts: ReadOptions): Promise<ReadPreview> {
  if (await isZipFile(path)) throw new ReconError('binary_file', 'an Excel sheet is shown after it is read: pick the sheet and read again', { path, kind: 'xlsx' });
  const sniff = await sniffFile(path, opts.encoding as Encoding | undefined);
  const quoted = opts.quote !== 'none';
  const delimiter = opts.delimiter ?? detectDelimiter(sniff.sampleText, sniff.complete, quoted);
  const all = scanRecords(sniff.sampleText, delimiter, sniff.complete ? Number.MAX_SAFE_INTEGER : 5000, sniff.complete, quoted);
  const top = detectTop(all, opts.skip_top);
  const body = all.slice(top.index);
  const nonBlank = body.filter((r) => r.fields.some((f) => f.trim() !== ''));
  const header = opts.header ?? detectHeader(nonBlank.map((r) => r.fields));
  // The table's usual width: a wrongly chosen header line narrower than the rows still shows them whole.
  const width = Math.max(nonBlank[0]?.fields.length ?? 0, top.width);
  const names = deriveColumnNames(header ? (nonBlank[0]?.fields ?? null) : null, width).names;
  const data = header ? body.slice(1) : body;
  const bottom = sniff.complete ? detectBottom(data, top.width, data.length, opts.skip_bottom) : null;
  // A report's headings and subtotals inside the table, as the load leaves them out.
  const interior = bottom?.count ? data.slice(0, data.length - bottom.count) : data;
  const report = findReportLines(interior, top.width);
  const dropped = new Set(report.map((l) => interior[l.index]));
  // A heading naming the rows under it fills their empty first column, as the load does.
  const filled = sniff.complete ? headingFills(interior, report, dropped, quoted, delimiter) : new Map<(typeof interior)[number], string>();
  return {
    encoding: sniff.encoding,
    delimiter,
    header,
    columns: names,
    rows: interior
      .filter((r) => r.fields.some((f) => f.trim() !== '') && !dropped.has(r))
      .slice(0, PREVIEW_ROWS)
      .map((r) => (filled.has(r) ? [filled.get(r)!, ...r.fields.slice(1)] : r.fields)),
    skipped: [...top.skipped, ...reportSkipped(sniff.sampleText, interior, report), ...(bottom?.skipped.filter((l) => !l.reason.startsWith('empty')) ?? [])],
    complete: sniff.complete,
  };
}
