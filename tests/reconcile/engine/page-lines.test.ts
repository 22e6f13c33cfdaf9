/**
 * Issue 28: results name rows by their line in the user's file, as the exports do (`line` /
 * `recon_line`), not by engine row ids. A file with a multi-line remittance text and an empty line
 * makes the two differ; the page's line, the counterpart's line and group members' lines must be
 * the exported ones. Real DuckDB.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GroupPageItem, RecordPageItem } from '../../../src/shared/reconcile/sources-and-runs';
import { recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

function csvRows(path: string): Record<string, string>[] {
  const [head, ...rows] = readFileSync(path, 'utf8').trim().split(/\r?\n/);
  const cols = head.split(',');
  return rows.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v.replace(/^"|"$/g, '')])));
}

describe('row lines in results', () => {
  it('exceptions, their counterparts and group members carry the line the export names', async () => {
    const ws = await sb.workspace();
    // Line 1 header; A spans lines 2–3 (a quoted line break); line 4 is empty; B is on line 5, C on 6.
    await ws.addSourceFromPath('left', sb.file('l.csv', 'ref,amount,date,memo\nA,100.00,2024-01-01,"two\nlines"\n\nB,50.00,2024-01-02,b\nC,75.00,2024-01-03,c\n'));
    await ws.addSourceFromPath('right', sb.file('r.csv', 'ref,amount,date,memo\n\n\nA,100.00,2024-01-01,a\nB,45.00,2024-01-02,b\nC,70.00,2024-01-03,c\n'));
    const { run_id: runId } = await ws.run(recipe([refRule('exact')]));
    const page = (await ws.page(runId, 'exceptions_left', { offset: 0, limit: 10 })).items as RecordPageItem[];
    expect(page.map((r) => [r.row.ref, r.row_id, r.line])).toEqual([
      ['B', 2, 5],
      ['C', 3, 6],
    ]);
    // Their closest counterparts on the right are on lines 5 and 6 there (two empty lines above A).
    expect(page.map((r) => r.counterpart_line)).toEqual([5, 6]);
    const groups = (await ws.page(runId, 'matched', { offset: 0, limit: 10 })).items as GroupPageItem[];
    expect(groups.map((g) => [g.left_rows[0]!.__line, g.right_rows[0]!.__line])).toEqual([[2, 4]]);

    const out = sb.mkdir('out');
    await ws.export(runId, { dir: out, formats: ['csv'], overwrite: false });
    const exported = csvRows(join(out, 'exceptions_left.csv'));
    expect(exported.map((r) => [r.ref, r.recon_row_id, r.recon_line])).toEqual([
      ['B', '2', '5'],
      ['C', '3', '6'],
    ]);
  });
});
