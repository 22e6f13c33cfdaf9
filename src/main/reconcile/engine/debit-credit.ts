/**
 * Amounts split over a debit and a credit column (`Paid out`/`Paid in`, Italian `Dare`/`Avere`,
 * Spanish `Cargo`/`Abono`, German `Soll`/`Haben`, …) get a derived signed amount, credit − debit,
 * that can be mapped like any column (issue 25).
 *
 * Two ways to recognise the pair, the second general:
 * - **by name**, from a vocabulary of the usual headings in the languages of the markets we serve;
 * - **by the data**: two adjacent number columns of which, on nearly every row, exactly one is
 *   filled. That is what a split amount is, whatever it is called; two amounts of one document
 *   (`Pagato`, `Residuo`) are both filled on every row, and two sparse optional columns (a fee, a
 *   discount) leave most rows empty, so neither is taken. Which of the two is the debit is then
 *   read from the names if either is in the vocabulary, else from the order: ledgers and
 *   statements print the debit column first (Soll/Haben, Dare/Avere, Debe/Haber, Wn/Ma, Debit/
 *   Credit, Withdrawals/Deposits). The notice says which was taken, so a file printing them the
 *   other way round is seen; the cash learning's sign relation (credit notes and payments meeting
 *   invoices with the opposite sign) does not depend on it either way.
 */
import type { ColumnTyping, Notice } from '../../../shared/reconcile/sources-and-runs';
import { foldName } from '../../../shared/source-roles';
import type { Db } from './db';
import { signedAmountName } from './direction-indicator';
import { ident } from './sql';

/** Headings of money going out (debit), folded (lower case, no accents, separators as spaces). */
const DEBIT =
  /^(debit|debits|debet|dr|withdrawal|withdrawals|paid ?out|money ?out|debit ?amount|soll|belastung|ausgang|ausgaben|dare|addebiti|addebito|uscite|debe|debito|debitos|cargo|cargos|saidas|retraits|wn|winien|obciazenia|uttag|ut|utgaende|vydaj|vydaje)$/;
/** Headings of money coming in (credit), folded. */
const CREDIT =
  /^(credit|credits|kredit|cr|deposit|deposits|paid ?in|money ?in|credit ?amount|haben|gutschrift|eingang|einnahmen|avere|accrediti|accredito|entrate|haber|credito|creditos|abono|abonos|entradas|depots|ma|uznania|insattning|inn|inngaende|prijem|prijmy)$/;

/** On at least this share of the sampled rows exactly one of the two columns is filled. */
const EXCLUSIVE_SHARE = 0.95;
/** Each column fills at least this share of the rows: a split amount has money both ways. */
const MIN_SIDE_SHARE = 0.02;
/** A split column may hold this share of values of the other sign (a reversal printed in place). */
const MIXED_SIGN_SHARE = 0.05;

/**
 * Adds the derived signed amount to `typings` (and a notice) when a debit/credit pair is found.
 * `table` holds the raw VARCHAR columns; the data check reads the detection sample.
 */
export async function addDebitCredit(db: Db, table: string, typings: ColumnTyping[], notices: Notice[], sampleRows: number | null): Promise<void> {
  const numbers = typings.filter((t) => t.type === 'number' && !t.derived);
  const named = (re: RegExp) => numbers.find((t) => re.test(foldName(t.name.trim())));
  let debit = named(DEBIT);
  let credit = named(CREDIT);
  let how = 'by their names';
  if (!debit || !credit) {
    const found = await exclusivePair(db, table, typings, sampleRows);
    if (!found) return;
    if (found.kind === 'side-by-side') return addSideBySide(typings, notices, found.pair);
    const pair = found.pair;
    [debit, credit] = CREDIT.test(foldName(pair[0].name.trim())) || DEBIT.test(foldName(pair[1].name.trim())) ? [pair[1], pair[0]] : pair;
    how = named(DEBIT) === debit || named(CREDIT) === credit
      ? 'because exactly one of them is filled on each row, and by the name'
      : 'because exactly one of them is filled on each row; the first taken as the debit, as ledgers and statements print them (swap the columns if yours prints the credit first)';
  }
  const name = signedAmountName(typings);
  typings.push({ name, type: 'number', derived: true, format: [credit.name, debit.name, credit.format ?? 'us', debit.format ?? 'us'].join('\u0000') });
  notices.push({
    code: 'derived_signed_amount',
    column: name,
    message: `separate debit ("${debit.name}") and credit ("${credit.name}") columns found ${how}; derived ${name} = credit − debit`,
  });
}

/** Tags a derived column that is the one filled value of columns side by side. */
export const SIDE_BY_SIDE_TAG = 'side-by-side';

/**
 * Two amount columns of which each row fills one, at least one of them signed — one per currency or account, as RBC
 * prints `CAD$` and `USD$` — get a derived column holding the row's amount whichever is filled,
 * so a payment in either currency can meet its invoice.
 */
function addSideBySide(typings: ColumnTyping[], notices: Notice[], [a, b]: [ColumnTyping, ColumnTyping]): void {
  const name = signedAmountName(typings);
  typings.push({ name, type: 'number', derived: true, format: [SIDE_BY_SIDE_TAG, a.name, b.name, a.format ?? 'us', b.format ?? 'us'].join('\u0000') });
  notices.push({
    code: 'derived_signed_amount',
    column: name,
    message: `"${a.name}" and "${b.name}" each hold money in and out, and each row fills one of them (one column per currency or account): derived ${name}, the amount of the row whichever is filled`,
  });
}

/** The derived column's SQL when it is a side-by-side one; null for other derived columns. */
export function sideBySideExpression(typing: ColumnTyping, amountOf: (column: string, style: 'us' | 'eu') => string): string | null {
  const [tag, a, b, styleA, styleB] = (typing.format ?? '').split('\u0000');
  if (tag !== SIDE_BY_SIDE_TAG) return null;
  return `coalesce(${amountOf(a, styleA === 'eu' ? 'eu' : 'us')}, ${amountOf(b, styleB === 'eu' ? 'eu' : 'us')})`;
}

/**
 * The first two adjacent number columns of which exactly one is filled on nearly every row: a
 * split amount when each holds one sign, columns side by side (currencies, accounts) when one
 * holds money both ways.
 */
async function exclusivePair(
  db: Db,
  table: string,
  typings: ColumnTyping[],
  sampleRows: number | null,
): Promise<{ kind: 'split' | 'side-by-side'; pair: [ColumnTyping, ColumnTyping] } | null> {
  const candidates: [ColumnTyping, ColumnTyping][] = [];
  for (let i = 0; i + 1 < typings.length; i++) {
    const [a, b] = [typings[i], typings[i + 1]];
    if (a.type === 'number' && b.type === 'number' && !a.derived && !b.derived) candidates.push([a, b]);
  }
  // Wide files have hundreds of such pairs and no split amount: the usual exports have one.
  if (candidates.length === 0 || candidates.length > 8) return null;
  // Filled: an amount other than zero. Many banks print 0,00 on the side that did not move
  // (Galicia's Débitos/Créditos); read as filled, no row had exactly one side and the pair was lost.
  const parsed = (t: ColumnTyping) => `kalla_parse_${t.format === 'eu' ? 'eu' : 'us'}(${ident(t.name)})`;
  const filled = (t: ColumnTyping) => `(nullif(trim(${ident(t.name)}), '') IS NOT NULL AND coalesce(${parsed(t)}, 1) <> 0)`;
  const negative = (t: ColumnTyping) => `${parsed(t)} < 0`;
  const row = await db.one<Record<string, unknown>>(
    `SELECT count(*) AS n, ${candidates
      .map(
        ([a, b], i) =>
          `count(*) FILTER (WHERE ${filled(a)} AND NOT ${filled(b)}) AS a${i}, count(*) FILTER (WHERE ${filled(b)} AND NOT ${filled(a)}) AS b${i}, ` +
          `count(*) FILTER (WHERE ${negative(a)}) AS an${i}, count(*) FILTER (WHERE ${negative(b)}) AS bn${i}`,
      )
      .join(', ')} FROM (SELECT * FROM ${ident(table)}${sampleRows ? ` LIMIT ${sampleRows}` : ''})`,
  );
  const n = Number(row?.n ?? 0);
  if (n === 0) return null;
  // A column of one direction holds one sign (debits printed as 12.00 or as -12.00, never both);
  // a column holding money both ways makes the pair two accounts or currencies side by side
  // (RBC's `CAD$` / `USD$`), not a split amount.
  const oneSign = (filledCount: number, negatives: number) => Math.min(negatives, filledCount - negatives) <= MIXED_SIGN_SHARE * filledCount;
  for (const [i, pair] of candidates.entries()) {
    const a = Number(row?.[`a${i}`] ?? 0);
    const b = Number(row?.[`b${i}`] ?? 0);
    if (a + b < EXCLUSIVE_SHARE * n || a < MIN_SIDE_SHARE * n || b < MIN_SIDE_SHARE * n) continue;
    const [aOne, bOne] = [oneSign(a, Number(row?.[`an${i}`] ?? 0)), oneSign(b, Number(row?.[`bn${i}`] ?? 0))];
    return { kind: aOne && bOne ? 'split' : 'side-by-side', pair };
  }
  return null;
}
