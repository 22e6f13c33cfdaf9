/**
 * Collections (N:1): the bank collects every open item due on one day — of one payment method —
 * and credits them as one sum: an Italian Ri.Ba. distinta, a SEPA direct-debit or BACS
 * collection, a French LCR remise. No line names an item; the evidence is the sum itself: all
 * open items of one due day (and one value of each `by` column, or one of the `of` values) adding up exactly to one line
 * dated on that day or up to the window after. A line that two days' totals fit, or a day's
 * total two lines fit, is left alone (a person decides).
 *
 * Returns: with the rule's `named` key, a later debit for exactly one member's amount that names
 * that member (an `INSOLUTO … FT 372/2026 RATA 2/2`) is that item's return. The item leaves the
 * group — it is open again — and the debit joins it: the group's statement side (credit plus
 * debits) still equals its items.
 */
import type { MatchRule } from '../../../../shared/reconcile/recipe';
import type { Db } from '../db';
import { column, firstWord, type SideColumns } from '../recipe-sql';
import { ident, lit } from '../sql';
import { ROW_ID, rowsWith } from '../row-columns';
import { REVERSAL_DAYS } from './reversals';
import { scoreExpression } from './working';

/** TEMP tables this module leaves for the run's end to drop. */
export const COLLECTION_TABLES = ['coll', 'coll_ret'];

export async function matchCollections(db: Db, rule: MatchRule, ruleIdx: number, columns: SideColumns): Promise<void> {
  const by = (rule.collection?.by ?? []).map((name) => column(columns.left, 'left', name, `rule ${rule.id} collection`));
  const window = rule.date!.window_days;
  const byCols = by.map((c, i) => `CAST(s.${ident(c.name)} AS VARCHAR) AS b${i}`);
  const of = rule.collection?.of;
  const ofColumn = of && column(columns.left, 'left', of.column, `rule ${rule.id} collection`);
  const only = ofColumn ? ` AND ${of.first_word ? firstWord(`s.${ident(ofColumn.name)}`) : `CAST(s.${ident(ofColumn.name)} AS VARCHAR)`} IN (${of.values.map(lit).join(', ')})` : '';
  await db.exec(`CREATE OR REPLACE TEMP TABLE coll AS
    WITH l AS (SELECT w.id, w.amt, w.dt${byCols.length > 0 ? `, ${byCols.join(', ')}` : ''}
               FROM w_left w JOIN ${rowsWith('left', [...by.map((c) => c.name), ...(ofColumn ? [ofColumn.name] : [])])} s ON s.${ident(ROW_ID)} = w.id WHERE w.amt IS NOT NULL AND w.dt IS NOT NULL${only}),
      g AS (SELECT dt AS due, list(id ORDER BY id) AS ids, sum(amt) AS total FROM l GROUP BY dt${by.map((_, i) => `, b${i}`).join('')} HAVING count(*) >= 2),
      c AS (SELECT r.id AS oid, r.amt AS oamt, r.dt AS odt, g.ids, g.total, g.due FROM w_right r
            JOIN g ON round(g.total, 2) = round(r.amt, 2) AND r.dt BETWEEN g.due AND g.due + ${window}
            WHERE r.amt IS NOT NULL AND r.amt <> 0)
    SELECT * FROM c QUALIFY count(*) OVER (PARTITION BY oid) = 1 AND count(*) OVER (PARTITION BY ids[1]) = 1`);
  // Returned members: a debit of exactly the item's amount, after the credit, naming the item.
  const returns = rule.named
    ? `SELECT c.oid, l.id AS mid, l.amt AS mamt, r.id AS rid, r.amt AS ramt
       FROM (SELECT oid, odt, unnest(ids) AS mid FROM coll) c JOIN w_left l ON l.id = c.mid
       JOIN w_right r ON r.amt = -l.amt AND r.amt < 0 AND r.dt BETWEEN c.odt AND c.odt + ${REVERSAL_DAYS} AND list_contains(r.nks, l.nk)
       QUALIFY count(*) OVER (PARTITION BY r.id) = 1 AND count(*) OVER (PARTITION BY l.id) = 1`
    : 'SELECT NULL::BIGINT AS oid, NULL::BIGINT AS mid, NULL::DECIMAL(38,6) AS mamt, NULL::BIGINT AS rid, NULL::DECIMAL(38,6) AS ramt WHERE false';
  await db.exec(`CREATE OR REPLACE TEMP TABLE coll_ret AS ${returns}`);
  const status = rule.auto_confirm ? "'auto'" : "'suggested'";
  await db.exec(`INSERT INTO gtmp
    WITH kept AS (SELECT c.oid, list(m.mid ORDER BY m.mid) AS ids FROM coll c, unnest(c.ids) AS m(mid)
                  WHERE m.mid NOT IN (SELECT mid FROM coll_ret) GROUP BY c.oid),
      ret AS (SELECT oid, list(rid ORDER BY rid) AS rids, sum(mamt) AS mamt, sum(ramt) AS ramt FROM coll_ret GROUP BY oid)
    SELECT ${ruleIdx}, ${lit(rule.id)}, 'N:1', ${status}, k.ids, [c.oid] || coalesce(ret.rids, []),
      c.total - coalesce(ret.mamt, 0), c.oamt + coalesce(ret.ramt, 0), date_diff('day', c.due, c.odt),
      ${scoreExpression('0', "date_diff('day', c.due, c.odt)", 'c.oamt')}
    FROM coll c JOIN kept k ON k.oid = c.oid LEFT JOIN ret ON ret.oid = c.oid WHERE len(k.ids) >= 2`);
  const byWords = (by.length > 0 ? ` with the same ${by.map((c) => c.name).join(' and ')}` : '') + (ofColumn ? ` with ${ofColumn.name} ${of.first_word ? 'starting ' : ''}${of.values.join(' / ')}` : '');
  await db.exec(`INSERT INTO group_evidence (group_key, reason, evidence)
    SELECT list_min(k.left_ids), NULL,
      'every open item due ' || strftime(c.due, '%Y-%m-%d') || ${lit(byWords)} || ' (' || len(c.ids) || ' items) adds up to this line'
      || coalesce('; returned, open again: ' || (SELECT string_agg('the item of ' || printf('%.2f', mamt), ', ' ORDER BY mid) FROM coll_ret x WHERE x.oid = c.oid) || ' (its return debit is in this group)', '')
    FROM gtmp k JOIN coll c ON k.right_ids[1] = c.oid WHERE k.rule_idx = ${ruleIdx}`);
  // The grouped rows leave the working tables in consumeGroups, which the run calls next.
}
