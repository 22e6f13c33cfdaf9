/**
 * Exceptions: open records that came close to a match, with a reason code.
 *  - reversed_pair: a statement line and its reversal net to zero (scored model);
 *  - paid_twice / booked_twice: a twin of a matched row (auto-guards.ts);
 *  - ambiguous_candidates: a suggest-only rule found two counterparts that fit
 *    exactly as well and left the choice to a person;
 *  - duplicate_candidate: the record was within a rule's tolerance of a
 *    counterpart but a better record took it (typically a duplicate);
 *  - amount_mismatch / date_out_of_window / amount_and_date_mismatch /
 *    description_mismatch: keys equal an open record on the other side but
 *    the named check failed;
 *  - named_sum_mismatch: a payment names several open invoices (reference key,
 *    N:1) but their sum is not the payment; the difference is recorded, and
 *    the named invoices point back at the payment.
 * Rules are consulted in order; the first explanation wins. Everything else
 * stays unmatched.
 */
import type { MatchRule } from '../../../../shared/reconcile/recipe';
import type { Db } from '../db';
import { amountWithin, daysBetween, withheldMixSql, withinDateWindow } from '../recipe-sql';
import { namedSetsSql } from './groups';
import { keysEqual } from './working';

export async function createExceptionTable(db: Db): Promise<void> {
  await db.exec(`CREATE OR REPLACE TEMP TABLE exc (side VARCHAR, id BIGINT, rule_id VARCHAR, reason VARCHAR, counterpart BIGINT, da DECIMAL(38,6), dd INTEGER)`);
}

/**
 * Ambiguous rows first (free rows a suggest-only rule left because two counterparts fitted equally
 * well), then duplicates: rows still free that lost a candidate in some rule.
 */
export async function addDuplicateExceptions(db: Db): Promise<void> {
  // A line and its reversal first: they were taken out of the matching on purpose.
  await db.exec(`INSERT INTO exc SELECT 'right', id, 'scored', 'reversed_pair', any_value(counterpart), NULL, NULL FROM reversed GROUP BY id`);
  await db.exec(`INSERT INTO exc SELECT side, id, 'scored', any_value(reason), any_value(counterpart), NULL, NULL FROM twins GROUP BY side, id`);
  await db.exec(`INSERT INTO exc
    SELECT side, id, arg_min(rule_id, rule_idx), 'ambiguous_candidates', arg_min(counterpart, rule_idx), NULL, NULL
    FROM ambiguous
    WHERE NOT EXISTS (SELECT 1 FROM exc e WHERE e.side = ambiguous.side AND e.id = ambiguous.id)
      AND ((side = 'left' AND id NOT IN (SELECT id FROM used_left)) OR (side = 'right' AND id NOT IN (SELECT id FROM used_right)))
    GROUP BY side, id`);
  await db.exec(`INSERT INTO exc
    SELECT side, id, arg_min(rule_id, rule_idx), 'duplicate_candidate', arg_min(counterpart, rule_idx), arg_min(da, rule_idx), arg_min(dd, rule_idx)
    FROM lost
    WHERE ((side = 'left' AND id NOT IN (SELECT id FROM used_left)) OR (side = 'right' AND id NOT IN (SELECT id FROM used_right)))
      AND NOT EXISTS (SELECT 1 FROM exc e WHERE e.side = lost.side AND e.id = lost.id)
    GROUP BY side, id`);
}

/**
 * A free payment (right) naming ≥ 2 free invoices (left) by reference whose sum disagrees: the
 * payment and each named invoice get `named_sum_mismatch` with the difference (payment − sum), so
 * a reviewer sees what was named and what is missing. Runs before the per-pair near misses.
 */
export async function addNamedSumExceptions(db: Db, rule: MatchRule): Promise<void> {
  // A payment of the named items less a tax withheld on them (left − right = −diff) is no mismatch.
  const withheld = rule.amount?.differences ? withheldMixSql(rule.amount.differences, 'bases', '(-diff)') : null;
  await db.exec(`CREATE OR REPLACE TEMP TABLE near AS
    WITH g AS (SELECT oid AS rid, ids AS lids, oamt - total AS diff, bases FROM (${namedSetsSql(rule, 'w_right', 'w_left')}) s)
    SELECT * EXCLUDE (bases) FROM g WHERE NOT coalesce(${amountWithin(rule, 'diff + 0', '0')}, false)${withheld ? ` AND NOT coalesce(${withheld}, false)` : ''}
      AND NOT EXISTS (SELECT 1 FROM exc e WHERE e.side = 'right' AND e.id = g.rid)`);
  await db.exec(`INSERT INTO exc SELECT 'right', rid, $1, 'named_sum_mismatch', lids[1], diff, NULL FROM near`, [rule.id]);
  await db.exec(
    `INSERT INTO exc SELECT 'left', lid, $1, 'named_sum_mismatch', any_value(rid), any_value(diff), NULL
     FROM (SELECT rid, unnest(lids) AS lid, diff FROM near) n
     WHERE NOT EXISTS (SELECT 1 FROM exc e WHERE e.side = 'left' AND e.id = n.lid) GROUP BY lid`,
    [rule.id],
  );
}

/**
 * A key pairing each row with this many free rows on the other side, on average and on both sides
 * (a reference named by two instalments pairs two to one, not two to two),
 * groups records (a customer number, a payer's account) rather than naming one.
 */
const GROUPING_FANOUT = 2;

/**
 * Whether the rule's key names one record: "amount mismatch with another invoice of the same
 * customer" explains nothing, so a grouping key leaves its rows open items (issue 25: unpaid
 * invoices showed as exceptions next to a customer's other payments). Read off the free rows'
 * key counts, so the check costs one aggregate per side and never the pairs themselves.
 */
async function keyNamesOneRecord(db: Db, rule: MatchRule): Promise<boolean> {
  const keys = rule.keys.map((_, i) => `k${i}`).join(', ');
  const row = await db.one<{ pairs: number | null; lrows: number | null; rrows: number | null }>(
    `WITH l AS (SELECT ${keys}, count(*) AS n FROM w_left GROUP BY ALL), r AS (SELECT ${keys}, count(*) AS n FROM w_right GROUP BY ALL)
     SELECT sum(l.n * r.n)::DOUBLE AS pairs, sum(l.n)::DOUBLE AS lrows, sum(r.n)::DOUBLE AS rrows FROM l JOIN r USING (${keys})`,
  );
  const [pairs, lrows, rrows] = [Number(row?.pairs ?? 0), Number(row?.lrows ?? 0), Number(row?.rrows ?? 0)];
  return pairs === 0 || pairs < GROUPING_FANOUT * lrows || pairs < GROUPING_FANOUT * rrows;
}

/** Near misses for one keyed rule; its working tables hold only free rows. */
export async function addNearMissExceptions(db: Db, rule: MatchRule): Promise<void> {
  if (rule.keys.length === 0 || !(await keyNamesOneRecord(db, rule))) return;
  const amountOk = rule.amount ? amountWithin(rule, 'l.amt', 'r.amt', 'l.base') : 'TRUE';
  const dateOk = rule.date ? `coalesce(${withinDateWindow(rule, daysBetween('l.dt', 'r.dt'))}, false)` : 'TRUE';
  const descOk = rule.description ? `kalla_jaccard(l.descr, r.descr) >= ${rule.description.min_similarity}` : 'TRUE';
  await db.exec(`CREATE OR REPLACE TEMP TABLE near AS
    SELECT l.id AS lid, r.id AS rid, l.h AS lh, r.h AS rh,
      coalesce(abs(l.amt - r.amt), 0) AS da,
      coalesce(abs(date_diff('day', l.dt, r.dt)), 0)::INTEGER AS dd,
      CASE
        WHEN NOT coalesce(${amountOk}, false) AND NOT ${dateOk} THEN 'amount_and_date_mismatch'
        WHEN NOT coalesce(${amountOk}, false) THEN 'amount_mismatch'
        WHEN NOT ${dateOk} THEN 'date_out_of_window'
        WHEN NOT coalesce(${descOk}, false) THEN 'description_mismatch'
        ELSE 'duplicate_candidate' END AS reason
    FROM w_left l JOIN w_right r ON ${keysEqual(rule)}
    WHERE NOT EXISTS (SELECT 1 FROM exc e WHERE e.side = 'left' AND e.id = l.id)
      AND NOT EXISTS (SELECT 1 FROM exc e WHERE e.side = 'right' AND e.id = r.id)`);
  await db.exec(
    `INSERT INTO exc SELECT 'left', lid, $1, arg_min(reason, (da, dd, rh, rid)), arg_min(rid, (da, dd, rh, rid)), min(da), arg_min(dd, (da, dd, rh, rid)) FROM near GROUP BY lid`,
    [rule.id],
  );
  await db.exec(
    `INSERT INTO exc SELECT 'right', rid, $1, arg_min(reason, (da, dd, lh, lid)), arg_min(lid, (da, dd, lh, lid)), min(da), arg_min(dd, (da, dd, lh, lid)) FROM near GROUP BY rid`,
    [rule.id],
  );
}
