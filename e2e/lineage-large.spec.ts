/**
 * Issue 26: the large-graph view (Cytoscape) in the Lineage workspace, in real Chromium with the real
 * engine: a 1,201-node neighbourhood draws its nearest 500 nodes and counts the 701 it leaves out;
 * search finds and focuses a node; collapse by schema; the whole graph draws with nothing left out.
 * Since the third round: the layout comes from a Web Worker (ELK for small graphs, the layered grid
 * past that), the drawn nodes are a listbox beside the canvas that the keyboard moves through, and the
 * page keeps painting frames while 10,000 nodes are laid out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './app';
import { chainCatalog, openLineageFiles, writeViewsJson } from './lineage-helpers';

test('a 500-node neighbourhood in the large view: count left out, search and focus (issue 26)', async ({ appPage: page }, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const dir = mkdtempSync(join(tmpdir(), 'kalla-lineage-large-'));
  try {
    // raw.t_0 is read by 600 views v_i, each read by one view w_i: 1,201 nodes within two levels of raw.t_0.
    const pad = (i: number) => String(i).padStart(5, '0');
    const views = [
      ...Array.from({ length: 600 }, (_, i) => ({ name: `v_${pad(i)}`, sql: `SELECT id, amount FROM raw.t_0 WHERE id > ${i}` })),
      ...Array.from({ length: 600 }, (_, i) => ({ name: `w_${pad(i)}`, sql: `SELECT id FROM v_${pad(i)}` })),
    ];
    await openLineageFiles(page, writeViewsJson(dir, 'big', views));
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Views1,200');
    const diagram = page.getByRole('region', { name: 'Diagram' });
    await page.getByLabel('Find a view').fill('raw.t_0');
    await diagram.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByTestId('focus-name')).toHaveText(/t_0$/);
    // Mermaid draws the nearest 50 and offers the large view; it says how many it left out.
    await expect(page.getByTestId('diagram-count')).toHaveText('50 nodes of 1,201 (1,151 farthest left out)');

    // Readied before the click, while the diagram is read: the layout worker started and Cytoscape's code
    // run once off screen (the first open used to pay for both after the click).
    const marksNamed = (name: string) => page.evaluate((n) => performance.getEntriesByName(n, 'mark').length, name);
    await expect.poll(() => marksNamed('kalla:large-view-warmed'), { timeout: 30_000 }).toBe(1);
    expect(await marksNamed('kalla:layout-worker-started')).toBe(1);
    expect(await page.locator('[aria-hidden="true"] canvas').count()).toBe(0); // the warm-up's canvas is gone
    // The neighbourhood itself was asked for ahead, once.
    await expect.poll(() => marksNamed('kalla:large-graph-asked'), { timeout: 30_000 }).toBe(1);

    const started = Date.now();
    await diagram.getByRole('button', { name: 'Large view' }).click();
    const canvas = diagram.locator('.large-graph-canvas[data-ready="true"]');
    await expect(canvas).toBeVisible({ timeout: 60_000 });
    const interactive = Date.now() - started;
    // The layout worker started before main had the graph (not after it arrived).
    const marks = await page.evaluate(() => ({
      worker: performance.getEntriesByName('kalla:layout-worker-started', 'mark')[0]?.startTime ?? NaN,
      received: performance.getEntriesByName('kalla:large-graph-received', 'mark')[0]?.startTime ?? NaN,
    }));
    expect(marks.worker).toBeLessThan(marks.received);
    // The view took the worker started ahead (no second one), and laid the graph out once.
    expect(await marksNamed('kalla:layout-worker-started')).toBe(1);
    expect(await marksNamed('kalla:large-graph-placed')).toBe(1);
    // The open used the answer asked for ahead: main was not asked again.
    expect(await marksNamed('kalla:large-graph-asked')).toBe(1);
    const count = page.getByTestId('large-graph-count');
    await expect(count).toContainText('500 nodes');
    await expect(count).toContainText('701 farthest nodes left out');
    // Each schema is a box: raw.t_0 in raw, the views in the default schema big (their names leave it out).
    await expect(count).toContainText('2 schemas');
    // Cytoscape draws on canvas elements.
    expect(await canvas.locator('canvas').count()).toBeGreaterThan(0);
    info.annotations.push({ type: 'time to interactive (click → laid out), ms', description: String(interactive) });
    console.log(`large view, 500 of 1,201 nodes: interactive ${interactive} ms after the click; ${await count.textContent()}`);

    // Search finds and focuses a node: selected, neighbours highlighted.
    await diagram.getByLabel('Find a node in the large view').fill('v_00123');
    await diagram.getByRole('search', { name: 'Find in the large view' }).getByRole('button', { name: 'Find' }).click();
    await expect(page.getByTestId('large-graph-selected')).toContainText('v_00123');
    await expect(page.getByTestId('large-graph-selected')).toContainText('1 neighbour highlighted');
    await page.waitForTimeout(400);
    await page.screenshot({ path: info.outputPath('large-view-1440.png') });
    const { violations } = await new AxeBuilder({ page }).include('.large-graph').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    // Laid out off the page: 500 nodes are past ELK's size, so the layered grid made it, in the worker.
    await expect(count).toContainText('laid out by the layered grid off the page');

    // The keyboard reaches single nodes: the listbox of drawn nodes, arrows move the selection (and the canvas highlight).
    const list = diagram.getByRole('listbox', { name: /Nodes drawn in the large view \(500\)/ });
    await list.focus();
    await page.keyboard.press('Home');
    await expect(list.getByRole('option', { selected: true })).toHaveText(/t_0/);
    await expect(page.getByTestId('large-graph-selected')).toContainText('t_0');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const picked = (await list.getByRole('option', { selected: true }).textContent())!.replace(' (table)', '');
    expect(picked).not.toMatch(/t_0$/);
    await expect(page.getByTestId('large-graph-selected')).toContainText(picked);
    await expect(list).toHaveAttribute('aria-activedescendant', 'large-graph-node-2');
    await page.keyboard.press('End');
    await expect(list).toHaveAttribute('aria-activedescendant', 'large-graph-node-499');
    await expect(list.getByRole('option', { selected: true })).toHaveAttribute('aria-posinset', '500');
    const axeList = await new AxeBuilder({ page }).include('.large-graph').analyze();
    expect(axeList.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Home');

    // A name that is not drawn (left out) says so.
    await diagram.getByLabel('Find a node in the large view').fill('w_00599');
    await diagram.getByRole('search', { name: 'Find in the large view' }).getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('alert')).toContainText('No node named “w_00599” in this view.');

    // Schema boxes: one collapses to a node with its count and back; "Collapse by schema" folds them all.
    await page.screenshot({ path: info.outputPath('large-view-schemas-1440.png') });
    await diagram.getByText('Schemas (2): collapse or expand a box').click();
    const boxes = diagram.getByRole('group', { name: 'Schema boxes' });
    const big = boxes.getByRole('button', { name: 'big (499)' });
    await expect(big).toHaveAttribute('aria-pressed', 'false');
    await big.click();
    await expect(big).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toContainText('2 schemas (1 collapsed)');
    await expect(canvas).toBeVisible();
    await expect(count).toContainText('701 farthest nodes left out');
    await page.screenshot({ path: info.outputPath('large-view-collapsed-1440.png') });
    // Finding a node inside a collapsed box opens the box.
    await diagram.getByLabel('Find a node in the large view').fill('v_00007');
    await diagram.getByRole('search', { name: 'Find in the large view' }).getByRole('button', { name: 'Find' }).click();
    await expect(big).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('large-graph-selected')).toContainText('v_00007');
    await diagram.getByLabel('Collapse by schema').check();
    await expect(count).toContainText('2 schemas (2 collapsed)');
    await expect(canvas).toBeVisible();
    await diagram.getByLabel('Collapse by schema').uncheck();
    await expect(count).not.toContainText('collapsed');
    // The OS switches to dark: the view is drawn again with the dark theme's label ink.
    await expect(canvas).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(canvas).toHaveAttribute('data-theme', 'dark');
    await page.screenshot({ path: info.outputPath('large-view-dark-1440.png') });
    await page.emulateMedia({ colorScheme: 'light' });

    // "Focus here" re-centres the workspace on the selected node.
    await diagram.getByLabel('Find a node in the large view').fill('v_00123');
    await diagram.getByRole('search', { name: 'Find in the large view' }).getByRole('button', { name: 'Find' }).click();
    await diagram.getByRole('button', { name: 'Focus here' }).click();
    await expect(page.getByTestId('focus-name')).toHaveText(/v_00123$/);
    await expect(count).toContainText('nothing left out');
    // Nodes in two schemas: the grid, with a band per schema so the boxes do not overlap.
    await expect(count).toContainText('laid out by the layered grid off the page', { timeout: 30_000 });
    console.log(`neighbourhood of v_00123: ${await count.textContent()}`);
    // Nothing upstream: v_00123 and w_00123, one schema: ELK (in the worker).
    await page.getByRole('button', { name: 'Fewer upstream levels' }).click();
    await page.getByRole('button', { name: 'Fewer upstream levels' }).click();
    await expect(count).toContainText('2 nodes, 1 edges shown · nothing left out · 1 schema');
    await expect(count).toContainText('laid out by ELK off the page', { timeout: 30_000 });
    // Enter on a listed node focuses the workspace there.
    const small = diagram.getByRole('listbox', { name: /Nodes drawn in the large view/ });
    await small.focus();
    await page.keyboard.press('End');
    const last = (await small.getByRole('option', { selected: true }).textContent())!.replace(' (table)', '');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('focus-name')).toHaveText(new RegExp(`${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

    // The whole graph: 1,201 nodes, nothing left out.
    await page.getByRole('button', { name: 'Whole graph' }).click();
    await expect(count).toContainText('1,201 nodes, 1,200 edges shown · nothing left out', { timeout: 60_000 });
    await page.screenshot({ path: info.outputPath('large-view-whole-1440.png') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the whole 10,000-view graph in the large view: drawn whole, searchable (issue 26)', async ({ appPage: page }, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const dir = mkdtempSync(join(tmpdir(), 'kalla-lineage-large10k-'));
  try {
    await openLineageFiles(page, writeViewsJson(dir, 'huge', chainCatalog()));
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Views10,000');
    await page.getByRole('button', { name: 'Whole graph' }).click();
    const diagram = page.getByRole('region', { name: 'Diagram' });
    await expect(diagram.getByRole('status', { name: 'The whole graph is too large to draw' })).toBeVisible();

    // The longest gap between painted frames while the 10,000 nodes are fetched, laid out and drawn:
    // the layout runs in a worker, so only the engine's answer and Cytoscape's drawing can hold frames.
    await page.evaluate(() => {
      const w = window as unknown as { gaps: number[]; stop: boolean };
      w.gaps = [];
      w.stop = false;
      let last = performance.now();
      const tick = (t: number) => {
        w.gaps.push(t - last);
        last = t;
        if (!w.stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    // Readied before the click here too (worker, warm-up), as for a neighbourhood.
    const marksNamed = (name: string) => page.evaluate((n) => performance.getEntriesByName(n, 'mark').length, name);
    await expect.poll(() => marksNamed('kalla:large-view-warmed'), { timeout: 30_000 }).toBe(1);
    expect(await marksNamed('kalla:layout-worker-started')).toBe(1);
    // A whole graph (up to 20,000 nodes) is never asked for ahead: only on the click.
    expect(await marksNamed('kalla:large-graph-asked')).toBe(0);

    const started = Date.now();
    await diagram.getByRole('button', { name: 'Large view' }).click();
    const canvas = diagram.locator('.large-graph-canvas[data-ready="true"]');
    await expect(canvas).toBeVisible({ timeout: 120_000 });
    const interactive = Date.now() - started;
    const gaps = await page.evaluate(() => {
      const w = window as unknown as { gaps: number[]; stop: boolean };
      w.stop = true;
      return [...w.gaps].sort((a, b) => b - a).slice(0, 3).map(Math.round);
    });
    info.annotations.push({ type: 'whole graph 10,100 nodes, longest frame gaps, ms', description: gaps.join(', ') });
    console.log(`whole graph, 10,100 nodes: longest gaps between frames ${gaps.join(', ')} ms`);
    const count = page.getByTestId('large-graph-count');
    await expect(count).toContainText('10,100 nodes');
    await expect(count).toContainText('nothing left out');
    info.annotations.push({ type: 'whole graph 10,100 nodes, click → laid out, ms', description: String(interactive) });
    console.log(`whole graph, 10,100 nodes: interactive ${interactive} ms after the click; ${await count.textContent()}`);

    await diagram.getByLabel('Find a node in the large view').fill('v_09999');
    await diagram.getByRole('search', { name: 'Find in the large view' }).getByRole('button', { name: 'Find' }).click();
    await expect(page.getByTestId('large-graph-selected')).toContainText('v_09999');
    await expect(page.getByTestId('large-graph-selected')).toContainText('2 neighbours highlighted');
    await expect(count).toContainText('laid out by the layered grid off the page');
    // The listbox of 10,100 nodes is windowed, and the keyboard still reaches each one.
    const list = diagram.getByRole('listbox', { name: /Nodes drawn in the large view \(10,100\)/ });
    expect(await list.getByRole('option').count()).toBeLessThanOrEqual(40);
    await expect(list.getByRole('option', { selected: true })).toHaveText('v_09999');
    await list.focus();
    await page.keyboard.press('ArrowDown');
    const next = (await list.getByRole('option', { selected: true }).textContent())!.replace(' (table)', '');
    expect(next).not.toBe('v_09999');
    await expect(page.getByTestId('large-graph-selected')).toContainText(next);
    await page.keyboard.press('End');
    await expect(list.getByRole('option', { selected: true })).toHaveAttribute('aria-posinset', '10100');
    await page.waitForTimeout(400);
    await page.screenshot({ path: info.outputPath('whole-10k-1440.png') });
    await diagram.getByLabel('Collapse by schema').check();
    await expect(count).toContainText('nothing left out');
    await page.waitForTimeout(400);
    await page.screenshot({ path: info.outputPath('whole-10k-collapsed-1440.png') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
