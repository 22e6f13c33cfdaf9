/**
 * What a cash-application recipe needs to know, read off the loaded data in DuckDB (not off a
 * 50-row sample): the shape of the left references, the right columns that carry them (a
 * reference column and/or the remittance text), the amount differences that recur between
 * payments and the invoices they reference (bank fees, early-payment discounts), and the columns
 * that name the counterparty on both sides. `cash-rules.ts` turns these facts into rules.
 */
import { MAX_REFERENCE_TEXT_COLUMNS, type FieldMapping, type KeyNormaliser } from '../../../shared/reconcile/recipe';
import type { ColumnTyping, Side } from '../../../shared/reconcile/sources-and-runs';
import type { Db } from './db';
import { amountExpression, column, compactId, dateExpression, firstWord, idTokens, issuedDigits, keySourceText, leftReference, nameExpression, foldedPrefixesSql, percentOfSql, referenceBody, referenceTokens, specificId } from './recipe-sql';
import { ident, lit } from './sql';
import { typedView } from './sources';
import { rowsWith as namedRows } from './row-columns';
import { detectSideRoles, type SideRoles } from './side-roles';
import { nameAtTextStartSql, textHash } from './matching/working';
import { amountUnit } from './matching/groups';
import { nameReadingsSql, resolvePartiesInText } from './matching/party-resolution';

export type ReferenceGroups = Extract<KeyNormaliser, { kind: 'reference' }>['groups'];

/** One identifier column of the open items as a reference, with the evidence that it is one. */
export interface ReferenceEvidence {
  left: string;
  shape: ReferenceGroups;
  /** Only values of exactly this shape are keys: the column holds references of several shapes. */
  strict?: boolean;
  /** Statement columns where its values are written, most hits first, with the share of lines hit. */
  right: { name: string; share: number }[];
  /** Of the lines naming exactly one of its values, the share paying within 10 % of that item's amount (null: no amount mapped). */
  agreement: number | null;
  /** How many such lines were compared. */
  lines: number;
  /** `agreement` over the same share for random pairs: how much a hit says beyond chance. */
  ratio: number | null;
}

export interface CashFacts {
  /**
   * The open items (invoices) look like the right source and the payments like the left: the
   * mapped key is unique on the right and repeats or is missing on the left. The cash rules read
   * references from the right side's text for left keys, so they are not proposed the other way
   * round (the user is told to swap the sources).
   */
  reversed: boolean;
  /** Which side holds the open items and why (side-roles.ts); null when not asked. */
  roles: SideRoles | null;
  /** The left column holding the invoice references: the mapped key, or found by its hits in the right text. */
  leftKey: string | null;
  /** The right side's amounts are compared sign-flipped (as given, or read off the data: a ledger that prints invoices as debits). */
  flipSign: boolean;
  /** Digit-group shape of the left key, when it has one. */
  shape: ReferenceGroups | null;
  /** The shape is one of several in the left key's column (see ReferenceEvidence.strict). */
  strict?: boolean;
  /** Right columns holding references of that shape, most hits first, with the share of rows hit. */
  referenceColumns: { name: string; share: number }[];
  /** Recurring left − right differences among reference-tied pairs. */
  fixed: number[];
  percent: number[];
  /** Percentages deducted and rounded to a whole unit (tax withheld), to 6 decimals. */
  wholePercent: number[];
  /** A tax withheld at these rates of another amount column of the item (its value before VAT); null when none recurs. */
  withheld?: { column: string; percent: number[] } | null;
  /** Largest recurring difference under 1.00 either way (rounding, currency conversion cents); 0 when none. */
  rounding: number;
  /** Every validated reference column of the open items, the most useful first (its first is `leftKey`). */
  references: ReferenceEvidence[];
  /** Identifier columns found in the statement's text whose hits did not agree in amount more than chance (a customer or contract number). */
  rejectedReferences: ReferenceEvidence[];
  /**
   * Columns whose value several open items share and a line names to pay all of them: a Thai
   * billing note (ใบวางบิล) or a consolidated invoice. `agreement` is over lines naming one such
   * value, against the sum of its items.
   */
  groupReferences?: ReferenceEvidence[];
  /**
   * The payer's identifier written in the statement's text (a RUT, a customer code): a column of
   * the open items whose values repeat per customer, the text column writing them, the share of
   * lines writing one, and of those the share whose customer has an open item of about the paid
   * amount, against the same for another customer's (chance).
   */
  partyId?: { left: string; right: string; share: number; lines: number; agreement: number; chance: number } | null;
  /** Open items in other currencies: their column, the statement's currency and the rate per foreign currency. */
  fx: { column: string; home: string; rates: { currency: string; rate: number; source?: 'learned' | 'supplied' }[] } | null;
  /** Pairs the differences were learned from. */
  pairs: number;
  /**
   * The open items' date that payments follow most closely (issue date, due date, …), checked on
   * reference-tied pairs: the one whose distance to the statement's date is smallest for 90 % of
   * them; `p90` that distance in days, `p99` the one 99 % stay within. Null when no date pair could be checked.
   */
  date: { left: string; right: string; p90: number; p99?: number; pairs: number } | null;
  /** A mapped pair naming the counterparty (repeats on the left, shared values on both sides); `in_text`: the right column's text starts with the name. */
  party: { left: string; right: string; in_text?: boolean } | null;
  /**
   * Collections (learnCollections): the open items' due date, the column whose value the bank
   * collects by (the payment method; null when every item due that day is collected), or `of`: the
   * values of a column whose items one collection takes together (Ri.Ba. under four payment terms),
   * the statement's date, and on how many days a line was such a total.
   */
  collection: { due: string; by: string | null; of?: { column: string; values: string[]; first_word?: boolean }; right: string; days: number } | null;
}

/**
 * The learning's own version: answers kept per source (learn-cache.ts) are keyed by it, so facts
 * learned by an older rule are learned anew. Raise it whenever what is learned changes.
 */
export const LEARNING_VERSION = 56;

/** Rows read per side while learning: enough for every recurring pattern, bounded in time. */
const LEARN_ROWS = 50_000;
/** A share of rows a column must reference to count as carrying references. */
const MIN_REFERENCE_SHARE = 0.005;

type Columns = Record<Side, ColumnTyping[]>;

/** The learning sample of a side (rows spread over the file, the same every time), made once per learnCashFacts. */
const sampleTable = (side: Side) => `kalla_learn_${side}`;
const sample = (side: Side) => `${sampleTable(side)} s`;
/**
 * Every row of a side. The open items are read whole wherever the statement's sample is joined to
 * them or their uniqueness is judged: two independent samples of 50,000 rows out of 1M share only
 * 5 % of their references, and a customer number looks unique within a sample (at 1M rows the
 * customer column was taken for a reference and the invoice number found in 4.8 % of lines).
 */
const allRows = (side: Side) => `${ident(typedView(side))} s`;

/** Prefix of the per-learning tables of each open item's reference (dropped when learning ends). */
const LEFT_REFS_PREFIX = 'kalla_learn_lref_';

/**
 * Every open item with its reference read in one shape, as `s` with the extra column `kalla_k`:
 * the reference is read once per column and shape, not by every learning query (five full reads of
 * 1M document numbers with regular expressions were a third of the learning time).
 */
async function leftWithRefs(db: Db, leftKey: ColumnTyping, shape: ReferenceGroups, strict: boolean, read: ColumnTyping[] = []): Promise<string> {
  const table = `${LEFT_REFS_PREFIX}${textHash(JSON.stringify([leftKey.name, shape, strict]))}`;
  // Asked first, as textTokens does: `IF NOT EXISTS` planned the SELECT on each of ~100 calls (1 s CPU at 5,000 columns).
  if (!(await db.hasTempTable(table))) await db.exec(`CREATE TEMP TABLE ${table} AS SELECT s.__row_id AS id, ${leftReference(keySourceText(leftKey), shape, strict)} AS kalla_k FROM ${rowsWith('left', [leftKey], 's')}`);
  return `(SELECT v.*, r.kalla_k FROM ${rowsWith('left', read, 'v')} JOIN ${table} r ON r.id = v.__row_id) s`;
}

/** Only the columns a statement reads (row-columns.ts: the typed view binds all of them, each time). */
const rowsWith = (side: Side, read: ColumnTyping[], alias: string) => `${namedRows(side, read.map((c) => c.name))} ${alias}`;

/**
 * The columns the learning sample holds: those of each reader of `sample(side)`, from the same
 * functions that choose them for that reader. The sample held every column (5,000 columns: ~0.8 s
 * CPU a side to sort and copy, issue 27); a reader naming a column left out fails to bind, loudly.
 */
export function sampleColumns(columns: Columns, mappings: FieldMapping[], statementIds: ColumnTyping[]): Record<Side, ColumnTyping[]> {
  const find = (side: Side, name: string | undefined) => {
    const found = name === undefined ? undefined : lookup(columns[side], name);
    return found ? [found] : [];
  };
  const mapped = (role: FieldMapping['role']) => mappings.find((m) => m.role === role);
  const [key, amount] = [mapped('key'), mapped('amount')];
  const party = partyPairs(columns, mappings);
  const parties = [...party.mapped, ...party.all];
  const left = [
    ...find('left', key?.field_a),
    ...find('left', amount?.field_a),
    ...identifierCandidates(columns.left),
    ...currencyCandidates(columns.left),
    ...leftDates(columns.left),
    ...parties.flatMap(([a]) => [a]),
    ...(amount ? withholdingBases(columns.left, [amount.field_a]) : []),
  ];
  const right = [...find('right', key?.field_b), ...find('right', amount?.field_b), ...statementTexts(columns), ...statementIds, ...rightDates(columns, mappings), ...parties.flatMap(([, b]) => [b])];
  const unique = (cs: ColumnTyping[]) => [...new Set(cs)];
  return { left: unique(left), right: unique(right) };
}

/** A column as `column` finds it (exact name, else case-insensitive), or undefined. */
const lookup = (columns: ColumnTyping[], name: string) => columns.find((c) => c.name === name) ?? columns.find((c) => c.name.toLowerCase() === name.toLowerCase());

/** `sampleRows`: rows read per side where a sample will do (tests make it small to check that facts do not depend on it). */
export async function learnCashFacts(db: Db, columns: Columns, mappings: FieldMapping[], flipSign: boolean | null, sampleRows = LEARN_ROWS): Promise<CashFacts> {
  // The statement's number columns a payer's id may be in: whole numbers on every row (read whole,
  // before the sample, so a wide statement's amounts and balances are not copied into it).
  const statementIds = await wholeNumbers(db, statementNumbers(columns));
  const read = sampleColumns(columns, mappings, statementIds);
  for (const side of ['left', 'right'] as const) {
    await db.exec(`CREATE OR REPLACE TEMP TABLE ${sampleTable(side)} AS SELECT s.__row_id${read[side].map((c) => `, s.${ident(c.name)}`).join('')} FROM ${rowsWith(side, read[side], 's')} ORDER BY hash(s.__row_id) LIMIT ${sampleRows}`);
  }
  try {
    const amount = mappings.find((m) => m.role === 'amount');
    const flip = flipSign ?? (amount ? await oppositeSigns(db, columns, amount) : false);
    return await learnFromSamples(db, columns, mappings, flip, statementIds);
  } finally {
    for (const side of ['left', 'right'] as const) await db.exec(`DROP TABLE IF EXISTS temp.${sampleTable(side)}`);
    const refs = await db.all<{ name: string }>(`SELECT table_name AS name FROM duckdb_tables() WHERE temporary AND starts_with(table_name, '${LEFT_REFS_PREFIX}')`);
    for (const t of refs) await db.exec(`DROP TABLE IF EXISTS temp.${t.name}`);
  }
}

async function learnFromSamples(db: Db, columns: Columns, mappings: FieldMapping[], flipSign: boolean, statementIds: ColumnTyping[]): Promise<CashFacts> {
  const facts: CashFacts = { reversed: false, roles: null, flipSign, leftKey: null, shape: null, referenceColumns: [], references: [], rejectedReferences: [], fx: null, fixed: [], percent: [], wholePercent: [], rounding: 0, pairs: 0, party: null, date: null, collection: null };
  // Which file holds the open items, read off the data (either file may be chosen first).
  const roles = await detectSideRoles(db, columns);
  facts.roles = roles;
  if (roles.margin >= 0.2) {
    if (roles.openItems === 'right') return { ...facts, reversed: true };
  } else if (mappings.some((m) => m.role === 'key')) {
    const key = mappings.find((m) => m.role === 'key')!;
    const unique = async (side: Side, name: string) => {
      const c = column(columns[side], side, name, 'reference key');
      const row = await db.one<{ n: number; d: number; rows: number }>(`SELECT count(s.${ident(c.name)}) AS n, count(DISTINCT s.${ident(c.name)}) AS d, count(*) AS rows FROM ${sample(side)}`);
      return Number(row?.d ?? 0) / Math.max(1, Number(row?.rows ?? 0));
    };
    const [l, r] = [await unique('left', key.field_a), await unique('right', key.field_b)];
    // The data did not say: a mapped key unique on the right only marks the right as the open items.
    if (r >= 0.95 && l < r - 0.02) return { ...facts, reversed: true };
  }
  facts.party = await learnParty(db, columns, mappings);
  // Every identifier-like column of the open items (the mapped key first) is a possible reference:
  // document numbers, PO or order numbers, contract numbers. Each is kept only when the lines that
  // name one of its values agree with that open item's amount far more often than chance.
  const amountMap = mappings.find((m) => m.role === 'amount');
  const mapped = mappings.find((m) => m.role === 'key')?.field_a;
  const candidates = [...new Set([...(mapped ? [mapped] : []), ...(await identifierColumns(db, columns.left))])];
  const chance = amountMap ? await chanceAgreement(db, columns, amountMap, flipSign) : null;
  for (const name of candidates) {
    const leftKey = column(columns.left, 'left', name, 'reference key');
    for (const { shape, strict } of await learnShapes(db, referenceBody(keySourceText(leftKey)))) {
      const judge = (groups: ReferenceGroups) => judgeReference(db, columns, leftKey, groups, strict, amountMap, chance, flipSign);
      let judged = await judge(shape);
      // Payers may leave out the series all the items share ("GST/25-26/" before 01991) and write
      // the number alone: read that way when it names clearly more lines, and is validated as well.
      const series = await withSeriesPrefix(db, referenceBody(keySourceText(leftKey)), shape);
      if (series) {
        const short = await judge(series);
        // It must prove itself by the amounts: short numbers are named by volume in any text.
        if (short?.agreed && (!judged?.validated || short.evidence.right[0].share >= SERIES_GAIN * judged.evidence.right[0].share || incrementAgrees(judged.evidence, short.evidence, chance))) judged = short;
      }
      if (!judged) continue;
      if (judged.validated) facts.references.push(judged.evidence);
      else if (judged.group) (facts.groupReferences ??= []).push(judged.group);
      else facts.rejectedReferences.push(judged.evidence);
    }
  }
  facts.references.sort((a, b) => b.right[0].share * (b.agreement ?? 1) - a.right[0].share * (a.agreement ?? 1));
  if (amountMap) {
    const taken = new Set([...facts.references, ...(facts.groupReferences ?? [])].map((r) => r.left));
    facts.partyId = await learnPartyId(db, columns, amountMap, flipSign, taken, statementIds);
  }
  const best = facts.references[0];
  if (best) Object.assign(facts, { leftKey: best.left, shape: best.shape, ...(best.strict ? { strict: true } : {}), referenceColumns: best.right });
  const amount = mappings.find((m) => m.role === 'amount');
  if (amount && facts.leftKey && facts.shape) {
    Object.assign(facts, await learnDifferences(db, columns, column(columns.left, 'left', facts.leftKey, 'reference key'), facts, amount, flipSign));
    facts.fx = await learnRates(db, columns, column(columns.left, 'left', facts.leftKey, 'reference key'), facts, amount, flipSign);
    facts.date = await learnDatePair(db, columns, column(columns.left, 'left', facts.leftKey, 'reference key'), facts, mappings);
    if (facts.party) await learnFromPayersLines(db, columns, facts, facts.party, amount, flipSign, mappings, false);
  } else if (amount && facts.party) {
    await learnFromPayersLines(db, columns, facts, facts.party, amount, flipSign, mappings, true);
  }
  if (amount) facts.collection = await learnCollections(db, columns, amount, flipSign, mappings);
  return facts;
}

/**
 * What the payers' own lines say where reference-tied pairs said nothing, each only when not learned
 * yet: a counterparty's line whose amount is that of exactly one of its open items ties them, for
 * the date pair (`dates`: when no reference was learned); the fees its payers deduct recur among the
 * differences between its lines and its items (a month's invoices paid in one transfer, the bank's
 * NT$10–30 taken off), and so do taxes withholding agents deduct naming no invoice ("NETT PPH23").
 */
async function learnFromPayersLines(db: Db, columns: Columns, facts: CashFacts, party: NonNullable<CashFacts['party']>, amount: FieldMapping, flipSign: boolean, mappings: FieldMapping[], dates: boolean): Promise<void> {
  // A name read from a text ties less surely than a name column: its dates are not learned (on
  // jp-zengin they widened the batch search into chance sums).
  const learnDates = dates && !party.in_text;
  if (!learnDates && facts.fixed.length > 0 && facts.withheld) return;
  await partyOfLines(db, columns, party);
  try {
    if (learnDates) facts.date = await learnDatePairByParty(db, columns, party, amount, flipSign, mappings);
    if (facts.fixed.length === 0) facts.fixed = await learnFeesByParty(db, columns, party, amount, flipSign);
    if (!facts.withheld) facts.withheld = await learnWithheldByParty(db, columns, facts, amount, flipSign);
  } finally {
    await db.exec('DROP TABLE IF EXISTS temp.kalla_learn_rp');
  }
}

/** A date column read from the file (not one the engine derived). */
const isDateColumn = (c: ColumnTyping) => (c.type === 'date' || c.type === 'timestamp') && !c.derived;

/** A collection is credited on its due date or up to this many days after (a weekend, the value date). */
export const COLLECTION_DAYS = 7;
/** A column the bank may collect by (a payment method, a mandate type) has at least 2 and at most this many values. */
const COLLECTION_KINDS = 12;
/** A column whose values are tried in every combination (`of`) has at most this many: 255 sets. */
const COLLECTION_SET_VALUES = 8;
/** Days on which a line must equal a collection total before collections are proposed. */
const MIN_COLLECTION_DAYS = 2;
/** Items a set-of-values collection must hold on each day it explains: two invoices of one payer paid together are a batch, not a collection. */
const MIN_SET_ITEMS = 3;

/**
 * Collections (Ri.Ba. distinte, SEPA direct-debit and BACS collections, LCR remises): statement
 * lines that equal the total of every open item due on one day — of one value of a column with few
 * values, when only one payment method is collected, or of one set of its values (the four Ri.Ba.
 * payment terms of an Italian ledger, not its bank transfers) — credited on that day or up to
 * COLLECTION_DAYS after, by one of the statement's dates (an Italian distinta is booked ~2 weeks
 * before the due date, SBF, with the due date as its value date). Every date column of the open
 * items is tried as the due date, alone and split or restricted by each few-valued text column; the
 * reading that explains lines on the most days wins (the simpler one on a tie: one value before a
 * set, a smaller set before a larger), and is kept when it explains at least MIN_COLLECTION_DAYS.
 * An exact sum of several cent amounts on two days is not chance.
 */
async function learnCollections(db: Db, columns: Columns, amount: FieldMapping, flipSign: boolean, mappings: FieldMapping[]): Promise<CashFacts['collection']> {
  const mapped = mappings.find((m) => m.role === 'date');
  const first = mapped ? columns.right.find((c) => c.name === mapped.field_b && isDateColumn(c)) : undefined;
  const rights = [...(first ? [first] : []), ...columns.right.filter((c) => isDateColumn(c) && c !== first)].slice(0, 3);
  const dues = columns.left.filter(isDateColumn).slice(0, 4);
  if (rights.length === 0 || dues.length === 0) return null;
  const texts = columns.left.filter((c) => c.type === 'text' && !c.derived).slice(0, 24);
  const counts =
    texts.length > 0
      ? await db.one<Record<string, number>>(
          `SELECT ${texts.map((c, i) => `count(DISTINCT s.${ident(c.name)}) AS n${i}, count(DISTINCT ${firstWord(`s.${ident(c.name)}`)}) AS w${i}`).join(', ')} FROM ${rowsWith('left', texts, 's')}`,
        )
      : null;
  const kinds = texts.filter((_, i) => {
    const n = Number(counts?.[`n${i}`] ?? 0);
    return n >= 2 && n <= COLLECTION_KINDS;
  }).slice(0, 6);
  // Sets are tried over a column's values, or over their first word when the values are many and
  // it has few: payment terms written "RB RIBA 30/60 GG DFFM", "BB BONIFICO 30 GG" start with the method.
  // Both readings when both are few: the first word, a smaller set, wins a tie (next month's new terms "RB RIBA 120 GG" are in it).
  const setColumns = texts
    .flatMap((c, i) => {
      const n = Number(counts?.[`n${i}`] ?? 0);
      const w = Number(counts?.[`w${i}`] ?? 0);
      return [...(n >= 2 && n <= COLLECTION_SET_VALUES ? [{ kind: c, first_word: false }] : []), ...(w >= 2 && w < n && w <= COLLECTION_SET_VALUES ? [{ kind: c, first_word: true }] : [])];
    })
    .slice(0, 6);
  const sets: { kind: ColumnTyping; first_word: boolean; values: string[] }[] = [];
  for (const set of setColumns) {
    const value = set.first_word ? firstWord(`s.${ident(set.kind.name)}`) : `CAST(s.${ident(set.kind.name)} AS VARCHAR)`;
    const values = await db.all<{ v: string }>(`SELECT DISTINCT ${value} AS v FROM ${rowsWith('left', [set.kind], 's')} WHERE ${value} IS NOT NULL ORDER BY 1`);
    sets.push({ ...set, values: values.map((v) => v.v) });
  }
  const leftAmount = column(columns.left, 'left', amount.field_a, 'amount');
  const rightAmount = column(columns.right, 'right', amount.field_b, 'amount');
  const la = amountExpression(leftAmount, false);
  const ra = amountExpression(rightAmount, flipSign);
  const readings = [null, ...kinds];
  let best: CashFacts['collection'] = null;
  let bestSize = 0;
  const consider = (found: NonNullable<CashFacts['collection']>, size: number) => {
    if (found.days >= MIN_COLLECTION_DAYS && (!best || found.days > best.days || (found.days === best.days && size < bestSize))) {
      best = found;
      bestSize = size;
    }
  };
  for (const right of rights) {
    for (const due of dues) {
      const setValue = (k: (typeof sets)[number]) => (k.first_word ? firstWord(`s.${ident(k.kind.name)}`) : `CAST(s.${ident(k.kind.name)} AS VARCHAR)`);
      const l = `SELECT ${dateExpression(due)} AS due, round(${la}, 2) AS amt${kinds.map((c, i) => `, CAST(s.${ident(c.name)} AS VARCHAR) AS b${i}`).join('')}${sets.map((k, j) => `, ${setValue(k)} AS v${j}`).join('')}
        FROM ${rowsWith('left', [due, leftAmount, ...kinds, ...sets.map((k) => k.kind)], 's')}`;
      const r = `SELECT round(${ra}, 2) AS amt, ${dateExpression(right)} AS dt FROM ${rowsWith('right', [right, rightAmount], 's')}`;
      const groups = readings.map((kind, j) => {
        const b = kind ? `b${kinds.indexOf(kind)}` : null;
        return `SELECT ${j} AS j, due, sum(amt) AS total FROM l WHERE due IS NOT NULL AND amt IS NOT NULL GROUP BY due${b ? `, ${b}` : ''} HAVING count(*) >= 2`;
      });
      const rows = await db.all<{ j: number; days: number }>(
        `WITH l AS (${l}), g AS (${groups.join(' UNION ALL ')}), r AS (${r})
         SELECT g.j, count(DISTINCT g.due) AS days FROM g JOIN r ON r.amt = g.total AND r.amt <> 0 AND r.dt BETWEEN g.due AND g.due + ${COLLECTION_DAYS}
         GROUP BY g.j`,
      );
      for (const row of rows.sort((a, b) => Number(a.j) - Number(b.j))) {
        const kind = readings[Number(row.j)];
        consider({ due: due.name, by: kind ? kind.name : null, right: right.name, days: Number(row.days) }, 0);
      }
      // Sets of values: each item's value is a bit; a set's day total is the sum over its bits.
      if (sets.length === 0) continue;
      const masks = sets.map(({ values }, j) => {
        const bit = `CASE v${j} ${values.map((v, x) => `WHEN ${lit(v)} THEN ${x}`).join(' ')} END`;
        return `dv${j} AS (SELECT due, ${bit} AS bit, sum(amt) AS t, count(*) AS n FROM l WHERE due IS NOT NULL AND amt IS NOT NULL AND v${j} IS NOT NULL GROUP BY ALL),
          dm${j} AS (SELECT ${j} AS j, due, m, sum(t) AS total, sum(n) AS n FROM dv${j}, range(1, ${2 ** values.length}) masks(m) WHERE (m >> bit) & 1 = 1 GROUP BY due, m HAVING sum(n) >= ${MIN_SET_ITEMS})`;
      });
      const found = await db.all<{ j: number; m: number; days: number }>(
        `WITH l AS (${l}), r AS (${r}), ${masks.join(', ')},
           dm AS (${sets.map((_, j) => `SELECT * FROM dm${j}`).join(' UNION ALL ')}),
           hit AS (SELECT DISTINCT dm.j, dm.m, dm.due FROM dm JOIN r ON r.amt = dm.total AND r.amt <> 0 AND r.dt BETWEEN dm.due AND dm.due + ${COLLECTION_DAYS})
         SELECT j, m, count(*) AS days FROM hit GROUP BY j, m HAVING count(*) >= ${MIN_COLLECTION_DAYS}
         ORDER BY days DESC, bit_count(m::BIGINT), m LIMIT 1`,
      );
      for (const f of found) {
        const { kind, values, first_word } = sets[Number(f.j)];
        const chosen = values.filter((_, x) => (Number(f.m) >> x) & 1);
        // A single value is the `by` reading's business when that explained as much.
        consider({ due: due.name, by: null, of: { column: kind.name, values: chosen, ...(first_word ? { first_word } : {}) }, right: right.name, days: Number(f.days) }, chosen.length);
      }
    }
  }
  return best;
}

/**
 * kalla_learn_rp(id, p): each sampled statement line's counterparty, folded as the left names are:
 * the name column's value, or for a name written in a text (`in_text`) the longest word-prefix that
 * is a left name.
 */
async function partyOfLines(db: Db, columns: Columns, party: NonNullable<CashFacts['party']>): Promise<void> {
  const left = column(columns.left, 'left', party.left, 'counterparty');
  const right = column(columns.right, 'right', party.right, 'counterparty');
  if (!party.in_text) {
    await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_learn_rp AS SELECT s.__row_id AS id, nullif(${nameExpression(`CAST(s.${ident(right.name)} AS VARCHAR)`)}, '') AS p FROM ${sample('right')}`);
    return;
  }
  await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_learn_rp AS ${nameAtTextStartSql(left, right, sample('right'))}`);
}

/** A fee value must recur this many times more often than the differences around it. */
const FEE_OVER_BACKGROUND = 10;

/** A fee learned without a reference recurs in the lines of at least this many payers. */
const FEE_PAYERS = 3;

/**
 * Fixed fees a counterparty's payers deduct (a transfer fee of 440 yen, 1,000 won), read without a
 * reference: over pairs of a line and an open item of the same counterparty, the differences item −
 * line below 5 % of the item; a fee is a value that recurs at least 5 times, in 1 % of the lines,
 * and FEE_OVER_BACKGROUND times as often as the values within 100 units of it (the amounts'
 * granularity: cents, yen, tens) — chance differences spread, a fee repeats.
 */
async function learnFeesByParty(db: Db, columns: Columns, party: NonNullable<CashFacts['party']>, amount: FieldMapping, flipSign: boolean): Promise<number[]> {
  const la = amountExpression(column(columns.left, 'left', amount.field_a, 'amount'), false);
  const ra = amountExpression(column(columns.right, 'right', amount.field_b, 'amount'), flipSign);
  const lp = `nullif(${nameExpression(`CAST(s.${ident(column(columns.left, 'left', party.left, 'counterparty').name)} AS VARCHAR)`)}, '')`;
  await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_learn_fees AS
    WITH l AS (SELECT ${lp} AS p, ${la} AS amt FROM ${sample('left')}),
      r AS (SELECT rp.p, ${ra} AS amt FROM ${sample('right')} JOIN kalla_learn_rp rp ON rp.id = s.__row_id)
    SELECT p, sign(l.amt) * round(l.amt - r.amt, 2) AS diff FROM l JOIN r USING (p)
    WHERE l.amt IS NOT NULL AND r.amt IS NOT NULL AND sign(l.amt) = sign(r.amt) AND r.amt <> 0
      AND sign(l.amt) * (l.amt - r.amt) > 0 AND sign(l.amt) * (l.amt - r.amt) < abs(l.amt::DOUBLE) * 0.05`);
  try {
    const lines = await db.scalarNumber('SELECT count(*) FROM kalla_learn_rp WHERE p IS NOT NULL');
    const unit = await amountUnit(db, `(SELECT ${la} AS amt FROM ${sample('left')})`);
    const floor = Math.max(5, Math.ceil(lines * 0.01));
    const rows = await db.all<{ d: string }>(
      `WITH c AS (SELECT diff, count(*) AS n, count(DISTINCT p) AS payers FROM kalla_learn_fees GROUP BY diff),
         -- A fee is the bank's, so several payers' lines show it: one tenant paying last year's rent
         -- (short by its index increase) every month is not a fee.
         top AS (SELECT * FROM c WHERE n >= ${floor} AND payers >= ${FEE_PAYERS} ORDER BY n DESC, diff LIMIT 20)
       SELECT top.diff AS d FROM top LEFT JOIN c ON abs(c.diff - top.diff) <= 100 * ${unit} AND c.diff <> top.diff
       GROUP BY top.diff, top.n HAVING sum(c.n) IS NULL OR top.n >= ${FEE_OVER_BACKGROUND} * greatest(1, sum(c.n) / 200.0)
       ORDER BY 1 LIMIT 5`,
    );
    return rows.map((r) => Number(r.d)).sort((a, b) => a - b);
  } finally {
    await db.exec('DROP TABLE IF EXISTS temp.kalla_learn_fees');
  }
}

/** A series-prefix reading must name this many times the lines the full reading does… */
const SERIES_GAIN = 1.25;

/**
 * …or the lines it names beyond the full reading (its tokens include the full reading's) must pass
 * the reference test themselves: ≥ MIN_INCREMENT lines, agreeing in amount at ≥ MIN_AGREEMENT and
 * ≥ MIN_RATIO × chance. A boleto's nosso número written without its carteira by a fifth of payers
 * adds lines that agree as often as the full ones; short numbers read from any text do not.
 */
function incrementAgrees(full: ReferenceEvidence, short: ReferenceEvidence, chance: number | null): boolean {
  if (full.agreement === null || short.agreement === null || chance === null) return false;
  const lines = short.lines - full.lines;
  if (lines < MIN_INCREMENT) return false;
  const agreement = (short.agreement * short.lines - full.agreement * full.lines) / lines;
  return agreement >= MIN_AGREEMENT && agreement / Math.max(chance, 1e-4) >= MIN_RATIO;
}
/** Lines a series-prefix reading must add before its increment is judged on its own. */
const MIN_INCREMENT = 10;

/**
 * One identifier column read in one shape, with its evidence: where its values are written, and
 * whether the lines naming one agree with that item's amount (null when no column holds them).
 */
async function judgeReference(
  db: Db,
  columns: Columns,
  leftKey: ColumnTyping,
  shape: ReferenceGroups,
  strict: boolean,
  amountMap: FieldMapping | undefined,
  chance: number | null,
  flipSign: boolean,
): Promise<{ evidence: ReferenceEvidence; validated: boolean; agreed: boolean; group?: ReferenceEvidence } | null> {
  let found = await referenceColumns(db, columns, leftKey, shape, strict);
  // Each text column is validated on its own: a column of the bank's own ids (P08767273) holds
  // the digits of some open item by chance, and those lines' amounts agree no more than chance.
  if (found.length > 1 && amountMap && chance !== null) {
    const kept: typeof found = [];
    const owns = await hitAgreementEach(db, columns, leftKey, shape, strict, found, amountMap, flipSign);
    for (const [i, f] of found.entries()) {
      const own = owns[i];
      const refuted = own.lines >= 3 && (own.share < MIN_AGREEMENT || own.share / Math.max(chance, 1e-4) < MIN_RATIO) && f.share < MIN_SHARE_ALONE;
      if (!refuted) kept.push(f);
    }
    found = kept;
  }
  if (found.length === 0) return null;
  // The most-hit columns a recipe can name (a wide export holds the numbers in many text columns).
  found = found.slice(0, MAX_REFERENCE_TEXT_COLUMNS);
  const agreement = amountMap ? await hitAgreement(db, columns, leftKey, shape, strict, found, amountMap, flipSign) : null;
  const evidence: ReferenceEvidence = { left: leftKey.name, shape, ...(strict ? { strict } : {}), right: found, agreement: agreement?.share ?? null, lines: agreement?.lines ?? 0, ratio: agreement && chance ? agreement.share / Math.max(chance, 1e-4) : null };
  // Validated: a value named in the text points at an open item of about the paid amount, not at a
  // customer's or contract's many items (their amounts agree no more than chance).
  // Or so many lines name its values that chance cannot explain it (every line a part payment).
  const agreed = evidence.agreement !== null && evidence.lines >= 3 && evidence.agreement >= MIN_AGREEMENT && (evidence.ratio ?? 0) >= MIN_RATIO;
  // Named by volume alone only when written as issued: items numbered 1–760 are "named" by every
  // small number in the texts, while `INV-2026-000123` in a fifth of the lines is no accident.
  const validated = evidence.agreement === null || agreed || (found[0].share >= MIN_SHARE_ALONE && (await issuedShare(db, columns, leftKey, shape, strict, found[0].name)) >= MIN_SHARE_ALONE);
  if (agreed || !amountMap || chance === null) return { evidence, validated, agreed };
  // Not one item's number: perhaps a set's (a billing note), when the lines naming it pay the sum
  // of the items that share it, as often beyond chance as a reference pays its item. Such a
  // number is a set's even when named by volume: its lines do not pay one item.
  const sum = await hitAgreement(db, columns, leftKey, shape, strict, found, amountMap, flipSign, true);
  const group: ReferenceEvidence = { ...evidence, agreement: sum.share, lines: sum.lines, ratio: sum.share / Math.max(chance, 1e-4) };
  const grouped = group.lines >= 3 && sum.share >= MIN_AGREEMENT && (group.ratio ?? 0) >= MIN_RATIO;
  return grouped ? { evidence, validated: false, agreed, group } : { evidence, validated, agreed };
}

/**
 * A customer has several items, so "one of them within 10 %" is common by chance (th-kbank: 37 % for
 * the next line's customer): a payer's line is tested against its items to 1 %.
 */
const paysAbout = (l: string, r: string) => `abs(${l} - ${r}) <= 0.01 * abs(${l}) + 0.005`;
/**
 * A payer's id must be written on this share of the statement's lines, at least PARTY_ID_LINES of
 * them… (2 %: vn-vcb's tax codes are on 3.6 % of the lines, the rest naming invoices or names; the
 * amounts, below, are the evidence that the values are payers' ids, not the share.)
 */
const PARTY_ID_SHARE = 0.02;
const PARTY_ID_LINES = 10;
/** …and its customer have an item of about the paid amount this often, and MIN_RATIO times as often as another customer. */
const PARTY_ID_AGREEMENT = 0.3;

/**
 * The payer's identifier in the statement's text (PARTY_ID_*): of the open items' text columns
 * whose specific values (compactId) repeat per customer, the one most lines write, validated by the
 * amounts: a line writing a customer's id pays about one of that customer's items far more often
 * than one of another line's customer's (lines in hashed order: neighbours in the file may be
 * related). A customer number or tax id names the payer where its name is cut, transliterated or
 * shared (Agrícola Aconcagua Limitada and Agrícola Aconcagua SpA).
 */
async function learnPartyId(db: Db, columns: Columns, amount: FieldMapping, flipSign: boolean, taken: Set<string>, statementIds: ColumnTyping[]): Promise<CashFacts['partyId']> {
  const la = amountExpression(column(columns.left, 'left', amount.field_a, 'amount'), false);
  const ra = amountExpression(column(columns.right, 'right', amount.field_b, 'amount'), flipSign);
  // The statement writes the payer's id in its texts, or in a column of its own, which a tax code
  // (Ukraine's 8-digit ЄДРПОУ) or a customer number of digits types as a number.
  const numbers = statementIds.filter((c) => c.name !== amount.field_b);
  const texts = [...statementTexts(columns), ...(await wholeNumberIds(db, 'right', numbers, ra))];
  if (texts.length === 0) return null;
  const candidates = (await wholeNumberIds(db, 'left', identifierCandidates(columns.left).filter((c) => !taken.has(c.name) && c.name !== amount.field_a), la)).slice(0, 8);
  if (candidates.length === 0) return null;
  // The statement's identifiers are read once for every candidate column, from the texts stacked
  // (stackedTexts), once per distinct text: a UNION ALL of one SELECT per text column took DuckDB
  // ~11 s CPU to plan at 2,500 columns. UNPIVOT leaves NULL texts out; they have no tokens.
  const long = await stackedTexts(db, texts);
  await db.exec(
    `CREATE OR REPLACE TEMP TABLE kalla_learn_ids AS WITH t AS (SELECT raw, unnest(${idTokens('u.raw')}) AS c FROM (SELECT DISTINCT raw FROM ${long}) u)
     SELECT l.id, CAST(l.c AS INTEGER) AS col, ${ra} AS amt, t.c FROM ${long} l JOIN ${sample('right')} ON s.__row_id = l.id JOIN t ON t.raw = l.raw`,
  );
  try {
    return await bestPartyId(db, columns, candidates, texts, amount, la);
  } finally {
    await db.exec('DROP TABLE IF EXISTS temp.kalla_learn_ids');
  }
}

/**
 * Of `cols`, the text columns and the number columns that can be ids: whole numbers (a Polish NIP
 * 5213012345 is read as a number) and not the row's amount (`amt`) on most rows (a balance column is).
 * The open items are read whole, the statement in its sample.
 */
async function wholeNumberIds(db: Db, side: Side, cols: ColumnTyping[], amt: string): Promise<ColumnTyping[]> {
  const numbers = cols.filter((c) => c.type === 'number');
  if (numbers.length === 0) return cols.filter((c) => c.type === 'text');
  const row = await db.one<Record<string, boolean>>(
    `SELECT ${numbers.map((c, i) => `count(*) FILTER (WHERE s.${ident(c.name)} <> round(s.${ident(c.name)})) = 0 AND count(*) FILTER (WHERE s.${ident(c.name)} = ${amt}) < 0.5 * count(s.${ident(c.name)}) AS ok${i}`).join(', ')} FROM ${side === 'left' ? allRows('left') : sample('right')}`,
  );
  return cols.filter((c) => c.type === 'text' || (c.type === 'number' && row?.[`ok${numbers.indexOf(c)}`] === true));
}

/** Of the statement's number columns `cols`, those holding whole numbers only (one statement over every row). */
async function wholeNumbers(db: Db, cols: ColumnTyping[]): Promise<ColumnTyping[]> {
  if (cols.length === 0) return [];
  const row = await db.one<Record<string, boolean>>(
    `SELECT ${cols.map((c, i) => `count(*) FILTER (WHERE s.${ident(c.name)} <> round(s.${ident(c.name)})) = 0 AND count(s.${ident(c.name)}) > 0 AS ok${i}`).join(', ')} FROM ${rowsWith('right', cols, 's')}`,
  );
  return cols.filter((_, i) => row?.[`ok${i}`] === true);
}

/** learnPartyId's choice among `candidates`, the statement's identifiers being in kalla_learn_ids. */
async function bestPartyId(db: Db, columns: Columns, candidates: ColumnTyping[], texts: ColumnTyping[], amount: FieldMapping, la: string): Promise<CashFacts['partyId']> {
  const total = await db.scalarNumber(`SELECT count(*) FROM ${sample('right')}`);
  let best: NonNullable<CashFacts['partyId']> | null = null;
  for (const cand of candidates) {
    const v = compactId(keySourceText(cand));
    const rows = await db.all<{ col: number; lines: number; own: number; other: number; rows: number; d: number }>(
      `WITH li AS MATERIALIZED (SELECT ${v} AS c, ${la} AS amt FROM ${rowsWith('left', [cand, column(columns.left, 'left', amount.field_a, 'amount')], 's')} WHERE ${specificId(v)}),
         shape AS (SELECT count(*) AS rows, count(DISTINCT c) AS d FROM li),
         h AS (SELECT col, id, any_value(amt) AS amt, min(c) AS c FROM kalla_learn_ids WHERE c IN (SELECT c FROM li) GROUP BY col, id HAVING count(DISTINCT c) = 1),
         hs AS (SELECT *, coalesce(lead(c) OVER w, first_value(c) OVER w) AS oc FROM h WINDOW w AS (PARTITION BY col ORDER BY hash(id), id)),
         own AS (SELECT DISTINCT hs.col, hs.id FROM hs JOIN li ON li.c = hs.c WHERE ${paysAbout('li.amt', 'hs.amt')}),
         other AS (SELECT DISTINCT hs.col, hs.id FROM hs JOIN li ON li.c = hs.oc WHERE hs.oc <> hs.c AND ${paysAbout('li.amt', 'hs.amt')})
       SELECT h.col, count(*) AS lines, (SELECT count(*) FROM own WHERE own.col = h.col) AS own, (SELECT count(*) FROM other WHERE other.col = h.col) AS other, any_value(shape.rows) AS rows, any_value(shape.d) AS d
       FROM h, shape GROUP BY h.col`,
    );
    for (const row of rows) {
      const [lines, own, other] = [Number(row.lines), Number(row.own), Number(row.other)];
      // One customer, many items: an invoice's own number is a reference, not the payer's id.
      const repeats = Number(row.d) >= 3 && Number(row.d) < 0.7 * Number(row.rows);
      const share = lines / Math.max(1, total);
      const agreement = own / Math.max(1, lines);
      const chance = other / Math.max(1, lines);
      if (!repeats || lines < PARTY_ID_LINES || share < PARTY_ID_SHARE || agreement < PARTY_ID_AGREEMENT || agreement < MIN_RATIO * chance) continue;
      if (!best || lines > best.lines) best = { left: cand.name, right: texts[Number(row.col)].name, share, lines, agreement, chance };
    }
  }
  return best;
}

/** A set named by one value holds at most this many open items (a billing note lists a month's invoices). */
const MAX_SET_ITEMS = 24;

/** A leading group is the items' series when this share of keys carry one value in it. */
const SERIES_SHARE = 0.8;

/**
 * The shape with its leading groups marked as the series (`fixed`), when most keys share them
 * ("GST/25-26/01991": 25 and 26) and a group with ≥ 3 digits follows; null otherwise.
 */
async function withSeriesPrefix(db: Db, text: string, shape: ReferenceGroups): Promise<ReferenceGroups | null> {
  const k = shape.length;
  if (k === 1) return withGluedSeries(db, text, shape[0]);
  const groups = `regexp_extract_all(${text}, '[0-9]+')`;
  const modes = Array.from({ length: k - 1 }, (_, j) => `mode(ltrim(${groups}[${j + 1}], '0')) AS m${j}`);
  const row = await db.one<Record<string, string | number | null>>(
    `SELECT ${modes.join(', ')}, count(*) AS n FROM ${sample('left')} WHERE len(${groups}) = ${k}`,
  );
  if (!row || Number(row.n) === 0) return null;
  const fixed: string[] = [];
  for (let j = 0; j < k - 1; j++) {
    const mode = String(row[`m${j}`] ?? '');
    const share = await db.scalarNumber(
      `SELECT count(*) FILTER (WHERE ${fixed.map((f, i) => `ltrim(${groups}[${i + 1}], '0') = ${lit(f)} AND `).join('')}ltrim(${groups}[${j + 1}], '0') = ${lit(mode)}) / count(*) FROM ${sample('left')} WHERE len(${groups}) = ${k}`,
    );
    if (share < SERIES_SHARE) break;
    fixed.push(mode);
  }
  if (fixed.length === 0) return null;
  const rest = shape.slice(fixed.length);
  if (Math.max(...rest.map((g) => g.max)) < 3) return null;
  return shape.map((g, j) => (j < fixed.length ? { ...g, fixed: fixed[j] } : g));
}

/**
 * A number issued at one width whose first digits most keys share (`20260412`: the year 2026, then
 * 0412): those digits are the series, as a group of their own, and the rest is the number payers
 * write alone ("FACT 0412"). The longest such prefix that leaves ≥ 3 digits; null when none.
 */
async function withGluedSeries(db: Db, text: string, group: ReferenceGroups[number]): Promise<ReferenceGroups | null> {
  const digits = `regexp_extract_all(${text}, '[0-9]+')[1]`;
  // Issued at one width, or mostly so (a ledger's payment rows carry other numbers): the usual width.
  const w = group.width > 0 ? group.width : await db.scalarNumber(`SELECT coalesce(mode(length(${digits})), 0) FROM ${sample('left')} WHERE len(regexp_extract_all(${text}, '[0-9]+')) = 1`);
  if (w < 6) return null;
  const where = `WHERE len(regexp_extract_all(${text}, '[0-9]+')) = 1 AND length(${digits}) = ${w}`;
  for (let len = w - 3; len >= 2; len--) {
    const row = await db.one<{ m: string | null; share: number; lo: number }>(
      `WITH k AS (SELECT ${digits} AS d FROM ${sample('left')} ${where}), m AS (SELECT mode(substr(d, 1, ${len})) AS m FROM k)
       SELECT m.m, count(*) FILTER (WHERE substr(d, 1, ${len}) = m.m) / count(*) AS share,
         min(length(ltrim(substr(d, ${len + 1}), '0'))) AS lo FROM k, m GROUP BY m.m`,
    );
    if (!row?.m || Number(row.share) < SERIES_SHARE) continue;
    const fixed = row.m.replace(/^0+/, '');
    return [
      { width: len, min: Math.max(1, fixed.length), max: Math.max(1, fixed.length), fixed },
      { width: w - len, min: Math.max(1, Number(row.lo)), max: w - len },
    ];
  }
  return null;
}

/** An identifier's values repeat on this many rows at most, on average (one row per instalment). */
const MAX_ROWS_PER_ITEM = 3;

/**
 * Left columns that identify one open item each: text or whole numbers whose values that hold a
 * number of 3 or more digits repeat on at most MAX_ROWS_PER_ITEM rows on average (a customer's PO
 * may cover two invoices; an Italian scadenzario lists an invoice once per instalment, `1/3` to
 * `3/3`). A customer number repeats far more often; a column that passes here still has to prove
 * itself by the amounts (judgeReference). A column may be sparse (a PO number only some customers
 * give), but numbered on ≥ 10 % of the rows.
 */
/** The left columns identifierColumns judges: text or numbers read from the file, the first 40. */
const identifierCandidates = (left: ColumnTyping[]) => left.filter((c) => (c.type === 'text' || c.type === 'number') && !c.derived).slice(0, 40);

async function identifierColumns(db: Db, left: ColumnTyping[]): Promise<string[]> {
  const cols = identifierCandidates(left);
  if (cols.length === 0) return [];
  // Values holding a number: a free-text column of POs also says "telefonisch" or "Rahmenvertrag".
  const numbered = (c: ColumnTyping) => `CASE WHEN regexp_matches(${keySourceText(c)}, '[0-9]{3}') THEN trim(${keySourceText(c)}) END`;
  const row = await db.one<Record<string, number>>(
    `SELECT count(*) AS rows, ${cols
      .map(
        (c, i) =>
          `count(${numbered(c)}) AS n${i}, count(DISTINCT ${numbered(c)}) AS d${i}, count(*) FILTER (WHERE ${c.type === 'number' ? `s.${ident(c.name)} <> round(s.${ident(c.name)})` : 'FALSE'}) AS f${i}`,
      )
      .join(', ')} FROM ${allRows('left')}`,
  );
  const rows = Number(row?.rows ?? 0);
  return cols
    .filter((_, i) => {
      const n = Number(row?.[`n${i}`] ?? 0);
      return n >= Math.max(3, 0.1 * rows) && Number(row?.[`d${i}`] ?? 0) * MAX_ROWS_PER_ITEM >= n && Number(row?.[`f${i}`] ?? 0) === 0;
    })
    .map((c) => c.name);
}

/**
 * A line's amount agrees with an open item's when it is within 10 % of it: most payments of a
 * named invoice pay it, less a fee or a discount; a value that merely occurs in texts points at
 * items of unrelated amounts, as a random line would.
 */
const agrees = (l: string, r: string) => `abs(${l} - ${r}) <= 0.1 * abs(${l}) + 0.005`;
/**
 * `h` (lines `id` naming one value `k`, with the line's amount `ra` and the item's `la`) with `rk`,
 * the sum of every line naming that value (per text column `c` when `by` is 'c, ').
 */
const namedTogether = (h: string, by: string) => `(SELECT *, sum(ra) OVER (PARTITION BY ${by}k) AS rk FROM ${h})`;
/**
 * A line agrees with the item it names when its amount does, or when the lines naming that item
 * add up to it: an invoice paid in two to four transfers (a daily transfer limit, instalments)
 * names its number on every part, and no part agrees alone (ng-gtb: 44 % of lines, 16× chance).
 */
const agreesOrAddsUp = `CASE WHEN ${agrees('la', 'ra')} OR ${agrees('la', 'rk')} THEN 1.0 ELSE 0.0 END`;
/** Of the lines naming one value, this share must agree in amount… */
const MIN_AGREEMENT = 0.5;
/** …and that many times more often than a random line does. */
const MIN_RATIO = 3;
/** A column whose values are named in this share of a text column's lines is a reference whatever the amounts. */
const MIN_SHARE_ALONE = 0.2;

/**
 * Whether equal amounts meet with opposite signs more often than with the same sign: a ledger
 * printed from the seller's books (invoices `Dr`, read negative) against a bank statement (receipts
 * positive). Counted over the samples' distinct amounts, so a common amount does not multiply.
 */
async function oppositeSigns(db: Db, columns: Columns, amount: FieldMapping): Promise<boolean> {
  const la = amountExpression(column(columns.left, 'left', amount.field_a, 'amount'), false);
  const ra = amountExpression(column(columns.right, 'right', amount.field_b, 'amount'), false);
  const row = await db.one<{ same: number; opposite: number }>(
    `WITH l AS (SELECT DISTINCT round(${la}, 2) AS v FROM ${sample('left')} WHERE ${la} <> 0),
          r AS (SELECT DISTINCT round(${ra}, 2) AS v FROM ${sample('right')} WHERE ${ra} <> 0)
     SELECT count(*) FILTER (WHERE l.v = r.v) AS same, count(*) FILTER (WHERE l.v = -r.v) AS opposite FROM l JOIN r ON abs(l.v) = abs(r.v)`,
  );
  return Number(row?.opposite ?? 0) > Number(row?.same ?? 0);
}

/** How often a random line's amount agrees with a random open item's: the chance level a reference must beat. */
async function chanceAgreement(db: Db, columns: Columns, amount: FieldMapping, flipSign: boolean): Promise<number> {
  const la = amountExpression(column(columns.left, 'left', amount.field_a, 'amount'), false);
  const ra = amountExpression(column(columns.right, 'right', amount.field_b, 'amount'), flipSign);
  // The share of the 2,000 × 2,000 pairs whose amounts agree, counted without forming the pairs:
  // r sorted once with the number of its amounts up to each value, then per left amount the count
  // in its band [l − t, l + t] (t = 0.1·|l| + 0.005, exactly `agrees` in DECIMAL) by two ASOF
  // look-ups. At 100k rows 0.2–0.45 s CPU → a few ms. Same value: the agreeing pairs over all pairs.
  // In DECIMAL(38, 6): at DECIMAL(18, 6) the band of an 859,592,611,000-rial item overflowed.
  const t = '(0.1 * abs(l.amt) + 0.005)';
  return db.scalarNumber(
    `WITH l AS (SELECT * FROM (SELECT ${la} AS amt FROM ${sample('left')} LIMIT 2000) WHERE amt IS NOT NULL AND amt <> 0),
       r AS (SELECT * FROM (SELECT ${ra} AS amt FROM ${sample('right')} LIMIT 2000) WHERE amt IS NOT NULL),
       upto AS (SELECT amt, count(*) AS n, sum(count(*)) OVER (ORDER BY amt) AS le FROM r GROUP BY amt),
       band AS (SELECT l.amt, l.amt - ${t} AS lo, l.amt + ${t} AS hi FROM (SELECT CAST(amt AS DECIMAL(38, 6)) AS amt FROM l) l),
       hits AS (SELECT coalesce(h.le, 0) - coalesce(b.le, 0) AS n FROM band
         ASOF LEFT JOIN upto h ON band.hi >= h.amt ASOF LEFT JOIN upto b ON band.lo > b.amt)
     SELECT CASE WHEN count(*) = 0 OR (SELECT count(*) FROM r) = 0 THEN 0 ELSE sum(n)::DOUBLE / (count(*) * (SELECT count(*) FROM r))::DOUBLE END FROM hits`,
  );
}

/** Among lines naming exactly one value of the column (each value on one open item), the share whose amount agrees. */
async function hitAgreement(db: Db, columns: Columns, leftKey: ColumnTyping, shape: ReferenceGroups, strict: boolean, found: CashFacts['referenceColumns'], amount: FieldMapping, flipSign: boolean, sets = false): Promise<{ share: number; lines: number }> {
  const leftAmount = column(columns.left, 'left', amount.field_a, 'amount');
  const la = amountExpression(leftAmount, false);
  const ra = amountExpression(column(columns.right, 'right', amount.field_b, 'amount'), flipSign);
  const tokens = await lineTokens(db, columns, shape, found);
  // `sets`: values 2–MAX_SET_ITEMS items share, with the sum of their amounts.
  const items = sets ? `sum(${la}) AS amt` : `any_value(${la}) AS amt`;
  const count = sets ? `BETWEEN 2 AND ${MAX_SET_ITEMS}` : '= 1';
  const row = await db.one<{ share: number; lines: number }>(
    `WITH l AS (SELECT s.kalla_k AS k, ${items} FROM ${await leftWithRefs(db, leftKey, shape, strict, [leftAmount])} GROUP BY 1 HAVING count(*) ${count}),
       t AS (SELECT tk.id, ${ra} AS amt, tk.k FROM ${tokens} JOIN ${sample('right')} ON s.__row_id = tk.id),
       h AS (SELECT t.id, any_value(t.k) AS k, any_value(t.amt) AS ra, any_value(l.amt) AS la FROM t JOIN l USING (k) GROUP BY t.id HAVING count(*) = 1)
     SELECT coalesce(avg(${agreesOrAddsUp}), 0) AS share, count(*) AS lines FROM ${namedTogether('h', '')} WHERE la IS NOT NULL AND la <> 0 AND ra IS NOT NULL`,
  );
  return { share: Number(row?.share ?? 0), lines: Number(row?.lines ?? 0) };
}

/**
 * hitAgreement of each column of `found` alone, in one statement: the lines' tokens per column
 * (`c`), grouped by column as well. One statement per column planned the same joins again for
 * each (199 statements, 4.4 s CPU learning the 5,000 x 50 pair, issue 27).
 */
async function hitAgreementEach(db: Db, columns: Columns, leftKey: ColumnTyping, shape: ReferenceGroups, strict: boolean, found: CashFacts['referenceColumns'], amount: FieldMapping, flipSign: boolean): Promise<{ share: number; lines: number }[]> {
  const leftAmount = column(columns.left, 'left', amount.field_a, 'amount');
  const la = amountExpression(leftAmount, false);
  const ra = amountExpression(column(columns.right, 'right', amount.field_b, 'amount'), flipSign);
  const tokens = await columnTokens(db, columns, shape, found);
  const rows = await db.all<{ c: string; share: number; lines: number }>(
    `WITH l AS (SELECT s.kalla_k AS k, any_value(${la}) AS amt FROM ${await leftWithRefs(db, leftKey, shape, strict, [leftAmount])} GROUP BY 1 HAVING count(*) = 1),
       t AS (SELECT tk.c, tk.id, ${ra} AS amt, tk.k FROM ${tokens} JOIN ${sample('right')} ON s.__row_id = tk.id),
       h AS (SELECT t.c, t.id, any_value(t.k) AS k, any_value(t.amt) AS ra, any_value(l.amt) AS la FROM t JOIN l USING (k) GROUP BY t.c, t.id HAVING count(*) = 1)
     SELECT c, coalesce(avg(${agreesOrAddsUp}), 0) AS share, count(*) AS lines FROM ${namedTogether('h', 'c, ')} WHERE la IS NOT NULL AND la <> 0 AND ra IS NOT NULL GROUP BY c`,
  );
  const texts = statementTexts(columns);
  const byColumn = new Map(rows.map((r) => [texts[Number(r.c)].name, { share: Number(r.share), lines: Number(r.lines) }]));
  return found.map((f) => byColumn.get(f.name) ?? { share: 0, lines: 0 });
}

/** Share of a right column's lines naming a left key written with all its issued digits (see issuedDigits). */
async function issuedShare(db: Db, columns: Columns, leftKey: ColumnTyping, shape: ReferenceGroups, strict: boolean, right: string): Promise<number> {
  const c = column(columns.right, 'right', right, 'reference');
  return (await lineShares(db, leftKey, shape, strict, [c], Math.max(2, issuedDigits(shape))))[0];
}

/** Right text columns in which references of the left key's shape that are left keys occur, most hits first. */
async function referenceColumns(db: Db, columns: Columns, leftKey: ColumnTyping, shape: ReferenceGroups, strict: boolean): Promise<CashFacts['referenceColumns']> {
  const texts = statementTexts(columns);
  const shares = await lineShares(db, leftKey, shape, strict, texts);
  return texts
    .map((c, i) => ({ name: c.name, share: shares[i] }))
    .filter((f) => f.share >= MIN_REFERENCE_SHARE)
    .sort((a, b) => b.share - a.share);
}

/**
 * Per text column of the statement's sample (in `texts` order), the share of lines with at least
 * one token that is a left key (join on the unnested tokens; tokens written with fewer than
 * `minWritten` digits not read). One statement for every column: the columns unpivoted into one
 * long table, numbered. The tokens of one shape are read once per learning (a temp table dropped
 * with the left references): every candidate key column of one shape asked for the same tokens
 * of every statement text column again (issue 27: 14 candidates × 2,500 text columns, 5 s CPU).
 */
async function lineShares(db: Db, leftKey: ColumnTyping, shape: ReferenceGroups, strict: boolean, texts: ColumnTyping[], minWritten?: number): Promise<number[]> {
  if (texts.length === 0) return [];
  const tokens = await textTokens(db, texts, shape, minWritten);
  const shares = await db.all<{ c: string; share: number }>(
    `WITH keys AS (SELECT DISTINCT s.kalla_k AS k FROM ${await leftWithRefs(db, leftKey, shape, strict)})
     SELECT c, count(DISTINCT id) / greatest(1, (SELECT count(*) FROM ${sample('right')})) AS share FROM ${tokens} t WHERE k IN (SELECT k FROM keys) GROUP BY c`,
  );
  const byColumn = new Map(shares.map((r) => [Number(r.c), Number(r.share)]));
  return texts.map((_, i) => byColumn.get(i) ?? 0);
}

/** The statement's text columns, in the order the token tables number them. */
const statementTexts = (columns: Columns) => columns.right.filter((c) => c.type === 'text' && !c.derived);
/** The statement's number columns where a payer's id may be written (the first 40, as identifierCandidates). */
const statementNumbers = (columns: Columns) => columns.right.filter((c) => c.type === 'number' && !c.derived).slice(0, 40);

/**
 * The statement sample's tokens of `shape` in `texts` (c: the column's place in `texts`, id, k),
 * made once per learning and dropped with the left references: the reference test, the amount
 * agreement of each found column and of all of them, the differences, the rates and the dates all
 * read these tokens (each used to extract them from the text again: 6 of the 14 s of learning at
 * 100k lines).
 */
async function textTokens(db: Db, texts: ColumnTyping[], shape: ReferenceGroups, minWritten?: number): Promise<string> {
  const tokens = `${LEFT_REFS_PREFIX}t${textHash(JSON.stringify([texts.map((c) => c.name), shape, minWritten ?? null]))}`;
  // Asked first: `CREATE … IF NOT EXISTS` plans its whole SELECT even when the table is there (~0.15 s at 2,500 columns).
  if (await db.hasTempTable(tokens)) return tokens;
  const long = await stackedTexts(db, texts);
  // Read once per distinct text: a statement repeats its counterparties and remittance texts (100k
  // cash lines: 12k names, 14k texts), and the tokens of a text depend on the text alone — whatever
  // its column (a wide export writes the same notes in hundreds of columns).
  await db.exec(
    `CREATE TEMP TABLE ${tokens} AS WITH t AS (SELECT raw, unnest(${referenceTokens('s.raw', shape, minWritten)}) AS k FROM (SELECT DISTINCT raw FROM ${long}) s)
     SELECT long.c, long.id, t.k FROM ${long} long JOIN t ON t.raw = long.raw`,
  );
  return tokens;
}

/**
 * The statement sample's `texts` stacked (UNPIVOT): c (the column's place in `texts`, as text), id
 * and raw, NULL texts left out. Made once per learning and dropped with the left references: each
 * shape's tokens (textTokens) and the payer ids (learnPartyId) are read from it; each unpivoted the
 * ~2,500 text columns of a 5,000-column statement again before (issue 27).
 */
async function stackedTexts(db: Db, texts: ColumnTyping[]): Promise<string> {
  const table = `${LEFT_REFS_PREFIX}s${textHash(JSON.stringify(texts.map((c) => c.name)))}`;
  if (await db.hasTempTable(table)) return table;
  await db.exec(
    `CREATE TEMP TABLE ${table} AS SELECT c, id, raw FROM (UNPIVOT (SELECT __row_id AS id, ${texts.map((c, i) => `${keySourceText(c)} AS ${ident(String(i))}`).join(', ')} FROM ${sample('right')}) ON COLUMNS(* EXCLUDE (id)) INTO NAME c VALUE raw)`,
  );
  return table;
}

/**
 * `tk(id, k)`: each sampled statement line with each distinct token of `shape` its columns `found`
 * hold — what `unnest(list_distinct(flatten([referenceTokens(column), …])))` gives, read from
 * textTokens' table.
 */
async function lineTokens(db: Db, columns: Columns, shape: ReferenceGroups, found: CashFacts['referenceColumns']): Promise<string> {
  const texts = statementTexts(columns);
  const places = found.map((f) => {
    const i = texts.findIndex((c) => c.name === f.name);
    if (i < 0) throw new Error(`"${f.name}" is not a text column of the statement`);
    return lit(String(i));
  });
  const tokens = await textTokens(db, texts, shape);
  return `(SELECT DISTINCT id, k FROM ${tokens} WHERE c IN (${places.join(', ')}) AND k IS NOT NULL) tk`;
}

/** `tk(c, id, k)`: lineTokens of each column of `found` alone (c: its place among statementTexts). */
async function columnTokens(db: Db, columns: Columns, shape: ReferenceGroups, found: CashFacts['referenceColumns']): Promise<string> {
  const texts = statementTexts(columns);
  const places = found.map((f) => {
    const i = texts.findIndex((c) => c.name === f.name);
    if (i < 0) throw new Error(`"${f.name}" is not a text column of the statement`);
    return lit(String(i));
  });
  const tokens = await textTokens(db, texts, shape);
  return `(SELECT DISTINCT c, id, k FROM ${tokens} WHERE c IN (${places.join(', ')}) AND k IS NOT NULL) tk`;
}

/** Lines (`id`) naming exactly one token of `tk`, with it (`k`): a `len(list_distinct(…)) = 1` over lineTokens. */
/**
 * Lines naming exactly one of the open items in `items` (a CTE with column k). Other numbers of the
 * reference's shape do not count, as in learnDifferences: a bank's own ids (a direct credit's user
 * id, a receipt number) sit beside the invoice number in most lines, and counting them left 141 of
 * 1,182 lines and no tied date on au-bpay.
 */
const namingOne = (tk: string, items: string) => `(SELECT tk.id, any_value(tk.k) AS k FROM ${tk} JOIN ${items} USING (k) GROUP BY tk.id HAVING count(*) = 1) one`;

/** A shape holding at least this share of a mixed column's numbered values is learned on its own. */
const MIXED_SHAPE_SHARE = 0.2;

/**
 * The digit groups of the left key ("INV-2026-000123" → 4 and 6 digits) with ≥ 3 digits: widths as
 * issued (0 where they vary) and the range of lengths without leading zeros. One shape when ≥ 90 %
 * of keys have the same number of groups. A column that mixes shapes (two entities' series in one
 * list: `GST/25-26/01991` and `INV-AU-00187`) gives each shape holding ≥ 20 % of the keys, learned
 * from its own values and `strict`: a key of one shape is never read as a number inside the other.
 */
async function learnShapes(db: Db, text: string): Promise<{ shape: ReferenceGroups; strict: boolean }[]> {
  const runs = await db.all<{ n: number; c: number }>(
    // Values without a number ("telefonisch" in a PO column) say nothing about the shape.
    `SELECT len(regexp_extract_all(${text}, '[0-9]+')) AS n, count(*)::INTEGER AS c FROM ${sample('left')} WHERE regexp_matches(${text}, '[0-9]{3}') GROUP BY 1 ORDER BY c DESC, n`,
  );
  const total = runs.reduce((sum, r) => sum + Number(r.c), 0);
  if (runs.length === 0) return [];
  const blocks = runs.some((r) => Number(r.n) >= 3) ? await blocksShape(db, text) : null;
  if (blocks) return [{ shape: blocks, strict: false }];
  if (Number(runs[0].c) >= 0.9 * total) {
    const shape = await shapeOf(db, text, Number(runs[0].n));
    return shape ? [{ shape, strict: false }] : [];
  }
  const out: { shape: ReferenceGroups; strict: boolean }[] = [];
  for (const r of runs.filter((x) => Number(x.c) >= MIXED_SHAPE_SHARE * total)) {
    const shape = await shapeOf(db, text, Number(r.n));
    if (shape) out.push({ shape, strict: true });
  }
  return out;
}

/**
 * A key column printed in blocks for reading, not in parts with a meaning: nine in ten values are
 * digits split by single spaces, half are blocks (3 or more groups of one width but the first or
 * the last, which is no wider), and the widths differ from value to value. A Finnish creditor
 * reference is printed in fives from the right ("3 00023 10263"), its RF form in fours ("RF45 3000
 * 2310 263"), and banks carry it glued ("30002310263"): read as the parts it is printed in, no
 * glued value could ever be split back (v17's fi-viitenumero: 916 lines naming it in the bank's
 * own reference column, none auto-confirmed). Their shape is the one number the blocks spell. A
 * reference with parts ("2026 000123") has one width per part and is not blocks.
 */
async function blocksShape(db: Db, text: string): Promise<ReferenceGroups | null> {
  const row = await db.one<Record<string, number | null>>(
    `WITH v AS (SELECT trim(${text}) AS t, regexp_replace(${text}, '[^0-9]', '', 'g') AS d, list_transform(regexp_extract_all(${text}, '[0-9]+'), x -> length(x)) AS w
        FROM ${sample('left')} WHERE regexp_matches(${text}, '[0-9]{3}'))
     SELECT count(*) AS rows, count(*) FILTER (WHERE regexp_full_match(t, '[0-9]+( [0-9]+)+')) AS spaced,
       count(*) FILTER (WHERE len(w) >= 3 AND list_distinct(w[2:len(w) - 1]) = [w[2]]
         AND ((w[1] <= w[2] AND w[len(w)] = w[2]) OR (w[1] = w[2] AND w[len(w)] <= w[2]))) AS blocky,
       count(DISTINCT w) AS patterns, min(length(d)) AS w_min, max(length(d)) AS w_max, min(length(ltrim(d, '0'))) AS b_min, max(length(ltrim(d, '0'))) AS b_max FROM v`,
  );
  const n = (key: string) => Number(row?.[key] ?? 0);
  if (n('rows') === 0 || n('spaced') < 0.9 * n('rows') || 2 * n('blocky') < n('rows') || n('patterns') < 2) return null;
  return [groupShape(n('w_min'), n('w_max'), n('b_min'), n('b_max'))];
}

/**
 * One digit group's shape from the lengths it is written in (wMin–wMax, leading zeros counted) and
 * its lengths without leading zeros (bMin–bMax): its issued width when every value is written at
 * one width, else 0.
 */
function groupShape(wMin: number, wMax: number, bMin: number, bMax: number): ReferenceGroups[number] {
  const fixed = wMin === wMax;
  // Numbers grow: next month's invoices may be longer than any seen, up to the issued width.
  return { width: fixed ? wMax : 0, min: Math.max(1, bMin), max: Math.max(1, bMax, fixed ? wMax : bMax + 1) };
}

/** The shape of the keys with `k` digit groups, or null when fewer than half of them hold 3 digits. */
async function shapeOf(db: Db, text: string, k: number): Promise<ReferenceGroups | null> {
  if (k < 1 || k > 6) return null;
  const parts = Array.from({ length: k }, (_, j) => {
    const g = `regexp_extract_all(${text}, '[0-9]+')[${j + 1}]`;
    const bare = `ltrim(${g}, '0')`;
    return `min(length(${g})) AS w_min_${j}, max(length(${g})) AS w_max_${j}, min(length(${bare})) AS min_${j}, max(length(${bare})) AS max_${j}`;
  });
  const row = await db.one<Record<string, number | string | null>>(
    `SELECT ${parts.join(', ')}, count(*) AS rows, count(*) FILTER (WHERE length(regexp_replace(${text}, '[^0-9]', '', 'g')) >= 3) AS long_keys FROM ${sample('left')} WHERE len(regexp_extract_all(${text}, '[0-9]+')) = ${k}`,
  );
  if (!row) return null;
  const n = (key: string) => Number(row[key] ?? 0);
  // The typical key, not the average, must be long enough to be told from other numbers in a text:
  // numbers that restart every year in each series (Romanian `IS 0231`) are mostly 3 digits, a
  // tenth 1–2 digits, for an average below 3. Whether the short ones are references is the judge's
  // to say, by the amounts.
  if (2 * n('long_keys') < n('rows')) return null;
  return Array.from({ length: k }, (_, j) => groupShape(n(`w_min_${j}`), n(`w_max_${j}`), n(`min_${j}`), n(`max_${j}`)));
}

/**
 * Differences between a payment and the one invoice it references (lines naming one reference,
 * invoices referenced once): a fixed amount of 1.00 or more seen in ≥ 0.5 % of pairs (and ≥ 3) is
 * a bank fee; a percentage of the invoice (to 0.1 %) seen as often is a discount; recurring
 * differences under 1.00 either way are rounding. Everything else (instalments, odd short
 * payments) is left to group rules and to a reviewer (suggested as short payment or overpayment).
 */
/** The left columns learnRates looks for a currency code in: text read from the file, the first 30. */
const currencyCandidates = (left: ColumnTyping[]) => left.filter((c) => c.type === 'text' && !c.derived).slice(0, 30);

/** A currency as ledgers write it: an ISO code, or a sign (Argentine "$" and "U$S", "R$", "US$", "€", "£"). */
const CURRENCY = /^(?:[A-Z]{3}|[A-Z]{0,2}\$[A-Z]{0,2}|[€£¥₹₩₽₺₪])$/u;

/**
 * Open items in several currencies, paid in the statement's: a left column of 2–6 currencies (ISO codes or signs), one
 * of them on most rows (the home currency). For each other currency, the median of payment ÷
 * item amount over lines naming one such item (at least 3) is its rate.
 */
async function learnRates(db: Db, columns: Columns, leftKey: ColumnTyping, facts: CashFacts, amount: FieldMapping, flipSign: boolean): Promise<CashFacts['fx']> {
  const texts = currencyCandidates(columns.left);
  let currency: { column: string; home: string } | null = null;
  for (const c of texts) {
    const values = await db.all<{ v: string; n: number }>(
      `SELECT upper(trim(s.${ident(c.name)})) AS v, count(*)::INTEGER AS n FROM ${sample('left')} WHERE s.${ident(c.name)} IS NOT NULL GROUP BY 1 ORDER BY n DESC LIMIT 8`,
    );
    const total = values.reduce((sum, v) => sum + Number(v.n), 0);
    if (values.length >= 2 && values.length <= 6 && values.every((v) => CURRENCY.test(v.v)) && Number(values[0].n) >= 0.5 * total) {
      currency = { column: c.name, home: values[0].v };
      break;
    }
  }
  if (!currency) return null;
  const shape = facts.shape!;
  const cur = `upper(trim(s.${ident(currency.column)}))`;
  const leftAmount = column(columns.left, 'left', amount.field_a, 'amount');
  const la = amountExpression(leftAmount, false);
  const ra = amountExpression(column(columns.right, 'right', amount.field_b, 'amount'), flipSign);
  const tokens = await lineTokens(db, columns, shape, facts.referenceColumns);
  const rows = await db.all<{ currency: string; rate: number; n: number }>(
    `WITH l AS (SELECT s.kalla_k AS k, ${la} AS amt, ${cur} AS cur FROM ${await leftWithRefs(db, leftKey, shape, facts.strict === true, [leftAmount, column(columns.left, 'left', currency.column, 'currency')])}),
       l1 AS (SELECT k, any_value(amt) AS amt, any_value(cur) AS cur FROM l WHERE k IS NOT NULL GROUP BY k HAVING count(*) = 1),
       r1 AS (SELECT one.k, ${ra} AS amt FROM ${namingOne(tokens, 'l1')} JOIN ${sample('right')} ON s.__row_id = one.id)
     SELECT l1.cur AS currency, median(r1.amt / l1.amt)::DOUBLE AS rate, count(*)::INTEGER AS n FROM l1 JOIN r1 USING (k)
     WHERE l1.cur <> ${lit(currency.home)} AND l1.amt > 0 AND r1.amt > 0 GROUP BY 1 HAVING count(*) >= 3`,
  );
  const rates = rows.map((r) => ({ currency: r.currency, rate: Math.round(Number(r.rate) * 1e6) / 1e6, source: 'learned' as const })).filter((r) => r.rate > 0);
  // The currency column is kept without a learned rate: a rates file can still supply one.
  return { ...currency, rates };
}

/**
 * Which dates pair: over lines naming exactly one item, the 90th percentile of |statement date −
 * item date| per pair of a left date column and the statement's date (the mapped one, or each of
 * its date columns when none is mapped: `Kirjauspäivä` and `Eräpäivä` share no word with any
 * name the mapper knows); the smallest wins (a due date beats the issue date when terms vary).
 */
/** The open items' dates the date pair is learned among: read from the file, the first 6. */
const leftDates = (left: ColumnTyping[]) => left.filter(isDateColumn).slice(0, 6);

/** The statement's dates it is learned for: the mapped one, else the first 3 read from the file. */
function rightDates(columns: Columns, mappings: FieldMapping[]): ColumnTyping[] {
  const mapped = mappings.find((m) => m.role === 'date');
  return mapped ? [column(columns.right, 'right', mapped.field_b, 'date')] : columns.right.filter(isDateColumn).slice(0, 3);
}

async function learnDatePair(db: Db, columns: Columns, leftKey: ColumnTyping, facts: CashFacts, mappings: FieldMapping[]): Promise<CashFacts['date']> {
  const mapped = mappings.find((m) => m.role === 'date');
  const rights = rightDates(columns, mappings);
  const lefts = leftDates(columns.left);
  if (lefts.length === 0 || rights.length === 0) return null;
  let best: CashFacts['date'] = null;
  for (const right of rights) {
    const found = await learnDateFor(db, columns, leftKey, facts, lefts, right, mapped?.field_a);
    if (found && (!best || found.p90 < best.p90)) best = found;
  }
  return best;
}

async function learnDateFor(db: Db, columns: Columns, leftKey: ColumnTyping, facts: CashFacts, lefts: ColumnTyping[], right: ColumnTyping, mappedLeft: string | undefined): Promise<CashFacts['date']> {
  const shape = facts.shape!;
  const tokens = await lineTokens(db, columns, shape, facts.referenceColumns);
  const ties = `l AS (SELECT s.kalla_k AS k, ${lefts.map((c, i) => `${dateExpression(c)} AS d${i}`).join(', ')} FROM ${await leftWithRefs(db, leftKey, shape, facts.strict === true, lefts)}),
       l1 AS (SELECT k, ${lefts.map((_, i) => `any_value(d${i}) AS d${i}`).join(', ')} FROM l WHERE k IS NOT NULL GROUP BY k HAVING count(*) = 1),
       r AS (SELECT one.k, ${dateExpression(right)} AS rd FROM ${namingOne(tokens, 'l1')} JOIN ${sample('right')} ON s.__row_id = one.id),
       r1 AS (SELECT k, rd FROM r WHERE rd IS NOT NULL),
       tied AS (SELECT l1.*, r1.rd FROM l1 JOIN r1 USING (k))`;
  return closestDate(db, ties, lefts, right, mappedLeft);
}

/**
 * learnDateFor's twin for files without references: an item and a line are tied when they share
 * the counterparty and the amount, and neither shares both with another row of its side.
 */
async function learnDatePairByParty(db: Db, columns: Columns, party: NonNullable<CashFacts['party']>, amount: FieldMapping, flipSign: boolean, mappings: FieldMapping[]): Promise<CashFacts['date']> {
  const mapped = mappings.find((m) => m.role === 'date');
  const rights = rightDates(columns, mappings);
  const lefts = leftDates(columns.left);
  if (lefts.length === 0 || rights.length === 0) return null;
  const name = (side: Side, c: string) => `nullif(${nameExpression(`CAST(s.${ident(column(columns[side], side, c, 'counterparty').name)} AS VARCHAR)`)}, '')`;
  const la = amountExpression(column(columns.left, 'left', amount.field_a, 'amount'), false);
  const ra = amountExpression(column(columns.right, 'right', amount.field_b, 'amount'), flipSign);
  let best: CashFacts['date'] = null;
  for (const right of rights) {
    const ties = `l AS (SELECT ${name('left', party.left)} AS p, round(${la}, 2) AS amt, ${lefts.map((c, i) => `${dateExpression(c)} AS d${i}`).join(', ')} FROM ${sample('left')}),
       l1 AS (SELECT p, amt, ${lefts.map((_, i) => `any_value(d${i}) AS d${i}`).join(', ')} FROM l WHERE p IS NOT NULL AND amt IS NOT NULL AND amt <> 0 GROUP BY p, amt HAVING count(*) = 1),
       r AS (SELECT rp.p, round(${ra}, 2) AS amt, ${dateExpression(right)} AS rd FROM ${sample('right')} JOIN kalla_learn_rp rp ON rp.id = s.__row_id),
       r1 AS (SELECT p, amt, any_value(rd) AS rd FROM r WHERE p IS NOT NULL AND amt IS NOT NULL AND rd IS NOT NULL GROUP BY p, amt HAVING count(*) = 1),
       tied AS (SELECT l1.*, r1.rd FROM l1 JOIN r1 USING (p, amt))`;
    const found = await closestDate(db, ties, lefts, right, mapped?.field_a);
    if (found && (!best || found.p90 < best.p90)) best = found;
  }
  return best;
}

/** Over the tied pairs (`ties`: CTEs ending in `tied` with d0… and rd), the left date closest to the line's for 90 % of them. */
async function closestDate(db: Db, ties: string, lefts: ColumnTyping[], right: ColumnTyping, mappedLeft: string | undefined): Promise<CashFacts['date']> {
  const row = await db.one<Record<string, number>>(
    `WITH ${ties}
     SELECT count(*) AS n, ${lefts.map((_, i) => `quantile_cont(abs(date_diff('day', d${i}, rd)), 0.9) AS p${i}, quantile_cont(abs(date_diff('day', d${i}, rd)), 0.99) AS q${i}, count(d${i}) AS c${i}`).join(', ')}
     FROM tied`,
  );
  const n = Number(row?.n ?? 0);
  if (n < 10) return null;
  const best = lefts
    .map((c, i) => ({ left: c.name, p90: Number(row?.[`p${i}`]), p99: Number(row?.[`q${i}`]), covered: Number(row?.[`c${i}`] ?? 0) }))
    // A date most items have (an optional "paid on" column does not count).
    .filter((c) => Number.isFinite(c.p90) && c.covered >= 0.8 * n)
    .sort((a, b) => a.p90 - b.p90 || (a.left === mappedLeft ? -1 : 1))[0];
  return best ? { left: best.left, right: right.name, p90: Math.ceil(best.p90), p99: Math.ceil(best.p99), pairs: n } : null;
}

async function learnDifferences(db: Db, columns: Columns, leftKey: ColumnTyping, facts: CashFacts, amount: FieldMapping, flipSign: boolean): Promise<Pick<CashFacts, 'fixed' | 'percent' | 'wholePercent' | 'withheld' | 'rounding' | 'pairs'>> {
  const shape = facts.shape!;
  const leftAmount = column(columns.left, 'left', amount.field_a, 'amount');
  const la = amountExpression(leftAmount, false);
  const ra = amountExpression(column(columns.right, 'right', amount.field_b, 'amount'), flipSign);
  const tokens = await lineTokens(db, columns, shape, facts.referenceColumns);
  const bases = withholdingBases(columns.left, [leftAmount.name, leftKey.name]);
  // Each base with the item's sign, as `la` is its amount's magnitude: the deduction then has the base's sign.
  const baseOut = bases.map((_, i) => `, sign(l1.amt) * l1.b${i} AS b${i}`).join('');
  await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_learn_pairs AS
    WITH l AS (SELECT s.kalla_k AS k, ${la} AS amt${bases.map((b, i) => `, ${amountExpression(b, false)} AS b${i}`).join('')} FROM ${await leftWithRefs(db, leftKey, shape, facts.strict === true, [leftAmount, ...bases])}),
      l1 AS (SELECT k, any_value(amt) AS amt${bases.map((_, i) => `, any_value(b${i}) AS b${i}`).join('')} FROM l WHERE k IS NOT NULL GROUP BY k HAVING count(*) = 1),
      -- Lines naming exactly one open item (other numbers of the reference's shape do not count: a
      -- loose shape, when invoices and credit memos are numbered differently, reads many of them).
      r AS (SELECT tk.id, tk.k, ${ra} AS amt FROM ${tokens} JOIN ${sample('right')} ON s.__row_id = tk.id),
      r1 AS (SELECT r.id, any_value(r.k) AS k, any_value(r.amt) AS amt FROM r JOIN l1 USING (k) GROUP BY r.id HAVING count(*) = 1),
      r2 AS (SELECT k, any_value(amt) AS amt FROM r1 GROUP BY k HAVING count(*) = 1)
    SELECT abs(l1.amt) AS la, r2.amt AS ra, sign(l1.amt) * round(l1.amt - r2.amt, 2) AS diff${baseOut} FROM l1 JOIN r2 USING (k) WHERE l1.amt IS NOT NULL AND r2.amt IS NOT NULL AND l1.amt <> 0`);
  try {
    const pairs = await db.scalarNumber('SELECT count(*) FROM kalla_learn_pairs');
    const floor = Math.max(3, Math.ceil(pairs * 0.005));
    // A fee the payer deducts, or a charge it adds (an Icelandic claim's notice fee, a reminder
    // fee paid with the invoice); under half the item either way, so a line naming one of two
    // equal-priced items it pays together is no charge.
    const fixed = await db.all<{ d: string }>(
      `SELECT diff AS d FROM kalla_learn_pairs WHERE abs(diff) >= 1 AND abs(diff) < abs(la::DOUBLE) * 0.5 GROUP BY diff HAVING count(*) >= ${floor} ORDER BY count(*) DESC, diff LIMIT 10`,
    );
    const percent = await db.all<{ p: string }>(
      `SELECT round(diff / la * 100, 1) AS p FROM kalla_learn_pairs
       WHERE diff > 0 AND abs(diff - round(la * round(diff / la * 100, 1) / 100, 2)) < 0.015
       GROUP BY 1 HAVING count(*) >= ${floor} AND p > 0 AND p <= 20 ORDER BY count(*) DESC LIMIT 5`,
    );
    // Cents off either way, recurring: rounding (or conversion), accepted up to the largest such amount.
    const recurring = await db.scalarNumber(
      `SELECT coalesce(max(abs(diff)), 0) FROM (SELECT diff FROM kalla_learn_pairs WHERE diff <> 0 AND abs(diff) < 1 GROUP BY diff HAVING count(*) >= ${floor})`,
    );
    // Payers who drop the cents (an Italian abbuono, a cheque written in whole units): each
    // difference is another amount of cents, but the payment is the item truncated, recurring.
    const truncated = await db.scalarNumber(`SELECT count(*) FROM kalla_learn_pairs WHERE diff > 0 AND diff < 1 AND abs(ra) = floor(la)`);
    const rounding = truncated >= floor ? Math.max(recurring, 0.99) : recurring;
    const fixedSet = fixed.map((f) => Number(f.d));
    // A percentage that only ever showed up as one fixed amount is that fee, not a rate.
    const percentSet = percent.map((p) => Number(p.p)).filter((p) => p > 0);
    // A deduction computed on another base and rounded to whole units (2 % tax on the net of an
    // invoice with 18 % VAT: 1.6949 % of it, to the rupee) misses every 0.1 % rate by some cents:
    // the rate is then the cluster's total deduction over its total amount, kept when as many pairs
    // fit it to the unit.
    const clusters = await db.all<{ p: string; rate: string }>(
      `SELECT round(diff / la * 100, 1) AS p, sum(diff) / sum(la) * 100 AS rate FROM kalla_learn_pairs
       WHERE diff > 0 AND diff < la::DOUBLE * 0.2 GROUP BY 1 HAVING count(*) >= ${floor} ORDER BY count(*) DESC LIMIT 5`,
    );
    // A rate that is no round percentage but fits to the cent: payers who pay the net of a tax
    // (15 % GST: the gross less 13.0435 %, "1,150.00" paid as "1,000.00") — kept as that rate.
    const wholePercent: number[] = [];
    for (const c of clusters.filter((x) => !percentSet.includes(Number(x.p)))) {
      // To 6 decimals, or 8 when more pairs fit: 5/107.5 % (a 5 % tax on the gross ÷ 1.075) written
      // as 4.651163 % is 0.02 off on an 8,011,934.40 invoice (ng-gtb's supermarkets).
      let rate = 0;
      let toCent = -1;
      for (const digits of [6, 8]) {
        const r = Math.round(Number(c.rate) * 10 ** digits) / 10 ** digits;
        const n = r > 0 ? await db.scalarNumber(`SELECT count(*) FROM kalla_learn_pairs WHERE diff > 0 AND ${percentOfSql('la', r, 'diff')}`) : -1;
        if (n > toCent) [rate, toCent] = [r, n];
      }
      if (rate <= 0) continue;
      const fit = await db.scalarNumber(`SELECT count(*) FROM kalla_learn_pairs WHERE diff > 0 AND ${percentOfSql('la', rate, 'diff', true)}`);
      // Whichever rounding more pairs fit: a deduction rounded to whole rupees fits to the cent
      // only when it happens to fall on one (in-au-mixed lost 8 % of its automatic matches when
      // those few made it a to-the-cent rate).
      // At least 0.1 %: cents of rounding on every payment are no rate (they fit one to the cent too).
      if (toCent >= floor && toCent > fit && Number(c.p) > 0) percentSet.push(rate);
      else if (fit >= floor) wholePercent.push(rate);
    }
    // Percentages of the amount are weighed against a withholding on a base: with two VAT rates, a
    // 2 % tax on the net is also "2 % and 1.785715 % of the gross" — one rate of one column is the
    // simpler reading, and the only one when VAT is rounded or a third rate turns up.
    let withheld = await learnWithheld(db, 'kalla_learn_pairs', bases, floor, explainedBy(fixedSet, [], wholePercent));
    let kept = percentSet;
    if (withheld) {
      const i = bases.findIndex((b) => b.name === withheld!.column);
      const byBase = withheld.percent.map((p) => percentOfSql(`b${i}`, p, 'diff')).join(' OR ');
      kept = [];
      for (const p of percentSet) {
        const row = await db.one<{ n: number; also: number }>(
          `SELECT count(*)::INTEGER AS n, count(*) FILTER (WHERE ${byBase})::INTEGER AS also FROM kalla_learn_pairs WHERE diff > 0 AND ${explainedBy([], [p], [])}`,
        );
        if (Number(row?.also ?? 0) < 0.9 * Number(row?.n ?? 0)) kept.push(p);
      }
      // A base rate whose pairs the kept percentages explain as well adds nothing.
      const left = await db.scalarNumber(`SELECT count(*) FROM kalla_learn_pairs WHERE diff > 0 AND (${byBase}) AND NOT (${explainedBy([], kept, [])})`);
      if (left < floor) withheld = null;
    }
    return { pairs, fixed: fixedSet, percent: kept, wholePercent, withheld, rounding };
  } finally {
    await db.exec('DROP TABLE IF EXISTS temp.kalla_learn_pairs');
  }
}

/** Amount columns of the open items a tax may be withheld on (the value before VAT): numbers read from the file, not the compared amount or the key, the first 8. */
const withholdingBases = (left: ColumnTyping[], not: string[]) => left.filter((c) => c.type === 'number' && !c.derived && !not.includes(c.name)).slice(0, 8);

/**
 * A tax withheld on another amount of the item (PPh 23: 2 % of the DPP, the value before VAT; a
 * Thai payer's 3 % of the pre-VAT value): among the reference-tied pairs no learned fee or
 * percentage of the amount explains (`explained`), deductions that are one rate of a base column
 * to the cent, recurring (≥ `floor` pairs). With several VAT rates no rate of the total fits, so
 * the learned percentages of the amount miss them. The rate is the cluster's total deduction over
 * its total base, at the fewest decimals that fit as many pairs (2 %, not 1.999987 %); the base
 * column fitting the most pairs wins.
 */
async function learnWithheld(db: Db, pairs: string, bases: ColumnTyping[], floor: number, explained: string, payers = 1): Promise<CashFacts['withheld']> {
  let best: { column: string; percent: number[]; fit: number } | null = null;
  for (const [i, base] of bases.entries()) {
    const b = `CAST(b${i} AS DOUBLE)`;
    // A base equal to the amount (a second total column) is the amount's own percentage.
    // At most 20 % of the base, as percentages of the amount: taxes withheld are rates of 0.1–15 %;
    // larger recurring shares are credit notes or part payments (ca-eft's netted credit notes fit 27.6 %).
    const open = `diff > 0 AND ${b} > 0 AND diff <= ${b} * 0.2 AND abs(${b} - la) >= 0.005 AND NOT (${explained})`;
    const clusters = await db.all<{ rate: number; n: number }>(
      `SELECT sum(diff) / sum(${b}) * 100 AS rate, count(*)::INTEGER AS n FROM ${pairs} WHERE ${open}
       GROUP BY round(diff / ${b} * 100, 1) HAVING count(*) >= ${floor} AND round(diff / ${b} * 100, 1) >= 0.1 ORDER BY count(*) DESC LIMIT 5`,
    );
    const percent: number[] = [];
    const fitsAt = (rate: number) => percentOfSql(`b${i}`, rate, 'diff');
    // Pairs a rate fits that the rates kept so far do not, counted only when `payers` payers or more show them.
    const gain = async (rate: number) => {
      const row = await db.one<{ n: number; all: number; payers: number }>(
        `SELECT count(*) FILTER (WHERE NOT (${percent.map(fitsAt).join(' OR ') || 'FALSE'}))::INTEGER AS n, count(*)::INTEGER AS all,
           ${payers > 1 ? 'count(DISTINCT p)' : '1'}::INTEGER AS payers FROM ${pairs} WHERE ${open} AND ${fitsAt(rate)}`,
      );
      return { n: Number(row?.payers ?? 0) >= payers ? Number(row?.n ?? 0) : 0, all: Number(row?.all ?? 0) };
    };
    let fit = 0;
    for (const c of clusters) {
      const tries = [...new Set([1, 2, 3, 4, 6, 8].map((d) => Math.round(Number(c.rate) * 10 ** d) / 10 ** d))].filter((r) => r > 0);
      const gains: { n: number; all: number }[] = [];
      for (const rate of tries) gains.push(await gain(rate));
      const most = Math.max(0, ...gains.map((g) => g.n));
      const at = gains.findIndex((g) => g.n >= most);
      // Most of the cluster fits a withholding (chance differences in a bin of 0.1 % fit one to the
      // cent rarely), and pairs no kept rate fits (33.85 % and 33.8495 % are one rate).
      if (most >= floor && gains[at].all >= 0.5 * Number(c.n)) {
        percent.push(tries[at]);
        fit += most;
      }
    }
    // The base that explains the most pairs; on a tie, with fewer rates (the net before VAT, not the VAT).
    if (percent.length > 0 && (!best || fit > best.fit || (fit === best.fit && percent.length < best.percent.length))) best = { column: base.name, percent, fit };
  }
  return best ? { column: best.column, percent: best.percent } : null;
}

/** The learned fees and percentages of the amount as SQL over kalla_learn_pairs' la and diff: the pairs they already explain. */
function explainedBy(fixed: number[], percent: number[], wholePercent: number[]): string {
  const parts = [
    ...fixed.map((f) => `abs(diff - ${f}) < 0.005`),
    ...percent.map((p) => percentOfSql('la', p, 'diff')),
    ...wholePercent.map((p) => percentOfSql('la', p, 'diff', true)),
  ];
  return parts.length > 0 ? parts.join(' OR ') : 'FALSE';
}

/**
 * learnWithheld without a reference: over pairs of a line and an open item of the same
 * counterparty paying 50–100 % of it (kalla_learn_rp), a withholding rate seen by at least
 * FEE_PAYERS payers, in at least 0.5 % of the lines (and 5).
 */
async function learnWithheldByParty(db: Db, columns: Columns, facts: CashFacts, amount: FieldMapping, flipSign: boolean): Promise<CashFacts['withheld']> {
  const leftAmount = column(columns.left, 'left', amount.field_a, 'amount');
  const bases = withholdingBases(columns.left, [leftAmount.name]);
  if (bases.length === 0 || !facts.party) return null;
  const la = amountExpression(leftAmount, false);
  const ra = amountExpression(column(columns.right, 'right', amount.field_b, 'amount'), flipSign);
  const lp = `nullif(${nameExpression(`CAST(s.${ident(column(columns.left, 'left', facts.party.left, 'counterparty').name)} AS VARCHAR)`)}, '')`;
  await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_learn_wpairs AS
    WITH l AS (SELECT ${lp} AS p, ${la} AS amt${bases.map((b, i) => `, ${amountExpression(b, false)} AS b${i}`).join('')} FROM ${sample('left')}),
      r AS (SELECT rp.p, ${ra} AS amt FROM ${sample('right')} JOIN kalla_learn_rp rp ON rp.id = s.__row_id)
    SELECT p, abs(l.amt) AS la, r.amt AS ra, sign(l.amt) * round(l.amt - r.amt, 2) AS diff${bases.map((_, i) => `, sign(l.amt) * l.b${i} AS b${i}`).join('')}
    FROM l JOIN r USING (p)
    WHERE l.amt IS NOT NULL AND r.amt IS NOT NULL AND sign(l.amt) = sign(r.amt) AND abs(r.amt) < abs(l.amt) AND abs(r.amt) >= 0.5 * abs(l.amt::DOUBLE)`);
  try {
    const lines = await db.scalarNumber('SELECT count(*) FROM kalla_learn_rp WHERE p IS NOT NULL');
    return await learnWithheld(db, 'kalla_learn_wpairs', bases, Math.max(5, Math.ceil(lines * 0.005)), explainedBy(facts.fixed, facts.percent, facts.wholePercent), FEE_PAYERS);
  } finally {
    await db.exec('DROP TABLE IF EXISTS temp.kalla_learn_wpairs');
  }
}

/**
 * The counterparty: a pair of text columns whose left values repeat (one customer, many invoices)
 * and whose names, folded as banks write them (`name` normaliser), are largely the same on both
 * sides. Mapped pairs are tried first; when none qualifies, every pair of text columns is.
 */
async function learnParty(db: Db, columns: Columns, mappings: FieldMapping[]): Promise<CashFacts['party']> {
  const { mapped, all, left, right } = partyPairs(columns, mappings);
  for (const pairs of [mapped, all]) {
    let best: { left: string; right: string; score: number } | null = null;
    const stats = await pairOverlaps(db, pairs);
    for (let i = 0; i < pairs.length; i++) {
      const [a, b] = pairs[i];
      const row = stats[i];
      // A counterparty has several values (a currency or a status column repeats too, with one or two).
      const repeats = row.distinct_l < 0.7 * row.rows && row.distinct_l >= 3;
      const overlap = row.shared / Math.max(1, row.distinct_r);
      if (repeats && overlap >= 0.3 && (!best || overlap > best.score)) best = { left: a.name, right: b.name, score: overlap };
    }
    if (best) return { left: best.left, right: best.right };
  }
  return learnPartyInText(db, left, right);
}

type ColumnPair = readonly [ColumnTyping, ColumnTyping];

/**
 * The pairs learnParty tries for the counterparty: the most confident mapped text pairs, then the
 * first 12 text columns of each side with each other (`left`, `right`: those, for learnPartyInText).
 */
function partyPairs(columns: Columns, mappings: FieldMapping[]): { mapped: ColumnPair[]; all: ColumnPair[]; left: ColumnTyping[]; right: ColumnTyping[] } {
  // A derived text column is a name read out of a labelled text (typing.ts findLabelledNames): tried
  // after the file's own columns (which win a tie), and never cut by their limit.
  const text = (cs: ColumnTyping[]) => [...cs.filter((c) => c.type === 'text' && !c.derived).slice(0, 12), ...cs.filter((c) => c.type === 'text' && c.derived)];
  const mapped = mostConfident(mappings.filter((m) => m.role !== 'key' && m.role !== 'amount' && m.role !== 'date'), MAX_PARTY_PAIRS, columns)
    .map((m) => [columns.left.find((c) => c.name === m.field_a), columns.right.find((c) => c.name === m.field_b)] as const)
    .filter((p): p is ColumnPair => Boolean(p[0] && p[1] && p[0].type === 'text' && p[1].type === 'text'));
  const [left, right] = [text(columns.left), text(columns.right)];
  return { mapped, all: left.flatMap((a) => right.map((b) => [a, b] as const)), left, right };
}

/** Mapped text pairs read for the counterparty at most (a 5,000-column file mapped 1,250: 5 s CPU in one statement; issue 27). */
const MAX_PARTY_PAIRS = 64;

/** The `n` text-to-text mappings of highest confidence, in their order (ties: the earlier); all of them when there are no more. */
function mostConfident(mappings: FieldMapping[], n: number, columns: Columns): FieldMapping[] {
  const text = (side: Side, name: string) => columns[side].find((c) => c.name === name)?.type === 'text';
  const texts = mappings.filter((m) => text('left', m.field_a) && text('right', m.field_b));
  if (texts.length <= n) return texts;
  const kept = new Set(texts.map((m, i) => ({ m, i })).sort((x, y) => y.m.confidence - x.m.confidence || x.i - y.i).slice(0, n).map((x) => x.m));
  return texts.filter((m) => kept.has(m));
}

/**
 * For each pair of text columns, over the whole tables (whether names repeat depends on how many
 * rows are read; each distinct spelling is folded once): rows with a name on the left, distinct
 * folded names on the left, distinct folded names on the right, and how many of those are also on
 * the left. One statement for all pairs (each side's columns unpivoted into one long table): a
 * query per pair took minutes on a file with a thousand mapped text columns.
 */
async function pairOverlaps(db: Db, pairs: readonly (readonly [ColumnTyping, ColumnTyping])[]): Promise<{ rows: number; distinct_l: number; shared: number; distinct_r: number }[]> {
  if (pairs.length === 0) return [];
  const norm = `nullif(${nameExpression('CAST(s.raw AS VARCHAR)')}, '')`;
  const index = (side: Side) => [...new Set(pairs.map((p) => p[side === 'left' ? 0 : 1].name))];
  const [ln, rn] = [index('left'), index('right')];
  // Names are numbered ("0", "1", …): the long tables carry the number, not the user's column name.
  const long = (side: Side, names: string[]) =>
    `(UNPIVOT (SELECT ${names.map((n, i) => `CAST(s.${ident(n)} AS VARCHAR) AS ${ident(String(i))}`).join(', ')} FROM ${ident(typedView(side))} s) ON COLUMNS(*) INTO NAME c VALUE raw)`;
  const values = pairs.map(([a, b], i) => `(${i}, ${lit(String(ln.indexOf(a.name)))}, ${lit(String(rn.indexOf(b.name)))})`).join(', ');
  // No reader of `r` filters on `v IS NOT NULL` (count(v); an equi-join drops NULLs by itself): when
  // every reader did, DuckDB pushed that filter below the DISTINCT, folding the name of every
  // statement line instead of every spelling (100k cash: 1.8 of 14 s of "Confirm mapping → rules").

  const rows = await db.all<{ p: number; rows: number | null; distinct_l: number | null; shared: number | null; distinct_r: number | null }>(
    `WITH la AS (SELECT c, raw, count(*) AS n FROM ${long('left', ln)} GROUP BY 1, 2),
       l AS MATERIALIZED (SELECT c, ${norm} AS v, n FROM la s),
       ls AS (SELECT c, sum(n) FILTER (WHERE v IS NOT NULL) AS rows, count(DISTINCT v) AS distinct_l FROM l GROUP BY c),
       ld AS MATERIALIZED (SELECT DISTINCT c, v FROM l WHERE v IS NOT NULL),
       r AS MATERIALIZED (SELECT DISTINCT c, ${norm} AS v FROM (SELECT DISTINCT c, raw FROM ${long('right', rn)}) s),
       rd AS (SELECT c, count(v) AS n FROM r GROUP BY c),
       pr AS (SELECT * FROM (VALUES ${values}) t(p, lc, rc)),
       sh AS (SELECT pr.p, count(*) AS n FROM pr JOIN r ON r.c = pr.rc JOIN ld ON ld.c = pr.lc AND ld.v = r.v GROUP BY pr.p)
     SELECT pr.p, ls.rows, ls.distinct_l, sh.n AS shared, rd.n AS distinct_r
     FROM pr LEFT JOIN ls ON ls.c = pr.lc LEFT JOIN sh ON sh.p = pr.p LEFT JOIN rd ON rd.c = pr.rc ORDER BY pr.p`,
  );
  return rows.map((r) => ({ rows: Number(r.rows ?? 0), distinct_l: Number(r.distinct_l ?? 0), shared: Number(r.shared ?? 0), distinct_r: Number(r.distinct_r ?? 0) }));
}

/** Share of the statement's lines that must name a counterparty for a text column to be read for names. */
const NAMED_LINES = 0.3;
/** A counterparty column names at least this share of the different values the most varied candidate names. */
const PAYERS_NAMED = 0.5;
/** No one name may be the one named on more than this share of the lines naming one. */
const MAX_ONE_NAME = 0.5;
/** Below this share of exact names a pair is not worth the token model's second look. */
const NAMED_LINES_TRIED = 0.05;

/**
 * No column names the counterparty on both sides, but a statement text starts with the payer's
 * name (UK statements: "WESSEX GROUP LTD INV-0452"): the left name column whose folded names are
 * the start of ≥ 30 % of the lines of one right text column. Banks also cut and abbreviate names
 * ("AL JAZEERA SANITARY WARE EST" for Al Jazeera Sanitary Ware Trading Est.): when no pair reaches
 * the share by exact names, the pairs that came close are counted again with the names the token
 * model resolves (party-resolution.ts), as the run will read them.
 */
async function learnPartyInText(db: Db, left: ColumnTyping[], right: ColumnTyping[]): Promise<CashFacts['party']> {
  let best: { left: string; right: string; score: number } | null = null;
  const named: { left: string; right: string; score: number; names: number }[] = [];
  const close: [ColumnTyping, ColumnTyping][] = [];
  // Each statement text's name prefixes, read once for every left column tried (long texts: ~1.5 s
  // CPU per pair at 1,246 lines of 150 characters, six left columns).
  const prefixes = new Map<string, string>();
  // The left columns whose values repeat (a name column), and their names with a digit: prefixes
  // that cannot fold to one of those are not folded.
  const tried: ColumnTyping[] = [];
  for (const a of left) {
    const names = await db.one<{ rows: number; d: number }>(`SELECT count(s.${ident(a.name)}) AS rows, count(DISTINCT s.${ident(a.name)}) AS d FROM ${rowsWith('left', [a], 's')}`);
    if (names && Number(names.d) >= 3 && Number(names.d) < 0.7 * Number(names.rows)) tried.push(a);
  }
  const digitNames = [
    'SELECT NULL::VARCHAR AS p WHERE false',
    ...tried.map((a) => `SELECT ${nameExpression('raw')} AS p FROM (SELECT DISTINCT CAST(s.${ident(a.name)} AS VARCHAR) AS raw FROM ${rowsWith('left', [a], 's')}) WHERE regexp_matches(raw, '[0-9]')`),
  ].join(' UNION ALL ');
  const prefixTable = async (b: ColumnTyping) => {
    const table = `kalla_learn_pref_${prefixes.size}`;
    if (!prefixes.has(b.name)) {
      await db.exec(`CREATE OR REPLACE TEMP TABLE ${table} AS SELECT DISTINCT id, p AS v FROM (${foldedPrefixesSql(`CAST(s.${ident(b.name)} AS VARCHAR)`, 's.__row_id', sample('right'), digitNames, 'all')})`);
      prefixes.set(b.name, table);
    }
    return prefixes.get(b.name)!;
  };
  try {
    for (const a of tried) {
      // A name's part in brackets (a shop's owner) and the name without it are names the lines may start with too.
      await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_learn_names AS
        WITH raw AS (SELECT DISTINCT CAST(s.${ident(a.name)} AS VARCHAR) AS raw FROM ${rowsWith('left', [a], 's')})
        SELECT DISTINCT nullif(${nameExpression('x')}, '') AS v FROM (${nameReadingsSql('raw')})`);
      for (const b of right) {
        const row = await db.one<{ share: number; top: number; names: number }>(
          `WITH p AS (SELECT * FROM ${await prefixTable(b)}),
             named AS (SELECT id, max(v) AS v FROM p WHERE v IN (SELECT v FROM kalla_learn_names WHERE length(v) >= 3) GROUP BY id)
           SELECT (SELECT count(*) FROM named) / greatest(1, (SELECT count(*) FROM ${sample('right')})) AS share,
             coalesce((SELECT max(n) FROM (SELECT count(*) AS n FROM named GROUP BY v)) / greatest(1, (SELECT count(*) FROM named)), 0) AS top,
             (SELECT count(DISTINCT v) FROM named) AS names`,
        );
        // A payment method ("Überweisung", "Einzug") also starts many lines: a counterparty is many
        // payers, none of which names most of the lines (and see `named` below).
        const share = Number(row?.top ?? 1) <= MAX_ONE_NAME ? Number(row?.share ?? 0) : 0;
        if (share >= NAMED_LINES) named.push({ left: a.name, right: b.name, score: share, names: Number(row?.names ?? 0) });
        else if (share >= NAMED_LINES_TRIED) close.push([a, b]);
      }
    }
  } finally {
    await db.exec('DROP TABLE IF EXISTS temp.kalla_learn_names');
    for (const t of prefixes.values()) await db.exec(`DROP TABLE IF EXISTS temp.${t}`);
  }
  // Of the columns naming enough lines, those naming at least half as many different values as the
  // most varied one (ten tenants, not three payment methods); of those, the one naming most lines.
  const most = Math.max(0, ...named.map((c) => c.names));
  for (const c of named) if (c.names >= PAYERS_NAMED * most && (!best || c.score > best.score)) best = c;
  if (!best) {
    for (const [a, b] of close) {
      const share = await resolvedShare(db, a, b);
      if (share >= NAMED_LINES && (!best || share > best.score)) best = { left: a.name, right: b.name, score: share };
    }
  }
  return best ? { left: best.left, right: best.right, in_text: true } : null;
}

/** Share of the statement's lines whose text `b` names a counterparty of `a`, exactly or as the token model resolves it. */
async function resolvedShare(db: Db, a: ColumnTyping, b: ColumnTyping): Promise<number> {
  const names = `SELECT DISTINCT p FROM (SELECT ${nameExpression(`CAST(s.${ident(a.name)} AS VARCHAR)`)} AS p FROM ${allRows('left')}) WHERE length(p) >= 3`;
  await db.exec(`CREATE OR REPLACE TEMP TABLE kalla_learn_pt AS ${nameAtTextStartSql(a, b, allRows('right'))}`);
  try {
    await resolvePartiesInText(db, 'kalla_learn_pt', a, b);
    return await db.scalarNumber(
      `SELECT (SELECT count(DISTINCT id) FROM kalla_learn_pt WHERE p IN (${names})) / greatest(1, (SELECT count(*) FROM ${allRows('right')}))`,
    );
  } finally {
    await db.exec('DROP TABLE IF EXISTS temp.kalla_learn_pt');
  }
}
