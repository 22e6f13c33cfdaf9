// @vitest-environment jsdom
/**
 * Issue 33: the review grid shows both sides of a group in full (reference, date, text, amount)
 * and its columns can be hidden and resized, kept per workspace.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GroupPageItem, RunSummary } from '../../../src/shared/reconcile/sources-and-runs';
import { ResultsTabs } from '../../../src/renderer/src/features/reconcile/ResultsTabs';
import { resolveFields } from '../../../src/renderer/src/features/reconcile/result-format';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const side = (count: number, amount: number) => ({ count, amount });
const SUMMARY: RunSummary = {
  run_id: 1, status: 'completed', recipe_name: 'Mar', started_at: '', finished_at: '', error: null, left_rows: 3, right_rows: 2,
  matched_groups: 0, suggested_groups: 1,
  matched: { left: side(0, 0), right: side(0, 0) }, suggested: { left: side(2, 300), right: side(1, 300) },
  exceptions: { left: side(0, 0), right: side(0, 0) }, unmatched: { left: side(1, 5), right: side(1, 9) },
  match_rate: 0, per_rule: [],
};
// A payment of two invoices: the invoice side has two members, the bank side one.
const GROUP: GroupPageItem = {
  group_id: 7, rule_id: 'multi-invoice', cardinality: 'N:1', status: 'suggested', left_ids: [1, 2], right_ids: [9], amount_left: 1234567.89, amount_right: 1234567.89,
  amount_delta: 0, date_delta_days: 3, score: 0.97, note: null,
  left_rows: [
    { 'Invoice No': 'RE-2026-0471', Customer: 'Fischer Maschinenbau GmbH', 'Invoice Date': '2026-02-02', Amount: '1234000.000000' },
    { 'Invoice No': 'RE-2026-0472', Customer: 'Fischer Maschinenbau GmbH', 'Invoice Date': '2026-02-05', Amount: '567.890000' },
  ],
  right_rows: [{ Verwendungszweck: 'RE 0471 0472', Auftraggeber: 'FISCHER MASCHINENB.', Buchungstag: '2026-03-02', Betrag: 1234567.89 }],
};

function show(layoutKey: string) {
  return render(
    <ResultsTabs
      runId={1}
      layoutKey={layoutKey}
      summary={SUMMARY}
      aliases={{ left: 'Invoices', right: 'Bank' }}
      columns={{ left: ['Invoice No', 'Customer', 'Invoice Date', 'Amount'], right: ['Verwendungszweck', 'Auftraggeber', 'Buchungstag', 'Betrag'] }}
      fields={{ left: { reference: 'Invoice No', date: 'Invoice Date', text: 'Customer', amount: 'Amount' }, right: { date: 'Buchungstag', text: 'Auftraggeber', amount: 'Betrag' } }}
      version={0}
      load={async (c) => (c === 'suggested' ? { total: 1, items: [GROUP] } : { total: 0, items: [] })}
      groupIds={async () => ({ ids: [7], total: 1 })}
      onReview={async () => undefined}
      onMatch={async () => undefined}
      onUpdateException={async () => undefined}
    />,
  );
}

describe('the review grid (issue 33)', () => {
  it('shows reference, date, text and amount of both sides of a group, the total of a split', async () => {
    show('ws-a');
    const grid = await screen.findByRole('grid', { name: 'Suggested' });
    await within(grid).findByText('RE-2026-0471');
    const [left, right] = [...grid.querySelectorAll('[role="gridcell"].c-side')];
    expect(left!.textContent).toContain('RE-2026-0471');
    expect(left!.textContent).toContain('2026-02-02');
    expect(left!.textContent).toContain('Fischer Maschinenbau GmbH');
    // Two invoices: Σ of both, and "+1" said as "and 1 more in Invoices"; each member in the tooltip.
    expect(left!.querySelector('.m-amt')!.textContent).toBe('Σ 1,234,567.89');
    expect(within(left as HTMLElement).getByLabelText('and 1 more in Invoices')).toBeTruthy();
    expect(left!.querySelector('.members')!.getAttribute('title')).toContain('RE-2026-0472 · 2026-02-05 · Fischer Maschinenbau GmbH · 567.89');
    // The bank side has no mapped key: its reference is its first text column not otherwise shown.
    expect(right!.textContent).toContain('RE 0471 0472');
    expect(right!.textContent).toContain('2026-03-02');
    expect(right!.textContent).toContain('FISCHER MASCHINENB.');
    expect(right!.querySelector('.m-amt')!.textContent).toBe('1,234,567.89');
    // Δ amount and Δ days in one column, the rule with its confidence.
    expect(grid.querySelector('[role="gridcell"].c-delta')!.textContent).toBe('0.003 d');
    expect(grid.querySelector('[role="gridcell"].c-rule')!.textContent).toContain('multi-invoice');
  });

  it('hides a column and resizes one, kept for the workspace and not for another', async () => {
    show('ws-a');
    const grid = await screen.findByRole('grid', { name: 'Suggested' });
    await within(grid).findByText('RE-2026-0471');
    fireEvent.click(screen.getByText('Columns'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rule' }));
    expect(within(grid).queryByRole('columnheader', { name: /^Rule/ })).toBeNull();
    expect(grid.querySelector('[role="gridcell"].c-rule')).toBeNull();
    const handle = within(grid).getByRole('separator', { name: 'Resize Invoices' });
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    const headerRow = grid.querySelector<HTMLElement>('.vhead')!;
    const width = Number(handle.getAttribute('aria-valuenow'));
    expect(headerRow.style.gridTemplateColumns.split(' ')[1]).toBe(`${width}px`);
    cleanup();

    show('ws-a');
    const again = await screen.findByRole('grid', { name: 'Suggested' });
    await within(again).findByText('RE-2026-0471');
    expect(within(again).queryByRole('columnheader', { name: /^Rule/ })).toBeNull();
    expect(within(again).getByRole('separator', { name: 'Resize Invoices' }).getAttribute('aria-valuenow')).toBe(String(width));
    cleanup();

    show('ws-b');
    const other = await screen.findByRole('grid', { name: 'Suggested' });
    await within(other).findByText('RE-2026-0471');
    expect(within(other).getByRole('columnheader', { name: /^Rule/ })).toBeTruthy();
  });

  it('closes the Columns menu with Escape, focus back on its button', async () => {
    show('ws-a');
    await screen.findAllByText('RE-2026-0471');
    const summary = screen.getByText('Columns');
    fireEvent.click(summary);
    const menu = summary.closest('details')!;
    expect(menu.open).toBe(true);
    fireEvent.keyDown(screen.getByRole('checkbox', { name: 'Rule' }), { key: 'Escape' });
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(summary);
  });

  it('finds reference, date, amount and text columns by their values when none is mapped', () => {
    expect(resolveFields(['Betrag', 'Buchungstag', 'Name', 'Zweck'], undefined, { Betrag: '12.500000', Buchungstag: '2026-03-02', Name: 'A', Zweck: 'B' })).toEqual({ reference: 'Name', date: 'Buchungstag', amount: 'Betrag', text: 'Zweck' });
  });
});
