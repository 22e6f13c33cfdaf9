/**
 * Exclusive 1:1 matching, all in SQL.
 *
 * Candidates: pairs with equal normalised keys (or, without keys, an amount
 * band join) whose amount, date and description are within the rule.
 * Selection: pairs are totally ordered by (amount delta, date delta, left row
 * hash, right row hash, ids). Each round accepts every pair that is the best
 * for its left row AND for its right row, then drops all candidates touching
 * accepted rows. The overall best remaining pair is always mutual-best, so
 * every round makes progress and the result equals a greedy pass in that
 * total order — which depends on row content, not on file order. Pairs
 * whose two rows have no other candidate are accepted up front (they are
 * mutual-best in any order), so the rounds only see contested rows.
 */
import type { MatchRule } from '../../../../shared/reconcile/recipe';
import { listValue } from '@duckdb/node-api';
import type { Db } from '../db';
import { amountWithin, daysBetween, withinDateWindow } from '../recipe-sql';
import { keysEqual, scoreExpression } from './working';

/**
 * Contested candidate pairs up to this many are assigned by one in-memory greedy pass instead of
 * SQL rounds (`KALLA_GREEDY_IN_MEMORY` overrides it: the property test runs both ways).
 */
const greedyInMemoryLimit = () => Number(process.env.KALLA_GREEDY_IN_MEMORY ?? 1_000_000);

/**
 * The greedy pass in the rounds' total order (amount delta, date delta, left hash, right hash,
 * ids): a pair is taken when both rows are still free. The same result as the mutual-best rounds
 * (the best remaining pair is always mutual-best), in one sort. Empties `cand`.
 */
async function greedyInMemory(db: Db): Promise<void> {
  const rows = await db.all<{ lid: number | bigint; rid: number | bigint }>('SELECT lid, rid FROM cand ORDER BY da, dd, lh, rh, lid, rid');
  const usedL = new Set<number>();
  const usedR = new Set<number>();
  const lids: number[] = [];
  const rids: number[] = [];
  for (const r of rows) {
    const l = Number(r.lid);
    const rr = Number(r.rid);
    if (usedL.has(l) || usedR.has(rr)) continue;
    usedL.add(l);
    usedR.add(rr);
    lids.push(l);
    rids.push(rr);
  }
  await db.exec(
    `INSERT INTO pairs SELECT c.lid, c.rid, c.la, c.ra, c.da, c.dd FROM cand c
     JOIN (SELECT unnest($1::BIGINT[]) AS lid, unnest($2::BIGINT[]) AS rid) a USING (lid, rid)
     QUALIFY row_number() OVER (PARTITION BY c.lid, c.rid ORDER BY c.da, c.dd) = 1`,
    [listValue(lids), listValue(rids)],
  );
  await db.exec('DELETE FROM cand');
}

export async function matchOneToOne(db: Db, rule: MatchRule, ruleIdx: number, shouldStop: () => void): Promise<void> {
  await db.exec(`CREATE OR REPLACE TEMP TABLE pairs (lid BIGINT, rid BIGINT, la DECIMAL(18,6), ra DECIMAL(18,6), da DECIMAL(38,6), dd INTEGER)`);
  // A pair whose rows have no other candidate is trivially mutual-best: accept those with two
  // hash aggregates (the bulk of real data) and leave only contested rows to the window rounds.
  // Each candidate is marked once (`u`: its two rows have no other candidate); the unique pairs and
  // the contested rest are then two filters of that table, not an anti-join of cand0 against newp.
  // The candidates are a CTE of this statement, not a table of their own written and read back.
  // A row in cand0 has at least one candidate, so "exactly one" is "not more than one": the mark
  // joins then hash only the ids with several candidates (1M bench: under 38k of 818k candidates;
  // the statement's CPU 0.62 -> 0.46 s), not every id of the candidates.
  await db.exec(`CREATE OR REPLACE TEMP TABLE cand0u AS
    WITH cand0 AS MATERIALIZED (${candidatesSql(rule)})
    SELECT c.*, NOT (c.lid IN (SELECT lid FROM cand0 GROUP BY lid HAVING count(*) > 1)
      OR c.rid IN (SELECT rid FROM cand0 GROUP BY rid HAVING count(*) > 1)) AS u FROM cand0 c`);
  // Unique pairs go straight into the groups: neither of their rows has another candidate, so none
  // is ambiguous (amb_pairs looks at contested pairs only) and none decides a lost row. `pairs`
  // holds the contested pairs accepted below (1M: a copy and a join of ~780k pairs saved).
  await db.exec(
    `INSERT INTO gtmp SELECT ${ruleIdx}, $1, '1:1', ${rule.auto_confirm ? `'auto'` : `'suggested'`}, [lid], [rid], la, ra, dd, ${scoreExpression('da', 'dd', 'la')}
     FROM cand0u WHERE u`,
    [rule.id],
  );
  // Every candidate of a row left unmatched is contested (a row with one candidate pair is unique),
  // so `contested` is all the duplicate bookkeeping below needs; the rounds work on `cand`, which shrinks.
  // A unique pair's left row has no other candidate, so "not unique" is exactly "its left row is not
  // in a unique pair" (the anti-join this replaced).
  await db.exec('CREATE OR REPLACE TEMP TABLE contested AS SELECT * EXCLUDE (u) FROM cand0u WHERE NOT u');
  await db.exec('DROP TABLE IF EXISTS temp.cand0u');
  await db.exec('CREATE OR REPLACE TEMP TABLE cand AS SELECT * FROM contested');
  const contestedPairs = await db.scalarNumber('SELECT count(*) FROM cand');
  // Long chains of contested rows (many rows sharing a low-cardinality key) take one round per link:
  // 204 rounds of ~0.2 s were seen. Up to a million pairs the same greedy pass runs in memory.
  if (contestedPairs > 0 && contestedPairs <= greedyInMemoryLimit()) await greedyInMemory(db);
  // A round with candidates left always accepts one (the best remaining pair is mutual-best), so
  // a round accepting none means `cand` is empty.
  for (;;) {
    shouldStop();
    await db.exec(`CREATE OR REPLACE TEMP TABLE newp AS
      SELECT lid, rid, la, ra, da, dd FROM (
        SELECT *,
          row_number() OVER (PARTITION BY lid ORDER BY da, dd, rh, rid) AS best_for_l,
          row_number() OVER (PARTITION BY rid ORDER BY da, dd, lh, lid) AS best_for_r
        FROM cand)
      WHERE best_for_l = 1 AND best_for_r = 1`);
    const accepted = await db.scalarNumber('SELECT count(*) FROM newp');
    if (accepted === 0) break;
    await db.exec('INSERT INTO pairs SELECT * FROM newp');
    await db.exec(`CREATE OR REPLACE TEMP TABLE cand AS
      SELECT c.* FROM cand c
      WHERE NOT EXISTS (SELECT 1 FROM newp n WHERE n.lid = c.lid)
        AND NOT EXISTS (SELECT 1 FROM newp n WHERE n.rid = c.rid)`);
  }
  await markAmbiguous(db, rule, ruleIdx);
  // The contested pairs accepted above (the unique ones are in gtmp already).
  // amb_pairs has a row per equally good alternative: one row per pair here, or a pair would be inserted twice.
  // An ambiguous pair is never auto-confirmed; a rule that only suggests leaves it to a person.
  const status = rule.auto_confirm ? `CASE WHEN amb THEN 'suggested' ELSE 'auto' END` : `'suggested'`;
  await db.exec(
    `INSERT INTO gtmp SELECT ${ruleIdx}, $1, '1:1', ${status}, [lid], [rid], la, ra, dd, ${scoreExpression('da', 'dd', 'la')}
     FROM (SELECT p.*, a.lid IS NOT NULL AS amb FROM pairs p LEFT JOIN (SELECT DISTINCT lid, rid FROM amb_pairs) a USING (lid, rid))
     ${rule.auto_confirm ? '' : 'WHERE NOT amb'}`,
    [rule.id],
  );
  // Rows that had a candidate but stayed unmatched lost it to a better pair (typically duplicates).
  await db.exec(
    `INSERT INTO lost SELECT 'left', lid, ${ruleIdx}, $1, arg_min(rid, (da, dd, rh, rid)), min(da), arg_min(dd, (da, dd, rh, rid))
     FROM contested c WHERE NOT EXISTS (SELECT 1 FROM pairs p WHERE p.lid = c.lid) GROUP BY lid`,
    [rule.id],
  );
  await db.exec(
    `INSERT INTO lost SELECT 'right', rid, ${ruleIdx}, $1, arg_min(lid, (da, dd, lh, lid)), min(da), arg_min(dd, (da, dd, lh, lid))
     FROM contested c WHERE NOT EXISTS (SELECT 1 FROM pairs p WHERE p.rid = c.rid) GROUP BY rid`,
    [rule.id],
  );
}

/**
 * For a rule that only suggests (the amount alone decides), dates this close do not tell two equal
 * amounts apart (two invoices of one week, one payment). A rule that auto-confirms has a reference
 * too, and there the closer date decides, unless the dates tie as well.
 */
const AMBIGUOUS_WITHIN_DAYS = 7;

/**
 * A chosen pair is ambiguous when one of its rows had another candidate as good (the same amount
 * distance, a date distance as close — see AMBIGUOUS_WITHIN_DAYS) whose content differs: two open
 * invoices of one customer with the same amount and one payment, say. A month apart, the date
 * decides (a monthly invoice of the same amount). Identical rows (a duplicated bank line) are not ambiguous:
 * either copy is the same match. Rows of a dropped ambiguous pair are reported as such.
 */
async function markAmbiguous(db: Db, rule: MatchRule, ruleIdx: number): Promise<void> {
  const window = rule.auto_confirm ? 0 : AMBIGUOUS_WITHIN_DAYS;
  // Only contested pairs can have an alternative: a unique pair's two rows have no other candidate,
  // and every candidate of a contested pair's rows is itself contested. So `contested`, not all of
  // cand0 (at 1M: tens of thousands of rows instead of 900k), holds every pair and alternative here.
  await db.exec(`CREATE OR REPLACE TEMP TABLE amb_pairs AS
    WITH me AS (SELECT c.* FROM contested c JOIN pairs p USING (lid, rid))
    -- Two equi-joins (same left row; same right row), not one join with OR: that is a nested loop.
    SELECT me.lid, me.rid, c.lid AS other_l, c.rid AS other_r FROM me JOIN contested c ON c.lid = me.lid AND c.da = me.da
      WHERE c.rid <> me.rid AND c.rh <> me.rh AND abs(c.dd - me.dd) <= ${window}
    UNION
    SELECT me.lid, me.rid, c.lid, c.rid FROM me JOIN contested c ON c.rid = me.rid AND c.da = me.da
      WHERE c.lid <> me.lid AND c.lh <> me.lh AND abs(c.dd - me.dd) <= ${window}`);
  if (rule.auto_confirm) return;
  await db.exec(
    // Both rows of the chosen pair and the equally good rows it was chosen over.
    `INSERT INTO ambiguous
     SELECT 'left', l, ${ruleIdx}, $1, any_value(r), NULL, NULL FROM (SELECT lid AS l, rid AS r FROM amb_pairs UNION ALL SELECT other_l, rid FROM amb_pairs) GROUP BY l
     UNION ALL
     SELECT 'right', r, ${ruleIdx}, $1, any_value(l), NULL, NULL FROM (SELECT rid AS r, lid AS l FROM amb_pairs UNION ALL SELECT other_r, lid FROM amb_pairs) GROUP BY r`,
    [rule.id],
  );
}

function candidatesSql(rule: MatchRule): string {
  let join: string;
  if (rule.keys.length > 0) {
    join = keysEqual(rule);
  } else {
    // No keys: a band join on the amount lets DuckDB use a range join instead of a cross product.
    const t = rule.amount!;
    const pct = (t.tolerance_pct ?? 0) / 100;
    const band = pct >= 1 ? null : `(${t.tolerance_abs ?? 0} + ${pct} * (abs(l.amt) + ${t.tolerance_abs ?? 0}) / ${1 - pct} + 1e-6)`;
    join = band ? `r.amt BETWEEN l.amt - ${band} AND l.amt + ${band}` : 'TRUE';
  }
  // Each is TRUE when the rule has no amount (or no date).
  const conditions = [amountWithin(rule, 'l.amt', 'r.amt', 'l.base'), withinDateWindow(rule, daysBetween('l.dt', 'r.dt'))];
  if (rule.description) conditions.push(`kalla_jaccard(l.descr, r.descr) >= ${rule.description.min_similarity}`);
  return `SELECT l.id AS lid, r.id AS rid, l.h AS lh, r.h AS rh, l.amt AS la, r.amt AS ra,
      coalesce(abs(l.amt - r.amt), 0) AS da,
      coalesce(abs(date_diff('day', l.dt, r.dt)), 0)::INTEGER AS dd
    FROM w_left l JOIN w_right r ON ${join}
    WHERE ${conditions.join(' AND ')}`;
}
