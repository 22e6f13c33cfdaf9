/**
 * Which columns hold the amounts to compare, checked against the data itself (issue 25). The
 * mapping engine sees names and ~20 sample rows; `Brutto` ↔ `Betrag` shares no name, and a sample
 * of unrelated rows shares no value. Here every pair of number columns is tried over the loaded
 * rows: the amount pair is the one whose values meet most often (an open item paid to the cent),
 * a customer number or a balance meets its counterpart by chance only. A statement amount that
 * has a signed form (Paid in/Paid out, Af/Bij) is compared in that form.
 */
import type { FieldMapping } from '../../../shared/reconcile/recipe';
import type { ColumnTyping, Side } from '../../../shared/reconcile/sources-and-runs';
import type { Db } from './db';
import { ident } from './sql';
import { typedView } from './row-columns';

/** Rows read per side: the same rows every time, bounded at any size. */
const SAMPLE = 20_000;
/** At least this share of the left side's amounts must appear on the right. */
const MIN_SHARE = 0.1;
/**
 * Or, when payers deduct something from nearly every payment (a tax withheld, a fee), fewer meet
 * to the cent: at least this share, and CHANCE_FACTOR times the share that meets the right values
 * moved by an odd amount (CHANCE_SHIFT) — cent amounts of unrelated columns meet by chance about
 * as often either way; an amount pair's exact meets stand out.
 */
const MIN_SHARE_OVER_CHANCE = 0.03;
const CHANCE_FACTOR = 20;
const CHANCE_SHIFT = 0.37;

export interface AmountPair {
  left: string;
  right: string;
  /** Share of left values found among the right values (sign ignored). */
  share: number;
}

/** How many rows a side's sample holds: the denominator of a share over all sampled rows (no sort needed to count them). */
const sampledRows = (side: Side) => `(SELECT least(count(*), ${SAMPLE}) FROM ${ident(typedView(side))})`;

/**
 * Whole numbers only are amounts when they span orders of magnitude: a yen or won ledger has no
 * cents (5,060 to 747,340), while document and customer numbers, postcodes and counts stay within
 * one (1800012345 to 1800019999). This ratio of the 95th to the 5th percentile, at least.
 */
const WHOLE_AMOUNT_SPREAD = 20;
/**
 * And amounts fill the powers of ten they span: identifiers of two lengths (Ukraine's 8-digit
 * company codes and 10-digit personal tax numbers, 31893975 and 2485540642) span a hundredfold
 * with no 9-digit value between. Every power of ten strictly between those of the 5th and 95th
 * percentile holds at least this share of the values. The two it ends in are cut by the
 * percentiles themselves and say nothing: an Icelandic statement in whole krónur whose 95th
 * percentile is 1,451,309 holds 16 of its 1,725 amounts from 1,000,000 up to it, and was no amount.
 */
const MIN_MAGNITUDE_SHARE = 0.01;

/**
 * Share of the left side's sampled rows whose value (sign ignored, to the cent) is found in the
 * right column, for every pair of the given columns, keyed "i:j"; 0 for ids and counts (see
 * WHOLE_AMOUNT_SPREAD). Over all rows, not the filled ones: an aging bucket (`1-30 Days`, filled
 * for a sixth of the items) meets the payments as often as the balance per filled row, but the
 * balance is every item's amount. `chance`: the share that meets the right values moved by
 * CHANCE_SHIFT. All pairs in one statement: the sampled values unpivoted into one long table per
 * side (144 statements took 25 s on a wide file under load).
 */
async function meetShares(db: Db, left: ColumnTyping[], right: ColumnTyping[]): Promise<Map<string, { share: number; chance: number; cents: boolean }>> {
  // Columns numbered ("0", "1", …); DECIMAL(38, 6) holds every number the engine types, exactly.
  const long = (side: Side, cs: ColumnTyping[]) =>
    `(UNPIVOT (SELECT ${cs.map((c, i) => `CAST(s.${ident(c.name)} AS DECIMAL(38, 6)) AS ${ident(String(i))}`).join(', ')} FROM ${ident(typedView(side))} s ORDER BY hash(s.__row_id) LIMIT ${SAMPLE}) ON COLUMNS(*) INTO NAME c VALUE v)`;
  const rows = await db.all<{ lc: string; rc: string; share: number; chance: number; cents: boolean }>(
    `WITH lv AS (SELECT c, abs(round(v, 2)) AS v FROM ${long('left', left)} WHERE v <> 0),
       rv AS (SELECT DISTINCT c, abs(round(v, 2)) AS v FROM ${long('right', right)}),
       lc AS (SELECT c, count(*) AS n, count(*) FILTER (WHERE v <> round(v)) AS frac, quantile_cont(v, 0.05) AS p5, quantile_cont(v, 0.95) AS p95 FROM lv GROUP BY c),
       mag AS (SELECT lv.c, floor(log10(lv.v)) AS m, count(*) AS k FROM lv JOIN lc ON lc.c = lv.c WHERE lv.v >= 1 AND lv.v BETWEEN lc.p5 AND lc.p95 GROUP BY 1, 2),
       amounts AS (SELECT lc.c FROM lc WHERE lc.frac > 0 OR (lc.p5 >= 1 AND lc.p95 / lc.p5 >= ${WHOLE_AMOUNT_SPREAD}
         AND (SELECT count(*) FROM mag WHERE mag.c = lc.c AND mag.m > floor(log10(lc.p5)) AND mag.m < floor(log10(lc.p95)) AND mag.k >= ${MIN_MAGNITUDE_SHARE} * lc.n)
           = greatest(0, floor(log10(lc.p95)) - floor(log10(lc.p5)) - 1))),
       hits AS (SELECT lv.c AS lc, rv.c AS rc, count(*) AS n FROM lv JOIN rv ON lv.v = rv.v GROUP BY 1, 2),
       chance AS (SELECT lv.c AS lc, rv.c AS rc, count(*) AS n FROM lv JOIN rv ON lv.v = rv.v + ${CHANCE_SHIFT} GROUP BY 1, 2)
     SELECT hits.lc, hits.rc, CASE WHEN hits.lc IN (SELECT c FROM amounts) THEN hits.n / ${sampledRows('left')} ELSE 0 END AS share,
       coalesce(chance.n, 0) / ${sampledRows('left')} AS chance, coalesce(lc.frac, 0) > 0 AS cents
     FROM hits LEFT JOIN chance ON chance.lc = hits.lc AND chance.rc = hits.rc LEFT JOIN lc ON lc.c = hits.lc`,
  );
  return new Map(rows.map((r) => [`${r.lc}:${r.rc}`, { share: Number(r.share), chance: Number(r.chance), cents: r.cents === true }]));
}

/** The share of meetShares for one pair of columns; 0 unless both are number columns. */
async function pairShare(db: Db, columns: Record<Side, ColumnTyping[]>, left: string, right: string): Promise<number> {
  const l = columns.left.find((c) => c.name === left);
  const r = columns.right.find((c) => c.name === right);
  if (!l || !r || l.type !== 'number' || r.type !== 'number') return 0;
  return (await meetShares(db, [l], [r])).get('0:0')?.share ?? 0;
}

/** The number columns whose values meet most often across the two sides (up to 12 × 12 pairs), or null when none meet. */
export async function findAmountPair(db: Db, columns: Record<Side, ColumnTyping[]>): Promise<AmountPair | null> {
  const numbers = (side: Side) => columns[side].filter((c) => c.type === 'number').slice(0, 12);
  const [left, right] = [numbers('left'), numbers('right')];
  if (left.length === 0 || right.length === 0) return null;
  const shares = await meetShares(db, left, right);
  const meeting: (AmountPair & { cents: boolean })[] = [];
  left.forEach((l, i) => {
    right.forEach((r, j) => {
      const { share, chance, cents } = shares.get(`${i}:${j}`) ?? { share: 0, chance: 0, cents: false };
      if (share >= MIN_SHARE || (share >= MIN_SHARE_OVER_CHANCE && share >= CHANCE_FACTOR * chance)) meeting.push({ left: l.name, right: r.name, share, cents });
    });
  });
  // Where the money has cents, a column that never has any is not the money: a reference number
  // kept in both files (Estonia's viitenumber) meets its counterpart more often than the amounts,
  // which instalments, batches and fees keep from meeting to the cent. Whole numbers compete only
  // when no meeting column has cents (a yen or won file).
  const candidates = meeting.some((m) => m.cents) ? meeting.filter((m) => m.cents) : meeting;
  let best: AmountPair | null = null;
  for (const m of candidates) if (!best || m.share > best.share) best = { left: m.left, right: m.right, share: m.share };
  return best;
}

/** The derived signed column made from `name` (credit − debit, or an amount with its direction column), if any. */
export function signedFormOf(columns: ColumnTyping[], name: string): string | null {
  const derived = columns.filter((c) => c.derived && c.type === 'number');
  const found = derived.find((c) => (c.format ?? '').split('\u0000').slice(0, 4).includes(name));
  return found ? found.name : null;
}

/**
 * The mappings with an amount pair: the proposed one, its statement side in its signed form when
 * there is one; or, when none was proposed, the pair the data shows. Returns what changed, in words.
 */
export async function withAmountMapping(db: Db, columns: Record<Side, ColumnTyping[]>, mappings: FieldMapping[]): Promise<{ mappings: FieldMapping[]; note: string | null }> {
  const current = mappings.find((m) => m.role === 'amount');
  const pair = await findAmountPair(db, columns);
  if (current) {
    // An open-items list often has the invoice total and the amount still due: the one the
    // statement pays is the one its amounts meet more often (a part-paid invoice is paid its rest).
    const proposed = await pairShare(db, columns, current.field_a, current.field_b);
    // Either side may be the wrong column: a statement's running Balance shares its name with an
    // Open Balance, but the payments meet the Amount column, not the balance.
    const currentRight = [current.field_b, ...(columns.right.find((c) => c.name === current.field_b && c.derived)?.format ?? '').split('\u0000').slice(0, 4)];
    const other = pair && (pair.left !== current.field_a || !currentRight.includes(pair.right));
    if (pair && other && pair.share >= proposed + 0.01) {
      const right = signedFormOf(columns.right, pair.right) ?? pair.right;
      // Signed on either side, as below: a DATEV export's Umsatz with its Soll/Haben flag nets a
      // credit note against the invoices it is paid with.
      const left = signedFormOf(columns.left, pair.left) ?? pair.left;
      const swaps = [pair.left !== current.field_a ? `${pair.left} instead of ${current.field_a}` : '', !currentRight.includes(pair.right) ? `${pair.right} instead of ${current.field_b}` : ''].filter(Boolean);
      const reason = `${(pair.share * 100).toFixed(0)} % of the ${pair.left} values appear as ${pair.right} on the other side (${(proposed * 100).toFixed(0)} % of ${current.field_a} as ${current.field_b})`;
      return {
        mappings: [...mappings.filter((m) => m !== current && m.field_a !== pair.left && m.field_a !== left && m.field_b !== right), { ...current, field_a: left, field_b: right, reason }],
        note: `${swaps.join(' and ')} ${swaps.length > 1 ? 'are' : 'is'} compared: ${reason}`,
      };
    }
    const signed = signedFormOf(columns.right, current.field_b);
    const signedLeft = signedFormOf(columns.left, current.field_a);
    // The mapper may also have paired the signed forms themselves: that pair is the one compared.
    const signedPair = mappings.find((m) => m !== current && m.role === 'amount' && (m.field_a === signedLeft || m.field_b === signed));
    if (signedPair) {
      return { mappings: [signedPair, ...mappings.filter((m) => m !== current && m !== signedPair)], note: `the amounts are compared in their signed form: ${signedPair.field_a} and ${signedPair.field_b}` };
    }
    const right = signed && !mappings.some((m) => m.field_b === signed) ? signed : null;
    const left = signedLeft && !mappings.some((m) => m.field_a === signedLeft) ? signedLeft : null;
    if (!right && !left) return { mappings, note: null };
    const forms = [left ? `${current.field_a} as ${left}` : '', right ? `${current.field_b} as ${right}` : ''].filter(Boolean).join(' and ');
    return {
      mappings: mappings.map((m) => (m === current ? { ...m, field_a: left ?? m.field_a, field_b: right ?? m.field_b, reason: `${m.reason}; compared in signed form (${forms})` } : m)),
      note: `the amounts are compared in their signed form: ${forms}`,
    };
  }
  if (!pair) return { mappings, note: null };
  const right = signedFormOf(columns.right, pair.right) ?? pair.right;
  // An unsigned ledger amount with its own direction column (Montant with Sens D/C) is compared
  // signed too: a credit note then counts against the invoices it nets.
  const left = signedFormOf(columns.left, pair.left) ?? pair.left;
  // Each column is mapped once: a pair the names proposed for these columns gives way.
  const rest = mappings.filter((m) => m.field_a !== pair.left && m.field_a !== left && m.field_b !== right && m.field_b !== pair.right);
  const reason = `${(pair.share * 100).toFixed(0)} % of the ${pair.left} values appear as ${pair.right} on the other side`;
  return {
    mappings: [...rest, { field_a: left, field_b: right, confidence: Math.min(0.95, 0.5 + pair.share / 2), reason, role: 'amount' }],
    note: `no amount pair was proposed by name; ${reason}, so they are the amounts`,
  };
}
