/**
 * Header detection (issue 27, item 3): a first data row without numbers or dates
 * (`R1,A-1,n/a,pending`) was taken as the header; the real header above it was "skipped" and
 * nothing matched. The header is the row least like the data rows below it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

describe('header row', () => {
  it('is not a first data row without numbers or dates', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('l.csv', csv('id,ref,amount,status', ['R1,A-1,n/a,pending', 'R2,A-2,100.00,paid', 'R3,A-3,250.00,paid'])));
    expect(info.columns.map((c) => c.name)).toEqual(['id', 'ref', 'amount', 'status']);
    expect(info.row_count).toBe(3);
    expect(info.skipped_lines ?? []).toEqual([]);
    const page = await ws.preview('left', { offset: 0, limit: 10 });
    expect(page.items.map((r) => r.id)).toEqual(['R1', 'R2', 'R3']);
  });

  it('with a preamble above: the preamble is skipped, the header kept, the first data row read', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('l.csv', csv('Account;Muster GmbH;;\nid;ref;amount;status', ['R1;A-1;n/a;pending', 'R2;A-2;100,00;paid', 'R3;A-3;250,00;paid'])));
    expect(info.columns.map((c) => c.name)).toEqual(['id', 'ref', 'amount', 'status']);
    expect(info.row_count).toBe(3);
  });

  it('below an opening balance padded to the full width: the balance line is the preamble, not the first data row', async () => {
    // A French statement: the opening balance fills 2 of 5 fields with a date and an amount, the
    // header all 5; the closing lines say "Total" and "Solde" (issue 25, v17's first run refused it).
    const ws = await sb.workspace();
    const text = [
      'BANQUE EXEMPLE',
      'Compte : 30004 00001 0001234567 12',
      'Solde au 30/09/2026;;;;12 500,00',
      '',
      'Date;Libellé;Débit;Crédit;Solde',
      '01/10/2026;VIR RECU CLIENT A FACT 101;;1 200,00;13 700,00',
      '02/10/2026;FRAIS TENUE DE COMPTE;15,00;;13 685,00',
      '03/10/2026;VIR RECU CLIENT B FACT 102;;800,00;14 485,00',
      '',
      'Total des mouvements;;15,00;2 000,00;',
      'Solde au 31/10/2026;;;;14 485,00',
    ].join('\n');
    const info = await ws.addSourceFromPath('left', sb.file('releve.csv', text));
    expect(info.columns.map((c) => c.name).slice(0, 5)).toEqual(['Date', 'Libellé', 'Débit', 'Crédit', 'Solde']);
    expect(info.row_count).toBe(3);
    const page = await ws.preview('left', { offset: 0, limit: 10 });
    expect(page.items.map((r) => r['Libellé'])).toEqual(['VIR RECU CLIENT A FACT 101', 'FRAIS TENUE DE COMPTE', 'VIR RECU CLIENT B FACT 102']);
    const skipped = info.skipped_lines ?? [];
    expect(skipped.filter((l) => l.where === 'top').map((l) => l.line)).toEqual([1, 2, 3, 4]);
    expect(skipped.filter((l) => l.where !== 'top')).toHaveLength(3);
  });
});
