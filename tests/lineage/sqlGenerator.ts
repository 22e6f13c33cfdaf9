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

export class SqlGenerator {
  private readonly rnd: () => number;
  private aliasCounter = 0;

  constructor(seed: number) {
    this.rnd = mulberry32(seed);
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
    this.aliasCounter = 0;
    return this.query(0, []);
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
    let sql = `SELECT ${this.chance(0.1) ? 'DISTINCT ' : ''}${items.join(', ')}${this.comment()}FROM ${this.fromClause(depth, ctes)}`;
    if (this.chance(0.4)) sql += ` WHERE ${this.condition(depth, ctes)}`;
    if (items.some((i) => i.startsWith('count'))) sql += ' GROUP BY 1';
    return sql;
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
