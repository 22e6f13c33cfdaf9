/**
 * Accessibility scan (issue 18): axe-core over every workspace in several states
 * (empty, loaded, results, dialogs open) in the light and the dark theme. Fails on
 * any violation, whatever its impact, and writes the per-state table to
 * test-results (a11y-<theme>.md) so the figures can be compared over time.
 */
import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, fixtureServer, test } from './app';
import { card, dropFiles } from './reconcile-helpers';
import { reconFiles } from '../tests/reconcile/workspace/data';
import { anthropicStream } from '../tests/fixtures/fake-providers/anthropic';
import { appWithFakeAnthropic } from './fake-anthropic-app';

interface Row {
  state: string;
  serious: number;
  critical: number;
  rules: string[];
  /** Moderate and minor findings: recorded, not failed on. */
  lesser: string[];
}

/** Each theme's findings, one row per state. */
type Rows = Record<Theme, Row[]>;
type Theme = 'light' | 'dark';
const THEMES: Theme[] = ['light', 'dark'];

/**
 * Scans the page as it is in both themes: the state is reached once and the colour scheme switched
 * under it (two workspaces' worth of setup per theme took ~90 s of the suite).
 */
async function scan(page: Page, state: string, rows: Rows) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await scanTheme(page, state, rows[theme]);
  }
}

async function scanTheme(page: Page, state: string, rows: Row[]) {
  // Let transitions and async renders settle so contrast is measured on final colours and layout:
  // on a busy machine a grid was scanned mid-render (11 colour-contrast nodes in the first results
  // row, none on the retry). Settled = no DOM change for 300 ms and two frames drawn (at most 5 s).
  await page.waitForTimeout(150);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, 300);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, 300);
        });
        const limit = setTimeout(done, 5_000);
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(limit);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        }
      }),
  );
  const started = Date.now();
  const { violations } = await new AxeBuilder({ page }).analyze();
  console.log(`scanned ${state} in ${Date.now() - started} ms`);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const count = (impact: string) => bad.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
  rows.push({
    state,
    serious: count('serious'),
    critical: count('critical'),
    rules: bad.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}`),
    lesser: violations
      .filter((v) => v.impact !== 'serious' && v.impact !== 'critical')
      .map((v) => `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}`),
  });
}

/**
 * Writes the per-state table (and every finding) to test-results, and fails on any violation:
 * serious and critical ones since issue 18, moderate and minor ones (heading order, a page without
 * an h1, an empty table header) since they were fixed too.
 */
function report(rows: Rows, info: TestInfo, file: (theme: Theme) => string) {
  const found = THEMES.map((theme) => {
    const table = [
      `| state (${theme}) | serious | critical | moderate or minor rules |`,
      '|---|---|---|---|',
      ...rows[theme].map((r) => `| ${r.state} | ${r.serious} | ${r.critical} | ${r.lesser.length} |`),
    ].join('\n');
    const details = rows[theme].filter((r) => r.rules.length).map((r) => `${theme} · ${r.state}:\n  ${r.rules.join('\n  ')}`).join('\n');
    const lesser = rows[theme].filter((r) => r.lesser.length).map((r) => `${theme} · ${r.state}:\n  ${r.lesser.join('\n  ')}`).join('\n');
    writeFileSync(info.outputPath(file(theme)), `${table}\n\n${details}\n\nModerate and minor:\n${lesser}\n`);
    return { details, lesser };
  });
  expect(found.map((f) => f.details).join(''), 'serious or critical axe violations').toBe('');
  expect(found.map((f) => f.lesser).join(''), 'moderate or minor axe violations').toBe('');
}

/** The sidebar entry of a workspace, whatever role the sidebar uses. */
async function open(page: Page, label: string) {
  await page.locator('.sidebar').getByText(label, { exact: true }).click();
}

async function scanAll(page: Page, info: TestInfo) {
  const rows: Rows = { light: [], dark: [] };

  await open(page, 'Servers');
  await expect(page.getByRole('button', { name: 'Add server' })).toBeVisible();
  await scan(page, 'Servers · empty', rows);
  await page.getByRole('button', { name: 'Add server' }).click();
  const add = page.getByRole('dialog', { name: 'Add an MCP server' });
  await scan(page, 'Servers · add dialog', rows);
  await add.getByLabel(/Remote \(a URL\)/).check();
  await add.getByText('OAuth sign-in (optional)').click();
  await add.getByLabel('How Kalla signs in').selectOption('client_credentials');
  await scan(page, 'Servers · add dialog, remote with OAuth settings', rows);
  await add.getByLabel(/On this computer/).check();
  const server = fixtureServer('well-behaved');
  await add.getByLabel('Name', { exact: true }).fill('demo');
  await add.getByLabel('Command').fill(server.command);
  await add.getByLabel('Arguments (one per line)').fill(server.args.join('\n'));
  await add.getByRole('button', { name: 'Add and start' }).click();
  await expect(page.getByRole('region', { name: 'Server details' }).locator('.detail-header [data-status]')).toHaveAttribute('data-status', 'running');
  await scan(page, 'Servers · running server', rows);
  await page.getByRole('region', { name: 'Server details' }).getByRole('tab', { name: 'History' }).click();
  const firstMessage = page.getByRole('region', { name: 'Message history' }).getByRole('listitem').last();
  await firstMessage.locator('summary').click();
  await scan(page, 'Servers · message history', rows);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('dialog', { name: 'Import MCP servers' }).getByText(/^Claude Desktop/)).toBeVisible();
  await scan(page, 'Servers · import dialog', rows);
  await page.keyboard.press('Escape');

  await open(page, 'Reconcile');
  await expect(page.getByRole('heading', { name: 'Reconcile two files' })).toBeVisible();
  await scan(page, 'Reconcile · empty', rows);
  await page.getByRole('button', { name: /^New/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'New workspace' })).toBeVisible();
  await scan(page, 'Reconcile · new-workspace dialog', rows);
  await page.keyboard.press('Escape');
  const files = reconFiles();
  await dropFiles(page, page.locator('.reconcile'), [
    { name: 'bank statement.csv', content: files.bank },
    { name: 'invoices.csv', content: files.invoices },
  ]);
  await expect(card(page, 'left').getByLabel('left rows')).toHaveText('26');
  await expect(page.getByRole('button', { name: /Accept all ≥ 80%/ })).toBeVisible();
  await scan(page, 'Reconcile · loaded', rows);
  await page.getByRole('button', { name: /Accept all ≥ 80%/ }).click();
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(page.getByLabel('Run summary').getByLabel('Match rate')).toHaveText(/\d+\.\d%/);
  await scan(page, 'Reconcile · results', rows);
  await page.locator('#results-panel').getByRole('button', { name: /^Details of/ }).first().click();
  await expect(page.getByRole('region', { name: /^Details of/ })).toBeVisible();
  await scan(page, 'Reconcile · result details', rows);

  await open(page, 'Lineage');
  await scan(page, 'Lineage · empty', rows);
  await page.getByRole('radio', { name: /Kalla e-commerce/ }).check();
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('region', { name: 'Diagram' }).locator('svg g.node').first()).toBeVisible();
  await scan(page, 'Lineage · diagram', rows);
  // At 1024 px the question panel starts folded; open it and ask.
  await page.getByRole('button', { name: 'Show the right-hand panel' }).click();
  const ask = page.getByRole('region', { name: 'Ask about the views' });
  await ask.getByLabel('Question').fill('what depends on fact_orders');
  await ask.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(ask.getByRole('article', { name: 'Answer to: what depends on fact_orders' })).toBeVisible();
  await scan(page, 'Lineage · diagram and an answer', rows);
  await open(page, 'Assistant');
  await scan(page, 'Assistant · empty', rows);
  await open(page, 'Settings');
  await scan(page, 'Settings', rows);
  await page.keyboard.press('F1');
  await scan(page, 'F1 dialog', rows);
  await page.keyboard.press('Escape');

  report(rows, info, (theme) => `a11y-${theme}.md`);
}

/** The Assistant with a conversation: streamed answers, tool entries, and a confirmation card waiting. */
async function scanAssistant(page: Page, info: TestInfo) {
  const { app, fake, done } = await appWithFakeAnthropic();
  try {
    await page.goto(app.url);
    fake.enqueue(
      anthropicStream({ content: [{ type: 'text', text: 'Here are the servers.' }, { type: 'tool_use', id: 't1', name: 'kalla-app__list_servers', input: {} }], stop_reason: 'tool_use' }),
      anthropicStream({ content: [{ type: 'text', text: 'kalla-recon and viewmapper are running. Shall I open the sample lineage?' }, { type: 'tool_use', id: 't2', name: 'kalla-app__lineage_connect', input: { dataset: 'kalla_ecommerce' } }], stop_reason: 'tool_use' }),
    );
    const rows: Rows = { light: [], dark: [] };
    await open(page, 'Assistant');
    await page.getByLabel('Message the Assistant').fill('Which servers run? Then open the sample lineage.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('group', { name: 'Confirm lineage_connect' })).toBeVisible();
    await scan(page, 'Assistant · conversation with a confirmation card', rows);
    report(rows, info, (theme) => `a11y-assistant-${theme}.md`);
  } finally {
    await done();
  }
}

test('axe: the Assistant with a conversation (light and dark)', async ({ page }, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await scanAssistant(page, info);
});

test('axe: no violations in any workspace (light and dark)', async ({ appPage: page }, info) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await scanAll(page, info);
});
