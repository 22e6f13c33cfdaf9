/**
 * Where the table is inside a real export: bank and accounting exports put account details above
 * the header ("Kontoinhaber;Muster GmbH") and balances or totals below the data ("Kontostand am
 * 31.01.2026;…;12.345,67"). Both are found from the text itself (field counts, what looks like a
 * header, summary words) and reported line by line with the reason, so the user can check them
 * and override (skip_top / skip_bottom / header_row).
 */
import type { SkippedLine } from '../../../shared/reconcile/sources-and-runs';
import { CURRENCY_WORDS } from './macros';

/**
 * An amount, with a currency and a trailing direction marker ("17,02,809.77 Dr") allowed; the
 * currency as macros.ts's kalla_num_clean reads it: a code, or any currency sign with the letters
 * that say whose ("US$", "8 634,45 $ US").
 */
const NUMBERISH = new RegExp(
  String.raw`^[\s(+\-−]*(\p{Sc}|[A-Z]{1,3}\s?\p{Sc}|[A-Z]{3}\s|(${CURRENCY_WORDS})\s)?\s*[\d][\d.,\s\u00a0\u202f']*\s*(\p{Sc}(\s?[A-Z]{1,3})?|[A-Z]{3}|${CURRENCY_WORDS})?[)\s-]*([CcDd][Rr]\.?)?$`,
  'u',
);
const DATEISH = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}/;

/** A number, amount or date (a header names columns; it holds none of these). */
export function looksLikeValue(field: string): boolean {
  return valueKind(field) !== null;
}

/** What a field holds when it is a value: a date (tried first: `01.02.2026` also reads as digits), a number or amount, a boolean; null for text or blank. */
export function valueKind(field: string): 'date' | 'number' | 'bool' | null {
  const f = field.trim();
  if (f === '') return null;
  if (DATEISH.test(f)) return 'date';
  if (NUMBERISH.test(f)) return 'number';
  return /^(true|false)$/i.test(f) ? 'bool' : null;
}

/** One record of the text with where it starts and ends (char offsets) and its first physical line (1-based). */
export interface RecordPos {
  fields: string[];
  start: number;
  /** Offset just after the record's line break (or the end of the text). */
  end: number;
  line: number;
  /**
   * A quoted field whose closing quote is followed by more text than a delimiter or a line break
   * (`"01.03.2026";"x"` read with ","): a sign the record was split with the wrong delimiter.
   */
  strayQuote?: boolean;
}

const blank = (r: RecordPos) => r.fields.every((f) => f.trim() === '');

/** Records honouring double quotes (doubled quotes escape; `quoted` false: quotes are text), blank ones kept, each with where it is. */
export function scanRecords(text: string, delimiter: string, maxRecords: number, complete: boolean, quoted = true): RecordPos[] {
  const out: RecordPos[] = [];
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let stray = false;
  let start = 0;
  let line = 1;
  let startLine = 1;
  let i = 0;
  for (; i < text.length && out.length < maxRecords; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
          const next = text[i + 1];
          if (next !== undefined && next !== delimiter && next !== '\n' && next !== '\r') stray = true;
        }
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
        field += ch;
      }
    } else if (ch === '"' && field === '' && quoted) inQuotes = true;
    else if (ch === delimiter) {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      out.push({ fields, start, end: i + 1, line: startLine, ...(stray ? { strayQuote: true } : {}) });
      stray = false;
      line++;
      fields = [];
      field = '';
      start = i + 1;
      startLine = line;
    } else field += ch;
  }
  if (complete && i >= text.length && (field !== '' || fields.length > 0)) {
    fields.push(field);
    out.push({ fields, start, end: text.length, line: startLine, ...(stray ? { strayQuote: true } : {}) });
  }
  return out;
}

/** Most common field count among records with ≥ 2 fields (ties: the wider). */
export function modalWidth(records: RecordPos[]): number {
  const counts = new Map<number, number>();
  for (const r of records) if (r.fields.length >= 2) counts.set(r.fields.length, (counts.get(r.fields.length) ?? 0) + 1);
  let width = records.reduce((m, r) => Math.max(m, r.fields.length), 0) > 1 ? 0 : 1;
  let best = 0;
  for (const [w, c] of counts) if (c > best || (c === best && w > width)) [width, best] = [w, c];
  return Math.max(width, 1);
}

const filled = (r: RecordPos) => r.fields.filter((f) => f.trim() !== '').length;
const hasValue = (r: RecordPos) => r.fields.some((f) => f.trim() !== '' && looksLikeValue(f));
const preview = (r: RecordPos) => r.fields.map((f) => f.replace(/\s+/g, ' ').trim()).join(' | ').slice(0, 120);

export interface TopLayout {
  /** Index in `records` of the header row (or of the first data row when there is none). */
  index: number;
  width: number;
  /** Physical lines before the header row. */
  skipLines: number;
  /** Char offset where the table starts. */
  start: number;
  skipped: SkippedLine[];
}

/**
 * The header row is the first full-width row without values before the first data row (a
 * full-width row with a number or date followed by rows of the same width). Preamble lines padded
 * to the full width ("Kontonummer;DE12…;;;") are told from headers by how many fields they fill:
 * of the rows that could be the header, the fullest (the last of equals) is.
 */
export function detectTop(records: RecordPos[], skipTop?: number): TopLayout {
  const width = modalWidth(records);
  let index: number;
  if (skipTop !== undefined) {
    index = records.findIndex((r) => r.line > skipTop);
    if (index < 0) index = records.length;
  } else {
    const full = (r: RecordPos) => r.fields.length === width && !blank(r);
    // Every row ends with a delimiter the header line lacks (Chase: "…,Balance,Check or Slip #" over
    // "…,1910696.28,,"): the header is one field narrower, its missing last name is the empty column.
    const wide = records.filter(full);
    const trailing = width >= 3 && wide.length > 0 && wide.every((r) => r.fields[width - 1].trim() === '');
    const headerWide = (r: RecordPos) => full(r) || (trailing && r.fields.length === width - 1 && !blank(r));
    // A row with values that fills under half the width, with a row of names filling it (a header)
    // among the next lines, is a preamble line padded to the width (Attijariwafa's "Solde au
    // 31/08/2026;;;;;6 947 325,40" above "Date opération;Libellé;…;Solde"): data starts below a header.
    // Not once a row of names is above it: then it is a sparse first data row.
    const namesRow = (r: RecordPos) => headerWide(r) && !hasValue(r) && filled(r) * 2 >= width;
    let data = -1;
    for (let i = 0; i < records.length && data < 0; i++) {
      if (!full(records[i]) || !hasValue(records[i])) continue;
      const next = records.slice(i + 1, i + 6).filter((r) => !blank(r));
      if (filled(records[i]) * 2 < width && next.slice(0, 2).some(namesRow) && !records.slice(0, i).some(namesRow)) continue;
      if (next.length === 0 || next.filter((r) => r.fields.length === width).length * 2 >= next.length) data = i;
    }
    const end = data < 0 ? records.length : data;
    const candidates = records.slice(0, end).map((r, i) => ({ r, i })).filter(({ r }) => headerWide(r) && !hasValue(r));
    // The fullest such row, the last of equals (the header sits right above the data): a padded
    // preamble line ("Kontoinhaber;Muster GmbH;;") fills half a narrow table, a header all of it.
    // Without a data row there is no "above the data": the first such row, as before.
    // Of equally full rows, the one least like the data: a first data row without numbers or
    // dates ("R1,A-1,n/a,pending") sits right below the header and is written like the rows under
    // it ("R2,A-2,…"), the header is not (issue 27, item 3).
    const named = candidates.filter(({ r }) => filled(r) * 2 >= width);
    const likeData = (r: RecordPos) => (data < 0 ? 0 : dataLikeness(r, records.slice(data, data + 5)));
    const better = (c: (typeof candidates)[number], best: (typeof candidates)[number]) =>
      filled(c.r) !== filled(best.r) ? filled(c.r) > filled(best.r) : likeData(c.r) <= likeData(best.r);
    const header = (data < 0 ? named[0] : named.reduce<(typeof candidates)[number] | undefined>((best, c) => (!best || better(c, best) ? c : best), undefined)) ?? candidates[0];
    const firstFull = records.findIndex(full);
    index = header ? header.i : data >= 0 ? Math.min(data, firstFull < 0 ? data : firstFull) : Math.max(0, firstFull);
  }
  const skipped = records.slice(0, index).map((r): SkippedLine => ({
    where: 'top',
    line: r.line,
    text: preview(r),
    reason: blank(r) ? 'empty line above the table' : r.fields.length !== width ? `above the table (${r.fields.length} field(s), the table has ${width})` : 'above the header row',
  }));
  const at = records[index];
  return { index, width, skipLines: at ? at.line - 1 : 0, start: at ? at.start : 0, skipped };
}

/** A field's shape: runs of letters → "a", of digits → "9", other characters kept ("A-1" → "a-9", "R12" → "a9"). */
const shape = (f: string) => f.trim().toLowerCase().replace(/\p{L}+/gu, 'a').replace(/\d+/g, '9');

/** How many fields of `r` are written like the same column in a data row below (shape "a9", "a-9"…), fields of one letter run aside. */
function dataLikeness(r: RecordPos, dataRows: RecordPos[]): number {
  let n = 0;
  r.fields.forEach((f, k) => {
    const s = shape(f);
    if (s === '' || s === 'a') return;
    if (dataRows.some((d) => d.fields[k] !== undefined && shape(d.fields[k]) === s)) n++;
  });
  return n;
}

/** First words of balance, total and count lines in German, Dutch, English, French and Italian exports. */
const SUMMARY =
  /^\s*(kontostand|saldo|solde|nouveau solde|ancien solde|sous-total|totaux|totale|endsaldo|anfangssaldo|schlusssaldo|neuer saldo|alter saldo|summe|gesamt|umsätze gesamt|anzahl|total|totals|subtotal|grand total|sum|balance|closing balance|opening balance|ending balance|beginning balance|available balance|eindsaldo|beginsaldo|totaal|aantal|number of|count)\b/i;

/**
 * Total words of languages the summary list above lacks, which no payee or customer name starts
 * with: Korean, Chinese, Japanese, Russian, Ukrainian, Turkish, Polish, Czech, Finnish, Hungarian,
 * Danish and, since an Iranian ledger's last line "جمع کل" was read as an open item of the whole
 * total, Persian, Arabic, Hebrew, Greek, Thai, Vietnamese and Hindi. One list for the lines below
 * the data (here) and the subtotal lines inside it (report-lines.ts).
 */
export const NAMELESS_TOTAL_WORDS = [
  '합계', '총계', '소계', '合计', '小计', '总计', '合計', '小計', '總計', 'итого', 'всего', 'усього', 'разом', 'genel toplam', 'razem', 'celkem', 'yhteensä',
  'összesen', 'mindösszesen', 'végösszeg', 'i alt', 'جمع کل', 'جمع', 'مجموع', 'المجموع', 'الإجمالي', 'الاجمالي', 'إجمالي', 'اجمالي', 'סה"כ', 'סהכ', 'סך הכל',
  'σύνολο', 'γενικό σύνολο', 'ยอดรวม', 'รวมทั้งสิ้น', 'tổng cộng', 'कुल योग',
];

/** A first field that is one of `words` as a whole word (no letter may follow). */
export const firstWordOf = (words: readonly string[]) => new RegExp(`^\\s*(${words.join('|')})(?=$|[\\s,;:.(/-])`, 'iu');

/** NAMELESS_TOTAL_WORDS and opening/closing balance words of the same languages (below the data only). */
const LOCAL_TOTAL = firstWordOf([...NAMELESS_TOTAL_WORDS, 'nyitó egyenleg', 'záró egyenleg', 'i alt dkk', 'samlet']);

export interface BottomLayout {
  /** Trailing records to drop. */
  count: number;
  /** Char offset (in the text given) where the dropped trailer starts. */
  start: number;
  skipped: SkippedLine[];
}

/**
 * Trailing summary lines, walking up from the end: empty lines, lines with another field count
 * than the table, and lines whose first filled field is a balance/total word. Stops at the first
 * ordinary row; never takes more than 20 lines or every data row.
 */
export function detectBottom(records: RecordPos[], width: number, dataRows: number, skipBottom?: number): BottomLayout {
  let count = 0;
  const reasons: string[] = [];
  const max = Math.min(skipBottom ?? 20, Math.max(0, dataRows - 1), records.length);
  const block = skipBottom === undefined ? trailerBlockStart(records, width, max) : -1;
  for (let i = records.length - 1; i >= 0 && count < max; i--) {
    const r = records[i];
    const first = r.fields.find((f) => f.trim() !== '') ?? '';
    let reason: string | null = null;
    if (skipBottom !== undefined) reason = 'skipped by the read options';
    else if (i >= block && block >= 0 && !blank(r)) reason = `below the table after an empty line (${r.fields.length} field(s), the table has ${width})`;
    else if (blank(r)) reason = 'empty line below the table';
    else if (SUMMARY.test(first) || LOCAL_TOTAL.test(first)) reason = `summary line (“${first.trim().slice(0, 40)}”)`;
    // A ragged line with data in it stays: it is a malformed row the user must hear about, not a footer.
    else if (r.fields.length !== width && filled(r) <= 1) reason = `note below the table (${r.fields.length} field(s), the table has ${width})`;
    if (!reason) break;
    reasons.push(reason);
    count++;
  }
  const kept = records.slice(0, records.length - count);
  const dropped = records.slice(records.length - count);
  return {
    count,
    start: dropped.length ? dropped[0].start : (kept.at(-1)?.end ?? 0),
    skipped: dropped.map((r, k): SkippedLine => ({ where: 'bottom', line: dropped.length - k, text: preview(r), reason: reasons[dropped.length - 1 - k] })),
  };
}

/**
 * A block set apart below the table by an empty line, none of whose lines has the table's field
 * count ("Alter Kontostand;10.000,00 EUR", "Closing balance;1,234.56"): a footer whatever its words.
 * The index of the empty line, or -1. A line of the table's width below the gap is data (a
 * malformed gap the user must hear about), so then there is no such block.
 */
function trailerBlockStart(records: RecordPos[], width: number, max: number): number {
  for (let i = records.length - 1; i >= Math.max(0, records.length - max); i--) {
    const r = records[i];
    if (blank(r)) {
      // Empty lines at the very end are not the gap; keep walking up to the block above them.
      if (records.slice(i + 1).some((b) => !blank(b))) return i;
      continue;
    }
    if (r.fields.length === width) return -1;
  }
  return -1;
}

/** Both CRLF and bare LF line breaks outside quotes (DuckDB's reader takes one kind per file). */
export function hasMixedLineEndings(text: string, quoted = true): boolean {
  let crlf = false;
  let lf = false;
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' && quoted) inQuotes = !inQuotes;
    else if (!inQuotes && ch === '\n') {
      if (text[i - 1] === '\r') crlf = true;
      else lf = true;
      if (crlf && lf) return true;
    }
  }
  return false;
}
