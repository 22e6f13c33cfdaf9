/**
 * Issue 18 at 1024×700, both themes: what a user needs is on screen. The mapping table and the
 * results scroll sideways with their decision column kept in view; the Lineage side panels fold
 * away so the diagram gets the width. Screenshots of each state go to the test's output folder.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './app';
import { card, dropFiles } from './reconcile-helpers';
import { reconFiles } from '../tests/reconcile/workspace/data';

/** The element's box lies inside the viewport (fully visible without scrolling the page sideways). */
async function inViewport(page: Page, el: Locator) {
  const box = (await el.boundingBox())!;
  const vp = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(vp.width);
}

for (const theme of ['light', 'dark'] as const) {
  test(`at 1024×700 (${theme}) the decisions stay on screen and the diagram gets the width`, async ({ appPage: page }, info) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Reconcile/ }).click();
    const files = reconFiles();
    await dropFiles(page, page.locator('.reconcile'), [
      { name: 'bank statement.csv', content: files.bank },
      { name: 'invoices.csv', content: files.invoices },
    ]);
    await expect(card(page, 'left').getByLabel('left rows')).toHaveText('26');
    const mapping = page.getByRole('table', { name: 'Proposed column pairs' });
    const accept = mapping.getByRole('row').nth(1).getByRole('button', { name: /^Accept/ });
    await accept.scrollIntoViewIfNeeded();
    await inViewport(page, accept);
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.screenshot({ path: info.outputPath(`mapping-1024x700-${theme}.png`) });
    await accept.click();
    await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
    await page.getByRole('button', { name: 'Confirm mapping' }).click();
    await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
    await page.getByRole('tab', { name: /Suggested/ }).click();
    const results = page.locator('#results-panel');
    const acceptSuggestion = results.getByRole('button', { name: /^Accept/ }).first();
    await acceptSuggestion.scrollIntoViewIfNeeded();
    await inViewport(page, acceptSuggestion);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.screenshot({ path: info.outputPath(`results-1024x700-${theme}.png`) });

    await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Lineage/ }).click();
    await page.getByRole('radio', { name: /Kalla e-commerce/ }).check();
    await page.getByRole('button', { name: 'Open' }).click();
    const diagram = page.getByRole('region', { name: 'Diagram' });
    await expect(diagram.locator('svg g.node').first()).toBeVisible();
    // Below 1280 px the Ask panel starts folded: the diagram is wider than half the window.
    expect((await diagram.boundingBox())!.width).toBeGreaterThan(500);
    await page.getByRole('button', { name: 'Hide connection and summary' }).click();
    expect((await diagram.boundingBox())!.width).toBeGreaterThan(700); // 1024 − sidebar 210 − two 36 px strips
    await page.screenshot({ path: info.outputPath(`lineage-1024x700-${theme}.png`) });
    // Folding is remembered; the panels open again from their strips.
    await page.reload();
    await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Lineage/ }).click();
    await page.getByRole('button', { name: 'Show connection and summary' }).click();
    await page.getByRole('button', { name: 'Show the right-hand panel' }).click();
    await expect(page.getByRole('region', { name: 'Ask about the views' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  });
}

test('reduced motion: with the OS asking for less motion, nothing animates or transitions', async ({ appPage: page }) => {
  const durations = () =>
    page.evaluate(() => {
      // A progress bar as loads show it: it both transitions (width) and animates (indeterminate).
      const track = document.body.appendChild(Object.assign(document.createElement('div'), { className: 'progress' }));
      const bar = track.appendChild(Object.assign(document.createElement('div'), { className: 'bar indeterminate' }));
      const style = getComputedStyle(bar);
      const out = [style.transitionDuration, style.animationDuration].map((d) => parseFloat(d) * (d.endsWith('ms') ? 0.001 : 1));
      track.remove();
      return out;
    });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const d of await durations()) expect(d).toBeLessThan(0.001);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  for (const d of await durations()) expect(d).toBeGreaterThan(0.1);
});
