/**
 * Issue 28's defects that had no browser test yet (the table in docs/reconcile-workspace.md names the
 * spec of every one): "Accept as…" from the keyboard, the searching state, the filter sentences of a
 * monthly close, Escape on "+ Add filter", "Skip bad lines and load" on a `;` file read without a
 * header, and the exports a browser user downloads (evidence.json naming the file as given, the
 * XLSX read back by exceljs). Browser mode, real engine.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from './app';
import { cashFiles } from './cash-files';
import { card, dropFiles, openReconcile, shot } from './reconcile-helpers';
import { reconFiles } from '../tests/reconcile/workspace/data';

/** RFC 4180 lines → records (quoted fields with commas and doubled quotes). */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries(head!.map((h, j) => [h, r[j] ?? ''])));
}

async function runCash(page: Page) {
  const data = cashFiles();
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'open invoices.csv', content: data.invoices },
    { name: 'bank statement.csv', content: data.bank },
  ]);
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await expect(page.getByRole('list', { name: 'Match rules' })).toContainText('bank fee');
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(page.getByLabel('Run summary').getByLabel('Match rate')).toHaveText(/\d+\.\d%/);
}

/** Downloads an exported file the way the user does; the path of the downloaded copy. */
async function downloadPath(page: Page, name: string): Promise<string> {
  const list = page.getByRole('list', { name: 'Download exported files' });
  const [d] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: `Download ${name}` }).click()]);
  expect(d.suggestedFilename()).toBe(name);
  return (await d.path())!;
}
const download = async (page: Page, name: string) => readFileSync(await downloadPath(page, name), 'utf8');

test('"Accept as…" from the keyboard books nothing until its button; the review log names the difference matched.csv names', async ({ appPage: page }) => {
  test.setTimeout(150_000);
  await runCash(page);
  const tabs = page.getByRole('tablist', { name: 'Result categories' });
  const results = page.locator('#results-panel');
  await tabs.getByRole('tab', { name: /Suggested/ }).click();
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('1');
  // ↓ on the select (what the defect booked as a bank fee at once) only chooses.
  const select = results.getByRole('combobox', { name: /with its difference as/ });
  await select.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(select).not.toHaveValue('');
  const chosen = await select.inputValue();
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('1');
  await expect(tabs.getByRole('tab', { name: /Matched/ })).toContainText('7');
  // The button says what it will book, and only it books.
  const accept = results.getByRole('button', { name: /^Accept as (?!…).+: group/ });
  await accept.focus();
  await page.keyboard.press('Enter');
  await expect(tabs.getByRole('tab', { name: /Suggested/ })).toContainText('0');
  await expect(tabs.getByRole('tab', { name: /Matched/ })).toContainText('8');

  await page.getByRole('checkbox', { name: 'XLSX' }).uncheck();
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(page.locator('#export-done')).toContainText('Exported');
  const matched = parseCsv(await download(page, 'matched.csv'));
  const log = parseCsv(await download(page, 'review_log.csv'));
  const accepts = log.filter((r) => r.action === 'accept');
  expect(accepts).toHaveLength(1);
  expect(accepts[0]!.reason).toBe(chosen);
  const booked = matched.filter((r) => r.group_id === accepts[0]!.group_id);
  expect(booked.length).toBeGreaterThan(0);
  expect(booked.every((r) => r.difference_reason === chosen)).toBe(true);
});

test('a search shows "Searching…" until its count arrives, never "0 matching" of a count not made yet', async ({ appPage: page }) => {
  test.setTimeout(150_000);
  await runCash(page);
  const results = page.locator('#results-panel');
  await page.getByRole('tablist', { name: 'Result categories' }).getByRole('tab', { name: /Matched/ }).click();
  // Every text the results' status line shows, from the first keystroke on.
  await results.evaluate((root) => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    const note = () => {
      for (const el of root.querySelectorAll('[role="status"], [aria-busy]')) {
        const t = (el.textContent ?? '').trim();
        if (t && seen[seen.length - 1] !== t) seen.push(t);
      }
    };
    new MutationObserver(note).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await results.getByRole('searchbox', { name: 'Search results' }).pressSequentially('customer 2', { delay: 40 });
  await expect(results.getByText(/^\d+ matching “customer 2”/)).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  expect(seen.some((t) => /Searching for “/.test(t))).toBe(true);
  expect(seen.filter((t) => /(^|\s)0 matching/.test(t))).toEqual([]);
});

/** A monthly close's files: February and March payments (one via PayPal, one outgoing) against February invoices. */
function closeFiles() {
  const bank = ['Buchungstag;Verwendungszweck;Auftraggeber;Betrag'];
  const inv = ['Invoice No,Customer,Invoice Date,Amount'];
  const customers = ['Acme GmbH', 'Globex Ltd', 'Initech AG', 'Hooli SE'];
  const amounts = [500, 1500, 800, 2500, 1200, 300, 950, 4000];
  amounts.forEach((a, i) => {
    const no = `RE-${2001 + i}`;
    inv.push(`${no},${customers[i % 4]},2026-02-${String(1 + i).padStart(2, '0')},${a.toFixed(2)}`);
    const paid = i < 4 ? `${String(20 + i).padStart(2, '0')}.02.2026` : `${String(2 + i).padStart(2, '0')}.03.2026`;
    bank.push(`${paid};Zahlung ${no} danke;${customers[i % 4]};${a.toFixed(2).replace('.', ',')}`);
  });
  bank.push('12.03.2026;PP.4711 Zahlung RE-2009;PayPal Europe S.a.r.l.;250,00', '13.03.2026;Lastschrift Strom;Stadtwerke;-89,90');
  inv.push('RE-2009,Hooli SE,2026-02-09,250.00', 'RE-2010,Acme GmbH,2026-02-10,75.00');
  return { bank: `${bank.join('\n')}\n`, invoices: `${inv.join('\n')}\n` };
}

test('filter sentences of a monthly close: 1.000 € is a thousand and waits, March is the payments’, incoming and no PayPal', async ({ appPage: page }, info) => {
  test.setTimeout(150_000);
  const f = closeFiles();
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'bank.csv', content: f.bank },
    { name: 'invoices.csv', content: f.invoices },
  ]);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('10');
  await expect(card(page, 'right').getByLabel('right rows')).toHaveText('10');
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await expect(page.getByRole('button', { name: 'Mapping confirmed ✓' })).toBeVisible();
  const bankChips = page.getByRole('list', { name: 'Filters on bank' });
  const invoiceChips = page.getByRole('list', { name: 'Filters on invoices' });
  const leftScope = page.getByLabel('left rows in scope');
  const rightScope = page.getByLabel('right rows in scope');
  const say = async (text: string) => {
    if (await page.getByRole('button', { name: 'Clear filters' }).isEnabled()) await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(bankChips.getByRole('listitem')).toHaveText(['All rows']);
    await page.getByLabel('Describe a filter').fill(text);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    // The reading is back when the conversation's last turn answers this sentence.
    await expect(page.getByRole('log', { name: 'Filter conversation' }).getByRole('listitem').last()).toContainText(new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*Keep rows`));
  };

  // "1.000 €" is a thousand, shown for confirmation and not applied before it.
  await say('amounts over 1.000 €');
  await expect(page.getByRole('note').filter({ hasText: '“1.000” read as 1000' })).toBeVisible();
  await expect(bankChips.getByRole('listitem')).toHaveText(['All rows']);
  await expect(leftScope).toHaveText('10 of 10');
  await shot(page, info, '01-thousand-pending', 'step-filters');
  await page.getByRole('button', { name: 'Apply these filters' }).click();
  await expect(bankChips.getByRole('listitem', { name: 'bank: Betrag > 1000' })).toBeVisible();
  await expect(invoiceChips.getByRole('listitem', { name: 'invoices: Amount > 1000' })).toBeVisible();
  await expect(leftScope).toHaveText('4 of 10');

  // "only March": the payments of March, not the February invoices they pay.
  await say('only March');
  const apply = page.getByRole('button', { name: 'Apply these filters' });
  if (await apply.isVisible()) await apply.click();
  await expect(bankChips.getByRole('listitem', { name: /^bank: Buchungstag between 2026-03-01 – 2026-03-31$/ })).toBeVisible();
  await expect(invoiceChips.getByRole('listitem')).toHaveText(['All rows']);
  await expect(leftScope).toHaveText('6 of 10');
  await expect(rightScope).toHaveText('10 of 10');

  // "only incoming payments": positive amounts on the payment side.
  await say('only incoming payments');
  if (await apply.isVisible()) await apply.click();
  await expect(bankChips.getByRole('listitem', { name: 'bank: Betrag > 0' })).toBeVisible();
  await expect(invoiceChips.getByRole('listitem')).toHaveText(['All rows']);
  await expect(leftScope).toHaveText('9 of 10');

  // "no PayPal": a name, not a column, kept out of the party column.
  await say('no PayPal');
  if (await apply.isVisible()) await apply.click();
  await expect(bankChips.getByRole('listitem', { name: /^bank: Auftraggeber does not match %PayPal%$/ })).toBeVisible();
  await expect(leftScope).toHaveText('9 of 10');
  await expect(rightScope).toHaveText('10 of 10');
  await shot(page, info, '02-no-paypal', 'step-filters');
});

test('Escape closes "+ Add filter" without adding one and gives focus back', async ({ appPage: page }) => {
  test.setTimeout(120_000);
  const f = reconFiles();
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'bank statement.csv', content: f.bank },
    { name: 'invoices.csv', content: f.invoices },
  ]);
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  const add = page.getByRole('button', { name: 'Add filter on invoices' });
  for (const where of ['value', 'column'] as const) {
    await add.click();
    const column = page.getByRole('combobox', { name: 'Column for new filter' });
    await expect(column).toBeVisible();
    if (where === 'column') await column.focus();
    await page.keyboard.press('Escape');
    await expect(column).toHaveCount(0);
    await expect(add).toBeFocused();
  }
  await expect(page.getByRole('list', { name: 'Filters on invoices' }).getByRole('listitem')).toHaveText(['All rows']);
});

test('"Skip bad lines and load" on a `;` file read without a header keeps both choices and loads once', async ({ appPage: page }) => {
  test.setTimeout(120_000);
  await openReconcile(page);
  await page.getByRole('button', { name: 'Start a reconciliation' }).click();
  await dropFiles(page, card(page, 'left'), [{ name: 'no-header.csv', content: 'RE-1;1,50;Mueller\nRE-2;2,00;Schmidt;extra\nRE-3;3,00;Weber\nRE-4;4,25;Keller\n' }]);
  const left = card(page, 'left');
  await expect(left.getByLabel('left rows')).not.toHaveText('');
  // The user says how the file is written: `;`, no header row. The long line makes that read fail.
  await left.getByText('How this file was read').click();
  await left.getByRole('combobox', { name: 'Delimiter of the left source' }).selectOption(';');
  await left.getByRole('checkbox', { name: 'First line read is a header of the left source' }).uncheck();
  await left.getByRole('button', { name: 'Read again with these options' }).click();
  const alert = left.getByRole('alert');
  await expect(alert).toContainText('malformed line');
  // The way out keeps both choices: three rows in three columns, no header, and no second failure.
  await alert.getByRole('button', { name: 'Skip bad lines and load' }).click();
  await expect(left.getByLabel('left rows')).toHaveText('3');
  await expect(left.getByRole('alert')).toHaveCount(0);
  await expect(left).toContainText('skipped 1 malformed line');
  await expect(left.getByRole('table', { name: /^Columns of/ })).toContainText('column_3');
  const delimiter = left.getByRole('combobox', { name: 'Delimiter of the left source' });
  if (!(await delimiter.isVisible())) await left.getByText('How this file was read').click();
  await expect(delimiter).toHaveValue(';');
  await expect(left.getByRole('checkbox', { name: 'First line read is a header of the left source' })).not.toBeChecked();
});

test('exports a browser user downloads: evidence.json names the file as dropped; the XLSX opens in exceljs', async ({ appPage: page }) => {
  test.setTimeout(150_000);
  await runCash(page);
  await page.getByRole('checkbox', { name: 'EVIDENCE' }).check();
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(page.locator('#export-done')).toContainText('Exported');
  const evidence = JSON.parse(await download(page, 'evidence.json')) as { inputs: Record<string, { name: string; path: string | null; uploaded?: boolean }> };
  expect(evidence.inputs.left).toMatchObject({ name: 'open invoices.csv', path: null, uploaded: true });
  expect(evidence.inputs.right).toMatchObject({ name: 'bank statement.csv', path: null, uploaded: true });
  expect(JSON.stringify(evidence)).not.toMatch(/uploads[\\/]/);

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await downloadPath(page, 'reconciliation.xlsx'));
  const names = book.worksheets.map((w) => w.name);
  expect(names).toEqual(expect.arrayContaining(['matched']));
  const sheet = book.getWorksheet('matched')!;
  expect(sheet.rowCount).toBeGreaterThan(1);
  const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
  expect(header).toContain('group_id');
  expect(sheet.getCell('A2').address).toBe('A2');
});
