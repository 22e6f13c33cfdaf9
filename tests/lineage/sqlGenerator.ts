// Deterministic generator of Trino view definitions for the differential test. It mixes the
// constructs that decide lineage — joins of every kind, comma joins, CTEs (chained, recursive,
// shadowing a table of the same name, nested), subqueries in FROM/WHERE/SELECT/ON, LATERAL,
// set operations, UNNEST and VALUES, quoted identifiers and comments, columns and aliases named
// by Trino's non-reserved keywords (LIMIT, OFFSET, FETCH, WINDOW; YEAR, DATE, VALUE, FIRST, RANGE…
// next to the clauses that use them as keywords), bracketed joins that start
// with a subquery — and, through `invalid()`, typo'd variants of those views. It does not compute
// the expected answer (or validity): the oracle (dt-sql-parser) does.

// The benches' seeded generator (mulberry32), so every run generates the same SQL.
import { mulberry32 } from '../../scripts/bench/worlds/mulberry32';

const TABLES = [
  'orders', 'customers', 'raw.orders', 'raw.payments', 'sales.order_lines', 'hive.web.sessions',
  'Finance.Invoices', '"Sales"."Order Lines"', '"weird.schema"."x y"', '"quo""ted"', 'iceberg.mart."Daily KPIs"',
  'events', 'staging.stg_events', 'a', 'b', 'recent', 'totals',
];
// CTE names deliberately overlap table names so shadowing is exercised.
const CTE_NAMES = ['recent', 'orders', 'totals', 'base', 'a', 'x1', '"Recent"'];
// Non-reserved in Trino, so legal names; they also open clauses, which is what makes them hard.
const KEYWORD_NAMES = ['limit', 'offset', 'fetch', 'window'];
// Non-reserved too, and keywords inside their own clauses (EXTRACT, INTERVAL, AT TIME ZONE, window
// frames, NULLS FIRST, FETCH FIRST … ROWS, JSON functions); columns everywhere else.
const CONTEXTUAL_NAMES = ['year', 'month', 'day', 'quarter', 'date', 'time', 'timestamp', 'zone', 'value', 'format', 'json',
  'first', 'last', 'range', 'rows', 'row', 'current', 'partition', 'default'];

/** Edits a user could make by mistake; each turns a valid view into (usually) invalid SQL. */
const TYPOS: ((sql: string, at: number) => string)[] = [
  (sql, at) => replaceNth(sql, ' FROM ', ' FORM ', at),
  (sql, at) => replaceNth(sql, ' FROM ', ', FROM ', at),
  (sql, at) => replaceNth(sql, 'SELECT id', 'SELECT', at),
  (sql, at) => replaceNth(sql, /SELECT (DISTINCT )?[^F]*FROM /g, 'SELECT FROM ', at),
  (sql, at) => replaceNth(sql, / ON t\d+\.id = id/g, '', at),
  (sql, at) => replaceNth(sql, ' JOIN ', ' JION ', at),
  (sql, at) => replaceNth(sql, ' WHERE ', ' WHERE status ', at),
  (sql, at) => replaceNth(sql, ')', '', at),
  (sql, at) => replaceNth(sql, ' AS ', ' AS AS ', at),
];

function replaceNth(sql: string, find: string | RegExp, by: string, at: number): string {
  const re = typeof find === 'string' ? new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : find;
  const hits = [...sql.matchAll(re)];
  if (hits.length === 0) return sql;
  const hit = hits[at % hits.length];
  return sql.slice(0, hit.index) + by + sql.slice((hit.index ?? 0) + hit[0].length);
}

/** Names a named window gets; the second one of a chain (`w2 AS (w)`) another. Trino reserves none of them. */
const WINDOW_NAMES = ['w', 'window', '"W x"'];
const CHAINED_WINDOW_NAMES = ['w2', 'first'];
/** Column-list names: plain, keywords Trino does not reserve, quoted with a space or a dot. */
const LIST_NAMES = ['a', 'b', 'c', 'window', 'year', 'value', '"Two Words"', '"x.y"', 'limit'];

/**
 * A window written by name: where the select list uses it and where its WINDOW clause goes are
 * placeholders (`\u0001id\u0001`), rendered either with the name or with the spec inline.
 */
interface NamedWindow {
  name: string;
  /** The spec of the window it is defined on (`w2 AS (w)`), else its own. */
  spec: string;
  /** The WINDOW clause entries, in order: `w AS (spec)`, and `w2 AS (w)` for a chain. */
  clause: string;
  use: 'plain' | 'frame';
}

const FRAME = 'ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW';

export class SqlGenerator {
  private readonly rnd: () => number;
  /** Decides named windows and column lists apart, so the views made before they were added stay the same. */
  private readonly rndW: () => number;
  private aliasCounter = 0;
  private windows: NamedWindow[] = [];

  constructor(seed: number) {
    this.rnd = mulberry32(seed);
    this.rndW = mulberry32(seed ^ 0x5eed);
  }

  private pickW<T>(items: readonly T[]): T {
    return items[Math.floor(this.rndW() * items.length)];
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rnd() * items.length)];
  }

  private chance(p: number): boolean {
    return this.rnd() < p;
  }

  private alias(): string {
    return `t${this.aliasCounter++}`;
  }

  private comment(): string {
    if (!this.chance(0.15)) return ' ';
    return this.chance(0.5) ? ' /* FROM hidden_by_comment */ ' : ' -- JOIN hidden_in_line_comment\n';
  }

  view(): string {
    return this.viewPair().named;
  }

  /** One generated view twice: with its named windows, and with each window's spec written inline instead. */
  viewPair(): { named: string; inline: string } {
    this.aliasCounter = 0;
    this.windows = [];
    const sql = this.query(0, []);
    return { named: this.render(sql, 'named'), inline: this.render(sql, 'inline') };
  }

  /** Replaces the window placeholders: `OVER w` … `WINDOW w AS (spec)`, or `OVER (spec)` and no WINDOW clause. */
  private render(sql: string, how: 'named' | 'inline'): string {
    return sql.replace(/\u0001(use|clause)(\d+)\u0001/g, (_, what: string, id: string) => {
      const w = this.windows[Number(id)];
      if (what === 'clause') return how === 'named' ? ` WINDOW ${w.clause}` : '';
      if (how === 'named') return w.use === 'plain' ? `OVER ${w.name}` : `OVER (${w.name} ${FRAME})`;
      return w.use === 'plain' ? `OVER (${w.spec})` : `OVER (${w.spec} ${FRAME})`;
    });
  }

  /**
   * A view as a `CREATE VIEW` statement with a column list. `count` says how many columns the query
   * has (the caller asks the oracle); the list has that many names, or one more or fewer when `offBy`
   * is not 0 (Trino rejects such a view). `withoutList` is the same statement without the list
   * (Trino's grammar, and dt-sql-parser's, has no column list), `query` the view's query alone.
   */
  createView(count: (query: string) => number, target = 'w_target'): { sql: string; withoutList: string; query: string; names: string[]; offBy: number } {
    const query = this.view();
    const n = count(query);
    const offBy = this.rndW() < 0.2 ? (n > 1 ? this.pickW([-1, 1]) : 1) : 0;
    const quoted = target.split('.').map((part) => `"${part}"`).join('.');
    const head = this.pickW([`CREATE VIEW ${target}`, `CREATE OR REPLACE VIEW ${target}`, `create or replace view ${quoted}`]);
    const tail = this.pickW(['', " COMMENT 'a (b, c) list'", ' SECURITY INVOKER', " COMMENT 'x' SECURITY DEFINER"]);
    const pool = [...LIST_NAMES];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(this.rndW() * (i + 1));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    const names = Array.from({ length: n + offBy }, (_, i) => pool[i] ?? `c${i}`);
    return { sql: `${head} (${names.join(', ')})${tail} AS ${query}`, withoutList: `${head}${tail} AS ${query}`, query, names, offBy };
  }

  /**
   * A write statement around a generated query, for target `w_target`: INSERT INTO (with or without
   * a column list, INTO or plain), CREATE TABLE … AS (optionally WITH properties), or a MERGE whose
   * source is the query and whose clauses update and insert.
   */
  write(): string {
    const query = this.view();
    switch (Math.floor(this.rnd() * 5)) {
      case 0: return `INSERT INTO w_target ${query}`;
      case 1: return `INSERT INTO sales.w_target (a, b) ${query}`;
      case 2: return `CREATE TABLE w_target AS ${query}`;
      case 3: return `CREATE TABLE IF NOT EXISTS w_target WITH (format = 'ORC') AS ${query}`;
      default: return `MERGE INTO w_target t USING (${query}) s ON t.id = s.id`
        + ` WHEN MATCHED AND s.id > 0 THEN UPDATE SET id = s.id WHEN MATCHED THEN DELETE`
        + ` WHEN NOT MATCHED THEN INSERT (id) VALUES (s.id)`;
    }
  }

  /** A generated view with one or two typos; may stay valid (a typo inside a string literal). */
  invalid(): string {
    let sql = this.view();
    const edits = this.chance(0.8) ? 1 : 2;
    for (let k = 0; k < edits; k++) sql = this.pick(TYPOS)(sql, Math.floor(this.rnd() * 4));
    return sql;
  }

  /** ctes: names visible at this point (used to reference CTEs, not to decide expectations). */
  private query(depth: number, ctes: string[]): string {
    let prefix = '';
    let visible = ctes;
    if (depth < 2 && this.chance(0.35)) {
      const recursive = this.chance(0.15);
      const parts: string[] = [];
      const declared: string[] = [];
      const count = 1 + Math.floor(this.rnd() * 3);
      for (let k = 0; k < count; k++) {
        const name = this.pick(CTE_NAMES);
        if (declared.includes(name)) continue;
        if (recursive && k === 0) {
          parts.push(`${name} (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM ${name} WHERE n < 3)`);
        } else {
          // the body may reference its own name: for a plain CTE that is the real table
          parts.push(`${name} AS (${this.query(depth + 1, [...visible, ...declared, name])})`);
        }
        declared.push(name);
      }
      prefix = `WITH ${recursive ? 'RECURSIVE ' : ''}${parts.join(', ')}${this.comment()}`;
      visible = [...visible, ...declared];
    }
    const terms = [this.select(depth, visible)];
    while (depth < 3 && this.chance(0.2)) {
      const op = this.pick(['UNION', 'UNION ALL', 'UNION DISTINCT', 'INTERSECT', 'EXCEPT', 'INTERSECT DISTINCT', 'EXCEPT ALL']);
      const next = this.chance(0.3) ? `(${this.select(depth, visible)})` : this.select(depth, visible);
      terms.push(`${op}${this.comment()}${next}`);
    }
    let sql = prefix + terms.join(' ');
    if (this.chance(0.1)) sql += ' ORDER BY 1 LIMIT 10';
    else if (this.chance(0.05)) sql += ' ORDER BY 1 DESC NULLS LAST OFFSET 2 ROWS FETCH FIRST 10 ROWS ONLY';
    return sql;
  }

  private select(depth: number, ctes: string[]): string {
    const items = ['id', "'FROM fake_table' AS s", 'count(*) AS n'].slice(0, 1 + Math.floor(this.rnd() * 3));
    if (depth < 3 && this.chance(0.2)) items.push(`(SELECT max(id) FROM ${this.relationName(ctes)}) AS m`);
    if (this.chance(0.1)) items.push('CASE WHEN id IS DISTINCT FROM 0 THEN 1 ELSE 0 END AS flag');
    if (this.chance(0.3)) {
      const w = this.pick(CONTEXTUAL_NAMES);
      items.push(
        this.pick([
          w, `${w} * 2`, `${w} + 1 AS ${this.pick(CONTEXTUAL_NAMES)}`, `id ${w}`, `${this.alias()}.${w}`, `-${w}`,
          `extract(year FROM ${w})`, `${w} + INTERVAL '1' DAY AS d`, `${w} AT TIME ZONE 'UTC' AS utc`,
          `sum(id) OVER (PARTITION BY ${w} ORDER BY id DESC NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS w`,
          `json_value(${w}, 'lax $.a' RETURNING varchar DEFAULT 'x' ON EMPTY) AS j`, `DATE '2024-01-01' AS ${w}`,
        ]),
      );
    }
    if (this.chance(0.25)) {
      const kw = this.pick(KEYWORD_NAMES);
      items.push(this.pick([kw, `id AS ${kw}`, `id ${kw}`, `${this.alias()}.${kw}`]));
    }
    const window = this.rndW() < 0.15 ? this.namedWindow(depth, ctes) : undefined;
    if (window !== undefined) items.push(`${this.pickW(['rank()', 'row_number()', 'sum(id)', 'lag(id, 1)'])} \u0001use${window}\u0001 AS ${this.pickW(['rk', 'range', 'w_val'])}`);
    let sql = `SELECT ${this.chance(0.1) ? 'DISTINCT ' : ''}${items.join(', ')}${this.comment()}FROM ${this.fromClause(depth, ctes)}`;
    if (this.chance(0.4)) sql += ` WHERE ${this.condition(depth, ctes)}`;
    if (items.some((i) => i.startsWith('count'))) sql += ' GROUP BY 1';
    if (window !== undefined) sql += `\u0001clause${window}\u0001`;
    return sql;
  }

  /** A named window of this select: its spec (maybe with a subquery in PARTITION BY), maybe a second window defined on it. */
  private namedWindow(depth: number, ctes: string[]): number {
    const keys = ['id', 'year', 'value', 'status'];
    const by = depth < 3 && this.rndW() < 0.2 ? `id IN (SELECT id FROM ${ctes.length > 0 && this.rndW() < 0.35 ? this.pickW(ctes) : this.pickW(TABLES)})` : this.pickW(keys);
    const order = this.pickW(['', ' ORDER BY id', ' ORDER BY id DESC NULLS LAST', ' ORDER BY date']);
    const spec = this.rndW() < 0.2 ? order.trim() || 'ORDER BY id' : `PARTITION BY ${by}${order}`;
    const name = this.pickW(WINDOW_NAMES);
    const use = this.rndW() < 0.3 ? 'frame' : 'plain';
    const chained = this.rndW() < 0.25;
    const w: NamedWindow = chained
      ? (() => {
          const second = this.pickW(CHAINED_WINDOW_NAMES);
          return { name: second, spec, clause: `${name} AS (${spec}), ${second} AS (${name})`, use };
        })()
      : { name, spec, clause: `${name} AS (${spec})`, use };
    this.windows.push(w);
    return this.windows.length - 1;
  }

  private condition(depth: number, ctes: string[]): string {
    if (depth >= 3) return 'id > 0';
    return this.pick([
      () => `id IN (${this.query(depth + 1, ctes)})`,
      () => `EXISTS (SELECT 1 FROM ${this.relationName(ctes)} e WHERE e.id = 1)`,
      () => `id NOT IN (SELECT id FROM ${this.relationName(ctes)})`,
      () => `id > (SELECT min(id) FROM ${this.relationName(ctes)})`,
      () => `id = 1 AND status <> 'JOIN x ON y'`,
    ])();
  }

  private fromClause(depth: number, ctes: string[]): string {
    let sql = this.primary(depth, ctes);
    const joins = Math.floor(this.rnd() * 3);
    for (let k = 0; k < joins; k++) {
      const kind = this.pick(['JOIN', 'INNER JOIN', 'LEFT JOIN', 'LEFT OUTER JOIN', 'RIGHT JOIN', 'FULL OUTER JOIN', 'CROSS JOIN', 'NATURAL JOIN', ',']);
      const right = this.primary(depth, ctes);
      if (kind === ',') sql += `, ${right}`;
      else if (kind === 'CROSS JOIN' || kind === 'NATURAL JOIN') sql += ` ${kind} ${right}`;
      else if (this.chance(0.3)) sql += ` ${kind} ${right} USING (id)`;
      else if (depth < 3 && this.chance(0.15)) sql += ` ${kind} ${right} ON id IN (SELECT id FROM ${this.relationName(ctes)})`;
      else sql += ` ${kind} ${right} ON ${this.alias()}.id = id`;
    }
    return sql;
  }

  private primary(depth: number, ctes: string[]): string {
    const r = this.rnd();
    if (depth < 3 && r < 0.05) {
      // bracketed join whose first relation is a subquery: "((SELECT ...) x JOIN t ON true)"
      return `((${this.query(depth + 1, ctes)}) ${this.alias()} JOIN ${this.relationName(ctes)} ON true)`;
    }
    if (depth < 3 && r < 0.15) return `(${this.query(depth + 1, ctes)}) ${this.alias()}`;
    if (depth < 3 && r < 0.2) return `LATERAL (${this.query(depth + 1, ctes)}) ${this.alias()}`;
    if (r < 0.24) return `UNNEST(ARRAY[1, 2]) AS ${this.alias()}(v)`;
    if (r < 0.27) return `(VALUES (1), (2)) AS ${this.alias()}(v)`;
    const name = this.relationName(ctes);
    if (this.chance(0.05)) return `${name} AS ${this.pick(KEYWORD_NAMES)}`;
    return this.chance(0.5) ? `${name} ${this.chance(0.5) ? 'AS ' : ''}${this.alias()}` : name;
  }

  private relationName(ctes: string[]): string {
    if (ctes.length > 0 && this.chance(0.35)) return this.pick(ctes);
    const t = this.pick(TABLES);
    return this.chance(0.1) ? t.toUpperCase().replace(/"[^"]*"/g, (q) => q) : t;
  }
}
