// Differential test: relations found by the Java engine (viewmapper.jar, serve mode, method
// `extract`) must equal those found by a real Trino grammar (dt-sql-parser's TrinoSQL, with
// CTE scoping applied on its parse tree) for 1,200 generated view definitions; and for 400
// typo'd variants, both must agree on validity (and, where the typo left valid SQL, on tables).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlGenerator } from './sqlGenerator';
import { oracle } from './trinoOracle';
import { ServeClient, ServeRequestError } from './serveClient';

const VIEW_COUNT = 1200;
const TYPO_COUNT = 400;
const SEED = 20_261_122;
const WRITE_COUNT = 300;

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
      ', ', '"Sales"."Order Lines"', 'IS DISTINCT FROM', 'AS offset', 'AS limit', ' fetch', '.window', ' JOIN ', ') t']) {
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
});
