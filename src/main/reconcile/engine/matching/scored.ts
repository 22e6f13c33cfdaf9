/**
 * The scored 1:1 match model (issue 25): one rule instead of a cascade of reference rules.
 *
 * 1. Candidates, by blocking in DuckDB on every kind of evidence:
 *    - a reference: a token of the statement line equal to a value of one of the open items'
 *      identifier columns (document number, PO number, contract …), read with that column's shape;
 *    - a reference with one typo: one digit changed, added or left out, or two adjacent ones
 *      swapped (deletion neighbourhood join), for lines that name no open item exactly;
 *    - the counterparty with the amount: the same folded name and the amount to the cent (or less a
 *      learned fee).
 * 2. Comparison levels per candidate: reference (exact / one typo / names another item / names
 *    only values that are no item's / none),
 *    amount (exact / learned difference / within 20 % / part payment / other), date distance
 *    (≤ 14 / ≤ 60 / ≤ 180 days / further / unknown), counterparty (same / similar by Jaro–Winkler /
 *    different / unknown).
 * 3. Weights (Fellegi–Sunter): u, how often a level occurs between rows that do not belong together,
 *    from random pairs of the run's own rows; m, how often among rows that do, estimated by EM over
 *    the candidates with u fixed. A candidate's probability is the posterior of its level pattern.
 * 4. Assignment: one to one, globally, by weight (mutual-best rounds, ties by content hash, as in
 *    one-to-one.ts). A pair is ambiguous when one of its rows had another candidate nearly as likely
 *    (within a factor 2 of odds) with other content.
 * 5. Status: confirmed automatically when its probability is ≥ `auto_at` (0.995 by default), it is
 *    not ambiguous and the amounts agree (exactly or by a learned difference); suggested when ≥
 *    `suggest_at`; dropped otherwise. Short, over and part payments (`amounts: 'open'`) are only
 *    ever suggested, with the reason named.
 *
 * Each group carries its evidence in words and its reason (`group_evidence`), shown in Details and
 * written to the exports.
 */
import type { MatchModel, MatchRule } from '../../../../shared/reconcile/recipe';
import type { Db } from '../db';
import { column, keySourceText, feeSql, leftReference, percentSql, withheldSql, type SideColumns } from '../recipe-sql';
import { ident, lit } from '../sql';
import { ROW_ID } from '../sources';
import { removeTiedReversals, REVERSAL_TABLES } from './reversals';
import { CITED_TABLES, preferCitedCandidates } from './cited-detail';
import { leftPartyTable, partyIdTables, partyTable, referenceTokenTable, rightReferenceTable, rowsReading, runTableName } from './working';

export type Level = string;
/** Comparison → level → [m, u]. */
export type Weights = Record<'ref' | 'amt' | 'dte' | 'pty', Record<Level, { m: number; u: number }>>;

/** Reviewers' decisions on earlier groups of one level pattern in this workspace. */
export interface Judged {
  accepted: number;
  rejected: number;
}

export interface ModelFit {
  weights: Weights;
  /** Decided groups of earlier runs that refined the weights. */
  judged?: Judged;
  /** Share of candidates that are matches (EM's λ). */
  prior: number;
  candidates: number;
  iterations: number;
}

/**
 * `other`: the line names an item of the list, or a number of the list's own numbering, not this
 * one (an invoice paid last month). `unlisted`: the line holds tokens of a reference's shape from
 * another numbering only (a payment processor's own invoice numbers, an end-to-end id): weighed
 * apart, since whether they speak against a pair depends on the files (EM learns it), and counting
 * them as `other` made every such line look like it paid something else. See buildListed.
 */
const REF_LEVELS = ['exact', 'typo', 'serial', 'other', 'unlisted', 'none'] as const;
const AMT_LEVELS = ['exact', 'named', 'stated', 'rest', 'fx', 'near', 'part', 'other'] as const;
const DTE_LEVELS = ['close', 'month', 'far', 'out', 'unknown'] as const;
const PTY_LEVELS = ['same', 'similar', 'differs', 'unknown'] as const;
const LEVELS = { ref: REF_LEVELS, amt: AMT_LEVELS, dte: DTE_LEVELS, pty: PTY_LEVELS } as const;
type Comparison = keyof typeof LEVELS;
const COMPARISONS = Object.keys(LEVELS) as Comparison[];

/**
 * Amount levels that settle the item: equal, equal less a learned fee or discount, equal less an
 * amount the line itself states (`stated`: "/VAT/63,10/" of a Polish split payment, "abzgl. Skonto
 * 12,34", "less WHT 1,234.00"), or equal to what is left of it after part payments a reviewer
 * accepted in earlier runs (`rest`).
 */
const SETTLING = "('exact', 'named', 'stated', 'rest')";

/**
 * Amounts with two decimals written in a line's texts, as SQL over `text`: digits only, over 100
 * ("63,10", "1.234,56", "1 234.56" and "1,234.56" alike). Dates ("30.09.2026") are not read: a
 * number followed by a separator and more digits is not an amount.
 */
function statedAmounts(text: string): string {
  const amount = String.raw`(?:^|[^0-9.,])([0-9]{1,3}(?:[ .,\x{00A0}][0-9]{3})+[.,][0-9]{2}|[0-9]+[.,][0-9]{2})(?:$|[^0-9.,]|[.,](?:$|[^0-9]))`;
  return `list_distinct(list_transform(regexp_extract_all(${text}, '${amount}', 1), x -> (CAST(regexp_replace(x, '[^0-9]', '', 'g') AS DECIMAL(18, 0)) / 100)::DECIMAL(18, 2)))`;
}

/** Typo candidates are looked for among tokens at least this long (shorter ones collide by chance). */
const MIN_TYPO_LENGTH = 4;
/** Random pairs per side for the u probabilities. */
const U_SAMPLE = 1500;
/** Two candidates within this many bits of weight (a factor 2 of odds) are equally likely. */
const AMBIGUOUS_BITS = 1;

export function modelOf(rule: MatchRule): MatchModel | null {
  return rule.model ?? null;
}

/**
 * The learned differences as SQL over c.la, c.ra: a fixed fee or a percentage discount (the
 * formulas of recipe-sql's namedDifference), or cents of rounding up to the rule's tolerance.
 */
function differenceSql(rule: MatchRule): { fee: string | null; discount: string | null; withheld: string | null; rounding: string | null } {
  const d = rule.amount?.differences;
  const diff = '(c.la - c.ra)';
  const fee = d ? feeSql(d, 'c.la', diff) : null;
  const discount = d ? percentSql(d, 'c.la', diff) : null;
  const withheld = d ? withheldSql(d, 'c.lbase', diff) : null;
  const tol = rule.amount?.tolerance_abs ?? 0;
  return { fee, discount, withheld, rounding: tol >= 0.01 ? `abs(${diff}) <= ${tol}` : null };
}

/** Within this share of the learned rate, an amount in another currency agrees. */
const FX_BAND = 0.05;

/** The item currency's rate (learned, or supplied by the user), as SQL over c.lcur (NULL for the home currency). */
function rateSql(model: MatchModel): string | null {
  if (!model.fx || model.fx.rates.length === 0) return null;
  // DOUBLE, whatever the literal: a whole rate (25 koruna to the euro) is an INTEGER literal, which
  // printf('%.4f') refuses, and the run failed with DuckDB's own words.
  return `CASE c.lcur ${model.fx.rates.map((r) => `WHEN ${lit(r.currency)} THEN ${r.rate}::DOUBLE`).join(' ')} END`;
}

/** Where the item currency's rate came from, as SQL over c.lcur: 'learned' or 'your rate'. */
function rateSourceSql(model: MatchModel): string {
  return `CASE c.lcur ${model.fx!.rates.map((r) => `WHEN ${lit(r.currency)} THEN ${lit(r.source === 'supplied' ? 'your rate' : 'learned')}`).join(' ')} END`;
}

/** An item in another currency paid at about the learned rate. */
function fxSql(model: MatchModel): string | null {
  const rate = rateSql(model);
  return rate ? `(${rate} IS NOT NULL AND c.la > 0 AND c.ra > 0 AND abs(c.ra / (c.la * ${rate}) - 1) <= ${FX_BAND})` : null;
}

/** Level expressions over a candidate row c(lid, rid, la, ra, ldt, rdt, lp, rp, ref). */
function levelExpressions(rule: MatchRule, model: MatchModel): Record<Comparison, string> {
  const d = differenceSql(rule);
  const named = [d.fee, d.discount, d.withheld, d.rounding].filter(Boolean).join(' OR ') || null;
  return {
    ref: 'c.ref',
    // 0.2 × an amount in DOUBLE: in DECIMAL(18) the product of an 859,592,611,000-rial item overflowed.
    amt: `CASE WHEN c.la IS NULL OR c.ra IS NULL THEN 'other'
      WHEN abs(c.la - c.ra) < 0.005 THEN 'exact'
      -- What the line itself states comes before what was learned from other lines (a Polish split
      -- payment's VAT is both once payers' net-of-VAT payments teach the rate).
      WHEN sign(c.la) = sign(c.ra) AND abs(c.ra) < abs(c.la) AND list_contains(coalesce(c.stated, []), abs(c.la - c.ra)::DECIMAL(18, 2)) THEN 'stated'
      ${named ? `WHEN ${named} THEN 'named'` : ''}
      WHEN c.rest IS NOT NULL AND abs(c.rest - c.ra) < 0.005 THEN 'rest'
      ${fxSql(model) ? `WHEN ${fxSql(model)} THEN 'fx'` : ''}
      WHEN abs(c.la - c.ra) <= 0.2 * abs(c.la::DOUBLE) THEN 'near'
      WHEN sign(c.la) = sign(c.ra) AND abs(c.ra) < abs(c.la) AND abs(c.ra) >= 0.1 * abs(c.la) THEN 'part'
      ELSE 'other' END`,
    dte: `CASE WHEN c.ldt IS NULL OR c.rdt IS NULL THEN 'unknown'
      WHEN abs(date_diff('day', c.ldt, c.rdt)) <= 14 THEN 'close'
      WHEN abs(date_diff('day', c.ldt, c.rdt)) <= 60 THEN 'month'
      WHEN abs(date_diff('day', c.ldt, c.rdt)) <= 180 THEN 'far' ELSE 'out' END`,
    pty: !model.party && model.party_id
      ? `CASE WHEN c.lp IS NULL OR c.rp IS NULL THEN 'unknown' WHEN c.lp = c.rp THEN 'same' ELSE 'differs' END`
      : model.party
      ? `CASE WHEN c.lp IS NULL OR c.rp IS NULL OR c.lp = '' OR c.rp = '' THEN 'unknown'
          WHEN c.lp = c.rp THEN 'same'
          WHEN jaro_winkler_similarity(c.lp, c.rp) >= 0.9 OR (length(c.lp) >= 4 AND contains(c.rp, c.lp)) OR (length(c.rp) >= 4 AND contains(c.lp, c.rp)) THEN 'similar'
          ELSE 'differs' END`
      : `'unknown'`,
  };
}

/**
 * Runs the model over the rule's working tables (w_left, w_right: unused in-scope rows with amt,
 * dt, h) and inserts its groups into gtmp; evidence and reasons go to group_evidence.
 */
export async function matchScored(db: Db, rule: MatchRule, ruleIdx: number, columns: SideColumns, shouldStop: () => void): Promise<ModelFit> {
  const model = rule.model!;
  await buildTokens(db, model, columns);
  await buildParties(db, model, columns);
  shouldStop();
  await removeTiedReversals(db, columns);
  await buildCandidates(db, rule, model, columns);
  shouldStop();
  const fit = await estimate(db, rule, model);
  shouldStop();
  await assign(db, rule, ruleIdx, model, fit, columns);
  if (model.amounts === 'settled') await matchCreditNetting(db, rule, ruleIdx, model);
  if (process.env.KALLA_MODEL_DEBUG) await debugReport(db, rule, fit);
  return fit;
}

/** KALLA_MODEL_DEBUG=1: the weights and the chosen pairs per level pattern, on stderr (a diagnostic for tuning sets only). */
async function debugReport(db: Db, rule: MatchRule, fit: ModelFit): Promise<void> {
  const lines = [`[model ${rule.id}] prior ${fit.prior.toFixed(4)}, ${fit.candidates} candidates, ${fit.iterations} EM iterations`];
  for (const k of COMPARISONS) lines.push(`  ${k}: ${LEVELS[k].map((l) => `${l} ${weightOf(fit, k, l).toFixed(1)} (m ${fit.weights[k][l].m.toFixed(3)}, u ${fit.weights[k][l].u.toExponential(1)})`).join(', ')}`);
  const rows = await db.all<Record<string, unknown>>(
    `SELECT g.status, p.ref, p.amt, p.dte, p.pty, round(p.prob, 4) AS prob, count(*) AS n FROM m_pairs p JOIN gtmp g ON g.left_ids[1] = p.lid AND g.right_ids[1] = p.rid AND g.rule_id = ${lit(rule.id)} GROUP BY ALL ORDER BY n DESC LIMIT 40`,
  );
  for (const r of rows) lines.push(`  ${String(r.status).padEnd(9)} ${[r.ref, r.amt, r.dte, r.pty].map(String).join('/').padEnd(30)} p=${String(r.prob)} n=${String(r.n)}`);
  process.stderr.write(`${lines.join('\n')}\n`);
}


/**
 * m_lparty(id, p), m_rparty(id, p): each row's counterparty, folded as banks write names. A right
 * column that is a text starting with the payer's name (`in_text`) gives its longest word-prefix
 * that is the name of an open item's counterparty.
 */
async function buildParties(db: Db, model: MatchModel, columns: SideColumns): Promise<void> {
  await db.exec('CREATE OR REPLACE TEMP TABLE m_rpid (id BIGINT, c VARCHAR)');
  if (!model.party && !model.party_id) {
    for (const t of ['m_lparty', 'm_rparty']) await db.exec(`CREATE OR REPLACE TEMP TABLE ${t} (id BIGINT, p VARCHAR)`);
    return;
  }
  let lefts = 'SELECT NULL::BIGINT AS id, NULL::VARCHAR AS p WHERE FALSE';
  let rights = lefts;
  if (model.party) {
    const l = column(columns.left, 'left', model.party.left, 'model counterparty');
    const r = column(columns.right, 'right', model.party.right, 'model counterparty');
    // Once per run over every row (both scored passes and the payer-batch rule use it).
    lefts = `SELECT * FROM ${await leftPartyTable(db, l)}`;
    // Statement names as the open items' counterparties they name (cut, reordered or titled names too).
    rights = `SELECT * FROM ${await partyTable(db, l, r, model.party.in_text === true)}`;
  }
  if (model.party_id) {
    const ids = await partyIdTables(db, column(columns.left, 'left', model.party_id.left, 'model payer id'), column(columns.right, 'right', model.party_id.right, 'model payer id'));
    await db.exec(`CREATE OR REPLACE TEMP TABLE m_rpid AS SELECT * FROM ${ids.right} WHERE id IN (SELECT id FROM w_right)`);
    // A line writing a payer's id is that payer's, whatever name it writes: the id's name when
    // names are compared too (an id written by two names names neither), else the id itself.
    const named = model.party
      ? `SELECT i.c, any_value(n.p) AS p FROM ${ids.left} i JOIN (${lefts}) n ON n.id = i.id GROUP BY i.c HAVING count(DISTINCT n.p) = 1`
      : `SELECT DISTINCT c, c AS p FROM ${ids.left}`;
    if (!model.party) lefts = `SELECT id, c AS p FROM ${ids.left}`;
    rights = `WITH byid AS (SELECT r.id, n.p FROM m_rpid r JOIN (${named}) n ON n.c = r.c)
      SELECT * FROM byid UNION ALL SELECT * FROM (${rights}) x WHERE id NOT IN (SELECT id FROM byid)`;
  }
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_lparty AS SELECT * FROM (${lefts}) x WHERE id IN (SELECT id FROM w_left)`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_rparty AS SELECT * FROM (${rights}) x WHERE id IN (SELECT id FROM w_right)`);
}


/** The run-long tables of every row's reference tokens for a model: left (id, tok, ref, orig), right (id, tok, ref). */
export function modelTokenTables(model: MatchModel): { left: string; right: string } {
  const all = runTableName('model_tokens', JSON.stringify(model.references));
  return { left: `${all}_l`, right: `${all}_r` };
}

/**
 * m_ltok(id, tok, ref, orig) and m_rtok(id, tok, ref): every reference value of each open item and
 * every token of each line, per reference column. Read once per run over every row; each pass
 * keeps the rows still open.
 */
async function buildTokens(db: Db, model: MatchModel, columns: SideColumns): Promise<void> {
  const left: string[] = [];
  const right: string[] = [];
  for (const [i, ref] of model.references.entries()) {
    const l = column(columns.left, 'left', ref.left, 'model reference');
    // The same token tables the reference rules use (same expressions): each side is read once.
    const lt = await referenceTokenTable(db, leftReference(keySourceText(l), ref.groups, ref.strict === true), 'left', [l]);
    left.push(`SELECT t.id, t.k AS tok, ${i} AS ref, ${keySourceText(l)} AS orig FROM ${lt} t JOIN ${rowsReading('left', [l])} ON s.${ident(ROW_ID)} = t.id`);
    const rt = await rightReferenceTable(db, ref.right.map((name) => column(columns.right, 'right', name, 'model reference')), ref.groups);
    right.push(`SELECT id, k AS tok, ${i} AS ref FROM ${rt}`);
  }
  const empty = 'SELECT NULL::BIGINT AS id, NULL::VARCHAR AS tok, NULL::INTEGER AS ref WHERE FALSE';
  const all = modelTokenTables(model);
  // Asked first: `CREATE … IF NOT EXISTS` plans its whole SELECT even when the table is there.
  if (!(await db.hasTempTable(all.left))) await db.exec(`CREATE TEMP TABLE ${all.left} AS SELECT * FROM (${left.length > 0 ? left.join(' UNION ALL ') : `SELECT *, NULL::VARCHAR AS orig FROM (${empty})`}) WHERE tok IS NOT NULL`);
  await db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${all.right} AS SELECT DISTINCT * FROM (${right.length > 0 ? right.join(' UNION ALL ') : empty}) WHERE tok IS NOT NULL`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_ltok AS SELECT * FROM ${all.left} WHERE id IN (SELECT id FROM w_left)`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_rtok AS SELECT * FROM ${all.right} WHERE id IN (SELECT id FROM w_right)`);
}

/**
 * m_cand(lid, rid, ref, la, ra, ldt, rdt, lp, rp, lh, rh): the union of the blocking passes, one
 * row per pair with its best reference level; `other` when the line names open items but not this one.
 */
async function buildCandidates(db: Db, rule: MatchRule, model: MatchModel, columns: SideColumns): Promise<void> {
  // Each open item's values, and which lines name which items (exact), once.
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_hits AS
    SELECT l.id AS lid, r.id AS rid, l.ref, l.orig, r.tok AS seen FROM m_ltok l JOIN m_rtok r ON r.tok = l.tok AND r.ref = l.ref`);
  const prefixes = await referencePrefixes(db, model);
  await dropForeignPrefixed(db, model, columns, prefixes);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_exact AS
    SELECT lid, rid, min(ref) AS kref, arg_min(orig, ref) AS tied, arg_min(seen, ref) AS seen FROM m_hits GROUP BY lid, rid`);
  // One typo (Damerau–Levenshtein distance 1): tokens with one digit different (same deletion at
  // the same place), one too many or too few, or two adjacent digits swapped. The longer of the two
  // has at least MIN_TYPO_LENGTH digits.
  // Only lines naming no open item exactly: a line naming an item has that item's sequential
  // neighbours one digit away, and searching such lines ("INV4925" naming another customer's 4925
  // for the payer's 4295) made every typo 200× more common by chance in a Danish FIK world (its
  // typo weight 12.8 → 4.2 bits, 40 % of its typo'd payments no longer confirmed). Tried, reverted.
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_typo_lines AS SELECT DISTINCT id FROM m_rtok WHERE length(tok) >= ${MIN_TYPO_LENGTH - 1} AND id NOT IN (SELECT rid FROM m_exact)`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_hits AS
    WITH r AS (SELECT * FROM m_rtok WHERE length(tok) >= ${MIN_TYPO_LENGTH - 1} AND id IN (SELECT id FROM m_typo_lines)),
      -- Items some line names exactly with about their amount are not looked for with a typo (and
      -- the neighbourhood of every item, 10 variants each at 1M items, is the costliest part of the
      -- model). An item whose number only turns up by chance (a time "1919" in a card line) is.
      settled AS (SELECT e.lid FROM m_exact e JOIN w_left wl ON wl.id = e.lid JOIN w_right wr ON wr.id = e.rid WHERE abs(wl.amt - wr.amt) <= 0.2 * abs(wl.amt::DOUBLE)),
      l AS (SELECT * FROM m_ltok WHERE length(tok) >= ${MIN_TYPO_LENGTH - 1} AND id NOT IN (SELECT lid FROM settled)),
      rd AS (SELECT id, ref, tok, p, substr(tok, 1, p - 1) || substr(tok, p + 1) AS v FROM (SELECT *, unnest(range(1, length(tok) + 1)) AS p FROM r)),
      ld AS (SELECT id, ref, tok, orig, p, substr(tok, 1, p - 1) || substr(tok, p + 1) AS v FROM (SELECT *, unnest(range(1, length(tok) + 1)) AS p FROM l)),
      rs AS (SELECT id, ref, tok, substr(tok, 1, p - 1) || substr(tok, p + 1, 1) || substr(tok, p, 1) || substr(tok, p + 2) AS v FROM (SELECT *, unnest(range(1, length(tok))) AS p FROM r)),
      hits AS (
        -- one digit changed
        SELECT ld.id AS lid, rd.id AS rid, ld.ref, ld.orig, rd.tok AS seen FROM rd JOIN ld ON ld.v = rd.v AND ld.p = rd.p AND ld.ref = rd.ref
          WHERE ld.tok <> rd.tok AND length(rd.tok) >= ${MIN_TYPO_LENGTH}
        -- two adjacent digits swapped
        UNION ALL SELECT l.id, rs.id, l.ref, l.orig, rs.tok FROM rs JOIN l ON l.tok = rs.v AND l.ref = rs.ref WHERE length(rs.tok) >= ${MIN_TYPO_LENGTH}
        -- one digit too many in the line (also a zero written where the item has none: 3825 for 0825)
        UNION ALL SELECT l.id, rd.id, l.ref, l.orig, rd.tok FROM rd JOIN l ON l.tok = rd.v AND l.ref = rd.ref WHERE length(rd.tok) >= ${MIN_TYPO_LENGTH}
        -- one digit left out by the line
        UNION ALL SELECT ld.id, r.id, ld.ref, ld.orig, r.tok FROM ld JOIN r ON r.tok = ld.v AND r.ref = ld.ref WHERE length(ld.tok) >= ${MIN_TYPO_LENGTH})
    SELECT * FROM hits`);
  await dropForeignPrefixed(db, model, columns, prefixes);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_typo AS
    SELECT lid, rid, min(ref) AS kref, arg_min(orig, ref) AS tied, arg_min(seen, ref) AS seen FROM m_hits GROUP BY lid, rid`);
  await buildSerial(db, model, columns);
  await buildPartPaid(db);
  const currency = model.fx ? column(columns.left, 'left', model.fx.column, 'model currency') : null;
  const cur = currency ? `upper(trim(CAST(s.${ident(currency.name)} AS VARCHAR)))` : 'NULL::VARCHAR';
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_left AS
    SELECT w.id, w.amt, w.base, w.dt, w.h, lp.p, ${cur} AS cur FROM w_left w LEFT JOIN m_lparty lp ON lp.id = w.id JOIN ${rowsReading('left', currency ? [currency] : [])} ON s.${ident(ROW_ID)} = w.id`);
  const textColumns = [...new Set(model.references.flatMap((r) => r.right))].map((name) => column(columns.right, 'right', name, 'model reference'));
  const texts = textColumns.map((c) => `CAST(s.${ident(c.name)} AS VARCHAR)`);
  const stated = texts.length > 0 ? statedAmounts(`concat_ws(' ', ${texts.join(', ')})`) : 'NULL::DECIMAL(18, 2)[]';
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_right AS
    SELECT w.id, w.amt, w.dt, w.h, rp.p, ${stated} AS stated FROM w_right w LEFT JOIN m_rparty rp ON rp.id = w.id JOIN ${rowsReading('right', textColumns)} ON s.${ident(ROW_ID)} = w.id`);
  // Counterparty + amount: the payer's open items of the paid amount (to the cent, plus a learned
  // fee, or less a learned percentage: a withholding tax deducted by a payer whose line names no
  // invoice, il-leumi's Masav credits).
  const fees = rule.amount?.differences?.fixed ?? [];
  const d = rule.amount?.differences;
  const percent = d ? [percentSql(d, 'l.amt', '(l.amt - r.amt)'), withheldSql(d, 'l.base', '(l.amt - r.amt)')].filter(Boolean).join(' OR ') || null : null;
  const partyPairs = model.party || model.party_id
    ? `SELECT l.id AS lid, r.id AS rid FROM m_left l JOIN m_right r ON l.p = r.p AND (l.amt = r.amt${fees.map((f) => ` OR l.amt = r.amt + sign(r.amt) * ${f}`).join('')}${percent ? ` OR ${percent}` : ''}) WHERE l.p IS NOT NULL`
    : 'SELECT NULL::BIGINT AS lid, NULL::BIGINT AS rid WHERE FALSE';
  await buildListed(db, model);
  const levels = levelExpressions(rule, model);
  // One statement: the candidates and their comparison levels (a second pass rewrote every candidate).
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_cand AS
    SELECT c.*, ${COMPARISONS.filter((k) => k !== 'ref').map((k) => `${levels[k]} AS ${k}`).join(', ')} FROM (
    WITH pairs AS (
      SELECT lid, rid, 'exact' AS ref, 1 AS rank, kref, tied, seen FROM m_exact
      UNION ALL SELECT lid, rid, 'typo', 2, kref, tied, seen FROM m_typo
      UNION ALL SELECT lid, rid, 'serial', 3, kref, tied, seen FROM m_serial
      UNION ALL SELECT lid, rid, NULL, 4, NULL::INTEGER, NULL::VARCHAR, NULL::VARCHAR FROM (${partyPairs})),
    best AS (SELECT lid, rid, arg_min(ref, rank) AS ref, arg_min(kref, rank) AS kref, arg_min(tied, rank) AS tied, arg_min(seen, rank) AS seen FROM pairs GROUP BY lid, rid),
    naming AS (SELECT DISTINCT r.id FROM m_rtok r ANTI JOIN m_rpid x ON x.id = r.id AND contains(x.c, r.tok))
    SELECT b.lid, b.rid,
      coalesce(b.ref, CASE WHEN b.rid IN (SELECT id FROM m_listed) THEN 'other' WHEN b.rid IN (SELECT id FROM naming) THEN 'unlisted' ELSE 'none' END) AS ref, b.kref, b.tied, b.seen,
      l.amt AS la, r.amt AS ra, l.base AS lbase, l.dt AS ldt, r.dt AS rdt, l.p AS lp, r.p AS rp, l.h AS lh, r.h AS rh, l.cur AS lcur, r.stated,
      l.amt - pp.paid AS rest
    FROM best b JOIN m_left l ON l.id = b.lid JOIN m_right r ON r.id = b.rid
    LEFT JOIN m_part_paid pp ON pp.tie = b.tied AND pp.item_amount = l.amt AND NOT list_contains(pp.lines, r.h)) c`);
}

/**
 * m_listed(id): the lines that name an item of the list exactly (any item of the run, open or
 * already matched by an earlier rule) or a number of the list's own numbering that is on no item
 * of it (an invoice paid last month: "RE 1800012999" when the open ones are 1800012001–211). A
 * number is of the list's numbering when it starts as at least a quarter of a reference column's
 * values do ("1800012", "2026|" of INV/2026/04326); other tokens (an end-to-end id, a processor's
 * "F07B6811-0012") are another numbering: `unlisted`. A column whose values share no such start
 * counts every token as its own. A token one typo or a last part away from an item's number is
 * not counted: near neighbours of sequential numbers turn up by chance ("17" of a processor's
 * "B4540EFC-0017" is the last part of INV/2026/00017).
 */
async function buildListed(db: Db, model: MatchModel): Promise<void> {
  const all = modelTokenTables(model);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_listed AS
    WITH vals AS (SELECT DISTINCT ref, tok FROM ${all.left}),
      total AS (SELECT ref, count(*) AS n FROM vals GROUP BY ref),
      starts AS (SELECT v.ref, left(v.tok, k) AS p, count(*) AS c FROM vals v, (SELECT unnest(range(1, 25)) AS k) WHERE length(v.tok) > k GROUP BY ALL),
      numbering AS (SELECT s.ref, s.p FROM starts s JOIN total t USING (ref) WHERE s.c >= ${NUMBERING_SHARE} * t.n),
      own AS (SELECT DISTINCT r.id FROM m_rtok r JOIN numbering n ON n.ref = r.ref AND starts_with(r.tok, n.p))
    SELECT id FROM own
    UNION SELECT r.id FROM m_rtok r WHERE r.ref NOT IN (SELECT ref FROM numbering)
    UNION SELECT r.id FROM m_rtok r SEMI JOIN ${all.left} l ON l.tok = r.tok AND l.ref = r.ref
    -- The digits of the payer's id (a RUT's 763833410, or 130 and 209 of 77.130.209-2) name no item.
    EXCEPT SELECT r.id FROM m_rtok r JOIN m_rpid x ON x.id = r.id WHERE contains(x.c, r.tok)
      AND r.id NOT IN (SELECT r2.id FROM m_rtok r2 JOIN m_rpid x2 ON x2.id = r2.id WHERE NOT contains(x2.c, r2.tok))`);
}

/** A start that at least this share of a reference column's values have marks the list's numbering. */
const NUMBERING_SHARE = 0.25;

/**
 * Each reference column's own letters, when (nearly) all its values carry the same ones: "INV" for
 * INV-1455, "PO" for PO 3286, "" for bare numbers. Learned from the run's own values.
 */
async function referencePrefixes(db: Db, model: MatchModel): Promise<string[]> {
  if (model.references.length < 2) return model.references.map(() => '');
  const rows = await db.all<{ ref: number; p: string; n: number; total: number }>(
    `SELECT ref, p, n, sum(n) OVER (PARTITION BY ref) AS total FROM (
       SELECT ref, upper(regexp_extract(orig, '^\\s*([A-Za-z]{2,})', 1)) AS p, count(*) AS n FROM m_ltok GROUP BY ALL)
     QUALIFY row_number() OVER (PARTITION BY ref ORDER BY n DESC, p) = 1`,
  );
  return model.references.map((_, i) => {
    const r = rows.find((x) => Number(x.ref) === i);
    return r && r.p !== '' && Number(r.n) >= PREFIX_SHARE * Number(r.total) ? r.p : '';
  });
}

/** A column's letters count as its own when at least this share of its values carry them. */
const PREFIX_SHARE = 0.9;

/**
 * Drops hits (m_hits: lid, rid, ref, orig, seen) where the line writes the number behind another
 * reference column's letters and never behind this column's own: "INV-7455" names invoice 7455, not
 * purchase order PO-7455, when the invoice numbers are written INV-… and the order numbers PO-….
 */
async function dropForeignPrefixed(db: Db, model: MatchModel, columns: SideColumns, prefixes: string[]): Promise<void> {
  for (const [i, ref] of model.references.entries()) {
    const foreign = [...new Set(prefixes.filter((p, j) => j !== i && p !== '' && p !== prefixes[i]))];
    if (foreign.length === 0) continue;
    const read = ref.right.map((name) => column(columns.right, 'right', name, 'model reference'));
    const text = `concat_ws(' ', ${read.map((c) => keySourceText(c)).join(', ')})`;
    // The seen token "2026|123" as the digits written with any separators and leading zeros.
    const digits = `replace(x.seen, '|', '[^0-9]{1,3}0*')`;
    const behind = (letters: string[]) => `'(?i)(^|[^a-z])(${letters.join('|')})[^a-z0-9]{0,3}0*' || ${digits} || '([^0-9]|$)'`;
    const own = prefixes[i] !== '' ? `AND NOT regexp_matches(t.txt, ${behind([prefixes[i]])})` : '';
    await db.exec(`DELETE FROM m_hits x USING (
        SELECT s.${ident(ROW_ID)} AS id, ${text} AS txt FROM ${rowsReading('right', read)}
        WHERE s.${ident(ROW_ID)} IN (SELECT rid FROM m_hits WHERE ref = ${i})) t
      WHERE x.ref = ${i} AND t.id = x.rid AND regexp_matches(t.txt, ${behind(foreign)}) ${own}`);
  }
}

/**
 * m_part_paid(tie, item_amount, paid, lines): per open item (its reference value and full amount),
 * the part payments reviewers accepted in earlier runs of this workspace and the statement lines
 * (content hashes) that made them. The item's rest is its amount less `paid`; a line already
 * counted never pays the rest again (a month run twice).
 */
async function buildPartPaid(db: Db): Promise<void> {
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_part_paid AS
    SELECT tie, amount_left AS item_amount, sum(amount_right) AS paid, flatten(list(coalesce(right_hashes, []))) AS lines
    FROM match_groups
    WHERE tie IS NOT NULL AND status = 'accepted' AND coalesce(reviewed_reason, model_reason) = 'part_payment' AND cardinality = '1:1'
    GROUP BY tie, amount_left HAVING sum(amount_right) < amount_left`);
}

/**
 * m_serial(lid, rid, kref, tied, seen): for references of several digit groups (RE-2026-0474),
 * lines naming no item exactly that hold the last group alone ("Rechnung Nr. 474", "fact 451"),
 * as long as that group is. Partial evidence: EM weighs it.
 */
async function buildSerial(db: Db, model: MatchModel, columns: SideColumns): Promise<void> {
  const left: string[] = [];
  const right: string[] = [];
  for (const [i, ref] of model.references.entries()) {
    if (ref.groups.length < 2) continue;
    const last = ref.groups[ref.groups.length - 1];
    left.push(`SELECT id, string_split(tok, '|')[-1] AS tok, ${i} AS ref, orig FROM m_ltok WHERE ref = ${i}`);
    const read = ref.right.map((name) => column(columns.right, 'right', name, 'model reference'));
    const texts = read.map((c) => `regexp_extract_all(coalesce(${keySourceText(c)}, ''), '[0-9]+')`);
    right.push(
      `SELECT w.id, unnest(list_distinct(list_filter(list_transform(flatten([${texts.join(', ')}]), d -> ltrim(d, '0')), d -> length(d) BETWEEN ${last.min} AND ${last.max}))) AS tok, ${i} AS ref
       FROM w_right w JOIN ${rowsReading('right', read)} ON s.${ident(ROW_ID)} = w.id WHERE w.id NOT IN (SELECT rid FROM m_exact)`,
    );
  }
  if (left.length === 0) {
    await db.exec(`CREATE OR REPLACE TEMP TABLE m_serial (lid BIGINT, rid BIGINT, kref INTEGER, tied VARCHAR, seen VARCHAR)`);
    await db.exec(`CREATE OR REPLACE TEMP TABLE m_serial_lines (id BIGINT)`);
    return;
  }
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_rser AS SELECT * FROM (${right.join(' UNION ALL ')}) WHERE tok IS NOT NULL AND tok <> ''`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_serial_lines AS SELECT DISTINCT id FROM m_rser`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_serial AS
    WITH l AS (${left.join(' UNION ALL ')})
    SELECT l.id AS lid, r.id AS rid, min(l.ref) AS kref, arg_min(l.orig, l.ref) AS tied, arg_min(r.tok, l.ref) AS seen
    FROM l JOIN m_rser r ON r.tok = l.tok AND r.ref = l.ref
    WHERE NOT EXISTS (SELECT 1 FROM m_typo t WHERE t.lid = l.id AND t.rid = r.id) GROUP BY l.id, r.id`);
}

/**
 * u from random pairs of the working rows; m and λ by EM over the candidates' level patterns.
 * λ is the probability that two random rows belong together (Splink's "probability two random
 * records match"): pairs outside the candidates count as non-matches. The first scored rule of a
 * run fits the model over every candidate; later scored rules (the leftovers' pass) reuse its
 * weights, since the few pairs left would teach EM nothing reliable.
 */
async function estimate(db: Db, rule: MatchRule, model: MatchModel): Promise<ModelFit> {
  const signature = fitSignature(rule);
  const saved = await db.one<{ fit: string }>(`SELECT fit FROM m_fits WHERE signature = $1`, [signature]);
  const judged = await decisions(db);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_judged (levels VARCHAR, accepted INTEGER, rejected INTEGER)`);
  if (judged.size > 0) await db.exec(`INSERT INTO m_judged VALUES ${[...judged].map(([k, j]) => `(${lit(k)}, ${j.accepted}, ${j.rejected})`).join(', ')}`);
  const fit: ModelFit = saved ? (JSON.parse(saved.fit) as ModelFit) : await fitModel(db, rule, model, judged);
  if (!saved) await db.exec(`INSERT INTO m_fits VALUES ($1, $2)`, [signature, JSON.stringify(fit)]);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_weights (cmp VARCHAR, level VARCHAR, w DOUBLE)`);
  const values = COMPARISONS.flatMap((k) => LEVELS[k].map((level) => `(${lit(k)}, ${lit(level)}, ${weightOf(fit, k, level)})`));
  await db.exec(`INSERT INTO m_weights VALUES ${values.join(', ')}`);
  return fit;
}

/** log2(m/u); a level never seen between random rows (so u is unknown) weighs nothing. */
export function weightOf(fit: Pick<ModelFit, 'weights'>, k: Comparison, level: Level): number {
  const { m, u } = fit.weights[k][level];
  return u > 0 ? Math.log2(m / u) : 0;
}

/** Scored rules comparing the same columns share one fit. */
function fitSignature(rule: MatchRule): string {
  const { amounts: _a, auto_at: _x, suggest_at: _y, ...model } = rule.model!;
  return JSON.stringify([model, rule.amount, rule.date?.left, rule.date?.right]);
}

async function fitModel(db: Db, rule: MatchRule, model: MatchModel, judged: ReadonlyMap<string, Judged>): Promise<ModelFit> {
  const levels = levelExpressions(rule, model);
  const u = emptyTable(0);
  const nL = await db.scalarNumber('SELECT count(*) FROM m_left');
  const nR = await db.scalarNumber('SELECT count(*) FROM m_right');
  // Pairs tied by a reference are left out: in a small file they are a visible share of all
  // pairs, and u is about rows that do not belong together.
  // The tied pairs among the sampled rows are found first (a few) and taken out of the sample's
  // cross product by one hash anti-join: two correlated NOT EXISTS over all U_SAMPLE² pairs made
  // DuckDB group every pair (a delim join), the costliest statement of the model at 300k rows.
  // u is per comparison (each level's share of the pairs), so each comparison is counted on its
  // own: the amounts over every pair, the dates and the counterparties over their distinct values
  // on each side (a pair of values counts as often as the pairs of rows that hold it), less the
  // tied pairs. At 100k rows: one statement of 1.2–2.0 s CPU → 0.8–1.0 s, the same counts.
  const rows = await db.all<{ cmp: Exclude<Comparison, 'ref'>; level: string; n: number }>(
    `WITH l AS (SELECT * FROM m_left ORDER BY hash(h, id) LIMIT ${U_SAMPLE}), r AS (SELECT * FROM m_right ORDER BY hash(h, id) LIMIT ${U_SAMPLE}),
      tied AS (SELECT lid, rid FROM m_exact WHERE lid IN (SELECT id FROM l) AND rid IN (SELECT id FROM r)
        UNION SELECT lid, rid FROM m_typo WHERE lid IN (SELECT id FROM l) AND rid IN (SELECT id FROM r)),
      tp AS (SELECT l.dt AS ldt, r.dt AS rdt, l.p AS lp, r.p AS rp FROM tied JOIN l ON l.id = tied.lid JOIN r ON r.id = tied.rid),
      a AS (SELECT l.amt AS la, r.amt AS ra, l.base AS lbase, l.cur AS lcur, r.stated, NULL::DECIMAL(38,6) AS rest
        FROM l CROSS JOIN r ANTI JOIN tied t ON t.lid = l.id AND t.rid = r.id),
      d AS (SELECT ld.ldt, rd.rdt, ld.n * rd.n AS n FROM (SELECT dt AS ldt, count(*) AS n FROM l GROUP BY ALL) ld CROSS JOIN (SELECT dt AS rdt, count(*) AS n FROM r GROUP BY ALL) rd
        UNION ALL SELECT ldt, rdt, -1 FROM tp),
      p AS (SELECT lv.lp, rv.rp, lv.n * rv.n AS n FROM (SELECT p AS lp, count(*) AS n FROM l GROUP BY ALL) lv CROSS JOIN (SELECT p AS rp, count(*) AS n FROM r GROUP BY ALL) rv
        UNION ALL SELECT lp, rp, -1 FROM tp)
     SELECT 'amt' AS cmp, ${levels.amt} AS level, count(*)::DOUBLE AS n FROM a c GROUP BY ALL
     UNION ALL SELECT 'dte', ${levels.dte}, sum(c.n)::DOUBLE FROM d c GROUP BY ALL
     UNION ALL SELECT 'pty', ${levels.pty}, sum(c.n)::DOUBLE FROM p c GROUP BY ALL`,
  );
  const total = rows.filter((r) => r.cmp === 'amt').reduce((s, r) => s + Number(r.n), 0);
  for (const r of rows) u[r.cmp][r.level as Level] += Number(r.n) / Math.max(1, total);
  // A level no sampled pair shows: rare by chance (u at most one pair in the sample) when candidates
  // show it; otherwise absent from these files (u = 0: it weighs nothing).
  const floor = 1 / Math.max(1, total);
  // Reference levels among all pairs. Exact: every line was searched. One typo: only lines naming
  // no item exactly were, so the rate is per searched line (sequential numbers make near neighbours
  // common: "…124" is one digit from "…123" and eight more).
  // Pairs tied by a reference that do not belong together: a line names at most one item it pays
  // alone, so every pair beyond one per line is a non-match (at least one pair's worth, never 0).
  // A line naming several items that together make its amount (one payment for three invoices,
  // an invoice less its credit note) names its own items, not others by chance: left out.
  const exact = Math.max(1, await db.scalarNumber(`SELECT count(*) - count(DISTINCT rid) FROM m_exact WHERE rid NOT IN (
      SELECT e.rid FROM m_exact e JOIN m_left l ON l.id = e.lid JOIN m_right r ON r.id = e.rid
      GROUP BY e.rid, r.amt HAVING count(*) > 1 AND abs(sum(l.amt) - r.amt) < 0.005)`));
  const typo = Math.max(1, await db.scalarNumber('SELECT count(*) - count(DISTINCT rid) FROM m_typo'));
  const seen = { exact: await db.scalarNumber('SELECT count(*) FROM m_exact'), typo: await db.scalarNumber('SELECT count(*) FROM m_typo') };
  const searched = await db.scalarNumber('SELECT count(*) FROM m_typo_lines');
  const serial = { pairs: await db.scalarNumber('SELECT count(*) FROM m_serial'), beyond: Math.max(1, await db.scalarNumber('SELECT count(*) - count(DISTINCT rid) FROM m_serial')) };
  const serialLines = await db.scalarNumber('SELECT count(*) FROM m_serial_lines');
  const naming = await db.scalarNumber('SELECT count(DISTINCT id) FROM m_rtok');
  const listed = await db.scalarNumber('SELECT count(*) FROM m_listed');
  const tokenShare = naming / Math.max(1, nR);
  // m_listed is a subset of the naming lines (m_rtok).
  const listedShare = listed / Math.max(1, nR);
  u.ref.exact = seen.exact > 0 ? exact / Math.max(1, nL * nR) : 0;
  u.ref.typo = seen.typo > 0 ? (tokenShare * typo) / Math.max(1, searched * nL) : 0;
  // Only the serial part ("Nr. 474" for RE-2026-0474): as common as lines with such a number
  // naming any item beyond the one they pay.
  u.ref.serial = serial.pairs > 0 ? serial.beyond / Math.max(1, Math.max(serialLines, 1) * nL) : 0;
  u.ref.other = Math.max(listedShare - u.ref.exact - u.ref.typo - u.ref.serial, floor);
  u.ref.unlisted = naming > listed ? tokenShare - listedShare : 0;
  u.ref.none = Math.max(1 - tokenShare, floor);

  const patterns = (await db.all<{ ref: string; amt: string; dte: string; pty: string; n: number }>(`SELECT ref, amt, dte, pty, count(*)::DOUBLE AS n FROM m_cand GROUP BY ALL`)).map((p) => ({ ...p, n: Number(p.n) }));
  // Levels only candidates show (never a random pair) get the sample's floor as u.
  for (const k of ['amt', 'dte', 'pty'] as const) for (const l of LEVELS[k]) if (u[k][l] === 0 && patterns.some((p) => p[k] === l)) u[k][l] = floor;
  const fit = em(patterns, u, Math.max(1, nL * nR), Math.min(nL, nR), 60, judged);
  const decided = [...judged.values()].reduce((s, j) => ({ accepted: s.accepted + j.accepted, rejected: s.rejected + j.rejected }), { accepted: 0, rejected: 0 });
  return { ...fit, judged: decided, candidates: patterns.reduce((s, p) => s + p.n, 0) };
}

/**
 * The workspace's decisions on the scored model's earlier suggestions, per level pattern: accepted
 * and rejected. Automatic matches are not counted either way: unmatching one of a hundred would
 * read as a 1 % error rate and stop the other ninety-nine (the 99.5 % bar), though a reviewer
 * unmatches for reasons outside the pair (a booking already made by hand).
 */
async function decisions(db: Db): Promise<Map<string, Judged>> {
  const rows = await db.all<{ levels: string; accepted: number; rejected: number }>(
    `WITH d AS (SELECT levels, status = 'accepted' AS ok FROM match_groups WHERE levels IS NOT NULL AND status IN ('accepted', 'rejected'))
     SELECT levels, count(*) FILTER (WHERE ok)::INTEGER AS accepted, count(*) FILTER (WHERE NOT ok)::INTEGER AS rejected FROM d GROUP BY levels`,
  );
  return new Map(rows.map((r) => [r.levels, { accepted: Number(r.accepted), rejected: Number(r.rejected) }]));
}

function emptyTable(value: number): Record<Comparison, Record<Level, number>> {
  const t = {} as Record<Comparison, Record<Level, number>>;
  for (const k of COMPARISONS) t[k] = Object.fromEntries(LEVELS[k].map((l) => [l, value]));
  return t;
}

/** Starting m: matches mostly name the item, pay it and come soon after, from the same payer. */
const M_START: Record<Comparison, Record<Level, number>> = {
  ref: { exact: 0.8, typo: 0.05, serial: 0.03, other: 0.02, unlisted: 0.02, none: 0.08 },
  amt: { exact: 0.68, named: 0.1, stated: 0.02, rest: 0.02, fx: 0.05, near: 0.06, part: 0.05, other: 0.04 },
  dte: { close: 0.6, month: 0.3, far: 0.07, out: 0.02, unknown: 0.01 },
  pty: { same: 0.6, similar: 0.2, differs: 0.1, unknown: 0.1 },
};

/**
 * EM over level patterns with u fixed (Fellegi–Sunter, conditional independence). E: each
 * pattern's probability of being a match, with λ the match probability of two random rows. M: m
 * as the match-weighted level shares (half a pattern of smoothing, so no seen level gets m = 0);
 * λ as the expected matches over all `pairs` (pairs outside the candidates are non-matches).
 * `expected` (the smaller side's size) starts λ.
 */
export function em(
  patterns: { ref: string; amt: string; dte: string; pty: string; n: number }[],
  u: Record<Comparison, Record<Level, number>>,
  pairs: number,
  expected: number,
  iterations = 60,
  judged: ReadonlyMap<string, Judged> = new Map(),
): Omit<ModelFit, 'candidates' | 'judged'> {
  let m = Object.fromEntries(COMPARISONS.map((k) => [k, { ...M_START[k] }])) as Record<Comparison, Record<Level, number>>;
  let prior = Math.min(0.5, Math.max(1e-12, (0.8 * expected) / pairs));
  const total = patterns.reduce((s, p) => s + p.n, 0);
  let it = 0;
  for (; it < iterations && total > 0; it++) {
    const next = emptyTable(0);
    let matched = 0;
    for (const p of patterns) {
      const post = judgedPosterior(posterior(p, m, u, prior), judged.get(patternKey(p)));
      matched += post * p.n;
      for (const k of COMPARISONS) next[k][p[k]] += post * p.n;
    }
    const nextM = {} as Record<Comparison, Record<Level, number>>;
    for (const k of COMPARISONS) {
      // Smoothing: 1 % of the match mass spread over the levels, so a level the matches of these
      // files never show (payments a quarter late) weighs strongly against, not infinitely.
      const seen = LEVELS[k].filter((l) => u[k][l] > 0);
      const pseudo = Math.max(0.5, (0.01 * matched) / Math.max(1, seen.length));
      const sum = seen.reduce((s, l) => s + next[k][l] + pseudo, 0);
      nextM[k] = Object.fromEntries(LEVELS[k].map((l) => [l, u[k][l] > 0 ? (next[k][l] + pseudo) / sum : 0]));
    }
    const nextPrior = Math.min(0.5, Math.max(1e-12, matched / pairs));
    const delta = Math.abs(Math.log(nextPrior / prior)) + COMPARISONS.reduce((s, k) => s + LEVELS[k].reduce((t, l) => t + Math.abs(nextM[k][l] - m[k][l]), 0), 0);
    m = nextM;
    prior = nextPrior;
    if (delta < 1e-7) break;
  }
  const weights = {} as Weights;
  for (const k of COMPARISONS) weights[k] = Object.fromEntries(LEVELS[k].map((l) => [l, { m: m[k][l], u: u[k][l] }]));
  return { weights, prior, iterations: it };
}

/** A level pattern as stored with a group (match_groups.levels): "exact/exact/close/same". */
export function patternKey(p: Record<Comparison, string>): string {
  return COMPARISONS.map((k) => p[k]).join('/');
}

/** Pseudo-decisions EM's own guess counts as, against the reviewers' decisions on a pattern. */
const GUESS_WEIGHT = 2;

/**
 * The reviewers' decisions on earlier groups of one level pattern override EM's guess in
 * proportion to how many there are: (accepted + k·guess) / (decided + k). Fifty rejections of
 * "amount within 20 %, other counterparty" pull that pattern's match share towards 0, and with it
 * the m of its levels; one decision moves it a third of the way.
 */
export function judgedPosterior(guess: number, j: Judged | undefined): number {
  if (!j || j.accepted + j.rejected === 0) return guess;
  return (j.accepted + GUESS_WEIGHT * guess) / (j.accepted + j.rejected + GUESS_WEIGHT);
}

function posterior(p: Record<Comparison, string>, m: Record<Comparison, Record<Level, number>>, u: Record<Comparison, Record<Level, number>>, prior: number): number {
  let bits = Math.log2(prior / (1 - prior));
  for (const k of COMPARISONS) if (u[k][p[k]] > 0) bits += Math.log2(m[k][p[k]] / u[k][p[k]]);
  return 1 / (1 + 2 ** -bits);
}

/** Why the amounts of a pair differ, for booking. */
function reasonSql(rule: MatchRule): string {
  const d = differenceSql(rule);
  const named = [d.fee && `WHEN ${d.fee} THEN 'bank_fee'`, d.discount && `WHEN ${d.discount} THEN 'discount'`, d.withheld && `WHEN ${d.withheld} THEN 'tax_withheld'`, d.rounding && `WHEN ${d.rounding} THEN 'rounding'`].filter(Boolean).join(' ');
  return `CASE WHEN c.amt = 'exact' THEN NULL ${named} WHEN c.amt = 'fx' THEN 'exchange_rate'
    WHEN c.amt IN ('part', 'rest') THEN 'part_payment' WHEN abs(c.ra) > abs(c.la) THEN 'overpayment' ELSE 'short_payment' END`;
}

/** Mutual-best rounds by weight; statuses by probability, ambiguity and amount level. */
async function assign(db: Db, rule: MatchRule, ruleIdx: number, model: MatchModel, fit: ModelFit, columns: SideColumns): Promise<void> {
  const prior = Math.log2(fit.prior / (1 - fit.prior));
  const allowed = model.amounts === 'settled' ? `c.amt IN ${SETTLING}` : `c.amt <> 'other'`;
  // The model's probability, then the reviewers' decisions on the same level pattern (judgedPosterior).
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_scored AS
    WITH s AS (
      SELECT c.*, 1 / (1 + pow(2, -(${prior} + wr.w + wa.w + wd.w + wp.w))) AS model_prob,
        wr.w AS w_ref, wa.w AS w_amt, wd.w AS w_dte, wp.w AS w_pty
      FROM m_cand c
      JOIN m_weights wr ON wr.cmp = 'ref' AND wr.level = c.ref
      JOIN m_weights wa ON wa.cmp = 'amt' AND wa.level = c.amt
      JOIN m_weights wd ON wd.cmp = 'dte' AND wd.level = c.dte
      JOIN m_weights wp ON wp.cmp = 'pty' AND wp.level = c.pty
      WHERE ${allowed}),
    j AS (SELECT s.*, CASE WHEN j.levels IS NULL THEN s.model_prob ELSE (j.accepted + ${GUESS_WEIGHT} * s.model_prob) / (j.accepted + j.rejected + ${GUESS_WEIGHT}) END AS judged
      FROM s LEFT JOIN m_judged j ON j.levels = concat_ws('/', s.ref, s.amt, s.dte, s.pty)),
    -- Decisions lower a pattern or raise it towards the automatic bar, never over it: confirming
    -- automatically takes the model's own evidence (a run of acceptances is too few to show 99.5 %).
    p AS (SELECT * EXCLUDE (judged), least(greatest(CASE WHEN judged > model_prob THEN least(judged, greatest(model_prob, ${model.auto_at} - 1e-4)) ELSE judged END, 1e-15), 1 - 1e-15) AS prob FROM j)
    SELECT *, log2(prob / (1 - prob)) AS bits FROM p`);
  // Candidates the weights cannot tell apart, told apart by a detail the line cites (an instalment).
  await preferCitedCandidates(db, model, columns, AMBIGUOUS_BITS);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_pool AS SELECT * FROM m_scored WHERE prob >= ${model.suggest_at}`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_pairs AS SELECT * FROM m_pool WHERE FALSE`);
  for (;;) {
    await db.exec(`CREATE OR REPLACE TEMP TABLE m_new AS
      SELECT * EXCLUDE (bl, br) FROM (
        SELECT *, row_number() OVER (PARTITION BY lid ORDER BY bits DESC, abs(la - ra), rh, rid) AS bl,
          row_number() OVER (PARTITION BY rid ORDER BY bits DESC, abs(la - ra), lh, lid) AS br FROM m_pool)
      WHERE bl = 1 AND br = 1`);
    if ((await db.scalarNumber('SELECT count(*) FROM m_new')) === 0) break;
    await db.exec('INSERT INTO m_pairs SELECT * FROM m_new');
    await db.exec(`DELETE FROM m_pool WHERE lid IN (SELECT lid FROM m_new) OR rid IN (SELECT rid FROM m_new)`);
  }
  // Ambiguous: a row of the pair had another candidate nearly as likely, with other content; or,
  // without a reference, another candidate with the same amount and counterparty that only the
  // dates tell apart (two equal invoices of one payer: the dates' weight was learned over all
  // pairs and says nothing about which of the two a payment naming neither settles).
  const dateOnly = (other: 'lid' | 'rid') =>
    `c.ref = p.ref AND p.ref IN ('none', 'other', 'unlisted') AND c.amt = p.amt AND c.pty = p.pty AND ${other === 'lid' ? 'c.la = p.la' : 'c.ra = p.ra'}`;
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_amb AS
    SELECT DISTINCT p.lid, p.rid FROM m_pairs p JOIN m_scored c ON c.lid = p.lid AND c.rid <> p.rid AND c.rh <> p.rh AND (c.bits >= p.bits - ${AMBIGUOUS_BITS} OR (${dateOnly('rid')}))
    UNION SELECT DISTINCT p.lid, p.rid FROM m_pairs p JOIN m_scored c ON c.rid = p.rid AND c.lid <> p.lid AND c.lh <> p.lh AND (c.bits >= p.bits - ${AMBIGUOUS_BITS} OR (${dateOnly('lid')}))`);
  // Two candidates as likely are a coin toss: neither is offered; every row involved is an
  // `ambiguous_candidates` exception for a person to decide.
  await db.exec(
    `INSERT INTO ambiguous
     SELECT 'left', l, ${ruleIdx}, $1, any_value(r), NULL, NULL FROM (
       SELECT p.lid AS l, p.rid AS r FROM m_pairs p JOIN m_amb USING (lid, rid)
       UNION ALL SELECT c.lid, c.rid FROM m_scored c JOIN m_amb a ON (c.rid = a.rid OR c.lid = a.lid) JOIN m_pairs p ON p.lid = a.lid AND p.rid = a.rid WHERE c.bits >= p.bits - ${AMBIGUOUS_BITS}) GROUP BY l
     UNION ALL
     SELECT 'right', r, ${ruleIdx}, $1, any_value(l), NULL, NULL FROM (
       SELECT p.rid AS r, p.lid AS l FROM m_pairs p JOIN m_amb USING (lid, rid)
       UNION ALL SELECT c.rid, c.lid FROM m_scored c JOIN m_amb a ON (c.rid = a.rid OR c.lid = a.lid) JOIN m_pairs p ON p.lid = a.lid AND p.rid = a.rid WHERE c.bits >= p.bits - ${AMBIGUOUS_BITS}) GROUP BY r`,
    [rule.id],
  );
  await db.exec(`DELETE FROM m_pairs WHERE (lid, rid) IN (SELECT (lid, rid) FROM m_amb)`);
  const auto = rule.auto_confirm ? `CASE WHEN p.prob >= ${model.auto_at} AND p.amt IN ${SETTLING} THEN 'auto' ELSE 'suggested' END` : `'suggested'`;
  await db.exec(
    `INSERT INTO gtmp SELECT ${ruleIdx}, $1, '1:1', ${auto}, [p.lid], [p.rid], p.la, p.ra,
       coalesce(abs(date_diff('day', p.ldt, p.rdt)), 0)::INTEGER, round(p.prob, 4) FROM m_pairs p`,
    [rule.id],
  );
  const refName = model.references.length > 0 ? `CASE c.kref ${model.references.map((r, i) => `WHEN ${i} THEN ${lit(r.left)}`).join(' ')} END` : `''`;
  await db.exec(
    `INSERT INTO group_evidence (group_key, reason, evidence, levels, tie) SELECT c.lid, ${reasonSql(rule)},
       concat_ws('; ',
         CASE c.ref WHEN 'exact' THEN ${refName} || ' ' || c.tied || ' named on the line'
           WHEN 'typo' THEN ${refName} || ' ' || c.tied || ' named with one typo (' || replace(c.seen, '|', '-') || ')'
           WHEN 'serial' THEN ${refName} || ' ' || c.tied || ' named by its last part only (' || c.seen || ')'
           WHEN 'other' THEN 'the line names another reference'
           WHEN 'unlisted' THEN 'the line names no reference of the list' ELSE 'no reference' END || ' (' || printf('%+.1f', round(c.w_ref, 1) + 0.0) || ')',
         CASE c.amt WHEN 'exact' THEN 'amount equal' WHEN 'named' THEN 'amount differs by a learned fee, discount or tax withheld'
           WHEN 'stated' THEN 'amount less ' || printf('%.2f', abs(c.la - c.ra)) || ', which the line states'
           WHEN 'rest' THEN 'amount equal to what is left after part payments of ' || printf('%.2f', c.la - c.rest) || ' accepted earlier'
           WHEN 'fx' THEN 'amount in ' || c.lcur || ' at an implied rate of ' || printf('%.4f', c.ra / c.la) || ${rateSql(model) ? `' (' || ${rateSourceSql(model)} || ' ' || printf('%.4f', ${rateSql(model)}) || ')'` : "''"} WHEN 'near' THEN 'amount within 20 %' WHEN 'part' THEN 'part of the amount' ELSE 'amount differs' END || ' (' || printf('%+.1f', round(c.w_amt, 1) + 0.0) || ')',
         CASE c.dte WHEN 'close' THEN 'dates within 14 days' WHEN 'month' THEN 'dates within 60 days' WHEN 'far' THEN 'dates within 180 days' WHEN 'out' THEN 'dates further apart' ELSE 'no date' END || ' (' || printf('%+.1f', round(c.w_dte, 1) + 0.0) || ')',
         CASE c.pty WHEN 'same' THEN 'same counterparty' WHEN 'similar' THEN 'similar counterparty' WHEN 'differs' THEN 'other counterparty' ELSE NULL END || ' (' || printf('%+.1f', round(c.w_pty, 1) + 0.0) || ')',
         'probability ' || printf('%.4f', c.prob),
         ${fit.judged && fit.judged.accepted + fit.judged.rejected > 0 ? lit(`weights refined by ${fit.judged.accepted} accepted and ${fit.judged.rejected} rejected earlier decisions`) : 'NULL'}),
       concat_ws('/', c.ref, c.amt, c.dte, c.pty), c.tied
     FROM m_pairs c`,
  );
}

/**
 * A payment naming one invoice and paying it less exactly one open credit note of the same
 * counterparty (or one the payment names too): the three are one group (N:1). Only when that
 * credit note is the single one that fits, and used once; otherwise the payment stays for the
 * later passes (a part payment to review).
 */
async function matchCreditNetting(db: Db, rule: MatchRule, ruleIdx: number, model: MatchModel): Promise<void> {
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_cn AS
    WITH free_l AS (SELECT * FROM m_left WHERE id NOT IN (SELECT lid FROM m_pairs)),
      free_r AS (SELECT * FROM m_right WHERE id NOT IN (SELECT rid FROM m_pairs)),
      named AS (SELECT e.lid, e.rid, e.tied FROM m_exact e JOIN free_l l ON l.id = e.lid JOIN free_r r ON r.id = e.rid WHERE l.amt > 0 AND r.amt > 0),
      -- The credit note is the item's counterparty's, or one the payment names too: two hash joins
      -- (on the counterparty, on the named pair), since the two conditions OR-ed in one join made
      -- DuckDB compare every named payment with every credit note (a nested loop).
      pay AS (SELECT n.lid, n.rid, n.tied, l.amt AS la, r.amt AS ra, l.p, coalesce(abs(date_diff('day', l.dt, r.dt)), 0)::INTEGER AS dd
        FROM named n JOIN free_l l ON l.id = n.lid JOIN free_r r ON r.id = n.rid),
      notes AS (SELECT id, amt, p FROM free_l WHERE amt < 0),
      c AS (
        SELECT pay.lid, cn.id AS cid, pay.rid, pay.la, cn.amt AS ca, pay.ra, pay.tied, pay.dd
        FROM pay JOIN notes cn ON cn.p = pay.p AND cn.id <> pay.lid AND abs(pay.la + cn.amt - pay.ra) < 0.005
        UNION
        SELECT pay.lid, cn.id, pay.rid, pay.la, cn.amt, pay.ra, pay.tied, pay.dd
        FROM pay JOIN m_exact x ON x.rid = pay.rid JOIN notes cn ON cn.id = x.lid AND cn.id <> pay.lid AND abs(pay.la + cn.amt - pay.ra) < 0.005)
    SELECT * FROM c QUALIFY count(*) OVER (PARTITION BY rid) = 1 AND count(*) OVER (PARTITION BY cid) = 1 AND count(*) OVER (PARTITION BY lid) = 1`);
  await db.exec(
    `INSERT INTO gtmp SELECT ${ruleIdx}, $1, 'N:1', ${rule.auto_confirm ? "'auto'" : "'suggested'"}, list_sort([lid, cid]), [rid], la + ca, ra, dd, 1.0 FROM m_cn`,
    [rule.id],
  );
  await db.exec(
    `INSERT INTO group_evidence (group_key, reason, evidence) SELECT least(lid, cid), NULL, ${model.references.length > 0 ? `${lit(model.references[0].left)} || ' ' || tied || ' named on the line, paid less an open credit note of the same counterparty (' || printf('%.2f', -ca) || ')'` : `'paid less an open credit note'`} FROM m_cn`,
  );
}

/** TEMP tables this module leaves for the run's end to drop. */
export const SCORED_TABLES = ['m_rser', 'm_serial', 'm_serial_lines', 'm_lparty', 'm_rparty', 'm_rpid', 'm_cn', ...REVERSAL_TABLES, 'm_fits', 'm_typo_lines', 'm_hits', 'm_ltok', 'm_rtok', 'm_exact', 'm_typo', 'm_left', 'm_right', 'm_cand', 'm_listed', 'm_weights', 'm_judged', 'm_part_paid', 'm_scored', 'm_pool', 'm_pairs', 'm_new', 'm_amb', ...CITED_TABLES];

