/**
 * Db.hasTempTable: learning and the run ask it before making a table once (226 times while learning
 * a 5,000-column pair, issue 27). It must answer as the catalog does, and its cost must not grow
 * with the width of the other tables in the database (listing them through duckdb_tables() did:
 * ~30 ms CPU per call beside two 5,000-column tables).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Db } from '../../../src/main/reconcile/engine/db';

let db: Db;
beforeEach(async () => {
  db = await Db.open(':memory:');
});
afterEach(() => db.close());

describe('hasTempTable', () => {
  it('is true for a temp table only: not a missing name, a persistent table or a temp view', async () => {
    await db.exec('CREATE TEMP TABLE kalla_t AS SELECT 1 AS x');
    await db.exec('CREATE TABLE kalla_main AS SELECT 1 AS x');
    await db.exec('CREATE TEMP VIEW kalla_v AS SELECT 1 AS x');
    await db.exec(`CREATE TEMP TABLE "odd ""name" AS SELECT 1 AS x`);
    expect(await db.hasTempTable('kalla_t')).toBe(true);
    expect(await db.hasTempTable('odd "name')).toBe(true);
    expect(await db.hasTempTable('kalla_missing')).toBe(false);
    expect(await db.hasTempTable('kalla_main')).toBe(false);
    expect(await db.hasTempTable('kalla_v')).toBe(false);
    await db.exec('DROP TABLE temp.kalla_t');
    expect(await db.hasTempTable('kalla_t')).toBe(false);
  });

  it('leaves an open transaction usable after a missing name', async () => {
    await db.exec('CREATE TABLE k (x INTEGER)');
    await db.exec('BEGIN TRANSACTION');
    await db.exec('INSERT INTO k VALUES (1)');
    expect(await db.hasTempTable('kalla_missing')).toBe(false);
    await db.exec('INSERT INTO k VALUES (2)');
    await db.exec('COMMIT');
    expect(await db.scalarNumber('SELECT count(*) FROM k')).toBe(2);
  });

  it('costs about the same beside a 5,000-column table as without it', async () => {
    await db.exec('CREATE TEMP TABLE kalla_t AS SELECT 1 AS x');
    // Median CPU milliseconds of 15 calls, half asking for a table that is there, half for one that is not.
    const median = async () => {
      const ms: number[] = [];
      for (let i = 0; i < 15; i++) {
        const c = process.cpuUsage();
        await db.hasTempTable(i % 2 ? 'kalla_t' : 'kalla_missing');
        const d = process.cpuUsage(c);
        ms.push((d.user + d.system) / 1000);
      }
      return ms.sort((a, b) => a - b)[7];
    };
    const narrow = await median();
    const cols = Array.from({ length: 5000 }, (_, i) => `CAST(range AS VARCHAR) AS c${i}`).join(', ');
    await db.exec(`CREATE TABLE wide_a AS SELECT ${cols} FROM range(5)`);
    await db.exec(`CREATE TABLE wide_b AS SELECT ${cols} FROM range(5)`);
    const wide = await median();
    expect(wide).toBeLessThan(Math.max(4, 4 * narrow));
  });
});
