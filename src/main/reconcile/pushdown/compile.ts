/**
 * A hand recipe compiled to SQL that runs inside another database (issue 30): PostgreSQL, where
 * `kalla recon` executes it (postgres.ts), and Trino / Spark SQL, printed by `--emit-sql` for a
 * data team to schedule (not executed here).
 *
 * The statements follow the local engine's phases (run.ts, matching/working.ts, one-to-one.ts,
 * groups.ts, reversals.ts) with the same order and ties, so the same sources give the same groups:
 *  - scope per side (the recipe's filters) and the rows each rule may still use;
 *  - per rule the working rows: normalised keys, amount (sign-flipped when asked), date, content hash;
 *  - 1:1: candidates within the keys, tolerances and date window; pairs that are alone taken first;
 *    the contested ones in mutual-best rounds in the total order (amount delta, date delta, content
 *    hash, row id), which equals the local greedy pass; ties between rows of different content make
 *    the pair ambiguous (only suggested, or left to a person when the rule only suggests);
 *  - N:M: groups by key whose sums agree and whose dates lie within the window;
 *  - 1:N / N:1 by key: one record and the ≥ 2 records sharing its key, sums within tolerance;
 *  - the run-wide guard: an automatic group whose statement line has a free mirror line
 *    (the opposite amount) becomes a suggestion.
 *
 * What SQL here does not express is refused by name, never dropped: the learned cash-application
 * model, references read in free text, counterparty names folded as banks write them, text
 * similarity, and the bounded subset search of 1:N / N:1 when a key is absent.
 */
import type { KeyNormaliser, MatchRule, Recipe } from '../../../shared/reconcile/recipe';
import type { ColumnTyping, Side } from '../../../shared/reconcile/sources-and-runs';
import { ReconError } from '../../errors';
import { amountWithin, column, filtersWhere, withinDateWindow, type SideColumns } from '../engine/recipe-sql';
import { lit } from '../engine/sql';

export type PushdownDialect = 'postgres' | 'trino' | 'spark';
export const PUSHDOWN_DIALECTS: readonly PushdownDialect[] = ['postgres', 'trino', 'spark'];

/** Where a side's rows come from: a table (schema.table) or a query, as SQL text for FROM. */
export interface PushdownSource {
  relation: string;
  columns: ColumnTyping[];
}

/** One statement list per phase; `round` repeats until `roundCount` returns 0 (1:1 contested pairs). */
export interface RuleStatements {
  rule: MatchRule;
  before: string[];
  round: string[];
  /** SELECT count(*) of the pairs the last round accepted; the round repeats while it is > 0 and `remaining` > 0. */
  roundCount: string;
  remaining: string;
  after: string[];
}

export interface CompiledRecipe {
  dialect: PushdownDialect;
  setup: string[];
  rules: RuleStatements[];
  finish: string[];
  /** Result tables the run leaves in the database. */
  results: { matched: string; exceptionsLeft: string; exceptionsRight: string };
}

/** The SQL spelling of each dialect for the few things the three write differently. */
interface Dialect {
  id(name: string): string;
  text: string;
  bigint: string;
  temp: string;
  days(a: string, b: string): string;
  regexReplaceAll(x: string, pattern: string, replacement: string): string;
  regexFirst(x: string, pattern: string, hasGroup: boolean): string;
  rowHash(alias: string, columns: ColumnTyping[]): string;
  idList(expr: string): string;
  single(expr: string): string;
  /** FROM-clause addition that makes `alias.id` one row per element of `array`. */
  unnestJoin(array: string, alias: string): string;
  /** The first element of an array. */
  first(array: string): string;
  /** Statements that give the planner a work table's statistics (PostgreSQL never analyses TEMP tables itself). */
  analyze(table: string): string[];
}

const quoteDouble = (name: string) => {
  if (name.includes('\0')) throw new Error(`identifier contains a NUL byte: ${JSON.stringify(name)}`);
  return `"${name.replace(/"/g, '""')}"`;
};

const DIALECTS: Record<PushdownDialect, Dialect> = {
  postgres: {
    id: quoteDouble,
    text: 'VARCHAR',
    bigint: 'BIGINT',
    temp: 'TEMP ',
    days: (a, b) => `abs(${b} - ${a})`,
    regexReplaceAll: (x, p, r) => `regexp_replace(${x}, ${lit(p)}, ${lit(r)}, 'g')`,
    regexFirst: (x, p) => `(regexp_match(${x}, ${lit(p)}))[1]`,
    rowHash: (alias, cols) => `md5(concat_ws('|', ${cols.map((c) => `CAST(${alias}.${quoteDouble(c.name)} AS VARCHAR)`).join(', ') || "''"}))`,
    idList: (e) => `array_agg(${e} ORDER BY ${e})`,
    single: (e) => `ARRAY[${e}]`,
    unnestJoin: (array, alias) => `CROSS JOIN unnest(${array}) AS ${alias}(id)`,
    first: (a) => `${a}[1]`,
    analyze: (t) => [`ANALYZE ${t}`],
  },
  trino: {
    id: quoteDouble,
    text: 'VARCHAR',
    bigint: 'BIGINT',
    temp: '',
    days: (a, b) => `abs(date_diff('day', ${a}, ${b}))`,
    regexReplaceAll: (x, p, r) => `regexp_replace(${x}, ${lit(p)}, ${lit(r)})`,
    regexFirst: (x, p, g) => `regexp_extract(${x}, ${lit(p)}, ${g ? 1 : 0})`,
    rowHash: (alias, cols) => `to_hex(md5(to_utf8(concat_ws('|', ${cols.map((c) => `CAST(${alias}.${quoteDouble(c.name)} AS VARCHAR)`).join(', ') || "''"}))))`,
    idList: (e) => `array_agg(${e} ORDER BY ${e})`,
    single: (e) => `ARRAY[${e}]`,
    unnestJoin: (array, alias) => `CROSS JOIN UNNEST(${array}) AS ${alias}(id)`,
    first: (a) => `element_at(${a}, 1)`,
    analyze: () => [],
  },
  spark: {
    id: (name) => `\`${name.replace(/`/g, '``')}\``,
    text: 'STRING',
    bigint: 'BIGINT',
    temp: '',
    days: (a, b) => `abs(datediff(${b}, ${a}))`,
    regexReplaceAll: (x, p, r) => `regexp_replace(${x}, ${lit(p)}, ${lit(r)})`,
    regexFirst: (x, p, g) => `regexp_extract(${x}, ${lit(p)}, ${g ? 1 : 0})`,
    rowHash: (alias, cols) => `md5(concat_ws('|', ${cols.map((c) => `CAST(${alias}.\`${c.name.replace(/`/g, '``')}\` AS STRING)`).join(', ') || "''"}))`,
    idList: (e) => `array_sort(collect_list(${e}))`,
    single: (e) => `array(${e})`,
    unnestJoin: (array, alias) => `LATERAL VIEW explode(${array}) ${alias} AS id`,
    first: (a) => `${a}[0]`,
    analyze: () => [],
  },
};

function hasCaptureGroup(pattern: string): boolean {
  return /\((?!\?)/.test(pattern.replace(/\\\\|\\\(/g, ''));
}

/** Why a recipe part cannot run as plain SQL, or null when it can. */
export function notPushable(rule: MatchRule): string | null {
  if (rule.model) {
    return `rule "${rule.id}" is a learned cash-application model (candidates scored by weights estimated from the run's own data, assigned one to one); it runs only in the local engine. Run it locally, or replace it by keyed rules for the push-down`;
  }
  for (const k of rule.keys) {
    for (const n of k.normalisers ?? []) {
      if (n.kind === 'reference') return `rule "${rule.id}" reads references in free text (the "reference" normaliser on ${k.left} / ${k.right}); the push-down compares whole key values only. Run it locally, or key on a column that holds the reference alone`;
      if (n.kind === 'name') return `rule "${rule.id}" folds counterparty names as banks write them (the "name" normaliser on ${k.left} / ${k.right}); that folding runs only in the local engine`;
    }
    if ((k.right_also ?? []).length > 0) return `rule "${rule.id}" reads its key from several right columns (right_also); the push-down reads one column per key`;
  }
  if (rule.payer_unknown) {
    return `rule "${rule.id}" keeps to statement lines that name no customer (payer_unknown), which folds names as banks write them; that runs only in the local engine`;
  }
  if (rule.collection) {
    return `rule "${rule.id}" is a collection (every open item due on one day adding up to one statement line, returned items taken out again); it runs only in the local engine`;
  }
  if (rule.amount?.differences?.withheld) {
    return `rule "${rule.id}" accepts a tax withheld on ${rule.amount.differences.withheld.column} (amount.differences.withheld); the push-down compares amounts and fixed or percentage differences only. Run it locally, or drop the withholding`;
  }
  if (rule.description) return `rule "${rule.id}" compares description similarity (token Jaccard); the push-down does not compute it. Run it locally, or drop the description check`;
  if ((rule.cardinality === '1:N' || rule.cardinality === 'N:1') && rule.keys.length === 0) {
    return `rule "${rule.id}" is ${rule.cardinality} without a key: it needs the bounded subset search, which runs only in the local engine`;
  }
  return null;
}

/**
 * A 1:N / N:1 rule with keys runs in the local engine as groups by key, then a bounded subset search
 * for the records still open. The push-down runs the groups by key only, so such a rule is accepted
 * only when the caller says so (`keyedGroupsOnly`): the difference is named, not silent.
 */
export const SUBSET_SEARCH_NOTE = 'the push-down forms 1:N / N:1 groups by key only; the local engine then also searches subsets of up to 6 records for the records still open';

interface Names {
  src: (s: Side) => string;
  scope: (s: Side) => string;
  used: (s: Side) => string;
  w: (s: Side) => string;
  t: (name: string) => string;
}

export interface CompileOptions {
  /** Schema (or database) the result tables are written to; none: the session's default. */
  resultsSchema?: string;
  /** Prefix of the working tables (dropped at the end). */
  workPrefix?: string;
}

/** What every phase of one compilation reads: the recipe, its columns, the dialect and the table names. */
interface Compiling {
  recipe: Recipe;
  sources: Record<Side, PushdownSource>;
  columns: SideColumns;
  d: Dialect;
  n: Names;
  rowId: string;
  /** DROP and CREATE [TEMP] TABLE name AS select. */
  create(name: string, select: string): string[];
}

const DEC = 'DECIMAL(18, 6)';

export function compileRecipe(recipe: Recipe, sources: Record<Side, PushdownSource>, dialect: PushdownDialect, opts: CompileOptions = {}): CompiledRecipe {
  const d = DIALECTS[dialect];
  for (const rule of recipe.rules) {
    const why = notPushable(rule);
    if (why) throw new ReconError('not_pushable', `${why}.`, { rule: rule.id, dialect });
  }
  const prefix = opts.workPrefix ?? 'kalla_w_';
  const c: Compiling = {
    recipe,
    sources,
    columns: { left: sources.left.columns, right: sources.right.columns },
    d,
    n: {
      src: (s) => `${prefix}src_${s}`,
      scope: (s) => `${prefix}scope_${s}`,
      used: (s) => `${prefix}used_${s}`,
      w: (s) => `${prefix}${s}`,
      t: (name) => `${prefix}${name}`,
    },
    rowId: d.id('__row_id'),
    create: (name, select) => [`DROP TABLE IF EXISTS ${name}`, `CREATE ${d.temp}TABLE ${name} AS ${select}`],
  };
  const resultName = (name: string) => (opts.resultsSchema ? `${d.id(opts.resultsSchema)}.${d.id(name)}` : d.id(name));
  const results = { matched: resultName('kalla_matched'), exceptionsLeft: resultName('kalla_exceptions_left'), exceptionsRight: resultName('kalla_exceptions_right') };
  // The previous rule's working-row columns per side: a rule that reads the same keys, amount and
  // date keeps those rows minus the used ones instead of normalising every source row again.
  const previousWork: Partial<Record<Side, string>> = {};
  const rules = recipe.rules.map((rule, idx) => ruleStatements(c, rule, idx, previousWork));
  return { dialect, setup: setupStatements(c), rules, finish: finishStatements(c, results), results };
}

function amountSql(d: Dialect, c: ColumnTyping, negate: boolean): string {
  const x = `s.${d.id(c.name)}`;
  return `CAST(${negate ? `-(${x})` : x} AS ${DEC})`;
}

function keySql(d: Dialect, c: ColumnTyping, normalisers: KeyNormaliser[]): string {
  const colx = `s.${d.id(c.name)}`;
  const trunc = normalisers.find((x) => x.kind === 'date_trunc');
  let x: string;
  if (trunc && trunc.kind === 'date_trunc') x = `CAST(CAST(date_trunc(${lit(trunc.unit)}, CAST(${colx} AS DATE)) AS DATE) AS ${d.text})`;
  else if (c.type === 'date' || c.type === 'timestamp') x = `CAST(CAST(${colx} AS DATE) AS ${d.text})`;
  else x = `CAST(${colx} AS ${d.text})`;
  for (const k of normalisers) {
    switch (k.kind) {
      case 'trim': x = `trim(${x})`; break;
      case 'casefold': x = `lower(${x})`; break;
      case 'alnum': x = d.regexReplaceAll(x, '[^A-Za-z0-9]', ''); break;
      case 'digits': x = `trim(LEADING '0' FROM ${d.regexReplaceAll(x, '[^0-9]', '')})`; break;
      case 'regex': x = d.regexFirst(x, k.pattern, hasCaptureGroup(k.pattern)); break;
      default: break;
    }
  }
  return `nullif(${x}, '')`;
}

/** Scope per side (the recipe's filters, with the primary amount), the used rows, and the empty notes and groups. */
function setupStatements({ recipe, sources, columns, d, n, rowId, create }: Compiling): string[] {
  const setup: string[] = [];
  for (const side of ['left', 'right'] as const) {
    const cols = columns[side];
    setup.push(...create(n.src(side), `SELECT row_number() OVER () AS ${rowId}, t.* FROM ${sources[side].relation} t`));
    const primary = recipe.rules.find((r) => r.amount)?.amount?.[side];
    const amt0 = primary ? amountSql(d, column(cols, side, primary, 'amount'), false) : `CAST(NULL AS ${DEC})`;
    setup.push(...create(n.scope(side), `SELECT s.${rowId} AS id, ${amt0} AS amt0 FROM ${n.src(side)} s WHERE ${filtersWhere(recipe, cols, side)}`));
    setup.push(...d.analyze(n.scope(side)));
    // Used rows with the group they went to (the mirror guard reads them from a few free lines).
    setup.push(...create(n.used(side), `SELECT CAST(NULL AS ${d.bigint}) AS id, CAST(NULL AS ${d.bigint}) AS gk FROM ${n.scope(side)} WHERE 1 = 0`));
  }
  // Rows that had a candidate and lost it, or were ambiguous, per rule: the exceptions' reasons.
  setup.push(...create(n.t('notes'), `SELECT CAST(NULL AS ${d.text}) AS side, CAST(NULL AS ${d.bigint}) AS id, 0 AS rule_idx, CAST(NULL AS ${d.text}) AS reason FROM ${n.scope('left')} WHERE 1 = 0`));
  setup.push(
    ...create(
      n.t('groups'),
      `SELECT 0 AS rule_idx, CAST(NULL AS ${d.text}) AS rule_id, CAST(NULL AS ${d.text}) AS cardinality, CAST(NULL AS ${d.text}) AS status, CAST(NULL AS ${d.bigint}) AS gk,
        ${d.single(`CAST(NULL AS ${d.bigint})`)} AS left_ids, ${d.single(`CAST(NULL AS ${d.bigint})`)} AS right_ids,
        CAST(NULL AS DECIMAL(38, 6)) AS amount_left, CAST(NULL AS DECIMAL(38, 6)) AS amount_right, 0 AS date_delta_days FROM ${n.scope('left')} WHERE 1 = 0`,
    ),
  );
  return setup;
}

/** One rule: its working rows, the statements of its cardinality, and its rows marked used. */
function ruleStatements(c: Compiling, rule: MatchRule, idx: number, previousWork: Partial<Record<Side, string>>): RuleStatements {
  const { d, n } = c;
  const before = workingRowStatements(c, rule, previousWork);
  const phases: Omit<RuleStatements, 'rule'> =
    rule.cardinality === '1:1' ? oneToOneStatements(c, rule, idx) : { before: [], round: [], roundCount: 'SELECT 0', remaining: 'SELECT 0', after: [rule.cardinality === 'N:M' ? manyToManyStatement(c, rule, idx) : oneToManyStatement(c, rule, idx)] };
  const after = [...phases.after];
  // Rows in this rule's groups are no longer available to later rules (a 1:1 group holds one id a side).
  for (const side of ['left', 'right'] as const) {
    if (rule.cardinality === '1:1') after.push(`INSERT INTO ${n.used(side)} SELECT ${d.first(`g.${side}_ids`)}, g.gk FROM ${n.t('groups')} g WHERE g.rule_idx = ${idx}`);
    else after.push(`INSERT INTO ${n.used(side)} SELECT u.id, g.gk FROM ${n.t('groups')} g ${d.unnestJoin(`g.${side}_ids`, 'u')} WHERE g.rule_idx = ${idx}`);
  }
  return { rule, before: [...before, ...phases.before], round: phases.round, roundCount: phases.roundCount, remaining: phases.remaining, after };
}

/** Per side the rule's working rows: normalised keys, amount (sign-flipped when asked) and date of the rows still free. */
function workingRowStatements({ recipe, columns, d, n, rowId, create }: Compiling, rule: MatchRule, previousWork: Partial<Record<Side, string>>): string[] {
  const before: string[] = [];
  for (const side of ['left', 'right'] as const) {
    const cols = columns[side];
    const keys = rule.keys.map((k, i) => `${keySql(d, column(cols, side, k[side], `rule ${rule.id} key`), k.normalisers ?? [])} AS k${i}`);
    const amt = rule.amount ? amountSql(d, column(cols, side, rule.amount[side], `rule ${rule.id} amount`), side === 'right' && rule.amount.flip_sign) : `CAST(NULL AS ${DEC})`;
    const dt = rule.date ? `CAST(s.${d.id(column(cols, side, rule.date[side], `rule ${rule.id} date`).name)} AS DATE)` : 'CAST(NULL AS DATE)';
    const selectList = [...keys, `${amt} AS amt`, `${dt} AS dt`].join(', ');
    if (previousWork[side] === selectList) {
      before.push(
        ...create(`${n.w(side)}_next`, `SELECT w.* FROM ${n.w(side)} w WHERE NOT EXISTS (SELECT 1 FROM ${n.used(side)} u WHERE u.id = w.id)`),
        `DROP TABLE IF EXISTS ${n.w(side)}`,
        `ALTER TABLE ${n.w(side)}_next RENAME TO ${n.w(side)}`,
      );
    } else {
      before.push(
        ...create(
          n.w(side),
          `SELECT s.${rowId} AS id, ${selectList}
           FROM ${n.src(side)} s WHERE ${filtersWhere(recipe, cols, side)}
             AND NOT EXISTS (SELECT 1 FROM ${n.used(side)} u WHERE u.id = s.${rowId})`,
        ),
      );
    }
    previousWork[side] = selectList;
    before.push(...d.analyze(n.w(side)));
  }
  return before;
}

const keysEq = (rule: MatchRule, l: string, r: string) => rule.keys.map((_, i) => `${l}.k${i} = ${r}.k${i}`).join(' AND ');
const keyCols = (rule: MatchRule) => rule.keys.map((_, i) => `k${i}`).join(', ');
const groupStatus = (rule: MatchRule) => (rule.auto_confirm ? `'auto'` : `'suggested'`);

/**
 * 1:1: candidates within the keys, tolerances and date window; pairs alone on both sides first,
 * then mutual-best rounds over the contested ones; ambiguous pairs and the rows that lost noted.
 */
function oneToOneStatements(c: Compiling, rule: MatchRule, idx: number): Omit<RuleStatements, 'rule'> {
  const { columns, d, n, rowId, create } = c;
  const before: string[] = [];
  const conditions: string[] = [];
  if (rule.amount) conditions.push(amountWithin(rule, 'l.amt', 'r.amt'));
  if (rule.date) conditions.push(withinDateWindow(rule, d.days('l.dt', 'r.dt')));
  let join: string;
  if (rule.keys.length > 0) join = keysEq(rule, 'l', 'r');
  else {
    const t = rule.amount!;
    const pct = (t.tolerance_pct ?? 0) / 100;
    join = pct >= 1 ? '1 = 1' : `r.amt BETWEEN l.amt - (${t.tolerance_abs ?? 0} + ${pct} * (abs(l.amt) + ${t.tolerance_abs ?? 0}) / ${1 - pct} + 0.000001) AND l.amt + (${t.tolerance_abs ?? 0} + ${pct} * (abs(l.amt) + ${t.tolerance_abs ?? 0}) / ${1 - pct} + 0.000001)`;
  }
  before.push(
    ...create(
      n.t('cand0'),
      `SELECT l.id AS lid, r.id AS rid, l.amt AS la, r.amt AS ra,
         coalesce(abs(l.amt - r.amt), 0) AS da, CAST(coalesce(${d.days('l.dt', 'r.dt')}, 0) AS INTEGER) AS dd
       FROM ${n.w('left')} l JOIN ${n.w('right')} r ON ${join}${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}`,
    ),
  );
  before.push(...d.analyze(n.t('cand0')));
  // A pair whose rows have no other candidate is mutual-best in any order; the rest (a row with
  // two or more candidates on either side) is contested.
  before.push(...create(n.t('multi_l'), `SELECT lid FROM ${n.t('cand0')} GROUP BY lid HAVING count(*) > 1`));
  before.push(...create(n.t('multi_r'), `SELECT rid FROM ${n.t('cand0')} GROUP BY rid HAVING count(*) > 1`));
  before.push(...d.analyze(n.t('multi_l')), ...d.analyze(n.t('multi_r')));
  before.push(
    ...create(
      n.t('pairs'),
      `SELECT c.lid, c.rid, c.la, c.ra, c.da, c.dd FROM ${n.t('cand0')} c
       WHERE NOT EXISTS (SELECT 1 FROM ${n.t('multi_l')} m WHERE m.lid = c.lid)
         AND NOT EXISTS (SELECT 1 FROM ${n.t('multi_r')} m WHERE m.rid = c.rid)`,
    ),
  );
  // The content hash breaks ties between contested candidates only: computed for those rows alone.
  before.push(
    ...create(
      n.t('contested'),
      `SELECT c.*, ${d.rowHash('sl', columns.left)} AS lh, ${d.rowHash('sr', columns.right)} AS rh FROM (
         SELECT c.* FROM ${n.t('cand0')} c WHERE c.lid IN (SELECT lid FROM ${n.t('multi_l')})
         UNION ALL
         SELECT c.* FROM ${n.t('cand0')} c WHERE c.rid IN (SELECT rid FROM ${n.t('multi_r')}) AND c.lid NOT IN (SELECT lid FROM ${n.t('multi_l')})) c
       JOIN ${n.src('left')} sl ON sl.${rowId} = c.lid JOIN ${n.src('right')} sr ON sr.${rowId} = c.rid`,
    ),
  );
  before.push(...create(n.t('cand'), `SELECT * FROM ${n.t('contested')}`));
  // One round: every pair that is the best for its left row and for its right row.
  const round = [
    ...create(
      n.t('newp'),
      `SELECT lid, rid, la, ra, da, dd FROM (
         SELECT c.*, row_number() OVER (PARTITION BY lid ORDER BY da, dd, rh, rid) AS best_for_l,
           row_number() OVER (PARTITION BY rid ORDER BY da, dd, lh, lid) AS best_for_r
         FROM ${n.t('cand')} c) x
       WHERE best_for_l = 1 AND best_for_r = 1`,
    ),
    `INSERT INTO ${n.t('pairs')} SELECT lid, rid, la, ra, da, dd FROM ${n.t('newp')}`,
    ...create(
      n.t('cand_next'),
      `SELECT c.* FROM ${n.t('cand')} c
       WHERE NOT EXISTS (SELECT 1 FROM ${n.t('newp')} p WHERE p.lid = c.lid) AND NOT EXISTS (SELECT 1 FROM ${n.t('newp')} p WHERE p.rid = c.rid)`,
    ),
    `DROP TABLE IF EXISTS ${n.t('cand')}`,
    `ALTER TABLE ${n.t('cand_next')} RENAME TO ${n.t('cand')}`,
  ];
  return { before, round, roundCount: `SELECT count(*) FROM ${n.t('newp')}`, remaining: `SELECT count(*) FROM ${n.t('cand')}`, after: oneToOneGroupStatements(c, rule, idx) };
}

/** After the rounds: the pairs as groups (an ambiguous one only suggested), and why the other contested rows stayed open. */
function oneToOneGroupStatements({ d, n, create }: Compiling, rule: MatchRule, idx: number): string[] {
  const after: string[] = [];
  // Ambiguous: a row of the chosen pair had another candidate as good whose content differs.
  // A pair alone on both sides has no other candidate, so only the contested rows are read.
  const window = rule.auto_confirm ? 0 : 7;
  after.push(
    ...create(
      n.t('amb'),
      `SELECT DISTINCT me.lid, me.rid, c.lid AS other_l, c.rid AS other_r FROM (SELECT c.* FROM ${n.t('contested')} c JOIN ${n.t('pairs')} p ON p.lid = c.lid AND p.rid = c.rid) me
         JOIN ${n.t('contested')} c ON c.lid = me.lid AND c.da = me.da
       WHERE c.rid <> me.rid AND c.rh <> me.rh AND abs(c.dd - me.dd) <= ${window}
       UNION
       SELECT me.lid, me.rid, c.lid, c.rid FROM (SELECT c.* FROM ${n.t('contested')} c JOIN ${n.t('pairs')} p ON p.lid = c.lid AND p.rid = c.rid) me
         JOIN ${n.t('contested')} c ON c.rid = me.rid AND c.da = me.da
       WHERE c.lid <> me.lid AND c.lh <> me.lh AND abs(c.dd - me.dd) <= ${window}`,
    ),
  );
  const pairStatus = rule.auto_confirm ? `CASE WHEN a.lid IS NULL THEN 'auto' ELSE 'suggested' END` : `'suggested'`;
  after.push(
    `INSERT INTO ${n.t('groups')} SELECT ${idx}, ${lit(rule.id)}, '1:1', ${pairStatus}, p.lid, ${d.single('p.lid')}, ${d.single('p.rid')}, p.la, p.ra, p.dd
     FROM ${n.t('pairs')} p LEFT JOIN (SELECT DISTINCT lid, rid FROM ${n.t('amb')}) a ON a.lid = p.lid AND a.rid = p.rid
     ${rule.auto_confirm ? '' : 'WHERE a.lid IS NULL'}`,
  );
  if (!rule.auto_confirm) {
    after.push(`INSERT INTO ${n.t('notes')} SELECT 'left', lid, ${idx}, 'ambiguous_candidates' FROM ${n.t('amb')} UNION SELECT 'left', other_l, ${idx}, 'ambiguous_candidates' FROM ${n.t('amb')}`);
    after.push(`INSERT INTO ${n.t('notes')} SELECT 'right', rid, ${idx}, 'ambiguous_candidates' FROM ${n.t('amb')} UNION SELECT 'right', other_r, ${idx}, 'ambiguous_candidates' FROM ${n.t('amb')}`);
  }
  // Rows that had a candidate but stayed unmatched lost it to a better pair (typically duplicates).
  after.push(`INSERT INTO ${n.t('notes')} SELECT DISTINCT 'left', lid, ${idx}, 'duplicate_candidate' FROM ${n.t('contested')} c WHERE NOT EXISTS (SELECT 1 FROM ${n.t('pairs')} p WHERE p.lid = c.lid)`);
  after.push(`INSERT INTO ${n.t('notes')} SELECT DISTINCT 'right', rid, ${idx}, 'duplicate_candidate' FROM ${n.t('contested')} c WHERE NOT EXISTS (SELECT 1 FROM ${n.t('pairs')} p WHERE p.rid = c.rid)`);
  return after;
}

/** N:M: groups by key whose sums agree and whose dates lie within the window. */
function manyToManyStatement({ d, n }: Compiling, rule: MatchRule, idx: number): string {
  const dd = rule.date ? `CAST(coalesce(greatest(${d.days('lg.dmax', 'rg.dmin')}, ${d.days('rg.dmax', 'lg.dmin')}), 0) AS INTEGER)` : '0';
  const grouped = (side: Side) =>
    `SELECT ${keyCols(rule)}, sum(amt) AS total, min(dt) AS dmin, max(dt) AS dmax, ${d.idList('id')} AS ids, min(id) AS gk FROM ${n.w(side)} WHERE amt IS NOT NULL GROUP BY ${keyCols(rule)}`;
  return `INSERT INTO ${n.t('groups')} SELECT ${idx}, ${lit(rule.id)}, 'N:M', ${groupStatus(rule)}, lg.gk, lg.ids, rg.ids, lg.total, rg.total, ${dd}
     FROM (${grouped('left')}) lg JOIN (${grouped('right')}) rg ON ${keysEq(rule, 'lg', 'rg')}
     WHERE ${amountWithin(rule, 'lg.total', 'rg.total')}${rule.date ? ` AND ${withinDateWindow(rule, dd)}` : ''}`;
}

/** 1:N / N:1 by key: one record alone on its side with ≥ 2 records sharing its key on the other. */
function oneToManyStatement({ d, n }: Compiling, rule: MatchRule, idx: number): string {
  const one: Side = rule.cardinality === 'N:1' ? 'right' : 'left';
  const many: Side = one === 'left' ? 'right' : 'left';
  const ddOf = (a: string, b: string) => (rule.date ? d.days(a, b) : '0');
  const dd = `CAST(coalesce(greatest(${ddOf('og.odt', 'mg.dmin')}, ${ddOf('og.odt', 'mg.dmax')}), 0) AS INTEGER)`;
  const within = one === 'left' ? amountWithin(rule, 'og.oamt', 'mg.total') : amountWithin(rule, 'mg.total', 'og.oamt');
  const [leftIds, rightIds, amountLeft, amountRight, gk] =
    one === 'left' ? [d.single('og.oid'), 'mg.ids', 'og.oamt', 'mg.total', 'og.oid'] : ['mg.ids', d.single('og.oid'), 'mg.total', 'og.oamt', 'mg.gk'];
  const keys = keyCols(rule);
  return `INSERT INTO ${n.t('groups')} SELECT ${idx}, ${lit(rule.id)}, ${lit(rule.cardinality)}, ${groupStatus(rule)}, ${gk}, ${leftIds}, ${rightIds}, ${amountLeft}, ${amountRight}, ${dd}
     FROM (SELECT ${keys}, min(id) AS oid, min(amt) AS oamt, min(dt) AS odt FROM ${n.w(one)} GROUP BY ${keys} HAVING count(*) = 1) og
     JOIN (SELECT ${keys}, sum(amt) AS total, min(dt) AS dmin, max(dt) AS dmax, ${d.idList('id')} AS ids, min(id) AS gk
           FROM ${n.w(many)} GROUP BY ${keys} HAVING count(*) >= 2 AND count(amt) = count(*)) mg ON ${keysEq(rule, 'og', 'mg')}
     WHERE ${within}${rule.date ? ` AND ${withinDateWindow(rule, `greatest(${ddOf('og.odt', 'mg.dmin')}, ${ddOf('og.odt', 'mg.dmax')})`)}` : ''}`;
}

/** The run-wide mirror guard, then the result tables: the groups and each side's exceptions with their reason. */
function finishStatements({ d, n, rowId, create }: Compiling, results: CompiledRecipe['results']): string[] {
  const finish: string[] = [...d.analyze(n.t('groups')), ...d.analyze(n.used('left')), ...d.analyze(n.used('right'))];
  // The run-wide guard: a statement line mirrored by a free line of the opposite amount may have been returned.
  // Read from the few free lines: their opposite amounts, the used lines holding them, those lines' groups.
  finish.push(
    ...create(
      n.t('mirror'),
      `SELECT gk, rid, mid FROM (
         SELECT u.gk, s.id AS rid, f.id AS mid, row_number() OVER (PARTITION BY f.id ORDER BY s.id) AS rn
         FROM (SELECT s2.id, s2.amt0 FROM ${n.scope('right')} s2 WHERE s2.amt0 IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${n.used('right')} u2 WHERE u2.id = s2.id)) f
         JOIN ${n.scope('right')} s ON s.amt0 = -f.amt0
         JOIN ${n.used('right')} u ON u.id = s.id
         JOIN ${n.t('groups')} g ON g.gk = u.gk AND g.status = 'auto'
         WHERE s.amt0 IS NOT NULL AND s.amt0 <> 0) x
       WHERE rn = 1`,
    ),
  );
  finish.push(`DROP TABLE IF EXISTS ${results.matched}`);
  finish.push(
    `CREATE TABLE ${results.matched} AS
     SELECT g.gk AS group_id, g.rule_id, g.cardinality,
       CASE WHEN g.status = 'auto' AND m.gk IS NOT NULL THEN 'suggested' ELSE g.status END AS status,
       g.left_ids, g.right_ids, g.amount_left, g.amount_right, g.amount_left - g.amount_right AS amount_delta, g.date_delta_days,
       CASE WHEN m.gk IS NOT NULL THEN 'a statement line of the opposite amount may be its return: check before booking' END AS note
     FROM ${n.t('groups')} g LEFT JOIN (SELECT DISTINCT gk FROM ${n.t('mirror')}) m ON m.gk = g.gk`,
  );
  for (const side of ['left', 'right'] as const) {
    const table = side === 'left' ? results.exceptionsLeft : results.exceptionsRight;
    finish.push(`DROP TABLE IF EXISTS ${table}`);
    finish.push(
      `CREATE TABLE ${table} AS
       SELECT s.*, coalesce(nt.reason, 'no_match') AS kalla_reason
       FROM ${n.src(side)} s JOIN (SELECT sc.id FROM ${n.scope(side)} sc WHERE NOT EXISTS (SELECT 1 FROM ${n.used(side)} u WHERE u.id = sc.id)) sc ON sc.id = s.${rowId}
       LEFT JOIN (SELECT id, reason FROM (SELECT id, reason, row_number() OVER (PARTITION BY id ORDER BY rule_idx, reason) AS rn FROM ${n.t('notes')} WHERE side = '${side}') x WHERE rn = 1) nt ON nt.id = s.${rowId}`,
    );
  }
  return finish;
}

/** Working tables the compiled statements create (dropped after a run). */
export function workTables(opts: CompileOptions = {}): string[] {
  const prefix = opts.workPrefix ?? 'kalla_w_';
  return ['src_left', 'src_right', 'scope_left', 'scope_right', 'used_left', 'used_right', 'left', 'right', 'left_next', 'right_next', 'notes', 'groups', 'cand0', 'multi_l', 'multi_r', 'pairs', 'contested', 'cand', 'newp', 'cand_next', 'amb', 'mirror'].map((t) => `${prefix}${t}`);
}

/**
 * The whole recipe as one script for a dialect that is not executed here (Trino, Spark SQL): each
 * 1:1 rule's contested pairs get one mutual-best round (exact when no chain of rows contests the
 * same partners; run the round's statements again until it accepts nothing, as kalla does in
 * PostgreSQL), and the working tables are dropped at the end.
 */
export function emitScript(compiled: CompiledRecipe, opts: CompileOptions = {}): string {
  const parts: string[] = [...compiled.setup];
  for (const r of compiled.rules) parts.push(...r.before, ...r.round, ...r.after);
  parts.push(...compiled.finish, ...workTables(opts).map((t) => `DROP TABLE IF EXISTS ${t}`));
  return `${parts.map((s) => `${s.replace(/\n\s+/g, '\n  ').trim()};`).join('\n')}\n`;
}

/** A dotted table name (`catalog.schema.table`) quoted for a dialect. */
export function quoteTableName(dialect: PushdownDialect, name: string): string {
  return name.split('.').map((p) => DIALECTS[dialect].id(p)).join('.');
}

/**
 * The columns a recipe names on one side, typed by their role (amounts are numbers, dates are
 * dates, the rest text): what `--emit-sql` knows of a table it never reads. The content hash that
 * breaks ties then covers these columns only.
 */
export function recipeColumns(recipe: Recipe, side: Side): ColumnTyping[] {
  const out = new Map<string, ColumnTyping>();
  const add = (name: string | undefined, type: ColumnTyping['type']) => {
    if (name && !out.has(name)) out.set(name, { name, type });
  };
  for (const r of recipe.rules) {
    add(r.amount?.[side], 'number');
    add(r.date?.[side], 'date');
  }
  for (const r of recipe.rules) for (const k of r.keys) add(k[side], k.normalisers?.some((x) => x.kind === 'date_trunc') ? 'date' : 'text');
  const alias = side === 'left' ? recipe.left.alias : recipe.right.alias;
  for (const f of recipe.filters) if (f.source === side || f.source === alias) add(f.column, typeof (Array.isArray(f.value) ? f.value[0] : f.value) === 'number' ? 'number' : 'text');
  return [...out.values()];
}
