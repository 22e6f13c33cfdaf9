/**
 * Type detection for finance exports, done in one SQL aggregate over the raw
 * VARCHAR columns, and the typed expressions (try_cast / try_strptime) that
 * turn a raw table into a typed view. Nothing here reads rows into JavaScript.
 */
import type { ColumnType } from '../../../shared/recon';
import type { ColumnTyping, Notice } from '../../../shared/recon-engine';
import type { Db } from './db';
import { ident, lit } from './sql';

export interface ColumnOverride {
  type: ColumnType;
  format?: string;
}

const ISO_DATE = String.raw`\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?Z?`;
const YMD_SLASH = String.raw`\d{4}/\d{1,2}/\d{1,2}( \d{1,2}:\d{2}(:\d{2})?)?`;
/** Day/month/year-ish with one separator class; captures the first two parts. */
const PARTS = (sep: string) => String.raw`(\d{1,2})${sep}(\d{1,2})${sep}(\d{4}|\d{2})( \d{1,2}:\d{2}(:\d{2})?)?`;
const SEPARATORS = [
  { key: 'slash', sep: '/', re: PARTS('/') },
  { key: 'dash', sep: '-', re: PARTS('-') },
  { key: 'dot', sep: '.', re: PARTS(String.raw`\.`) },
] as const;
const HAS_TIME = String.raw`.*\d{1,2}:\d{2}.*`;
const LEADING_ZERO_ID = String.raw`0\d+`;
const BOOLEAN_WORDS = `('true','false','yes','no')`;

/** Detection looks at the first SAMPLE_ROWS rows; the typed table is then verified against every row. */
export const DETECTION_SAMPLE_ROWS = 10_000;

/** Per-row derived strings (v: trimmed, c: cleaned, b: number body, ok: number shape), materialised once. */
function derivedColumns(col: string, i: number): string[] {
  const v = `nullif(trim(${ident(col)}), '')`;
  return [`${v} AS v_${i}`, `kalla_num_clean(${v}) AS c_${i}`];
}

function outerStats(i: number): string[] {
  const v = `v_${i}`;
  const b = `b_${i}`;
  const shape = `ok_${i}`;
  const parts = [
    `count(${v}) AS n_${i}`,
    `count_if(${shape} AND kalla_num_us(${b})) AS us_${i}`,
    `count_if(${shape} AND kalla_num_eu(${b})) AS eu_${i}`,
    `count_if(${shape} AND kalla_num_us(${b}) AND NOT kalla_num_eu(${b})) AS us_only_${i}`,
    `count_if(${shape} AND kalla_num_eu(${b}) AND NOT kalla_num_us(${b})) AS eu_only_${i}`,
    `count_if(regexp_full_match(${v}, '${LEADING_ZERO_ID}')) AS lz_${i}`,
    `count_if(regexp_full_match(${v}, '${ISO_DATE}')) AS iso_${i}`,
    `count_if(regexp_full_match(${v}, '${YMD_SLASH}')) AS ymd_${i}`,
    `count_if(regexp_full_match(${v}, '${HAS_TIME}')) AS time_${i}`,
    `count_if(lower(${v}) IN ${BOOLEAN_WORDS}) AS bool_${i}`,
  ];
  for (const s of SEPARATORS) parts.push(`count_if(${s.key}_m_${i}) AS ${s.key}_${i}`, ...datePartStats(v, s.sep, s.key, i));
  return parts;
}

/**
 * Largest first/second part and year length among values shaped like d?m?y with this separator
 * (only read when every value has that shape). Computed for matching values only: splitting
 * every value of every column was 70 % of the detection aggregate.
 */
function datePartStats(v: string, sep: string, key: string, i: number): string[] {
  const part = (n: number) => `split_part(split_part(${v}, ' ', 1), '${sep}', ${n})`;
  const when = (expr: string) => `max(CASE WHEN ${key}_m_${i} THEN ${expr} END)`;
  return [
    `${when(`try_cast(${part(1)} AS INTEGER)`)} AS ${key}_p1_${i}`,
    `${when(`try_cast(${part(2)} AS INTEGER)`)} AS ${key}_p2_${i}`,
    `${when(`length(${part(3)})`)} AS ${key}_y_${i}`,
  ];
}

/**
 * The derived strings go into a TEMP table first: DuckDB would otherwise
 * re-evaluate the cleaning regexes inside every aggregate that uses them.
 */
async function readStats(db: Db, table: string, columns: string[], limit: number | null): Promise<Record<string, string | number | null>> {
  const first = columns.flatMap((c, i) => derivedColumns(c, i)).join(', ');
  await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_detect_1 AS SELECT ${first} FROM ${ident(table)}${limit ? ` LIMIT ${limit}` : ''}`);
  const second = columns
    .flatMap((_, i) => [
      `v_${i}`,
      `kalla_num_body(c_${i}) AS b_${i}`,
      `kalla_num_shape_ok(c_${i}) AS ok_${i}`,
      ...SEPARATORS.map((s) => `regexp_full_match(v_${i}, '${s.re}') AS ${s.key}_m_${i}`),
    ])
    .join(', ');
  await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_detect AS SELECT ${second} FROM kalla_detect_1`);
  const outer = columns.flatMap((_, i) => outerStats(i)).join(',\n  ');
  const stats = (await db.one<Record<string, string | number | null>>(`SELECT ${outer} FROM kalla_detect`)) ?? {};
  await db.exec('DROP TABLE IF EXISTS temp.kalla_detect_1; DROP TABLE IF EXISTS temp.kalla_detect');
  return stats;
}

function dateFormats(format: string): string[] {
  return [`${format} %H:%M:%S`, `${format} %H:%M`, format];
}

export interface Detection {
  typings: ColumnTyping[];
  notices: Notice[];
}

export async function detectTypes(
  db: Db,
  table: string,
  columns: string[],
  overrides: Record<string, ColumnOverride>,
  sampleRows: number | null = DETECTION_SAMPLE_ROWS,
): Promise<Detection> {
  const notices: Notice[] = [];
  if (columns.length === 0) return { typings: [], notices };
  const stats = await readStats(db, table, columns, sampleRows);
  const n = (key: string) => Number(stats[key] ?? 0);

  const typings = columns.map((name, i): ColumnTyping => {
    const override = overrides[name];
    const total = n(`n_${i}`);
    // An overridden column's own detection notices (e.g. ambiguity) no longer apply.
    const detected = detectOne(name, i, total, n, override ? [] : notices);
    if (!override) return detected;
    return applyOverride(name, override, detected);
  });
  addDebitCredit(typings, notices);
  return { typings, notices };
}

function detectOne(name: string, i: number, total: number, n: (k: string) => number, notices: Notice[]): ColumnTyping {
  if (total === 0) return { name, type: 'text' };
  const style = n(`eu_only_${i}`) > 0 && n(`us_only_${i}`) === 0 ? 'eu' : 'us';
  const numeric = n(`${style}_${i}`) === total;
  // Identifiers such as "00042" must keep their leading zeros: they stay text.
  if (numeric && n(`lz_${i}`) === 0) return { name, type: 'number', format: style };
  if (n(`iso_${i}`) === total) return { name, type: n(`time_${i}`) > 0 ? 'timestamp' : 'date', format: 'iso' };
  if (n(`ymd_${i}`) === total) return { name, type: n(`time_${i}`) > 0 ? 'timestamp' : 'date', format: '%Y/%m/%d' };
  for (const s of SEPARATORS) {
    if (n(`${s.key}_${i}`) !== total) continue;
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
    const format = order === 'dmy' ? `%d${s.sep}%m${s.sep}${year}` : `%m${s.sep}%d${s.sep}${year}`;
    return { name, type: n(`time_${i}`) > 0 ? 'timestamp' : 'date', format };
  }
  if (n(`bool_${i}`) === total) return { name, type: 'boolean' };
  return { name, type: 'text' };
}

function applyOverride(name: string, override: ColumnOverride, detected: ColumnTyping): ColumnTyping {
  const typing: ColumnTyping = { name, type: override.type, overridden: true };
  if (override.type === 'number') {
    if (override.format) typing.format = /,\d*$/.test(override.format) || override.format === 'eu' ? 'eu' : 'us';
    else typing.format = detected.type === 'number' ? detected.format : 'us';
  } else if (override.type === 'date' || override.type === 'timestamp') {
    typing.format = override.format ?? (detected.type === 'date' || detected.type === 'timestamp' ? detected.format : 'iso');
  }
  return typing;
}

const DEBIT = /^(debit|debits|dr|withdrawal|withdrawals|paid ?out|money ?out|debit ?amount)$/i;
const CREDIT = /^(credit|credits|cr|deposit|deposits|paid ?in|money ?in|credit ?amount)$/i;

/** Separate debit and credit columns get a derived signed amount (credit − debit). */
function addDebitCredit(typings: ColumnTyping[], notices: Notice[]): void {
  const debit = typings.find((t) => t.type === 'number' && DEBIT.test(t.name.trim()));
  const credit = typings.find((t) => t.type === 'number' && CREDIT.test(t.name.trim()));
  if (!debit || !credit) return;
  const taken = new Set(typings.map((t) => t.name.toLowerCase()));
  let name = 'signed_amount';
  for (let k = 2; taken.has(name); k++) name = `signed_amount_${k}`;
  typings.push({ name, type: 'number', derived: true, format: [credit.name, debit.name, credit.format ?? 'us', debit.format ?? 'us'].join('\u0000') });
  notices.push({
    code: 'derived_signed_amount',
    column: name,
    message: `separate debit ("${debit.name}") and credit ("${credit.name}") columns found; derived ${name} = credit − debit`,
  });
}

/** SQL expression reading a raw VARCHAR column as its typed value. */
export function typedExpression(typing: ColumnTyping): string {
  if (typing.derived) {
    const [credit, debit, creditStyle, debitStyle] = (typing.format ?? '').split('\u0000');
    const c = numberExpression(credit, creditStyle === 'eu' ? 'eu' : 'us');
    const d = numberExpression(debit, debitStyle === 'eu' ? 'eu' : 'us');
    return `CASE WHEN ${c} IS NULL AND ${d} IS NULL THEN NULL ELSE coalesce(${c}, 0) - coalesce(${d}, 0) END`;
  }
  const raw = ident(typing.name);
  const v = `nullif(trim(${raw}), '')`;
  switch (typing.type) {
    case 'number':
      return numberExpression(typing.name, typing.format === 'eu' ? 'eu' : 'us');
    case 'date':
      // Detected dates carry no time part, so one format suffices (cheaper than a list); overrides may have times.
      if (typing.format === 'iso' || !typing.format) return `try_cast(${v} AS DATE)`;
      return typing.overridden
        ? `try_cast(try_strptime(${v}, [${dateFormats(typing.format).map(lit).join(', ')}]) AS DATE)`
        : `try_cast(try_strptime(${v}, ${lit(typing.format)}) AS DATE)`;
    case 'timestamp':
      return typing.format === 'iso' || !typing.format
        ? `try_cast(${v} AS TIMESTAMP)`
        : `try_strptime(${v}, [${dateFormats(typing.format).map(lit).join(', ')}])`;
    case 'boolean':
      return `CASE lower(${v}) WHEN 'true' THEN true WHEN 'yes' THEN true WHEN 'false' THEN false WHEN 'no' THEN false ELSE try_cast(${v} AS BOOLEAN) END`;
    default:
      return raw;
  }
}

function numberExpression(column: string, style: 'us' | 'eu'): string {
  return `kalla_parse_${style}(${ident(column)})`;
}
