/**
 * The Reconcile workspace end to end: the real app in browser mode (`kalla web`),
 * the real kalla-recon server (offline engine) through the host, real DuckDB,
 * real Chromium. A bank statement against an invoice list, generated here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './app';
import { card, dropFiles, openReconcile, shot } from './reconcile-helpers';
import { raggedCsv, reconFiles } from '../tests/reconcile/workspace/data';

const files = reconFiles();

test('drop two CSVs, review the mapping, filter by chat, run, review, export, restart', async ({ appPage: page, app }, info) => {
  test.setTimeout(180_000);
  await openReconcile(page);
  await expect(page.getByRole('heading', { name: 'Reconcile two files' })).toBeVisible();
  await shot(page, info, '01-empty');

  // 1. Sources: both files dropped anywhere on the window.
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'bank statement.csv', content: files.bank },
    { name: 'invoices.csv', content: files.invoices },
  ]);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('26');
  await expect(card(page, 'right').getByLabel('right rows')).toHaveText('24');
  await expect(card(page, 'left').getByLabel('Name of the left source')).toHaveValue('bank_statement');
  await expect(card(page, 'left').getByRole('table', { name: 'Columns of bank_statement' })).toContainText('Booking Date');
  await card(page, 'left').getByRole('button', { name: 'Preview rows' }).click();
  await expect(card(page, 'left').getByRole('grid', { name: 'Rows of the left source' })).toContainText('INV-1001');
  // Sorting a source's preview cycles like the results: ascending, descending, then the file's own order.
  const amountHeader = card(page, 'left').getByRole('columnheader', { name: /Amount/ });
  for (const state of ['ascending', 'descending', 'none', 'ascending']) {
    await amountHeader.getByRole('button').click();
    await expect(amountHeader).toHaveAttribute('aria-sort', state);
  }
  await shot(page, info, '02-sources', 'step-sources');

  // 2. Mapping: proposed as soon as both are loaded; reject one, fix another, accept the rest.
  const mapping = page.getByRole('table', { name: 'Proposed column pairs' });
  await expect(mapping.getByRole('row', { name: 'Reference ↔ Invoice No' })).toBeVisible();
  await expect(mapping.getByRole('meter', { name: 'Confidence of Reference ↔ Invoice No' })).toHaveAttribute('aria-valuenow', '99');
  await page.getByRole('button', { name: 'Reject Currency ↔ Currency' }).click();
  await expect(mapping.getByRole('row', { name: 'Currency ↔ Currency' })).toHaveClass(/decision-rejected/);
  await mapping.getByRole('row', { name: 'Booking Date ↔ Invoice Date' }).getByRole('combobox', { name: /Left column/ }).selectOption('Value Date');
  await expect(mapping.getByRole('row', { name: 'Value Date ↔ Invoice Date' })).toContainText('manual');
  await expect(page.getByRole('list', { name: 'Unmapped columns of bank_statement' })).toContainText('Booking Date');
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await expect(page.getByText('4 accepted · 0 to decide')).toBeVisible();
  await shot(page, info, '03-mapping-review', 'step-mapping');
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await expect(page.getByRole('button', { name: 'Mapping confirmed ✓' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Match rules' }).getByRole('listitem').first()).toContainText('Reference');

  // 3. Filter chat: chips per source, live counts, edit, remove, undo.
  await page.getByLabel('Describe a filter').fill('only amounts above 500, not from Stripe');
  await page.getByRole('button', { name: 'Apply' }).click();
  const leftChips = page.getByRole('list', { name: 'Filters on bank_statement' });
  await expect(leftChips.getByRole('listitem', { name: 'bank_statement: Amount > 500' })).toBeVisible();
  await expect(page.getByLabel('left rows in scope')).toHaveText('16 of 26');
  await expect(page.getByLabel('right rows in scope')).toHaveText('18 of 24');
  await page.getByRole('button', { name: 'Edit filter Amount > 500' }).click();
  await page.getByLabel('Value for Amount').fill('1000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(leftChips.getByRole('listitem', { name: 'bank_statement: Amount > 1000' })).toBeVisible();
  await page.getByRole('button', { name: /Remove filter Customer/ }).click();
  await expect(page.getByRole('list', { name: 'Filters on invoices' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: '↶ Undo' }).click();
  await page.getByRole('button', { name: '↶ Undo' }).click();
  await expect(leftChips.getByRole('listitem', { name: 'bank_statement: Amount > 500' })).toBeVisible();
  await expect(page.getByLabel('left rows in scope')).toHaveText('16 of 26');
  await shot(page, info, '04-filters', 'step-filters');

  // 4. Rules and run.
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  const summary = page.getByLabel('Run summary');
  await expect(summary.getByLabel('Match rate')).toHaveText(/\d+\.\d%/);
  await shot(page, info, '05-results', 'step-results');

  // 5. Results: accept a suggestion, match the near miss by hand, annotate.
  const tabs = page.getByRole('tablist', { name: 'Result categories' });
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('1');
  const results = page.locator('#results-panel');
  await results.getByRole('button', { name: /^Accept group/ }).first().click();
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('0');
  await tabs.getByRole('tab', { name: /Exceptions/ }).click();
  await results.getByRole('checkbox', { name: /Pick bank_statement (line|row) / }).first().check();
  await results.getByText(/^invoices \(/).click();
  await results.getByRole('checkbox', { name: /Pick invoices (line|row) / }).first().check();
  await expect(page.getByText('Picked 1 bank_statement · 1 invoices')).toBeVisible();
  await shot(page, info, '06-manual-match', 'step-results');
  await page.getByRole('button', { name: 'Match picked rows' }).click();
  await expect(tabs.getByRole('tab', { name: /Exceptions/ })).toContainText('0');
  await tabs.getByRole('tab', { name: /Matched/ }).click();
  await expect(results.getByText('manual').first()).toBeVisible();
  await tabs.getByRole('tab', { name: /Unmatched invoices/ }).click();
  await expect(results.getByRole('grid', { name: 'Unmatched invoices' })).toContainText('INV-1024');

  // Export to a folder typed by the user (browser mode), then read the file back.
  const exportDir = join(app.dataDir, 'my-exports');
  await page.getByLabel('Export folder').fill(exportDir);
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(page.getByText(/Exported \d+ file\(s\) to/)).toBeVisible();
  const exported = readdirSync(exportDir);
  expect(exported.some((f) => f.endsWith('.xlsx'))).toBe(true);
  const matchedCsv = exported.find((f) => f.endsWith('matched.csv'))!;
  const text = readFileSync(join(exportDir, matchedCsv), 'utf8');
  expect(text).toContain('manual');
  expect(text).toContain('accepted');
  await shot(page, info, '07-exported', 'step-results');

  // 6. Restart the app: everything is where it was.
  await app.restart();
  await page.goto(app.url);
  await openReconcile(page);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('26');
  await expect(page.getByRole('button', { name: 'Mapping confirmed ✓' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Filters on bank_statement' }).getByRole('listitem', { name: 'bank_statement: Amount > 500' })).toBeVisible();
  await expect(page.getByRole('log', { name: 'Filter conversation' })).toContainText('only amounts above 500, not from Stripe');
  await expect(page.getByRole('tablist', { name: 'Result categories' }).getByRole('tab', { name: /Exceptions/ })).toContainText('0');
  await shot(page, info, '08-after-restart', 'step-sources');

  // Save the recipe: in browser mode a download (the browser's own save chooser).
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save recipe…' }).click();
  const download = await downloading;
  const recipeText = readFileSync((await download.path())!, 'utf8');
  const recipe = JSON.parse(recipeText);
  expect(recipe).toMatchObject({ left: { alias: 'bank_statement' }, right: { alias: 'invoices' } });
  expect(recipe.filters).toContainEqual({ source: 'bank_statement', column: 'Amount', op: 'gt', value: 500 });

  // Duplicate for next month, then delete the copy (with confirmation).
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await page.getByRole('dialog', { name: 'Duplicate workspace' }).getByLabel('Name').fill('November');
  await page.getByRole('dialog', { name: 'Duplicate workspace' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog', { name: 'Duplicate workspace' })).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText('November');
  await expect(card(page, 'left').getByText('Drop a CSV here')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Match rules' }).getByRole('listitem').first()).toContainText('Reference');
  await shot(page, info, '09-duplicate');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete workspace' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText('bank_statement vs invoices');

  // A new workspace takes the saved recipe: mapping, filters and rules come back.
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByRole('dialog', { name: 'New workspace' }).getByLabel('Name').fill('December');
  await page.getByRole('dialog', { name: 'New workspace' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText('December');
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Load recipe…' }).click();
  await (await choosing).setFiles({ name: 'bank-vs-invoices.recipe.json', mimeType: 'application/json', buffer: Buffer.from(recipeText) });
  await expect(page.getByRole('list', { name: 'Match rules' }).getByRole('listitem').first()).toContainText('Reference');
  await expect(page.getByText('Loaded from bank-vs-invoices.recipe.json.')).toBeVisible();
  await shot(page, info, '10-recipe-loaded', 'step-rules');
});

test('a broken CSV shows its error and the way out; the other source stays loaded', async ({ appPage: page }, info) => {
  await openReconcile(page);
  await page.getByRole('button', { name: 'Start a reconciliation' }).click();
  await dropFiles(page, card(page, 'left'), [{ name: 'bank.csv', content: files.bank }]);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('26');
  await dropFiles(page, card(page, 'right'), [{ name: 'ragged.csv', content: raggedCsv() }]);
  const alert = card(page, 'right').getByRole('alert');
  await expect(alert).toContainText('malformed line');
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('26');
  await shot(page, info, '01-broken-file');
  // The way out works from the keyboard.
  await alert.getByRole('button', { name: 'Skip bad lines and load' }).focus();
  await page.keyboard.press('Enter');
  await expect(card(page, 'right').getByLabel('right rows')).toHaveText('3');
  await expect(card(page, 'right')).toContainText('skipped 1 malformed line');
  await shot(page, info, '02-recovered');
});

test('a large file can be cancelled while it loads; the side keeps the file it had', async ({ appPage: page }, info) => {
  await openReconcile(page);
  await page.getByRole('button', { name: 'Start a reconciliation' }).click();
  await dropFiles(page, card(page, 'left'), [{ name: 'bank.csv', content: files.bank }]);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('26');
  // ~20 MB generated in the page: passing it through the test's JSON would take longer than the load.
  const dataTransfer = await page.evaluateHandle(() => {
    const lines = ['reference,amount,date'];
    for (let i = 0; i < 700_000; i++) lines.push(`INV-${i},${(i % 500) + 1}.25,2024-02-${String((i % 28) + 1).padStart(2, '0')}`);
    const dt = new DataTransfer();
    dt.items.add(new File([lines.join('\n')], 'big.csv', { type: 'text/csv' }));
    return dt;
  });
  await card(page, 'left').dispatchEvent('dragover', { dataTransfer });
  await card(page, 'left').dispatchEvent('drop', { dataTransfer });
  // Cancel as soon as the button shows (the upload has started). Waiting for the read phase first
  // raced the load: on a fast run the file was read before the click and the button was gone.
  // Cancelling the DuckDB read itself is covered in tests/reconcile/engine/ingest.test.ts.
  const cancel = card(page, 'left').getByRole('button', { name: 'Cancel loading the left source' });
  await cancel.click({ timeout: 30_000 });
  await expect(card(page, 'left').getByRole('status')).toHaveCount(0);
  await expect(card(page, 'left').getByRole('alert')).toHaveCount(0);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('26');
  // Still the same after a reload: nothing half-loaded was saved.
  await page.reload();
  await openReconcile(page);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('26');
  await shot(page, info, '02-cancelled');
});

test('rows pasted from a spreadsheet load as a source', async ({ appPage: page }, info) => {
  await openReconcile(page);
  await page.getByRole('button', { name: 'Start a reconciliation' }).click();
  const right = card(page, 'right');
  await right.getByRole('button', { name: 'Paste data…' }).click();
  const form = right.getByRole('form', { name: 'Paste data into the right source' });
  await form.getByRole('button', { name: 'Load pasted rows' }).click();
  await expect(form.getByRole('alert')).toContainText('Paste some rows first');
  // What a spreadsheet puts on the clipboard: tab-separated, European number format.
  const rows = ['Invoice\tAmount\tDue', 'INV-1001\t1.250,00\t03.10.2026', 'INV-1002\t99,90\t15.10.2026', 'INV-1003\t12,50\t31.10.2026'];
  await form.getByRole('textbox', { name: 'Pasted rows for the right source' }).fill(rows.join('\n'));
  await form.getByRole('textbox', { name: 'Name of the pasted data' }).fill('october invoices');
  await shot(page, info, '01-pasting');
  await form.getByRole('button', { name: 'Load pasted rows' }).click();
  await expect(right.getByLabel('right rows')).toHaveText('3');
  await expect(right.getByTitle('october invoices.tsv')).toBeVisible();
  await expect(right.getByRole('combobox', { name: 'Type of Amount' })).toHaveValue('number');
  await expect(right.getByRole('combobox', { name: 'Type of Due' })).toHaveValue('date');
  await shot(page, info, '02-pasted');
});

test('decisions clicked faster than they are saved all count', async ({ appPage: page }) => {
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'bank statement.csv', content: files.bank },
    { name: 'invoices.csv', content: files.invoices },
  ]);
  const mapping = page.getByRole('table', { name: 'Proposed column pairs' });
  await expect(mapping.getByRole('row', { name: 'Reference ↔ Invoice No' })).toBeVisible();
  const pairs = await mapping.getByRole('button', { name: /^Accept / }).count();
  expect(pairs).toBeGreaterThan(2);
  // Every Accept in one go, before any save has come back (a quick keyboard or mouse user).
  await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('table[aria-label="Proposed column pairs"] button[aria-label^="Accept "]').forEach((b) => b.click()));
  await expect(page.getByText(`${pairs} accepted · 0 to decide`)).toBeVisible();
  // Saved when the step no longer says so (a reload before that would lose the newest click, as in any web page).
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await page.reload();
  await openReconcile(page);
  await expect(page.getByText(`${pairs} accepted · 0 to decide`)).toBeVisible();
});
