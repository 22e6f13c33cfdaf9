// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MappingRow } from '../../../src/shared/reconcile/workspace';
import { acceptAbove, MappingTable } from '../../../src/renderer/src/features/reconcile/MappingTable';

afterEach(cleanup);

const ROWS: MappingRow[] = [
  { field_a: 'Booking Date', field_b: 'Invoice Date', confidence: 0.96, reason: 'similar names', role: 'date', engine: 'local', decision: 'pending', key: false },
  { field_a: 'Reference', field_b: 'Invoice No', confidence: 0.99, reason: 'shared values', role: 'key', engine: 'local', decision: 'pending', key: true },
  { field_a: 'Memo', field_b: 'Status', confidence: 0.42, reason: 'weak', role: 'text', engine: 'llm', decision: 'pending', key: false },
];

/** The table as the app uses it: rows owned by the parent, confirmations recorded. */
function Harness(props: { onConfirm(rows: MappingRow[]): void }) {
  const [rows, setRows] = useState(ROWS);
  return (
    <MappingTable
      rows={rows}
      leftColumns={['Booking Date', 'Value Date', 'Reference', 'Memo']}
      rightColumns={['Invoice Date', 'Invoice No', 'Status']}
      leftAlias="bank"
      rightAlias="invoices"
      unmappedLeft={['Value Date']}
      unmappedRight={[]}
      confirmed={false}
      onChange={setRows}
      onConfirm={props.onConfirm}
    />
  );
}

describe('MappingTable', () => {
  it('shows each pair with its confidence as a bar and a number, reason, role and engine', () => {
    render(<Harness onConfirm={() => undefined} />);
    const row = screen.getByRole('row', { name: 'Reference ↔ Invoice No' });
    expect(within(row).getByRole('meter', { name: 'Confidence of Reference ↔ Invoice No' }).getAttribute('aria-valuenow')).toBe('99');
    expect(row.textContent).toContain('99%');
    expect(row.textContent).toContain('shared values');
    expect(within(row).getByRole('checkbox', { name: /Key field/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('row', { name: 'Memo ↔ Status' }).textContent).toContain('llm');
    expect(within(screen.getByRole('list', { name: 'Unmapped columns of bank' })).getByText('Value Date')).toBeTruthy();
  });

  it('shows a proposed column the pickers do not list (a derived signed_amount), not the first column', () => {
    const rows: MappingRow[] = [{ field_a: 'signed_amount', field_b: 'Sisa Piutang', confidence: 0.78, reason: 'shared values', role: 'amount', engine: 'local', decision: 'pending', key: false }];
    render(<MappingTable rows={rows} leftColumns={['Tanggal Transaksi', 'Jumlah']} rightColumns={['Jatuh Tempo']} leftAlias="bank" rightAlias="invoices" unmappedLeft={[]} unmappedRight={[]} confirmed={false} onChange={() => undefined} onConfirm={() => undefined} />);
    expect((screen.getByRole('combobox', { name: 'Left column of pair 1' }) as HTMLSelectElement).value).toBe('signed_amount');
    expect((screen.getByRole('combobox', { name: 'Right column of pair 1' }) as HTMLSelectElement).value).toBe('Sisa Piutang');
  });

  it('cannot confirm while pairs are undecided; accept-all takes only those above the threshold', () => {
    const confirmed: MappingRow[][] = [];
    render(<Harness onConfirm={(r) => confirmed.push(r)} />);
    const confirm = screen.getByRole('button', { name: 'Confirm mapping' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: /Accept all ≥ 80% \(2\)/ }));
    expect(screen.getByText('2 accepted · 1 to decide')).toBeTruthy();
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Reject Memo ↔ Status' }));
    expect(confirm).toHaveProperty('disabled', false);
    fireEvent.click(confirm);
    expect(confirmed[0].map((r) => r.decision)).toEqual(['accepted', 'accepted', 'rejected']);
  });

  it('changing a side makes the pair manual; a hand-made pair can be added; keys can be marked', () => {
    const confirmed: MappingRow[][] = [];
    render(<Harness onConfirm={(r) => confirmed.push(r)} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Left column of pair 1' }), { target: { value: 'Value Date' } });
    const changed = screen.getByRole('row', { name: 'Value Date ↔ Invoice Date' });
    expect(changed.textContent).toContain('manual');
    expect(changed.textContent).toContain('chosen by hand');
    fireEvent.click(screen.getByRole('button', { name: 'Add pair' }));
    expect(screen.getAllByRole('row')).toHaveLength(5); // header + 4
    fireEvent.click(screen.getByRole('checkbox', { name: 'Key field: Value Date ↔ Invoice Date' }));
    for (const name of ['Accept Value Date ↔ Invoice Date', 'Accept Reference ↔ Invoice No', 'Reject Memo ↔ Status']) fireEvent.click(screen.getByRole('button', { name }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm mapping' }));
    expect(confirmed[0][0]).toMatchObject({ field_a: 'Value Date', engine: 'manual', key: true, decision: 'accepted' });
    expect(confirmed[0][3]).toMatchObject({ engine: 'manual', decision: 'accepted' });
  });

  it('acceptAbove leaves decided rows alone', () => {
    const rows = acceptAbove([{ ...ROWS[0], decision: 'rejected' }, ROWS[1], ROWS[2]], 0.9);
    expect(rows.map((r) => r.decision)).toEqual(['rejected', 'accepted', 'pending']);
  });
});
