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
    const amount = (i % 3 === 0 ? 1_218_340.55 : 18_340.55) + i * 1_037.5;
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

test('focus moves on after "Accept all" and "Confirm mapping", and no focused control hides under a sticky part at 1024×700', async ({ appPage: page }, info) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  const f = files();
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: `${LONG}.csv`, content: f.bank },
    { name: 'invoices.csv', content: f.invoices },
  ]);
  await expect(card(page, 'right').getByLabel('right rows')).toHaveText('12');
  const acceptAll = page.getByRole('button', { name: /Accept all ≥ 80%/ });
  await acceptAll.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Confirm mapping' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Mapping confirmed ✓' })).toBeVisible();
  await expect(page.getByRole('button', { name: '▶ Run reconciliation' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Run summary' })).toBeFocused();
  await shot(page, info, 'issue28-1024-results', 'step-results');

  // Walk every control of the workspace with Tab (from the top) and record those whose centre is covered by something else.
  await page.locator('.reconcile-scroll').evaluate((el) => (el.scrollTop = 0));
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Reconcile/ }).focus();
  const hidden: string[] = [];
  let inside = 0;
  // Forwards, then back up with Shift+Tab (controls scrolled in from above land under the sticky stepper).
  for (let i = 0; i < 500 && inside < 240; i++) {
    await page.keyboard.press(inside < 120 ? 'Tab' : 'Shift+Tab');
    const problem = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || !el.closest('.reconcile-scroll')) return null;
      const r = el.getBoundingClientRect();
      const x = r.left + Math.min(r.width / 2, 8);
      const y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      return hit && (el === hit || el.contains(hit) || hit.contains(el)) ? '' : `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40)} under ${hit?.className || hit?.tagName} (x ${Math.round(x)}, rs ${document.querySelector(".reconcile-scroll")?.scrollLeft}, ts ${el.closest(".table-scroll")?.scrollLeft})`;
    });
    if (problem === null) continue;
    inside += 1;
    if (problem) hidden.push(problem);
  }
  expect(inside).toBeGreaterThan(100);
  expect(hidden).toEqual([]);
});

test('long file names are shortened with the full name as a tooltip; amounts are never cut at 1024×700', async ({ appPage: page }, info) => {
  test.setTimeout(150_000);
  await loadAndRun(page, `${LONG}.csv`);
  // Issue 33: the long file name is not proposed as the alias; the file's role is.
  await expect(page.getByRole('tab', { name: /^Unmatched bank/ })).toBeVisible();
  await expect(card(page, 'left').getByLabel('Name of the left source')).toHaveValue('bank');
  // A long alias the user types is shortened where it is shown, with the whole name as a tooltip.
  const alias = LONG.toLowerCase();
  await card(page, 'left').getByLabel('Name of the left source').fill(alias);
  await card(page, 'left').getByLabel('Name of the left source').press('Enter');
  const results = page.locator('#step-results').locator('xpath=ancestor::section[1]');
  for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
    await page.setViewportSize(size);
    await page.getByRole('tab', { name: /^Matched/ }).click();
    await expect(page.getByRole('grid', { name: 'Matched' }).getByRole('row')).not.toHaveCount(1);
    // Tabs, the summary and the grid header show the short form; the whole name is the tooltip.
    const tab = page.getByRole('tab', { name: /^Unmatched umsaetze/ });
    await expect(tab).toHaveText(/^Unmatched umsaetze_girokont…201300 0$/);
    await expect(tab.locator(`[title="${alias}"]`)).toHaveCount(1);
    await expect(results.locator('.summary-table thead').getByText('umsaetze_girokont…201300')).toHaveAttribute('title', alias);
    await expect(page.getByRole('grid', { name: 'Matched' }).getByRole('columnheader', { name: /umsaetze_girokont…201300/ })).toBeVisible();
    await expect(results.getByText(alias, { exact: true })).toHaveCount(0);
    // Every amount cell shows its whole text, inside the visible part of the grid and not under the
    // Review column; Δ and Rule are in view without scrolling sideways; the summary fits the card.
    const layout = await page.evaluate(() => {
      const grid = document.querySelector('.results-tabs .vscroll')!;
      const box = grid.getBoundingClientRect();
      const out: string[] = [];
      for (const c of document.querySelectorAll<HTMLElement>('.results-tabs .vrow .m-amt, .results-tabs .vrow .c-delta > span, .results-tabs .vhead .c-delta, .results-tabs .vhead .c-rule')) {
        const r = c.getBoundingClientRect();
        const actions = c.closest('[role="row"]')!.querySelector('.c-actions')!.getBoundingClientRect();
        if (c.scrollWidth > c.clientWidth + 1) out.push(`cut: ${c.textContent}`);
        if (r.left < box.left - 1 || r.right > box.right + 1) out.push(`outside: ${c.textContent}`);
        if (r.right > actions.left + 1) out.push(`under Review: ${c.textContent}`);
      }
      const card = document.getElementById('step-results')!.closest('section')!.getBoundingClientRect();
      const summary = document.querySelector('.summary-table')!.getBoundingClientRect();
      if (summary.right > card.right + 1) out.push(`summary overflows by ${Math.round(summary.right - card.right)} px`);
      return { out, sideways: grid.scrollWidth - grid.clientWidth };
    });
    expect(layout.out).toEqual([]);
    expect(layout.sideways).toBeLessThanOrEqual(1);
    await expect(page.getByRole('columnheader', { name: /Δ amount/ })).toBeInViewport();
    await expect(page.getByRole('columnheader', { name: /Rule/ })).toBeInViewport();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await shot(page, info, `issue28-results-${size.width}-${theme}`, 'step-results');
      if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/issue28-results-${size.width}-${theme}.png` });
    }
  }
});

test('the files exported from run 1 are not listed after run 2', async ({ appPage: page }) => {
  test.setTimeout(150_000);
  await loadAndRun(page);
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Exported \d+ file\(s\) to / })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Download exported files' })).toBeVisible();
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(page.locator('#step-results').locator('xpath=ancestor::section[1]').getByText(/run 2/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Download exported files' })).toHaveCount(0);
  await expect(page.getByText(/^Exported \d+ file\(s\) to /)).toHaveCount(0);
});
