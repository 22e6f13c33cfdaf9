/**
 * Filter sentences of a monthly close (issue 28, done in issue 33): "amounts over 1.000 €" is a
 * thousand, shown for confirmation; "only March" is the payments' month, not the invoices';
 * "only incoming payments" and "no PayPal" are understood. The invoice side comes first here
 * (schema_a) so a side is never chosen by its position.
 */
import { describe, expect, it } from 'vitest';
import { parseNlFilterLocal } from '../../src/engines/recon-local';
import type { FieldMapping, SourceFilter, SourceSchema } from '../../src/shared/reconcile/recipe';
import { filterParseIsCertain } from '../../src/shared/reconcile/mcp-tools';

const invoices: SourceSchema = {
  alias: 'Invoices',
  columns: [
    { name: 'Document No', data_type: 'varchar' },
    { name: 'Customer', data_type: 'varchar' },
    { name: 'Invoice Date', data_type: 'date' },
    { name: 'Amount', data_type: 'decimal' },
  ],
};
const bank: SourceSchema = {
  alias: 'Bank',
  columns: [
    { name: 'booking_date', data_type: 'date' },
    { name: 'amount', data_type: 'decimal' },
    { name: 'direction', data_type: 'varchar' },
    { name: 'counterparty_name', data_type: 'varchar' },
    { name: 'remittance_text', data_type: 'varchar' },
  ],
};
const mappings: FieldMapping[] = [
  { field_a: 'Invoice Date', field_b: 'booking_date', confidence: 0.9, reason: 'confirmed', role: 'date' },
  { field_a: 'Amount', field_b: 'amount', confidence: 0.9, reason: 'confirmed', role: 'amount' },
  { field_a: 'Customer', field_b: 'counterparty_name', confidence: 0.9, reason: 'confirmed', role: 'text' },
];
const parse = (text: string, a = invoices, b = bank) => parseNlFilterLocal({ text, schema_a: a, schema_b: b, current_mappings: a === invoices ? mappings : mappings.map((m) => ({ ...m, field_a: m.field_b, field_b: m.field_a })), today: '2026-04-10' });
const keys = (fs: SourceFilter[]) => fs.map((f) => `${f.source}.${f.column} ${f.op} ${JSON.stringify(f.value)}`).sort();

describe('filter sentences of a monthly close', () => {
  it('reads "1.000 €" as a thousand and asks before applying it', () => {
    const out = parse('amounts over 1.000 €');
    expect(keys(out.filters)).toEqual(['Bank.amount gt 1000', 'Invoices.Amount gt 1000']);
    expect(filterParseIsCertain(out)).toBe(false);
    expect(out.doubts?.join(' ')).toMatch(/“1\.000” read as 1000/);
    // Grouped thousands with a decimal part are not in doubt; neither is a plain number.
    expect(keys(parse('amounts over 1.000,50').filters)).toEqual(['Bank.amount gt 1000.5', 'Invoices.Amount gt 1000.5']);
    expect(keys(parse('amounts over 12.500.000').filters)).toEqual(['Bank.amount gt 12500000', 'Invoices.Amount gt 12500000']);
    expect(parse('amounts over 500').doubts ?? []).toEqual([]);
    // A decimal point with 1–2 digits stays a decimal point.
    expect(keys(parse('amounts over 1.5').filters)).toEqual(['Bank.amount gt 1.5', 'Invoices.Amount gt 1.5']);
  });

  it('"only March" filters the payments, not the invoices March payments pay, in either order', () => {
    for (const [a, b] of [[invoices, bank], [bank, invoices]] as const) {
      const out = parse('only March', a, b);
      expect(keys(out.filters)).toEqual(['Bank.booking_date between ["2026-03-01","2026-03-31"]']);
      expect(out.doubts?.join(' ')).toMatch(/Bank/);
    }
    // Neither side holds payments (two ledgers): the period applies to both, as before.
    const ledger = { ...invoices, alias: 'Ledger' };
    const both = parseNlFilterLocal({ text: 'only March', schema_a: invoices, schema_b: ledger, current_mappings: [{ field_a: 'Invoice Date', field_b: 'Invoice Date', confidence: 0.9, reason: 'confirmed', role: 'date' }], today: '2026-04-10' });
    expect(keys(both.filters)).toEqual(['Invoices.Invoice Date between ["2026-03-01","2026-03-31"]', 'Ledger.Invoice Date between ["2026-03-01","2026-03-31"]']);
  });

  it('understands "only incoming payments" on the bank side', () => {
    const out = parse('only incoming payments');
    expect(keys(out.filters)).toEqual(['Bank.amount gt 0']);
    expect(out.unparsed).toEqual([]);
    const outgoing = parse('only outgoing payments');
    expect(keys(outgoing.filters)).toEqual(['Bank.amount lt 0']);
  });

  it('understands "no PayPal" as dropping that counterparty', () => {
    const out = parse('no PayPal');
    expect(keys(out.filters)).toEqual(['Bank.counterparty_name not_like "%PayPal%"', 'Invoices.Customer not_like "%PayPal%"']);
    expect(out.unparsed).toEqual([]);
    // "no" before a column still asks for empty values.
    expect(keys(parse('no customer').filters)).toEqual(['Bank.counterparty_name is_null null', 'Invoices.Customer is_null null']);
  });
});
