/**
 * A month with no transactions (issue 27, item 5): a header-only file has no values, so none of
 * its columns can be typed from them. The run was refused, blaming the amount column's type; an
 * empty side has nothing an amount or date check could skip, so it runs and reports it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

describe('a month with no transactions', () => {
  for (const empty of ['left', 'right'] as const) {
    it(`runs when the ${empty} file has a header only: everything on the other side unmatched`, async () => {
      const ws = await sb.workspace();
      const rows = ['INV-1,100.00,2024-02-01', 'INV-2,50.00,2024-02-13'];
      const full = sb.file('full.csv', csv('ref,amount,date', rows));
      const header = sb.file('empty.csv', csv('ref,amount,date', []));
      const info = await ws.addSourceFromPath(empty, header);
      await ws.addSourceFromPath(empty === 'left' ? 'right' : 'left', full);
      expect(info.row_count).toBe(0);
      const result = await ws.run(recipe([refRule('exact')]));
      expect(result.summary.matched_groups).toBe(0);
      expect(result.summary.unmatched[empty === 'left' ? 'right' : 'left'].count).toBe(2);
      expect(result.summary.unmatched[empty].count).toBe(0);
    });
  }

  it('still refuses a text amount column when the file has rows', async () => {
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('l.csv', csv('ref,amount,date', ['INV-1,abc,2024-02-01', 'INV-2,def,2024-02-13'])));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv('ref,amount,date', ['INV-1,100.00,2024-02-01'])));
    await expect(ws.run(recipe([refRule('exact')]))).rejects.toMatchObject({ code: 'column_not_typed' });
  });
});
