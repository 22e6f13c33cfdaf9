/**
 * Which loaded source holds the open items (invoices, credit notes) and which the statement, for
 * either choice order (issue 25). The cash rules read references from the statement's text for the
 * open items' identifiers, so the order matters; the user may drop the bank file first.
 *
 * The deciding evidence is read off the data, not the headers: an open-items list has an
 * identifier column (nearly every value different, holding a number) whose numbers are written
 * in the other file's text, while a statement's own ids (bank references, end-to-end ids) are not
 * found in the open items. When neither direction shows that (no references at all), weaker facts
 * decide: the statement has the longer free text and the header words of a bank export. The verdict
 * carries its reasons; `margin` near 0 means the files did not say.
 */
import type { ColumnTyping, Side } from '../../../shared/reconcile/sources-and-runs';
import type { Db } from './db';
import { ident } from './sql';
import { rowsWith } from './row-columns';

export interface SideRoles {
  /** The side that holds the open items. */
  openItems: Side;
  /** Evidence for `openItems` minus evidence against, in [-1, 1]-ish points; ≥ 0.2 is a clear verdict. */
  margin: number;
  reasons: string[];
}

/** Rows read per side: the same rows every time (by hash), bounded in time at any size. */
const SAMPLE = 20_000;
/** Identifier numbers shorter than this (after leading zeros) collide with days, amounts and counts. */
const MIN_DIGITS = 3;
/** An identifier's serial numbers (its longest number) are this distinct at least: nearly one per value. */
const SERIALS_DISTINCT = 0.9;
/** Identifier values average fewer words than this ("INV-1007", "PO 7000", "2026 000123"). */
const MAX_ID_WORDS = 3;

const OPEN_ITEM_WORDS = /invoice|inv\b|rechnung|beleg|factuur|facture|fact\b|pi[eè]ce|document|doc\b|due|f[aä]llig|verval|[eé]ch[eé]ance|customer|kunde|debitor|relatie|tiers|contact|open|outstanding|openstaand|balance due/i;
const STATEMENT_WORDS = /description|verwendungszweck|buchungstext|omschrijving|mededeling|communication|paid ?(in|out)|af ?bij|valuta|value ?date|wertstellung|iban|bic|counterparty|auftraggeber|beg[uü]nstigt|zahlungspflichtig|contrepartie|transaction|narrative|bai|memo/i;

/**
 * The sample rows, with only `columns` (as `s`): sorting whole rows of a 5,000-column file once per
 * candidate column made the side roles take about a minute (issue 27). Same rows as `SELECT *` would.
 */
const sampleOf = (side: Side, columns: ColumnTyping[]) =>
  `(SELECT ${columns.map((c) => ident(c.name)).join(', ')} FROM ${rowsWith(side, columns.map((c) => c.name))} ORDER BY hash(__row_id) LIMIT ${SAMPLE})`;

/** Canonical numbers of a VARCHAR expression: digit runs without leading zeros, at least MIN_DIGITS long. */
const numbers = (x: string) =>
  `list_filter(list_transform(regexp_extract_all(coalesce(${x}, ''), '[0-9]+'), d -> ltrim(d, '0')), d -> length(d) >= ${MIN_DIGITS})`;

/**
 * Share of one side's identifier values whose number is written somewhere in the other side's text:
 * the best over its identifier columns (nearly unique, ≥ 80 % holding a number).
 */
async function referencedShare(db: Db, columns: Record<Side, ColumnTyping[]>, from: Side): Promise<{ share: number; column: string | null }> {
  const to: Side = from === 'left' ? 'right' : 'left';
  const candidates = columns[from].filter((c) => !c.derived && (c.type === 'text' || c.type === 'number')).slice(0, 40);
  if (candidates.length === 0) return { share: 0, column: null };
  const stats = await db.one<Record<string, number>>(
    `SELECT count(*) AS n, ${candidates
      .map(
        (c, i) =>
          `count(DISTINCT s.${ident(c.name)}) AS d${i}, count(*) FILTER (WHERE len(${numbers(`CAST(s.${ident(c.name)} AS VARCHAR)`)}) > 0) AS h${i}, ` +
          `avg(len(string_split(trim(CAST(s.${ident(c.name)} AS VARCHAR)), ' '))) AS w${i}`,
      )
      .join(', ')} FROM ${sampleOf(from, candidates)} s`,
  );
  const n = Number(stats?.n ?? 0);
  if (n === 0) return { share: 0, column: null };
  // An identifier is a code, not a sentence: a statement text that is unique and holds the invoice
  // number ("LAKESIDE ROOFING LLP INV-1007") would otherwise point the other way round.
  const ids = candidates.filter((_, i) => Number(stats?.[`d${i}`] ?? 0) >= 0.9 * n && Number(stats?.[`h${i}`] ?? 0) >= 0.8 * n && Number(stats?.[`w${i}`] ?? 0) < MAX_ID_WORDS);
  const texts = columns[to].filter((c) => !c.derived && c.type === 'text');
  if (ids.length === 0 || texts.length === 0) return { share: 0, column: null };
  // The other side's text columns stacked into one (UNPIVOT), so the number extraction is written
  // once, not once per column (2,500 copies in one statement at 5,000 columns). NULLs are dropped
  // by UNPIVOT; they held no number either.
  await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_roles_tokens AS
    SELECT DISTINCT unnest(${numbers('kalla_val')}) AS t FROM (
      UNPIVOT (SELECT ${texts.map((c) => `CAST(s.${ident(c.name)} AS VARCHAR) AS ${ident(c.name)}`).join(', ')} FROM ${sampleOf(to, texts)} s)
      ON ${texts.map((c) => ident(c.name)).join(', ')} INTO NAME kalla_col VALUE kalla_val)`);
  try {
    let best = { share: 0, column: null as string | null };
    for (const c of ids) {
      // The longest number of the identifier is its serial part ("INV-2026-000123" → 2026 and 123: 2026 is a year).
      // Serials that repeat identify nothing: a bank's booking timestamps ("30.11.2026 06:00:00:000")
      // are unique, but their longest number is the year, which any text of the other file writes.
      const share = await db.scalarNumber(
        `WITH n AS (SELECT ${numbers(`CAST(s.${ident(c.name)} AS VARCHAR)`)} AS ns FROM ${sampleOf(from, [c])} s),
           v AS (SELECT list_filter(ns, d -> length(d) = list_max(list_transform(ns, x -> length(x))))[1] AS t FROM n)
         SELECT CASE WHEN count(DISTINCT t) >= ${SERIALS_DISTINCT} * count(t) THEN count(*) FILTER (WHERE t IN (SELECT t FROM kalla_roles_tokens)) / greatest(1, count(t)) ELSE 0 END FROM v`,
      );
      if (share > best.share) best = { share, column: c.name };
    }
    return best;
  } finally {
    await db.exec('DROP TABLE IF EXISTS temp.kalla_roles_tokens');
  }
}

/** Mean length of the longest free-text column: remittance texts are long, names and numbers short. */
async function freeTextLength(db: Db, columns: ColumnTyping[], side: Side): Promise<number> {
  const texts = columns.filter((c) => !c.derived && c.type === 'text').slice(0, 40);
  if (texts.length === 0) return 0;
  const row = await db.one<Record<string, number>>(`SELECT ${texts.map((c, i) => `avg(length(s.${ident(c.name)})) AS a${i}`).join(', ')} FROM ${sampleOf(side, texts)} s`);
  return Math.max(0, ...texts.map((_, i) => Number(row?.[`a${i}`] ?? 0)));
}

/** Consecutive rows read for the running balance: the file's own order, from its start. */
const BALANCE_ROWS = 2_000;
/** A running balance moves by the row's amount on at least this share of consecutive rows. It outweighs the weak hints (free text, header words): a balance that follows the amounts is what a statement is. */
const BALANCE_SHARE = 0.8;

/**
 * Whether a side carries a running balance — a number column that moves from row to row by the
 * row's amount (one amount column, or the difference of a credit and a debit column), oldest first
 * (B[i] − B[i−1] = ±A[i]) or newest first (= ±A[i−1]). Bank statements print one in every market;
 * an open-items list does not. Read in the file's order, which is what the balance follows.
 */
async function runningBalance(db: Db, columns: ColumnTyping[], side: Side): Promise<{ share: number; balance: string | null; amount: string | null }> {
  const nums = columns.filter((c) => !c.derived && c.type === 'number').slice(0, 8);
  if (nums.length < 2) return { share: 0, balance: null, amount: null };
  const v = (c: ColumnTyping) => `coalesce(${ident(c.name)}, 0)`;
  // Row amounts: each number column, and each difference of two (credit − debit).
  const amounts = [
    ...nums.map((a, i) => ({ label: a.name, uses: [i], sql: `abs(${v(a)})` })),
    ...nums.flatMap((x, i) => nums.slice(i + 1).map((y, k) => ({ label: `${x.name} − ${y.name}`, uses: [i, i + 1 + k], sql: `abs(${v(x)} - ${v(y)})` }))),
  ];
  const tests = nums.flatMap((_, b) => amounts.map((a, j) => ({ b, j })).filter((t) => !amounts[t.j].uses.includes(b)));
  const row = await db.one<Record<string, number>>(
    `WITH s AS (SELECT * FROM ${rowsWith(side, nums.map((c) => c.name))} ORDER BY __row_id LIMIT ${BALANCE_ROWS}),
       -- A balance is never 0 on both rows it moves between (a column of mostly zeros, such as
       -- "collected" = total − outstanding, moves by a row's amount without being a balance).
       d AS (SELECT ${nums.map((b, i) => `CASE WHEN ${ident(b.name)} <> 0 AND lag(${ident(b.name)}) OVER w <> 0 THEN abs(${ident(b.name)} - lag(${ident(b.name)}) OVER w) END AS d${i}`).join(', ')},
               ${amounts.map((a, j) => `${a.sql} AS a${j}, lag(${a.sql}) OVER w AS p${j}`).join(', ')}
             FROM s WINDOW w AS (ORDER BY __row_id))
     SELECT count(*) AS rows, ${nums.map((_, i) => `count(*) FILTER (WHERE d${i} <> 0) AS n${i}`).join(', ')},
       ${tests.map(({ b, j }, i) => `count(*) FILTER (WHERE d${b} <> 0 AND (d${b} = a${j} OR d${b} = p${j})) AS c${i}`).join(', ')}
     FROM d`,
  );
  let best = { share: 0, balance: null as string | null, amount: null as string | null };
  tests.forEach(({ b, j }, i) => {
    const n = Number(row?.[`n${b}`] ?? 0);
    // The balance moves on most rows: a statement line is a movement.
    const share = n >= 10 && n >= 0.5 * Number(row?.rows ?? 0) ? Number(row?.[`c${i}`] ?? 0) / n : 0;
    if (share > best.share) best = { share, balance: nums[b].name, amount: amounts[j].label };
  });
  return best;
}

const wordScore = (columns: ColumnTyping[]) => {
  const names = columns.filter((c) => !c.derived).map((c) => c.name);
  return names.filter((n) => OPEN_ITEM_WORDS.test(n)).length - names.filter((n) => STATEMENT_WORDS.test(n)).length;
};

export async function detectSideRoles(db: Db, columns: Record<Side, ColumnTyping[]>): Promise<SideRoles> {
  const reasons: string[] = [];
  const [l, r] = [await referencedShare(db, columns, 'left'), await referencedShare(db, columns, 'right')];
  // Evidence that the LEFT side holds the open items; negative favours the right.
  let score = l.share - r.share;
  if (l.share > 0.02 || r.share > 0.02) {
    const [open, other] = l.share >= r.share ? [l, r] : [r, l];
    const side = l.share >= r.share ? 'left' : 'right';
    reasons.push(
      `${(open.share * 100).toFixed(0)} % of the ${side} source's ${open.column} values are written in the other file's text` +
        (other.column ? ` (${(other.share * 100).toFixed(0)} % of the other way round, ${other.column})` : ''),
    );
  }
  if (Math.abs(score) < 0.2) {
    // No clear reference direction: long free text marks the statement, header words either file.
    const [tl, tr] = [await freeTextLength(db, columns.left, 'left'), await freeTextLength(db, columns.right, 'right')];
    if (Math.max(tl, tr) >= 20 && Math.abs(tl - tr) >= 8) {
      score += tl < tr ? 0.15 : -0.15;
      reasons.push(`the ${tl < tr ? 'right' : 'left'} source has the longer free text (${Math.round(Math.max(tl, tr))} characters on average), as a bank statement's purpose text`);
    }
    const [bl, br] = [await runningBalance(db, columns.left, 'left'), await runningBalance(db, columns.right, 'right')];
    if ((bl.share >= BALANCE_SHARE) !== (br.share >= BALANCE_SHARE)) {
      const [side, found] = bl.share >= BALANCE_SHARE ? (['left', bl] as const) : (['right', br] as const);
      score += side === 'right' ? 0.45 : -0.45;
      reasons.push(`the ${side} source has a running balance (${found.balance} moves by ${found.amount} on ${Math.round(found.share * 100)} % of its rows), as a bank statement`);
    }
    const words = wordScore(columns.left) - wordScore(columns.right);
    if (words !== 0) {
      score += Math.sign(words) * Math.min(0.15, 0.05 * Math.abs(words));
      reasons.push(`the column names of the ${words > 0 ? 'left' : 'right'} source read like an open-items list`);
    }
  }
  return { openItems: score >= 0 ? 'left' : 'right', margin: Math.abs(score), reasons };
}
