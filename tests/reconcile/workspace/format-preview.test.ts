/**
 * Issue 27, the format picker of the mapping step: `reconcile.previewColumnType` reads a column
 * with a type and format without changing it, through the real dispatcher (zod contract, service,
 * engine): an amount column of mixed 1.234,56 / 1,234.56 values that stays text, and dates whose
 * day/month order cannot be decided from the data. Applying the format is `setColumnType`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ColumnTypePreview } from '../../../src/shared/reconcile/sources-and-runs';
import type { WorkspaceState } from '../../../src/shared/reconcile/workspace';
import { createTestCore } from '../../helpers/core';
import { sandbox } from '../engine/helpers';
import { FORMAT_PICKER_AMOUNTS, formatPickerBank } from './format-preview-data';

const sb = sandbox();
afterAll(() => sb.cleanup());

type Reply<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

describe('reconcile.previewColumnType', () => {
  it('shows what each format reads, the unreadable values first, and changes nothing', async () => {
    const { core } = await createTestCore({ dataDir: sb.mkdir('data'), withBuiltins: false });
    const call = <T>(channel: string, input: unknown) => core.dispatch(channel as never, input as never) as Promise<Reply<T>>;
    try {
      const ws = await call<WorkspaceState>('reconcile.create', { name: 'April' });
      if (!ws.ok) throw new Error(ws.error.message);
      const id = ws.value.id;
      const loaded = await call<WorkspaceState>('reconcile.addSourcePath', { id, side: 'right', path: sb.file('bank.csv', formatPickerBank()) });
      if (!loaded.ok) throw new Error(loaded.error.message);
      const typeOf = (s: WorkspaceState, c: string) => s.sources.right?.info.columns.find((x) => x.name === c);
      expect(typeOf(loaded.value, 'amount')?.type).toBe('text');
      const preview = async (column: string, type: string, format: string) => {
        const r = await call<ColumnTypePreview>('reconcile.previewColumnType', { id, side: 'right', column, type, format });
        if (!r.ok) throw new Error(r.error.message);
        return r.value;
      };
      const eu = await preview('amount', 'number', 'eu');
      expect([eu.sampled, eu.unreadable]).toEqual([12, 1]);
      expect(eu.values[0]).toEqual({ raw: '1,234.56', parsed: null });
      expect(eu.values.find((v) => v.raw === '1.234,56')?.parsed).toBe('1234.56');
      expect(eu.values.find((v) => v.raw === '12.500,00')?.parsed).toBe('12500.0');
      const us = await preview('amount', 'number', 'us');
      expect(us.unreadable).toBe(11);
      expect(us.values.find((v) => v.raw === '1,234.56')?.parsed).toBe('1234.56');
      expect(us.values.slice(0, 5).every((v) => v.parsed === null)).toBe(true);
      expect(us.values).toHaveLength(6); // 5 that do not read, then the 1 that does
      const dayFirst = await preview('booked', 'date', '%d/%m/%Y');
      const monthFirst = await preview('booked', 'date', '%m/%d/%Y');
      expect(dayFirst.values.find((v) => v.raw === '03/04/2026')?.parsed).toBe('2026-04-03');
      expect(monthFirst.values.find((v) => v.raw === '03/04/2026')?.parsed).toBe('2026-03-04');
      expect(monthFirst.unreadable).toBe(0);

      // Two columns previewed at once (the picker shows an amount and a date box together): each gets its own values.
      const [a, d] = await Promise.all([preview('amount', 'number', 'eu'), preview('booked', 'date', '%d/%m/%Y')]);
      expect(a.values.map((v) => v.raw)).toEqual(eu.values.map((v) => v.raw));
      expect(d.values.map((v) => v.raw)).toEqual(dayFirst.values.map((v) => v.raw));

      // Nothing changed by looking.
      const after = await call<WorkspaceState>('reconcile.get', { id });
      expect(after.ok && typeOf(after.value, 'amount')?.type).toBe('text');
      // The contract refuses what the picker never sends; the service refuses a format that is not one.
      const bad = await call('reconcile.previewColumnType', { id, side: 'right', column: 'amount', type: 'boolean', format: 'eu' });
      expect(!bad.ok && bad.error.code).toBe('invalid_input');
      const notAFormat = await call('reconcile.previewColumnType', { id, side: 'right', column: 'booked', type: 'date', format: 'dd.mm' });
      expect(!notAFormat.ok && notAFormat.error.message).toMatch(/No preview of “booked”: “dd\.mm” is not a date format/);
      const noColumn = await call('reconcile.previewColumnType', { id, side: 'right', column: 'nope', type: 'number', format: 'eu' });
      expect(!noColumn.ok && noColumn.error.message).toMatch(/no column “nope”/);

      // Applying the chosen format: the column is a number column with the values the preview showed.
      const applied = await call<WorkspaceState>('reconcile.setColumnType', { id, side: 'right', column: 'amount', type: 'number', format: 'eu' });
      expect(applied.ok && typeOf(applied.value, 'amount')?.type).toBe('number');
      const rows = await call<{ items: Record<string, unknown>[] }>('reconcile.preview', { id, side: 'right', offset: 0, limit: 12 });
      const read = new Map(rows.ok ? rows.value.items.map((r, i) => [FORMAT_PICKER_AMOUNTS[i], r.amount === null ? null : Number(r.amount)]) : []);
      for (const v of eu.values) expect(read.get(v.raw), v.raw).toBe(v.parsed === null ? null : Number(v.parsed));
    } finally {
      await core.dispose();
    }
  }, 60_000);
});
