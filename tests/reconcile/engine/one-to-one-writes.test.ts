/**
 * The 1:1 rule writes its candidate pairs once: they are built inside the statement that marks
 * each as unique or contested (`cand0u`), not first written as a table of their own and read back
 * (1M ledger bench: ~0.1 s CPU of the 1:1 rule's ~1.9 s, the same groups). A candidate is unique
 * when neither of its rows is among the few with several candidates: the mark joins hash those
 * few ids, not every candidate's (1M: the statement's CPU 0.62 -> 0.46 s, the same marks).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Db } from '../../../src/main/reconcile/engine/db';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

const HEADER = 'ref,amount,date';
let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

describe('1:1 candidates', () => {
  it('are written once, in the statement that marks them unique or contested, with the same pairs', async () => {
    const seen: string[] = [];
    const exec = Db.prototype.exec;
    Db.prototype.exec = function (this: Db, sql: string, params?: Parameters<Db['exec']>[1]) {
      seen.push(sql);
      return exec.call(this, sql, params);
    };
    try {
      const ws = await sb.workspace();
      // A: unique pair. B: two equal ledger lines for one bank line (contested: one wins, one is lost).
      // C: amount out of tolerance (no candidate).
      await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, ['A-1,100.00,2024-01-01', 'B-2,50.00,2024-01-02', 'B-2,50.00,2024-01-03', 'C-3,75.00,2024-01-03'])));
      await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, ['a1,100.00,2024-01-01', 'b2,50.00,2024-01-02', 'c3,70.00,2024-01-03'])));
      const result = await ws.run(recipe([refRule('exact')]));
      expect(result.summary.matched_groups).toBe(2);
      const page = await ws.page(result.run_id, 'matched', { offset: 0, limit: 10 });
      const pairs = page.items.map((g) => [g.left_ids, g.right_ids]);
      expect(pairs).toEqual([[[1], [1]], [[2], [2]]]);
    } finally {
      Db.prototype.exec = exec;
    }
    expect(seen.some((s) => /TEMP TABLE cand0\s+AS/i.test(s))).toBe(false);
    const marking = seen.filter((s) => /TEMP TABLE cand0u AS/.test(s));
    expect(marking).toHaveLength(1);
    expect(marking[0]).toMatch(/FROM w_left l JOIN w_right r ON/);
  });

  it('marks a candidate unique exactly when each of its rows has no other candidate', async () => {
    const seen: string[] = [];
    let marks: Array<{ lid: string; rid: string; u: boolean; expected: boolean }> = [];
    const exec = Db.prototype.exec;
    Db.prototype.exec = async function (this: Db, sql: string, params?: Parameters<Db['exec']>[1]) {
      seen.push(sql);
      // Read the marks just before they are used, next to the definition computed by window counts.
      if (/FROM cand0u WHERE u$/.test(sql.trim())) {
        marks = await this.all(
          `SELECT CAST(lid AS VARCHAR) AS lid, CAST(rid AS VARCHAR) AS rid, u,
             count(*) OVER (PARTITION BY lid) = 1 AND count(*) OVER (PARTITION BY rid) = 1 AS expected FROM cand0u ORDER BY lid, rid`,
        );
      }
      return exec.call(this, sql, params);
    };
    try {
      const ws = await sb.workspace();
      // A: unique. B: two ledger lines, one bank line (contested by the bank line).
      // D: one ledger line, two bank lines (contested by the ledger line).
      await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, ['A-1,100.00,2024-01-01', 'B-2,50.00,2024-01-02', 'B-2,50.00,2024-01-03', 'D-4,20.00,2024-01-05'])));
      await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, ['a1,100.00,2024-01-01', 'b2,50.00,2024-01-02', 'd4,20.00,2024-01-05', 'd4,20.00,2024-01-06'])));
      const result = await ws.run(recipe([refRule('exact')]));
      expect(result.summary.matched_groups).toBe(3);
    } finally {
      Db.prototype.exec = exec;
    }
    expect(marks.map((m) => [m.lid, m.rid, m.u])).toEqual([
      ['1', '1', true],
      ['2', '2', false],
      ['3', '2', false],
      ['4', '3', false],
      ['4', '4', false],
    ]);
    expect(marks.every((m) => m.u === m.expected)).toBe(true);
    // The mark joins look ids up among the rows with several candidates, not among all of them.
    const marking = seen.find((s) => /TEMP TABLE cand0u AS/.test(s)) ?? '';
    expect(marking.match(/HAVING count\(\*\) > 1/g)).toHaveLength(2);
    expect(marking).not.toMatch(/HAVING count\(\*\) = 1/);
  });

  it('writes unique pairs straight into the groups, with the statuses the pair table gave them', async () => {
    const seen: string[] = [];
    const exec = Db.prototype.exec;
    Db.prototype.exec = function (this: Db, sql: string, params?: Parameters<Db['exec']>[1]) {
      seen.push(sql);
      return exec.call(this, sql, params);
    };
    const counts: Array<[number, number]> = [];
    try {
      const ws = await sb.workspace();
      // A: unique. B: one bank line between two different ledger lines a day either side (ambiguous).
      await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, ['A-1,100.00,2024-01-01', 'B-2,50.00,2024-01-01', 'B-2,50.00,2024-01-03'])));
      await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, ['a1,100.00,2024-01-01', 'b2,50.00,2024-01-02'])));
      for (const auto_confirm of [true, false]) {
        const { summary } = await ws.run(recipe([refRule('exact', { auto_confirm })]));
        counts.push([summary.matched_groups, summary.suggested_groups]);
      }
    } finally {
      Db.prototype.exec = exec;
    }
    // Auto-confirming: A confirmed, B only suggested. Suggest-only: A suggested, the ambiguous B left out.
    expect(counts).toEqual([
      [1, 1],
      [0, 1],
    ]);
    expect(seen.filter((s) => /INSERT INTO gtmp[\s\S]*FROM cand0u WHERE u$/.test(s.trim()))).toHaveLength(2);
    expect(seen.some((s) => /INSERT INTO pairs[\s\S]*FROM cand0u/.test(s))).toBe(false);
  });
});
