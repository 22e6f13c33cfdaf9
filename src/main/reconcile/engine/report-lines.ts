/**
 * Report-style exports (QuickBooks "A/R Ageing Detail", Xero "Aged Receivables Detail", SAP lists,
 * Sage reports) put lines inside the table that are not transactions: section headings (a line
 * with one filled cell: an ageing bucket, a customer name) and subtotals of full table width
 * (`Total for Current,,,…,7,381,102.00`, `Total Acme Ltd,…`, `*  1.234,56`, `Summe …`).
 *
 * They are told from the data by the data's own column types, not by one vendor's layout: the
 * columns every data row fills with a date or a number are found first (from the rows that are not
 * marked as headings or totals), and a line is left out only when it leaves such a column empty
 * (a subtotal also holds amounts and no date at all) and
 *   - fills one cell only (a heading), in a file that has subtotals or several headings, or
 *   - starts with a `*` marker, or holds nothing but a label and amounts (or values repeated from
 *     the row above: a currency) and starts with a total word, names a heading above it in its
 *     first filled cell (`Total Acme Ltd` under `Acme Ltd`), or leaves the key column (the one
 *     identifying each row: a document number) empty (a subtotal).
 * A data row that happens to start with "Total" (a payee "Total Energies") fills its date and is
 * kept. Nothing is dropped silently: every line is listed with its reason, and each subtotal is
 * checked against the sum of the rows of its block; one that does not add up is named.
 */
import type { SkippedLine } from '../../../shared/reconcile/sources-and-runs';
import { firstWordOf, NAMELESS_TOTAL_WORDS, valueKind, type RecordPos } from './read-layout';

/** First words of subtotal and total lines: Latin-script languages here, the rest shared with the lines below the data (NAMELESS_TOTAL_WORDS). */
const TOTAL_WORD = firstWordOf([
  'total', 'totals', 'subtotal', 'sub-total', 'sub total', 'grand total', 'totaal', 'subtotaal', 'summe', 'zwischensumme', 'gesamt', 'gesamtsumme', 'endsumme', 'sum', 'som', 'somme',
  'sous-total', 'total général', 'totale', 'subtotale', 'suma', 'soma', 'total geral', 'részösszeg', 'součet', 'summa', 'totalt', 'toplam', 'ara toplam',
  ...NAMELESS_TOTAL_WORDS,
]);

/** SAP-style list markers: `*` for a subtotal, `**` for the next level. */
const STAR_MARKER = /^\s*\*{1,5}(\s|$)/;

export interface ReportLine {
  /** Index of the record in the records given. */
  index: number;
  kind: 'heading' | 'subtotal' | 'balance' | 'summary';
  reason: string;
  /** A subtotal whose amounts are not the sum of any block of rows above it: which column, stated and summed. */
  mismatch?: { column: number; stated: number; summed: number; rows: number };
}

const blank = (r: RecordPos) => r.fields.every((f) => f.trim() === '');
const filledCells = (r: RecordPos) => r.fields.filter((f) => f.trim() !== '').length;
const firstFilled = (r: RecordPos) => (r.fields.find((f) => f.trim() !== '') ?? '').trim();
export const previewRecord = (r: RecordPos) => r.fields.map((f) => f.replace(/\s+/g, ' ').trim()).join(' | ').slice(0, 120);

/** The decimal separator the body's amounts are written with (for checking sums): `,` when amounts end in `,dd` and none in `.dd`. */
function decimalOf(values: string[]): ',' | '.' {
  let comma = 0;
  let point = 0;
  for (const v of values) {
    if (/\d,\d{1,2}\D*$/.test(v)) comma++;
    else if (/\d\.\d{1,2}\D*$/.test(v)) point++;
  }
  return comma > point ? ',' : '.';
}

/** An amount in cents (integer), or null; `(1.00)` and a trailing minus are negative. */
export function amountCents(text: string, decimal: ',' | '.'): number | null {
  let t = text.trim();
  if (t === '') return null;
  const negative = /^\(.*\)$/.test(t) || /^[^\d]*[-−]/.test(t) || /[-−]\s*$/.test(t);
  t = t.replace(/[^\d.,]/g, '');
  if (!/\d/.test(t)) return null;
  const thousands = decimal === ',' ? /\./g : /,/g;
  t = t.replace(thousands, '');
  if (decimal === ',') t = t.replace(',', '.');
  const n = Number(t);
  if (!Number.isFinite(n)) return null;
  return Math.round((negative ? -n : n) * 100);
}

interface ColumnProfile {
  kind: 'date' | 'number' | 'text';
  /** Share of the presumed data rows that fill it. */
  filled: number;
  /** Share of distinct values among its filled cells. */
  distinct: number;
}

/** Column kinds over the presumed data rows: date or number when ≥ 95 % of the filled cells are. */
function profile(rows: RecordPos[], width: number): ColumnProfile[] {
  return Array.from({ length: width }, (_, k) => {
    let filled = 0;
    let dates = 0;
    let numbers = 0;
    const seen = new Set<string>();
    for (const r of rows) {
      const f = (r.fields[k] ?? '').trim();
      if (f === '') continue;
      filled++;
      seen.add(f);
      const kind = valueKind(f);
      if (kind === 'date') dates++;
      else if (kind === 'number') numbers++;
    }
    const kind = filled > 0 && dates >= 0.95 * filled ? 'date' : filled > 0 && numbers >= 0.95 * filled ? 'number' : 'text';
    return { kind, filled: rows.length ? filled / rows.length : 0, distinct: filled ? seen.size / filled : 0 };
  });
}

/** Does cell `f` type like column `c` of the body (filled, and a date or number where the body has one)? */
const typesLike = (f: string | undefined, c: ColumnProfile) => {
  const v = (f ?? '').trim();
  if (v === '') return false;
  return c.kind === 'text' || valueKind(v) === c.kind;
};

/**
 * The headings and subtotals among `body` (the records between the header row and the lines below
 * the data; blank records are ignored). `width` is the table's field count. Returns them in file
 * order; empty for an ordinary table.
 */
export function findReportLines(body: RecordPos[], width: number): ReportLine[] {
  const rows = body.map((r, index) => ({ r, index })).filter(({ r }) => !blank(r));
  if (rows.length < 3 || width < 2) return [];
  const marked = (r: RecordPos) => filledCells(r) <= 1 || TOTAL_WORD.test(firstFilled(r)) || STAR_MARKER.test(firstFilled(r));
  const presumed = rows.filter(({ r }) => r.fields.length === width && !marked(r)).map(({ r }) => r);
  if (presumed.length < 2) return [];
  const cols = profile(presumed, width);
  // Columns (nearly) every data row fills with a value of the column's type: a date, an amount, a document number.
  const required = cols.map((c, k) => ({ c, k })).filter(({ c }) => c.filled >= 0.8 && c.kind !== 'text');
  if (required.length === 0) return [];
  const missesRequired = (r: RecordPos) => required.some(({ c, k }) => !typesLike(r.fields[k], c));
  // The key column: filled by the data rows and different on nearly every one (a document number), not a date; text before numbers (amounts differ too).
  const key = cols
    .map((c, k) => ({ c, k }))
    .filter(({ c }) => c.filled >= 0.8 && c.distinct >= 0.9 && c.kind !== 'date')
    .sort((a, b) => Number(b.c.kind === 'text') - Number(a.c.kind === 'text') || b.c.distinct - a.c.distinct)[0];
  const numberCols = cols.map((c, k) => ({ c, k })).filter(({ c }) => c.kind === 'number');
  const holdsAmounts = (r: RecordPos) => numberCols.some(({ k }) => valueKind((r.fields[k] ?? '').trim()) === 'number');

  const out: ReportLine[] = [];
  const headings: string[] = [];
  let previous: RecordPos | null = null;
  for (const { r, index } of rows) {
    if (!missesRequired(r)) {
      previous = r;
      continue;
    }
    const first = firstFilled(r);
    if (filledCells(r) === 1 && valueKind(first) === null) {
      out.push({ index, kind: 'heading', reason: `heading inside the table (one filled cell: “${first.slice(0, 40)}”)` });
      headings.push(first.toLowerCase());
      continue;
    }
    // A subtotal sums rows of several days: it holds amounts and no date (a row with a date is a transaction, however it reads).
    if (!holdsAmounts(r) || r.fields.some((f) => valueKind(f) === 'date')) {
      previous = r;
      continue;
    }
    const lower = first.toLowerCase();
    const namesHeading = headings.some((h) => h.length >= 2 && (lower === h || lower.endsWith(` ${h}`)));
    // Besides its label, a subtotal holds amounts, or repeats what the row above it holds (a currency, a customer):
    // a document of its own (a credit memo without a due date or PO number) has text of its own.
    const labelAndAmounts = r.fields.every((f, k) => {
      const v = f.trim();
      return v === '' || v === first || valueKind(v) === 'number' || (previous !== null && (previous.fields[k] ?? '').trim() === v);
    });
    let why: string | null = null;
    if (STAR_MARKER.test(first)) why = `subtotal inside the table (marked “${first.trim().slice(0, 5)}”)`;
    else if (!labelAndAmounts) why = null;
    else if (TOTAL_WORD.test(first)) why = `subtotal inside the table (“${first.slice(0, 40)}”)`;
    else if (namesHeading) why = `subtotal inside the table (repeats the heading “${first.slice(0, 40)}”)`;
    else if (key && (r.fields[key.k] ?? '').trim() === '') why = `subtotal inside the table (no ${key.c.kind === 'number' ? 'number' : 'key'} in column ${key.k + 1}, amounts only)`;
    if (why) out.push({ index, kind: 'subtotal', reason: why });
    else previous = r;
  }
  const subtotals = out.filter((l) => l.kind === 'subtotal').length;
  const headingCount = out.length - subtotals;
  // A single one-cell line among data rows and no subtotal anywhere is a malformed row the user must hear about, not a report heading.
  const kept = subtotals > 0 || headingCount >= 2 ? out : out.filter((l) => l.kind !== 'heading');
  checkSubtotals(body, kept, numberCols.map(({ k }) => k));
  return kept;
}

/**
 * Each subtotal against the rows above it: it adds up when, in every amount column it fills, it
 * equals the sum of the data rows from some earlier boundary (the table's start, a heading or a
 * subtotal) down to it, the same boundary for all its columns. Sets `mismatch` otherwise.
 */
function checkSubtotals(body: RecordPos[], lines: ReportLine[], amountCols: number[]): void {
  if (amountCols.length === 0) return;
  const dropped = new Map(lines.map((l) => [l.index, l]));
  const decimal = decimalOf(body.flatMap((r, i) => (dropped.has(i) ? [] : amountCols.map((k) => r.fields[k] ?? ''))));
  // Running sums over data rows, and the running sums at every boundary.
  const running = amountCols.map(() => 0);
  let dataRows = 0;
  const boundaries: { sums: number[]; rows: number }[] = [{ sums: [...running], rows: 0 }];
  for (let i = 0; i < body.length; i++) {
    const r = body[i];
    const line = dropped.get(i);
    if (!line) {
      if (blank(r)) continue;
      amountCols.forEach((k, j) => (running[j] += amountCents(r.fields[k] ?? '', decimal) ?? 0));
      dataRows++;
      continue;
    }
    if (line.kind === 'subtotal') {
      const stated = amountCols.map((k) => amountCents(r.fields[k] ?? '', decimal));
      const fits = (b: { sums: number[] }) => stated.every((s, j) => s === null || s === running[j] - b.sums[j]);
      if (!boundaries.slice(-200).some(fits)) {
        const b = boundaries.at(-1)!;
        const j = stated.findIndex((s, j2) => s !== null && s !== running[j2] - b.sums[j2]);
        line.mismatch = { column: amountCols[j], stated: (stated[j] ?? 0) / 100, summed: (running[j] - b.sums[j]) / 100, rows: dataRows - b.rows };
      }
    }
    boundaries.push({ sums: [...running], rows: dataRows });
  }
}

/** Fewest transaction rows between balance lines: below it an equality could be chance. */
const MIN_BALANCED_ROWS = 10;

/**
 * Balance lines inside a statement's table: an opening balance as its first row, turnovers and a
 * closing balance as its last rows, written like transactions (a date, an amount, a direction).
 * They are told by the statement's own arithmetic, never by their words: a last row that equals
 * the opening row plus every row between them (a closing balance), or the sum of the rows between
 * with its own direction (a turnover), to the cent over at least MIN_BALANCED_ROWS rows. The
 * direction is the amount's sign, or a two-valued column (D/K, S/H) read either way round. An
 * opening row is left out only with a closing row that proves it. `skip`: indices already left out.
 */
export function findBalanceLines(body: RecordPos[], width: number, skip: ReadonlySet<number>): ReportLine[] {
  const rows = body.map((r, index) => ({ r, index })).filter(({ r, index }) => !blank(r) && !skip.has(index) && r.fields.length === width);
  if (rows.length < MIN_BALANCED_ROWS + 2) return [];
  const cols = profile(rows.map(({ r }) => r), width);
  const amountCols = cols.map((c, k) => ({ c, k })).filter(({ c }) => c.kind === 'number' && c.filled >= 0.8).map(({ k }) => k);
  if (amountCols.length === 0) return [];
  const decimal = decimalOf(rows.flatMap(({ r }) => amountCols.map((k) => r.fields[k] ?? '')));
  const cell = (i: number, k: number) => (rows[i].r.fields[k] ?? '').trim();
  // Direction columns: text filled on (nearly) every row with exactly two values.
  const directions = cols.flatMap((c, k) => {
    if (c.kind !== 'text' || c.filled < 0.95) return [];
    const values = new Set(rows.map((_, i) => cell(i, k).toLowerCase()).filter((v) => v !== ''));
    return values.size === 2 ? [{ k, values: [...values] }] : [];
  });
  const polarities: ({ k: number; plus: string } | null)[] = [null, ...directions.flatMap((d) => d.values.map((plus) => ({ k: d.k, plus })))];
  const n = rows.length;
  // Rows after the last empty line, when a few: balances written below the table (a Volksbank
  // export's "Anfangssaldo" and "Endsaldo" after the transactions and a blank line).
  const gap = body.findLastIndex((r) => blank(r));
  const below = gap >= 0 ? rows.filter(({ index }) => index > gap).length : 0;
  for (const k of amountCols.slice(0, 6)) {
    const cents = rows.map((_, i) => amountCents(cell(i, k), decimal));
    for (const polarity of polarities) {
      const sign = (i: number) => (polarity === null ? 1 : cell(i, polarity.k).toLowerCase() === polarity.plus ? 1 : -1);
      const signed = (i: number) => (cents[i] === null ? null : sign(i) * Math.abs(cents[i]!));
      /**
       * The rows from `first` on, below the table: an opening balance and a closing balance that is
       * it plus every row above the gap; null unless both rows below are explained that way.
       */
      const balancesBelow = (first: number): ReportLine[] | null => {
        let net = 0;
        for (let i = 0; i < first; i++) {
          const v = signed(i);
          if (v === null) return null;
          net += v;
        }
        for (let a = first; a < n; a++) {
          for (let e = first; e < n; e++) {
            const [va, ve] = [signed(a), signed(e)];
            if (a === e || va === null || ve === null || va === 0 || ve === 0 || ve !== va + net) continue;
            const opening: ReportLine = { index: rows[a].index, kind: 'balance', reason: `balance line below the table (the opening balance: with the ${first} rows above it, it makes the closing balance)` };
            const closing: ReportLine = { index: rows[e].index, kind: 'balance', reason: `balance line below the table (the opening balance below the table plus the ${first} rows above: the closing balance)` };
            return [opening, closing].sort((x, y) => x.index - y.index);
          }
        }
        return null;
      };
      // Two rows below a gap: the opening and closing balance there, before any other reading (the
      // first transaction as an "opening" row with the real opening inside the sum also adds up).
      const belowTable = below === 2 && n - below >= MIN_BALANCED_ROWS ? balancesBelow(n - below) : null;
      if (belowTable) return belowTable;
      const direction = (i: number, v: number) => (polarity === null ? (v < 0 ? '-' : '+') : cell(i, polarity.k).toLowerCase());
      /** The rows [from, to): their net sum and their magnitudes per direction; null when one has no amount. */
      const sums = (from: number, to: number) => {
        let net = 0;
        const byDirection = new Map<string, number>();
        for (let i = from; i < to; i++) {
          const v = signed(i);
          if (v === null) return null;
          net += v;
          const d = direction(i, v);
          byDirection.set(d, (byDirection.get(d) ?? 0) + Math.abs(v));
        }
        return { net, byDirection };
      };
      // The most rows explained: an opening row (0 or 1) and a block of last rows (up to 4).
      for (const opening of [1, 0]) {
        for (let last = 4; last >= 1; last--) {
          const from = opening;
          const to = n - last;
          if (to - from < MIN_BALANCED_ROWS) continue;
          const block = sums(from, to);
          if (block === null) continue;
          const { net, byDirection } = block;
          const open = opening ? signed(0) : 0;
          if (open === null || (opening === 1 && open === 0)) continue;
          const reasons: string[] = [];
          let closed = false;
          for (let i = to; i < n; i++) {
            const v = signed(i);
            // Zero proves nothing: a column of zeros (nothing received yet) adds up to every zero in it.
            if (v === null || v === 0) break;
            const d = direction(i, v);
            if (v === open + net && (opening === 1 || last > 1)) {
              closed = true;
              reasons.push(`balance line inside the table (${opening ? `the opening balance on line ${rows[0].r.line}` : 'the balance before'} plus the ${to - from} rows between: the closing balance)`);
            } else if (Math.abs(v) === byDirection.get(d) && byDirection.size > 1) {
              reasons.push(`balance line inside the table (the sum of the ${to - from} rows' “${d}” amounts: a turnover)`);
            } else if (polarity === null && v === net) {
              reasons.push(`balance line inside the table (the sum of the ${to - from} rows above it: a total)`);
            } else break;
          }
          if (reasons.length !== last || (opening === 1 && !closed)) continue;
          const out: ReportLine[] = [];
          if (opening) out.push({ index: rows[0].index, kind: 'balance', reason: `balance line inside the table (the opening balance: with the ${to - from} rows below it, it makes the closing balance)` });
          for (let i = to; i < n; i++) out.push({ index: rows[i].index, kind: 'balance', reason: reasons[i - to] });
          return out;
        }
      }
    }
  }
  return [];
}

/** Rows besides a summary record needed to tell its own columns. */
const MIN_SUMMARY_ROWS = 10;
/** A column is a summary record's own when at most this share of the other rows fill it. */
const OWN_COLUMN_FILLED = 0.01;
/** A column the rows fill when at least this share fill it. */
const ROW_COLUMN_FILLED = 0.8;

/**
 * A summary record at the top or bottom of a table (an Amazon settlement report's first row: the
 * settlement's dates, deposit date, total amount and currency, every transaction column empty):
 * a first or last row that fills at least two columns no other row fills (at most OWN_COLUMN_FILLED
 * of them), one of them with an amount, and leaves empty most of the columns the rows fill. Told
 * by the table's own shape, not by words. Its amount is checked against the sum of each amount
 * column of the other rows, and the reason says whether it equals one. `skip`: indices already left out.
 */
export function findSummaryRecords(body: RecordPos[], width: number, skip: ReadonlySet<number>): ReportLine[] {
  const rows = body.map((r, index) => ({ r, index })).filter(({ r, index }) => !blank(r) && !skip.has(index) && r.fields.length === width);
  if (rows.length < MIN_SUMMARY_ROWS + 1) return [];
  const out: ReportLine[] = [];
  for (const at of [0, rows.length - 1]) {
    if (out.some((l) => l.index === rows[at].index)) continue;
    const candidate = rows[at].r;
    const others = rows.filter((_, i) => i !== at).map(({ r }) => r);
    const cols = profile(others, width);
    const cell = (k: number) => (candidate.fields[k] ?? '').trim();
    const own = cols.map((c, k) => k).filter((k) => cell(k) !== '' && cols[k].filled <= OWN_COLUMN_FILLED);
    const rowColumns = cols.map((c, k) => k).filter((k) => cols[k].filled >= ROW_COLUMN_FILLED);
    const leftEmpty = rowColumns.filter((k) => cell(k) === '').length;
    const amounts = own.filter((k) => valueKind(cell(k)) === 'number' && /[.,]\d{1,2}\s*$/.test(cell(k)));
    if (own.length < 2 || amounts.length === 0 || leftEmpty * 2 <= rowColumns.length) continue;
    // Its total, checked against each amount column of the rows.
    const amountCols = cols.map((c, k) => ({ c, k })).filter(({ c }) => c.kind === 'number' && c.filled >= 0.5).map(({ k }) => k);
    const decimal = decimalOf([...amounts.map(cell), ...others.flatMap((r) => amountCols.map((k) => r.fields[k] ?? ''))]);
    const totals = new Set(amounts.map((k) => amountCents(cell(k), decimal)));
    const equal = amountCols.find((k) => {
      let sum = 0;
      for (const r of others) sum += amountCents(r.fields[k] ?? '', decimal) ?? 0;
      return totals.has(sum);
    });
    const sums = equal === undefined ? 'no amount column of the rows adds up to its amount' : `its amount equals the sum of column ${equal + 1} over the ${others.length} rows`;
    out.push({ index: rows[at].index, kind: 'summary', reason: `summary record (it alone fills column(s) ${own.map((k) => k + 1).join(', ')} and leaves ${leftEmpty} of the ${rowColumns.length} columns every row fills empty; ${sums})` });
  }
  return out;
}

/** The physical lines a record spans (a quoted field may hold line breaks). */
export function recordSpan(text: string, r: RecordPos): number {
  let n = 0;
  for (let i = r.start; i < r.end; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) n++;
    else if (ch === 13 && text.charCodeAt(i + 1) !== 10) n++;
  }
  return Math.max(1, n);
}

/** The report lines as skipped lines (listed in Read options, mapped around by source-lines.ts). */
export function reportSkipped(text: string, body: RecordPos[], lines: ReportLine[]): SkippedLine[] {
  return lines.map((l) => {
    const r = body[l.index];
    const span = recordSpan(text, r);
    const reason = l.mismatch
      ? `${l.reason}; does NOT equal the sum of the ${l.mismatch.rows} row(s) above it (column ${l.mismatch.column + 1}: ${l.mismatch.stated.toFixed(2)} stated, ${l.mismatch.summed.toFixed(2)} summed)`
      : l.kind === 'subtotal'
        ? `${l.reason}; equals the sum of its rows`
        : l.reason;
    return { where: 'inside' as const, line: r.line, text: previewRecord(r), reason, ...(span > 1 ? { span } : {}) };
  });
}

/**
 * A report whose rows leave the first column empty and whose section headings (one filled cell, the
 * first) name them — Xero's Aged Receivables Detail puts the contact only in the heading above its
 * invoices: the heading is each row's value of that column (as loaded, and as Read options previews it). Only when no kept row fills the first
 * column, and only for rows under a heading (before the next heading or subtotal).
 */
export function headingFills(interior: RecordPos[], report: ReportLine[], dropped: Set<RecordPos>, quoted: boolean, delimiter: string): Map<RecordPos, string> {
  const out = new Map<RecordPos, string>();
  const headings = new Set(report.filter((l) => l.kind === 'heading').map((l) => interior[l.index]));
  if (headings.size === 0) return out;
  const rows = interior.filter((r) => !dropped.has(r) && r.fields.some((f) => f.trim() !== ''));
  if (rows.length === 0 || rows.some((r) => (r.fields[0] ?? '').trim() !== '')) return out;
  let current: string | null = null;
  for (const r of interior) {
    if (headings.has(r)) {
      const cells = r.fields.map((f) => f.trim());
      current = cells[0] !== '' && cells.slice(1).every((f) => f === '') ? cells[0] : null;
      // Unquoted text cannot hold the delimiter.
      if (current !== null && !quoted && current.includes(delimiter)) current = null;
    } else if (dropped.has(r)) current = null;
    else if (current !== null && r.fields.some((f) => f.trim() !== '')) out.set(r, current);
  }
  return out;
}
