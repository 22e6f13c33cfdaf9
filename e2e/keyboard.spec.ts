/**
 * Keyboard-only Reconcile flow (issue 18): every step is triggered from the keyboard
 * and the test asserts where focus lands afterwards — never on <body>. The files
 * come through the file chooser, opened with Enter on "Choose files…".
 */
import { join } from 'node:path';
import { expect, test } from './app';
import { card, shot } from './reconcile-helpers';
import { reconFiles } from '../tests/reconcile/workspace/data';

test('keyboard only: skip link, accept mapping, filter, run, result tabs, export, new workspace', async ({ appPage: page, app }, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Reconcile/ })).toHaveAttribute('aria-current', 'page');

  // Skip link: first Tab stop, moves focus into the workspace.
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to workspace' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#workspace')).toBeFocused();

  // Start a workspace, then choose the files with the keyboard.
  await page.getByRole('button', { name: 'Start a reconciliation' }).focus();
  await page.keyboard.press('Enter');
  const choose = page.getByRole('button', { name: 'Choose files…' });
  await expect(choose).toBeFocused();
  const files = reconFiles();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles([
    { name: 'bank statement.csv', mimeType: 'text/csv', buffer: Buffer.from(files.bank) },
    { name: 'invoices.csv', mimeType: 'text/csv', buffer: Buffer.from(files.invoices) },
  ]);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('26');
  await expect(page.locator('body')).not.toBeFocused();

  const acceptAll = page.getByRole('button', { name: /Accept all ≥ 80%/ });
  await acceptAll.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/\d+ accepted · 0 to decide/)).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Confirm mapping' });
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Mapping confirmed ✓' })).toBeVisible();

  // Filter: Enter applies; focus comes back to the (re-enabled) filter box.
  const filterBox = page.getByLabel('Describe a filter');
  await filterBox.focus();
  await page.keyboard.type('only amounts above 500');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('left rows in scope')).toHaveText('17 of 26');
  await expect(filterBox).toBeFocused();

  // Run: focus lands on the run summary.
  await page.getByRole('button', { name: '▶ Run reconciliation' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Run summary' })).toBeFocused();

  // Result tabs: one Tab stop, arrows move and select.
  const tabs = page.getByRole('tablist', { name: 'Result categories' });
  const selected = tabs.locator('[role="tab"][aria-selected="true"]');
  await selected.focus();
  const before = await selected.innerText();
  await page.keyboard.press('ArrowRight');
  await expect(selected).not.toHaveText(before);
  await expect(selected).toBeFocused();
  await expect(tabs.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Home');
  await expect(tabs.getByRole('tab').first()).toBeFocused();
  await expect(tabs.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');

  // Accept a suggestion: focus moves to the next row's Accept, or to the list when none is left.
  const results = page.locator('#results-panel');
  await tabs.getByRole('tab', { name: /Suggested/ }).focus();
  await page.keyboard.press('Enter');
  const suggestionsBefore = Number((await tabs.getByRole('tab', { name: /Suggested/ }).locator('.count').innerText()).replace(/\D/g, ''));
  expect(suggestionsBefore).toBeGreaterThan(0);
  await results.getByRole('button', { name: /^Accept/ }).first().focus();
  await page.keyboard.press('Enter');
  await expect(tabs.getByRole('tab', { name: /Suggested/ }).locator('.count')).toHaveText(String(suggestionsBefore - 1));
  // The filtered run has one suggestion: with its row gone, focus is on the list, not lost.
  expect(suggestionsBefore).toBe(1);
  await expect(results).toBeFocused();

  // Export: focus lands on the confirmation.
  await page.getByLabel('Export folder').fill(join(app.dataDir, 'kbd-exports'));
  await page.getByRole('button', { name: 'Export…' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#export-done')).toBeFocused();
  await expect(page.locator('#export-done')).toContainText('Exported');
  await shot(page, info, 'keyboard-exported-1024');

  // New workspace: the dialog opens on its name field, so Enter creates it.
  await page.getByRole('button', { name: 'New', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Typed by keyboard');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText('Typed by keyboard');

  // F1 and ? open the shortcuts help.
  await page.locator('#workspace').focus();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'About Kalla Desktop' }).getByRole('table', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('theme setting and the last workspace survive a restart', async ({ appPage: page, app }) => {
  await page.keyboard.press('Alt+5');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByLabel('Locale for numbers and dates').fill('xx-not a locale!');
  await expect(page.getByText(/is not a locale this app knows/)).toBeVisible();
  await page.getByLabel('Locale for numbers and dates').fill('de-DE');
  await page.getByLabel('Locale for numbers and dates').press('Enter');
  await expect(page.getByText(/1\.234\.567,89/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Settings/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  void app;
});
