// @vitest-environment jsdom
/**
 * Issue 26: a view whose `*` reads a table function had no columns in the Columns panel and no word
 * why. The panel now says what its `*` reads that column lineage does not follow, and shows the
 * engine's error for a view Trino would refuse. Main is replaced by a fake `call` answering as the
 * engine does (`view_columns` of such views).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/renderer/src/api/client', () => ({
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
  newCallId: () => 'c1',
  call: async (channel: string, input: Record<string, unknown>) => {
    if (channel !== 'lineage.viewColumns') throw new Error(`unexpected call ${channel}`);
    if (input.name === 'paid') {
      return {
        name: 'paid', kind: 'view', passesThrough: [], untraced: [],
        columns: [
          { name: 'amount', origins: [{ relation: 'raw.orders', column: 'amount', kind: 'direct' }], notes: [] },
          { name: 'rk', origins: [], notes: [], indirect: [{ relation: 'raw.orders', column: 'cust_id', subtype: 'window' }, { relation: 'raw.orders', column: 'kind', subtype: 'conditional' }] },
        ],
        indirect: [
          { relation: 'raw.orders', column: 'status', subtype: 'filter' },
          { relation: 'raw.customers', column: 'id', subtype: 'join' },
          { relation: 'raw.orders', column: 'placed', subtype: 'sort' },
        ],
      };
    }
    if (input.name === 'seq') return { name: 'seq', kind: 'view', columns: [], passesThrough: [], untraced: ['a table function'] };
    return {
      name: 'dup', kind: 'view', columns: [], passesThrough: [], untraced: [],
      error: "is invalid, Trino rejects it: column name 'a' specified more than once (in mart/all.sql from line 4)",
    };
  },
}));

const { ColumnsPanel } = await import('../../src/renderer/src/features/lineage/ColumnsPanel');

afterEach(cleanup);

describe('Columns panel, issue 26', () => {
  it('says what a * reads that column lineage does not follow', async () => {
    render(<ColumnsPanel name="seq" onClose={() => undefined} />);
    expect(await screen.findByText(/also reads a table function, which column lineage does not follow/)).toBeTruthy();
  });

  it('lists the columns a view only joins, filters or groups on apart from its columns (indirect lineage)', async () => {
    render(<ColumnsPanel name="paid" onClose={() => undefined} />);
    const list = await screen.findByRole('list', { name: 'Columns paid joins, filters, groups or sorts on' });
    expect(list.textContent).toBe('raw.orders.status (filters on)raw.customers.id (joins on)raw.orders.placed (sorts by)');
    // A column's own window keys and conditions are shown on its line (OpenLineage INDIRECT/WINDOW, CONDITIONAL).
    expect(screen.getByRole('list', { name: 'Columns of paid' }).textContent).toContain('rk ← no source column; reads raw.orders.cust_id (window key), raw.orders.kind (condition)');
    // The column's own origins stay as they were: amount comes from raw.orders.amount only.
    expect(screen.getByRole('list', { name: 'Columns of paid' }).textContent).toContain('← raw.orders.amount');
    expect(screen.getByRole('list', { name: 'Columns of paid' }).textContent).not.toContain('status');
  });

  it("shows a view Trino would refuse with the engine's reason, file and line", async () => {
    render(<ColumnsPanel name="dup" onClose={() => undefined} />);
    expect(await screen.findByText("dup is invalid, Trino rejects it: column name 'a' specified more than once (in mart/all.sql from line 4).")).toBeTruthy();
  });
});
