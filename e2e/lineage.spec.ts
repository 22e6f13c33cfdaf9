/**
 * The Lineage workspace end to end: the real app in browser mode, the built-in
 * viewmapper MCP server with a real JVM, mermaid rendering in real Chromium.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './app';
import { chainCatalog, openLineageFiles, writeViewsJson } from './lineage-helpers';

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

const diagram = (page: Page) => page.getByRole('region', { name: 'Diagram' });
const node = (page: Page, name: string) => diagram(page).locator(`g.node[data-name="${name}"]`);

/** The drawn SVG lies wholly inside the diagram panel (fitted), within a pixel. */
async function fitted(page: Page): Promise<boolean> {
  const panel = await diagram(page).locator('.diagram-box').boundingBox();
  const svg = await diagram(page).locator('.diagram-stage svg').boundingBox();
  if (!panel || !svg) return false;
  return svg.x >= panel.x - 1 && svg.y >= panel.y - 1 && svg.x + svg.width <= panel.x + panel.width + 1 && svg.y + svg.height <= panel.y + panel.height + 1;
}

async function openSample(page: Page) {
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Lineage/ }).click();
  await expect(page.getByRole('heading', { name: 'Map how your SQL views depend on each other' })).toBeVisible();
  await page.getByRole('radio', { name: /Kalla e-commerce/ }).check();
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Views12');
}

test('pick a dataset, focus a node, ask a question, export SVG', async ({ appPage: page, app }, info) => {
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Lineage/ }).click();
  await shot(page, info, '01-empty');
  await openSample(page);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Tables6');
  await expect(summary).toContainText('Every view parsed.');
  await expect(page.getByRole('region', { name: 'Entry points' }).getByRole('button', { name: /fact_orders/ }).first()).toBeVisible();
  // The whole graph (18 nodes) is drawn by mermaid in the page.
  await expect(node(page, 'top_customers')).toBeVisible();
  await expect(node(page, 'raw.orders')).toBeVisible();
  // The first diagram is fitted to its panel (issue 17), and stays fitted when the panel changes size.
  await expect.poll(() => fitted(page)).toBe(true);
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect.poll(() => fitted(page)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, info, '02-whole-graph');

  // Click a node: it becomes the focus, the diagram is its neighbourhood.
  await node(page, 'customer_orders').click();
  await expect(page.getByTestId('focus-name')).toHaveText('customer_orders');
  await expect(node(page, 'customer_orders')).toHaveAttribute('data-focus', 'true');
  await expect(node(page, 'daily_revenue')).toHaveCount(0);
  await expect(node(page, 'top_customers')).toBeVisible();
  // One level each way: the table two levels up is gone.
  await page.getByRole('button', { name: 'Fewer upstream levels' }).click();
  await page.getByRole('button', { name: 'Fewer downstream levels' }).click();
  await expect(node(page, 'raw.orders')).toHaveCount(0);
  await expect(node(page, 'top_customers')).toHaveCount(0);
  await expect(node(page, 'fact_orders')).toBeVisible();
  await page.getByRole('button', { name: 'Show SQL' }).click();
  await expect(page.getByRole('region', { name: 'View SQL' })).toContainText('JOIN fact_orders o ON');
  await shot(page, info, '03-focused');

  // Search by name (case-insensitive match in the engine).
  await page.getByLabel('Find a view').fill('TOP_CUSTOMERS');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('focus-name')).toHaveText('top_customers');
  await expect(node(page, 'top_customers')).toHaveAttribute('data-focus', 'true');

  // Ask a question: the answer and its diagram.
  const ask = page.getByRole('region', { name: 'Ask about the views' });
  await ask.getByLabel('Question').fill('what depends on fact_orders');
  await ask.getByRole('button', { name: 'Ask' }).click();
  const answer = ask.getByRole('article', { name: 'Answer to: what depends on fact_orders' });
  await expect(answer).toContainText('5 views depend on fact_orders');
  await expect(answer.getByRole('img', { name: 'Diagram for: what depends on fact_orders' }).locator('svg g.node')).toHaveCount(6);
  await shot(page, info, '04-asked');

  // A name that does not exist: said in words, in the conversation.
  await ask.getByLabel('Question').fill('explain shipments');
  await ask.getByRole('button', { name: 'Ask' }).click();
  await expect(ask.getByRole('article', { name: 'Answer to: explain shipments' })).toContainText("no view or table named 'shipments'");
  await expect(ask.getByRole('article', { name: 'Answer to: explain shipments' })).toHaveClass(/error/);

  // Export SVG: a valid standalone SVG with the expected nodes.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'SVG' }).click()]);
  expect(download.suggestedFilename()).toBe('lineage-kalla_ecommerce-top_customers.svg');
  const svgPath = info.outputPath('export.svg');
  await download.saveAs(svgPath);
  const svg = readFileSync(svgPath, 'utf8');
  expect(svg.startsWith('<?xml')).toBe(true);
  // Parse it with the browser's XML parser: no parsererror, an <svg> root with size, our nodes as text.
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    return {
      error: doc.getElementsByTagName('parsererror').length,
      root: root.localName,
      ns: root.namespaceURI,
      width: Number(root.getAttribute('width')),
      labels: [...doc.querySelectorAll('g.node')].map((g) => g.textContent?.trim()),
    };
  }, svg);
  expect(parsed.error).toBe(0);
  expect(parsed.root).toBe('svg');
  expect(parsed.ns).toBe('http://www.w3.org/2000/svg');
  expect(parsed.width).toBeGreaterThan(0);
  // Depths are still one level each way: top_customers and the view it reads.
  expect(parsed.labels.sort()).toEqual(['customer_lifetime_value', 'top_customers']);

  // PNG and Mermaid source too.
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'PNG' }).click()]);
  const pngPath = info.outputPath('export.png');
  await png.saveAs(pngPath);
  expect(readFileSync(pngPath).subarray(1, 4).toString()).toBe('PNG');
  const [mmd] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'Mermaid' }).click()]);
  const mmdPath = info.outputPath('export.mmd');
  await mmd.saveAs(mmdPath);
  expect(readFileSync(mmdPath, 'utf8')).toMatch(/^graph TB\n[\s\S]*n_top_customers\["top_customers"\]/);

  // The conversation and the connection survive a restart of the app.
  await app.restart();
  await page.goto(app.url);
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Lineage/ }).click();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Views12');
  await expect(page.getByRole('article', { name: 'Answer to: what depends on fact_orders' })).toContainText('5 views depend on fact_orders');
  await shot(page, info, '05-after-restart');
});

test('a large dataset starts at an entry point and shows its parse problem; a bad path is explained', async ({ appPage: page }, info) => {
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Lineage/ }).click();
  await page.getByRole('radio', { name: 'Files' }).check();
  await page.getByLabel('File or folder').fill('/nonexistent/views');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('alert')).toContainText('/nonexistent/views');
  await shot(page, info, '01-bad-path');

  await page.getByRole('radio', { name: 'Samples' }).check();
  await page.getByRole('radio', { name: /Analytics platform/ }).check();
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Views151');
  await expect(page.getByText('1 view could not be parsed')).toBeVisible();
  // 151 views are too many to draw at once: the most depended-on view is focused instead.
  await expect(page.getByTestId('focus-name')).not.toBeEmpty();
  await expect(diagram(page).locator('g.node').first()).toBeVisible();
  // Its 20-odd dependents fan out: "Auto" draws left to right, fitted (issue 17).
  await expect(page.getByLabel('Direction')).toHaveValue('auto');
  await expect(page.getByLabel('Direction').locator('option[value="auto"]')).toHaveText('Auto (left → right)');
  await expect.poll(() => fitted(page)).toBe(true);
  await shot(page, info, '02-analytics');
});

test('a name with quotes is drawn with its quotes exactly once (issue 17)', async ({ appPage: page }, info) => {
  const dir = mkdtempSync(join(tmpdir(), 'kalla-lineage-quotes-'));
  try {
    writeFileSync(join(dir, 'views.sql'), 'CREATE VIEW sales."q1 report" AS SELECT * FROM raw.orders;\nCREATE VIEW sales.summary AS SELECT * FROM sales."q1 report";\n');
    await openLineageFiles(page, dir);
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Views2');
    const quoted = diagram(page).locator('g.node').filter({ hasText: 'q1 report' });
    await expect(quoted).toHaveCount(1);
    await expect(quoted).toHaveAttribute('data-name', 'sales."q1 report"');
    expect((await quoted.textContent())?.trim()).toBe('sales."q1 report"');
    await expect(diagram(page).locator('g.node', { hasText: '&quot;' })).toHaveCount(0);
    await shot(page, info, '01-quoted-name');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('"Whole graph" on a 10,000-view catalog says it is too large to draw, with the count and the limit (issue 17)', async ({ appPage: page }, info) => {
  const dir = mkdtempSync(join(tmpdir(), 'kalla-lineage-huge-'));
  try {
    await openLineageFiles(page, writeViewsJson(dir, 'huge', chainCatalog()));
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Views10,000');
    // Opening starts at an entry point, and says why.
    await expect(page.getByTestId('focus-name')).not.toBeEmpty();
    await expect(page.getByRole('note')).toContainText('more than the 100 a diagram can show');
    await expect(diagram(page).locator('g.node').first()).toBeVisible();

    await page.getByRole('button', { name: 'Whole graph' }).click();
    const status = diagram(page).getByRole('status', { name: 'The whole graph is too large to draw' });
    await expect(status).toBeVisible();
    await expect(status).toContainText('It has 10,100 nodes; a diagram shows at most 100.');
    await expect(status).toContainText('Pick an entry point on the left or search for a view by name');
    await expect(page.getByTestId('focus-name')).toHaveCount(0);
    await shot(page, info, '01-too-large');
    await status.getByRole('button', { name: /^Focus / }).first().click();
    await expect(page.getByTestId('focus-name')).not.toBeEmpty();
    await expect(diagram(page).locator('g.node').first()).toBeVisible();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a column trace cut at its cap says how many columns it left out (issue 26)', async ({ appPage: page }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const dir = mkdtempSync(join(tmpdir(), 'kalla-lineage-chain-'));
  try {
    // A chain of 300 views over raw.t: v_00299.a is made from every view's a and raw.t.a, 300 columns; the trace lists 200.
    const name = (i: number) => `v_${String(i).padStart(5, '0')}`;
    const views = Array.from({ length: 300 }, (_, i) => ({ name: name(i), sql: i === 0 ? 'SELECT a FROM raw.t' : `SELECT a FROM ${name(i - 1)}` }));
    await openLineageFiles(page, writeViewsJson(dir, 'chain', views));
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Views300');
    await page.getByLabel('Find a view').fill('v_00299');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByTestId('focus-name')).toHaveText('v_00299');
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Column lineage' });
    await panel.getByRole('list', { name: 'Columns of v_00299' }).getByRole('button', { name: 'a' }).click();
    await expect(panel.getByTestId('trace-summary')).toHaveText('v_00299.a is made from 300 columns upstream (the nearest 199 drawn, 101 farthest left out).', { timeout: 30_000 });
    await shot(page, info, 'column-trace-cut');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Label text fill and shape fill of every drawn node, as computed by the browser, with their WCAG contrast. */
async function nodeColours(page: Page) {
  return diagram(page)
    .locator('g.node')
    .evaluateAll((nodes) => {
      const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      return nodes.map((g) => {
        const shape = g.querySelector('rect, path, polygon')!;
        const text = g.querySelector('text tspan tspan') ?? g.querySelector('text')!;
        const fill = getComputedStyle(shape).fill;
        const ink = getComputedStyle(text).fill;
        const [hi, lo] = [lum(fill), lum(ink)].sort((a, b) => b - a);
        return { name: g.getAttribute('data-name'), label: g.getAttribute('aria-label'), fill, ink, ratio: (hi + 0.05) / (lo + 0.05) };
      });
    });
}

test('the legend explains the diagram; dark theme labels are readable (issue 17)', async ({ appPage: page }, info) => {
  await openSample(page);
  await node(page, 'customer_orders').click();
  await expect(node(page, 'customer_orders')).toHaveAttribute('data-focus', 'true');
  // Kind and role in words on each node, not in colour only.
  await expect(node(page, 'customer_orders')).toHaveAttribute('aria-label', 'customer_orders, view, the focus. Focus it');
  await expect(node(page, 'raw.orders')).toHaveAttribute('aria-label', 'raw.orders, table, upstream. Focus it');
  await expect(node(page, 'top_customers')).toHaveAttribute('aria-label', 'top_customers, view, downstream. Focus it');

  const legend = diagram(page).getByRole('region', { name: 'Legend' });
  await expect(legend).toBeVisible();
  // Each item says its meaning in words (the swatch's sample "Ab" is hidden from screen readers).
  await expect(legend.getByRole('listitem')).toHaveText([
    /Focused view \(thick border\)$/,
    /Upstream \(feeds the focus\)$/,
    /Downstream \(reads the focus\)$/,
    /View \(box\)$/,
    /Table \(cylinder\)$/,
    /Could not be parsed \(dashed red border\)$/,
  ]);
  await expect(legend.locator('svg[aria-hidden="true"]')).toHaveCount(6);
  for (const c of await nodeColours(page)) expect(c.ratio, `${c.name}: ${c.ink} on ${c.fill} (light)`).toBeGreaterThanOrEqual(4.5);

  // The OS switches to dark (the theme setting is "system"): the diagram is drawn again in dark tokens.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(node(page, 'customer_orders').locator('rect').first()).toHaveCSS('fill', 'rgb(255, 213, 79)');
  await expect(node(page, 'top_customers').locator('rect').first()).toHaveCSS('fill', 'rgb(23, 63, 29)');
  const dark = await nodeColours(page);
  expect(dark.length).toBeGreaterThan(4);
  for (const c of dark) expect(c.ratio, `${c.name}: ${c.ink} on ${c.fill} (dark)`).toBeGreaterThanOrEqual(4.5);
  await expect(legend).toBeVisible();

  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ]) {
    await page.setViewportSize({ width, height });
    await expect.poll(() => fitted(page)).toBe(true);
    await expect(legend).toBeInViewport();
    await page.screenshot({ path: info.outputPath(`dark-${width}x${height}.png`) });
  }
});

test('column lineage: a view column traced to base tables, and what reads a table column (issue 17)', async ({ appPage: page }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSample(page);
  await page.getByLabel('Find a view').fill('top_customers');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('focus-name')).toHaveText('top_customers');
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Column lineage' });
  const list = panel.getByRole('list', { name: 'Columns of top_customers' });
  await expect(list.getByRole('button')).toHaveText(['customer_id', 'lifetime_value']);
  await list.getByRole('button', { name: 'lifetime_value' }).click();
  await expect(panel.getByTestId('trace-summary')).toHaveText('top_customers.lifetime_value is made from 5 columns upstream.');
  const figure = panel.getByRole('img', { name: 'Column lineage of top_customers.lifetime_value' });
  await expect(figure.locator('svg')).toBeVisible();
  await expect(figure).toContainText('unit_price');
  await panel.getByText('As a list').click();
  await expect(panel.getByRole('list', { name: 'Column lineage steps' })).toContainText('customer_orders.order_total → customer_lifetime_value.lifetime_value (aggregate)');
  await shot(page, info, 'column-trace');
  const { violations } = await new AxeBuilder({ page }).include('.columns-panel').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await panel.getByRole('button', { name: 'Read by (impact)' }).click();
  await expect(panel.getByTestId('trace-summary')).toHaveText(/No view reads top_customers.lifetime_value/);

  // Indirect (issue 26): daily_revenue filters on fact_orders.status and joins on order_id; listed apart.
  await page.getByLabel('Find a view').fill('daily_revenue');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(panel.getByRole('heading', { name: 'Columns of daily_revenue' })).toBeVisible();
  const indirect = panel.getByRole('list', { name: 'Columns daily_revenue joins, filters, groups or sorts on' });
  await expect(indirect).toContainText('fact_orders.status (filters on)');
  await expect(indirect).toContainText('fact_orders.order_id (joins on)');
  await expect(panel.getByRole('list', { name: 'Columns of daily_revenue' })).not.toContainText('status');

  // A table: its columns come from the catalog (the sample lists them); what reads one of them.
  await page.getByLabel('Find a view').fill('raw.order_items');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(panel.getByRole('heading', { name: 'Columns of raw.order_items' })).toBeVisible();
  const tableColumns = panel.getByRole('list', { name: 'Columns of raw.order_items' });
  await expect(tableColumns.getByRole('button')).toHaveText(['order_id', 'product_id', 'quantity', 'unit_price']);
  await tableColumns.getByRole('button', { name: 'unit_price' }).click();
  // 16 since the third round of issue 26 (11 before): order_payments groups by its order_total (GROUP BY 1, 2), so its
  // order_id and paid break too, and daily_revenue joins on that order_id; top_customers sorts by lifetime_value.
  await expect(panel.getByTestId('trace-summary')).toHaveText('16 view columns read raw.order_items.unit_price; dropping it breaks them.');
  await expect(panel.getByRole('img', { name: /Column lineage of raw.order_items.unit_price/ })).toContainText('category_performance');
  await shot(page, info, 'column-impact');
});
