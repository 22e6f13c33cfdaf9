// @vitest-environment jsdom
/** Issue 15: rows picked for a manual match show their sums per side and the difference. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageCategory, RecordPageItem, RunSummary } from '../../../src/shared/reconcile/sources-and-runs';
import { ResultsTabs } from '../../../src/renderer/src/features/reconcile/ResultsTabs';

afterEach(cleanup);

const side = (count: number, amount: number) => ({ count, amount });
const SUMMARY: RunSummary = {
  run_id: 1, status: 'completed', recipe_name: 'Oct', started_at: '', finished_at: '', error: null, left_rows: 3, right_rows: 1,
  matched_groups: 0, suggested_groups: 0,
  matched: { left: side(0, 0), right: side(0, 0) }, suggested: { left: side(0, 0), right: side(0, 0) },
  exceptions: { left: side(0, 0), right: side(0, 0) }, unmatched: { left: side(3, 0), right: side(1, 0) },
  match_rate: 0, per_rule: [],
};
const rec = (s: 'left' | 'right', id: number, amount: number | string): RecordPageItem => ({ side: s, row_id: id, row: s === 'left' ? { Ref: `R${id}`, Betrag: amount } : { Ref: `I${id}`, Amount: amount } });
const DATA: Partial<Record<PageCategory, RecordPageItem[]>> = {
  unmatched_left: [rec('left', 1, 60), rec('left', 2, '40.5'), rec('left', 3, 'n/a')],
  unmatched_right: [rec('right', 9, 99)],
};

describe('picked rows', () => {
  it('show Σ per side and the difference, updating as rows are picked and unpicked', async () => {
    render(
      <ResultsTabs
        runId={1}
        summary={SUMMARY}
        aliases={{ left: 'bank', right: 'invoices' }}
        columns={{ left: ['Ref', 'Betrag'], right: ['Ref', 'Amount'] }}
        amountColumns={{ left: 'Betrag', right: 'Amount' }}
        version={0}
        load={async (c, offset, limit) => ({ total: DATA[c]?.length ?? 0, items: (DATA[c] ?? []).slice(offset, offset + limit) })}
        groupIds={async () => ({ ids: [], total: 0 })}
        onReview={async () => undefined}
        onMatch={async () => undefined}
        onUpdateException={async () => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: /Unmatched bank/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Pick bank row 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pick bank row 2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pick bank row 3' }));
    fireEvent.click(screen.getByRole('tab', { name: /Unmatched invoices/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Pick invoices row 9' }));
    const sums = screen.getByLabelText('Sums of picked rows');
    expect(sums.textContent).toBe('Σ bank 100.50 · Σ invoices 99.00 · difference 1.50');
    expect(sums.querySelector('.delta.warn')?.textContent).toBe('1.50');
    fireEvent.click(screen.getByRole('tab', { name: /Unmatched bank/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Pick bank row 2' }));
    expect(screen.getByLabelText('Sums of picked rows').textContent).toBe('Σ bank 60.00 · Σ invoices 99.00 · difference -39.00');
  });
});
