/**
 * Type detection for finance exports, done in one SQL aggregate over the raw
 * VARCHAR columns, and the typed expressions (try_cast / try_strptime) that
 * turn a raw table into a typed view. Nothing here reads rows into JavaScript.
 */
import { addDirectionIndicator, indicatorExpression } from './direction-indicator';
import { addDebitCredit, sideBySideExpression } from './debit-credit';
import { NAMED_DATE_FORMAT } from '../../../shared/column-formats';
import type { ColumnType } from '../../../shared/reconcile/recipe';
import type { ColumnTyping, Notice } from '../../../shared/reconcile/sources-and-runs';
import type { Db } from './db';
import { NAMED_DATE_SHAPE } from './macros';
import { ident, lit } from './sql';
import { findLabelledNames, findWrappedText, labelledName, unwrappedText } from './text-columns';

export interface ColumnOverride {
  type: ColumnType;
  format?: string;
}

const ISO_DATE = String.raw`\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?Z?`;
/** An optional time after a date: " 10:15", " 10:15:30". */
const TIME_SUFFIX = String.raw`( \d{1,2}:\d{2}(:\d{2})?)?`;
const YMD_SLASH = String.raw`\d{4}/\d{1,2}/\d{1,2}${TIME_SUFFIX}`;
/** yyyy.mm.dd, as Korean, Hungarian and Chinese exports write dates (often with a time); Hungarian ends it with a dot ("2026.10.01."). */
const YMD_DOT = String.raw`\d{4}\.\d{1,2}\.\d{1,2}\.?${TIME_SUFFIX}`;
/**
 * Year-first with a three-digit year: the Republic of China (Minguo) calendar of Taiwanese banks and
 * ERPs, year 1 = 1912 (115/09/03 is 2026-09-03). One separator throughout; a time part is ignored.
 */
const rocWith = (sep: string) => String.raw`(\d{3})${sep}(\d{1,2})${sep}(\d{1,2})${TIME_SUFFIX}`;
/** Detection: the same separator twice. Reading (groups: year, month, day) takes any of them. */
const ROC_SHAPE = ['/', String.raw`\.`, '-'].map(rocWith).join('|');
const ROC_DATE = rocWith('[/.-]');
/** The Minguo year that is 1911 + it in the common era. */
const ROC_OFFSET = 1911;
/** Day/month/year-ish with one separator class; captures the first two parts. */
const PARTS = (sep: string) => String.raw`(\d{1,2})${sep}(\d{1,2})${sep}(\d{4}|\d{2})${TIME_SUFFIX}`;
const SEPARATORS = [
  { key: 'slash', sep: '/', re: PARTS('/') },
  { key: 'dash', sep: '-', re: PARTS('-') },
  { key: 'dot', sep: '.', re: PARTS(String.raw`\.`) },
] as const;
/**
 * The year-first date shapes (yyyy/mm/dd and yyyy.mm.dd) with their separator: counted, named and
 * read the same way, so each is written once here (ISO dates are apart: they read with format 'iso').
 */
const YEAR_FIRST = [
  { key: 'ymd', sep: '/', re: YMD_SLASH },
  { key: 'ymd_dot', sep: '.', re: YMD_DOT },
] as const;
const yearFirstShown = (sep: string) => `yyyy${sep}mm${sep}dd`;
/** yyyymmdd (Dutch bank exports): 8 digits that are a plausible date. */
const COMPACT_DATE = String.raw`(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])`;
const HAS_TIME = String.raw`.*\d{1,2}:\d{2}.*`;
/** Day and month without a year, as KlikBCA writes them ('15/12, the apostrophe of a spreadsheet's text cell). */
const DAY_MONTH = String.raw`\x27?(\d{1,2})/(\d{1,2})`;
const LEADING_ZERO_ID = String.raw`0\d+`;
/**
 * Thirteen digits or more in one run: past any amount this engine reads (999,999,999,999.99), so a
 * column mostly of these holds identifiers (virtual accounts, card numbers, IBAN digits), not money.
 */
const LONG_DIGIT_ID = String.raw`[0-9]{13,}`;
/**
 * "2E03": digits, E, digits, with neither a decimal point nor an exponent sign. Spreadsheets write
 * numbers in scientific notation as 2E+03 or 2.5E+03; this shape is how codes look (batch 2E03,
 * part 7E12). Whether it is a number is decided from the column's other values (see detectOne).
 */
const SCI_ID = String.raw`[0-9]+[eE][0-9]+`;
/**
 * A date whose month is a word (kalla_named_date: 01-SEP-2026, 1-Apr-26, 1. Okt. 2026, Sep 1,
 * 2026) as its yyyy-mm-dd text, NULL when it is no valid date. Read with the format `name`.
 */
const namedDateText = (v: string) => `try_cast(split_part(kalla_named_date(${v}), ' ', 1) AS DATE)`;

/** A value with a decimal part of one or two digits (an amount, not an identifier). */
const DECIMAL_PART = String.raw`-?[0-9][0-9., ]*[.,][0-9]{1,2}`;
/** "1.085": one digit, a dot, three digits — a rate or factor as often as a thousands amount. */
const ONE_DIGIT_DOT3 = String.raw`-?[1-9]\.[0-9]{3}`;
const BOOLEAN_WORDS = `('true','false','yes','no')`;
/** How spreadsheets and exports write "no value" in an amount column (held as empty and listed, never a reason to drop the amount). */
const MISSING_WORDS = `('n/a','#n/a','na','null','none','nan','#value!','#ref!','#div/0!','#num!')`;

/** Detection looks at the first SAMPLE_ROWS rows; the typed table is then verified against every row. */
export const DETECTION_SAMPLE_ROWS = 10_000;

/**
 * Every statistic is written once over the per-row strings v (trimmed), c (cleaned), b (number
 * body), ok (number shape) and <sep>_m (date shape), over the columns' values stacked (one GROUP BY
 * row per column): the statement has the same size whatever the width.
 */
function derivedColumns(raw: string): string[] {
  const v = `nullif(trim(${raw}), '')`;
  return [`${v} AS v`, `kalla_num_clean(${v}) AS c`];
}

function shapeColumns(): string[] {
  return [
    `v`,
    `kalla_num_body(c) AS b`,
    `kalla_num_shape_ok(c) AS ok`,
    // Each number style is tested once per value here; the aggregates below read the flags (they
    // used them ~6 times each, and DuckDB evaluated every occurrence).
    `kalla_num_us(kalla_num_body(c)) AS us_m`,
    `kalla_num_eu(kalla_num_body(c)) AS eu_m`,
    ...SEPARATORS.map((s) => `regexp_full_match(v, '${s.re}') AS ${s.key}_m`),
  ];
}

function outerStats(): string[] {
  const [v, b, shape, us, eu] = ['v', 'b', 'ok', 'us_m', 'eu_m'];
  const parts = [
    `count(${v}) AS n`,
    `count_if(${shape} AND ${us}) AS us`,
    `count_if(${shape} AND ${eu}) AS eu`,
    `count_if(${shape} AND ${us} AND NOT ${eu}) AS us_only`,
    `count_if(${shape} AND ${eu} AND NOT ${us}) AS eu_only`,
    `count_if(${shape} AND ${us} AND ${eu} AND regexp_matches(${b}, '[.,]')) AS amb`,
    // "1.500": thousands in German, one and a half in English; resolved from the column and the file.
    `count_if(${shape} AND ${us} AND ${eu} AND contains(${b}, '.')) AS amb_dot`,
    `count_if(lower(${v}) IN ${MISSING_WORDS}) AS na`,
    `count_if(regexp_full_match(${v}, '${LEADING_ZERO_ID}')) AS lz`,
    `count_if(regexp_full_match(${v}, '${SCI_ID}')) AS sci_id`,
    `count_if(regexp_full_match(${v}, '${DECIMAL_PART}')) AS dec`,
    `count_if(NOT (${shape} AND (${us} OR ${eu})) AND regexp_matches(${v}, '[A-Za-z]{2}') AND regexp_matches(${v}, '[0-9]')) AS code`,
    `count_if(${shape} AND regexp_full_match(${b}, '[0-9.,]*[.,][0-9]{1,2}')) AS cents`,
    `count_if(regexp_full_match(${v}, '${ONE_DIGIT_DOT3}')) AS dot3`,
    `count_if(regexp_full_match(${v}, '${ISO_DATE}')) AS iso`,
    ...YEAR_FIRST.flatMap((y) => [
      `count_if(regexp_full_match(${v}, '${y.re}')) AS ${y.key}`,
      `min(CASE WHEN regexp_full_match(${v}, '${y.re}') THEN try_cast(substr(${v}, 1, 4) AS INTEGER) END) AS ${y.key}_ylo`,
      `max(CASE WHEN regexp_full_match(${v}, '${y.re}') THEN try_cast(substr(${v}, 1, 4) AS INTEGER) END) AS ${y.key}_yhi`,
    ]),
    `count_if(regexp_full_match(${v}, '${ROC_SHAPE}')) AS roc`,
    `min(CASE WHEN regexp_full_match(${v}, '${ROC_SHAPE}') THEN try_cast(substr(${v}, 1, 3) AS INTEGER) END) AS roc_ylo`,
    `max(CASE WHEN regexp_full_match(${v}, '${ROC_SHAPE}') THEN try_cast(substr(${v}, 1, 3) AS INTEGER) END) AS roc_yhi`,
    `count_if(regexp_full_match(${v}, '${LONG_DIGIT_ID}')) AS long_id`,
    `count_if(regexp_full_match(${v}, '${DAY_MONTH}')) AS dm`,
    `max(try_cast(regexp_extract(${v}, '^${DAY_MONTH}$', 1) AS INTEGER)) AS dm_p1`,
    `max(try_cast(regexp_extract(${v}, '^${DAY_MONTH}$', 2) AS INTEGER)) AS dm_p2`,
    `count_if(regexp_full_match(${v}, '${COMPACT_DATE}')) AS ymd8`,
    `count_if(regexp_full_match(${v}, '${HAS_TIME}')) AS time`,
    `count_if(lower(${v}) IN ${BOOLEAN_WORDS}) AS bool`,
    // Values on several lines: only those columns are looked at for a wrap (text-columns.ts).
    `count_if(contains(${v}, chr(10))) AS ml`,
    `count_if(regexp_full_match(strip_accents(lower(${v})), '${NAMED_DATE_SHAPE}')) AS mname`,
  ];
  for (const s of SEPARATORS) parts.push(`count_if(${s.key}_m) AS ${s.key}`, ...datePartStats(v, s.sep, s.key));
  return parts;
}

/**
 * Largest first/second part and year length among values shaped like d?m?y with this separator
 * (only read when every value has that shape). Computed for matching values only: splitting
 * every value of every column was 70 % of the detection aggregate.
 */
function datePartStats(v: string, sep: string, key: string): string[] {
  const part = (n: number) => `split_part(split_part(${v}, ' ', 1), '${sep}', ${n})`;
  const when = (expr: string) => `max(CASE WHEN ${key}_m THEN ${expr} END)`;
  return [
    `${when(`try_cast(${part(1)} AS INTEGER)`)} AS ${key}_p1`,
    `${when(`try_cast(${part(2)} AS INTEGER)`)} AS ${key}_p2`,
    `${when(`length(${part(3)})`)} AS ${key}_y`,
    `min(CASE WHEN ${key}_m THEN try_cast(${part(3)} AS INTEGER) END) AS ${key}_ylo`,
    `${when(`try_cast(${part(3)} AS INTEGER)`)} AS ${key}_yhi`,
  ];
}

type Stats = Record<string, string | number | null>;

/**
 * The statistics of every column, keyed `<stat>_<column index>`, from the first `limit` rows.
 * Always stacked (UNPIVOT, one GROUP BY row per column): side by side, ~60 aggregates per column
 * made a statement DuckDB took longer to plan than to run (8 rows × 4 columns: 89 ms side by side,
 * 33 ms stacked; 10,000 × 4: 248 → 139 ms; 10,000 × 32: 2,456 → 610 ms; the same statistics), and
 * 5,000 columns side by side took 175 s and 4 GB (issue 13, item 12). The derived strings go into
 * TEMP tables first: DuckDB would otherwise re-evaluate the cleaning regexes inside every aggregate.
 */
export async function readStats(db: Db, table: string, columns: string[], limit: number | null): Promise<Stats> {
  const from = `${ident(table)}${limit ? ` LIMIT ${limit}` : ''}`;
  try {
    // Columns renamed to their index: names may repeat case-insensitively or be awkward in UNPIVOT.
    const renamed = columns.map((c, i) => `${ident(c)}::VARCHAR AS "${i}"`).join(', ');
    await db.exec(
      `CREATE OR REPLACE TEMP TABLE kalla_detect_1 AS SELECT CAST(k AS INTEGER) AS k, ${derivedColumns('val').join(', ')}
       FROM (UNPIVOT (SELECT ${renamed} FROM ${from}) ON COLUMNS(*) INTO NAME k VALUE val)`,
    );
    await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_detect AS SELECT k, ${shapeColumns().join(', ')} FROM kalla_detect_1`);
    const rows = await db.all<Stats>(`SELECT k, ${outerStats().join(',\n  ')} FROM kalla_detect GROUP BY k`);
    const stats: Stats = {};
    for (const row of rows) {
      const i = Number(row.k);
      for (const [key, value] of Object.entries(row)) if (key !== 'k') stats[`${key}_${i}`] = value;
    }
    return stats;
  } finally {
    await db.exec('DROP TABLE IF EXISTS temp.kalla_detect_1; DROP TABLE IF EXISTS temp.kalla_detect');
  }
}

function dateFormats(format: string): string[] {
  // A year-first date with dots may end with one ("2026.10.01.", Hungarian).
  const forms = format === '%Y.%m.%d' ? [format, `${format}.`] : [format];
  return forms.flatMap((f) => [`${f} %H:%M:%S`, `${f} %H:%M`, f]);
}

export interface Detection {
  typings: ColumnTyping[];
  notices: Notice[];
  /** The decimal separator ambiguous amounts ("1,500") were read with, and why. */
  decimal?: { separator: ',' | '.'; reason: string };
}

/** What the rest of the file says about its locale, beyond one column's values. */
export interface FileHints {
  delimiter?: string;
  /** Chosen by the user: wins over every signal. */
  decimal?: ',' | '.';
  /** The lines above the table (a statement's preamble: "Periode : 15/12/2026 - 29/01/2027"): the year of day/month dates. */
  above?: string;
}

/**
 * A column whose values nearly all read as one type is that type: the few that do not are listed
 * as exceptions (held as empty, counted) instead of turning the whole column into text and
 * silently removing it from amount or date checks. One value in twenty may be off.
 */
const MOSTLY = 0.95;
const mostly = (count: number, total: number) => total > 0 && count >= Math.ceil(total * MOSTLY);

export async function detectTypes(
  db: Db,
  table: string,
  columns: string[],
  overrides: Record<string, ColumnOverride>,
  sampleRows: number | null = DETECTION_SAMPLE_ROWS,
  hints: FileHints = {},
): Promise<Detection> {
  const notices: Notice[] = [];
  if (columns.length === 0) return { typings: [], notices };
  const stats = await readStats(db, table, columns, sampleRows);
  const n = (key: string) => Number(stats[key] ?? 0);

  // First without a file-wide decision, to collect the signals the columns give.
  const first = columns.map((name, i) => detectOne(name, i, n(`n_${i}`), n, [], 'us', false, hints.above));
  const decimal = decideDecimal(columns, first, n, hints);
  const style = decimal.separator === ',' ? 'eu' : 'us';
  const typings = columns.map((name, i): ColumnTyping => {
    const override = overrides[name];
    const total = n(`n_${i}`);
    const thousands = thousandsOnly(i, n, name) && !hints.decimal && !decimal.reason.includes('1,234.56');
    // An overridden column's own detection notices (e.g. ambiguity) no longer apply.
    const detected = detectOne(name, i, total, n, override ? [] : notices, thousands ? 'eu' : style, hints.decimal !== undefined || thousands, hints.above);
    if (!override && detected.type === 'number') {
      const ambDot = n(`amb_dot_${i}`);
      if (thousands) {
        notices.push({
          code: 'thousands_dot',
          column: name,
          message: `column "${name}": ${ambDot} value(s) such as 1.500 read as thousands (1.500 = 1,500): no value in the column has a decimal part other than exactly three digits after ".", which amounts rarely have; choose the decimal separator "." if 1.500 means one and a half`,
        });
      } else if (ambDot > 0 && detected.format === 'us' && n(`us_only_${i}`) === 0) {
        notices.push({
          code: 'thousands_dot',
          column: name,
          message: `column "${name}": ${ambDot} value(s) such as 1.500 read as one and a half (1.500 = 1.5), ${decimal.reason}; choose the decimal separator "," if they are thousands`,
        });
      }
    }
    if (!override && n(`us_only_${i}`) > 0 && n(`eu_only_${i}`) > 0 && mostly(n(`us_${i}`) + n(`eu_${i}`) - n(`amb_${i}`), total)) {
      notices.push({
        code: 'mixed_number_formats',
        column: name,
        message: `column "${name}" writes amounts both as 1,234.56 (${n(`us_only_${i}`)} value(s)) and as 1.234,56 (${n(`eu_only_${i}`)} value(s)); no single format reads them all, so they were not guessed: the values the ${detected.type === 'number' ? `"${detected.format === 'eu' ? '1.234,56' : '1,234.56'}" format` : 'column type'} does not read are listed — fix the export or choose the format`,
      });
    }
    if (!detected.overridden && detected.type === 'number' && detected.format === 'eu' && n(`amb_${i}`) - n(`amb_dot_${i}`) > 0 && n(`eu_only_${i}`) === 0 && !override) {
      notices.push({
        code: 'decimal_comma',
        column: name,
        message: `column "${name}": ${n(`amb_${i}`)} value(s) such as 1,500 read with a decimal comma (1,500 = 1.5), ${decimal.reason}; choose the decimal separator "." if they are thousands`,
      });
    }
    if (!override) return detected;
    return applyOverride(name, override, detected, style);
  });
  await addDebitCredit(db, table, typings, notices, sampleRows);
  await addDirectionIndicator(db, table, typings, notices, (t) => typedExpression(t), sampleRows);
  await explainTextColumns(db, table, columns, typings, n, notices, sampleRows);
  const index = new Map(columns.map((c, i) => [c, i]));
  const counts = (name: string) => ({ values: n(`n_${index.get(name)}`), multiline: n(`ml_${index.get(name)}`) });
  await findWrappedText(db, table, typings, notices, sampleRows, counts);
  await findLabelledNames(db, table, typings, notices, sampleRows, counts);
  return { typings, notices, decimal };
}

/**
 * Every value with a "." is thousands-shaped (1.500, 12.000) and no value reads only one way: the
 * column holds whole amounts with a dot as thousands separator, unless the file says otherwise.
 */
function thousandsOnly(i: number, n: (k: string) => number, name = ''): boolean {
  // A rate or factor (1.085, 1.250): the column says it is a rate, or every value is one digit, a
  // dot and three digits and the name is not an amount's. Whole amounts in thousands would also
  // have values below 1,000 (written without a dot) or above 9,999.
  if (RATE_NAME.test(name) || (n(`dot3_${i}`) === n(`n_${i}`) && !AMOUNT_NAME.test(name))) return false;
  return n(`amb_dot_${i}`) > 0 && n(`us_only_${i}`) === 0 && n(`eu_only_${i}`) === 0 && n(`amb_${i}`) === n(`amb_dot_${i}`);
}

/** Column names of rates and factors, whose 1.085 is never 1,085. */
const RATE_NAME = /rate|kurs|fx|factor|faktor|ratio|quote|taux|cours|tasso|koers|%/i;
/** Column names of amounts: there, a column of 1.500s alone is still thousands (with a notice). */
const AMOUNT_NAME = /amount|betrag|total|sum|value|wert|montant|importe|bedrag|debit|credit|soll|haben|paid|due|balance|saldo|net|gross|brutto|netto/i;

/**
 * A column whose "2E03"-shaped values are codes, not numbers: they are at least half of its
 * readable values, or none of its values has a decimal part (a column of whole numbers and 2E03s
 * is a column of identifiers; an amount column has cents). Such a column stays text, so 2E03 is
 * never read as 2000 and matched against invoice 2000.
 */
function codeLike(i: number, n: (k: string) => number, readable: number): boolean {
  const sci = n(`sci_id_${i}`);
  return sci > 0 && (sci * 2 >= readable || n(`dec_${i}`) === 0);
}

/**
 * Whole numbers next to codes of letters and digits ("10001" … and "NC-00501"): document numbers of
 * one series and another (invoices and credit notes), not amounts with a few bad values. As a
 * number column the codes would be blank (a credit note without its number); they stay text.
 */
function documentNumbers(i: number, n: (k: string) => number): boolean {
  return n(`code_${i}`) > 0 && n(`cents_${i}`) === 0;
}

/** At most this many values are named in a notice; the count says how many more. */
const NAMED_VALUES = 10;

/**
 * A column that stays text although at least half its values are amounts is never silent: the
 * notice names the values (row and reason) that stopped it, so an amount column is not dropped
 * from matching without a word.
 */
async function explainTextColumns(db: Db, table: string, columns: string[], typings: ColumnTyping[], n: (k: string) => number, notices: Notice[], limit: number | null): Promise<void> {
  for (let i = 0; i < columns.length; i++) {
    const t = typings[i];
    const total = n(`n_${i}`);
    if (t.type !== 'text' || t.overridden || total < 2) continue;
    if (await explainDateColumn(db, table, columns[i], i, total, n, notices, limit)) continue;
    const numeric = Math.max(n(`us_${i}`), n(`eu_${i}`));
    if (numeric * 2 < total || numeric === total || n(`lz_${i}`) > 0 || documentNumbers(i, n)) continue;
    const style = n(`eu_${i}`) > n(`us_${i}`) ? 'eu' : 'us';
    const v = `nullif(trim(${ident(columns[i])}), '')`;
    const bad = `${v} IS NOT NULL AND kalla_parse_${style}(${ident(columns[i])}) IS NULL`;
    const from = `(SELECT row_number() OVER () AS r, ${ident(columns[i])} FROM ${ident(table)}${limit ? ` LIMIT ${limit}` : ''})`;
    const rows = await db.all<{ r: number | bigint; v: string; c: number | bigint }>(`SELECT r, ${v} AS v, count(*) OVER () AS c FROM ${from} WHERE ${bad} ORDER BY r LIMIT ${NAMED_VALUES}`);
    const count = Number(rows[0]?.c ?? total - numeric);
    const named = rows.map((row) => `row ${Number(row.r)}: ${JSON.stringify(row.v.length > 40 ? `${row.v.slice(0, 40)}…` : row.v)} (${reasonFor(row.v)})`);
    notices.push({
      code: 'not_all_numbers',
      column: columns[i],
      message: `column "${columns[i]}" stays text: ${total - count} of ${total} value(s) are amounts but ${count} are not, and an amount check would skip them silently: ${named.join(', ')}${count > named.length ? `, and ${count - named.length} more` : ''}. Set the column's type to number to read the amounts (the others are listed as exceptions), or fix the file`,
    });
  }
}

/** The date shapes a column's values are counted in, with the format to set and the SQL test of a value `v`. */
const shapeOf = (re: string) => (v: string) => `regexp_full_match(${v}, ${lit(re)})`;
const DATE_SHAPES = [
  { key: 'iso', is: shapeOf(ISO_DATE), format: 'date:%Y-%m-%d', shown: 'yyyy-mm-dd' },
  ...YEAR_FIRST.map((y) => ({ key: y.key, is: shapeOf(y.re), format: `date:%Y${y.sep}%m${y.sep}%d`, shown: yearFirstShown(y.sep) })),
  ...SEPARATORS.map((s) => ({ key: s.key, is: shapeOf(s.re), format: `date:%d${s.sep}%m${s.sep}%Y`, shown: `dd${s.sep}mm${s.sep}yyyy` })),
  { key: 'mname', is: (v: string) => `${namedDateText(v)} IS NOT NULL`, format: `date:${NAMED_DATE_FORMAT}`, shown: 'dd-Mon-yyyy' },
];

/**
 * The date twin of the amounts' `not_all_numbers`: a text column at least half of whose values
 * are dates of one shape (`2026-01-31` … and one `pending` or `31.02.`) is named with the values
 * that stopped it, so a date column never turns into text without a word. Returns true when the
 * column was named.
 */
async function explainDateColumn(db: Db, table: string, column: string, i: number, total: number, n: (k: string) => number, notices: Notice[], limit: number | null): Promise<boolean> {
  const shape = DATE_SHAPES.map((d) => ({ ...d, count: n(`${d.key}_${i}`) })).sort((a, b) => b.count - a.count)[0];
  if (!shape || shape.count * 2 < total || shape.count === total) return false;
  // Dates in several shapes are named by mixed_date_formats already.
  if (notices.some((x) => x.code === 'mixed_date_formats' && x.column === column)) return false;
  const v = `nullif(trim(${ident(column)}), '')`;
  const bad = `${v} IS NOT NULL AND NOT ${shape.is(v)}`;
  const from = `(SELECT row_number() OVER () AS r, ${ident(column)} FROM ${ident(table)}${limit ? ` LIMIT ${limit}` : ''})`;
  const rows = await db.all<{ r: number | bigint; v: string; c: number | bigint }>(`SELECT r, ${v} AS v, count(*) OVER () AS c FROM ${from} WHERE ${bad} ORDER BY r LIMIT ${NAMED_VALUES}`);
  const count = Number(rows[0]?.c ?? total - shape.count);
  const named = rows.map((row) => `row ${Number(row.r)}: ${JSON.stringify(row.v.length > 40 ? `${row.v.slice(0, 40)}…` : row.v)} (not a date)`);
  notices.push({
    code: 'not_all_dates',
    column,
    message: `column "${column}" stays text: ${total - count} of ${total} value(s) are dates (${shape.shown}) but ${count} are not, and a date check would skip them silently: ${named.join(', ')}${count > named.length ? `, and ${count - named.length} more` : ''}. Set the column's type to date (${shape.format}) to read the dates (the others are listed as exceptions), or fix the file`,
  });
  return true;
}

function reasonFor(value: string): string {
  if (/^[-+(]?\d[\d.,' ]*\)?-?$/.test(value) && value.replace(/\D/g, '').length > 18) return 'too large';
  if (/^[-+]?\d+([.,]\d+)?e[-+]?\d+$/i.test(value)) return 'out of range';
  if (/\d/.test(value)) return 'not a number in this column\'s format';
  return 'not a number';
}

/**
 * The decimal separator of ambiguous amounts, from the whole file: the user's choice; else columns
 * whose amounts can only be read one way ("1.234,56" vs "1,234.56"); else day.month.year dates or
 * a `;` delimiter (both usual where the comma is decimal); else ".".
 */
function decideDecimal(columns: string[], first: ColumnTyping[], n: (k: string) => number, hints: FileHints): { separator: ',' | '.'; reason: string } {
  if (hints.decimal) return { separator: hints.decimal, reason: 'as chosen in the read options' };
  let eu = 0;
  let us = 0;
  columns.forEach((_, i) => {
    if (n(`eu_only_${i}`) > 0 && n(`us_only_${i}`) === 0) eu++;
    if (n(`us_only_${i}`) > 0 && n(`eu_only_${i}`) === 0) us++;
  });
  if (eu !== us) return eu > us ? { separator: ',', reason: 'as other amounts in the file (1.234,56)' } : { separator: '.', reason: 'as other amounts in the file (1,234.56)' };
  if (first.some((t) => (t.type === 'date' || t.type === 'timestamp') && t.format?.startsWith('%d.%m.'))) return { separator: ',', reason: 'because the file writes dates as dd.mm.yyyy' };
  if (hints.delimiter === ';') return { separator: ',', reason: 'because the file is separated by ";"' };
  return { separator: '.', reason: 'by default' };
}

function detectOne(name: string, i: number, total: number, n: (k: string) => number, notices: Notice[], fileStyle: 'us' | 'eu', forced = false, above = ''): ColumnTyping {
  if (total === 0) return { name, type: 'text' };
  const own = n(`eu_only_${i}`) > 0 && n(`us_only_${i}`) === 0 ? 'eu' : n(`us_only_${i}`) > 0 && n(`eu_only_${i}`) === 0 ? 'us' : null;
  const style = forced ? fileStyle : (own ?? fileStyle);
  // "N/A", "#N/A" next to amounts or dates do not turn the column into text: they are held as empty
  // and listed, and a rule that compares them makes each an amount_unreadable / date_unreadable
  // exception. One mechanism for amounts and dates (issue 27).
  const na = n(`na_${i}`);
  const readsAs = (count: number) => mostly(count, total) || (count > 0 && count + na === total && count > na);
  const readable = n(`${style}_${i}`);
  const numeric = readsAs(readable);
  // Every value a plausible yyyymmdd (and there are a few): a date, not a number.
  if (total >= 3 && n(`ymd8_${i}`) === total) return { name, type: 'date', format: '%Y%m%d' };
  // Identifiers such as "00042" must keep their leading zeros: they stay text.
  // Identifiers too long to be amounts stay text too: as numbers every one of them would be blank.
  const longIds = n(`long_id_${i}`) * 2 >= readable;
  if (numeric && n(`lz_${i}`) === 0 && !longIds && !codeLike(i, n, readable) && !documentNumbers(i, n)) return { name, type: 'number', format: style };
  if (readsAs(n(`iso_${i}`))) return { name, type: n(`time_${i}`) > 0 ? 'timestamp' : 'date', format: 'iso' };
  for (const y of YEAR_FIRST) {
    if (!readsAs(n(`${y.key}_${i}`))) continue;
    const type = n(`time_${i}`) > 0 ? 'timestamp' : 'date';
    const format = `%Y${y.sep}%m${y.sep}%d`;
    if (type === 'date' && persianYears(n(`${y.key}_ylo_${i}`), n(`${y.key}_yhi_${i}`))) {
      notices.push({
        code: 'persian_calendar',
        column: name,
        message: `column "${name}": the years (${span(n(`${y.key}_ylo_${i}`), n(`${y.key}_yhi_${i}`))}) are Persian solar (Jalali) years, as Iranian exports write them: ${n(`${y.key}_ylo_${i}`)}/01/01 is read as ${gregorianOf(n(`${y.key}_ylo_${i}`), 1, 1)} (override the column's type to read them otherwise)`,
      });
      return { name, type, format, era: 'jalali' };
    }
    return { name, type, format };
  }
  const roc = rocDates(name, i, n, readsAs, notices);
  if (roc) return roc;
  for (const s of SEPARATORS) {
    if (!readsAs(n(`${s.key}_${i}`))) continue;
    const p1 = n(`${s.key}_p1_${i}`);
    const p2 = n(`${s.key}_p2_${i}`);
    const year = n(`${s.key}_y_${i}`) === 2 ? '%y' : '%Y';
    if (p1 > 12 && p2 > 12) return { name, type: 'text' };
    if (p1 > 31 || p2 > 31) return { name, type: 'text' };
    let order: 'dmy' | 'mdy';
    if (p1 > 12) order = 'dmy';
    else if (p2 > 12) order = 'mdy';
    else {
      // Undecidable from the data: d/m/y is the usual order outside the US; say so.
      order = 'dmy';
      if (s.sep !== '.') {
        notices.push({
          code: 'ambiguous_date_order',
          column: name,
          message: `column "${name}": every date has day and month ≤ 12, so d${s.sep}m${s.sep}y vs m${s.sep}d${s.sep}y cannot be decided from the data; assumed d${s.sep}m${s.sep}y (override with column_overrides)`,
        });
      }
    }
    const era = buddhistEra(n(`${s.key}_y_${i}`), n(`${s.key}_ylo_${i}`), n(`${s.key}_yhi_${i}`));
    // A Buddhist-era date is read through its four-digit common-era year (see typedExpression).
    const format = order === 'dmy' ? `%d${s.sep}%m${s.sep}${era ? '%Y' : year}` : `%m${s.sep}%d${s.sep}${era ? '%Y' : year}`;
    if (era) {
      notices.push({
        code: 'buddhist_era',
        column: name,
        message: `column "${name}": the years (${span(n(`${s.key}_ylo_${i}`), n(`${s.key}_yhi_${i}`))}) are Buddhist-era years, as Thai exports write them: read as ${era.shown} (override the column's type to read them otherwise)`,
      });
    }
    return { name, type: n(`time_${i}`) > 0 ? 'timestamp' : 'date', format, ...(era ? { era: 'buddhist' as const } : {}) };
  }
  if (readsAs(n(`mname_${i}`))) return { name, type: n(`time_${i}`) > 0 ? 'timestamp' : 'date', format: NAMED_DATE_FORMAT };
  const dayMonth = yearlessDates(name, i, n, readsAs, above, notices);
  if (dayMonth) return dayMonth;
  if (n(`bool_${i}`) === total) return { name, type: 'boolean' };
  // Dates in several formats: no format reads them all, so the column stays text, but not silently.
  const dateLike = n(`iso_${i}`) + n(`mname_${i}`) + [...YEAR_FIRST, ...SEPARATORS].reduce((sum, s) => sum + n(`${s.key}_${i}`), 0);
  const formats = [n(`iso_${i}`) && 'yyyy-mm-dd', ...YEAR_FIRST.map((y) => n(`${y.key}_${i}`) && yearFirstShown(y.sep)), ...SEPARATORS.map((s) => n(`${s.key}_${i}`) && `dd${s.sep}mm${s.sep}yyyy`), n(`mname_${i}`) && 'dd-Mon-yyyy'].filter(Boolean);
  if (mostly(dateLike, total) && formats.length > 1) {
    notices.push({
      code: 'mixed_date_formats',
      column: name,
      message: `column "${name}" holds dates in ${formats.length} formats (${formats.join(', ')}); it stays text — pick the date format to read most of them as dates`,
    });
  }
  return { name, type: 'text' };
}

/**
 * Year-first dates of years 1300–1499 are Persian solar (Jalali) dates (Iran: 1405/08/15 is
 * 2026-11-06): no business file dates anything in the 14th or 15th century. Read as Gregorian they
 * fail on day 31 of months 2, 4 and 6 and are months off.
 */
function persianYears(lo: number, hi: number): boolean {
  return lo >= 1300 && hi <= 1499;
}

/**
 * A column of yyy/mm/dd dates whose years, read as Minguo years, are within PLAUSIBLE_YEARS of today
 * (as with Buddhist-era years, a statement or ledger is about the present): Minguo dates, said in a
 * notice. Other three-digit-year shapes stay text (no other calendar writes them).
 */
function rocDates(name: string, i: number, n: (k: string) => number, readsAs: (count: number) => boolean, notices: Notice[], now = new Date().getUTCFullYear()): ColumnTyping | null {
  if (!readsAs(n(`roc_${i}`))) return null;
  const [lo, hi] = [n(`roc_ylo_${i}`) + ROC_OFFSET, n(`roc_yhi_${i}`) + ROC_OFFSET];
  if (Math.abs(lo - now) > PLAUSIBLE_YEARS || Math.abs(hi - now) > PLAUSIBLE_YEARS) return null;
  notices.push({
    code: 'roc_era',
    column: name,
    message: `column "${name}": the years (${span(lo - ROC_OFFSET, hi - ROC_OFFSET)}) are Republic of China (Minguo) years, as Taiwanese exports write them: read as ${span(lo, hi)} (override the column's type to read them otherwise)`,
  });
  return { name, type: 'date', format: '%Y/%m/%d', era: 'roc' };
}

/** A Minguo date text (115/09/03, 115.9.3) as a DATE; NULL when it is no valid date. */
function rocDate(v: string): string {
  const part = (k: number) => `try_cast(regexp_extract(${v}, '^${ROC_DATE}$', ${k}) AS INTEGER)`;
  return `try_cast(printf('%04d-%02d-%02d', ${part(1)} + ${ROC_OFFSET}, ${part(2)}, ${part(3)}) AS DATE)`;
}

/** The Gregorian date of a Jalali date, as text (for the notice). */
function gregorianOf(jy: number, jm: number, jd: number): string {
  const start = nowruz(jy);
  const day = new Date(Date.UTC(start.gy, 2, start.march) + (jalaliDayOfYear(jm, jd) - 1) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** Day of the Jalali year: months 1–6 have 31 days, 7–11 30, the 12th 29 or 30. */
const jalaliDayOfYear = (jm: number, jd: number) => (jm <= 6 ? (jm - 1) * 31 : 186 + (jm - 7) * 30) + jd;

/** Breaks of the Jalali leap cycle (Borkowski's algorithm, as the jalaali-js library uses it). */
const JALALI_BREAKS = [-61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210, 1635, 2060, 2097, 2192, 2262, 2324, 2394, 2456, 3178];

/** Nowruz (1 Farvardin) of Jalali year `jy`: March `march` of Gregorian year `gy`. 1403 → 2024-03-20, 1404 → 2025-03-21. */
export function nowruz(jy: number): { gy: number; march: number } {
  const div = (a: number, b: number) => Math.trunc(a / b);
  const mod = (a: number, b: number) => a - div(a, b) * b;
  const gy = jy + 621;
  let leapJ = -14;
  let jp = JALALI_BREAKS[0];
  let jump = 0;
  for (let k = 1; k < JALALI_BREAKS.length; k++) {
    jump = JALALI_BREAKS[k] - jp;
    if (jy < JALALI_BREAKS[k]) break;
    leapJ += div(jump, 33) * 8 + div(mod(jump, 33), 4);
    jp = JALALI_BREAKS[k];
  }
  const n = jy - jp;
  leapJ += div(n, 33) * 8 + div(mod(n, 33) + 3, 4);
  if (mod(jump, 33) === 4 && jump - n === 4) leapJ += 1;
  const leapG = div(gy, 4) - div((div(gy, 100) + 1) * 3, 4) - 150;
  return { gy, march: 20 + leapJ - leapG };
}

/** The Nowruz of every year persianYears accepts and of the year after (its last day), as SQL DATE literals in year order. */
const NOWRUZ_SQL = `[${Array.from({ length: 201 }, (_, k) => {
  const { gy, march } = nowruz(1300 + k);
  return `DATE '${gy}-03-${String(march).padStart(2, '0')}'`;
}).join(', ')}]`;

/**
 * A year-first Jalali date text (1405/08/15, 1405.08.15) as a DATE: its year's Nowruz plus the day
 * of the year. NULL for a day the month does not have (31 in months 7–12, 31 of Esfand; the 30th
 * of Esfand only in a leap year, when the next Nowruz is 366 days later).
 */
function jalaliDate(v: string): string {
  const m = String.raw`^(\d{4})[/.](\d{1,2})[/.](\d{1,2})\.?$`;
  const part = (k: number) => `try_cast(regexp_extract(${v}, '${m}', ${k}) AS INTEGER)`;
  const [jy, jm, jd] = [part(1), part(2), part(3)];
  const start = `${NOWRUZ_SQL}[${jy} - 1299]`;
  const day = `(CASE WHEN ${jm} <= 6 THEN (${jm} - 1) * 31 ELSE 186 + (${jm} - 7) * 30 END + ${jd} - 1)`;
  const fits = `${jy} BETWEEN 1300 AND 1499 AND ${jm} BETWEEN 1 AND 12 AND ${jd} BETWEEN 1 AND CASE WHEN ${jm} <= 6 THEN 31 ELSE 30 END AND ${start} + ${day} < ${NOWRUZ_SQL}[${jy} - 1298]`;
  return `CASE WHEN ${fits} THEN CAST(${start} + ${day} AS DATE) END`;
}

/** Years between 543 and 544 + this many years from now are read against the common era (2026 = BE 2569). */
const PLAUSIBLE_YEARS = 30;
/**
 * Thai documents date by the Buddhist era (BE = CE + 543): "27/11/2569", and bank statements
 * "01/10/69". Read as common-era years those are centuries away (2569) or decades (1969/2069 —
 * DuckDB's %y pivot), so a date pair learned between such a file and a CE one is nonsense. A
 * column is Buddhist-era when every year is implausible as a CE year and plausible as a BE one,
 * measured against today (a statement or ledger is about the present): four-digit years within
 * PLAUSIBLE_YEARS of today + 543, or two-digit years none of which is within PLAUSIBLE_YEARS of
 * today in either CE reading while all are as BE 25yy.
 */
function buddhistEra(yearLength: number, lo: number, hi: number, now = new Date().getUTCFullYear()): { shown: string } | null {
  const plausible = (y: number) => Math.abs(y - now) <= PLAUSIBLE_YEARS;
  if (yearLength === 4) return plausible(lo - 543) && plausible(hi - 543) && !plausible(lo) ? { shown: span(lo - 543, hi - 543) } : null;
  if (yearLength !== 2) return null;
  for (let yy = lo; yy <= hi; yy++) if (plausible(2000 + yy) || plausible(1900 + yy) || !plausible(1957 + yy)) return null;
  return { shown: span(1957 + lo, 1957 + hi) };
}
const span = (lo: number, hi: number) => (lo === hi ? `${lo}` : `${lo}–${hi}`);

/**
 * Day/month dates without a year ('15/12 … '29/01 on a statement over the year end): a column of
 * them whose days pass 12 (instalment numbers "1/2", "2/3" do not) takes its year from the period
 * the lines above the table state — the earliest full date written there, read in the column's
 * order: a date of the period's first month or later is in its year, an earlier month in the next.
 * Without such a date the column stays text and says why: a date check would skip it silently.
 */
function yearlessDates(name: string, i: number, n: (k: string) => number, readsAs: (count: number) => boolean, above: string, notices: Notice[]): ColumnTyping | null {
  if (!readsAs(n(`dm_${i}`))) return null;
  const [p1, p2] = [n(`dm_p1_${i}`), n(`dm_p2_${i}`)];
  if (p1 > 31 || p2 > 31 || (p1 > 12) === (p2 > 12)) return null;
  const order = p1 > 12 ? 'dm' : 'md';
  const from = periodStart(above, order);
  if (!from) {
    notices.push({
      code: 'year_missing',
      column: name,
      message: `column "${name}" holds dates without a year (${order === 'dm' ? 'dd/mm' : 'mm/dd'}) and no full date above the table says which year: it stays text, and a date check would skip it. Add the year to the export (or the statement period above the table), or set the column's type to a date with a year`,
    });
    return null;
  }
  notices.push({
    code: 'year_from_period',
    column: name,
    message: `column "${name}" writes dates without a year (${order === 'dm' ? 'dd/mm' : 'mm/dd'}): read in the period from ${from} stated above the table (a month before ${from.slice(5, 7)} is in ${Number(from.slice(0, 4)) + 1})`,
  });
  return { name, type: 'date', format: order === 'dm' ? '%d/%m' : '%m/%d', year_from: from };
}

/** The earliest full date (dd/mm/yyyy in `order`, or yyyy-mm-dd) in the lines above a table, as yyyy-mm-dd; null when none. */
export function periodStart(above: string, order: 'dm' | 'md'): string | null {
  const dates: string[] = [];
  for (const m of above.matchAll(/(?<![\d])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?![\d])/g)) {
    const [d, mo] = order === 'dm' ? [Number(m[1]), Number(m[2])] : [Number(m[2]), Number(m[1])];
    if (d >= 1 && d <= 31 && mo >= 1 && mo <= 12) dates.push(`${m[3]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  }
  for (const m of above.matchAll(/(?<![\d])(\d{4})-(\d{2})-(\d{2})(?![\d])/g)) dates.push(m[0]);
  return dates.sort()[0] ?? null;
}

/** A column retyped to number without a format reads the file's decimal separator (German amounts must not go blank). */
function applyOverride(name: string, override: ColumnOverride, detected: ColumnTyping, fileStyle: 'us' | 'eu'): ColumnTyping {
  const typing: ColumnTyping = { name, type: override.type, overridden: true };
  if (override.type === 'number') {
    if (override.format) typing.format = /,\d*$/.test(override.format) || override.format === 'eu' ? 'eu' : 'us';
    else typing.format = detected.type === 'number' ? detected.format : fileStyle;
  } else if (override.type === 'date' || override.type === 'timestamp') {
    const asDetected = !override.format && (detected.type === 'date' || detected.type === 'timestamp');
    typing.format = override.format ?? (asDetected ? detected.format : 'iso');
    if (asDetected && detected.era) typing.era = detected.era;
  }
  return typing;
}

/** SQL expression reading a raw VARCHAR column as its typed value. */
export function typedExpression(typing: ColumnTyping): string {
  if (typing.derived && typing.type === 'text') return labelledName(typing, ident((typing.format ?? '').split('\u0000')[1] ?? ''));
  if (typing.derived) {
    const indicator = indicatorExpression(typing, numberExpression) ?? sideBySideExpression(typing, numberExpression);
    if (indicator) return indicator;
    const [credit, debit, creditStyle, debitStyle] = (typing.format ?? '').split('\u0000');
    const c = numberExpression(credit, creditStyle === 'eu' ? 'eu' : 'us');
    const d = numberExpression(debit, debitStyle === 'eu' ? 'eu' : 'us');
    // A debit is money out whichever sign the bank prints it with ("Money out: -12.00" or "12.00").
    return `CASE WHEN ${c} IS NULL AND ${d} IS NULL THEN NULL ELSE coalesce(${c}, 0) - abs(coalesce(${d}, 0)) END`;
  }
  const raw = ident(typing.name);
  const v = typing.era === 'buddhist' ? commonEraYear(`nullif(trim(${raw}), '')`) : `nullif(trim(${raw}), '')`;
  switch (typing.type) {
    case 'number':
      return numberExpression(typing.name, typing.format === 'eu' ? 'eu' : 'us');
    case 'date':
      if (typing.era === 'jalali') return jalaliDate(v);
      if (typing.era === 'roc') return rocDate(v);
      if (typing.year_from) return yearlessDate(v, typing.format === '%m/%d' ? 'md' : 'dm', typing.year_from);
      if (typing.format === NAMED_DATE_FORMAT) return namedDateText(v);
      // Detected dates carry no time part, so one format suffices (cheaper than a list); overrides may have times.
      if (typing.format === 'iso' || !typing.format) return `try_cast(${v} AS DATE)`;
      return typing.overridden
        ? `try_cast(try_strptime(${v}, [${dateFormats(typing.format).map(lit).join(', ')}]) AS DATE)`
        : // A year-first date with dots may end with one ("2026.10.01.", Hungarian).
          `try_cast(try_strptime(${typing.format === '%Y.%m.%d' ? `rtrim(${v}, '.')` : v}, ${lit(typing.format)}) AS DATE)`;
    case 'timestamp':
      if (typing.format === NAMED_DATE_FORMAT) return `try_cast(kalla_named_date(${v}) AS TIMESTAMP)`;
      return typing.format === 'iso' || !typing.format
        ? `try_cast(${v} AS TIMESTAMP)`
        : `try_strptime(${v}, [${dateFormats(typing.format).map(lit).join(', ')}])`;
    case 'boolean':
      return `CASE lower(${v}) WHEN 'true' THEN true WHEN 'yes' THEN true WHEN 'false' THEN false WHEN 'no' THEN false ELSE try_cast(${v} AS BOOLEAN) END`;
    case 'text':
      return typing.wrap_at ? unwrappedText(raw, typing.wrap_at) : raw;
    default:
      return raw;
  }
}

/** A day/month text ('15/12) as a date in the period starting `from`: its month's year, or the next for an earlier month. */
function yearlessDate(v: string, order: 'dm' | 'md', from: string): string {
  const text = `ltrim(${v}, '''')`;
  const month = `try_cast(split_part(${text}, '/', ${order === 'dm' ? 2 : 1}) AS INTEGER)`;
  const [year, first] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const format = order === 'dm' ? '%d/%m/%Y' : '%m/%d/%Y';
  return `try_cast(try_strptime(${text} || '/' || CASE WHEN ${month} < ${first} THEN '${year + 1}' ELSE '${year}' END, '${format}') AS DATE)`;
}

/**
 * The date text with its Buddhist-era year (third part of d?m?y, four or two digits) rewritten as
 * the common-era year, before strptime: 29/02/2567 is a leap day in 2024, not in a year 2567.
 */
function commonEraYear(v: string): string {
  const m = String.raw`^(\d{1,2}[^0-9]\d{1,2}[^0-9])(\d{2}|\d{4})(\D.*)?$`;
  const year = `try_cast(regexp_extract(${v}, '${m}', 2) AS INTEGER)`;
  return `CASE WHEN regexp_full_match(${v}, '${m}') THEN regexp_extract(${v}, '${m}', 1) || CAST(CASE WHEN ${year} < 100 THEN 1957 + ${year} ELSE ${year} - 543 END AS VARCHAR) || coalesce(regexp_extract(${v}, '${m}', 3), '') ELSE ${v} END`;
}

function numberExpression(column: string, style: 'us' | 'eu'): string {
  return `kalla_parse_${style}(${ident(column)})`;
}
