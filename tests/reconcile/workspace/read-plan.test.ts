/**
 * Issue 15: next month's files are read the way this month's were. Duplicate and a loaded recipe
 * carry each side's chosen read options and column type fixes to the next file; what no longer
 * fits the new file is said on the source card, and a layout that cannot read it at all gives way
 * to the detected one instead of failing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core';
import type { WorkspaceState } from '../../../src/shared/reconcile/workspace';
import { createTestCore } from '../../helpers/core';

let core: Core;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-plan-'));
  core = (await createTestCore({ dataDir: dir })).core;
});
afterAll(async () => {
  await core?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** A German bank export: two lines of account details, `;`, decimal commas, a customer number (an identifier, read as a number). */
function bank(month: number, opts: { preamble?: boolean; kundennr?: boolean } = {}): Buffer {
  const { preamble = true, kundennr = true } = opts;
  const lines = preamble ? ['Kontoinhaber;Muster GmbH;;', 'IBAN;DE12 3704 0044 0532 0130 00;;', ''] : [];
  lines.push(['Buchungstag', 'Verwendungszweck', ...(kundennr ? ['Kundennr'] : []), 'Betrag'].join(';'));
  for (let i = 1; i <= 12; i++) lines.push([`${String(i).padStart(2, '0')}.${String(month).padStart(2, '0')}.2026`, `RE-${month}${String(i).padStart(3, '0')}`, ...(kundennr ? [`${1000 + i}`] : []), `${i * 3},${String(i).padStart(2, '0')}`].join(';'));
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}
const invoices = (month: number) => Buffer.from(`Invoice,Date,Amount\n${Array.from({ length: 12 }, (_, i) => `RE-${month}${String(i + 1).padStart(3, '0')},2026-${String(month).padStart(2, '0')}-${String(i + 1).padStart(2, '0')},${(i + 1) * 3}.${String(i + 1).padStart(2, '0')}`).join('\n')}\n`);

const planNotices = (st: WorkspaceState, side: 'left' | 'right') => st.sources[side]!.info.notices.filter((n) => n.code.startsWith('read_plan')).map((n) => n.message);
const column = (st: WorkspaceState, name: string) => st.sources.left!.info.columns.find((c) => c.name === name);

describe('read options carried to next month', () => {
  let october: string;

  it('October: the customer number is fixed to text and the lines above the header are set by hand', async () => {
    october = (await core.reconcile.create('October')).id;
    await core.reconcile.addSourceFromBytes(october, 'left', 'umsaetze-10.csv', bank(10));
    await core.reconcile.addSourceFromBytes(october, 'right', 'invoices-10.csv', invoices(10));
    let st = await core.reconcile.setColumnType(october, 'left', 'Kundennr', 'text');
    expect(column(st, 'Kundennr')).toMatchObject({ type: 'text', overridden: true });
    // Formats are choices: a made-up one is refused with what to choose, and nothing changes.
    await expect(core.reconcile.setColumnType(october, 'left', 'Buchungstag', 'date', 'de')).rejects.toThrow(/“de” is not a date format; choose one of 2026-12-31 \(ISO\), 31\.12\.2026/);
    await expect(core.reconcile.setColumnType(october, 'left', 'Betrag', 'number', 'de')).rejects.toThrow(/decimal comma/);
    st = await core.reconcile.retrySource(october, 'left', { skip_top: 3 });
    expect(st.sources.left!.info.skip_top).toBe(3);
    expect(st.sources.left!.read).toMatchObject({ skip_top: 3 });
  });

  it('Duplicate: November’s file is read with them, and the card says where they came from', async () => {
    const november = await core.reconcile.duplicate(october, 'November');
    expect(november.read_plan.left).toMatchObject({ read: { skip_top: 3, column_overrides: { Kundennr: { type: 'text' } } }, from: '“October”' });
    const st = await core.reconcile.addSourceFromBytes(november.id, 'left', 'umsaetze-11.csv', bank(11));
    expect(column(st, 'Kundennr')).toMatchObject({ type: 'text', overridden: true });
    expect(st.sources.left!.info.row_count).toBe(12);
    expect(planNotices(st, 'left')).toEqual(['read with the options from “October”: skip top 3', 'type fixes from “October” applied: Kundennr as text']);
    // Used once: the plan is now the source's own read options (and travels on with the next Duplicate).
    expect(st.read_plan.left).toBeNull();
    expect((await core.reconcile.duplicate(november.id, 'December')).read_plan.left?.read).toMatchObject({ skip_top: 3, column_overrides: { Kundennr: { type: 'text' } } });
  });

  it('what no longer fits is said: a layout that cannot read the file gives way to detection, a missing column is named', async () => {
    const next = await core.reconcile.duplicate(october, 'November (new bank format)');
    // The bank dropped the account lines and the customer number.
    const st = await core.reconcile.addSourceFromBytes(next.id, 'left', 'umsaetze-11-neu.csv', bank(11, { preamble: false, kundennr: false }));
    expect(st.sources.left!.info.row_count).toBe(12);
    expect(st.sources.left!.info.skip_top ?? 0).toBe(0);
    const notices = planNotices(st, 'left');
    expect(notices[0]).toMatch(/^the read options from “October” \(skip top 3\) do not fit this file \(.+\); it was read with the options detected from the file instead/);
    expect(notices[1]).toBe('the type fix for “Kundennr” (text) from “October” was not applied: this file has no column “Kundennr”');
  });

  it('Duplicate with the files chosen in the other order: each is read on the side whose columns it has (issue 28)', async () => {
    const next = await core.reconcile.duplicate(october, 'November (other order)');
    // The invoice list chosen first goes left, the bank file right: the other way round from October.
    let st = await core.reconcile.addSourceFromBytes(next.id, 'left', 'invoices-11.csv', invoices(11));
    expect(st.sources.left).toBeNull();
    expect(st.sources.right!.info.name).toBe('invoices-11.csv');
    expect(st.sources.right!.info.notices[0]).toEqual({
      code: 'side_swapped',
      message: '“invoices-11.csv” was chosen for the left side, but it has the columns of invoices_10 (the right side\'s file last month), so it is read as invoices_10 on the right side; the left side is for the umsaetze_10 file',
    });
    st = await core.reconcile.addSourceFromBytes(next.id, 'right', 'umsaetze-11.csv', bank(11));
    // The bank file is labelled as the bank, read with the bank's options from October (3 lines above the header, the text fix).
    expect([st.sources.left!.info.name, st.sources.right!.info.name]).toEqual(['umsaetze-11.csv', 'invoices-11.csv']);
    expect(st.aliases).toEqual({ left: 'umsaetze_10', right: 'invoices_10' });
    expect(st.sources.left!.info.row_count).toBe(12);
    expect(column(st, 'Kundennr')).toMatchObject({ type: 'text', overridden: true });
    expect(st.sources.left!.info.notices.map((n) => n.code)).toContain('side_swapped');
    // The mapping carried from October still fits, so it is kept.
    expect(st.mapping?.rows).toEqual((await core.reconcile.get(october)).mapping!.rows);
  });

  it('a loaded recipe re-reads files already loaded with its options', async () => {
    const recipe = join(dir, 'october.recipe.json');
    // A recipe needs rules: the mapping and rules of October are suggested first.
    await core.reconcile.confirmMappings(october, (await core.reconcile.get(october)).mapping!.rows.map((r) => ({ ...r, decision: 'accepted' as const })));
    await core.reconcile.suggestRules(october);
    await core.reconcile.saveRecipe(october, recipe);
    const fresh = (await core.reconcile.create('From recipe')).id;
    await core.reconcile.addSourceFromBytes(fresh, 'left', 'umsaetze-12.csv', bank(12));
    expect(column(await core.reconcile.get(fresh), 'Kundennr')?.type).not.toBe('text');
    const st = await core.reconcile.loadRecipe(fresh, recipe);
    expect(column(st, 'Kundennr')).toMatchObject({ type: 'text', overridden: true });
    expect(planNotices(st, 'left')).toEqual(['read with the options from october.recipe.json: skip top 3', 'type fixes from october.recipe.json applied: Kundennr as text']);
  });
});
