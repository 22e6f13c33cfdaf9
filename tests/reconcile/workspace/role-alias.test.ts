/**
 * Issue 28 (done in issue 33): a long file name ("UMSAETZE_GIROKONTO_DE8937040044053201300.csv")
 * no longer becomes the alias of every header and tab: the file's role is proposed ("bank",
 * "invoices"), through the real service and DuckDB; a short file name is kept; the alias stays
 * editable and the two sides never share one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core';
import { createTestCore } from '../../helpers/core';
import { proposeAlias } from '../../../src/shared/source-roles';
import { reconFiles } from './data';

let core: Core;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-alias-'));
  core = (await createTestCore({ dataDir: dir })).core;
});
afterAll(async () => {
  await core?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const files = reconFiles();

describe('aliases from the file role', () => {
  it('proposes "bank" and "invoices" for long names, keeps short ones', () => {
    expect(proposeAlias('umsaetze_girokonto_de8937040044053201300', ['Buchungstag', 'Verwendungszweck', 'Betrag'])).toBe('bank');
    expect(proposeAlias('export_20260301_offene_posten_mandant_0042', ['Belegnummer', 'Kunde', 'Faelligkeit', 'Betrag'])).toBe('invoices');
    expect(proposeAlias('erp_open_items', ['Document No', 'Customer'])).toBe('erp_open_items');
    expect(proposeAlias('bank', ['Booking Date'])).toBe('bank');
    // No role in the columns: the first words without the numbers.
    expect(proposeAlias('quarterly_extract_2026_03_region_north', ['a', 'b'])).toBe('quarterly_extract');
  });

  it('names a loaded bank export "bank" and the invoice list "invoices"; either stays editable', async () => {
    const id = (await core.reconcile.create('March')).id;
    await core.reconcile.addSourceFromBytes(id, 'left', 'UMSAETZE_GIROKONTO_DE8937040044053201300.csv', Buffer.from(files.bank));
    let st = await core.reconcile.addSourceFromBytes(id, 'right', 'Export_OP_Liste_Debitoren_20260331_Mandant_0042.csv', Buffer.from(files.invoices));
    expect(st.aliases).toEqual({ left: 'bank', right: 'invoices' });
    st = await core.reconcile.setAlias(id, 'left', 'Giro');
    expect(st.aliases.left).toBe('Giro');
    await expect(core.reconcile.setAlias(id, 'right', 'Giro')).rejects.toThrow(/other source/);
  });
});
