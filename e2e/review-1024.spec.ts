/**
 * Issue 33 (issue 28's review screen): the results grid designed for 1024×700 first. A camt.053
 * statement against an ERP export: every group shows reference, text, date and amount of both
 * sides; amounts and Δ are never cut; Δ and Rule are not covered; the review buttons cover no data;
 * columns are hidden and resized, and stay so after a reload; the summary fits; a focused control is
 * never under the sticky step bar (WCAG 2.4.11). Screenshots at 1024×700 and 1440×900 in both themes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, ROOT, test } from './app';
import { dropFiles, openReconcile, shot } from './reconcile-helpers';

const DIR = join(ROOT, 'tests', 'fixtures', 'bank-statements');
const read = (name: string) => readFileSync(join(DIR, name));

/** Elements whose text is cut (content wider than the box): an ellipsis or a clip. */
async function cut(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''));
}

/** Pairs of cells of one row whose boxes overlap (a sticky or too-wide column over another). */
async function overlaps(page: Page): Promise<string[]> {
  return page.locator('#results-panel [role="row"]').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const cells = [...row.querySelectorAll<HTMLElement>('[role="gridcell"], [role="columnheader"]')].map((c) => ({ c, r: c.getBoundingClientRect() }));
      const out: string[] = [];
      for (let i = 0; i < cells.length; i++)
        for (let j = i + 1; j < cells.length; j++) {
          const a = cells[i]!.r;
          const b = cells[j]!.r;
          if (a.left < b.right - 1 && b.left < a.right - 1) out.push(`${cells[i]!.c.className} × ${cells[j]!.c.className}`);
        }
      return out;
    }),
  );
}

test('the review at 1024×700: both sides in full, nothing cut or covered, columns kept', async ({ appPage: page }, info) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'erp-open-items.csv', content: read('erp-open-items.csv') },
    { name: 'camt053-de-sparkasse.xml', content: read('camt053-de-sparkasse.xml') },
  ]);
  await expect(page.getByRole('article', { name: /source/ }).filter({ hasText: 'camt.053' })).toBeVisible();
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(page.getByLabel('Run summary').getByLabel('Match rate')).toHaveText(/\d+\.\d%/);
  const tabs = page.getByRole('tablist', { name: 'Result categories' });
  await tabs.getByRole('tab', { name: /^Suggested/ }).click();
  const grid = page.locator('#results-panel').getByRole('grid', { name: 'Suggested' });
  await expect(grid.getByRole('row')).toHaveCount(5);

  // Both sides of a group: the invoice's number, customer, date and amount, and the payment's
  // reference (its remittance), text, date and amount (the amount of 1,190.00 on each side).
  const row = grid.getByRole('row').filter({ hasText: 'RE-2026-0471' });
  const [left, right] = await row.locator('.c-side').all();
  await expect(left!).toContainText('RE-2026-0471');
  await expect(left!).toContainText('Fischer Maschinenbau');
  await expect(left!).toContainText(/2026-0[23]-0\d/);
  await expect(left!).toContainText('1,190.00');
  await expect(right!).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(right!).toContainText('1,190.00');
  await expect(right!).toContainText(/RE-2026-0471|Fischer/);

  // Nothing cut: amounts, Δ, the Rule's name; no cell over another (no sticky Review column).
  expect(await cut(page, '#results-panel .m-amt, #results-panel .c-delta > span')).toEqual([]);
  expect(await overlaps(page)).toEqual([]);
  // Every column is inside the card at 1024 px (no sideways scrolling to reach Δ, Rule, Review).
  const panel = (await page.locator('#results-panel').boundingBox())!;
  for (const name of ['Rule', 'Review']) {
    const box = (await grid.getByRole('columnheader', { name: new RegExp(`^${name}`) }).boundingBox())!;
    expect(box.x + box.width, `${name} inside the card`).toBeLessThanOrEqual(panel.x + panel.width + 1);
  }
  const delta = (await grid.locator('.vhead .c-delta').boundingBox())!;
  expect(delta.x + delta.width).toBeLessThanOrEqual(panel.x + panel.width + 1);
  // The run summary fits the width.
  expect(await page.locator('.summary').evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().right <= window.innerWidth)).toBe(true);

  // WCAG 2.4.11: Tab through the results; each focused control is the topmost element at its centre.
  await grid.getByRole('checkbox', { name: 'Select all' }).focus();
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab');
    const hidden = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return 'body';
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 6));
      return top && (el === top || el.contains(top) || top.contains(el)) ? null : `${el.getAttribute('aria-label') ?? el.textContent} under ${top?.className}`;
    });
    expect(hidden).toBeNull();
  }

  // Only the workspace's own scroller moved: the workspace bar and step bar are still at the top.
  expect(await page.evaluate(() => [...document.querySelectorAll('*')].filter((e) => e.scrollTop > 0 && !e.classList.contains('reconcile-scroll')).map((e) => `${e.tagName}.${e.className} ${e.scrollTop}`))).toEqual([]);
  const scan = await new AxeBuilder({ page }).include('#results-panel').analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

  for (const size of [{ width: 1024, height: 700 }, { width: 1440, height: 900 }]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await shot(page, info, `review-${size.width}-${theme}`, 'step-results');
      // The grid itself, scrolled up under the step bar.
      await page.evaluate(() => {
        const tabs = document.querySelector('.results-tabs');
        const sc = document.querySelector('.reconcile-scroll');
        if (tabs && sc) sc.scrollTop += tabs.getBoundingClientRect().top - sc.getBoundingClientRect().top - 60;
      });
      await page.screenshot({ path: info.outputPath(`review-grid-${size.width}-${theme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.emulateMedia({ colorScheme: 'light' });

  // Hide Rule, widen the invoice side from the keyboard: both are kept after a reload.
  await page.getByText('Columns', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Rule' }).uncheck();
  await expect(grid.getByRole('columnheader', { name: /^Rule/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('checkbox', { name: 'Rule' })).toBeHidden();
  const handle = grid.getByRole('separator', { name: 'Resize erp_open_items' });
  const before = Number(await handle.getAttribute('aria-valuenow'));
  await handle.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 64));
  await page.reload();
  await expect(page.getByLabel('Run summary').getByLabel('Match rate')).toHaveText(/\d+\.\d%/);
  await tabs.getByRole('tab', { name: /^Suggested/ }).click();
  await expect(grid.getByRole('row')).toHaveCount(5);
  await expect(grid.getByRole('columnheader', { name: /^Rule/ })).toHaveCount(0);
  await expect(grid.getByRole('separator', { name: 'Resize erp_open_items' })).toHaveAttribute('aria-valuenow', String(before + 64));
});
