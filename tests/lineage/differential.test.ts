// Differential test: relations found by the Java engine (viewmapper.jar, serve mode, method
// `extract`) must equal those found by a real Trino grammar (dt-sql-parser's TrinoSQL, with
// CTE scoping applied on its parse tree) for 1,200 generated view definitions; and for 400
// typo'd variants, both must agree on validity (and, where the typo left valid SQL, on tables).
// The views use named windows (issue 26); CREATE VIEW statements with column lists are compared
// on relations, and on columns: a view with named windows must have the same column lineage as the
// same view with its windows written inline, and a column list must rename the query's columns
// (as many as the Trino grammar counts in its select list) or make the view invalid when its
// length differs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewColumns } from '../../src/shared/lineage';
import { SqlGenerator } from './sqlGenerator';
import { normalizeIdentifier, oracle, outputCount } from './trinoOracle';
import { ServeClient, ServeRequestError } from './serveClient';

const VIEW_COUNT = 1200;
const TYPO_COUNT = 400;
const SEED = 20_261_122;
const WRITE_COUNT = 300;
const CREATE_VIEW_COUNT = 300;
const COLUMN_PAIRS = 200;

function key(relations: string[][]): string[] {
  return relations.map((parts) => parts.join(' . ')).sort();
}

describe('Java relation extraction vs the Trino grammar', () => {
  let engine: ServeClient;
  const gen = new SqlGenerator(SEED);
  const views = Array.from({ length: VIEW_COUNT }, () => gen.view());
  const typos = Array.from({ length: TYPO_COUNT }, () => gen.invalid());

  beforeAll(() => {
    engine = ServeClient.start(); // throws "run npm run build:java first" when the jar is missing
  });

  afterAll(async () => {
    await engine?.close();
  });

  it('the generator covers every construct that decides lineage', () => {
    const all = views.join('\n');
    for (const construct of ['WITH RECURSIVE', 'NATURAL JOIN', 'FULL OUTER JOIN', 'RIGHT JOIN', 'CROSS JOIN', 'LATERAL (',
      'UNNEST(', '(VALUES', 'EXCEPT', 'INTERSECT', 'UNION ALL', 'EXISTS (', 'NOT IN (SELECT', '/*', '--', '""', 'USING (id)',
      ', ', '"Sales"."Order Lines"', 'IS DISTINCT FROM', 'AS offset', 'AS limit', ' fetch', '.window', ' JOIN ', ') t',
      'WINDOW w AS (PARTITION BY', 'WINDOW window AS (', 'WINDOW "W x" AS (', 'OVER (w ROWS', 'OVER window', ', w2 AS (w)', ', first AS (',
      'WINDOW w AS (ORDER BY', 'PARTITION BY id IN (SELECT']) {
      expect(all, construct).toContain(construct);
    }
    // CTE shadowing: a CTE whose body reads the table it is named after
    expect(views.some((sql) => /WITH orders AS \(.*FROM orders/.test(sql))).toBe(true);
    expect(views.some((sql) => sql.includes('FROM ((SELECT')), 'bracketed join starting with a subquery').toBe(true);
  });

  it(`agrees with the Trino grammar on validity for ${TYPO_COUNT} typo'd views`, async () => {
    const disagreements: { sql: string; java: string; trino: string }[] = [];
    let invalid = 0;
    for (const sql of typos) {
      const { relations, errors } = oracle(sql);
      if (errors.length > 0) invalid++;
      let java: string;
      try {
        const r = await engine.request<{ relations: string[][] }>('extract', { sql });
        java = `valid ${JSON.stringify(key(r.relations))}`;
      } catch (e) {
        java = `invalid (${(e as ServeRequestError).message})`;
      }
      const trino = errors.length > 0 ? `invalid (${errors[0]})` : `valid ${JSON.stringify(key(relations))}`;
      const agree = java.startsWith('invalid') ? trino.startsWith('invalid') : java === trino;
      if (!agree) disagreements.push({ sql, java, trino });
    }
    expect(invalid, 'most typo variants are invalid Trino').toBeGreaterThan(TYPO_COUNT * 0.7);
    expect(disagreements.slice(0, 3), `${disagreements.length} of ${TYPO_COUNT} typo'd views judged differently`).toEqual([]);
  }, 300_000);

  it(`finds the same relations for ${VIEW_COUNT} generated views`, async () => {
    const javaResults = await Promise.all(views.map(async (sql) => {
      try {
        const r = await engine.request<{ relations: string[][] }>('extract', { sql });
        return key(r.relations);
      } catch (e) {
        return [`PARSE_ERROR ${(e as ServeRequestError).message}`];
      }
    }));
    const invalid: { sql: string; errors: string[] }[] = [];
    const mismatches: { sql: string; java: string[]; trino: string[] }[] = [];
    views.forEach((sql, k) => {
      const { relations, errors } = oracle(sql);
      if (errors.length > 0) invalid.push({ sql, errors });
      const trino = key(relations);
      if (JSON.stringify(trino) !== JSON.stringify(javaResults[k])) mismatches.push({ sql, java: javaResults[k], trino });
    });
    expect(invalid.slice(0, 3), `${invalid.length} generated views are not valid Trino SQL`).toEqual([]);
    expect(mismatches.slice(0, 3), `${mismatches.length} of ${VIEW_COUNT} views differ`).toEqual([]);
  }, 300_000);

  // Write statements (issue 26): what an INSERT/CTAS/MERGE reads must equal what the Trino grammar
  // finds in it, less the target (written, not read).
  it(`finds the same relations read by ${WRITE_COUNT} generated INSERT, CTAS and MERGE statements`, async () => {
    const writes = Array.from({ length: WRITE_COUNT }, () => gen.write());
    for (const kind of ['INSERT INTO w_target SELECT', 'INSERT INTO sales.w_target (a, b)', 'CREATE TABLE w_target AS', 'WITH (format', 'MERGE INTO']) {
      expect(writes.join('\n'), kind).toContain(kind);
    }
    const invalid: { sql: string; errors: string[] }[] = [];
    const mismatches: { sql: string; java: string[]; trino: string[] }[] = [];
    for (const sql of writes) {
      const { relations, errors } = oracle(sql);
      if (errors.length > 0) invalid.push({ sql, errors });
      const trino = key(relations.filter((parts) => parts[parts.length - 1] !== 'w_target'));
      let java: string[];
      try {
        java = key((await engine.request<{ relations: string[][] }>('extract', { sql })).relations);
      } catch (e) {
        java = [`PARSE_ERROR ${(e as ServeRequestError).message}`];
      }
      if (JSON.stringify(trino) !== JSON.stringify(java)) mismatches.push({ sql, java, trino });
    }
    expect(invalid.slice(0, 3), `${invalid.length} generated write statements are not valid Trino SQL`).toEqual([]);
    expect(mismatches.slice(0, 3), `${mismatches.length} of ${WRITE_COUNT} write statements differ`).toEqual([]);
  }, 300_000);
  // Column lists (issue 26): Trino's grammar has none, so the oracle reads the statement without it.
  it(`finds the same relations read by ${CREATE_VIEW_COUNT} generated CREATE VIEW v (a, b) statements`, async () => {
    const made = Array.from({ length: CREATE_VIEW_COUNT }, (_, k) => gen.createView((q) => outputCount(q) ?? 1, k % 2 ? 'sales.w_target' : 'w_target'));
    for (const kind of ['CREATE VIEW w_target (', 'CREATE OR REPLACE VIEW sales.w_target (', 'create or replace view "sales"."w_target" (', ") COMMENT 'a (b, c) list' AS", ') SECURITY INVOKER AS', '"Two Words"', 'WINDOW w AS (']) {
      expect(made.map((m) => m.sql).join('\n'), kind).toContain(kind);
    }
    const invalid: { sql: string; errors: string[] }[] = [];
    const mismatches: { sql: string; java: string[]; trino: string[] }[] = [];
    for (const m of made) {
      const { relations, errors } = oracle(m.withoutList);
      if (errors.length > 0) invalid.push({ sql: m.withoutList, errors });
      const trino = key(relations.filter((parts) => parts[parts.length - 1] !== 'w_target'));
      let java: string[];
      try {
        java = key((await engine.request<{ relations: string[][] }>('extract', { sql: m.sql })).relations);
      } catch (e) {
        java = [`PARSE_ERROR ${(e as ServeRequestError).message}`];
      }
      if (JSON.stringify(trino) !== JSON.stringify(java)) mismatches.push({ sql: m.sql, java, trino });
    }
    expect(invalid.slice(0, 3), `${invalid.length} generated CREATE VIEW statements are not valid Trino SQL (without their list)`).toEqual([]);
    expect(mismatches.slice(0, 3), `${mismatches.length} of ${CREATE_VIEW_COUNT} CREATE VIEW statements differ`).toEqual([]);
  }, 300_000);

  it(`gives named windows the column lineage of the same windows inline, and column lists their names, for ${COLUMN_PAIRS} views each`, async () => {
    const columnGen = new SqlGenerator(SEED + 1);
    const pairs: { named: string; inline: string }[] = [];
    while (pairs.length < COLUMN_PAIRS) {
      const p = columnGen.viewPair();
      if (p.named !== p.inline) pairs.push(p);
    }
    const lists = Array.from({ length: COLUMN_PAIRS }, (_, k) => columnGen.createView((q) => outputCount(q) ?? 1, `cl_${k}`));
    const statements = [
      ...pairs.flatMap((p, k) => [`CREATE VIEW nw_${k} AS ${p.named}`, `CREATE VIEW iw_${k} AS ${p.inline}`]),
      // Every third with IF NOT EXISTS (not Trino, but Spark, DuckDB and Snowflake write it): its list was skipped before.
      ...lists.flatMap((l, k) => [k % 3 === 0 ? l.sql.replace(/\bview /i, (v) => `${v}IF NOT EXISTS `) : l.sql, `CREATE VIEW pl_${k} AS ${l.query}`]),
    ];
    const dir = mkdtempSync(join(tmpdir(), 'kalla-differential-'));
    try {
      const file = join(dir, 'views.sql');
      writeFileSync(file, statements.join(';\n') + ';\n');
      const connection = `file://${file}`;
      const columns = async (name: string) => engine.request<ViewColumns>('view_columns', { connection, name });
      const strip = (v: ViewColumns) => JSON.stringify({ columns: v.columns, indirect: v.indirect ?? [], passesThrough: v.passesThrough, untraced: v.untraced ?? [], error: v.error !== undefined });

      const windowDiffs: { named: string; inline: string; a: string; b: string }[] = [];
      let withColumns = 0;
      for (let k = 0; k < pairs.length; k++) {
        const [a, b] = [strip(await columns(`nw_${k}`)), strip(await columns(`iw_${k}`))];
        if (a !== b) windowDiffs.push({ named: pairs[k].named, inline: pairs[k].inline, a, b });
        else if (!a.includes('"error":true')) withColumns++;
      }
      expect(windowDiffs.slice(0, 2), `${windowDiffs.length} of ${pairs.length} views with named windows differ from the same windows inline`).toEqual([]);
      expect(withColumns, 'views analysed without an error').toBeGreaterThan(COLUMN_PAIRS * 0.5);

      const listDiffs: { sql: string; why: string }[] = [];
      let compared = 0;
      for (let k = 0; k < lists.length; k++) {
        const l = lists[k];
        const [listed, plain] = [await columns(`cl_${k}`), await columns(`pl_${k}`)];
        if (l.offBy !== 0) {
          if (!listed.error) listDiffs.push({ sql: l.sql, why: `a list of ${l.names.length} for ${l.names.length - l.offBy} columns was accepted` });
          continue;
        }
        const names = l.names.map(normalizeIdentifier);
        if (listed.error) {
          listDiffs.push({ sql: l.sql, why: `refused: ${listed.error}` });
          continue;
        }
        if (JSON.stringify(listed.columns.map((c) => c.name)) !== JSON.stringify(names)) {
          listDiffs.push({ sql: l.sql, why: `columns ${JSON.stringify(listed.columns.map((c) => c.name))}, list ${JSON.stringify(names)}` });
          continue;
        }
        if (plain.error || plain.columns.length !== names.length) continue; // e.g. duplicate names, which the list renames away
        compared++;
        const origins = (v: ViewColumns) => JSON.stringify(v.columns.map((c) => ({ origins: c.origins, indirect: c.indirect ?? [] })));
        if (origins(listed) !== origins(plain)) listDiffs.push({ sql: l.sql, why: `origins ${origins(listed)} vs the query alone ${origins(plain)}` });
      }
      expect(listDiffs.slice(0, 3), `${listDiffs.length} of ${lists.length} column lists read wrongly`).toEqual([]);
      expect(lists.filter((l) => l.offBy !== 0).length, 'lists of the wrong length').toBeGreaterThan(COLUMN_PAIRS * 0.1);
      expect(compared, 'lists compared with the query alone').toBeGreaterThan(COLUMN_PAIRS * 0.4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
