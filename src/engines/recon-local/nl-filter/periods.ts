/**
 * Calendar periods named in filter sentences, resolved against `today` so the
 * result is deterministic: "last month", "Q3 2025", "in the last 30 days",
 * "since March", "3 March 2025", "yesterday", "letzten Monat", ...
 * A month or quarter without a year is its latest occurrence not after today.
 */
import type { Token } from './tokens';

export interface Period {
  start: string;
  end: string;
  /** "in the last 30 days" style: ends today, so "before"/"after" make little sense. */
  rolling?: boolean;
}

export class CalendarDate {
  constructor(readonly y: number, readonly m: number, readonly d: number) {}

  static parse(iso: string): CalendarDate {
    const [y, m, d] = iso.split('-').map(Number);
    return new CalendarDate(y, m, d);
  }
  private static fromUtc(t: Date): CalendarDate {
    return new CalendarDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
  }
  toUtc(): Date {
    return new Date(Date.UTC(this.y, this.m - 1, this.d));
  }
  iso(): string {
    return `${String(this.y).padStart(4, '0')}-${String(this.m).padStart(2, '0')}-${String(this.d).padStart(2, '0')}`;
  }
  addDays(n: number): CalendarDate {
    return CalendarDate.fromUtc(new Date(this.toUtc().getTime() + n * 86_400_000));
  }
  /** Same day n months away, clamped to the month's last day. */
  addMonths(n: number): CalendarDate {
    const total = this.y * 12 + (this.m - 1) + n;
    const y = Math.floor(total / 12);
    const m = (total % 12) + 1;
    return new CalendarDate(y, m, Math.min(this.d, daysInMonth(y, m)));
  }
  /** 0 = Monday … 6 = Sunday. */
  weekday(): number {
    return (this.toUtc().getUTCDay() + 6) % 7;
  }
}

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function monthPeriod(y: number, m: number): Period {
  return { start: new CalendarDate(y, m, 1).iso(), end: new CalendarDate(y, m, daysInMonth(y, m)).iso() };
}
function rangeOfMonths(y: number, firstMonth: number, count: number): Period {
  const last = firstMonth + count - 1;
  return { start: new CalendarDate(y, firstMonth, 1).iso(), end: new CalendarDate(y, last, daysInMonth(y, last)).iso() };
}
function day(d: CalendarDate): Period {
  return { start: d.iso(), end: d.iso() };
}

export const MONTHS: Record<string, number> = {};
const MONTH_NAMES: string[][] = [
  ['january', 'jan', 'januar', 'janvier', 'enero', 'januari', 'jaenner'],
  ['february', 'feb', 'februar', 'fevrier', 'febrero', 'februari'],
  ['march', 'mar', 'maerz', 'marz', 'mars', 'marzo', 'maart'],
  ['april', 'apr', 'avril', 'abril'],
  ['may', 'mai', 'mayo', 'mei'],
  ['june', 'jun', 'juni', 'juin', 'junio'],
  ['july', 'jul', 'juli', 'juillet', 'julio'],
  ['august', 'aug', 'aout', 'agosto', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre'],
  ['october', 'oct', 'oktober', 'octobre', 'octubre'],
  ['november', 'nov', 'novembre', 'noviembre'],
  ['december', 'dec', 'dezember', 'decembre', 'diciembre', 'dez'],
];
MONTH_NAMES.forEach((names, idx) => names.forEach((n) => (MONTHS[n] = idx + 1)));

const WEEKDAYS: Record<string, number> = {
  monday: 0, mon: 0, montag: 0, tuesday: 1, tue: 1, dienstag: 1, wednesday: 2, wed: 2, mittwoch: 2,
  thursday: 3, thu: 3, donnerstag: 3, friday: 4, fri: 4, freitag: 4, saturday: 5, sat: 5, samstag: 5, sunday: 6, sun: 6, sonntag: 6,
};

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';
const UNITS: Record<string, Unit> = {
  day: 'day', days: 'day', tag: 'day', tage: 'day', tagen: 'day', jours: 'day', dias: 'day',
  week: 'week', weeks: 'week', woche: 'week', wochen: 'week',
  month: 'month', months: 'month', monat: 'month', monate: 'month', monaten: 'month', mois: 'month', mes: 'month', meses: 'month',
  quarter: 'quarter', quarters: 'quarter', quartal: 'quarter',
  year: 'year', years: 'year', jahr: 'year', jahre: 'year', jahren: 'year',
};
const LAST_WORDS = new Set(['last', 'previous', 'prior', 'past', 'letzten', 'letzter', 'letztes', 'letzte', 'vorigen', 'vergangenen', 'dernier', 'derniers']);
const THIS_WORDS = new Set(['this', 'current', 'diesen', 'dieser', 'dieses', 'diese', 'aktuellen', 'ce', 'cette']);

/** The year a token names ("2025"), or null. */
export function yearOf(t: Token | undefined): number | null {
  return t?.kind === 'number' && !t.hasUnit && Number.isInteger(t.value) && t.value >= 1900 && t.value <= 2100 && /^\d{4}$/.test(t.raw) ? t.value : null;
}

function wordAt(tokens: Token[], i: number): string | null {
  const t = tokens[i];
  return t?.kind === 'word' && !t.quoted ? t.lower : null;
}

/** Start of the current calendar unit containing `today`. */
function unitPeriod(today: CalendarDate, unit: Unit, offset: number): Period {
  switch (unit) {
    case 'day':
      return day(today.addDays(offset));
    case 'week': {
      const monday = today.addDays(-today.weekday() + 7 * offset);
      return { start: monday.iso(), end: monday.addDays(6).iso() };
    }
    case 'month': {
      const first = new CalendarDate(today.y, today.m, 1).addMonths(offset);
      return monthPeriod(first.y, first.m);
    }
    case 'quarter': {
      const q0 = new CalendarDate(today.y, Math.floor((today.m - 1) / 3) * 3 + 1, 1).addMonths(3 * offset);
      return rangeOfMonths(q0.y, q0.m, 3);
    }
    case 'year':
      return rangeOfMonths(today.y + offset, 1, 12);
  }
}

function rollingBack(today: CalendarDate, n: number, unit: Unit): Period {
  const start =
    unit === 'day' ? today.addDays(-n) : unit === 'week' ? today.addDays(-7 * n) : unit === 'month' ? today.addMonths(-n) : unit === 'quarter' ? today.addMonths(-3 * n) : today.addMonths(-12 * n);
  return { start: start.iso(), end: today.iso(), rolling: true };
}

/** Latest year in which a period starting in month `m` has begun by `today`. */
function latestYearFor(today: CalendarDate, m: number): number {
  return m <= today.m ? today.y : today.y - 1;
}

export interface PeriodMatch {
  period: Period;
  next: number;
}

/**
 * Parse a period at tokens[i]. Returns the period and the index after it, or null.
 * `allowBareYear` lets "2025" alone mean the year (after "in", "since", ...).
 */
export function parsePeriod(tokens: Token[], i: number, todayIso: string, allowBareYear = true): PeriodMatch | null {
  const today = CalendarDate.parse(todayIso);
  const t = tokens[i];
  if (!t) return null;
  const w = wordAt(tokens, i);

  if (t.kind === 'date') {
    return { period: { start: t.iso, end: t.iso }, next: i + 1 };
  }
  if (w === 'today' || w === 'heute' || w === 'aujourd' || w === 'hoy') return { period: day(today), next: i + 1 };
  if (w === 'yesterday' || w === 'gestern' || w === 'hier' || w === 'ayer') return { period: day(today.addDays(-1)), next: i + 1 };
  if (w === 'ytd' || (w === 'year' && wordAt(tokens, i + 1) === 'to' && wordAt(tokens, i + 2) === 'date')) {
    return { period: { start: new CalendarDate(today.y, 1, 1).iso(), end: today.iso() }, next: w === 'ytd' ? i + 1 : i + 3 };
  }
  if (w === 'mtd' || (w === 'month' && wordAt(tokens, i + 1) === 'to' && wordAt(tokens, i + 2) === 'date')) {
    return { period: { start: new CalendarDate(today.y, today.m, 1).iso(), end: today.iso() }, next: w === 'mtd' ? i + 1 : i + 3 };
  }

  // last/this/next <unit>, last N <units>
  if (w && (LAST_WORDS.has(w) || THIS_WORDS.has(w) || w === 'next')) {
    const unit = UNITS[wordAt(tokens, i + 1) ?? ''];
    if (unit) {
      const offset = LAST_WORDS.has(w) ? -1 : THIS_WORDS.has(w) ? 0 : 1;
      return { period: unitPeriod(today, unit, offset), next: i + 2 };
    }
    const count = tokens[i + 1];
    const countUnit = UNITS[wordAt(tokens, i + 2) ?? ''];
    if (LAST_WORDS.has(w) && count?.kind === 'number' && !count.hasUnit && Number.isInteger(count.value) && countUnit) {
      return { period: rollingBack(today, count.value, countUnit), next: i + 3 };
    }
  }

  // Q3 2025, H1 2025 (year optional)
  const qm = w ? /^(q|h)([1-4])$/.exec(w) : null;
  if (qm && (qm[1] === 'q' || Number(qm[2]) <= 2)) {
    const months = qm[1] === 'q' ? 3 : 6;
    const firstMonth = (Number(qm[2]) - 1) * months + 1;
    const year = yearOf(tokens[i + 1]);
    if (year !== null) return { period: rangeOfMonths(year, firstMonth, months), next: i + 2 };
    return { period: rangeOfMonths(latestYearFor(today, firstMonth), firstMonth, months), next: i + 1 };
  }

  if (w && MONTHS[w]) return monthFirst(tokens, i, today, MONTHS[w]);
  const dayFirst = t.kind === 'number' ? dayThenMonth(tokens, i, today, t) : null;
  if (dayFirst) return dayFirst;

  // Weekday: the latest such day not after today.
  if (w && WEEKDAYS[w] !== undefined) {
    const back = (today.weekday() - WEEKDAYS[w] + 7) % 7;
    return { period: day(today.addDays(-back)), next: i + 1 };
  }

  const bareYear = yearOf(t);
  if (allowBareYear && bareYear !== null) return { period: rangeOfMonths(bareYear, 1, 12), next: i + 1 };
  return null;
}


/** "Nov 5, 2025" / "November 2025" / "March": tokens[i] names month m. */
function monthFirst(tokens: Token[], i: number, today: CalendarDate, m: number): PeriodMatch {
  const dTok = tokens[i + 1];
  if (dTok?.kind === 'number' && !dTok.hasUnit && Number.isInteger(dTok.value) && dTok.value >= 1 && dTok.value <= 31 && yearOf(dTok) === null) {
    let k = i + 2;
    if (tokens[k]?.kind === 'punct' && (tokens[k] as { text: string }).text === ',') k++;
    const explicitYear = yearOf(tokens[k]);
    const y = explicitYear ?? latestYearFor(today, m);
    if (dTok.value <= daysInMonth(y, m)) return { period: day(new CalendarDate(y, m, dTok.value)), next: explicitYear !== null ? k + 1 : i + 2 };
  }
  const monthYear = yearOf(tokens[i + 1]);
  if (monthYear !== null) return { period: monthPeriod(monthYear, m), next: i + 2 };
  return { period: monthPeriod(latestYearFor(today, m), m), next: i + 1 };
}

/** "3 March 2025", "1 Oct", "5th of May": the number t at tokens[i] is a day of the month that follows. */
function dayThenMonth(tokens: Token[], i: number, today: CalendarDate, t: Extract<Token, { kind: 'number' }>): PeriodMatch | null {
  if (t.hasUnit || !Number.isInteger(t.value) || t.value < 1 || t.value > 31) return null;
  let k = i + 1;
  if (wordAt(tokens, k) === 'of') k++;
  const mw = wordAt(tokens, k);
  if (!mw || !MONTHS[mw]) return null;
  const m = MONTHS[mw];
  const explicitYear = yearOf(tokens[k + 1]);
  const y = explicitYear ?? latestYearFor(today, m);
  if (t.value > daysInMonth(y, m)) return null;
  return { period: day(new CalendarDate(y, m, t.value)), next: explicitYear !== null ? k + 2 : k + 1 };
}

/** The date N units before today (for "older than 30 days"). */
export function daysAgo(todayIso: string, n: number, unit: string): string | null {
  const u = UNITS[unit];
  if (!u) return null;
  return rollingBack(CalendarDate.parse(todayIso), n, u).start;
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}
