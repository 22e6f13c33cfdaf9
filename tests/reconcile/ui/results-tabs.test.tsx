// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupPageItem, PageCategory, RecordPageItem, RunSummary } from '../../../src/shared/reconcile/sources-and-runs';
import { ResultsTabs, tabCounts } from '../../../src/renderer/src/features/reconcile/ResultsTabs';

afterEach(cleanup);

const side = (count: number, amount: number) => ({ count, amount });
const SUMMARY: RunSummary = {
  run_id: 1, status: 'completed', recipe_name: 'Oct', started_at: '', finished_at: '', error: null, left_rows: 6, right_rows: 5,
  matched_groups: 1, suggested_groups: 2,
  matched: { left: side(1, 100), right: side(1, 100) },
  suggested: { left: side(2, 300), right: side(2, 300) },
  exceptions: { left: side(1, 50), right: side(1, 57.5) },
  unmatched: { left: side(2, 20), right: side(1, 9) },
  match_rate: 0.18, per_rule: [],
};

const group = (id: number, status: GroupPageItem['status'], delta: number): GroupPageItem => ({
  group_id: id, rule_id: 'exact-key', cardinality: '1:1', status, left_ids: [id], right_ids: [id], amount_left: 100, amount_right: 100 - delta,
  amount_delta: delta, date_delta_days: 0, score: 1, note: null,
  left_rows: [{ Reference: `INV-${id}`, Amount: '100.000000' }], right_rows: [{ 'Invoice No': `INV-${id}`, 'Amount Due': 100 - delta }],
});
const record = (s: 'left' | 'right', id: number, exception = false): RecordPageItem => ({
  side: s, row_id: id, row: s === 'left' ? { Reference: `R${id}`, Amount: 10 } : { 'Invoice No': `I${id}`, 'Amount Due': 9 },
  ...(exception ? { exception: { side: s, row_id: id, rule_id: 'r', reason: 'amount_mismatch', counterpart_row_id: null, amount_delta: 7.5, date_delta_days: 0, annotation_reason: null, annotation_note: null, owner: null, status: 'open' as const, due_date: null } } : {}),
});

/** In-memory data the way the engine pages it: the component only sees `load`. */
function data(): Record<PageCategory, (GroupPageItem | RecordPageItem)[]> {
  return {
    matched: [group(1, 'auto', 0)],
    suggested: [group(2, 'suggested', 0), group(3, 'suggested', 7.5)],
    exceptions_left: [record('left', 4, true)],
    exceptions_right: [record('right', 4, true)],
    unmatched_left: [record('left', 5), record('left', 6)],
    unmatched_right: [record('right', 7)],
  };
}

/** Every page request's category and sort, in order. */
let sorts: string[] = [];
/** Every work-queue filter a page request carried. */
let queues: string[] = [];

function setup() {
  sorts = [];
  queues = [];
  const d = data();
  const calls: string[] = [];
  render(
    <ResultsTabs
      runId={1}
      summary={SUMMARY}
      aliases={{ left: 'bank', right: 'invoices' }}
      columns={{ left: ['Reference', 'Amount'], right: ['Invoice No', 'Amount Due'] }}
      version={0}
      load={async (c, offset, limit, _search, sort, queue) => {
        sorts.push(sort ? `${c} ${sort.by}${sort.desc ? ' desc' : ''}` : `${c}`);
        if (queue) queues.push(`${c} ${JSON.stringify(queue)}`);
        return { total: d[c].length, items: d[c].slice(offset, offset + limit) };
      }}
      // Select all asks main for every matching group, not only the loaded ones.
      groupIds={async (c) => ({ ids: d[c].flatMap((g) => ('group_id' in g ? [g.group_id] : [])), total: d[c].length })}
      onReview={async (action, ids, reason) => void calls.push(`${action} ${ids.join(',')}${reason ? ` as ${reason}` : ''}`)}
      onMatch={async (l, r) => void calls.push(`match ${l.join(',')} | ${r.join(',')}`)}
      onUpdateException={async (s, id, update) => void calls.push(`update ${s} ${id} ${JSON.stringify(update)}`)}
    />,
  );
  return calls;
}

describe('ResultsTabs', () => {
  it('has a tab per category with counts, starting on the suggestions', async () => {
    setup();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Matched 1', 'Suggested 2', 'Exceptions 2', 'Unmatched bank 2', 'Unmatched invoices 1']);
    expect(screen.getByRole('tab', { name: /Suggested/ }).getAttribute('aria-selected')).toBe('true');
    await screen.findAllByText('INV-3');
    expect(tabCounts(SUMMARY).exceptions).toBe(2);
  });

  it('shows rows side by side with the delta highlighted, and accepts one or many', async () => {
    const calls = setup();
    const grid = await screen.findByRole('grid', { name: 'Suggested' });
    await within(grid).findAllByText('INV-3');
    const deltas = grid.querySelectorAll('.delta.warn');
    expect([...deltas].map((e) => e.textContent)).toEqual(['7.50']);
    fireEvent.click(within(grid).getByRole('button', { name: 'Accept group 2' }));
    await waitFor(() => expect(calls).toEqual(['accept 2']));
    fireEvent.click(within(grid).getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject selected' }));
    await waitFor(() => expect(calls).toEqual(['accept 2', 'reject 2,3']));
  });

  it('books an accept with difference only with its button, never on choosing the reason (issue 28)', async () => {
    const calls = setup();
    const grid = await screen.findByRole('grid', { name: 'Suggested' });
    const reason = await within(grid).findByRole('combobox', { name: 'Accept group 3 with its difference as' });
    const book = within(grid).getByRole('button', { name: /^Accept as… \(choose the difference first\): group 3$/ });
    expect((book as HTMLButtonElement).disabled).toBe(true);
    // What ↓ on a focused select does: the value changes. Nothing is booked.
    fireEvent.change(reason, { target: { value: 'bank_fee' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    fireEvent.change(reason, { target: { value: 'discount' } });
    fireEvent.click(within(grid).getByRole('button', { name: 'Accept as discount: group 3' }));
    await waitFor(() => expect(calls).toEqual(['accept 3 as discount']));
  });

  it('says "searching…" while a search is in flight, never "0 matching" before the count (issue 28)', async () => {
    const d = data();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    render(
      <ResultsTabs
        runId={1}
        summary={SUMMARY}
        aliases={{ left: 'bank', right: 'invoices' }}
        columns={{ left: ['Reference', 'Amount'], right: ['Invoice No', 'Amount Due'] }}
        version={0}
        load={async (c, offset, limit, search) => {
          // The search over every row at 100k takes a while: held until released.
          if (search) await gate;
          const items = d[c].filter((g) => !search || JSON.stringify(g).includes(search));
          return { total: items.length, items: items.slice(offset, offset + limit) };
        }}
        groupIds={async () => ({ ids: [], total: 0 })}
        onReview={async () => undefined}
        onMatch={async () => undefined}
        onUpdateException={async () => undefined}
      />,
    );
    await screen.findAllByText('INV-3');
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const text = document.querySelector('.results-toolbar [role="status"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search results' }), { target: { value: 'INV-3' } });
    await screen.findByText('Searching for “INV-3”…');
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getByRole('status').textContent).toBe('Searching for “INV-3”…');
    release();
    await screen.findByText('1 matching “INV-3”');
    observer.disconnect();
    expect(seen).toEqual(['Searching for “INV-3”…', '1 matching “INV-3”']);
  });

  it('matches rows picked on both sides by hand, across tabs', async () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('tab', { name: /Unmatched bank/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Pick bank row 6' }));
    fireEvent.click(screen.getByRole('tab', { name: /Unmatched invoices/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Pick invoices row 7' }));
    expect(screen.getByRole('status').textContent).toContain('Picked 1 bank · 1 invoices');
    fireEvent.click(screen.getByRole('button', { name: 'Match picked rows' }));
    await waitFor(() => expect(calls).toEqual(['match 6 | 7']));
  });

  it('names a result the same on its Details button, in the panel, and when focus returns (one label)', async () => {
    setup();
    const grid = await screen.findByRole('grid', { name: 'Suggested' });
    await within(grid).findAllByText('INV-3');
    const groupButton = within(grid).getByRole('button', { name: 'Details of group 2' });
    fireEvent.click(groupButton);
    const panel = await screen.findByRole('region', { name: 'Details of group 2' });
    expect(within(panel).getByText('Group 2')).toBeTruthy();
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(groupButton));

    fireEvent.click(screen.getByRole('tab', { name: /Exceptions/ }));
    const rowButton = await screen.findByRole('button', { name: 'Details of bank row 4' });
    fireEvent.click(rowButton);
    const rowPanel = await screen.findByRole('region', { name: 'Details of bank row 4' });
    fireEvent.keyDown(rowPanel, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(rowButton));
  });

  it('follows up an exception: owner, status, reason code, due date and comment saved together; Escape closes', async () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('tab', { name: /Exceptions/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Follow up bank row 4' }));
    const form = screen.getByRole('form', { name: 'Follow up exception' });
    // The owner field takes focus, so typing starts at once.
    expect(document.activeElement).toBe(within(form).getByLabelText('Owner'));
    fireEvent.change(within(form).getByLabelText('Owner'), { target: { value: ' maria ' } });
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'waiting_on_customer' } });
    fireEvent.change(within(form).getByLabelText('Reason code'), { target: { value: 'partial payment' } });
    fireEvent.change(within(form).getByLabelText('Due date'), { target: { value: '2026-12-15' } });
    fireEvent.change(within(form).getByLabelText('Comment'), { target: { value: 'asked for remittance' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toEqual(['update left 4 {"owner":"maria","status":"waiting_on_customer","reason":"partial payment","due_date":"2026-12-15","note":"asked for remittance"}']),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Follow up exception' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Follow up bank row 4' }));
    fireEvent.keyDown(screen.getByRole('form', { name: 'Follow up exception' }), { key: 'Escape' });
    expect(screen.queryByRole('form', { name: 'Follow up exception' })).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('filters exceptions by status and owner on the server', async () => {
    setup();
    fireEvent.click(screen.getByRole('tab', { name: /Exceptions/ }));
    const filters = await screen.findByRole('group', { name: 'Filter exceptions' });
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: 'resolved' } });
    await waitFor(() => expect(queues.at(-1)).toBe('exceptions_left {"status":"resolved"}'));
    fireEvent.change(within(filters).getByLabelText('Owner'), { target: { value: 'maria' } });
    await waitFor(() => expect(queues.at(-1)).toBe('exceptions_left {"status":"resolved","owner":"maria"}'));
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: '' } });
    await waitFor(() => expect(queues.at(-1)).toBe('exceptions_left {"owner":"maria"}'));
  });

  it('sorts by a column header on the server: ascending, descending, then back to the default', async () => {
    setup();
    await screen.findAllByText('INV-3');
    const header = () => screen.getByRole('columnheader', { name: /Δ amount/ });
    const button = () => within(header()).getByRole('button', { name: /Δ amount/ });
    expect(header().getAttribute('aria-sort')).toBe('none');
    fireEvent.click(button());
    await waitFor(() => expect(sorts.at(-1)).toBe('suggested amount_delta'));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(button());
    await waitFor(() => expect(sorts.at(-1)).toBe('suggested amount_delta desc'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(button());
    await waitFor(() => expect(sorts.at(-1)).toBe('suggested'));
    // Row tabs sort by the row's own columns.
    fireEvent.click(screen.getByRole('tab', { name: /Unmatched bank/ }));
    fireEvent.click(within(await screen.findByRole('columnheader', { name: /Amount/ })).getByRole('button'));
    await waitFor(() => expect(sorts.at(-1)).toBe('unmatched_left Amount'));
  });
});
