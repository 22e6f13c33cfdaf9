/**
 * Filter sentences that say what to drop (issue 15): "ignore/exclude/without/drop X" keeps the
 * complement of X, a bare year after "only" is the year, "contains" stays on the column the
 * sentence names, and readings the grammar guessed are flagged so the UI asks before applying.
 */
import { describe, expect, it } from 'vitest';
import { parseNlFilterLocal } from '../../src/engines/recon-local';
import { NEGATE } from '../../src/engines/recon-local/nl-filter/lexicon';
import type { FieldMapping, SourceFilter, SourceSchema } from '../../src/shared/reconcile/recipe';
import { filterParseIsCertain } from '../../src/shared/reconcile/mcp-tools';

const bank: SourceSchema = {
  alias: 'bank',
  columns: [
    { name: 'Buchungstag', data_type: 'date' },
    { name: 'Auftraggeber / Empfänger', data_type: 'varchar' },
    { name: 'Buchungstext', data_type: 'varchar' },
    { name: 'Verwendungszweck', data_type: 'varchar' },
    { name: 'Betrag (EUR)', data_type: 'decimal' },
  ],
};
const invoices: SourceSchema = {
  alias: 'invoices',
  columns: [
    { name: 'Invoice No', data_type: 'varchar' },
    { name: 'Customer', data_type: 'varchar' },
    { name: 'Invoice Date', data_type: 'date' },
    { name: 'Amount', data_type: 'decimal' },
  ],
};
const mappings: FieldMapping[] = [
  { field_a: 'Buchungstag', field_b: 'Invoice Date', confidence: 0.9, reason: 'confirmed', role: 'date' },
  { field_a: 'Betrag (EUR)', field_b: 'Amount', confidence: 0.9, reason: 'confirmed', role: 'amount' },
  { field_a: 'Auftraggeber / Empfänger', field_b: 'Customer', confidence: 0.9, reason: 'confirmed', role: 'text' },
  { field_a: 'Verwendungszweck', field_b: 'Invoice No', confidence: 0.9, reason: 'confirmed', role: 'key' },
];

const parse = (text: string) => parseNlFilterLocal({ text, schema_a: bank, schema_b: invoices, current_mappings: mappings, today: '2026-03-10' });
const keys = (fs: SourceFilter[]) => fs.map((f) => `${f.source}.${f.column} ${f.op} ${JSON.stringify(f.value)}`).sort();

describe('the three sentences issue 15 found inverted or not understood', () => {
  it('"ignore amounts under 10 EUR" keeps amounts of at least 10 on both sides', () => {
    const out = parse('ignore amounts under 10 EUR');
    expect(keys(out.filters)).toEqual(['bank.Betrag (EUR) gte 10', 'invoices.Amount gte 10']);
    expect(out.unparsed).toEqual([]);
    expect(filterParseIsCertain(out)).toBe(true);
  });

  it('"exclude rows where Verwendungszweck contains Refund" drops refunds on the bank payment text only', () => {
    const out = parse('exclude rows where Verwendungszweck contains Refund');
    expect(keys(out.filters)).toEqual(['bank.Verwendungszweck not_like "%Refund%"']);
    expect(filterParseIsCertain(out)).toBe(true);
  });

  it('"only 2026" is the year 2026 on the date columns, and asks before applying', () => {
    const out = parse('only 2026');
    // The payments' year only (issue 33): the 2025 invoices that 2026 payments pay stay in.
    expect(keys(out.filters)).toEqual(['bank.Buchungstag between ["2026-01-01","2026-12-31"]']);
    expect(out.doubts?.join(' ')).toMatch(/year 2026/);
    expect(filterParseIsCertain(out)).toBe(false);
  });
});

describe('exclusion verbs keep the complement of what follows', () => {
  const comparators: Array<[string, SourceFilter['op']]> = [
    ['under', 'lt'],
    ['below', 'lt'],
    ['over', 'gt'],
    ['above', 'gt'],
    ['at least', 'gte'],
    ['at most', 'lte'],
    ['more than', 'gt'],
    ['less than', 'lt'],
  ];
  const verbs = ['ignore', 'exclude', 'without', 'drop', 'remove', 'skip', 'leave out', 'filter out', 'not'];
  // Every verb × comparator × a spread of amounts: the exclusion is exactly the negation of the plain sentence.
  for (const verb of verbs) {
    it(`"${verb} amounts <comparator> N" = not("amounts <comparator> N") for every comparator and amount`, () => {
      for (const [words, op] of comparators) {
        for (const n of [0, 1, 9.99, 10, 250, 12345.5]) {
          const plain = parse(`amounts ${words} ${n}`).filters;
          expect(plain.map((f) => f.op), `amounts ${words} ${n}`).toEqual([op, op]);
          const excluded = parse(`${verb} amounts ${words} ${n}`);
          expect(keys(excluded.filters), `${verb} amounts ${words} ${n}`).toEqual(keys(plain.map((f) => ({ ...f, op: NEGATE[f.op] }))));
          expect(excluded.unparsed, `${verb} amounts ${words} ${n}`).toEqual([]);
        }
      }
    });
  }

  it('carries an exclusion over "and" to a comparison without a field of its own', () => {
    expect(keys(parse('ignore amounts under 10 and over 10000').filters)).toEqual([
      'bank.Betrag (EUR) gte 10',
      'bank.Betrag (EUR) lte 10000',
      'invoices.Amount gte 10',
      'invoices.Amount lte 10000',
    ]);
    // A new field after "and" starts a positive condition again.
    expect(keys(parse('ignore amounts under 10 and Verwendungszweck contains RE').filters)).toEqual([
      'bank.Betrag (EUR) gte 10',
      'bank.Verwendungszweck like "%RE%"',
      'invoices.Amount gte 10',
    ]);
  });

  it('"without <field>" alone is still a presence check', () => {
    expect(keys(parse('without Verwendungszweck').filters)).toEqual(['bank.Verwendungszweck is_null null', 'invoices.Invoice No is_null null']);
  });

  it('names the source the sentence names', () => {
    expect(keys(parse('exclude bank amounts under 1').filters)).toEqual(['bank.Betrag (EUR) gte 1']);
    expect(keys(parse('only invoices over 100').filters)).toEqual(['invoices.Amount gt 100']);
  });

  it('a text search on a column whose name looks like a date still searches that column', () => {
    expect(keys(parse('exclude bank rows where Buchungstext contains Abschluss').filters)).toEqual(['bank.Buchungstext not_like "%Abschluss%"']);
  });
});

describe('asks instead of guessing', () => {
  it('flags a bare name taken as a counterparty', () => {
    const out = parse('exclude Stripe');
    expect(keys(out.filters)).toEqual(['bank.Auftraggeber / Empfänger not_like "%Stripe%"', 'invoices.Customer not_like "%Stripe%"']);
    expect(out.doubts?.[0]).toMatch(/counterparty/);
    expect(filterParseIsCertain(out)).toBe(false);
  });

  it('flags a search with no column named', () => {
    expect(filterParseIsCertain(parse('containing Miete'))).toBe(false);
  });

  it('treats anything not understood as uncertain, and a clear sentence as certain', () => {
    expect(filterParseIsCertain(parse('amounts over 500 and something odd'))).toBe(false);
    expect(filterParseIsCertain(parse('amounts over 500'))).toBe(true);
    // A period put on the payments only (issue 33) is said, and asked about.
    expect(filterParseIsCertain(parse('amounts over 500 in 2026'))).toBe(false);
    expect(filterParseIsCertain(parse('gibberish'))).toBe(false);
  });

  it('a four-digit number after a comparison is an amount, not a year', () => {
    expect(keys(parse('only amounts over 2026').filters)).toEqual(['bank.Betrag (EUR) gt 2026', 'invoices.Amount gt 2026']);
  });
});
