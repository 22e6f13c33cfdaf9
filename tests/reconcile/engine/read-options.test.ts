/**
 * Issue 15: read options chosen on the source card — quoting, header row, lines above — are
 * previewed before the file is read again, and a file that uses quotes as text reads with
 * quote: none.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadOptionsSchema } from '../../../src/shared/reconcile/recipe';
import { previewRead } from '../../../src/main/reconcile/engine/read-preview';
import { ReconError } from '../../../src/main/errors';
import { sandbox, type Sandbox } from './helpers';

const SPARKASSE = join(__dirname, '..', '..', 'fixtures', 'bank-exports', 'de-sparkasse.csv');
const read = (o: object = {}) => ReadOptionsSchema.parse(o);

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

describe('read preview', () => {
  it('shows the columns and first rows a German export would be read as, and the preamble left out', async () => {
    const p = await previewRead(SPARKASSE, read());
    expect(p.delimiter).toBe(';');
    expect(p.columns).toEqual(['Buchungstag', 'Valuta', 'Auftraggeber/Empfänger', 'Verwendungszweck', 'Betrag (EUR)']);
    expect(p.rows[0]).toEqual(['01.01.2026', '01.01.2026', 'ACME Handels GmbH', 'RE-2026-00000\nKundennr. 1000', '1.000,01']);
    expect(p.rows).toHaveLength(8);
    expect(p.skipped.filter((l) => l.where === 'top').map((l) => l.line)).toEqual([1, 2, 3, 4]);
  });

  it('follows the options it is given: fewer lines above, no header row, another delimiter', async () => {
    // Two lines above instead of four: the period line would be taken as data (it holds dates)…
    expect((await previewRead(SPARKASSE, read({ skip_top: 2 }))).header).toBe(false);
    // …or, told it is the header, names two columns of five.
    const above = await previewRead(SPARKASSE, read({ skip_top: 2, header: true }));
    expect(above.columns).toEqual(['Zeitraum:', '01.01.2026 - 31.12.2026', 'column_3', 'column_4', 'column_5']);
    const headless = await previewRead(SPARKASSE, read({ header: false }));
    expect(headless.columns).toEqual(['column_1', 'column_2', 'column_3', 'column_4', 'column_5']);
    expect(headless.rows[0][0]).toBe('Buchungstag');
    const comma = await previewRead(SPARKASSE, read({ delimiter: ',' }));
    expect(comma.delimiter).toBe(',');
    expect(comma.columns.length).not.toBe(5);
  });

  it('refuses a workbook: a sheet is shown once it is read', async () => {
    const error = await previewRead(join(__dirname, '..', '..', 'fixtures', 'bank-exports', 'statement-two-sheets.xlsx'), read()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReconError);
  });
});

describe('quote: none', () => {
  it('reads an export whose text holds bare double quotes, with every row and line number intact', async () => {
    const rows = ['2026-01-02,Monitor 27" (2x),199.00', '2026-01-03,"Cable" pack,12.50', '2026-01-04,Desk,310.00'];
    const file = sb.file('unquoted.csv', `date,item,amount\n${rows.join('\n')}\n`);
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', file, { quote: 'none' });
    expect(info.quote).toBe('none');
    expect(info.row_count).toBe(3);
    const page = await ws.preview('left', { offset: 0, limit: 5 });
    expect(page.items.map((r) => r.item)).toEqual(['Monitor 27" (2x)', '"Cable" pack', 'Desk']);
    const p = await previewRead(file, read({ quote: 'none' }));
    expect(p.rows.map((r) => r[1])).toEqual(['Monitor 27" (2x)', '"Cable" pack', 'Desk']);
  });
});
