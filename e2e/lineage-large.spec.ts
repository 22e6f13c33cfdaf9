/**
 * Issue 26: the large-graph view (Cytoscape) in the Lineage workspace, in real Chromium with the real
 * engine: a 1,201-node neighbourhood draws its nearest 500 nodes and counts the 701 it leaves out;
 * search finds and focuses a node; collapse by schema; the whole graph draws with nothing left out.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './app';

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
    writeFileSync(join(dir, 'views.json'), JSON.stringify({ schema: 'big', views }));
    await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Lineage/ }).click();
    await page.getByRole('radio', { name: 'Files' }).check();
    await page.getByLabel('File or folder').fill(join(dir, 'views.json'));
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Views1,200');
    const diagram = page.getByRole('region', { name: 'Diagram' });
    await page.getByLabel('Find a view').fill('raw.t_0');
    await diagram.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByTestId('focus-name')).toHaveText(/t_0$/);
    // Mermaid draws the nearest 50 and offers the large view.
    await expect(diagram).toContainText('(farthest left out)');

    const started = Date.now();
    await diagram.getByRole('button', { name: 'Large view' }).click();
    const canvas = diagram.locator('.large-graph-canvas[data-ready="true"]');
    await expect(canvas).toBeVisible({ timeout: 60_000 });
    const interactive = Date.now() - started;
    const count = page.getByTestId('large-graph-count');
    await expect(count).toContainText('500 nodes');
    await expect(count).toContainText('701 farthest nodes left out');
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

    // A name that is not drawn (left out) says so.
    await diagram.getByLabel('Find a node in the large view').fill('w_00599');
    await diagram.getByRole('search', { name: 'Find in the large view' }).getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('alert')).toContainText('No node named “w_00599” in this view.');

    // Collapse by schema: one node per schema, the count stays.
    await diagram.getByLabel('Collapse by schema').check();
    await expect(canvas).toBeVisible();
    await expect(count).toContainText('701 farthest nodes left out');
    await page.screenshot({ path: info.outputPath('large-view-collapsed-1440.png') });
    await diagram.getByLabel('Collapse by schema').uncheck();
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
    // As in lineage.spec.ts: 100 chains of 100 views over 100 tables (10,100 nodes).
    const views = Array.from({ length: 10_000 }, (_, i) => ({
      name: `v_${String(i).padStart(5, '0')}`,
      sql: i < 100 ? `SELECT * FROM raw.t_${i}` : `SELECT * FROM v_${String(i - 100).padStart(5, '0')} JOIN raw.t_${i % 100} USING (id)`,
    }));
    writeFileSync(join(dir, 'views.json'), JSON.stringify({ schema: 'huge', views }));
    await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Lineage/ }).click();
    await page.getByRole('radio', { name: 'Files' }).check();
    await page.getByLabel('File or folder').fill(join(dir, 'views.json'));
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Views10,000');
    await page.getByRole('button', { name: 'Whole graph' }).click();
    const diagram = page.getByRole('region', { name: 'Diagram' });
    await expect(diagram.getByRole('status', { name: 'The whole graph is too large to draw' })).toBeVisible();

    const started = Date.now();
    await diagram.getByRole('button', { name: 'Large view' }).click();
    const canvas = diagram.locator('.large-graph-canvas[data-ready="true"]');
    await expect(canvas).toBeVisible({ timeout: 120_000 });
    const interactive = Date.now() - started;
    const count = page.getByTestId('large-graph-count');
    await expect(count).toContainText('10,100 nodes');
    await expect(count).toContainText('nothing left out');
    info.annotations.push({ type: 'whole graph 10,100 nodes, click → laid out, ms', description: String(interactive) });
    console.log(`whole graph, 10,100 nodes: interactive ${interactive} ms after the click; ${await count.textContent()}`);

    await diagram.getByLabel('Find a node in the large view').fill('v_09999');
    await diagram.getByRole('search', { name: 'Find in the large view' }).getByRole('button', { name: 'Find' }).click();
    await expect(page.getByTestId('large-graph-selected')).toContainText('v_09999');
    await expect(page.getByTestId('large-graph-selected')).toContainText('2 neighbours highlighted');
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
