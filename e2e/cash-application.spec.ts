/**
 * Issue 14 as a user meets it: an open-invoice list and a bank statement dropped on the window,
 * the mapping accepted, rules suggested from the data, a run, and groups that say why they matched
 * (a bank fee named on the group, a confidence). Browser mode, real engine.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './app';
import { dropFiles, openReconcile, shot } from './reconcile-helpers';
import { cashFiles as files } from './cash-files';

test('cash application: references in text, fees named, batches found, without writing a rule', async ({ appPage: page }, info) => {
  test.setTimeout(120_000);
  const data = files();
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'open invoices.csv', content: data.invoices },
    { name: 'bank statement.csv', content: data.bank },
  ]);
  const mapping = page.getByRole('table', { name: 'Proposed column pairs' });
  await expect(mapping.getByRole('row', { name: /invoice_no ↔ reference/ })).toBeVisible();
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  const rules = page.getByRole('list', { name: 'Match rules' });
  await expect(rules).toContainText('every reference written in the text');
  await expect(rules).toContainText('bank fee');
  await shot(page, info, '01-rules', 'step-rules');
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  const summary = page.getByLabel('Run summary');
  await expect(summary.getByLabel('Match rate')).toHaveText(/\d+\.\d%/);
  const results = page.locator('#results-panel');
  const tabs = page.getByRole('tablist', { name: 'Result categories' });
  // The short payment is a suggestion; accepted with its difference named, it is matched.
  await tabs.getByRole('tab', { name: /Suggested/ }).click();
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('1');
  // Checked first in its detail: every column of both rows and why it is suggested.
  await results.getByRole('button', { name: /^Details of group/ }).click();
  const detail = results.getByRole('region', { name: /^Details of group/ });
  await expect(detail).toBeFocused();
  await expect(detail).toContainText('INV-2026-000009');
  await expect(detail).toContainText('CUSTOMER 1 LTD');
  await expect(detail).toContainText('short payment of 3.20');
  await shot(page, info, '02a-detail', 'step-results');
  await detail.getByRole('button', { name: 'Close details' }).click();
  await expect(results.getByRole('button', { name: /^Details of group/ })).toBeFocused();
  // Choosing the difference books nothing (issue 28); the "Accept as" button does.
  await results.getByRole('combobox', { name: /with its difference as/ }).selectOption('short_payment');
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('1');
  await results.getByRole('button', { name: /^Accept as short payment: group/ }).click();
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('0');
  // Second thoughts: undo puts it back as a suggestion; accepted again as a bank fee.
  await page.getByRole('button', { name: '↶ Undo review' }).click();
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('1');
  await results.getByRole('combobox', { name: /with its difference as/ }).selectOption('bank_fee');
  await results.getByRole('button', { name: /^Accept as bank fee: group/ }).click();
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('0');
  // Every payment is matched: four less the fee, the one named only in its text, the two paid together, the accepted one.
  await expect(tabs.getByRole('tab', { name: /Matched/ })).toContainText('8');
  await expect(tabs.getByRole('tab', { name: /Unmatched bank_statement/ })).toContainText('0');
  await tabs.getByRole('tab', { name: /Matched/ }).click();
  await expect(results.locator('.badge.reason', { hasText: 'bank fee' })).toHaveCount(5);
  await expect(results.getByLabel(/^confidence \d+ %$/).first()).toBeVisible();
  await expect(results.getByText('reference-multi-invoice', { exact: true })).toBeVisible();
  await shot(page, info, '02-results', 'step-results');

  // Browser mode: the exported files come to the browser as downloads, with both sides' columns and the named difference.
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(page.locator('#export-done')).toContainText('Exported');
  const downloads = page.getByRole('list', { name: 'Download exported files' });
  const [download] = await Promise.all([page.waitForEvent('download'), downloads.getByRole('button', { name: 'Download matched.csv' }).click()]);
  expect(download.suggestedFilename()).toBe('matched.csv');
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.split('\n')[0]).toContain('difference_reason');
  expect(text).toMatch(/bank_fee.*INV-2026-000001|INV-2026-000001.*bank_fee/);
});

test('the bank statement dropped first: Kalla says the open items belong on the left, and one click swaps and learns the rules', async ({ appPage: page }, info) => {
  test.setTimeout(120_000);
  const data = files();
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'bank statement.csv', content: data.bank },
    { name: 'open invoices.csv', content: data.invoices },
  ]);
  await expect(page.getByRole('table', { name: 'Proposed column pairs' }).getByRole('row', { name: /reference ↔ invoice_no/ })).toBeVisible();
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  const swap = page.getByRole('button', { name: 'Swap sides and suggest again' });
  await expect(swap).toBeVisible();
  const rules = page.getByRole('list', { name: 'Match rules' });
  await expect(rules).not.toContainText('every reference written in the text');
  await shot(page, info, '04-reversed', 'step-rules');
  await swap.click();
  await expect(rules).toContainText('every reference written in the text');
  await expect(rules).toContainText('bank fee');
  await expect(swap).toHaveCount(0);
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  const tabs = page.getByRole('tablist', { name: 'Result categories' });
  // As when the invoices come first: every payment is matched but the one 3.20 short, which waits for review.
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('1');
  await expect(tabs.getByRole('tab', { name: /Unmatched bank_statement/ })).toContainText('0');
});

test('select all over a filtered 100,000-suggestion result takes every matching group, and one undo takes them back', async ({ appPage: page }, info) => {
  test.setTimeout(150_000);
  // 100,000 part payments (half of one open invoice, naming it; 2,000 payers, half of them GmbHs): a part
  // payment is only ever suggested, so 100,000 suggestions; the table loads 200 at a time. Files chosen through
  // the file chooser, as a user would.
  const invoices = ['invoice_no,customer_name,invoice_date,amount'];
  const bank = ['booking_date;amount;counterparty;remittance_text'];
  for (let i = 0; i < 100_000; i++) {
    const c = i % 2000;
    const name = `Customer ${c} ${c % 2 ? 'GmbH' : 'Ltd'}`;
    const amount = (100 + i * 0.37 + c * 0.01).toFixed(2);
    const day = `2026-03-${String(1 + (i % 20)).padStart(2, '0')}`;
    invoices.push(`INV-${100000 + i},${name},${day},${amount}`);
    bank.push(`${day};${(Number(amount) / 2).toFixed(2)};${name.toUpperCase()};Teilzahlung INV-${100000 + i}`);
  }
  await openReconcile(page);
  await page.getByRole('button', { name: 'Start a reconciliation' }).click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose files…' }).click()]);
  await chooser.setFiles([
    { name: 'open invoices.csv', mimeType: 'text/csv', buffer: Buffer.from(invoices.join('\n')) },
    { name: 'bank statement.csv', mimeType: 'text/csv', buffer: Buffer.from(bank.join('\n')) },
  ]);
  await expect(page.getByRole('table', { name: 'Proposed column pairs' }).getByRole('row').nth(1)).toBeVisible({ timeout: 120_000 });
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  const tabs = page.getByRole('tablist', { name: 'Result categories' });
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('100,000', { timeout: 180_000 });
  // Every pair waits for review: that is not "nothing matched".
  await expect(page.getByLabel('Waiting for review')).toHaveText('+ 100.0% suggested: 100,000 pairs wait for review');
  await expect(page.getByText(/Nothing matched/)).toHaveCount(0);
  const results = page.locator('#results-panel');
  // The search runs over every row on the server; select all takes every match, not the 200 loaded.
  await results.getByRole('searchbox', { name: 'Search results' }).fill('gmbh');
  await expect(results.getByText('50,000 matching “gmbh”')).toBeVisible();
  await results.getByRole('checkbox', { name: 'Select all' }).click();
  await expect(results.getByText('50,000 selected')).toBeVisible();
  await shot(page, info, '03-select-all', 'step-results');
  await results.getByRole('button', { name: 'Accept selected' }).click();
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('50,000');
  await expect(tabs.getByRole('tab', { name: /Matched/ })).toContainText('50,000');
  // A narrower filter inside what is left, then one undo brings the 50,000 back.
  await results.getByRole('searchbox', { name: 'Search results' }).fill('customer 8 ltd');
  await expect(results.getByText('50 matching “customer 8 ltd”')).toBeVisible();
  await page.getByRole('button', { name: '↶ Undo review' }).click();
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('100,000');
  // From the keyboard: Enter on a row's Accept accepts it, and focus moves to the Accept of the row that takes its place.
  const firstAccept = results.getByRole('button', { name: /^Accept / }).first();
  const accepted = await firstAccept.getAttribute('aria-label');
  await firstAccept.focus();
  await page.keyboard.press('Enter');
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('99,999');
  await expect(results.getByRole('button', { name: /^Accept / }).first()).toBeFocused();
  expect(await results.getByRole('button', { name: /^Accept / }).first().getAttribute('aria-label')).not.toBe(accepted);
});
