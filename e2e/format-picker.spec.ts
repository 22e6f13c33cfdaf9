/**
 * Issue 27: an amount column that cannot be typed (1.234,56 mixed with 1,234.56) and dates whose
 * day/month order the data cannot decide get a format picker in the mapping step: the user picks
 * the format, sees what the file's values read as (the unreadable ones first) and only then applies
 * it. Browser mode, real engine. Screenshots at 1440×900 and 1024×700, light and dark.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './app';
import { dropFiles, openReconcile } from './reconcile-helpers';
import { formatPickerBank } from '../tests/reconcile/workspace/format-preview-data';

const ledger = `ref,amount,date\n${['1234.56', '250.00', '12500.00', '99.90', '1234.56', '3000.00', '45.10', '7777.77', '10.00', '2000.50', '300.00', '1000.00']
  .map((a, i) => `INV-${i + 1},${a},2026-04-${String(i + 1).padStart(2, '0')}`)
  .join('\n')}\n`;

async function shots(page: Page, info: TestInfo, name: string) {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate(() => {
        const el = document.querySelector('.format-pickers');
        const sc = document.querySelector('.reconcile-scroll');
        if (el && sc) sc.scrollTop = el.getBoundingClientRect().top - sc.getBoundingClientRect().top + sc.scrollTop - 60;
      });
      await page.waitForTimeout(150);
      const file = `${name}-${size.width}-${theme}.png`;
      await page.screenshot({ path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/${file}` : info.outputPath(file) });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('pick the format of an untyped amount and of day/month dates, with a preview, then apply', async ({ appPage: page }, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'ledger.csv', content: ledger },
    { name: 'bank.csv', content: formatPickerBank() },
  ]);
  const bankCard = page.getByRole('article', { name: /(Left|Right) source/ }).filter({ hasText: 'bank.csv' });

  const amount = page.getByRole('region', { name: /“amount” \(bank\) holds amounts but is read as text/ });
  await expect(amount).toBeVisible();
  const amountFormat = amount.getByLabel('Format of amount (bank)');
  await amountFormat.selectOption('eu');
  const euTable = amount.getByRole('table', { name: 'Preview of amount (bank) read as 1.234,56 (decimal comma)' });
  await expect(euTable.getByRole('row').nth(1)).toHaveText(/1,234\.56\s*does not read/);
  await expect(euTable.getByRole('row', { name: /1\.234,56/ }).first()).toContainText('1234.56');
  await expect(amount.getByRole('status')).toContainText('11 of 12 value(s) in the first rows read as amounts with 1.234,56 (decimal comma); 1 do not');

  // The other reading: most values do not read; the preview says so before anything is applied.
  await amountFormat.selectOption('us');
  const usTable = amount.getByRole('table', { name: 'Preview of amount (bank) read as 1,234.56 (decimal point)' });
  await expect(usTable).toContainText('1.234,56');
  await expect(amount.getByRole('status')).toContainText('1 of 12 value(s)');

  const dates = page.getByRole('region', { name: /“booked” \(bank\): day or month first\?/ });
  await expect(dates).toBeVisible();
  await dates.getByLabel('Format of booked (bank)').selectOption('%m/%d/%Y');
  await expect(dates.getByRole('table', { name: /read as 12\/31\/2026 \(month first\)/ }).getByRole('row', { name: /03\/04\/2026/ })).toContainText('2026-03-04');
  await dates.getByLabel('Format of booked (bank)').selectOption('%d/%m/%Y');
  const dayFirst = dates.getByRole('table', { name: /read as 31\/12\/2026 \(day first\)/ });
  await expect(dayFirst.getByRole('row', { name: /03\/04\/2026/ })).toContainText('2026-04-03');

  await amountFormat.selectOption('eu');
  await expect(euTable).toBeVisible();
  await shots(page, info, 'format-picker');

  // Apply: the column becomes a number column read as previewed, and its picker goes.
  await amount.getByRole('button', { name: 'Use this format' }).click();
  await expect(amount).toHaveCount(0);
  await expect(bankCard.getByLabel('Type of amount')).toHaveValue('number');
  await expect(bankCard.getByLabel('Format of amount')).toHaveValue('eu');
  await dates.getByRole('button', { name: 'Use this format' }).click();
  await expect(dates).toHaveCount(0);
  await expect(bankCard.getByLabel('Format of booked')).toHaveValue('%d/%m/%Y');
  await expect(page.locator('.format-pickers')).toHaveCount(0);
});
