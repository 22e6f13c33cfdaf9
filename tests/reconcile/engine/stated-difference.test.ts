/**
 * A payment short by an amount its own text states: Polish split payments (MPP) send the VAT to the
 * seller's VAT account and the net here, with "/VAT/63,10/…/INV/FS 464/08/2026" in the title; the
 * same shape as "abzgl. Skonto 12,34" or "less WHT 1,234.00". Through real DuckDB, the auto recipe
 * and a run: such a pair settles the invoice automatically with the stated amount in its evidence;
 * a line short by an amount it does not state is not confirmed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const pln = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const PAYERS = ['POLTECH SP. Z O.O.', 'ELEKTROSYSTEM S.A.', 'POLCAR SP. Z O.O.', 'MARBUD SP. J.'];

describe('a difference the payment states', () => {
  it('settles an invoice paid less the VAT its title names, and not one paid less an unnamed amount', async () => {
    const left: string[] = [];
    const right: string[] = [];
    for (let k = 0; k < 60; k++) {
      const gross = 12_300 + ((k * 7_919_31) % 4_000_000);
      const no = `FS ${100 + k}/09/2026`;
      left.push([no, PAYERS[k % 4], '2026-09-30', pln(gross)].join(';'));
      // Every third a split payment: 23 % VAT of the net, i.e. gross × 23/123, arrives elsewhere.
      const vat = Math.round((gross * 23) / 123);
      if (k % 3 === 0) right.push(['2026-10-05', `/VAT/${pln(vat)}/IDC/7792468135/INV/${no}/TXT/zaplata`, PAYERS[k % 4], pln(gross - vat)].join(';'));
      else if (k === 58) right.push(['2026-10-05', `Zaplata za ${no}`, PAYERS[k % 4], pln(gross - 4_321)].join(';'));
      else right.push(['2026-10-05', `Zaplata za ${no}`, PAYERS[k % 4], pln(gross)].join(';'));
    }
    const ws = await sb.workspace('mpp');
    await ws.addSourceFromPath('left', sb.file('rozrachunki.csv', csv('Numer dokumentu;Kontrahent;Termin;Kwota', left)));
    await ws.addSourceFromPath('right', sb.file('wyciag.csv', csv('Data;Tytul;Nadawca;Kwota', right)));
    const auto = await buildAutoRecipe(ws, 'mpp');
    const result = await ws.run(auto.recipe);
    const groups = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 200 })).items;
    ws.close();
    const split = groups.filter((g) => String(g.right_rows[0]?.Tytul).startsWith('/VAT/'));
    expect(split).toHaveLength(20);
    for (const g of split) {
      expect(g.status).toBe('auto');
      expect(g.evidence).toMatch(/which the line states/);
    }
    const short = groups.find((g) => String(g.left_rows[0]?.['Numer dokumentu']) === 'FS 158/09/2026');
    expect(short?.status ?? 'unmatched').not.toBe('auto');
  });
});
