/**
 * Issue 15: exports an auditor can read — matched/suggested rows carry both sides' business
 * columns (mapped columns by default, prefixed by alias, group members joined with " | "), the
 * review log is its own file and part of the evidence, and rows removed by filters are listed.
 */
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FieldMapping } from '../../../src/shared/reconcile/recipe';
import { csv, recipe, rule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const mappings: FieldMapping[] = [
  { field_a: 'Invoice No', field_b: 'Verwendungszweck', confidence: 1, reason: 'test', role: 'key' },
  { field_a: 'Amount', field_b: 'Betrag', confidence: 1, reason: 'test', role: 'amount' },
];

/** Split CSV text into rows of fields (no quoted newlines in these files). */
function rows(text: string): string[][] {
  return text
    .trim()
    .split('\n')
    .map((l) => l.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.slice(0, -1).map((f) => f.replace(/,$/, '').replace(/^"(.*)"$/, '$1').replace(/""/g, '"')));
}

async function reconciled() {
  const ws = await sb.workspace();
  await ws.addSourceFromPath(
    'left',
    sb.file('invoices.csv', csv('Invoice No,Customer,Amount', ['RE-1001,Acme GmbH,100.00', 'RE-1002,Globex Ltd,250.00', 'RE-1003,Initech,80.00', 'RE-1004,Hooli,5.00'])),
  );
  await ws.addSourceFromPath(
    'right',
    sb.file(
      'bank.csv',
      csv('Verwendungszweck,Auftraggeber,Betrag', ['RE-1001 Zahlung,Acme GmbH,100.00', 'RE-1002 Teil 1,Globex Ltd,150.00', 'RE-1002 Teil 2,Globex Ltd,100.00', 'RE-1003,Initech,80.00', 'Kontoführung,Bank,-4.90']),
    ),
  );
  const byInvoice = (id: string, cardinality: '1:1' | '1:N') =>
    rule({
      id,
      keys: [{ left: 'Invoice No', right: 'Verwendungszweck', normalisers: [{ kind: 'regex', pattern: 'RE-\\d+' }] }],
      amount: { left: 'Amount', right: 'Betrag', tolerance_abs: 0.01, tolerance_pct: 0, flip_sign: false },
      cardinality,
      auto_confirm: false,
    });
  const r = recipe(
    [byInvoice('invoice-in-text', '1:1'), byInvoice('split-payment', '1:N')],
    {
      left: { alias: 'invoices', read: { skip_bad_lines: false, column_overrides: {} } },
      right: { alias: 'bank', read: { skip_bad_lines: false, column_overrides: {} } },
      mappings,
      // The bank fee line and the 5.00 invoice are filtered out of the run.
      filters: [
        { source: 'bank', column: 'Betrag', op: 'gt', value: 0 },
        { source: 'invoices', column: 'Amount', op: 'gte', value: 10 },
      ],
    },
  );
  const { run_id } = await ws.run(r);
  return { ws, runId: run_id };
}

describe('auditor-readable export', () => {
  it('names both sides’ invoice number and payment text, logs the review, and lists filtered rows', async () => {
    const { ws, runId } = await reconciled();
    const suggested = (await ws.page(runId, 'suggested', { offset: 0, limit: 10 })).items;
    expect(suggested.map((g) => g.right_ids.length).sort()).toEqual([1, 1, 2]);
    const split = suggested.find((g) => g.right_ids.length === 2)!;
    const single = suggested.find((g) => g.right_ids.length === 1)!;
    await ws.accept(runId, split.group_id);
    await ws.reject(runId, single.group_id, 'wrong customer, checked with AR');

    const dir = sb.mkdir('out');
    await ws.export(runId, { dir, formats: ['csv', 'xlsx', 'evidence'] });
    const matched = rows(readFileSync(join(dir, 'matched.csv'), 'utf8'));
    expect(matched[0].slice(-6)).toEqual(['invoices.line', 'invoices.Invoice No', 'invoices.Amount', 'bank.line', 'bank.Verwendungszweck', 'bank.Betrag']);
    const row = matched.find((r) => r[0] === String(split.group_id))!;
    // Lines of the files (the header is line 1): an auditor finds each member where it is.
    expect(row.slice(-6)).toEqual(['3', 'RE-1002', '250.00', '3 | 4', 'RE-1002 Teil 1 | RE-1002 Teil 2', '150.00 | 100.00']);

    const log = rows(readFileSync(join(dir, 'review_log.csv'), 'utf8'));
    expect(log[0]).toEqual(['seq', 'at', 'who', 'action', 'group_id', 'left_row_ids', 'right_row_ids', 'side', 'row_id', 'reason', 'note', 'owner', 'status', 'due_date']);
    expect(log.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual([
      [userInfo().username, 'accept', String(split.group_id)],
      [userInfo().username, 'reject', String(single.group_id)],
    ]);
    expect(log[2][10]).toBe('wrong customer, checked with AR');
    expect(log[1][1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);

    const evidence = JSON.parse(readFileSync(join(dir, 'evidence.json'), 'utf8'));
    expect(evidence.review_log.map((e: { action: string }) => e.action)).toEqual(['accept', 'reject']);
    expect(evidence.files.map((f: { file: string }) => f.file)).toEqual(expect.arrayContaining(['review_log.csv', 'filtered_out_left.csv', 'filtered_out_right.csv']));

    expect(rows(readFileSync(join(dir, 'filtered_out_right.csv'), 'utf8'))).toEqual([
      ['recon_row_id', 'recon_line', 'Verwendungszweck', 'Auftraggeber', 'Betrag'],
      ['5', '6', 'Kontoführung', 'Bank', '-4.90'],
    ]);
    expect(rows(readFileSync(join(dir, 'filtered_out_left.csv'), 'utf8'))).toEqual([
      ['recon_row_id', 'recon_line', 'Invoice No', 'Customer', 'Amount'],
      ['4', '5', 'RE-1004', 'Hooli', '5.00'],
    ]);
  });

  it('business columns are configurable per side', async () => {
    const { ws, runId } = await reconciled();
    const dir = sb.mkdir('custom');
    await ws.export(runId, { dir, formats: ['csv'], business_columns: { left: ['Customer'], right: ['Auftraggeber', 'Verwendungszweck'] } });
    const header = rows(readFileSync(join(dir, 'suggested.csv'), 'utf8'))[0];
    expect(header.slice(-5)).toEqual(['invoices.line', 'invoices.Customer', 'bank.line', 'bank.Auftraggeber', 'bank.Verwendungszweck']);
  });
});
