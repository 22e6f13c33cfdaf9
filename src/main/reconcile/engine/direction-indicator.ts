/**
 * Amounts written without a sign, with the direction in a column of its own: ING's `Af`/`Bij`,
 * German `S`/`H` (Soll/Haben), `DR`/`CR`, `Debit`/`Credit`, Baltic `K`/`D`, Polish `Ma`/`Wn`, `+`/`-` (issue 25). The pair of words is
 * recognised from the column's own values — exactly two of them, one of a known credit/debit pair —
 * next to a number column with no negative value; the signed amount is then derived (money in
 * positive, money out negative) and mappable like any column, and a notice says how it was made.
 */
import type { ColumnTyping, Notice } from '../../../shared/reconcile/sources-and-runs';
import type { Db } from './db';
import { ident, lit } from './sql';

/** [credit (money in), debit (money out)] spellings, lower case. */
const PAIRS: [string, string][] = [
  ['bij', 'af'],
  ['h', 's'],
  ['haben', 'soll'],
  ['cr', 'dr'],
  ['cr', 'db'],
  ['c', 'd'],
  ['credit', 'debit'],
  ['credit', 'debet'],
  // Estonian, Latvian, Lithuanian, Czech and Slovak exports: K(reedit) / D(eebet), kredit / debet.
  ['k', 'd'],
  ['kreedit', 'deebet'],
  ['kredit', 'debet'],
  // Polish ledgers and statements: Ma (credit) / Wn (winien, debit).
  ['ma', 'wn'],
  ['crédit', 'débit'],
  ['in', 'out'],
  ['+', '-'],
  ['gutschrift', 'lastschrift'],
  ['incoming', 'outgoing'],
];

const FORMAT_TAG = 'indicator';
/** Number columns checked for negative values per statement. */
const NUMBER_BATCH = 16;

/**
 * Adds `signed_amount` when a two-valued direction column sits next to an unsigned amount. `table`
 * holds the raw VARCHAR columns; `amountOf` is the typed expression of a number column.
 */
export async function addDirectionIndicator(
  db: Db,
  table: string,
  typings: ColumnTyping[],
  notices: Notice[],
  amountOf: (t: ColumnTyping) => string,
  sampleRows: number | null,
): Promise<void> {
  if (typings.some((t) => t.derived)) return;
  const texts = typings.filter((t) => t.type === 'text').slice(0, 40);
  const numbers = typings.filter((t) => t.type === 'number');
  if (texts.length === 0 || numbers.length === 0) return;
  // The columns read, not `*`: binding every column of a 5,000-column sample cost more than the
  // 40 aggregates (0.25–0.7 s CPU a side, issue 27). The same first rows either way.
  const from = (cols: ColumnTyping[]) => `(SELECT ${cols.map((t) => ident(t.name)).join(', ')} FROM ${ident(table)}${sampleRows ? ` LIMIT ${sampleRows}` : ''})`;
  // The text columns first, and the number columns only once a direction column is found, in small
  // batches in file order: one statement with two aggregates per number column took DuckDB minutes
  // to plan on a 5,000-column file (1,666 number columns; issue 27), where most files have none.
  const row = await db.one<Record<string, unknown>>(
    `SELECT ${texts.map((t, i) => `list_sort(list_distinct(list(lower(trim(${ident(t.name)}))) FILTER (WHERE nullif(trim(${ident(t.name)}), '') IS NOT NULL)))[1:3] AS v${i}`).join(', ')} FROM ${from(texts)}`,
  );
  if (!row) return;
  let found: { column: ColumnTyping; pair: [string, string] } | null = null;
  for (const [i, t] of texts.entries()) {
    const values = (row[`v${i}`] as string[] | null) ?? [];
    if (values.length !== 2) continue;
    const pair = PAIRS.find(([c, d]) => values.includes(c) && values.includes(d));
    if (pair) {
      found = { column: t, pair };
      break;
    }
  }
  if (!found) return;
  // The amount: an unsigned number column with cents somewhere, or written with them ("1341435.00":
  // rupiah, dong and yen have none) — a document number never is — the first one, as exports put
  // the amount before the balance.
  let amount: ColumnTyping | undefined;
  for (let at = 0; at < numbers.length && !amount; at += NUMBER_BATCH) {
    const batch = numbers.slice(at, at + NUMBER_BATCH);
    const signs = await db.one<Record<string, unknown>>(
      `SELECT ${batch.map((t, i) => `count(*) FILTER (WHERE ${amountOf(t)} < 0) AS neg${i}, count(${amountOf(t)}) AS n${i}, count(*) FILTER (WHERE ${amountOf(t)} <> round(${amountOf(t)}) OR regexp_matches(trim(${ident(t.name)}), '[.,][0-9]{2}$')) AS cents${i}`).join(', ')} FROM ${from(batch)}`,
    );
    amount = batch.find((_, i) => Number(signs?.[`neg${i}`] ?? 0) === 0 && Number(signs?.[`n${i}`] ?? 0) > 0 && Number(signs?.[`cents${i}`] ?? 0) > 0);
  }
  if (!amount) return;
  const name = signedAmountName(typings);
  typings.push({ name, type: 'number', derived: true, format: [FORMAT_TAG, amount.name, amount.format ?? 'us', found.column.name, ...found.pair].join('\u0000') });
  notices.push({
    code: 'derived_signed_amount',
    column: name,
    message: `amounts in "${amount.name}" have no sign; "${found.column.name}" says the direction (“${found.pair[0]}” money in, “${found.pair[1]}” money out): derived ${name}, positive for money in`,
  });
}

/** The name of a derived signed amount: `signed_amount`, or `signed_amount_2`, … when the file has one. */
export function signedAmountName(typings: ColumnTyping[]): string {
  const taken = new Set(typings.map((t) => t.name.toLowerCase()));
  let name = 'signed_amount';
  for (let k = 2; taken.has(name); k++) name = `signed_amount_${k}`;
  return name;
}

/** The derived column's SQL when it is a direction-indicator one; null for other derived columns. */
export function indicatorExpression(typing: ColumnTyping, amountOf: (column: string, style: 'us' | 'eu') => string): string | null {
  const parts = (typing.format ?? '').split('\u0000');
  if (parts[0] !== FORMAT_TAG) return null;
  const [, amount, style, indicator, credit, debit] = parts;
  const value = amountOf(amount, style === 'eu' ? 'eu' : 'us');
  const dir = `lower(trim(${ident(indicator)}))`;
  return `CASE ${dir} WHEN ${lit(credit)} THEN ${value} WHEN ${lit(debit)} THEN -(${value}) ELSE NULL END`;
}
