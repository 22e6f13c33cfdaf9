/**
 * Issue 15: duplicate for next month. October's bank file needs a type fix (its dates are month
 * first, but every day is ≤ 12, so the file cannot tell); November's workspace, made by Duplicate,
 * reads November's file with that fix, says so on the card, and the run matches as October's did
 * instead of a silent 0 %. Browser mode, real engine.
 */
import { expect, test } from './app';
import { card, dropFiles, openReconcile, shot } from './reconcile-helpers';

/** A US bank export (month-first dates, all days ≤ 12) and the matching invoice list with ISO dates. */
function month(m: number) {
  const mm = String(m).padStart(2, '0');
  const rows = Array.from({ length: 12 }, (_, i) => ({ ref: `INV-${m}${String(i + 1).padStart(3, '0')}`, day: String(i + 1).padStart(2, '0'), amount: ((i + 1) * 41.5).toFixed(2) }));
  const bank = ['Posting Date,Description,Amount', ...rows.map((r) => `${mm}/${r.day}/2026,PAYMENT ${r.ref},${r.amount}`)].join('\n');
  const invoices = ['Invoice,Invoice Date,Total', ...rows.map((r) => `${r.ref},2026-${mm}-${r.day},${r.amount}`)].join('\n');
  return { bank, invoices };
}

test('duplicate for next month: the date fix travels with it and November matches like October', async ({ appPage: page }, info) => {
  test.setTimeout(150_000);
  await openReconcile(page);
  await page.getByRole('button', { name: 'Start a reconciliation' }).click();
  const oct = month(10);
  await dropFiles(page, card(page, 'left'), [{ name: 'bank-october.csv', content: oct.bank }]);
  await dropFiles(page, card(page, 'right'), [{ name: 'invoices-october.csv', content: oct.invoices }]);
  const left = card(page, 'left');
  await expect(left.getByLabel('left rows')).toHaveText('12');
  await expect(card(page, 'right').getByLabel('right rows')).toHaveText('12');
  await expect(page.getByRole('table', { name: 'Proposed column pairs' })).toBeVisible();
  // Detection cannot tell 10/03 from 03/10 here: fixed by hand to month first.
  await left.getByRole('combobox', { name: 'Format of Posting Date' }).selectOption('%m/%d/%Y');
  await expect(left.getByRole('combobox', { name: 'Format of Posting Date' })).toHaveValue('%m/%d/%Y');
  // The card keeps the user's file name after a re-type (it showed the workspace copy's name).
  await expect(left.getByText('bank-october.csv')).toBeVisible();
  // Every proposed pair is right here (the dates at 72 % too): each accepted by hand.
  const mapping = page.getByRole('table', { name: 'Proposed column pairs' });
  await expect(mapping.getByRole('row', { name: 'Posting Date ↔ Invoice Date' })).toBeVisible();
  for (const accept of await mapping.getByRole('button', { name: /^Accept .+ ↔ / }).all()) {
    if ((await accept.getAttribute('aria-pressed')) !== 'true') await accept.click();
  }
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await expect(page.getByRole('list', { name: 'Match rules' })).toBeVisible();
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  const rate = page.getByLabel('Run summary').getByLabel('Match rate');
  await expect(rate).toHaveText('100.0%');

  await page.getByRole('button', { name: 'Duplicate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Duplicate workspace' });
  await dialog.getByLabel('Name').fill('November');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('combobox', { name: 'Workspace' })).toHaveValue(/.+/);
  await expect(page.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText('November');
  // Before a file is there, the card says how it will be read.
  await expect(card(page, 'left').getByRole('note')).toContainText('Posting Date as date (%m/%d/%Y)');
  const nov = month(11);
  await dropFiles(page, card(page, 'left'), [{ name: 'bank-november.csv', content: nov.bank }]);
  await dropFiles(page, card(page, 'right'), [{ name: 'invoices-november.csv', content: nov.invoices }]);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('12');
  await expect(card(page, 'left').getByRole('combobox', { name: 'Format of Posting Date' })).toHaveValue('%m/%d/%Y');
  await expect(card(page, 'left')).toContainText(/type fixes from “.+” applied: Posting Date as date \(%m\/%d\/%Y\)/);
  await shot(page, info, '01-november-sources', 'step-sources');
  // The mapping and rules came along; November runs as October did.
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(rate).toHaveText('100.0%');
  await shot(page, info, '02-november-results', 'step-results');
});

test('duplicate for next month with the files chosen the other way round: each lands on its own side (issue 28)', async ({ appPage: page }, info) => {
  test.setTimeout(150_000);
  await openReconcile(page);
  await page.getByRole('button', { name: 'Start a reconciliation' }).click();
  const oct = month(10);
  await dropFiles(page, card(page, 'left'), [{ name: 'bank-october.csv', content: oct.bank }]);
  await dropFiles(page, card(page, 'right'), [{ name: 'invoices-october.csv', content: oct.invoices }]);
  await expect(card(page, 'right').getByLabel('right rows')).toHaveText('12');
  await card(page, 'left').getByRole('combobox', { name: 'Format of Posting Date' }).selectOption('%m/%d/%Y');
  await expect(card(page, 'left').getByRole('combobox', { name: 'Format of Posting Date' })).toHaveValue('%m/%d/%Y');
  const mapping = page.getByRole('table', { name: 'Proposed column pairs' });
  await expect(mapping.getByRole('row', { name: 'Posting Date ↔ Invoice Date' })).toBeVisible();
  for (const accept of await mapping.getByRole('button', { name: /^Accept .+ ↔ / }).all()) {
    if ((await accept.getAttribute('aria-pressed')) !== 'true') await accept.click();
  }
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  const rate = page.getByLabel('Run summary').getByLabel('Match rate');
  await expect(rate).toHaveText('100.0%');

  await page.getByRole('button', { name: 'Duplicate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Duplicate workspace' });
  await dialog.getByLabel('Name').fill('November');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText('November');
  const nov = month(11);
  // The invoice list is chosen first, on the bank's side: it goes to the invoices' side, with a notice.
  await dropFiles(page, card(page, 'left'), [{ name: 'invoices-november.csv', content: nov.invoices }]);
  await expect(card(page, 'right').getByLabel('right rows')).toHaveText('12');
  await expect(card(page, 'right')).toContainText('“invoices-november.csv” was chosen for the left side, but it has the columns of invoices_october');
  await dropFiles(page, card(page, 'right'), [{ name: 'bank-november.csv', content: nov.bank }]);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('12');
  await expect(card(page, 'left').getByText('bank-november.csv', { exact: true })).toBeVisible();
  await expect(card(page, 'right').getByText('invoices-november.csv', { exact: true })).toBeVisible();
  // The bank file got the bank's date fix from October, so November matches as October did.
  await expect(card(page, 'left').getByRole('combobox', { name: 'Format of Posting Date' })).toHaveValue('%m/%d/%Y');
  await shot(page, info, '03-november-other-order-sources', 'step-sources');
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(rate).toHaveText('100.0%');
});
