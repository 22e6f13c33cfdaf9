/**
 * Persisting a run's exceptions joins them to each side's rows for their content hash. With the
 * side in the join condition DuckDB planned a nested-loop join (a 1M-row run spent 408 s there);
 * the plan must be hash joins, and every exception must still get its own side's hash.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Db } from '../../../src/main/reconcile/engine/db';
import { createExceptionTable } from '../../../src/main/reconcile/engine/matching/exceptions';
import { exceptionRowsSql } from '../../../src/main/reconcile/engine/run';
import { ROW_HASH, ROW_ID, typedView } from '../../../src/main/reconcile/engine/row-columns';

let db: Db;
beforeEach(async () => {
  db = await Db.open(':memory:');
  for (const side of ['left', 'right'] as const) {
    // The loader's shape: a data table and a typed view numbering its rows, with a content hash.
    await db.exec(`CREATE TABLE data_${side} AS SELECT '${side}-' || i AS v, hash('${side}', i) AS "${ROW_HASH}" FROM range(20000) t(i)`);
    await db.exec(`CREATE VIEW ${typedView(side)} AS SELECT rowid + 1 AS "${ROW_ID}", v, "${ROW_HASH}" FROM data_${side}`);
  }
  await createExceptionTable(db);
  // Exceptions on both sides, with ids present on both (the join must pick the row of the exception's side).
  await db.exec(`INSERT INTO exc SELECT CASE WHEN i % 2 = 0 THEN 'left' ELSE 'right' END, 1 + i * 7, 'r', 'duplicate', NULL, NULL, NULL FROM range(2000) t(i)`);
});
afterEach(() => db.close());

describe('persisting exceptions', () => {
  it('joins each exception to its own side by hash joins, not a nested loop', async () => {
    const plan = (await db.all<{ explain_value: string }>(`EXPLAIN ${exceptionRowsSql()}`, [1])).map((r) => r.explain_value).join('\n');
    expect(plan).toContain('HASH_JOIN');
    expect(plan).not.toMatch(/NL_JOIN|NESTED_LOOP|CROSS_PRODUCT/);
  });

  it('gives every exception the content hash of its own side’s row', async () => {
    const rows = await db.all<{ side: string; id: string; h: string; want: string }>(
      `SELECT x.side, x.id, x.h::VARCHAR AS h, CASE x.side WHEN 'left' THEN hash('left', x.id - 1) ELSE hash('right', x.id - 1) END::VARCHAR AS want
       FROM (${exceptionRowsSql()}) x(run, side, id, rule_id, reason, counterpart, da, dd, h)`,
      [1],
    );
    expect(rows).toHaveLength(2000);
    expect(rows.filter((r) => r.h !== r.want)).toEqual([]);
    expect(new Set(rows.map((r) => r.side))).toEqual(new Set(['left', 'right']));
  });
});
