/**
 * Payments that were reversed: a direct debit and its return (`RUECKLASTSCHRIFT`), a payment
 * refunded, a cheque returned unpaid. The pair nets to zero, so neither line pays an open item.
 *
 * Two strengths of evidence:
 * - **Tied** (scored model, before candidates): same amount, opposite sign, within REVERSAL_DAYS,
 *   and something ties the two lines: the same counterparty, the same reference, a distinctive
 *   token only these two lines carry (the original's end-to-end or bank id quoted in the return),
 *   or a return word on either line. Both lines leave the matching as `reversed_pair` exceptions.
 * - **Mirrored only** (every rule, after the run): an automatically confirmed group whose statement
 *   line is mirrored by a free line of the opposite amount, with nothing else tying them. That may
 *   be a coincidence (an unrelated outgoing payment of the same amount) or a return that names
 *   neither reference nor payer: the group is kept but only suggested, with the reason in its
 *   evidence, and the mirroring line is a `reversed_pair` exception pointing at it. Never silently
 *   booked as paid.
 */
import type { Db } from '../db';
import type { SideColumns } from '../recipe-sql';
import { textExpression } from '../recipe-sql';
import { ident } from '../sql';
import { ROW_ID, rowsWith } from '../row-columns';
import { demoteToSuggestion } from './working';

/** Two statement lines this many days apart or less can be a payment and its reversal. */
export const REVERSAL_DAYS = 60;
/**
 * Two payments of one amount naming one item this many days apart or less are one payment sent
 * twice (a reminder crossing the first payment); a month apart they are instalments or fees.
 */
const DUPLICATE_DAYS = 10;

/**
 * A statement's date may be a value or payout date that trails the booking by a settlement cycle
 * (card payouts five days, SEPA and cheque clearing two or three): a line dated up to this many
 * days after a return can still be the payment it returns.
 */
const SETTLEMENT_LAG_DAYS = 5;

/**
 * Words banks put on a returned or reversed item, folded to lower case without accents. A general
 * vocabulary (SEPA R-transactions, ACH/cheque returns, the usual words of European banks), not the
 * wording of one test file: a return word alone never ties two lines — the amount must mirror.
 */
export const RETURN_WORDS = [
  'return', 'returned', 'reversal', 'reversed', 'chargeback', 'refund', 'unpaid', 'nsf', 'rejected',
  'rucklastschrift', 'ruecklastschrift', 'ruckbuchung', 'rueckbuchung', 'ruckuberweisung', 'storno', 'stornierung',
  'retour', 'retourne', 'rejet', 'impaye', 'terugboeking', 'stornering', 'gestorneerd',
  'devolucion', 'devuelto', 'devuelta', 'retrocesion', 'protestado', 'protesto', 'protestato', 'rechazado', 'rechazada', 'impagado', 'impagada', 'zwrot', 'palautus', 'palautettu', 'retur', 'returnert', 'tilbagefort',
  'devolucao', 'devolvido', 'devolvida', 'estorno', 'insoluto', 'insoluti', 'stornato', 'richiamato', 'iade', 'karsiliksiz',
  'visszautalas', 'visszaterites', 'vraceni', 'vratka', 'returnare', 'pengembalian',
  // Other scripts, folded as the text is (lower case, no accents): Hebrew, Arabic, Greek, Cyrillic.
  'חוזר', 'חזר', 'החזר', 'החזרה', 'החזרת', 'مرتجع', 'ارجاع', 'إرجاع', 'مردود', 'استرداد', 'επιστροφη', 'ακυρωση',
  'возврат', 'сторно', 'отмена', 'повернення',
];

/** Return marks of scripts written without spaces between words (Japanese, Chinese, Korean): found anywhere in the text. */
export const RETURN_MARKS = ['返却', '返金', '不渡', '組戻', '退票', '退回', '退汇', '退匯', '退款', '冲正', '반환', '부도', '환불'];

/**
 * A return word as a whole word — a letter or digit of any script on neither side (RE2's `\b` knows
 * only ASCII letters, so Hebrew `שיק חוזר` never matched) — or a return mark anywhere.
 */
const RETURN_PATTERN = `(^|[^\\pL\\pN])(${RETURN_WORDS.join('|')})([^\\pL\\pN]|$)|${RETURN_MARKS.join('|')}`;

/**
 * Tokens this long (and holding a digit) that only two or three lines carry tie them: an id quoted
 * back — by the return, and by the transfer that replaces a returned cheque (eg-cib: deposit, return
 * and replacement all quote the cheque number; at two, none was tied and the drawer's name tied the
 * return to the replacement).
 */
const MIN_ID_TOKEN = 6;

/**
 * The sign of a payment among the working statement rows: that of the open items (w_left), whose
 * amounts the lines' are compared with. A ledger that books invoices as debits (Tally's "Dr",
 * lk-sampath) has them negative, and so are its payments: `a`, the payment of a pair, was taken
 * as the positive line, the refund, and the tie-breaks meant for the refund's candidates (the line
 * naming no item, the nearer in the file) were applied to the payment's.
 */
const PAYMENT_SIGN = `coalesce(nullif(sign(median(amt)), 0), 1) FROM w_left`;

/**
 * Finds tied reversals among the working statement rows (w_right) and takes them out of the
 * matching: into `reversed` (each line with the other) and `used_right`. m_rparty, m_rtok and
 * m_ltok must exist (counterparty and reference tokens of the working rows).
 */
export async function removeTiedReversals(db: Db, columns: SideColumns): Promise<void> {
  const texts = columns.right.filter((c) => c.type === 'text' && !c.derived);
  const joined = texts.length > 0 ? `lower(strip_accents(concat_ws(' ', ${texts.map(textExpression).join(', ')})))` : `''`;
  const words = `'${RETURN_PATTERN}'`;
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_rev_rows AS
    WITH mirrored AS (SELECT * FROM w_right w
      WHERE w.amt IS NOT NULL AND w.amt <> 0 AND abs(w.amt) IN (SELECT abs(amt) FROM w_right WHERE amt < 0) AND abs(w.amt) IN (SELECT amt FROM w_right WHERE amt > 0))
    SELECT w.id, w.amt, w.dt, rp.p, ${joined} AS txt, regexp_matches(${joined}, ${words}) AS ret,
      -- Whether the line names an open item: a reversal takes the line that names none first. Asked
      -- of the mirrored lines only: over every line it is the candidates' whole reference join again.
      w.id IN (SELECT t.id FROM m_rtok t JOIN m_ltok l ON l.tok = t.tok AND l.ref = t.ref WHERE t.id IN (SELECT id FROM mirrored)) AS names
    FROM mirrored w LEFT JOIN m_rparty rp ON rp.id = w.id JOIN ${rowsWith('right', texts.map((c) => c.name))} s ON s.${ident(ROW_ID)} = w.id`);
  // Distinctive tokens of those lines that two or three of them carry.
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_rev_tok AS
    WITH t AS (SELECT DISTINCT id, unnest(regexp_extract_all(txt, '[a-z0-9]{${MIN_ID_TOKEN},}')) AS tok FROM m_rev_rows)
    SELECT id, tok FROM t WHERE regexp_matches(tok, '[0-9]') QUALIFY count(*) OVER (PARTITION BY tok) BETWEEN 2 AND 3`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_rev_c AS
    WITH c0 AS (
      SELECT *, CASE WHEN (a_p IS NOT NULL AND a_p = b_p) OR quoted THEN 0 WHEN b_ret OR a_ret THEN 1 END AS tie FROM (
      SELECT a.id AS a, b.id AS b, abs(coalesce(date_diff('day', a.dt, b.dt), 0)) AS days, a.names AS a_names, a.p AS a_p, b.p AS b_p, a.ret AS a_ret, b.ret AS b_ret,
        -- tie 0: the two lines are tied to each other (payer, reference, an id quoted back); 1: only a return word.
        -- quoted: by what one line quotes of the other (an id, a reference), not only by the payer.
        EXISTS (SELECT 1 FROM m_rev_tok ta JOIN m_rev_tok tb ON tb.tok = ta.tok WHERE ta.id = a.id AND tb.id = b.id)
          OR EXISTS (SELECT 1 FROM m_rtok ta JOIN m_rtok tb ON tb.tok = ta.tok AND tb.ref = ta.ref WHERE ta.id = a.id AND tb.id = b.id) AS quoted
      FROM m_rev_rows a JOIN m_rev_rows b ON b.amt = -a.amt AND sign(a.amt) = (SELECT ${PAYMENT_SIGN})
      WHERE abs(coalesce(date_diff('day', a.dt, b.dt), 0)) <= ${REVERSAL_DAYS}
        -- The line saying it is a return comes after the line it returns, not before: a cheque's
        -- replacement quoting the returned cheque is no original of that return (eg-cib). By more
        -- than a settlement lag: a card payment's payout date trails its failure (ie-stripe).
        AND NOT coalesce(b.ret AND NOT a.ret AND date_diff('day', b.dt, a.dt) > ${SETTLEMENT_LAG_DAYS}, false)
        AND NOT coalesce(a.ret AND NOT b.ret AND date_diff('day', a.dt, b.dt) > ${SETTLEMENT_LAG_DAYS}, false))),
    c AS (SELECT * FROM c0 WHERE tie IS NOT NULL)
    SELECT *, row_number() OVER (PARTITION BY a ORDER BY tie, days, b) AS ra, row_number() OVER (PARTITION BY b ORDER BY tie, days, a_names, abs(b - a), a) AS rb FROM c`);
  // The line tied to it wins over one only a return word links (the statement may carry no dates).
  // Of two payments tied alike (a transfer credited twice, the duplicate reversed), the reversal
  // takes one naming no open item: the line naming the invoice is the evidence that pays it; then
  // the nearer in the file (a duplicate is booked after its original, in either order of lines).
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_rev AS SELECT a, b FROM m_rev_c WHERE ra = 1 AND rb = 1`);
  // A refund tied as strongly to another payment of the same amount: the item was paid twice and
  // one payment returned, but the lines do not say which. The twin stays in the matching (it pays
  // the item) and its group is only suggested (guardRefundedTwins).
  await db.exec(`INSERT INTO m_rev_twin
    SELECT DISTINCT c.a AS tid, m.a, m.b FROM m_rev_c c JOIN m_rev_c m ON m.b = c.b AND m.ra = 1 AND m.rb = 1 AND m.tie = 0
    WHERE c.tie = 0 AND c.a <> m.a AND c.a NOT IN (SELECT a FROM m_rev)`);
  // A refund tied to its payment by the payer alone (or a return word), when another payment of
  // that amount names the same item within DUPLICATE_DAYS: the item was paid twice, and the refund
  // quotes nothing that says which payment it returns (a payer name spelled two ways made one
  // payment the refund's by name: fi-viitenumero, 10 duplicates booked against the wrong payment).
  await db.exec(`INSERT INTO m_rev_twin
    SELECT DISTINCT o.id AS tid, m.a, m.b FROM m_rev m JOIN m_rev_c c ON c.a = m.a AND c.b = m.b AND NOT c.quoted
      JOIN m_rev_rows pa ON pa.id = m.a JOIN m_rev_rows o ON o.amt = pa.amt AND o.id <> m.a
        AND abs(coalesce(date_diff('day', o.dt, pa.dt), 0)) <= ${DUPLICATE_DAYS}
    WHERE o.id NOT IN (SELECT a FROM m_rev UNION ALL SELECT b FROM m_rev) AND o.id NOT IN (SELECT tid FROM m_rev_twin)
      AND EXISTS (SELECT 1 FROM m_rtok ta JOIN m_rtok tb ON tb.tok = ta.tok AND tb.ref = ta.ref WHERE ta.id = m.a AND tb.id = o.id)`);
  await db.exec(`INSERT INTO reversed SELECT a, b FROM m_rev UNION ALL SELECT b, a FROM m_rev`);
  await db.exec(`INSERT INTO used_right SELECT a FROM m_rev UNION ALL SELECT b FROM m_rev`);
  await db.exec(`DELETE FROM w_right WHERE id IN (SELECT a FROM m_rev UNION ALL SELECT b FROM m_rev)`);
  await db.exec(`DELETE FROM m_rtok WHERE id IN (SELECT a FROM m_rev UNION ALL SELECT b FROM m_rev)`);
}

/** Each automatically confirmed group's statement lines: its key (smallest left row id) and a line. */
const AUTO_LINES = `(SELECT list_min(left_ids) AS gk, unnest(right_ids) AS rid FROM gtmp WHERE status = 'auto')`;

/**
 * After every rule: automatically confirmed groups whose statement line is mirrored by a free line
 * of the opposite amount become suggestions, saying which line mirrors them; that line becomes a
 * `reversed_pair` exception pointing at the payment. Without a statement date the whole statement
 * is the window (a statement is a period).
 */
export async function guardMirroredPayments(db: Db): Promise<number> {
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_mirror AS
    WITH auto AS ${AUTO_LINES},
      paid AS (SELECT a.gk, a.rid, s.amt0 FROM auto a JOIN scope_right s ON s.id = a.rid WHERE s.amt0 IS NOT NULL AND s.amt0 <> 0),
      free AS (SELECT s.id, s.amt0 FROM scope_right s WHERE s.id NOT IN (SELECT id FROM used_right) AND s.id NOT IN (SELECT id FROM reversed) AND s.amt0 IS NOT NULL),
      c AS (SELECT p.gk, p.rid, f.id AS mid FROM paid p JOIN free f ON f.amt0 = -p.amt0)
    -- Each free line mirrors one payment (the first by row id), so one return never demotes many.
    SELECT gk, rid, mid FROM c QUALIFY row_number() OVER (PARTITION BY mid ORDER BY rid) = 1`);
  const n = await db.scalarNumber('SELECT count(DISTINCT gk) FROM m_mirror');
  if (n === 0) return 0;
  await demoteToSuggestion(db, 'm_mirror', `'a later or earlier statement line of the opposite amount (row ' || m.mid || ') may be its return: check before booking'`);
  await db.exec(`INSERT INTO reversed SELECT mid, rid FROM m_mirror`);
  return n;
}

/**
 * After every rule: an automatically confirmed group whose statement line has a refunded twin (the
 * same amount, tied as strongly to the refund: m_rev_twin) becomes a suggestion saying so. The
 * item was paid twice and one payment returned; which one the refund returns, the lines do not
 * say, and a person books it (issue 25: it was confirmed as an ordinary payment).
 */
export async function guardRefundedTwins(db: Db): Promise<number> {
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_twin_groups AS
    SELECT DISTINCT ON (g.gk) g.gk, t.a, t.b FROM ${AUTO_LINES} g
    JOIN m_rev_twin t ON t.tid = g.rid ORDER BY g.gk, t.a`);
  const n = await db.scalarNumber('SELECT count(*) FROM m_twin_groups');
  if (n > 0) {
    await demoteToSuggestion(db, 'm_twin_groups', `'paid twice: the payment in statement row ' || m.a || ' has the same amount and was refunded by row ' || m.b || '; which of the two the refund returns is not said: check before booking'`);
  }
  return n;
}

/** TEMP tables this module leaves for the run's end to drop. */
export const REVERSAL_TABLES = ['m_rev_rows', 'm_rev_tok', 'm_rev_c', 'm_rev', 'm_rev_twin', 'm_mirror', 'm_twin_groups'];
