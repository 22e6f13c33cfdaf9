/**
 * Issue 15 in browser mode: the filter sentences that were inverted or not understood, an
 * uncertain reading that waits for "Apply", moving a chip to another column, and an export whose
 * matched rows name both sides' invoice number and payment text. Files generated here: a German
 * bank export (`;`, dd.mm.yyyy, decimal commas) against an invoice list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './app';
import { card, dropFiles, openReconcile, shot } from './reconcile-helpers';

function germanFiles() {
  const bank = ['Buchungstag;Verwendungszweck;Auftraggeber;Betrag'];
  const inv = ['Invoice No,Customer,Invoice Date,Amount'];
  const customers = ['Acme GmbH', 'Globex Ltd', 'Initech AG', 'Hooli SE'];
  for (let i = 0; i < 20; i++) {
    const no = `RE-${2001 + i}`;
    const amount = 50 + i * 37.5;
    inv.push(`${no},${customers[i % 4]},2026-02-${String(1 + i).padStart(2, '0')},${amount.toFixed(2)}`);
    bank.push(`${String(2 + i).padStart(2, '0')}.02.2026;Zahlung ${no} danke;${customers[i % 4]};${amount.toFixed(2).replace('.', ',')}`);
  }
  // A refund, a bank fee under 10 EUR and a payment from last year: the three sentences remove them.
  bank.push('05.02.2026;Refund RE-2003;Globex Ltd;-12,50', '06.02.2026;Kontofuehrung;Bank;4,90', '28.12.2025;Zahlung RE-1999;Acme GmbH;99,00');
  return { bank: `${bank.join('\n')}\n`, invoices: `${inv.join('\n')}\n` };
}

test('filter sentences mean what they say, an unsure reading waits, and the export names both sides', async ({ appPage: page, app }, info) => {
  test.setTimeout(180_000);
  const files = germanFiles();
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'bank.csv', content: files.bank },
    { name: 'invoices.csv', content: files.invoices },
  ]);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('23');
  await expect(card(page, 'right').getByLabel('right rows')).toHaveText('20');
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await expect(page.getByRole('button', { name: 'Mapping confirmed ✓' })).toBeVisible();

  const say = async (text: string) => {
    await page.getByLabel('Describe a filter').fill(text);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
  };
  const bankChips = page.getByRole('list', { name: 'Filters on bank' });
  const invoiceChips = page.getByRole('list', { name: 'Filters on invoices' });

  // "ignore amounts under 10 EUR" keeps amounts of at least 10, on both sides, at once.
  await say('ignore amounts under 10 EUR');
  await expect(bankChips.getByRole('listitem', { name: 'bank: Betrag ≥ 10' })).toBeVisible();
  await expect(invoiceChips.getByRole('listitem', { name: 'invoices: Amount ≥ 10' })).toBeVisible();
  await expect(page.getByLabel('left rows in scope')).toHaveText('21 of 23');

  // "exclude rows where Verwendungszweck contains Refund": one chip, on the payment text, bank only.
  await say('exclude rows where Verwendungszweck contains Refund');
  await expect(bankChips.getByRole('listitem', { name: 'bank: Verwendungszweck does not match %Refund%' })).toBeVisible();
  await expect(invoiceChips.getByRole('listitem')).toHaveCount(1);

  // "only 2026" is read as the year, shown with its doubt, and not applied until confirmed.
  await say('only 2026');
  await expect(page.getByRole('note').filter({ hasText: 'read as the year 2026' })).toBeVisible();
  await expect(bankChips.getByRole('listitem')).toHaveCount(2);
  await shot(page, info, 'filters-pending', 'step-filters');
  await page.getByRole('button', { name: 'Apply these filters' }).click();
  await expect(bankChips.getByRole('listitem', { name: 'bank: Buchungstag between 2026-01-01 – 2026-12-31' })).toBeVisible();
  await expect(page.getByLabel('left rows in scope')).toHaveText('20 of 23');
  await expect(page.getByLabel('right rows in scope')).toHaveText('20 of 20');

  // A chip moved to another column, and one added by hand, then removed again.
  await page.getByRole('button', { name: 'Edit filter Verwendungszweck does not match %Refund%' }).click();
  await page.getByRole('combobox', { name: 'Column for Verwendungszweck' }).selectOption('Auftraggeber');
  await page.getByLabel('Value for Auftraggeber').fill('%Bank%');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(bankChips.getByRole('listitem', { name: 'bank: Auftraggeber does not match %Bank%' })).toBeVisible();
  await page.getByRole('button', { name: 'Add filter on invoices' }).click();
  await page.getByRole('combobox', { name: 'Column for new filter' }).selectOption('Customer');
  await page.getByRole('combobox', { name: 'Operator for Customer' }).selectOption('neq');
  await page.getByLabel('Value for Customer').fill('Nobody');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(invoiceChips.getByRole('listitem', { name: 'invoices: Customer ≠ Nobody' })).toBeVisible();
  await shot(page, info, 'filters-applied', 'step-filters');

  // Run, accept every suggestion, export: matched rows carry both invoice number and payment text.
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  const summary = page.getByLabel('Run summary');
  await expect(summary.getByLabel('Match rate')).toHaveText(/\d+\.\d%/);
  const tabs = page.getByRole('tablist', { name: 'Result categories' });
  await tabs.getByRole('tab', { name: /Suggested/ }).click();
  const results = page.locator('#results-panel');
  if (!/\b0\b/.test((await tabs.getByRole('tab', { name: /Suggested/ }).textContent()) ?? '')) {
    await results.getByRole('checkbox', { name: 'Select all' }).check();
    await results.getByRole('button', { name: 'Accept selected' }).click();
  }
  await expect(summary.getByLabel('Match rate')).not.toHaveText('0.0%');
  await shot(page, info, 'results', 'step-results');
  const exportDir = join(app.dataDir, 'audit-export');
  await page.getByLabel('Export folder').fill(exportDir);
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(page.getByText(/Exported \d+ file\(s\) to/)).toBeVisible();
  const matched = readFileSync(join(exportDir, 'matched.csv'), 'utf8');
  const header = matched.split('\n')[0];
  expect(header).toContain('bank.Verwendungszweck');
  expect(header).toContain('invoices.Invoice No');
  expect(matched).toMatch(/RE-2001.*Zahlung RE-2001 danke|Zahlung RE-2001 danke.*RE-2001/);
  expect(readFileSync(join(exportDir, 'filtered_out_left.csv'), 'utf8')).toContain('Kontofuehrung');
});
