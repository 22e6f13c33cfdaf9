/**
 * Issue 15 in browser mode: a German bank export with account details above the header and a
 * closing-balance line below the data loads as a table, says which lines it did not read, and can
 * be read again with other options chosen from lists; an Excel workbook's second sheet is picked.
 */
import ExcelJS from 'exceljs';
import { expect, test } from './app';
import { card, dropFiles, openReconcile, shot } from './reconcile-helpers';
import { LAYOUTS, layoutBytes } from '../tests/helpers/bank-exports';

test('a preamble and a closing balance are skipped and listed; read options change how the file is read', async ({ appPage: page }, info) => {
  const sparkasse = LAYOUTS.find((l) => l.id === 'de-sparkasse')!;
  await openReconcile(page);
  await page.getByRole('button', { name: 'Start a reconciliation' }).click();
  await dropFiles(page, card(page, 'left'), [{ name: 'umsaetze.csv', content: layoutBytes(sparkasse, 30) }]);
  const left = card(page, 'left');
  await expect(left.getByLabel('left rows')).toHaveText('30');
  await left.getByText('How this file was read').click();
  await expect(left.getByRole('spinbutton', { name: 'Lines above the header of the left source' })).toHaveValue('4');
  await expect(left.getByRole('spinbutton', { name: 'Lines below the data of the left source' })).toHaveValue('1');
  await expect(left.getByRole('combobox', { name: 'Delimiter of the left source' })).toHaveValue(';');
  await expect(left.getByRole('list', { name: 'Lines not read of the left source' })).toContainText('Kontostand am 31.12.2026');
  await expect(left.getByRole('combobox', { name: 'Type of Betrag (EUR)' })).toHaveValue('number');
  await shot(page, info, '01-read-options');
  // A changed choice is previewed before anything is read: two lines above instead of four makes
  // the period line the header, naming two of five columns — visibly wrong, so back.
  const lines = left.getByRole('spinbutton', { name: 'Lines above the header of the left source' });
  await lines.fill('2');
  const preview = left.getByRole('region', { name: 'Preview of the left source with these options' });
  await expect(preview.getByRole('columnheader')).toHaveText(['Zeitraum:', '01.01.2026 - 31.12.2026', 'column_3', 'column_4', 'column_5']);
  await shot(page, info, '02-read-preview');
  await left.getByRole('checkbox', { name: 'First line read is a header of the left source' }).uncheck();
  await expect(preview).toContainText('no header row');
  await expect(preview.getByRole('columnheader').first()).toHaveText('column_1');
  await left.getByRole('button', { name: 'Reset' }).click();
  await expect(preview).toHaveCount(0);
  // Read with a decimal point instead: the choice is applied and said.
  await left.getByRole('combobox', { name: 'Decimal separator of the left source' }).selectOption('.');
  await left.getByRole('button', { name: 'Read again with these options' }).click();
  await expect(left.getByText('as chosen in the read options')).toBeVisible();
  await expect(left.getByRole('combobox', { name: 'Decimal separator of the left source' })).toHaveValue('.');
});

test('an Excel workbook with two data sheets: the other one is picked from a list', async ({ appPage: page }) => {
  const wb = new ExcelJS.Workbook();
  const notes = wb.addWorksheet('Notes');
  notes.addRow(['Exported from the bank portal']);
  const first = wb.addWorksheet('January');
  first.addRow(['Date', 'Reference', 'Amount']);
  for (let i = 1; i <= 5; i++) first.addRow([new Date(Date.UTC(2026, 0, i)), `INV-${i}`, i * 10.5]);
  const second = wb.addWorksheet('February');
  second.addRow(['Date', 'Reference', 'Amount']);
  for (let i = 1; i <= 8; i++) second.addRow([new Date(Date.UTC(2026, 1, i)), `INV-${100 + i}`, i * 3.25]);
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  await openReconcile(page);
  await page.getByRole('button', { name: 'Start a reconciliation' }).click();
  await dropFiles(page, card(page, 'right'), [{ name: 'statement.xlsx', content: bytes }]);
  const right = card(page, 'right');
  // The loader picks the sheet with the most data; the others are one choice away.
  await expect(right.getByLabel('right rows')).toHaveText('8');
  // The column profile arrives after the load (a re-read started within that moment once failed; see docs/status.md).
  await expect(right.getByRole('table', { name: /^Columns of/ })).toContainText('distinct');
  await right.getByText('How this file was read').click();
  const sheet = right.getByRole('combobox', { name: 'Sheet of the right source' });
  await expect(sheet).toHaveValue('February');
  await expect(sheet.locator('option')).toHaveText(['Notes', 'January', 'February']);
  await sheet.selectOption('January');
  await right.getByRole('button', { name: 'Read again with these options' }).click();
  await expect(right.getByLabel('right rows')).toHaveText('5');
  await expect(sheet).toHaveValue('January');
});
