/**
 * Issue 15, silent zeros: a run whose filters removed every row says so prominently with the
 * filter that did it, and its 0 % headline is not green. Browser mode, real engine.
 */
import { expect, test } from './app';
import { card, dropFiles, openReconcile, shot } from './reconcile-helpers';
import { reconFiles } from '../tests/reconcile/workspace/data';

test('a run whose filters removed everything warns with the cause and a red 0 %', async ({ appPage: page }, info) => {
  test.setTimeout(120_000);
  const files = reconFiles();
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'bank statement.csv', content: files.bank },
    { name: 'invoices.csv', content: files.invoices },
  ]);
  await expect(card(page, 'right').getByLabel('right rows')).toHaveText('24');
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await expect(page.getByRole('button', { name: 'Mapping confirmed ✓' })).toBeVisible();
  await page.getByLabel('Describe a filter').fill('bank_statement amounts over 1000000');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByLabel('left rows in scope')).toHaveText('0 of 26');
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  const summary = page.getByLabel('Run summary');
  const rate = summary.getByLabel('Match rate');
  await expect(rate).toHaveText('0.0%');
  await expect(rate).toHaveClass(/tone-bad/);
  const color = await rate.evaluate((el) => getComputedStyle(el).color);
  expect(color).not.toBe('rgb(26, 143, 76)'); // --ok in the light theme
  const alert = summary.getByRole('alert');
  await expect(alert).toContainText('No bank_statement rows were in scope');
  await expect(alert).toContainText('The filters removed every bank_statement row (26 loaded): Amount gt 1000000');
  await shot(page, info, 'empty-scope-warning', 'step-results');
});
