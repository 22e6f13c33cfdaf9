/**
 * The Reconcile flow with the llm engine: kalla-recon asks "Claude" — a loopback
 * fake of the Anthropic Messages API scripted here — through the real SDK. The
 * app passes ANTHROPIC_API_KEY/ANTHROPIC_BASE_URL from its env to the built-in server.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeAnthropic } from '../tests/fixtures/fake-anthropic';
import { reconFiles } from '../tests/reconcile/workspace/data';
import { expect, startApp, test } from './app';
import { card, dropFiles, openReconcile, shot } from './reconcile-helpers';

test('the whole flow with mappings, filters and rules from the llm engine', async ({ page }, info) => {
  test.setTimeout(180_000);
  const fake = await FakeAnthropic.start();
  fake.enqueue(
    FakeAnthropic.toolUse('report_field_mappings', {
      mappings: [
        { field_a: 'Reference', field_b: 'Invoice No', confidence: 0.97, reason: 'Both hold the invoice number (INV-…)', role: 'key' },
        { field_a: 'Amount', field_b: 'Amount Due', confidence: 0.93, reason: 'Paid amount vs invoiced amount', role: 'amount' },
        { field_a: 'Value Date', field_b: 'Invoice Date', confidence: 0.71, reason: 'Payment follows the invoice by a few days', role: 'date' },
        { field_a: 'Counterparty', field_b: 'Customer', confidence: 0.88, reason: 'Same company names', role: 'text' },
      ],
      suggested_filters: [],
      unmapped_a: ['Booking Date', 'Description', 'Currency'],
      unmapped_b: ['Due Date', 'Currency', 'Status'],
    }),
    FakeAnthropic.toolUse('report_match_rules', {
      rules: [
        { id: 'ref-amount', name: 'Invoice number and amount', keys: [{ left: 'Reference', right: 'Invoice No', normalisers: [{ kind: 'trim' }] }], amount: { left: 'Amount', right: 'Amount Due', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false }, cardinality: '1:1', auto_confirm: true },
        { id: 'amount-date', name: 'Amount within 5 days', keys: [], amount: { left: 'Amount', right: 'Amount Due', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false }, date: { left: 'Value Date', right: 'Invoice Date', window_days: 5 }, cardinality: '1:1', auto_confirm: false },
      ],
      explanation: 'Invoice number first, then amount and date for payments without a reference.',
    }),
    FakeAnthropic.toolUse('report_filters', {
      filters: [
        { source: 'bank_statement', column: 'Counterparty', op: 'neq', value: 'Stripe' },
        { source: 'bank_statement', column: 'Amount', op: 'gte', value: 100 },
      ],
      explanation: 'Payments of at least 100 that did not come from Stripe.',
      unparsed: ['booked by Jane'],
    }),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'kalla-e2e-llm-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ engineMode: 'llm' }));
  const saved = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };
  process.env.ANTHROPIC_API_KEY = 'dummy';
  process.env.ANTHROPIC_BASE_URL = fake.url;
  const app = await startApp(dataDir);
  for (const [k, v] of [['ANTHROPIC_API_KEY', saved.key], ['ANTHROPIC_BASE_URL', saved.url]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  try {
    const files = reconFiles();
    await page.goto(app.url);
    await openReconcile(page);
    await dropFiles(page, page.locator('.reconcile'), [
      { name: 'bank statement.csv', content: files.bank },
      { name: 'invoices.csv', content: files.invoices },
    ]);
    await expect(card(page, 'right').getByLabel('right rows')).toHaveText('24');
    const mapping = page.getByRole('table', { name: 'Proposed column pairs' });
    await expect(mapping.getByRole('row', { name: 'Value Date ↔ Invoice Date' })).toContainText('llm');
    await expect(page.getByText('proposed by the Claude (llm) engine')).toBeVisible();
    await shot(page, info, '01-llm-mapping', 'step-mapping');
    // 71 % is below the threshold: it stays open until the analyst decides.
    await page.getByRole('button', { name: /Accept all ≥ 80% \(3\)/ }).click();
    await expect(page.getByText('3 accepted · 1 to decide')).toBeVisible();
    await page.getByRole('button', { name: 'Accept Value Date ↔ Invoice Date' }).click();
    await page.getByRole('button', { name: 'Confirm mapping' }).click();
    await expect(page.getByRole('listitem', { name: 'Rule 1: Invoice number and amount' })).toBeVisible();
    await expect(page.getByText('Invoice number first, then amount and date')).toBeVisible();

    await page.getByLabel('Describe a filter').fill('payments of at least 100, not from Stripe, booked by Jane');
    await page.getByRole('button', { name: 'Apply' }).click();
    // Part of the sentence was not understood, so the reading waits for the analyst before it applies.
    await expect(page.getByRole('note')).toContainText('Not understood: “booked by Jane”');
    await page.getByRole('button', { name: 'Apply these filters' }).click();
    await expect(page.getByRole('listitem', { name: 'bank_statement: Counterparty ≠ Stripe' })).toBeVisible();
    await expect(page.getByLabel('left rows in scope')).toHaveText('24 of 26');
    await shot(page, info, '02-llm-filters', 'step-filters');

    await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
    await expect(page.getByLabel('Run summary').getByLabel('Match rate')).toHaveText(/\d+\.\d%/);
    const tabs = page.getByRole('tablist', { name: 'Result categories' });
    await expect(tabs.getByRole('tab', { name: /Suggested/ })).not.toContainText(' 0');
    await page.locator('#results-panel').getByRole('button', { name: /^Accept group/ }).first().click();
    await shot(page, info, '03-llm-results', 'step-results');
    const exportDir = join(dataDir, 'out');
    await page.getByLabel('Export folder').fill(exportDir);
    await page.getByRole('button', { name: 'Export…' }).click();
    await expect(page.getByText(/Exported \d+ file\(s\) to/)).toBeVisible();
    const matched = readdirSync(exportDir).find((f) => f.endsWith('matched.csv'))!;
    expect(readFileSync(join(exportDir, matched), 'utf8')).toContain('accepted');

    // Three questions went to the model, each with at most the allowed sample rows.
    expect(fake.messageRequests.map((r) => r.body.tool_choice?.name)).toEqual(['report_field_mappings', 'report_match_rules', 'report_filters']);
    const firstPrompt = JSON.stringify(fake.messageRequests[0].body.messages);
    expect(firstPrompt).toContain('INV-1001');
    expect(firstPrompt).not.toContain('INV-1012');
  } finally {
    await app.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
