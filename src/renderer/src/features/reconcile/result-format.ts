import type { GroupPageItem, RecordPageItem, RunSummary } from '../../../../shared/reconcile/sources-and-runs';
import { displayLocale } from '../../stores/display';
import { runCounts } from '../../../../shared/reconcile/run-counts';

export type TabId = 'matched' | 'suggested' | 'exceptions' | 'unmatched_left' | 'unmatched_right';
export type ResultItem = GroupPageItem | RecordPageItem;

/** The columns that say what a row is, per side: the review shows them for every member of a group. */
export interface SideFields {
  reference?: string | undefined;
  date?: string | undefined;
  text?: string | undefined;
  amount?: string | undefined;
}

export function fmtAmount(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  return n.toLocaleString(displayLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** DuckDB decimals arrive as "1353.250000": shown as 1,353.25. */
export function cell(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : fmtAmount(v);
  if (typeof v === 'string' && /^-?\d+\.\d{3,}$/.test(v)) return fmtAmount(Number(v));
  return String(v);
}

export function tabCounts(s: RunSummary): Record<TabId, number> {
  const { match_rate: _rate, ...counts } = runCounts(s);
  return counts;
}

/** A value read as a plain number: numbers as they are, text such as "1353.250000" parsed. */
export function numberOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/** A row's amount in the mapped amount column. */
export function amountOf(r: RecordPageItem, column: string | undefined): number | null {
  return column ? numberOf(r.row[column]) : null;
}

/**
 * Reference, date, text and amount columns of a side: the mapped ones (by role), else the first
 * columns that look like each (a date-like value, a number, the rest as text).
 */
export function resolveFields(columns: string[], given: SideFields | undefined, sample: Record<string, unknown> | undefined): Required<Pick<SideFields, 'reference'>> & SideFields {
  const used = new Set(Object.values(given ?? {}).filter(Boolean));
  const free = columns.filter((c) => !used.has(c));
  const looks = (c: string, kind: 'date' | 'number' | 'text') => {
    const v = sample?.[c];
    if (kind === 'date') return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v);
    if (kind === 'number') return numberOf(v) !== null && !(typeof v === 'string' && /^\d{4}-/.test(v));
    return typeof v === 'string' && numberOf(v) === null && !/^\d{4}-\d{2}-\d{2}/.test(v);
  };
  const pick = (kind: 'date' | 'number' | 'text') => {
    const c = free.find((x) => looks(x, kind));
    if (c) free.splice(free.indexOf(c), 1);
    return c;
  };
  const reference = given?.reference ?? pick('text') ?? columns[0] ?? '';
  return {
    reference,
    date: given?.date ?? pick('date'),
    amount: given?.amount ?? pick('number'),
    text: given?.text ?? pick('text'),
  };
}

export function emptyText(tab: TabId): string {
  switch (tab) {
    case 'matched':
      return 'Nothing matched yet. Check the rules: a key column or an amount + date rule usually finds most pairs.';
    case 'suggested':
      return 'No suggestions left to review.';
    case 'exceptions':
      return 'No exceptions on this side: no near misses.';
    default:
      return 'Every row on this side is matched.';
  }
}
