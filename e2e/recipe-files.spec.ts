/**
 * Issue 28: recipes are saved and loaded through file choosers, not typed paths. In browser mode
 * the browser's own choosers are the way: "Save recipe…" is a download, "Load recipe…" an upload
 * (Playwright's download and filechooser events are exactly what the user sees). A file that is
 * not a recipe gives a sentence with the next step and changes nothing.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './app';
import { card, dropFiles, openReconcile, shot } from './reconcile-helpers';
import { reconFiles } from '../tests/reconcile/workspace/data';

test('save a recipe as a download, load it through the file chooser, refuse a file that is not one', async ({ appPage: page }, info) => {
  test.setTimeout(150_000);
  await openReconcile(page);
  const f = reconFiles();
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'bank statement.csv', content: f.bank },
    { name: 'invoices.csv', content: f.invoices },
  ]);
  await expect(card(page, 'right').getByLabel('right rows')).toHaveText('24');
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  const rules = page.getByRole('list', { name: 'Match rules' }).getByRole('listitem');
  await expect(rules.first()).toContainText('Reference');
  const ruleCount = await rules.count();

  // Save: a download named after the workspace, holding the recipe; no path typed anywhere.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save recipe…' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('bank_statement vs invoices.recipe.json');
  const text = readFileSync((await download.path())!, 'utf8');
  const recipe = JSON.parse(text) as { version: number; left: { alias: string; path?: string }; right: { alias: string; path?: string }; rules: unknown[] };
  expect(recipe).toMatchObject({ version: 2, left: { alias: 'bank_statement' }, right: { alias: 'invoices' } });
  expect(recipe.rules).toHaveLength(ruleCount);
  // The recipe names the user's files, not the copies kept in the workspace's uploads folder.
  expect([recipe.left.path, recipe.right.path]).toEqual(['bank statement.csv', 'invoices.csv']);
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded the recipe as “bank_statement vs invoices.recipe.json”' })).toBeVisible();

  // Load into a new workspace through the browser's file chooser.
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByRole('dialog', { name: 'New workspace' }).getByLabel('Name').fill('December');
  await page.getByRole('dialog', { name: 'New workspace' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText('December');
  let choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Load recipe…' }).click();
  let chooser = await choosing;
  expect(chooser.isMultiple()).toBe(false);
  await chooser.setFiles({ name: 'october.recipe.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByRole('status').filter({ hasText: /^Loaded recipe “october\.recipe\.json”: \d+ mapped column pairs, 0 filters, \d+ rules?\.$/ })).toBeVisible();
  await expect(rules).toHaveCount(ruleCount);
  await expect(page.getByText('Loaded from october.recipe.json.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load recipe…' })).toBeFocused();
  await shot(page, info, '01-recipe-loaded', 'step-rules');

  // A file that is not a recipe: a sentence naming it and the next step; the workspace keeps its rules.
  choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Load recipe…' }).click();
  chooser = await choosing;
  await chooser.setFiles({ name: 'bank.json', mimeType: 'application/json', buffer: Buffer.from(f.bank) });
  const alert = page.locator('.banner.error[role="alert"]');
  await expect(alert).toContainText('“bank.json” is not a recipe: it is not valid JSON');
  await expect(alert).toContainText('Choose a .json file saved with “Save recipe…”');
  await expect(alert).not.toContainText(/ENOENT|SyntaxError/);
  await expect(rules).toHaveCount(ruleCount);
  await shot(page, info, '02-not-a-recipe');

  choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Load recipe…' }).click();
  chooser = await choosing;
  await chooser.setFiles({ name: 'empty-rules.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...recipe, rules: [] })) });
  await expect(alert).toContainText('The recipe “empty-rules.json” is invalid: rules: a recipe needs at least one match rule. Fix that in the file, or choose');
  await expect(rules).toHaveCount(ruleCount);
});
