/**
 * Issue 28, exceptions as a work queue, in browser mode at 1024×700: an exception assigned to an
 * owner, put on "waiting on customer" with a reason code, due date and comment, found again by
 * the status and owner filters, resolved, and exported: the exceptions file and the review log
 * carry owner, status, reason code, due date and comment.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './app';
import { dropFiles, openReconcile } from './reconcile-helpers';
import { reconFiles } from '../tests/reconcile/workspace/data';

const files = reconFiles();

test('an exception assigned, waiting on the customer, filtered, resolved and exported', async ({ appPage: page, app }, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'bank statement.csv', content: files.bank },
    { name: 'invoices.csv', content: files.invoices },
  ]);
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await expect(page.getByRole('button', { name: 'Mapping confirmed ✓' })).toBeVisible();
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(page.getByLabel('Run summary').getByLabel('Match rate')).toHaveText(/\d+\.\d%/);

  const tabs = page.getByRole('tablist', { name: 'Result categories' });
  const results = page.locator('#results-panel');
  await tabs.getByRole('tab', { name: /Exceptions/ }).click();
  // Rows are named by their line in the file (as the exports' line column), not by engine row ids.
  const followUp = results.getByRole('button', { name: /^Follow up bank_statement line \d+$/ }).first();
  const label = (await followUp.getAttribute('aria-label'))!.replace(/^Follow up /, '');
  const line = label.replace(/^bank_statement line /, '');
  const leftCount = Number((await results.getByRole('radiogroup', { name: 'Exceptions side' }).locator('label').first().innerText()).match(/\((\d+)\)/)![1]);

  // Assign it, by keyboard from the Follow up button: the form opens with the owner field focused.
  // At 1024 px the row's Follow up button fits on screen once scrolled to (the badges after it
  // may be cut): whether the tab click already scrolled it there depends on timing, so scroll.
  await followUp.scrollIntoViewIfNeeded();
  await expect(followUp).toBeInViewport({ ratio: 1 });
  await followUp.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Follow up exception' });
  await expect(form.getByLabel('Owner')).toBeFocused();
  await page.keyboard.type('maria');
  await form.getByLabel('Status').selectOption('waiting_on_customer');
  await form.getByLabel('Reason code').selectOption('partial payment');
  await form.getByLabel('Due date').fill('2026-12-15');
  await form.getByLabel('Comment').fill('asked for the remittance advice');
  // At 1024×700 the whole form is on screen while it is filled.
  await expect(form.getByRole('button', { name: 'Save' })).toBeInViewport();
  // What the analyst sees (the viewport, not a full-page capture of the scrolled area).
  await page.screenshot({ path: info.outputPath('exception-follow-up-1024.png') });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const row = results.getByRole('row').filter({ has: page.getByRole('button', { name: `Follow up ${label}`, exact: true }) });
  await expect(row).toContainText('maria · waiting on customer · due 2026-12-15');
  await expect(row).toContainText('partial payment');

  // Filters: by status, then by owner (typed, any case); the row is found, the others are not.
  const filters = results.getByRole('group', { name: 'Filter exceptions' });
  await filters.getByLabel('Status').selectOption('waiting_on_customer');
  await expect(results.getByRole('button', { name: /^Follow up / })).toHaveCount(1);
  await filters.getByLabel('Owner').fill('MARIA');
  await expect(results.getByRole('button', { name: /^Follow up / })).toHaveCount(1);
  await filters.getByLabel('Status').selectOption('open');
  await expect(results.getByRole('button', { name: /^Follow up / })).toHaveCount(0);
  await filters.getByLabel('Owner').fill('');
  // Open, anyone's: the others (if any), not ours.
  await expect(results.getByRole('button', { name: `Follow up ${label}`, exact: true })).toHaveCount(0);
  if (leftCount > 1) await expect(results.getByRole('button', { name: /^Follow up / }).first()).toBeVisible();

  // Resolve it: back to "any status", follow up again, resolve with a closing comment.
  await filters.getByLabel('Status').selectOption('');
  await results.getByRole('button', { name: `Follow up ${label}`, exact: true }).click();
  await expect(form.getByLabel('Owner')).toHaveValue('maria');
  await form.getByLabel('Status').selectOption('resolved');
  await form.getByLabel('Comment').fill('credit note issued');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await filters.getByLabel('Status').selectOption('resolved');
  await expect(results.getByRole('button', { name: /^Follow up / })).toHaveCount(1);
  await expect(row).toContainText('maria · resolved · due 2026-12-15');
  await page.screenshot({ path: info.outputPath('exception-resolved-1024.png') });

  // Export: the exceptions file and the review log carry the queue fields.
  const exportDir = join(app.dataDir, 'queue-exports');
  await page.getByLabel('Export folder').fill(exportDir);
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(page.getByText(/Exported \d+ file\(s\) to/)).toBeVisible();
  const exported = readdirSync(exportDir);
  const table = (suffix: string) => {
    const [head, ...lines] = readFileSync(
      join(
        exportDir,
        exported.find((f) => f.endsWith(suffix))!,
      ),
      'utf8',
    )
      .trim()
      .split(/\r?\n/);
    const cols = head.split(',');
    return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v.replace(/^"|"$/g, '')])));
  };
  // The line on screen is the exported line, and the row of the user's file it names.
  const exc = table('exceptions_left.csv').find((r) => r.recon_line === line)!;
  const rowId = exc.recon_row_id;
  expect(files.bank.split('\n')[Number(line) - 1]).toContain(exc.Description);
  expect(exc).toMatchObject({ recon_owner: 'maria', recon_status: 'resolved', recon_due_date: '2026-12-15', recon_annotation_reason: 'partial payment', recon_annotation_note: 'credit note issued' });
  const log = table('review_log.csv').filter((r) => r.action === 'exception_update');
  expect(log.map((r) => [r.row_id, r.owner, r.status, r.due_date, r.reason, r.note])).toEqual([
    [rowId, 'maria', 'waiting_on_customer', '2026-12-15', 'partial payment', 'asked for the remittance advice'],
    [rowId, 'maria', 'resolved', '2026-12-15', 'partial payment', 'credit note issued'],
  ]);
});
