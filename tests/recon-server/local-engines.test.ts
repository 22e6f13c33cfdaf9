/**
 * Behaviour of the local mapping and rule engines on small, readable cases.
 */
import { describe, expect, it } from 'vitest';
import { detectFieldMappingsLocal, suggestMatchRulesLocal } from '../../src/engines/recon-local';
import type { SourceSchema } from '../../src/shared/reconcile/recipe';
import { bankSample, bankSchema, confirmedMappings, ledgerSample, ledgerSchema } from './helpers';

const cols = (alias: string, spec: string): SourceSchema => ({
  alias,
  columns: spec.split(',').map((c) => {
    const [name, data_type] = c.trim().split(':');
    return { name, data_type };
  }),
});

describe('detectFieldMappingsLocal', () => {
  it('maps abbreviations and synonyms without samples', () => {
    const out = detectFieldMappingsLocal({
      schema_a: cols('bank', 'txn_dt:date, amt:decimal, ref:varchar, desc:varchar, ccy:varchar'),
      schema_b: cols('ledger', 'posting_date:date, total_amount:decimal, document_number:varchar, narrative:varchar, currency:varchar'),
    });
    expect(out.engine).toBe('local');
    expect(out.mappings.map((m) => [m.field_a, m.field_b, m.role])).toEqual([
      ['txn_dt', 'posting_date', 'date'],
      ['amt', 'total_amount', 'amount'],
      ['ref', 'document_number', 'key'],
      ['desc', 'narrative', 'text'],
      ['ccy', 'currency', 'other'],
    ]);
    expect(out.suggested_filters.map((f) => f.type)).toEqual(['date_range', 'amount_range', 'select']);
  });

  it('understands German, French, Spanish and Dutch headers', () => {
    const out = detectFieldMappingsLocal({
      schema_a: cols('de', 'Buchungstag:date, Betrag:decimal, Verwendungszweck:varchar, Währung:varchar'),
      schema_b: cols('fr', 'Date:date, Montant:decimal, Libellé:varchar, Devise:varchar'),
    });
    expect(out.mappings.map((m) => `${m.field_a}=${m.field_b}`)).toEqual(['Buchungstag=Date', 'Betrag=Montant', 'Verwendungszweck=Libellé', 'Währung=Devise']);
    const nl = detectFieldMappingsLocal({ schema_a: cols('es', 'Fecha:date, Importe:decimal, Concepto:varchar'), schema_b: cols('nl', 'Datum:date, Bedrag:decimal, Omschrijving:varchar') });
    expect(nl.mappings).toHaveLength(3);
  });

  it('uses sample values to choose between same-typed columns and keeps one-to-one', () => {
    const out = detectFieldMappingsLocal({ schema_a: bankSchema, schema_b: ledgerSchema, sample_a: bankSample, sample_b: ledgerSample });
    const a = out.mappings.map((m) => m.field_a);
    const b = out.mappings.map((m) => m.field_b);
    expect(new Set(a).size).toBe(a.length);
    expect(new Set(b).size).toBe(b.length);
    expect(out.mappings.find((m) => m.field_a === 'reference')).toMatchObject({ field_b: 'invoice_no', role: 'key' });
    expect(out.mappings.find((m) => m.field_a === 'reference')!.reason).toMatch(/sample values shared/);
  });

  it('does not pair two amount columns on zeros: "0 = 0" is no evidence that they hold the same money', () => {
    // A ledger's collected amount and a statement's withdrawals (a month of credits: all 0), as the
    // preview hands them over (decimal strings): 67 % "equal" on zeros alone (kr-vaccount's fault).
    const collected = Array.from({ length: 20 }, (_, i) => (i === 1 ? '2370000.000000' : i === 7 ? '5860000.000000' : '0.000000'));
    const withdrawn = Array.from({ length: 20 }, () => '0.000000');
    const out = detectFieldMappingsLocal({
      schema_a: cols('ledger', '수금액:decimal, 거래처:varchar'),
      schema_b: cols('bank', '출금액:decimal, 입금자명:varchar'),
      sample_a: collected.map((v, i) => ({ 수금액: v, 거래처: `거래처 ${i}` })),
      sample_b: withdrawn.map((v, i) => ({ 출금액: v, 입금자명: `입금자 ${i}` })),
    });
    expect(out.mappings.find((m) => m.field_a === '수금액')).toBeUndefined();
  });

  it('leaves unrelated columns unmapped and lists them', () => {
    const out = detectFieldMappingsLocal({ schema_a: cols('a', 'amount:decimal, colour:varchar'), schema_b: cols('b', 'total:decimal, shoe_size:integer') });
    expect(out.mappings.map((m) => m.field_a)).toEqual(['amount']);
    expect(out.unmapped_a).toEqual(['colour']);
    expect(out.unmapped_b).toEqual(['shoe_size']);
  });

  it('takes untyped (varchar) date and amount columns at their names when there are no samples', () => {
    const out = detectFieldMappingsLocal({ schema_a: cols('a', 'booking_date:varchar, amount:varchar'), schema_b: cols('b', 'posted_on:VARCHAR, total:decimal') });
    expect(out.mappings.map((m) => [m.field_a, m.field_b, m.role])).toEqual([
      ['booking_date', 'posted_on', 'date'],
      ['amount', 'total', 'amount'],
    ]);
    expect(out.mappings[0].reason).toMatch(/synonymous names/);
  });

  it('is deterministic', () => {
    const input = { schema_a: bankSchema, schema_b: ledgerSchema, sample_a: bankSample, sample_b: ledgerSample };
    expect(detectFieldMappingsLocal(input)).toEqual(detectFieldMappingsLocal(input));
  });
});

describe('suggestMatchRulesLocal', () => {
  it('orders rules strict to loose: exact key, normalised key, amount+date suggestion', () => {
    const out = suggestMatchRulesLocal({ schema_a: bankSchema, schema_b: ledgerSchema, mappings: confirmedMappings, sample_a: bankSample, sample_b: ledgerSample });
    expect(out.rules.map((r) => r.id)).toEqual(['exact-key', 'normalised-key', 'amount-date', 'amount-description']);
    expect(out.rules[0]).toMatchObject({ cardinality: '1:1', auto_confirm: true, keys: [{ left: 'reference', right: 'invoice_no' }], amount: { tolerance_abs: 0 } });
    expect(out.rules[2]).toMatchObject({ keys: [], auto_confirm: false, date: { left: 'booking_date', right: 'posting_date' } });
    expect(out.rules[2].date!.window_days).toBeGreaterThanOrEqual(1);
  });

  it('detects opposite sign conventions and flips the right side', () => {
    const out = suggestMatchRulesLocal({
      schema_a: bankSchema,
      schema_b: ledgerSchema,
      mappings: confirmedMappings,
      sample_a: bankSample.map((r) => ({ ...r, amount: -r.amount })),
      sample_b: ledgerSample,
    });
    expect(out.rules[0].amount!.flip_sign).toBe(true);
    expect(out.explanation).toMatch(/opposite signs/);
  });

  it('proposes a 1:N split-payment rule when one reference repeats on the right', () => {
    const out = suggestMatchRulesLocal({
      schema_a: bankSchema,
      schema_b: ledgerSchema,
      mappings: confirmedMappings,
      sample_a: [{ booking_date: '2026-01-10', amount: 300, description: 'x', reference: 'INV-1' }],
      sample_b: [
        { posting_date: '2026-01-09', total: 100, memo: 'part 1', invoice_no: 'INV-1' },
        { posting_date: '2026-01-09', total: 200, memo: 'part 2', invoice_no: 'INV-1' },
      ],
    });
    const split = out.rules.find((r) => r.id === 'split-payment');
    expect(split).toMatchObject({ cardinality: '1:N', auto_confirm: false });
  });

  it('proposes split (1:N) and batch (N:1) rules when references repeat on both sides', () => {
    const out = suggestMatchRulesLocal({
      schema_a: bankSchema,
      schema_b: ledgerSchema,
      mappings: confirmedMappings,
      sample_a: [
        { booking_date: '2026-01-10', amount: 300, description: 'x', reference: 'INV-1' },
        { booking_date: '2026-01-11', amount: 40, description: 'y', reference: 'INV-2' },
        { booking_date: '2026-01-11', amount: 60, description: 'z', reference: 'inv 2' },
      ],
      sample_b: [
        { posting_date: '2026-01-09', total: 100, memo: 'part 1', invoice_no: 'INV-1' },
        { posting_date: '2026-01-09', total: 200, memo: 'part 2', invoice_no: 'INV-1' },
        { posting_date: '2026-01-10', total: 100, memo: 'batch', invoice_no: 'INV-2' },
      ],
    });
    expect(out.rules.map((r) => [r.id, r.cardinality])).toEqual([
      ['exact-key', '1:1'],
      ['normalised-key', '1:1'],
      ['split-payment', '1:N'],
      ['batch-payment', 'N:1'],
      ['amount-date', '1:1'],
      ['amount-description', '1:1'],
    ]);
    expect(out.explanation).toMatch(/batch payments \(N:1\)/);
  });

  it('normalises references that differ in punctuation, or share only digits', () => {
    const withDashes = suggestMatchRulesLocal({
      schema_a: bankSchema,
      schema_b: ledgerSchema,
      mappings: confirmedMappings,
      sample_a: [{ reference: 'INV 1001' }, { reference: 'inv-1002' }],
      sample_b: [{ invoice_no: 'INV-1001' }, { invoice_no: 'INV-1002' }],
    });
    expect(withDashes.rules[1].keys[0].normalisers).toEqual([{ kind: 'casefold' }, { kind: 'alnum' }]);
    const digits = suggestMatchRulesLocal({
      schema_a: bankSchema,
      schema_b: ledgerSchema,
      mappings: confirmedMappings,
      sample_a: [{ reference: '000123' }, { reference: '000124' }],
      sample_b: [{ invoice_no: 'C-123' }, { invoice_no: 'C-124' }],
    });
    expect(digits.rules[1].keys[0].normalisers).toEqual([{ kind: 'digits' }]);
  });

  it('without a key mapping, only suggests amount + date rules', () => {
    const out = suggestMatchRulesLocal({ schema_a: bankSchema, schema_b: ledgerSchema, mappings: confirmedMappings.filter((m) => m.role !== 'key') });
    expect(out.rules.length).toBeGreaterThan(0);
    expect(out.rules.every((r) => r.keys.length === 0 && r.auto_confirm === false)).toBe(true);
  });
});
