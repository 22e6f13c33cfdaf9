// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SourceFilter } from '../../../src/shared/reconcile/recipe';
import { changeOp, ChipEditor, parseValue } from '../../../src/renderer/src/features/reconcile/ChipEditor';

afterEach(cleanup);

const FILTERS: SourceFilter[] = [
  { source: 'bank', column: 'Amount', op: 'gt', value: 500 },
  { source: 'invoices', column: 'Amount Due', op: 'gt', value: 500 },
  { source: 'bank', column: 'Counterparty', op: 'not_like', value: '%Stripe%' },
];

function Harness(props: { log: SourceFilter[][] }) {
  const [filters, setFilters] = useState(FILTERS);
  return (
    <ChipEditor
      filters={filters}
      aliases={{ left: 'bank', right: 'invoices' }}
      onChange={(f) => {
        props.log.push(f);
        setFilters(f);
      }}
    />
  );
}

describe('ChipEditor', () => {
  it('groups chips per source with column, operator and value', () => {
    render(<Harness log={[]} />);
    const bank = screen.getByRole('list', { name: 'Filters on bank' });
    expect(within(bank).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['bank: Amount > 500', 'bank: Counterparty does not match %Stripe%']);
    expect(within(screen.getByRole('list', { name: 'Filters on invoices' })).getByRole('listitem', { name: 'invoices: Amount Due > 500' })).toBeTruthy();
  });

  it('edits operator and value; a range becomes [low, high]', () => {
    const log: SourceFilter[][] = [];
    render(<Harness log={log} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit filter Amount > 500' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Operator for Amount' }), { target: { value: 'between' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Value for Amount' }), { target: { value: '500 – 1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(log[0][0]).toEqual({ source: 'bank', column: 'Amount', op: 'between', value: [500, 1000] });
    expect(screen.getByRole('listitem', { name: 'bank: Amount between 500 – 1000' })).toBeTruthy();
  });

  it('removes a chip and leaves the others', () => {
    const log: SourceFilter[][] = [];
    render(<Harness log={log} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Counterparty does not match %Stripe%' }));
    expect(log[0]).toEqual(FILTERS.slice(0, 2));
    expect(within(screen.getByRole('list', { name: 'Filters on bank' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('parses values per operator', () => {
    expect(parseValue('in', 'EUR, USD')).toEqual(['EUR', 'USD']);
    expect(parseValue('is_null', 'x')).toBeNull();
    expect(parseValue('lte', ' 12.5 ')).toBe(12.5);
    expect(parseValue('between', '2026-10-01..2026-10-31')).toEqual(['2026-10-01', '2026-10-31']);
    expect(changeOp(FILTERS[0], 'between').value).toEqual([500, 500]);
  });
});
