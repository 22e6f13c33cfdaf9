/**
 * Issue 28: the whole review flow (files → mapping → rules → results → exceptions → history →
 * export) photographed at 1440×900 and 1024×700, light and dark, as the window shows it (not a
 * full-page image: what sits under a sticky part or off the edge is what the user misses).
 * SHOTS_DIR puts the images in a folder of your choice; otherwise they are test artifacts.
 * Layout faults a person would see are listed in the log (FAULTS: text cut inside a button, a control
 * whose centre is under something else — noisy: ellipsed headers and controls scrolled under the
 * workspace bar count too, so a person reads them with the images); the page scrolling sideways fails.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './app';
import { dropFiles, openReconcile } from './reconcile-helpers';
import { reconFiles } from '../tests/reconcile/workspace/data';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;

/** Scrolls `target` (a step heading id or a selector) to the top of the workspace's scroller. */
async function scrollTo(page: Page, target: string) {
  await page.evaluate((t) => {
    const el = t.startsWith('step-') ? document.getElementById(t)?.closest('section') : document.querySelector(t);
    const sc = document.querySelector('.reconcile-scroll');
    if (el && sc) sc.scrollTop = el.getBoundingClientRect().top - sc.getBoundingClientRect().top + sc.scrollTop - 56;
  }, target);
}

/** Visible buttons and tabs whose text is cut, and controls whose centre is covered by something else. */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const inView = (r: DOMRect) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    for (const el of document.querySelectorAll<HTMLElement>('.reconcile button, .reconcile [role="tab"], .reconcile select, .reconcile input:not([type="checkbox"]):not([type="radio"]):not([hidden])')) {
      const r = el.getBoundingClientRect();
      if (!inView(r) || el.closest('[aria-hidden="true"]')) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      if (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible') out.push(`cut: ${name}`);
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && !(el === hit || el.contains(hit) || hit.contains(el) || hit.closest('label')?.contains(el))) out.push(`covered: ${name} by ${hit.className || hit.tagName}`);
    }
    const sc = document.querySelector('.reconcile-scroll');
    if (sc && sc.scrollWidth > sc.clientWidth + 1) out.push(`sideways scroll ${sc.scrollWidth - sc.clientWidth}px`);
    return out;
  });
}

const faults: Record<string, string[]> = {};
async function shots(page: Page, info: TestInfo, name: string, target: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await scrollTo(page, target);
      await page.waitForTimeout(150);
      const file = `${name}-${size.width}-${theme}.png`;
      await page.screenshot({ path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/${file}` : info.outputPath(file) });
      const f = await layoutFaults(page);
      if (f.length) faults[file] = f;
    }
  }
  await page.setViewportSize(SIZES[0]);
}

test('the review flow at 1440×900 and 1024×700, light and dark', async ({ appPage: page }, info) => {
  test.setTimeout(300_000);
  const f = reconFiles();
  await page.setViewportSize(SIZES[0]);
  await openReconcile(page);
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'bank statement.csv', content: f.bank },
    { name: 'invoices.csv', content: f.invoices },
  ]);
  await expect(page.getByRole('button', { name: /Accept all ≥ 80%/ })).toBeVisible();
  await shots(page, info, '01-files', 'step-sources');
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await shots(page, info, '02-mapping', 'step-mapping');
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await expect(page.getByRole('list', { name: 'Match rules' }).getByRole('listitem').first()).toBeVisible();
  await shots(page, info, '03-rules', 'step-rules');
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(page.getByLabel('Run summary').getByLabel('Match rate')).toHaveText(/\d+\.\d%/);
  await shots(page, info, '04-results', 'step-results');
  const tabs = page.getByRole('tablist', { name: 'Result categories' });
  await tabs.getByRole('tab', { name: /Matched/ }).click();
  await expect(page.getByRole('grid', { name: 'Matched' }).getByRole('row')).not.toHaveCount(1);
  await shots(page, info, '04b-results-grid', '.results-tabs');
  await tabs.getByRole('tab', { name: /Exceptions/ }).click();
  await shots(page, info, '05-exceptions', '.results-tabs');
  // A second run, so the history has two points.
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(page.locator('#step-results').locator('xpath=ancestor::section[1]').getByText(/run 2/)).toBeVisible();
  await shots(page, info, '06-history', 'step-history');
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(page.locator('#export-done')).toContainText('Exported');
  await shots(page, info, '07-export', '.export');
  console.log(`FAULTS ${JSON.stringify(faults, null, 1)}`);
  expect(Object.values(faults).flat().filter((f) => f.startsWith('sideways'))).toEqual([]);
});
