/**
 * Per-run and per-rule working tables (TEMP, so they never reach the
 * workspace file):
 *   scope_<side>(id, amt0)      in-scope rows after the recipe filters
 *   used_<side>(id)             rows already matched by an earlier rule
 *   w_<side>(id, k0.., amt, dt, descr, h)  the rule's view of in-scope, unused rows
 *   gtmp(...)                   groups found so far in this run
 *   lost(...)                   rows that had a candidate but lost it (duplicates)
 */
import type { MatchKey, MatchRule, Recipe } from '../../../../shared/reconcile/recipe';
import type { ColumnTyping, Side } from '../../../../shared/reconcile/sources-and-runs';
import type { Db } from '../db';
import { ReconError } from '../../../errors';
import { amountExpression, column, compactId, dateExpression, filterSide, filtersWhere, keyExpression, idTokens, keySourceText, nameExpression, foldedPrefixesSql, referenceShape, referenceTokens, specificId, textExpression, type SideColumns } from '../recipe-sql';
import { ident } from '../sql';
import { ROW_HASH, ROW_ID, rowsWith } from '../row-columns';
import { resolvePartiesInText } from './party-resolution';

export const w = (side: Side) => `w_${side}`;
export const used = (side: Side) => `used_${side}`;
export const scope = (side: Side) => `scope_${side}`;

/**
 * A side's rows with only the columns `read` (and `__row_id`), as `s`: a statement through the typed
 * view binds every column of it, 30–100 ms of CPU each at 5,000 columns, and a run asks about a
 * hundred (issue 27). `hash`: with the row's content hash as well.
 */
export const rowsReading = (side: Side, read: ColumnTyping[], hash = false) => `${rowsWith(side, [...read.map((c) => c.name), ...(hash ? [ROW_HASH] : [])])} s`;

/** The columns the recipe's filters of a side read (filtersWhere). */
export function filterColumns(recipe: Recipe, columns: ColumnTyping[], side: Side): ColumnTyping[] {
  return recipe.filters.filter((f) => filterSide(recipe, f) === side).map((f) => column(columns, side, f.column, 'filter'));
}

/** The first rule with an amount names the amount column used for summary totals. */
export function primaryAmountColumn(recipe: Recipe, columns: SideColumns, side: Side): ColumnTyping | null {
  const rule = recipe.rules.find((r) => r.amount);
  return rule?.amount ? column(columns[side], side, rule.amount[side], 'amount') : null;
}

export async function createRunTables(db: Db, recipe: Recipe, columns: SideColumns): Promise<void> {
  for (const side of ['left', 'right'] as const) {
    const amount = primaryAmountColumn(recipe, columns, side);
    await db.exec(
      `CREATE OR REPLACE TEMP TABLE ${scope(side)} AS
       SELECT s.${ident(ROW_ID)} AS id, ${amount ? amountExpression(amount, false) : 'NULL::DECIMAL(18,6)'} AS amt0
       FROM ${rowsReading(side, [...(amount ? [amount] : []), ...filterColumns(recipe, columns[side], side)])} WHERE ${filtersWhere(recipe, columns[side], side)}`,
    );
    await db.exec(`CREATE OR REPLACE TEMP TABLE ${used(side)} (id BIGINT)`);
  }
  await db.exec(`CREATE OR REPLACE TEMP TABLE gtmp (
    rule_idx INTEGER, rule_id VARCHAR, cardinality VARCHAR, status VARCHAR,
    left_ids BIGINT[], right_ids BIGINT[], amount_left DECIMAL(38,6), amount_right DECIMAL(38,6),
    date_delta_days INTEGER, score DOUBLE)`);
  // The scored model's words for its groups, keyed by the group's smallest left row id (its group id).
  await db.exec(`CREATE OR REPLACE TEMP TABLE group_evidence (group_key BIGINT, reason VARCHAR, evidence VARCHAR, levels VARCHAR, tie VARCHAR)`);
  // Statement lines that net to zero with another (a payment and its return), each with the other.
  await db.exec(`CREATE OR REPLACE TEMP TABLE reversed (id BIGINT, counterpart BIGINT)`);
  // Twins of matched rows, paid or booked twice (auto-guards.ts), each with its exception reason.
  await db.exec(`CREATE OR REPLACE TEMP TABLE twins (side VARCHAR, id BIGINT, counterpart BIGINT, reason VARCHAR)`);
  // Payments of an item paid twice whose twin (a, the same amount) a refund (b) returned: reversals.ts.
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_rev_twin (tid BIGINT, a BIGINT, b BIGINT)`);
  // The scored model's fits of this run, shared by its scored rules (matching/scored.ts).
  await db.exec(`CREATE OR REPLACE TEMP TABLE m_fits (signature VARCHAR, fit VARCHAR)`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE lost (side VARCHAR, id BIGINT, rule_idx INTEGER, rule_id VARCHAR, counterpart BIGINT, da DECIMAL(38,6), dd INTEGER)`);
  await db.exec(`CREATE OR REPLACE TEMP TABLE ambiguous (side VARCHAR, id BIGINT, rule_idx INTEGER, rule_id VARCHAR, counterpart BIGINT, da DECIMAL(38,6), dd INTEGER)`);
}

export function validateRule(rule: MatchRule): void {
  if (rule.keys.length === 0 && !rule.amount) {
    throw new ReconError('invalid_recipe', `rule "${rule.id}" needs at least one key or an amount to compare`, { rule: rule.id });
  }
  const references = rule.keys.filter((k) => referenceShape(k.normalisers ?? []));
  if (references.length > 1) {
    throw new ReconError('invalid_recipe', `rule "${rule.id}" has ${references.length} reference keys; one key can be read as references`, { rule: rule.id });
  }
  if (references.length > 0 && rule.cardinality === 'N:M') {
    throw new ReconError('invalid_recipe', `rule "${rule.id}" is N:M with a reference key; reference keys work in 1:1, 1:N and N:1 rules`, { rule: rule.id });
  }
  if (rule.model) {
    if (rule.cardinality !== '1:1') throw new ReconError('invalid_recipe', `rule "${rule.id}" is a scored model; it matches 1:1 (its cardinality is ${rule.cardinality})`, { rule: rule.id });
    if (!rule.amount) throw new ReconError('invalid_recipe', `rule "${rule.id}" is a scored model and needs the amount columns to compare`, { rule: rule.id });
    if (rule.model.references.length === 0 && !rule.model.party && !rule.model.party_id) {
      throw new ReconError('invalid_recipe', `rule "${rule.id}" is a scored model with neither a reference nor a counterparty: an amount alone decides nothing`, { rule: rule.id });
    }
    return;
  }
  if (rule.named && (rule.cardinality !== 'N:1' || !referenceShape(rule.named.normalisers ?? []))) {
    throw new ReconError('invalid_recipe', `rule "${rule.id}" names open items by a key (named); that needs an N:1 rule and a key with the reference normaliser`, { rule: rule.id });
  }
  if (rule.collection && (rule.cardinality !== 'N:1' || !rule.amount || !rule.date)) {
    throw new ReconError('invalid_recipe', `rule "${rule.id}" is a collection; that needs an N:1 rule with an amount and a date (the items' due date and the line's date)`, { rule: rule.id });
  }
  if (rule.amount?.differences && rule.keys.length === 0) {
    throw new ReconError('invalid_recipe', `rule "${rule.id}" names amount differences but has no key; differences are accepted only between rows tied by a key`, { rule: rule.id });
  }
  if (rule.cardinality === 'N:M' && rule.keys.length === 0) {
    throw new ReconError('invalid_recipe', `rule "${rule.id}" is N:M and needs keys to form the groups`, { rule: rule.id });
  }
  if (rule.cardinality !== '1:1' && !rule.amount) {
    throw new ReconError('invalid_recipe', `rule "${rule.id}" is ${rule.cardinality} and needs an amount to sum`, { rule: rule.id });
  }
}

/** Working table of the rule for one side; right amounts are sign-flipped here when the rule says so. */
export async function createRuleTables(db: Db, rule: MatchRule, columns: SideColumns, recipe: Recipe): Promise<void> {
  for (const side of ['left', 'right'] as const) {
    const cols = columns[side];
    const joins: string[] = [];
    const keys: string[] = [];
    // The columns the working table's own expressions read (joined tables bring their own).
    const read: ColumnTyping[] = filterColumns(recipe, cols, side);
    for (const [i, k] of rule.keys.entries()) {
      if (isNameKey(k)) {
        const left = column(columns.left, 'left', k.left, `rule ${rule.id} key`);
        const table = side === 'right' ? await partyTable(db, left, column(cols, side, k.right, `rule ${rule.id} key`), nameInText(k)) : await leftPartyTable(db, left);
        joins.push(`LEFT JOIN ${table} kp${i} ON kp${i}.id = s.${ident(ROW_ID)}`);
        keys.push(`kp${i}.p AS k${i}`);
        continue;
      }
      if (!referenceShape(k.normalisers ?? [])) {
        keys.push(`${sideKeyExpression(rule, k, cols, side)} AS k${i}`);
        read.push(sideKeyColumn(rule, k, cols, side));
        continue;
      }
      // Reference tokens are read once per run and side (a cascade has several reference rules).
      const right = side === 'right' ? rightReferenceSources(rule, k, cols) : null;
      const table = right ? await rightReferenceTable(db, right.sources, right.shape) : await referenceTokenTable(db, sideKeyExpression(rule, k, cols, side), side, [sideKeyColumn(rule, k, cols, side)]);
      joins.push(`${side === 'right' ? 'JOIN' : 'LEFT JOIN'} ${table} kt${i} ON kt${i}.id = s.${ident(ROW_ID)}`);
      keys.push(`kt${i}.k AS k${i}`);
    }
    // Lines that name no customer: an empty payer column; a payer written in a text whose start is
    // no customer's name (a text cannot say whether it names another payer).
    let unclaimed = '';
    if (side === 'right' && rule.payer_unknown) {
      const k = rule.payer_unknown;
      const payer = column(cols, side, k.right, `rule ${rule.id} payer`);
      if (nameInText(k)) {
        const table = await partyTable(db, column(columns.left, 'left', k.left, `rule ${rule.id} payer`), payer, true);
        joins.push(`LEFT JOIN ${table} pu ON pu.id = s.${ident(ROW_ID)}`);
        unclaimed = 'AND pu.p IS NULL';
      } else {
        unclaimed = `AND coalesce(trim(CAST(s.${ident(payer.name)} AS VARCHAR)), '') = ''`;
        read.push(payer);
      }
    }
    // A rule's `named` key: the open item's reference (left, `nk`), or the list a payment names
    // (right, `nks`), read from the run's tables of references (made by the reference rules and
    // the scored model before it) instead of reading the texts again.
    if (rule.named) {
      const right = side === 'right' ? rightReferenceSources(rule, rule.named, cols, 'named key') : null;
      const table = right ? await rightReferenceListTable(db, right.sources, right.shape) : await referenceTokenTable(db, sideKeyExpression(rule, rule.named, cols, side, 'list'), side, [sideKeyColumn(rule, rule.named, cols, side, 'list')]);
      joins.push(`LEFT JOIN ${table} kn ON kn.id = s.${ident(ROW_ID)}`);
      keys.push(side === 'left' ? 'kn.k AS nk' : 'kn.ks AS nks');
    }
    const amount = rule.amount ? column(cols, side, rule.amount[side], `rule ${rule.id} amount`) : null;
    const date = rule.date ? column(cols, side, rule.date[side], `rule ${rule.id} date`) : null;
    const description = rule.description ? column(cols, side, rule.description[side], `rule ${rule.id} description`) : null;
    const amt = amount ? amountExpression(amount, side === 'right' && rule.amount!.flip_sign) : 'NULL::DECIMAL(18,6)';
    const dt = date ? dateExpression(date) : 'NULL::DATE';
    const descr = description ? textExpression(description) : 'NULL::VARCHAR';
    // The open item's withholding base (the amount before VAT a tax is withheld on); NULL elsewhere.
    const withheld = side === 'left' && rule.amount?.differences?.withheld ? column(cols, side, rule.amount.differences.withheld.column, `rule ${rule.id} withholding base`) : null;
    const base = withheld ? amountExpression(withheld, false) : 'NULL::DECIMAL(18,6)';
    for (const c of [amount, date, description, withheld]) if (c) read.push(c);
    await db.exec(
      `CREATE OR REPLACE TEMP TABLE ${w(side)} AS
       SELECT s.${ident(ROW_ID)} AS id, ${[...keys, `${amt} AS amt`, `${dt} AS dt`, `${descr} AS descr`, `${base} AS base`].join(', ')}, s.${ident(ROW_HASH)} AS h
       FROM ${rowsReading(side, read, true)} ${joins.join(' ')}
       WHERE ${filtersWhere(recipe, cols, side)} ${unclaimed}
         AND NOT EXISTS (SELECT 1 FROM ${used(side)} u WHERE u.id = s.${ident(ROW_ID)})`,
    );
  }
}

/**
 * The key compares counterparty names (only the `name` normaliser, perhaps after trim/casefold,
 * which folding does anyway): the right side is read through partyTable, the left through
 * leftPartyTable.
 */
export function isNameKey(k: MatchKey): boolean {
  const kinds = (k.normalisers ?? []).map((n) => n.kind);
  return kinds.includes('name') && kinds.every((kind) => kind === 'name' || kind === 'trim' || kind === 'casefold');
}

/**
 * (raw, p) for every spelling of the left counterparty column: folded once per run and column
 * (nameExpression runs ~10 regular expressions a name), for leftPartyTable and the name resolution
 * of the statement texts (party-resolution.ts) alike. `p` is NULL for a name that folds to nothing.
 */
export async function leftNamesTable(db: Db, left: ColumnTyping): Promise<string> {
  const table = runTableName('names_left', left.name);
  if (await db.hasTempTable(table)) return table;
  await db.exec(`CREATE TEMP TABLE ${table} AS
    WITH d AS (SELECT DISTINCT CAST(s.${ident(left.name)} AS VARCHAR) AS raw FROM ${rowsReading('left', [left])})
    SELECT raw, nullif(${nameExpression('raw')}, '') AS p FROM d`);
  return table;
}

/**
 * (id, p) for every left row: its counterparty folded as nameExpression folds it. Names repeat
 * (a customer has many invoices), so each spelling is folded once (leftNamesTable); made once per
 * run and column, for the scored model and the rules that key on the counterparty alike.
 */
export async function leftPartyTable(db: Db, left: ColumnTyping): Promise<string> {
  const table = runTableName('party_left', left.name);
  // Asked first: `CREATE … IF NOT EXISTS` plans its whole SELECT even when the table is there.
  if (await db.hasTempTable(table)) return table;
  const names = await leftNamesTable(db, left);
  await db.exec(`CREATE TEMP TABLE ${table} AS
    SELECT s.${ident(ROW_ID)} AS id, f.p FROM ${rowsReading('left', [left])} JOIN ${names} f ON f.raw = CAST(s.${ident(left.name)} AS VARCHAR)`);
  return table;
}

/** The key's right column is a text that starts with the left column's names. */
export function nameInText(k: MatchKey): boolean {
  return (k.normalisers ?? []).some((n) => n.kind === 'name' && n.in_text === true);
}

/**
 * (id, p) for the right rows, p a counterparty name folded as nameExpression folds left names. A
 * name column gives its folded value; a text that starts with the payer's name (`inText`) its
 * longest word-prefix (≤ 6 words) that is a left name. A value that is no left name becomes the
 * name its first words resolve to, if any (cut, reordered, titled names: party-resolution.ts).
 * Made once per run and column pair.
 */
export async function partyTable(db: Db, left: ColumnTyping, right: ColumnTyping, inText: boolean): Promise<string> {
  const table = runTableName(inText ? 'party' : 'party_col', `${left.name}\u0000${right.name}`);
  if (await db.hasTempTable(table)) return table;
  if (inText) {
    await db.exec(`CREATE TEMP TABLE ${table} AS ${nameAtTextStartSql(left, right, rowsReading('right', [right]))}`);
  } else {
    // Every line keeps its own folded name (another payer's name is evidence against); names repeat,
    // so each spelling is folded once.
    await db.exec(`CREATE TEMP TABLE ${table} AS
      WITH d AS (SELECT DISTINCT CAST(s.${ident(right.name)} AS VARCHAR) AS raw FROM ${rowsReading('right', [right])}),
        f AS (SELECT raw, nullif(${nameExpression('raw')}, '') AS p FROM d)
      SELECT s.${ident(ROW_ID)} AS id, f.p FROM ${rowsReading('right', [right])} JOIN f ON f.raw = CAST(s.${ident(right.name)} AS VARCHAR)`);
  }
  await resolvePartiesInText(db, table, left, right, await leftNamesTable(db, left));
  return table;
}

/**
 * The payer's identifier on both sides, made once per run and column pair: left (id, c) every open
 * item's compact identifier; right (id, c) the statement lines whose text writes exactly one
 * identifier that is an open item's (compactId: "76.383.341-0" = "0763833410").
 */
export async function partyIdTables(db: Db, left: ColumnTyping, right: ColumnTyping): Promise<{ left: string; right: string }> {
  const l = runTableName('party_id_left', left.name);
  const r = runTableName('party_id', `${left.name}\u0000${right.name}`);
  if (!(await db.hasTempTable(l))) {
    await db.exec(`CREATE TEMP TABLE ${l} AS SELECT id, c FROM (SELECT s.${ident(ROW_ID)} AS id, ${compactId(keySourceText(left))} AS c FROM ${rowsReading('left', [left])}) WHERE ${specificId('c')}`);
  }
  if (!(await db.hasTempTable(r))) {
    await db.exec(`CREATE TEMP TABLE ${r} AS
      WITH t AS (SELECT s.${ident(ROW_ID)} AS id, unnest(${idTokens(keySourceText(right))}) AS c FROM ${rowsReading('right', [right])})
      SELECT id, min(c) AS c FROM t WHERE c IN (SELECT c FROM ${l}) GROUP BY id HAVING count(DISTINCT c) = 1`);
  }
  return { left: l, right: r };
}

/**
 * (id, p) for the statement rows of `from` (aliased `s`) whose text `right` names a left counterparty
 * at a word start: the longest word-prefix (≤ 6 words, or after a label of a few words) that is a
 * left name, folded as nameExpression folds them. One query for the run's party table and the
 * learning's (cash-learning.ts).
 */
export function nameAtTextStartSql(left: ColumnTyping, right: ColumnTyping, from: string): string {
  const names = `SELECT DISTINCT p FROM (SELECT ${nameExpression('raw')} AS p FROM (SELECT DISTINCT CAST(s.${ident(left.name)} AS VARCHAR) AS raw FROM ${rowsReading('left', [left])})) WHERE length(p) >= 3`;
  const pre = foldedPrefixesSql(`CAST(s.${ident(right.name)} AS VARCHAR)`, `s.${ident(ROW_ID)}`, from, names, 'names');
  return `SELECT id, arg_max(p, length(p) * 1000 - k) AS p FROM (${pre}) GROUP BY id`;
}

/**
 * Automatic groups whose key (smallest left id) is in `table.gk` become suggestions, and `why`
 * (SQL over `m`, a row of `table`) is added to their evidence. The run-wide guards use it.
 */
export async function demoteToSuggestion(db: Db, table: string, why: string): Promise<void> {
  await db.exec(`UPDATE gtmp SET status = 'suggested' WHERE status = 'auto' AND list_min(left_ids) IN (SELECT gk FROM ${table})`);
  await db.exec(`UPDATE group_evidence e SET evidence = concat_ws('; ', e.evidence, ${why}) FROM ${table} m WHERE e.group_key = m.gk`);
  await db.exec(`INSERT INTO group_evidence (group_key, reason, evidence) SELECT m.gk, NULL, ${why} FROM ${table} m WHERE m.gk NOT IN (SELECT group_key FROM group_evidence)`);
}

/** TEMP tables of reference tokens are named `REFERENCE_TOKENS_PREFIX<side>_<hash of the expression>`. */
export const REFERENCE_TOKENS_PREFIX = 'kalla_reftok_';

/**
 * A run-long cache table's name: the prefix the run's end drops, a kind, and a hash of what it
 * holds (the expression or columns it is made from), so equal work is found again.
 */
export function runTableName(kind: string, of: string): string {
  return `${REFERENCE_TOKENS_PREFIX}${kind}_${textHash(of)}`;
}

/** A short hash of a text (djb2, hex) for naming cache tables after what they hold. */
export function textHash(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
  return h.toString(16);
}

/** (id, k) per reference a row holds, made once per run for each distinct token expression (over `s`, reading the columns `read`). */
export async function referenceTokenTable(db: Db, expression: string, side: Side, read: ColumnTyping[]): Promise<string> {
  const table = runTableName(side, expression);
  // Asked first: `CREATE … IF NOT EXISTS` plans its whole SELECT even when the table is there.
  if (await db.hasTempTable(table)) return table;
  await db.exec(`CREATE TEMP TABLE ${table} AS SELECT s.${ident(ROW_ID)} AS id, ${expression} AS k FROM ${rowsReading(side, read)}`);
  return table;
}

/**
 * One key of a rule on one side, as SQL over the typed view `s`: the left key (a reference key's
 * first reference), or a plain key of either side. A reference key on the right is read through
 * rightReferenceTable / rightReferenceListTable instead.
 */
function sideKeyExpression(rule: MatchRule, key: MatchKey, cols: ColumnTyping[], side: Side, as: 'rows' | 'list' = 'rows'): string {
  return keyExpression(sideKeyColumn(rule, key, cols, side, as), key.normalisers ?? []);
}

/** The column sideKeyExpression reads. */
function sideKeyColumn(rule: MatchRule, key: MatchKey, cols: ColumnTyping[], side: Side, as: 'rows' | 'list' = 'rows'): ColumnTyping {
  return column(cols, side, key[side], `rule ${rule.id} ${as === 'list' ? 'named key' : 'key'}`);
}

type ReferenceShape = NonNullable<ReturnType<typeof referenceShape>>;

/**
 * A right reference key's statement columns (the key column, then `right_also`, the remittance
 * text) and shape; null for a key that is no reference key.
 */
function rightReferenceSources(rule: MatchRule, key: MatchKey, cols: ColumnTyping[], what = 'key'): { sources: ColumnTyping[]; shape: ReferenceShape } | null {
  const shape = referenceShape(key.normalisers ?? []);
  if (!shape) return null;
  const sources = [key.right, ...(key.right_also ?? [])].map((name) => column(cols, 'right', name, `rule ${rule.id} ${what}`));
  return { sources, shape };
}

/**
 * (id, ks): every reference of a shape in a statement line's columns, in one list. Made once per
 * run and column set. Texts repeat (a payer's reference on each of its payments, a remittance text
 * template), so each distinct text of each column is read once and joined back to its lines:
 * at 100k lines 51,711 distinct references for 85,744 lines.
 */
export async function rightReferenceListTable(db: Db, sources: ColumnTyping[], shape: ReferenceShape): Promise<string> {
  const table = runTableName('right_list', JSON.stringify([sources.map((c) => keySourceText(c)), shape]));
  if (await db.hasTempTable(table)) return table;
  // coalesce(text, '') as the join key: a NULL text reads as '' (referenceTokens reads it so too).
  const text = (c: ColumnTyping) => `coalesce(${keySourceText(c)}, '')`;
  const parts = sources.map(
    (c, i) => `t${i} AS (SELECT kalla_raw, ${referenceTokens('kalla_raw', shape)} AS toks FROM (SELECT DISTINCT ${text(c)} AS kalla_raw FROM ${rowsReading('right', [c])}))`,
  );
  await db.exec(`CREATE TEMP TABLE ${table} AS WITH ${parts.join(', ')}
    SELECT s.${ident(ROW_ID)} AS id, list_distinct(flatten([${sources.map((_, i) => `t${i}.toks`).join(', ')}])) AS ks
    FROM ${rowsReading('right', sources)} ${sources.map((c, i) => `JOIN t${i} ON t${i}.kalla_raw = ${text(c)}`).join(' ')}`);
  return table;
}

/**
 * (id, k): every reference of a shape in the statement columns, one row each (`unnest`): a bank
 * line naming three invoices can meet each of them; a line naming none has no row. The scored
 * model and the reference rules ask for the same columns, so the statement is read once for both.
 */
export async function rightReferenceTable(db: Db, sources: ColumnTyping[], shape: ReferenceShape): Promise<string> {
  const lists = await rightReferenceListTable(db, sources, shape);
  const table = runTableName('right', lists);
  await db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${table} AS SELECT id, unnest(ks) AS k FROM ${lists}`);
  return table;
}

/** Key equality between l and r (all keys, NULL never equal). */
export function keysEqual(rule: MatchRule, l = 'l', r = 'r'): string {
  return rule.keys.map((_, i) => `${l}.k${i} = ${r}.k${i}`).join(' AND ');
}

/** Rows in this rule's groups are no longer available to later rules (nor in the kept working tables). */
export async function consumeGroups(db: Db, ruleIdx: number): Promise<void> {
  for (const side of ['left', 'right'] as const) {
    await db.exec(`CREATE OR REPLACE TEMP TABLE newly_used AS SELECT unnest(${side}_ids) AS id FROM gtmp WHERE rule_idx = ${ruleIdx}`);
    await db.exec(`INSERT INTO used_${side} SELECT id FROM newly_used`);
    // Rebuilding the (shrinking) working table costs less than deleting most of its rows.
    await db.exec(`CREATE OR REPLACE TEMP TABLE w_${side} AS SELECT * FROM w_${side} w WHERE NOT EXISTS (SELECT 1 FROM newly_used n WHERE n.id = w.id)`);
  }
}

/** Score 1 = exact; half the weight on the relative amount delta, half on the date delta (a month = 0). */
export function scoreExpression(da: string, dd: string, amount: string): string {
  return `round(greatest(0.0, 1.0 - 0.5 * least(1.0, CAST(${da} AS DOUBLE) / greatest(abs(CAST(${amount} AS DOUBLE)), 1.0)) - 0.5 * least(1.0, ${dd} / 31.0)), 4)`;
}
