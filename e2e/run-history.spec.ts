/**
 * Issue 28: two months of runs shown as charts with their table views. October is run, duplicated
 * for November (the history comes along), November's files are dropped and run; the History panel
 * shows both months, each chart toggles to a <table>, the CSV download holds the same figures, axe
 * finds nothing in either theme, and screenshots are taken at 1440×900 and 1024×700, light and dark.
 * Browser mode, real engine.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './app';
import { card, dropFiles, openReconcile, shot } from './reconcile-helpers';

const CUSTOMERS = ['Fischer GmbH', 'Nordlicht AG', 'Acme Ltd', 'Berg & Tal KG'];

/** An invoice list (with open items carried from earlier months) and the bank lines paying some of it. */
function month(m: number, unpaid: number) {
  const mm = String(m).padStart(2, '0');
  const items = Array.from({ length: 12 }, (_, i) => ({
    ref: `INV-${m}${String(i + 1).padStart(3, '0')}`,
    // Open items of this month and older ones (aging): the last `unpaid` are dated earlier.
    date: i < 12 - unpaid ? `2026-${mm}-${String(i + 2).padStart(2, '0')}` : `2026-${String(m - 1 - (i % 3)).padStart(2, '0')}-05`,
    customer: CUSTOMERS[i % CUSTOMERS.length],
    amount: ((i + 1) * 41.5).toFixed(2),
  }));
  const invoices = ['Invoice,Invoice Date,Customer,Total', ...items.map((r) => `${r.ref},${r.date},${r.customer},${r.amount}`)].join('\n');
  const paid = items.slice(0, 12 - unpaid);
  const bank = ['Booking Date,Description,Amount', ...paid.map((r, i) => `2026-${mm}-${String(i + 10).padStart(2, '0')},PAYMENT ${r.ref},${r.amount}`)].join('\n');
  return { invoices, bank };
}

async function runMonth(page: import('@playwright/test').Page, m: { invoices: string; bank: string }, name: string, mapping: boolean) {
  await dropFiles(page, card(page, 'left'), [{ name: `invoices-${name}.csv`, content: m.invoices }]);
  await dropFiles(page, card(page, 'right'), [{ name: `bank-${name}.csv`, content: m.bank }]);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('12');
  if (mapping) {
    const table = page.getByRole('table', { name: 'Proposed column pairs' });
    await expect(table).toBeVisible();
    for (const accept of await table.getByRole('button', { name: /^Accept .+ ↔ / }).all()) {
      if ((await accept.getAttribute('aria-pressed')) !== 'true') await accept.click();
    }
    await page.getByRole('button', { name: 'Confirm mapping' }).click();
    await expect(page.getByRole('list', { name: 'Match rules' })).toBeVisible();
  }
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(page.getByLabel('Run summary').getByLabel('Match rate')).toHaveText(/%$/);
}

test('two months of runs: charts with table views, CSV, both themes, 1440 and 1024', async ({ appPage: page }, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openReconcile(page);
  await page.getByRole('button', { name: 'Start a reconciliation' }).click();
  await runMonth(page, month(10, 3), 'october', true);
  const history = page.getByRole('region', { name: /History/ });
  await expect(history).toContainText('1 run');

  await page.getByRole('button', { name: 'Duplicate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Duplicate workspace' });
  await dialog.getByLabel('Name').fill('November');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText('November');
  // October's run came along before November has run at all.
  await expect(history).toContainText('1 run');
  await runMonth(page, month(11, 5), 'november', false);
  await expect(history).toContainText('2 runs');

  const rates = history.getByRole('figure', { name: 'Match and auto rate' });
  const chart = rates.getByRole('img', { name: /^Match and auto rate:/ });
  await expect(chart).toBeVisible();
  // The picture: two points per line (recharts' dots), and a description naming both months.
  await expect(chart).toHaveAccessibleName(/october · run 1 .*%.*November · run 1 /);
  await expect(chart.locator('.recharts-line-dot')).toHaveCount(4);
  await shot(page, info, '01-history-1440-light', 'step-history');

  // The table view of the same figures.
  await rates.getByRole('button', { name: 'Table view: Match and auto rate' }).click();
  const table = rates.getByRole('table', { name: 'Match and auto rate' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(2)).toContainText('November · run 1');
  // October 9 of 12 invoices paid: 18 of 21 rows matched; November 7 of 12: 14 of 19.
  await expect(table.getByRole('row').nth(1)).toContainText('85.7');
  await expect(table.getByRole('row').nth(2)).toContainText('73.7');
  // Aging and counterparties are charted too, each with its table.
  const aging = history.getByRole('figure', { name: 'Aging of open items' });
  await aging.getByRole('button', { name: 'Table view: Aging of open items' }).click();
  await expect(aging.getByRole('table')).toContainText('0–30 days');
  // November's five unpaid invoices: two of Berg & Tal, one each of the others.
  await expect(history.getByRole('figure', { name: /Top unmatched counterparties/ }).getByRole('img', { name: /· November · run 1: Berg & Tal KG 2, / })).toBeVisible();

  // The CSV holds the table's figures.
  const [download] = await Promise.all([page.waitForEvent('download'), rates.getByRole('button', { name: 'Download CSV: Match and auto rate' }).click()]);
  expect(download.suggestedFilename()).toBe('November-match-rate.csv');
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('Run,As of,Match rate %,Auto rate %');
  expect(text).toMatch(/November · run 1,2026-11-\d\d,73\.7,/);

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    const { violations } = await new AxeBuilder({ page }).include('.history').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  // Back to the charts for the pictures.
  await rates.getByRole('button', { name: 'Table view: Match and auto rate' }).click();
  await aging.getByRole('button', { name: 'Table view: Aging of open items' }).click();
  await expect(aging.getByRole('img', { name: /^Aging of open items: .*November · run 1 as of 2026-11-16: 0 at 0–30 days, 1 at 31–60 days, 2 at 61–90 days, 2 at 90\+ days/ })).toBeVisible();
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await shot(page, info, `02-history-${size.width}-${theme}`, 'step-history');
    }
  }
});
