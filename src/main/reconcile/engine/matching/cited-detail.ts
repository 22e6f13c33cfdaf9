/**
 * Candidates the model cannot tell apart, told apart by what the line cites (issue 25, heldout-v8
 * it-fatturapa): an invoice in three equal instalments, `1/3` and `2/3` both open, and a transfer
 * "FT 958/2026 RATA 1 DI 3". Reference, amount and payer agree for both; the line's own words name
 * one. A candidate is *cited* when the digit groups of one of its other text values (two groups
 * or more: `1/3`, `2-3`, `Part 2 of 3`) appear in that order, side by side, among the digit groups
 * of the line's text. Among a line's candidates within AMBIGUOUS_BITS of its best, when exactly one
 * is cited, the others are dropped; otherwise nothing changes and the ambiguity stays for a person.
 */
import type { MatchModel } from '../../../../shared/reconcile/recipe';
import type { Db } from '../db';
import { column, type SideColumns } from '../recipe-sql';
import { ident } from '../sql';
import { ROW_ID, typedView } from '../row-columns';

/** Text columns of the open items read for cited details, at most. */
const MAX_DETAIL_COLUMNS = 12;

/** The digit groups of a text as ' 1 3 ' (leading zeros dropped): a cited run is a substring. */
const digitRun = (text: string) => `regexp_replace(' ' || array_to_string(regexp_extract_all(${text}, '[0-9]+'), ' ') || ' ', ' 0+([0-9])', ' \\1', 'g')`;

/**
 * Drops from `m_scored` the candidates of a line that another, cited, candidate of the same line
 * beats by what the line says. Returns how many candidates were dropped.
 */
export async function preferCitedCandidates(db: Db, model: MatchModel, columns: SideColumns, bits: number): Promise<number> {
  const details = citedDetails(model, columns, 'l', 'r');
  if (details.length === 0) return 0;
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_tied AS
    SELECT rid, lid FROM (SELECT rid, lid, bits, max(bits) OVER (PARTITION BY rid) AS best FROM m_scored)
    WHERE bits >= best - ${bits} QUALIFY count(*) OVER (PARTITION BY rid) >= 2`);
  if ((await db.scalarNumber('SELECT count(*) FROM m_tied')) === 0) return 0;
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_cited AS
    SELECT t.rid, t.lid, ${details.map((d) => d.cited).join(' OR ')} AS cited FROM m_tied t
    JOIN ${ident(typedView('left'))} l ON l.${ident(ROW_ID)} = t.lid JOIN ${ident(typedView('right'))} r ON r.${ident(ROW_ID)} = t.rid`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_uncited AS
    SELECT rid, lid FROM m_cited WHERE NOT coalesce(cited, false)
      AND rid IN (SELECT rid FROM m_cited GROUP BY rid HAVING count(*) FILTER (WHERE cited) = 1)`);
  const dropped = await db.scalarNumber('SELECT count(*) FROM m_uncited');
  if (dropped > 0) await db.exec('DELETE FROM m_scored WHERE (rid, lid) IN (SELECT (rid, lid) FROM m_uncited)');
  return dropped;
}

/**
 * The open items' detail columns (text columns other than the model's references and payer, at most
 * MAX_DETAIL_COLUMNS), each with the SQL saying whether the line (typed row `line`) cites the value
 * the item (typed row `item`) has there. Empty when there is nothing to cite or no text to cite it in.
 */
export function citedDetails(model: MatchModel, columns: SideColumns, item: string, line: string): { column: string; cited: string }[] {
  // Named as the recipe names them: resolved by the run's own lookup (`column`, case-insensitive).
  const left = (name: string, purpose: string) => column(columns.left, 'left', name, purpose).name;
  const skip = new Set([...model.references.map((r) => left(r.left, 'model reference')), ...(model.party ? [left(model.party.left, 'model counterparty')] : [])]);
  const details = columns.left.filter((c) => c.type === 'text' && !c.derived && !skip.has(c.name)).slice(0, MAX_DETAIL_COLUMNS);
  const texts = [...new Set(model.references.flatMap((r) => r.right.map((n) => column(columns.right, 'right', n, 'model reference').name)))];
  if (details.length === 0 || texts.length === 0) return [];
  const said = `concat_ws(' ', ${texts.map((n) => `CAST(${line}.${ident(n)} AS VARCHAR)`).join(', ')})`;
  return details.map((c) => {
    const v = `CAST(${item}.${ident(c.name)} AS VARCHAR)`;
    return { column: c.name, cited: `(len(regexp_extract_all(${v}, '[0-9]+')) >= 2 AND contains(${digitRun(said)}, ${digitRun(v)}))` };
  });
}

/** TEMP tables this module leaves for the run's end to drop. */
export const CITED_TABLES = ['m_tied', 'm_cited', 'm_uncited'];
