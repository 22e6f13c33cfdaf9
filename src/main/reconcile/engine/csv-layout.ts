/**
 * Detects the delimiter and the header row from a decoded text sample, and
 * derives deterministic column names. Done here rather than by DuckDB's
 * sniffer because the sniffer gives up on ragged files (it then picks a
 * delimiter that yields one column), and we want a precise ragged-row error.
 */
import type { Notice } from '../../../shared/reconcile/sources-and-runs';
import { looksLikeValue, modalWidth, scanRecords, valueKind } from './read-layout';

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter whose records most consistently have one width ≥ 2, counted from the first record
 * of that width or the line of names just above it (a preamble above the table does not count against it); shares within 5 % are
 * equal and the wider table wins (a `;` file with decimal commas also splits on `,`, but narrower),
 * then the one whose table starts earlier.
 */
export function detectDelimiter(text: string, complete: boolean, quoted = true): string {
  let best: { delimiter: string; score: number } = { delimiter: ',', score: -1 };
  for (const delimiter of DELIMITERS) {
    const records = scanRecords(text, delimiter, 200, complete, quoted).filter((r) => r.fields.some((f) => f.trim() !== ''));
    if (records.length === 0) continue;
    const width = modalWidth(records);
    if (width < 2) continue;
    let from = records.findIndex((r) => r.fields.length === width);
    // A narrower line of names right above the table is its header read with the wrong delimiter
    // (a `;` header has no `,`, while data rows with one decimal comma split in two): it counts.
    // Not when the table already starts with a full line of names: that is its header, and the line
    // above is a preamble ("Kontoinhaber;Muster GmbH"; counting it made a 3-row `;` export lose to `,`).
    const names = (fields: string[]) => fields.every((f) => f.trim() !== '' && !looksLikeValue(f) && !/["\r\n]/.test(f));
    if (from > 0 && !records[from - 1].fields.some(looksLikeValue) && !names(records[from].fields)) from--;
    const rest = records.slice(from);
    // A record whose quotes close mid-field was split with the wrong delimiter: it does not conform
    // (a ";" file of quoted fields with decimal commas splits into two fields on ",", as its footer does).
    const share = rest.filter((r) => r.fields.length === width && !r.strayQuote).length / rest.length;
    // Ties: the delimiter whose table starts earlier (a "1,50" in a ";" file splits data rows on "," too, but not its header).
    // A table that starts with a row of names above rows of values is what an export looks like;
    // the wrong delimiter's table usually starts on a data row (worth a 15 % share difference).
    // The names must fill the table: a two-column `;` file with decimal commas splits every data row
    // in two on `,` as well, under a one-field "header" (`Açıklama;Tutar` read with `,`).
    const headed = rest.length > 1 && rest[0].fields.length === width && !rest[0].fields.some(looksLikeValue) && rest.slice(1, 20).some((r) => r.fields.some(looksLikeValue));
    const score = Math.round(share * 20) * 1000 + (headed ? 3000 : 0) + width * 20 - Math.min(from, 19);
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** A first row is a header when none of its fields looks like a number/date and at least one is non-blank. */
export function detectHeader(records: string[][]): boolean {
  if (records.length === 0) return false;
  const first = records[0];
  if (!first.some((f) => f.trim() !== '')) return false;
  return !first.some((f) => f.trim() !== '' && looksLikeValue(f));
}

/**
 * Whether a first row that is not a header is data like the rows below it, so the file can be read
 * without a header at once (bank exports that have none): at least 5 rows of one width, every
 * column whose values are of one kind (a date, a number; ≥ 90 % of the filled cells below the first
 * row) has that kind in the first row too, and one such column is a date or a number. Returns the
 * kinds per column in words ("date, number, text, number"), or null. Two or three rows are too few
 * to tell a headerless file from a header the user forgot: those still ask.
 */
export function firstRowIsData(records: string[][]): string | null {
  if (records.length < 5) return null;
  const width = records[0].length;
  if (width < 2 || records.some((r) => r.length !== width)) return null;
  const kindOf = (f: string) => (f.trim() === '' ? '' : (valueKind(f) ?? 'text'));
  const kinds: string[] = [];
  let valueColumns = 0;
  for (let k = 0; k < width; k++) {
    const below = records.slice(1).map((r) => kindOf(r[k])).filter((x) => x !== '');
    const counts = new Map<string, number>();
    for (const x of below) counts.set(x, (counts.get(x) ?? 0) + 1);
    const [kind, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const first = kindOf(records[0][k]);
    if (kind === '' || n < 0.9 * below.length) {
      kinds.push('mixed');
      continue;
    }
    if (first !== '' && first !== kind) return null;
    if (first === '' && below.length === records.length - 1) return null;
    if (kind !== 'text' && first !== '') valueColumns++;
    kinds.push(kind);
  }
  return valueColumns > 0 ? kinds.join(', ') : null;
}

/** Blank names become column_<n>, repeated names get _2, _3… (1-based, deterministic). */
export function deriveColumnNames(header: string[] | null, width: number): { names: string[]; notices: Notice[] } {
  const notices: Notice[] = [];
  const names: string[] = [];
  // The engine's own columns are reserved; a header using them is renamed like a duplicate.
  const taken = new Set<string>(['__row_id', '__row_hash']);
  // The next suffix to try per repeated name: a header of 150,000 equal names (one line of "x,x,…")
  // counted up from 2 for each of them, 10^10 steps, and the load never ended.
  const nextSuffix = new Map<string, number>();
  for (let i = 0; i < width; i++) {
    const original = header ? (header[i] ?? '').trim() : '';
    let name = original === '' ? `column_${i + 1}` : original;
    if (header && original === '') notices.push({ code: 'renamed_column', column: name, message: `column ${i + 1} has a blank name; named it ${name}` });
    if (taken.has(name.toLowerCase())) {
      let n = nextSuffix.get(name.toLowerCase()) ?? 2;
      while (taken.has(`${name}_${n}`.toLowerCase())) n++;
      nextSuffix.set(name.toLowerCase(), n + 1);
      const renamed = `${name}_${n}`;
      notices.push({ code: 'renamed_column', column: renamed, message: `column ${i + 1} repeats the name "${name}"; named it ${renamed}` });
      name = renamed;
    }
    taken.add(name.toLowerCase());
    names.push(name);
  }
  return { names, notices };
}
