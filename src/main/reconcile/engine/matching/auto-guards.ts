/**
 * Checks over the whole run before anything is persisted: an automatic confirmation that other
 * evidence in the files contradicts becomes a suggestion, saying what contradicts it. Whatever
 * rule made the group (scored model, reference cascade, payer batch): never silently booked.
 *
 * - The statement line is mirrored by a free line of the opposite amount: it may have been
 *   returned (reversals.ts).
 * - The statement line has a twin of the same amount that a refund returned: the item was paid
 *   twice, and the lines do not say which payment the refund returns (reversals.ts).
 * - The statement line names, by a validated reference, an open item of the same counterparty
 *   that is not in its group and is still open: a payer batch or an amount-and-payer pair that
 *   the payer's own words contradict (issue 27: "a batch of two invoices auto-confirmed although
 *   the payment names a different invoice"). Another customer's item named by chance (a time
 *   "1154" read as INV-1154) is no contradiction: the model weighs such tokens as `other`.
 *   Without a counterparty, only references of ≥ 6 digits count (chance rarely makes them). A
 *   collection's return debit names the item it returned; that item is open again by design.
 * - A row of the group has a free twin: another line of the same amount naming the same item (a
 *   payment sent twice from one template), or another open item of the same amount with the
 *   reference the line names (an order invoiced twice) that the line does not tell apart by a
 *   detail it cites (an instalment). One of the two is to be refunded or credited, and which one
 *   the files do not say: the group is suggested and the twin is a
 *   `paid_twice` / `booked_twice` exception (issue 25: hu-otp's duplicate payments and
 *   amazon-settlement's orders invoiced twice were booked).
 */
import type { Recipe } from '../../../../shared/reconcile/recipe';
import type { Db } from '../db';
import { guardMirroredPayments, guardRefundedTwins } from './reversals';
import { modelTokenTables } from './scored';
import { citedDetails } from './cited-detail';
import { demoteToSuggestion, isNameKey, leftPartyTable } from './working';
import { column, type SideColumns } from '../recipe-sql';
import { ident, lit } from '../sql';
import { ROW_ID, typedView } from '../row-columns';

/** Demoted group count per reason. */
export interface GuardCounts {
  mirrored: number;
  namesAnother: number;
  refundedTwin: number;
  twins: number;
}

export async function guardAutoGroups(db: Db, recipe: Recipe, columns: SideColumns): Promise<GuardCounts> {
  const mirrored = await guardMirroredPayments(db);
  const namesAnother = await guardNamedElsewhere(db, recipe, columns);
  const refundedTwin = await guardRefundedTwins(db);
  const twins = (await guardTwins(db, recipe, columns)) + (await guardPayerTwins(db, recipe, columns));
  return { mirrored, namesAnother, refundedTwin, twins };
}

/**
 * An automatic group of one payer's items found without a reference (the payer-batch rule) holds
 * an item whose payer has another open item of the same amount that is not booked automatically —
 * free, or only suggested to another line, which a person may still reject. Which of the two the
 * payment settles, the files do not say: a tenant paying "Okt + Nov" of three equal monthly rents
 * was booked to September and October, because a suggestion had taken November from the search.
 */
async function guardPayerTwins(db: Db, recipe: Recipe, columns: SideColumns): Promise<number> {
  const batches = recipe.rules.filter((r) => r.cardinality === 'N:1' && r.keys.length > 0 && r.keys.every((k) => isNameKey(k)));
  let n = 0;
  for (const rule of batches) {
    const party = await leftPartyTable(db, column(columns.left, 'left', rule.keys[0].left, `rule ${rule.id} key`));
    await db.exec(`CREATE OR REPLACE TEMP TABLE m_payer_twins AS
      WITH g AS (SELECT list_min(left_ids) AS gk, unnest(left_ids) AS lid FROM gtmp WHERE status = 'auto' AND rule_id = ${lit(rule.id)}),
        booked AS (SELECT unnest(left_ids) AS id FROM gtmp WHERE status = 'auto')
      SELECT g.gk, min(b.id) AS twin FROM g
        JOIN scope_left a ON a.id = g.lid JOIN ${party} pa ON pa.id = g.lid
        JOIN ${party} pb ON pb.p = pa.p AND pb.id <> g.lid JOIN scope_left b ON b.id = pb.id AND b.amt0 = a.amt0
      WHERE pa.p IS NOT NULL AND b.id NOT IN (SELECT id FROM booked)
      GROUP BY g.gk`);
    const found = await db.scalarNumber('SELECT count(*) FROM m_payer_twins');
    if (found === 0) continue;
    await demoteToSuggestion(db, 'm_payer_twins', `'the payer''s open item in row ' || m.twin || ' has the same amount and is not booked: which of the two this payment settles, the files do not say; check before booking'`);
    n += found;
  }
  return n;
}


async function guardNamedElsewhere(db: Db, recipe: Recipe, columns: SideColumns): Promise<number> {
  const model = recipe.rules.find((r) => r.model && r.model.references.length > 0)?.model;
  if (!model) return 0;
  const tables = modelTokenTables(model);
  if (!(await db.hasTempTable(tables.left)) || !(await db.hasTempTable(tables.right))) return 0;
  const party = model.party ? await leftPartyTable(db, column(columns.left, 'left', model.party.left, 'model counterparty')) : null;
  // Over `c`, a line's candidate (gk, left_ids, rid: the group; id, tok, ref, orig: the other item).
  const sameParty = party
    ? `EXISTS (SELECT 1 FROM ${party} pn JOIN ${party} pm ON pm.p = pn.p WHERE pn.id = c.id AND list_contains(c.left_ids, pm.id))`
    : `length(replace(c.tok, '|', '')) >= 6`;
  // A collection's return debit names the item it returned (and so its invoice's other instalments): open by design.
  const returned = (await db.hasTempTable('coll_ret'))
    ? `AND NOT EXISTS (SELECT 1 FROM coll_ret x JOIN ${tables.left} g ON g.id = x.mid WHERE x.rid = c.rid AND g.tok = c.tok AND g.ref = c.ref)`
    : '';
  // The items a group's line names that are in scope and in no group are few (83k named pairs → a
  // few hundred at 100k): they are found first, and only they are asked about their payer and
  // instalments (asked of every named pair, the payer check joined each customer's items pairwise:
  // 0.78M rows, a third of the statement).
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_named_elsewhere AS
    WITH auto AS (SELECT list_min(left_ids) AS gk, left_ids, unnest(right_ids) AS rid FROM gtmp WHERE status = 'auto'),
      grouped AS (SELECT unnest(left_ids) AS id FROM gtmp),
      c AS MATERIALIZED (SELECT a.gk, a.left_ids, a.rid, l.id, l.tok, l.ref, l.orig FROM auto a
        JOIN ${tables.right} r ON r.id = a.rid JOIN ${tables.left} l ON l.tok = r.tok AND l.ref = r.ref
        WHERE NOT list_contains(a.left_ids, l.id) AND l.id IN (SELECT id FROM scope_left) AND l.id NOT IN (SELECT id FROM grouped))
    SELECT c.gk, arg_min(c.orig, c.id) AS named FROM c
    WHERE ${sameParty}
      -- Another instalment of an invoice the group pays (3107 1/2 paid, 2/2 open) is no other item.
      AND NOT EXISTS (SELECT 1 FROM ${tables.left} g WHERE list_contains(c.left_ids, g.id) AND g.tok = c.tok AND g.ref = c.ref) ${returned}
    GROUP BY c.gk`);
  const n = await db.scalarNumber('SELECT count(*) FROM m_named_elsewhere');
  if (n === 0) return 0;
  await demoteToSuggestion(db, 'm_named_elsewhere', `'the line names ' || m.named || ', which is still open and not in this group: check before booking'`);
  return n;
}

/**
 * Twins of an automatic group's rows that are still free: a statement line of the same amount
 * naming the same item (paid twice), or an open item of the same amount carrying the reference the
 * group's line names it by (booked twice in the ledger). Either way one of the two is to be
 * refunded, credited or kept on account, and which one the files do not say.
 */
async function guardTwins(db: Db, recipe: Recipe, columns: SideColumns): Promise<number> {
  const model = recipe.rules.find((r) => r.model && r.model.references.length > 0)?.model;
  if (!model) return 0;
  const tables = modelTokenTables(model);
  if (!(await db.hasTempTable(tables.left)) || !(await db.hasTempTable(tables.right))) return 0;
  const details = citedDetails(model, columns, 'tb', 'tr');
  const toldApart = details.length > 0 ? details.map((d) => `(coalesce(${d.cited}, false) AND CAST(ta.${ident(d.column)} AS VARCHAR) IS DISTINCT FROM CAST(tb.${ident(d.column)} AS VARCHAR))`).join(' OR ') : 'FALSE';
  // Named: each automatic group's items with the token its line names them by.
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_twins AS
    WITH auto AS (SELECT list_min(left_ids) AS gk, left_ids, unnest(right_ids) AS rid FROM gtmp WHERE status = 'auto'),
      named AS (SELECT DISTINCT a.gk, a.rid, l.id AS lid, l.tok, l.ref FROM auto a
        JOIN ${tables.right} r ON r.id = a.rid JOIN ${tables.left} l ON l.tok = r.tok AND l.ref = r.ref AND list_contains(a.left_ids, l.id)),
      taken_r AS (SELECT unnest(right_ids) AS id FROM gtmp UNION ALL SELECT id FROM reversed),
      taken_l AS (SELECT unnest(left_ids) AS id FROM gtmp),
      free_r AS (SELECT id, amt0 FROM scope_right WHERE amt0 IS NOT NULL AND amt0 <> 0 AND id NOT IN (SELECT id FROM taken_r)),
      free_l AS (SELECT id, amt0 FROM scope_left WHERE amt0 IS NOT NULL AND amt0 <> 0 AND id NOT IN (SELECT id FROM taken_l)),
      c AS (
        SELECT n.gk, 'right' AS side, f.id AS twin, n.lid AS counterpart FROM named n
          JOIN scope_right p ON p.id = n.rid JOIN free_r f ON f.amt0 = p.amt0
          JOIN ${tables.right} t ON t.id = f.id AND t.tok = n.tok AND t.ref = n.ref
        UNION
        -- Not told apart by the line: an instalment the line cites ("RATA 2 DI 3") is not booked
        -- twice with the instalment it does not cite.
        SELECT n.gk, 'left', f.id, n.rid FROM named n
          JOIN scope_left p ON p.id = n.lid JOIN free_l f ON f.amt0 = p.amt0
          JOIN ${tables.left} t ON t.id = f.id AND t.tok = n.tok AND t.ref = n.ref
          JOIN ${ident(typedView('left'))} ta ON ta.${ident(ROW_ID)} = f.id JOIN ${ident(typedView('left'))} tb ON tb.${ident(ROW_ID)} = n.lid
          JOIN ${ident(typedView('right'))} tr ON tr.${ident(ROW_ID)} = n.rid
          WHERE NOT (${toldApart}))
    -- One twin holds back one group (the first by row id), as one return holds back one payment.
    SELECT gk, side, twin, counterpart FROM c QUALIFY row_number() OVER (PARTITION BY side, twin ORDER BY gk, counterpart) = 1`);
  const n = await db.scalarNumber('SELECT count(DISTINCT gk) FROM m_twins');
  if (n === 0) return 0;
  await demoteToSuggestion(
    db,
    '(SELECT gk, arg_min(side, twin) AS side, min(twin) AS twin FROM m_twins GROUP BY gk)',
    `CASE m.side WHEN 'right' THEN 'paid twice: the payment in statement row ' || m.twin || ' has the same amount and names it too; one of the two is to be refunded or kept on account'
      ELSE 'booked twice: the open item in row ' || m.twin || ' has the same amount and the reference this line names; one of the two is to be credited' END || ': check before booking'`,
  );
  await db.exec(`INSERT INTO twins SELECT side, twin, counterpart, CASE side WHEN 'right' THEN 'paid_twice' ELSE 'booked_twice' END FROM m_twins`);
  return n;
}

/** TEMP tables this module leaves for the run's end to drop. */
export const GUARD_TABLES = ['m_named_elsewhere', 'm_twins', 'm_payer_twins'];
