// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExceptionRecord } from '../../../src/shared/reconcile/sources-and-runs';
import { ExceptionFollowUp, ExceptionQueueFilters } from '../../../src/renderer/src/features/reconcile/ExceptionQueue';

afterEach(cleanup);

const EXCEPTION: ExceptionRecord = {
  side: 'left', row_id: 3, rule_id: 'r', reason: 'amount_mismatch', counterpart_row_id: null, amount_delta: 7.5, date_delta_days: 0,
  annotation_reason: null, annotation_note: null, owner: 'ana', status: 'waiting_on_customer', due_date: null,
};
const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

describe('exception statuses, as the queue offers them', () => {
  it('the filter offers any status and each status by its label, and filters by the one picked', () => {
    const onChange = vi.fn();
    render(<ExceptionQueueFilters value={{}} onChange={onChange} />);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(optionTexts(status)).toEqual(['Any status', 'Open', 'Waiting on customer', 'Resolved']);
    fireEvent.change(status, { target: { value: 'resolved' } });
    expect(onChange).toHaveBeenCalledWith({ status: 'resolved' });
  });

  it('the follow-up form offers the same statuses and saves the one picked', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<ExceptionFollowUp label="row 3" exception={EXCEPTION} onSave={onSave} onClose={() => undefined} />);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(optionTexts(status)).toEqual(['Open', 'Waiting on customer', 'Resolved']);
    expect((status as HTMLSelectElement).value).toBe('waiting_on_customer');
    fireEvent.change(status, { target: { value: 'resolved' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Follow up exception' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ owner: 'ana', status: 'resolved' }));
  });
});
