/**
 * A direct-debit collection as a user meets it (issue 25): a ledger and a bank statement dropped on
 * the window, the rules proposed from the data name the collection, and the group a BACS credit
 * settles says which items were due that day and which one came back. Browser mode, real engine.
 * Photographed at 1440×900 and 1024×700, light and dark (SHOTS_DIR keeps the pictures).
 */
import { expect, test } from './app';
import { dropFiles, openReconcile } from './reconcile-helpers';
import { collectionFiles, collectionWorld } from '../tests/fixtures/collections-world';

test('a direct-debit collection pays every item due that day, and a return reopens its item', async ({ appPage: page }, info) => {
  test.setTimeout(120_000);
  const w = collectionWorld();
  const files = collectionFiles(w);
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'sales ledger.csv', content: files.ledger },
    { name: 'bank statement.csv', content: files.bank },
  ]);
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  const rules = page.getByRole('list', { name: 'Match rules' });
  await expect(rules).toContainText('Collections: every open item due on one day with one Method');
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(page.getByLabel('Run summary').getByLabel('Match rate')).toHaveText(/\d+\.\d%/);
  const results = page.locator('#results-panel');
  await page.getByRole('tablist', { name: 'Result categories' }).getByRole('tab', { name: /Matched/ }).click();
  await results.getByRole('searchbox', { name: 'Search results' }).fill(`INV-${w.returned.no}`);
  await expect(results.getByText(`1 matching “INV-${w.returned.no}”`)).toBeVisible();
  // The return line names the invoice: its group is the day's collection, the invoice itself is not in it.
  await results.getByRole('button', { name: /^Details of group/ }).first().click();
  const detail = results.getByRole('region', { name: /^Details of group/ });
  await expect(detail).toContainText('adds up to this line');
  await expect(detail).toContainText('returned, open again');
  await expect(detail).toContainText('DD RETURN ARUDD');
  for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await detail.scrollIntoViewIfNeeded();
      const file = `collection-detail-${size.width}-${theme}.png`;
      await page.screenshot({ path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/${file}` : info.outputPath(file) });
    }
  }
});
