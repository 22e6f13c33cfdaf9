/**
 * The local filter grammar piece by piece: tokens, calendar periods relative to
 * `today`, comparisons and negations, scoping, and honest `unparsed` reporting.
 */
import { describe, expect, it } from 'vitest';
import { parseNlFilterLocal } from '../../src/engines/recon-local';
import { parsePeriod } from '../../src/engines/recon-local/nl-filter/periods';
import { tokenize } from '../../src/engines/recon-local/nl-filter/tokens';
import type { SourceFilter } from '../../src/shared/reconcile/recipe';
import { bankSchema, confirmedMappings, ledgerSchema } from './helpers';

const TODAY = '2026-02-15'; // a Sunday

function parse(text: string, today = TODAY) {
  return parseNlFilterLocal({ text, schema_a: bankSchema, schema_b: ledgerSchema, current_mappings: confirmedMappings, today });
}
/** Conditions on the bank side only, as "column op value" strings. */
function bank(text: string, today = TODAY): string[] {
  return parse(text, today)
    .filters.filter((f: SourceFilter) => f.source === 'bank')
    .map((f) => `${f.column} ${f.op} ${JSON.stringify(f.value)}`);
}
function period(text: string, today = TODAY) {
  const m = parsePeriod(tokenize(text), 0, today);
  return m ? [m.period.start, m.period.end] : null;
}

describe('tokens', () => {
  it.each([
    ['$1.5k', 1500],
    ['€500', 500],
    ['2m', 2_000_000],
    ['1,250.50', 1250.5],
    ['1.500,50 €', 1500.5],
    ['250 USD', 250],
    ['USD 250', 250],
    ['3 thousand', 3000],
    ['-100', -100],
    ['1.2M', 1_200_000],
  ])('reads %s as the number %d', (text, value) => {
    const tokens = tokenize(text);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ kind: 'number', value });
  });

  it.each([
    ['2026-01-05', '2026-01-05'],
    ['15/01/2026', '2026-01-15'],
    ['01.12.2025', '2025-12-01'],
    ['03/25/2025', '2025-03-25'],
  ])('reads %s as the date %s (day first unless impossible)', (text, iso) => {
    expect(tokenize(text)).toEqual([expect.objectContaining({ kind: 'date', iso })]);
  });

  it('keeps quoted values literal', () => {
    expect(tokenize('"Bank of America"')).toEqual([expect.objectContaining({ kind: 'word', text: 'Bank of America', quoted: true })]);
  });
});

describe('periods relative to today', () => {
  it.each([
    ['last month', ['2026-01-01', '2026-01-31']],
    ['this month', ['2026-02-01', '2026-02-28']],
    ['last week', ['2026-02-02', '2026-02-08']],
    ['this quarter', ['2026-01-01', '2026-03-31']],
    ['last quarter', ['2025-10-01', '2025-12-31']],
    ['last year', ['2025-01-01', '2025-12-31']],
    ['Q3 2025', ['2025-07-01', '2025-09-30']],
    ['H2 2025', ['2025-07-01', '2025-12-31']],
    ['March', ['2025-03-01', '2025-03-31']],
    ['January', ['2026-01-01', '2026-01-31']],
    ['March 2024', ['2024-03-01', '2024-03-31']],
    ['yesterday', ['2026-02-14', '2026-02-14']],
    ['last 30 days', ['2026-01-16', '2026-02-15']],
    ['past 2 weeks', ['2026-02-01', '2026-02-15']],
    ['year to date', ['2026-01-01', '2026-02-15']],
    ['3 March 2025', ['2025-03-03', '2025-03-03']],
    ['Nov 5, 2025', ['2025-11-05', '2025-11-05']],
    ['Friday', ['2026-02-13', '2026-02-13']],
    ['letzten Monat', ['2026-01-01', '2026-01-31']],
  ])('%s', (text, expected) => {
    expect(period(text)).toEqual(expected);
  });

  it('handles leap years and month ends', () => {
    expect(period('last month', '2024-03-31')).toEqual(['2024-02-01', '2024-02-29']);
    expect(period('last 1 months', '2026-03-31')).toEqual(['2026-02-28', '2026-03-31']);
  });
});

describe('conditions', () => {
  it.each([
    ['amount over 500', ['amount gt 500']],
    ['at least $250', ['amount gte 250']],
    ['not more than 100', ['amount lte 100']],
    ['amount not over 100', ['amount lte 100']],
    ['under 1.5k', ['amount lt 1500']],
    ['between 100 and 250', ['amount between [100,250]']],
    ['amounts not between 10 and 20', ['amount not_between [10,20]']],
    ['amount below 0 or above 10k', ['amount not_between [0,10000]']],
    ['negative amounts', ['amount lt 0']],
    ['amount is not 0', ['amount neq 0']],
    ['excluding amounts under 5', ['amount gte 5']],
  ])('numbers: %s', (text, expected) => {
    expect(bank(text)).toEqual(expected);
  });

  it.each([
    ['since March', ['booking_date gte "2025-03-01"']],
    ['before 15/01/2026', ['booking_date lt "2026-01-15"']],
    ['after March 2025', ['booking_date gt "2025-03-31"']],
    ['until 31 January 2026', ['booking_date lte "2026-01-31"']],
    ['in 2025', ['booking_date between ["2025-01-01","2025-12-31"]']],
    ['on 2026-01-05', ['booking_date eq "2026-01-05"']],
    ['from 01/03/2025 to 31/03/2025', ['booking_date between ["2025-03-01","2025-03-31"]']],
    ['older than 30 days', ['booking_date lt "2026-01-16"']],
  ])('dates: %s', (text, expected) => {
    expect(bank(text)).toEqual(expected);
  });

  it.each([
    ['description contains AWS', ['description like "%AWS%"']],
    ['description does not contain test', ['description not_like "%test%"']],
    ['reference starts with INV', ['reference like "INV%"']],
    ['description is Rent or Payroll', ['description in ["Rent","Payroll"]']],
    ['description is not Rent', ['description neq "Rent"']],
    ['reference is empty', ['reference is_null null']],
    ['without a reference', ['reference is_null null']],
    ['reference is not empty', ['reference is_not_null null']],
    ["description is 'Bank of America'", ['description eq "Bank of America"']],
    ['description like %fee%', ['description like "%fee%"']],
    ['description in Rent, Payroll', ['description in ["Rent","Payroll"]']],
    ['description not in (Rent, Payroll)', ['description not_in ["Rent","Payroll"]']],
    ['description in Rent', ['description eq "Rent"']],
  ])('text: %s', (text, expected) => {
    expect(bank(text)).toEqual(expected);
  });

  it('a mapped concept yields one condition per source, each with its own column', () => {
    expect(parse('amount over 500').filters).toEqual([
      { source: 'bank', column: 'amount', op: 'gt', value: 500 },
      { source: 'ledger', column: 'total', op: 'gt', value: 500 },
    ]);
  });

  it('a source alias restricts the condition to that source', () => {
    expect(parse('only ledger amounts over 100').filters).toEqual([{ source: 'ledger', column: 'total', op: 'gt', value: 100 }]);
  });

  it('joins conditions with and / commas', () => {
    const out = parse('last month, over 500 and description contains AWS');
    expect(out.filters).toHaveLength(6);
    expect(out.unparsed).toEqual([]);
    expect(out.explanation).toMatch(/Keep rows where/);
  });
});

describe('unparsed', () => {
  it('reports what it did not understand instead of ignoring it', () => {
    const out = parse('amount over 500 and approved by Maria');
    expect(out.filters).toHaveLength(2);
    expect(out.unparsed).toEqual(['approved by Maria']);
    expect(out.explanation).toMatch(/Not understood: "approved by Maria"/);
  });

  it('does not silently turn an OR between different fields into an AND', () => {
    const out = parse('amount over 100 or description is Rent');
    expect(out.filters.map((f) => f.column)).toEqual(['amount', 'total']);
    expect(out.unparsed).toEqual(['or description is Rent']);
  });

  it('returns no filters for a sentence with nothing filterable', () => {
    const out = parse('the usual suspicious stuff');
    expect(out.filters).toEqual([]);
    expect(out.unparsed).toEqual(['usual suspicious stuff']);
  });

  it('does not invent a currency filter when no currency column exists', () => {
    const out = parse('in EUR');
    expect(out.filters).toEqual([]);
    expect(out.unparsed).toEqual(['EUR']);
  });

  it('is deterministic for a fixed today', () => {
    expect(parse('last quarter over 1k')).toEqual(parse('last quarter over 1k'));
  });
});
