/**
 * The formats a column can be re-typed with, offered as choices (not free text: "de" or
 * "dd.mm.yyyy" typed by hand used to be read silently as something else). One list for the UI and
 * for the check in main.
 */
/** The date format the engine reads itself: the month as a word (typing.ts, kalla_named_date). */
export const NAMED_DATE_FORMAT = 'name';

export const DATE_FORMATS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'iso', label: '2026-12-31 (ISO)' },
  { value: '%d.%m.%Y', label: '31.12.2026' },
  { value: '%d.%m.%y', label: '31.12.26' },
  { value: '%d/%m/%Y', label: '31/12/2026 (day first)' },
  { value: '%m/%d/%Y', label: '12/31/2026 (month first)' },
  { value: '%d/%m/%y', label: '31/12/26 (day first)' },
  { value: '%m/%d/%y', label: '12/31/26 (month first)' },
  { value: '%d-%m-%Y', label: '31-12-2026' },
  { value: '%Y/%m/%d', label: '2026/12/31' },
  { value: '%Y.%m.%d', label: '2026.12.31' },
  { value: '%Y%m%d', label: '20261231' },
  { value: '%d %b %Y', label: '31 Dec 2026' },
  // Read by the engine itself (typing.ts, kalla_named_date), in eight languages and either order.
  { value: NAMED_DATE_FORMAT, label: '31-Dec-2026, 1. Okt. 2026, Dec 31, 2026 (month as a word)' },
];

export const NUMBER_FORMATS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'us', label: '1,234.56 (decimal point)' },
  { value: 'eu', label: '1.234,56 (decimal comma)' },
];

/**
 * Why `format` cannot be used for a column of `type`, or null when it can. Dates take a listed
 * format or any strptime pattern (recipes and the CLI may name others); numbers us/eu or a sample.
 */
export function formatProblem(type: string, format: string | undefined): string | null {
  if (!format) return null;
  if (type === 'date' || type === 'timestamp') {
    if (DATE_FORMATS.some((f) => f.value === format) || /%[dmyYbBHMSjI]/.test(format)) return null;
    return `“${format}” is not a date format; choose one of ${DATE_FORMATS.map((f) => f.label).join(', ')}`;
  }
  if (type === 'number') {
    if (['us', 'eu', '1,234.56', '1.234,56'].includes(format)) return null;
    return `“${format}” is not a number format; choose 1,234.56 (decimal point) or 1.234,56 (decimal comma)`;
  }
  return `a ${type} column has no format`;
}
