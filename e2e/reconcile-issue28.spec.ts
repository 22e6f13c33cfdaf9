/**
 * Issue 28 defects that need a real browser: results that vanished after visiting another view,
 * focus after bulk actions, and the review at 1024×700 (long file names, amounts never cut).
 */
import { expect, test } from './app';
import { card, dropFiles, openReconcile, shot } from './reconcile-helpers';
import type { Page } from '@playwright/test';

const LONG = 'UMSAETZE_GIROKONTO_DE8937040044053201300';

function files() {
  const bank = ['Buchungstag;Verwendungszweck;Auftraggeber;Betrag'];
  const inv = ['Invoice No,Customer,Invoice Date,Amount'];
  const customers = ['Fischer Maschinenbau GmbH & Co. KG', 'Globex Ltd', 'Initech AG', 'Hooli SE'];
  for (let i = 0; i < 12; i++) {
    const no = `RE-${2001 + i}`;
    const amount = 18_340.55 + i * 1_037.5;
    inv.push(`${no},${customers[i % 4]},2026-02-${String(1 + i).padStart(2, '0')},${amount.toFixed(2)}`);
    bank.push(`${String(2 + i).padStart(2, '0')}.02.2026;Zahlung ${no} danke;${customers[i % 4]};${amount.toFixed(2).replace('.', ',')}`);
  }
  return { bank: `${bank.join('\n')}\n`, invoices: `${inv.join('\n')}\n` };
}

async function loadAndRun(page: Page, bankName = 'bank.csv') {
  const f = files();
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: bankName, content: f.bank },
    { name: 'invoices.csv', content: f.invoices },
  ]);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('12');
  await expect(card(page, 'right').getByLabel('right rows')).toHaveText('12');
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await expect(page.getByRole('button', { name: 'Mapping confirmed ✓' })).toBeVisible();
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(page.getByRole('region', { name: 'Run summary' })).toBeVisible();
}

test('results stay after visiting Lineage or Settings and coming back', async ({ appPage: page }) => {
  test.setTimeout(120_000);
  await loadAndRun(page);
  const tabs = page.getByRole('tab', { name: /^Matched/ });
  await expect(tabs).toBeVisible();
  for (const key of ['2', '5']) {
    await page.keyboard.press(`Control+${key}`);
    await expect(page.getByRole('region', { name: 'Run summary' })).toHaveCount(0);
    await page.keyboard.press('Control+1');
    await expect(page.getByRole('region', { name: 'Run summary' })).toBeVisible();
    await expect(tabs).toBeVisible();
  }
});
