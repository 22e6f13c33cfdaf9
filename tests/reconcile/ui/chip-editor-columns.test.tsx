// @vitest-environment jsdom
/** Issue 15: a chip's column can be changed, and a chip can be added by hand. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SourceFilter } from '../../../src/shared/reconcile/recipe';
import { ChipEditor } from '../../../src/renderer/src/features/reconcile/ChipEditor';

afterEach(cleanup);

const COLUMNS = { left: ['Buchungstag', 'Verwendungszweck', 'Auftraggeber', 'Betrag'], right: ['Invoice No', 'Customer', 'Amount'] };

function Harness(props: { log: SourceFilter[][]; initial: SourceFilter[] }) {
  const [filters, setFilters] = useState(props.initial);
  return (
    <ChipEditor
      filters={filters}
      aliases={{ left: 'bank', right: 'invoices' }}
      columns={COLUMNS}
      onChange={(f) => {
        props.log.push(f);
        setFilters(f);
      }}
    />
  );
}

describe('ChipEditor columns', () => {
  it('moves a chip the parser put on the wrong column to the right one', () => {
    const log: SourceFilter[][] = [];
    render(<Harness log={log} initial={[{ source: 'bank', column: 'Auftraggeber', op: 'not_like', value: '%Refund%' }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit filter Auftraggeber does not match %Refund%' }));
    const column = screen.getByRole('combobox', { name: 'Column for Auftraggeber' });
    expect(within(column).getAllByRole('option').map((o) => o.textContent)).toEqual(COLUMNS.left);
    fireEvent.change(column, { target: { value: 'Verwendungszweck' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(log.at(-1)).toEqual([{ source: 'bank', column: 'Verwendungszweck', op: 'not_like', value: '%Refund%' }]);
  });

  it('closes "+ Add filter" and a chip being edited with Escape, focus back on the button that opened it (issue 28)', () => {
    const log: SourceFilter[][] = [];
    render(<Harness log={log} initial={[{ source: 'bank', column: 'Betrag', op: 'gt', value: 10 }]} />);
    const add = screen.getByRole('button', { name: 'Add filter on invoices' });
    fireEvent.click(add);
    const value = screen.getByRole('textbox', { name: 'Value for Invoice No' });
    fireEvent.change(value, { target: { value: 'RE-1' } });
    fireEvent.keyDown(value, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: /^Value for/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add filter on invoices' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit filter Betrag > 10' }));
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Operator for Betrag' }), { key: 'Escape' });
    expect(screen.queryByRole('combobox', { name: 'Operator for Betrag' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit filter Betrag > 10' }));
    expect(log).toEqual([]);
  });

  it('adds a chip by hand on the source it is added to', () => {
    const log: SourceFilter[][] = [];
    render(<Harness log={log} initial={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add filter on invoices' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Column for new filter' }), { target: { value: 'Amount' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Operator for Amount' }), { target: { value: 'gte' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Value for Amount' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(log.at(-1)).toEqual([{ source: 'invoices', column: 'Amount', op: 'gte', value: 10 }]);
    expect(within(screen.getByRole('list', { name: 'Filters on invoices' })).getByRole('listitem', { name: 'invoices: Amount ≥ 10' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Filters on bank' })).getByText('All rows')).toBeTruthy();
  });

  it('cancelling a new chip adds nothing', () => {
    const log: SourceFilter[][] = [];
    render(<Harness log={log} initial={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add filter on bank' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(log).toEqual([]);
  });
});
