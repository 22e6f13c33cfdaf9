/**
 * Exceptions: open records that came close to a match, with a reason code.
 *  - duplicate_candidate: the record was within a rule's tolerance of a
 *    counterpart but a better record took it (typically a duplicate);
 *  - amount_mismatch / date_out_of_window / amount_and_date_mismatch /
 *    description_mismatch: keys equal an open record on the other side but
 *    the named check failed.
 * Rules are consulted in order; the first explanation wins. Everything else
 * stays unmatched.
 */
import type { MatchRule } from '../../../../shared/recon';
import type { Db } from '../db';
import { amountWithin } from '../recipe-sql';
import { keysEqual } from './working';

export async function createExceptionTable(db: Db): Promise<void> {
  await db.exec(`CREATE OR REPLACE TEMP TABLE exc (side VARCHAR, id BIGINT, rule_id VARCHAR, reason VARCHAR, counterpart BIGINT, da DECIMAL(38,6), dd INTEGER)`);
}

/** Duplicates first: rows still free that lost a candidate in some rule. */
export async function addDuplicateExceptions(db: Db): Promise<void> {
  await db.exec(`INSERT INTO exc
    SELECT side, id, arg_min(rule_id, rule_idx), 'duplicate_candidate', arg_min(counterpart, rule_idx), arg_min(da, rule_idx), arg_min(dd, rule_idx)
    FROM lost
    WHERE (side = 'left' AND id NOT IN (SELECT id FROM used_left)) OR (side = 'right' AND id NOT IN (SELECT id FROM used_right))
    GROUP BY side, id`);
}

/** Near misses for one keyed rule; its working tables hold only free rows. */
export async function addNearMissExceptions(db: Db, rule: MatchRule): Promise<void> {
  if (rule.keys.length === 0) return;
  const amountOk = rule.amount ? amountWithin(rule, 'l.amt', 'r.amt') : 'TRUE';
  const dateOk = rule.date ? `coalesce(abs(date_diff('day', l.dt, r.dt)) <= ${rule.date.window_days}, false)` : 'TRUE';
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
