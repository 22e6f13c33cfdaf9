/**
 * Issue 30: the members of a split or batch group are gathered for the export in one sorted list per
 * group (list_sort of VARCHAR lists led by the padded row id; structs until issue 27, whose type grew
 * with the columns), not by one ordered string_agg per column (a sort
 * per group and per column: 1.0–1.2 s CPU for one side of the 1M cash run, 0.23–0.31 s now). The
 * matched table is the same as the ordered string_agg's: members in row order whatever order the
 * group lists them in, empty values (NULL in the raw text) skipped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/main/reconcile/engine/db';
import type { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { categorySql } from '../../../src/main/reconcile/engine/export';
import { materializeRawText } from '../../../src/main/reconcile/engine/sources';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const dbOf = (ws: ReconEngine) => (ws as unknown as { db: Db }).db;

describe('export: members of a split or batch group', () => {
  it('are joined in row order with NULLs skipped, as the ordered string_agg did, without an ordered aggregate', async () => {
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('l.csv', csv('ref,amount,date,memo', ['A,10.00,2024-01-01,first', 'B,20.00,2024-01-02,', 'C,30.00,2024-01-03,third', 'D,40.00,2024-01-04,""', 'E,5.00,2024-01-05,e'])));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv('ref,amount,date,memo', ['X,100.00,2024-01-06,x', 'Y,5.00,2024-01-05,y', 'Z,7.00,2024-01-07,z'])));
    const { run_id } = await ws.run(recipe([refRule('exact')]));
    // Listed out of row order on purpose: the export must still write the members in row order.
    await ws.matchManual(run_id, { left: [4, 2, 1, 3], right: [1] });
    await ws.matchManual(run_id, { left: [5], right: [3, 2] });

    const db = dbOf(ws);
    const raw = { left: await materializeRawText(db, await (ws as unknown as { requireSource: (s: string) => Promise<never> }).requireSource('left')), right: await materializeRawText(db, await (ws as unknown as { requireSource: (s: string) => Promise<never> }).requireSource('right')) };
    for (const side of ['left', 'right'] as const) await db.exec(`CREATE OR REPLACE TEMP TABLE t_${side} AS SELECT *, __row_id + 1 AS __line FROM ${raw[side]}`);
    const rawText = { left: 't_left', right: 't_right' };
    const business = { left: { alias: 'inv', columns: ['ref', 'memo'] }, right: { alias: 'bank', columns: ['ref', 'memo'] } };
    const sql = categorySql(run_id, 'matched', rawText, business);
    expect(sql).not.toMatch(/ORDER BY m\.rid/);
    expect(sql.match(/list_sort\(list\(/g)).toHaveLength(2);

    const got = await db.all<Record<string, string | null>>(sql);
    const batch = got.find((r) => r['inv.ref']?.includes('|'))!;
    expect([batch['inv.line'], batch['inv.ref'], batch['inv.memo']]).toEqual(['2 | 3 | 4 | 5', 'A | B | C | D', 'first | third']);
    const split = got.find((r) => r['bank.ref']?.includes('|'))!;
    expect([split['bank.ref'], split['bank.memo']]).toEqual(['Y | Z', 'y | z']);

    // The ordered string_agg it replaces, on the same rows: every matched row the same.
    const reference = sql
      .replace(/SELECT m\.group_id, (.*?) FROM \(\s*SELECT m\.group_id, list_sort\(list\(\[(.*?)\]\)\) AS v\s*(FROM \(SELECT group_id, unnest\(\w+\) AS rid .*? GROUP BY m\.group_id)\) m/gs, (_all, _joined: string, fields: string, from: string) => {
        // The member list: the padded row id, then each column's value.
        const cols = fields.split(/, (?=CAST\()/).slice(1);
        const names = [..._joined.matchAll(/AS ("[^"]+")/g)].map((m) => m[1]);
        return `SELECT m.group_id, ${cols.map((c, i) => `string_agg(${c}, ' | ' ORDER BY m.rid) AS ${names[i]}`).join(', ')} ${from}`;
      });
    expect(reference).toMatch(/ORDER BY m\.rid/);
    expect(await db.all(reference)).toEqual(got);
  });

  it('exports a side whose groups all have one member there as one plain join, with the same table as the UNION form', async () => {
    // Issue 27: the gathered-members branch of the UNION was planned and run for nothing when every
    // group is 1:1 (3.1–3.4 → 2.0–2.1 s CPU for the matched table of the 5,000-column pair).
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('l.csv', csv('ref,amount,date,memo', ['A,10.00,2024-01-01,first', 'B,20.00,2024-01-02,', 'C,30.00,2024-01-03,third', 'D,40.00,2024-01-04,""'])));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv('ref,amount,date,memo', ['A,10.00,2024-01-01,x', 'B,20.00,2024-01-02,y', 'Z,70.00,2024-01-07,z'])));
    const { run_id } = await ws.run(recipe([refRule('exact')], { mappings: [{ field_a: 'memo', field_b: 'memo', confidence: 1, reason: 'test', role: 'text' }] }));
    const db = dbOf(ws);
    const statements: string[] = [];
    const exec = db.exec.bind(db);
    db.exec = (sql, params) => (statements.push(sql), exec(sql, params));
    const matchedSql = () => statements.filter((x) => x.startsWith('CREATE OR REPLACE TEMP TABLE "kalla_export_matched" AS')).at(-1)!;
    const exportTo = async (name: string) => {
      const dir = sb.mkdir(name);
      await ws.export(run_id, { dir, formats: ['csv', 'parquet'] });
      return readFileSync(join(dir, 'matched.csv'), 'utf8');
    };

    // Every group 1:1 on both sides: no UNION, no gathered list.
    const single = await exportTo('single');
    expect(single.split('\n')[0]).toContain('ledger.memo');
    expect(matchedSql()).not.toMatch(/UNION ALL|list_sort/);
    // A batch on the left (C + D paid by Z): only the left side gathers its members.
    await ws.matchManual(run_id, { left: [3, 4], right: [3] });
    const batch = await exportTo('batch');
    expect(matchedSql().match(/UNION ALL/g)).toHaveLength(1);
    expect(matchedSql().match(/list_sort\(list\(/g)).toHaveLength(1);
    expect(batch).toContain('C | D');

    // The same rows and column types as the UNION form of both sides (categorySql's default).
    const raw = { left: await materializeRawText(db, await (ws as unknown as { requireSource: (s: string) => Promise<never> }).requireSource('left')), right: await materializeRawText(db, await (ws as unknown as { requireSource: (s: string) => Promise<never> }).requireSource('right')) };
    for (const side of ['left', 'right'] as const) await exec(`CREATE OR REPLACE TEMP TABLE t_${side} AS SELECT *, __row_id + 1 AS __line FROM ${raw[side]}`);
    const rawText = { left: 't_left', right: 't_right' };
    const business = { left: { alias: 'inv', columns: ['ref', 'amount', 'memo'] }, right: { alias: 'bank', columns: ['ref', 'memo'] } };
    await exec(`CREATE TEMP TABLE u AS ${categorySql(run_id, 'matched', rawText, business)}`);
    await exec(`CREATE TEMP TABLE p AS ${categorySql(run_id, 'matched', rawText, business, { left: true, right: false })}`);
    expect(categorySql(run_id, 'matched', rawText, business, { left: true, right: false }).match(/UNION ALL/g)).toHaveLength(1);
    expect(await db.all(`SELECT * FROM p ORDER BY group_id`)).toEqual(await db.all(`SELECT * FROM u ORDER BY group_id`));
    const types = (t: string) => db.all(`SELECT name, type FROM pragma_table_info('${t}') ORDER BY cid`);
    expect(await types('p')).toEqual(await types('u'));
    expect((await db.all(`SELECT * FROM p`)).length).toBe(3);
  });
});
