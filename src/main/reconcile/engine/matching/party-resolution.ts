/**
 * Which open item's counterparty a statement text names at its start, when the text does not
 * begin with the name exactly: banks cut names at their field length ("WESTFIELD BUILDING" for
 * Westfield Building Services Ltd), put initials after the surname ("WRIGHT F" for F Wright
 * Supplies) or a title before it ("MR N WRIGHT" for N Wright Motors).
 *
 * A small linkage model over name tokens, as entity resolution does it: each token of a
 * counterparty name carries its information, idf = ln(names / names holding it) — "westfield" is
 * rare and says much, "building" or "services" little. A statement token meets a name token when
 * equal, or when it is the start (≥ 3 letters) of it. A text names the counterparty whose matched
 * tokens carry the most information, when
 *   - they carry at least half of that name's information (COVERAGE), and
 *   - at least as much as a name held by one counterparty in e² (MIN_BITS × the largest idf), and
 *   - e times more than the next counterparty's (MARGIN: one nat), so "WRIGHT" alone, shared by two
 *     customers, names neither.
 */
import type { ColumnTyping } from '../../../../shared/reconcile/sources-and-runs';
import type { Db } from '../db';
import { LEGAL_WORDS, nameExpression, withoutLegalPhrases } from '../recipe-sql';
import { ident } from '../sql';
import { ROW_ID, rowsWith } from '../row-columns';

/** Share of a name's information its matched tokens must carry. */
const COVERAGE = 0.5;
/** Matched information must reach this share of the rarest token's (a token of one name). */
const MIN_BITS = 0.5;
/** The best name's matched information must beat the second's by this many nats. */
const MARGIN = 1;
/** A token shared by more names than this does not propose candidates (it still counts in a score). */
const RARE_NAMES = 50;
/** Words of the statement text read for a name: it may follow a label and a transfer id ("IPI TT REF 6843064379 AL RAYYAN GENERAL TRADING LLC"). */
const HEAD_WORDS = 12;

/**
 * A name with a part in brackets ("Shop - Area (Owner)"), the name without it, and the part inside
 * when that is a name of two words or more (an owner); one word ("(Dubai)", "(UK)", "(Pty)") is a
 * qualifier that would name any text holding it ('' then, and not read).
 */
const HAS_BRACKETS = (x: string) => `regexp_matches(${x}, '\\([^()]*\\pL[^()]*\\)')`;
const BRACKETS_OUTSIDE = (x: string) => `regexp_replace(${x}, '\\([^()]*\\)', ' ', 'g')`;
const BRACKETS_INSIDE = (x: string) => `regexp_extract(${x}, '\\(\\s*(\\pL[^()\\s]*\\s+\\pL[^()]*)\\)', 1)`;

/**
 * The readings of each name (`raw`) of `from` as rows (`keep` columns, a, x): the whole name (a = 0)
 * and, for a name with a part in brackets, the name without it (1) and that part (2). A ledger
 * names a shop with its owner in brackets ("Gye Nyame Mini Mart - Buokrom (Abena Sarpong)"), and
 * the owner pays under their own name. One definition for the learning and the run.
 */
export function nameReadingsSql(from: string, keep: string[] = []): string {
  const k = keep.map((c) => `${c}, `).join('');
  return `SELECT ${k}0 AS a, raw AS x FROM ${from}
    UNION ALL SELECT ${k}1, ${BRACKETS_OUTSIDE('raw')} FROM ${from} WHERE ${HAS_BRACKETS('raw')}
    UNION ALL SELECT ${k}2, ${BRACKETS_INSIDE('raw')} FROM ${from} WHERE ${BRACKETS_INSIDE('raw')} <> ''`;
}

/** The words of a name or text in order: lower case, accents and legal forms removed. */
function words(x: string): string {
  // Letters of every script (Hebrew Masav credits, Greek public bodies, Persian, Cyrillic names),
  // those NFD does not decompose written as banks write them in ASCII (Đầu tư: DAU TU), as
  // nameExpression reads them. A cost, measured: gr-public's public bodies, resolved in Greek, hold
  // hundreds of items each, so "same payer" weighs less for every payer and its private payers'
  // name-only payments drop from confirmed to suggested (52.6 → 0 %), while its warrants go from
  // 0 to 88.7 % suggested and il-leumi's Hebrew Masav credits from 0 to 80.7 % confirmed. A
  // per-payer (term-frequency) weight was tried and left out: mixed on the tuning worlds
  // (docs/cash-application.md, session 14).
  const folded = `regexp_replace(lower(strip_accents(translate(replace(replace(replace(lower(coalesce(${x}, '')), 'ß', 'ss'), '&', ' '), '.', ''), 'łøđı', 'lodi'))), '[^\\pL\\pN]+', ' ', 'g')`;
  return `list_filter(string_split(${withoutLegalPhrases(folded)}, ' '), t -> t <> '' AND NOT list_contains([${LEGAL_WORDS.map((w) => `'${w}'`).join(', ')}], t))`;
}

/** Tokens of a name or text: its words, each once. */
function tokens(x: string): string {
  return `list_distinct(${words(x)})`;
}

/**
 * A name's two-word initialisms ("sx" for "san xuat", "tm" for "thuong mai"): banks abbreviate a
 * name's descriptive words to their initials (CTY TNHH SX HOANG LONG for Công ty TNHH Sản xuất Hoàng
 * Long); such a text token meets both words. `ws`: a column of the name's words of letters only (so
 * "2 b" is no "2b"), read once into it, as the lambda reads it eight times.
 */
function initialisms(ws: string): string {
  return `list_transform(range(1, len(${ws})), i -> {'pre': ${ws}[i][1] || ${ws}[i + 1][1], 'a': ${ws}[i], 'b': ${ws}[i + 1], 'before': CASE WHEN i > 1 THEN ${ws}[i - 1] END, 'after': ${ws}[i + 2]})`;
}

/**
 * Sets (id, p) in `table` for statement rows whose p is not a left counterparty (or that have no
 * row): p the folded name (as nameExpression folds the left column) of the counterparty the text's
 * first words name. Rows no counterparty is named by keep what they had.
 */
export async function resolvePartiesInText(db: Db, table: string, left: ColumnTyping, right: ColumnTyping, names?: string): Promise<void> {
  const head = `array_to_string(string_split(trim(regexp_replace(coalesce(CAST(s.${ident(right.name)} AS VARCHAR), ''), '\\s+', ' ', 'g')), ' ')[1:${HEAD_WORDS}], ' ')`;
  // `names` (raw, p: the left column's spellings, folded, NULL when nothing is left) is the run's
  // table of them (working.ts leftNamesTable), so a run folds each spelling once; without it, folded here.
  const spellings = names
    ? `SELECT raw, coalesce(p, '') AS p FROM ${names} WHERE raw IS NOT NULL`
    : `SELECT raw, ${nameExpression('raw')} AS p FROM (SELECT DISTINCT CAST(s.${ident(left.name)} AS VARCHAR) AS raw FROM ${rowsWith('left', [left.name])} s WHERE s.${ident(left.name)} IS NOT NULL)`;
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_pr_spellings AS ${spellings}`);
  // Each name's tokens per reading (nameReadingsSql): an owner's name in brackets is half the name's information.
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_pr_names AS
    SELECT DISTINCT p, a, unnest(${tokens('x')}) AS t FROM (${nameReadingsSql('m_pr_spellings', ['p'])})`);
  await db.exec(`DELETE FROM m_pr_names WHERE length(p) < 3`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_pr_abbr AS
    SELECT DISTINCT p, x.pre AS pre, x.before, x.after, unnest([x.a, x.b]) AS t FROM (SELECT p, unnest(${initialisms('ws')}) AS x
      FROM (SELECT p, list_filter(${words('raw')}, t -> regexp_full_match(t, '\\pL{2,}')) AS ws FROM m_pr_spellings WHERE length(p) >= 3))`);
  const n = await db.scalarNumber('SELECT count(DISTINCT p) FROM m_pr_names');
  if (n < 2) return;
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_pr_idf AS SELECT t, ln(${n} / count(DISTINCT p)) AS idf FROM m_pr_names GROUP BY t`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_pr_total AS SELECT p, a, sum(i.idf) AS total FROM m_pr_names JOIN m_pr_idf i USING (t) GROUP BY p, a`);
  // Every start of ≥ 3 letters of a name token, and the token itself: an equi-join finds cut words.
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_pr_prefix AS
    SELECT t, t AS pre FROM m_pr_idf
    UNION SELECT t, substr(t, 1, k) FROM (SELECT t, unnest(range(3, length(t))) AS k FROM m_pr_idf WHERE length(t) > 3)`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_pr_lines AS
    SELECT s.${ident(ROW_ID)} AS id, ${head} AS head FROM ${rowsWith('right', [right.name])} s
    WHERE s.${ident(ROW_ID)} NOT IN (SELECT id FROM ${table} WHERE p IN (SELECT p FROM m_pr_names))`);
  const rarest = Math.log(n);
  // A candidate needs a token held by at most RARE_NAMES names.
  const rareIdf = Math.log(n / Math.max(1, Math.min(n, RARE_NAMES)));
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_pr_resolved AS
    WITH heads AS (SELECT head, ${words('head')} AS ws FROM (SELECT DISTINCT head FROM m_pr_lines)),
      ht AS MATERIALIZED (SELECT head, unnest(ws) AS rt, generate_subscripts(ws, 1) AS pos FROM heads),
      -- Candidates through tokens few names share (a word of hundreds of names names none of them);
      -- then every token of each candidate name, common ones too, for its score.
      cand AS (SELECT DISTINCT ht.head, nm.p FROM ht JOIN m_pr_prefix x ON x.pre = ht.rt JOIN m_pr_idf i ON i.t = x.t AND i.idf >= ${rareIdf} JOIN m_pr_names nm ON nm.t = x.t),
      words AS (SELECT DISTINCT c.head, c.p, nm.t, ht.pos FROM cand c JOIN m_pr_names nm ON nm.p = c.p AND nm.a = 0 JOIN m_pr_prefix x ON x.t = nm.t JOIN ht ON ht.head = c.head AND ht.rt = x.pre),
      -- An initialism is written inside the name, beside the word the name has beside its two words
      -- ("SX HOANG LONG"): "GATTI MONZA FT 847" (fattura) is no "Ferramenta Tonoli Monza" (it-riba
      -- lost 5 % of its credit-note nettings when any neighbouring name word counted).
      abbr AS (SELECT c.head, c.p, a.t FROM cand c JOIN m_pr_abbr a ON a.p = c.p JOIN ht ON ht.head = c.head AND ht.rt = a.pre
        WHERE EXISTS (SELECT 1 FROM words w WHERE w.head = c.head AND w.p = c.p AND ((w.pos = ht.pos + 1 AND w.t = a.after) OR (w.pos = ht.pos - 1 AND w.t = a.before)))),
      hits AS (SELECT head, p, t FROM words UNION SELECT head, p, t FROM abbr),
      -- The information matched of each of the name's readings (whole; outside and inside brackets):
      -- the name counts as covered when one reading is; it is ranked by the whole's.
      sa AS (SELECT h.head, h.p, nm.a, sum(i.idf) AS s FROM hits h JOIN m_pr_names nm ON nm.p = h.p AND nm.t = h.t JOIN m_pr_idf i ON i.t = h.t GROUP BY h.head, h.p, nm.a),
      sc AS (SELECT sa.head, sa.p, max(sa.s) AS s, bool_or(sa.s >= ${COVERAGE} * tt.total) AS covered FROM sa JOIN m_pr_total tt USING (p, a) GROUP BY sa.head, sa.p),
      ranked AS (SELECT sc.*, row_number() OVER (PARTITION BY head ORDER BY s DESC, p) AS rk, lead(s) OVER (PARTITION BY head ORDER BY s DESC, p) AS next FROM sc),
      named AS (SELECT head, p FROM ranked WHERE rk = 1 AND covered AND s >= ${MIN_BITS * rarest} AND s - coalesce(next, 0) >= ${MARGIN})
    SELECT l.id, n.p FROM m_pr_lines l JOIN named n USING (head)`);
  await db.exec(`DELETE FROM ${table} WHERE id IN (SELECT id FROM m_pr_resolved)`);
  await db.exec(`INSERT INTO ${table} SELECT id, p FROM m_pr_resolved`);
  for (const t of ['m_pr_spellings', 'm_pr_names', 'm_pr_abbr', 'm_pr_idf', 'm_pr_total', 'm_pr_prefix', 'm_pr_lines', 'm_pr_resolved']) await db.exec(`DROP TABLE IF EXISTS temp.${t}`);
}
