/** Engine errors about a source file, in words a user understands, with the way out. */
import type { SourceError } from '../../shared/reconcile/workspace';
import { errorMessage, explainSystemError, ReconError, UserError, type ErrorCode } from '../errors';
import { tooManyColumnsMessage } from './engine/sources';

export function explainSourceError(name: string, e: unknown): SourceError & { code: ErrorCode } {
  if (e instanceof ReconError) {
    const d = e.details as { count?: number; lines?: number[] };
    switch (e.code) {
      case 'ragged_rows':
        return {
          name,
          code: e.code,
          message: `“${name}” has ${d.count ?? 'some'} malformed line(s)${d.lines?.length ? ` (line ${[...new Set(d.lines)].slice(0, 5).join(', ')}${(d.count ?? 0) > 5 ? ', …' : ''})` : ''}: they have a different number of fields than the header. Skip them and load the rest?`,
          actions: [{ label: 'Skip bad lines and load', read: { skip_bad_lines: true } }],
        };
      case 'invalid_encoding':
        return {
          name,
          code: e.code,
          message: `“${name}” is not UTF-8 text. It is probably Windows-1252 (Excel on Windows in Western Europe), Windows-1250 (Central Europe), Windows-1254 (Turkish), Windows-1251 (Cyrillic), Windows-1253 (Greek), Windows-1255 (Hebrew), Windows-1256 (Arabic), Windows-874 (Thai), or for Chinese, Japanese or Korean exports GB18030, Shift_JIS or EUC-KR; re-read it that way?`,
          actions: [
            { label: 'Re-read as Windows-1252', read: { encoding: 'windows-1252' } },
            { label: 'Re-read as Windows-1250', read: { encoding: 'windows-1250' } },
            { label: 'Re-read as Windows-1254', read: { encoding: 'windows-1254' } },
            { label: 'Re-read as Windows-1251 (Cyrillic)', read: { encoding: 'windows-1251' } },
            { label: 'Re-read as Windows-1253 (Greek)', read: { encoding: 'windows-1253' } },
            { label: 'Re-read as Windows-1255 (Hebrew)', read: { encoding: 'windows-1255' } },
            { label: 'Re-read as Windows-1256 (Arabic)', read: { encoding: 'windows-1256' } },
            { label: 'Re-read as Windows-874 (Thai)', read: { encoding: 'windows-874' } },
            { label: 'Re-read as Latin-1', read: { encoding: 'latin1' } },
            { label: 'Re-read as GB18030 (Chinese)', read: { encoding: 'gb18030' } },
            { label: 'Re-read as Shift_JIS (Japanese)', read: { encoding: 'shift_jis' } },
            { label: 'Re-read as EUC-KR (Korean)', read: { encoding: 'euc-kr' } },
          ],
        };
      case 'binary_file': {
        const kind = (e.details as { kind?: string; what?: string }).kind;
        if (kind === 'fake_xlsx') return { name, code: e.code, message: `“${name}” is not an Excel file: an .xlsx workbook is a ZIP archive and this file is not one. If it is a CSV export named .xlsx, rename it to .csv and load it again.`, actions: [] };
        if (kind === 'xls') return { name, code: e.code, message: `“${name}” is an old Excel workbook (.xls). Open it in Excel, save it as .xlsx (Excel Workbook), and load that.`, actions: [] };
        if (kind === 'xlsx') return { name, code: e.code, message: `“${name}” looks like an Excel workbook but cannot be read. Open it in Excel, save it again as .xlsx or CSV, and load that.`, actions: [] };
        if (kind) return { name, code: e.code, message: `“${name}” is ${(e.details as { what?: string }).what ?? 'a binary file'}, not a CSV or Excel export. Pick the export file instead.`, actions: [] };
        // NUL bytes without a known file type: possibly UTF-16 without a byte-order mark.
        return {
          name,
          code: e.code,
          message: `“${name}” contains NUL bytes, so it is either not a text file (an Excel file? import it as .xlsx) or a UTF-16 file without a byte-order mark. Re-read it as UTF-16?`,
          actions: [
            { label: 'Re-read as UTF-16 (LE)', read: { encoding: 'utf-16le' } },
            { label: 'Re-read as UTF-16 (BE)', read: { encoding: 'utf-16be' } },
          ],
        };
      }
      case 'no_header':
        return {
          name,
          code: e.code,
          message: `The first row of “${name}” looks like data, not column names. Load it without a header (columns become column_1, column_2, …)?`,
          actions: [{ label: 'Load without header', read: { header: false } }],
        };
      case 'empty_file':
        if ((e.details as { reason?: string }).reason === 'no_line_break') return { name, code: e.code, message: `“${name}” has no line break in its first 256 KiB, so it is not a CSV table. Pick the CSV or Excel export.`, actions: [] };
        return { name, code: e.code, message: `“${name}” is empty. Pick the export that contains the rows.`, actions: [] };
      case 'too_many_columns':
        return { name, code: e.code, message: tooManyColumnsMessage(`“${name}”`, (e.details as { columns: number }).columns), actions: [] };
      case 'source_missing':
        return { name, code: e.code, message: `“${name}” cannot be found or read any more. Pick the file again.`, actions: [] };
      default:
        return { name, code: e.code, message: e.message, actions: [] };
    }
  }
  // A full disk, a read-only or vanished folder: the sentence says what to do (errors.ts).
  const explained = explainSystemError(e, { doing: `loading “${name}”` });
  if (explained instanceof UserError) return { name, code: explained.code, message: explained.message, actions: [] };
  return { name, code: 'failed', message: `Could not load “${name}”: ${errorMessage(e)}`, actions: [] };
}
