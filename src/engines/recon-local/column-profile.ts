/**
 * What the local engines know about one column: its physical kind (from the
 * declared type, corrected by sample values when the type is a generic string),
 * the class its name signals, and normalised sample values for overlap checks.
 */
import type { ColumnInfo, SampleRows } from '../../shared/reconcile/recipe';
import { canonicalTokens, classFromTokens, classOfCanonical, foldText, type ColumnClass } from './column-vocabulary';

export type ValueKind = 'date' | 'number' | 'text' | 'boolean';

export interface ColumnProfile {
  name: string;
  dataType: string;
  kind: ValueKind;
  tokens: string[];
  nameClass: ColumnClass;
  /** Folded name without separators, for exact and fuzzy name comparison. */
  compactName: string;
  /** Non-empty sample values as folded strings. */
  texts: string[];
  /** Numeric sample values (numbers or numeric strings). */
  numbers: number[];
  /** Sample dates as epoch days. */
  days: number[];
  distinctRatio: number;
}

const DATE_TYPES = /date|time/i;
const NUMBER_TYPES = /int|dec|num|float|double|real|money|currency_amount/i;
const BOOL_TYPES = /bool/i;

export function kindOfType(dataType: string): ValueKind | null {
  if (DATE_TYPES.test(dataType)) return 'date';
  if (BOOL_TYPES.test(dataType)) return 'boolean';
  if (NUMBER_TYPES.test(dataType)) return 'number';
  if (/char|text|string|utf8/i.test(dataType)) return 'text';
  return null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DMY_DATE = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/;

/** Epoch day of a date-like value, or null. */
export function toEpochDay(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const s = value.trim();
  let y: number, m: number, d: number;
  const iso = ISO_DATE.exec(s);
  if (iso) {
    [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else {
    const dmy = DMY_DATE.exec(s);
    if (!dmy) return null;
    [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
    if (d <= 12 && m > 12) [d, m] = [m, d];
  }
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  return Math.floor(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** A number from a cell: numbers as-is, numeric strings in "1,234.56" or "1.234,56" form. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  let s = value.trim().replace(/[\s€$£¥]/g, '');
  if (!/^[-+(]?\d[\d.,]*\)?$/.test(s)) return null;
  const negative = s.startsWith('-') || s.startsWith('(');
  s = s.replace(/[-+()]/g, '');
  if (/,\d{1,2}$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else s = s.replace(/,/g, '');
  const n = Number(s);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

/**
 * The class a name signals, restricted to what the column's kind can hold: a
 * numeric "Amount in local cur." is an amount, a text "Buchungstext" is text.
 */
function classForKind(cls: ColumnClass, kind: ValueKind, tokens: string[]): ColumnClass {
  if (kind === 'date') return 'date';
  const allowed: ColumnClass[] = kind === 'number' ? ['amount', 'quantity', 'key', 'account'] : ['key', 'party', 'text', 'currency', 'status', 'account', 'amount', 'quantity'];
  if (allowed.includes(cls) || cls === 'other') return cls;
  const kept = tokens.filter((t) => {
    const c = classOfCanonical(t);
    return c === null || allowed.includes(c);
  });
  return classFromTokens(kept);
}

export function profileColumn(column: ColumnInfo, sample: SampleRows | undefined): ColumnProfile {
  const raw = (sample ?? []).map((row) => row[column.name]).filter((v) => v !== null && v !== undefined && v !== '');
  const texts = raw.map((v) => foldText(String(v)).trim());
  const numbers = raw.map(toNumber).filter((n): n is number => n !== null);
  const days = raw.map(toEpochDay).filter((d): d is number => d !== null);
  let kind = kindOfType(column.data_type);
  // Generic string columns often hold dates or numbers in CSV exports.
  if (kind === null || kind === 'text') {
    if (raw.length > 0 && days.length === raw.length) kind = 'date';
    else if (kind === null && raw.length > 0 && numbers.length === raw.length) kind = 'number';
    else kind = kind ?? 'text';
  }
  const tokens = canonicalTokens(column.name);
  const nameClass = classFromTokens(tokens);
  // Without samples, a string column named like a date or an amount ("posting_date varchar",
  // "amount varchar" from untyped CSV readers) is taken at its word. A column the sample rows all
  // leave empty is not (an Amazon settlement's deposit-date, filled only on its summary record):
  // mapped as the date, a rule would compare nothing.
  const unsampled = (sample ?? []).length === 0;
  if (unsampled && kind === 'text' && nameClass === 'date') kind = 'date';
  if (unsampled && kind === 'text' && nameClass === 'amount') kind = 'number';
  return {
    name: column.name,
    dataType: column.data_type,
    kind,
    tokens,
    nameClass: classForKind(nameClass, kind, tokens),
    // Letters of every script: Japanese, Greek or Cyrillic headings folded to '' were all "the same name".
    compactName: foldText(column.name).replace(/[^\p{L}\p{N}]/gu, ''),
    texts,
    numbers,
    days,
    distinctRatio: texts.length === 0 ? 1 : new Set(texts).size / texts.length,
  };
}
