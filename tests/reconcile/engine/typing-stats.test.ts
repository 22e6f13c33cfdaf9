/**
 * Type detection reads its statistics with every column's values stacked (one GROUP BY row per
 * column). A column must be seen the same way whatever stands beside it, or a wide file would be
 * typed differently from a narrow one.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../../../src/main/reconcile/engine/db';
import { installMacros } from '../../../src/main/reconcile/engine/macros';
import { ident, lit } from '../../../src/main/reconcile/engine/sql';
import { readStats } from '../../../src/main/reconcile/engine/typing';
import { csv, sandbox, type Sandbox } from './helpers';

const RUNS = Number(process.env.KALLA_PROPERTY_RUNS ?? 15);

/** Cells of the kinds finance exports hold, including the near misses detection must tell apart. */
const cell = fc.oneof(
  fc.constantFrom('', ' ', 'N/A', '00042', 'yes', 'FALSE', 'INV-1', '1,500', '1.500', '1.234,56', '1,234.56', '(12.00)', '12.00-', 'EUR 3,5'),
  fc.constantFrom('2026-01-31', '2026-02-30', '31.01.2026', '01/13/2026', '13/01/26', '2026/1/3', '20260131', '2026-01-31 10:15'),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((d) => d.toFixed(2)),
  fc.string({ maxLength: 6 }),
);

let db: Db;
beforeAll(async () => {
  db = await Db.open(':memory:');
  await installMacros(db);
});
afterAll(() => db.close());

async function table(columns: string[][]): Promise<string[]> {
  const names = columns.map((_, i) => `col ${i}`);
  await db.exec(`CREATE OR REPLACE TABLE t (${names.map((n) => `${ident(n)} VARCHAR`).join(', ')})`);
  const rows = Math.max(...columns.map((c) => c.length));
  for (let r = 0; r < rows; r++) {
    await db.exec(`INSERT INTO t VALUES (${columns.map((c) => (r < c.length ? lit(c[r]) : 'NULL')).join(', ')})`);
  }
  return names;
}

/** A column with no values at all has no stacked row; that reads as 0 / null either way. */
const defined = (stats: Record<string, unknown>) => Object.fromEntries(Object.entries(stats).filter(([, v]) => v !== null && v !== 0 && v !== '0').map(([k, v]) => [k, Number(v)]));

describe('detection statistics', () => {
  it("are each column's own: the same as the column read alone", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(cell, { minLength: 0, maxLength: 12 }), { minLength: 1, maxLength: 6 }), async (columns) => {
        const names = await table(columns);
        const together = await readStats(db, 't', names, null);
        const alone: Record<string, unknown> = {};
        for (const [i, name] of names.entries()) {
          for (const [key, value] of Object.entries(await readStats(db, 't', [name], null))) alone[key.replace(/_0$/, `_${i}`)] = value;
        }
        expect(defined(together)).toEqual(defined(alone));
      }),
      { numRuns: RUNS * 4 },
    );
  });
});

describe('number-style counts', () => {
  const STYLE_COUNTS = ['us', 'eu', 'us_only', 'eu_only', 'amb', 'amb_dot', 'code'];

  it('equal the number macros applied value by value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cell, { minLength: 1, maxLength: 20 }), async (values) => {
        const [name] = await table([values]);
        const stats = await readStats(db, 't', [name], null);
        const [ref] = await db.all<Record<string, unknown>>(
          `WITH x AS (SELECT v, kalla_num_body(c) AS b, kalla_num_shape_ok(c) AS ok
             FROM (SELECT v, kalla_num_clean(v) AS c FROM (SELECT nullif(trim(${ident(name)}), '') AS v FROM t)))
           SELECT count_if(ok AND kalla_num_us(b)) AS us, count_if(ok AND kalla_num_eu(b)) AS eu,
             count_if(ok AND kalla_num_us(b) AND NOT kalla_num_eu(b)) AS us_only, count_if(ok AND kalla_num_eu(b) AND NOT kalla_num_us(b)) AS eu_only,
             count_if(ok AND kalla_num_us(b) AND kalla_num_eu(b) AND regexp_matches(b, '[.,]')) AS amb,
             count_if(ok AND kalla_num_us(b) AND kalla_num_eu(b) AND contains(b, '.')) AS amb_dot,
             count_if(NOT (ok AND (kalla_num_us(b) OR kalla_num_eu(b))) AND regexp_matches(v, '[A-Za-z]{2}') AND regexp_matches(v, '[0-9]')) AS code FROM x`,
        );
        expect(STYLE_COUNTS.map((k) => Number(stats[`${k}_0`] ?? 0))).toEqual(STYLE_COUNTS.map((k) => Number(ref[k])));
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('test the number style of each value once, not once per statistic', async () => {
    const names = await table([['1,500', '1.234,56', 'INV-1'], ['2026-01-31', '12.00', '']]);
    const seen: string[] = [];
    const { all, exec } = db;
    db.all = ((sql: string, params?: Parameters<Db['all']>[1]) => (seen.push(sql), all.call(db, sql, params))) as Db['all'];
    db.exec = ((sql: string, params?: Parameters<Db['exec']>[1]) => (seen.push(sql), exec.call(db, sql, params))) as Db['exec'];
    try {
      await readStats(db, 't', names, null);
    } finally {
      db.all = all;
      db.exec = exec;
    }
    const calls = (re: RegExp) => seen.reduce((n, sql) => n + (sql.match(re)?.length ?? 0), 0);
    // Once each, where the per-row strings are derived, whatever the width (it was ~6 times per column before).
    expect(calls(/kalla_num_us\(/g)).toBe(1);
    expect(calls(/kalla_num_eu\(/g)).toBe(1);
  });
});

describe('a very wide file', () => {
  let sb: Sandbox;
  beforeAll(() => {
    sb = sandbox();
  });
  afterAll(() => sb.cleanup());

  it('of 2,000 columns is typed column by column like a narrow one', async () => {
    const width = 2_000;
    const header = Array.from({ length: width }, (_, i) => `c${i}`).join(',');
    const rows = Array.from({ length: 30 }, (_, r) =>
      Array.from({ length: width }, (_, i) => [`${r}.${i % 100}`, `2026-01-${String(1 + (r % 28)).padStart(2, '0')}`, `ref ${r}`, i === 3 && r === 5 ? 'N/A' : String(r)][i % 4]).join(','),
    );
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('wide.csv', csv(header, rows)));
    expect(info.columns).toHaveLength(width);
    expect(info.columns.slice(0, 8).map((c) => c.type)).toEqual(['number', 'date', 'text', 'number', 'number', 'date', 'text', 'number']);
    expect(info.columns.filter((c) => c.type === 'number')).toHaveLength(width / 2);
    // One N/A among 30 numbers: still a number column, with the exception counted, not hidden.
    expect(JSON.stringify(info.notices)).toContain('c3');
  }, 120_000);
});
