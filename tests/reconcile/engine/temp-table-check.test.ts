/**
 * Db.hasTempTable: learning and the run ask it before making a table once (226 times while learning
 * a 5,000-column pair, issue 27). It must answer as the catalog does. Its cost (listing every table
 * through duckdb_tables() took ~30 ms CPU per call beside two 5,000-column tables, binding the one
 * name ~1 ms) is measured by `npx tsx scripts/bench/wide-pair.ts --run`, not asserted here: timed
 * assertions fail on a loaded machine.
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
});
