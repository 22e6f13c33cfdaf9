/**
 * The Servers workspace, end to end: the real app in browser mode, real stdio
 * MCP servers, real Chromium. A newcomer adds a server in Claude Desktop's
 * terms, watches it run, calls a tool from the generated form, reads its logs,
 * and sees a crash survived.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, fixtureServer, test } from './app';

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

async function addServer(page: Page, name: string, server: { command: string; args: string[] }, env = '') {
  await page.getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an MCP server' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Command').fill(server.command);
  await dialog.getByLabel('Arguments (one per line)').fill(server.args.join('\n'));
  if (env) await dialog.getByLabel(/^Environment/).fill(env);
  await dialog.getByRole('button', { name: 'Add and start' }).click();
  await expect(dialog).toBeHidden();
}

const detail = (page: Page) => page.getByRole('region', { name: 'Server details' });
const statusOf = (page: Page) => detail(page).locator('.detail-header [data-status]');

async function pidOf(page: Page): Promise<number> {
  const text = await detail(page).locator('.detail-header').innerText();
  const m = /pid (\d+)/.exec(text);
  if (!m) throw new Error(`no pid shown in: ${text}`);
  return Number(m[1]);
}

test('add a server, call a tool from its form, read its logs, survive a kill', async ({ appPage: page, app }, info) => {
  await expect(page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Servers/ })).toHaveAttribute('aria-current', 'page');
  await shot(page, info, '01-start');

  await addServer(page, 'demo', fixtureServer('well-behaved'));
  await expect(statusOf(page)).toHaveAttribute('data-status', 'running');
  await expect(page.getByRole('option', { name: /demo/ })).toContainText('8 tools · 1 resources · 1 prompts');
  await shot(page, info, '02-running');

  // The server was saved in Claude Desktop's format.
  const saved = JSON.parse(readFileSync(join(app.dataDir, 'mcp-servers.json'), 'utf8'));
  expect(saved.mcpServers.demo.command).toBe(process.execPath);

  // Call a tool from the form generated from its input schema.
  await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: /Echo/ }).click();
  await page.getByLabel(/^text/).fill('hello from the form');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const result = page.getByRole('region', { name: 'Tool result' });
  await expect(result).toContainText('OK');
  await expect(result.locator('pre.text')).toHaveText('hello from the form');
  await expect(result).toContainText('"text": "hello from the form"');
  await expect(result.getByTestId('elapsed')).toHaveText(/\d+ ms/);
  await shot(page, info, '03-tool-called');

  // A form error is caught before calling: the add tool needs numbers.
  await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: /^add/ }).click();
  await page.getByLabel(/^a\b/).fill('2');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByText('Required.')).toBeVisible();
  await page.getByLabel(/^b\b/).fill('40');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result.locator('pre.text')).toHaveText('42');

  // Logs: the server's stderr, live.
  await detail(page).getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByRole('log', { name: 'Logs of demo' })).toContainText('well-behaved server ready');
  await shot(page, info, '04-logs');

  // Kill the process behind the app's back: it is restarted with a new pid.
  const pid = await pidOf(page);
  process.kill(pid, 'SIGKILL');
  await expect(detail(page)).toContainText('restarted 1×');
  await expect(statusOf(page)).toHaveAttribute('data-status', 'running');
  await expect.poll(() => pidOf(page)).not.toBe(pid);
  await expect(page.getByRole('log', { name: 'Logs of demo' })).toContainText(/exited|killed|signal/i);
  await shot(page, info, '05-restarted');
});

test('a crash in the middle of a call fails the call clearly and the server comes back', async ({ appPage: page }, info) => {
  await addServer(page, 'crashy', fixtureServer('crashy'), 'CRASHY_API_KEY=sk-ant-verysecretvalue123');
  await expect(statusOf(page)).toHaveAttribute('data-status', 'running');

  await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: /crash/ }).click();
  await page.getByRole('button', { name: 'Call tool' }).click();
  // The call's own failure (the server's status banner may also say it exited while it restarts).
  await expect(page.getByRole('alert').filter({ hasText: /exited \(code 1\) during the call/ })).toBeVisible();
  await expect(detail(page)).toContainText('restarted 1×');
  await expect(statusOf(page)).toHaveAttribute('data-status', 'running');
  await shot(page, info, '01-crash-survived');

  // The secret never reaches the page: details show the env name only.
  await detail(page).getByRole('tab', { name: 'Details' }).click();
  await expect(detail(page)).toContainText('CRASHY_API_KEY');
  expect(await page.content()).not.toContain('verysecretvalue');
  await detail(page).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel(/^Environment/)).toHaveValue('CRASHY_API_KEY=<hidden: unchanged>');
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test('a broken server file names the line, and the other servers keep running', async ({ appPage: page }, info) => {
  await addServer(page, 'good', fixtureServer('well-behaved'));
  await expect(statusOf(page)).toHaveAttribute('data-status', 'running');

  await page.getByRole('button', { name: 'Edit JSON' }).click();
  const editor = page.getByLabel('Server file JSON');
  await expect(editor).toHaveValue(/"good"/);
  const text = await editor.inputValue();
  await editor.fill(text.replace('"mcpServers": {', '"mcpServers": {\n    "broken": { "command": 42 },'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Problems in your server file' })).toContainText('mcpServers.broken.command');
  await page.getByRole('option', { name: /good/ }).click();
  await expect(statusOf(page)).toHaveAttribute('data-status', 'running');

  // Invalid JSON is refused with a line and column; the file is left as it was.
  await page.getByRole('button', { name: 'Edit JSON' }).click();
  await expect(editor).toHaveValue(/"broken"/);
  await editor.fill('{\n  "mcpServers": {\n    "x": { "command": "a" }\n  \n');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText(/line \d+, column \d+/);
  await shot(page, info, '01-json-problem');
});

test('navigation works from the keyboard and the About box shows versions', async ({ appPage: page }) => {
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Reconcile/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Reconcile' })).toBeVisible();
  await page.keyboard.press('Control+3');
  await expect(page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Servers/ })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('F1');
  const about = page.getByRole('dialog', { name: 'About Kalla Desktop' });
  await expect(about).toContainText('Browser mode');
  await expect(about).toContainText(/node\s*20\./);
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
});

test("the built-in viewmapper's prompts: view names complete from the catalog, and the message names its tools", async ({ appPage: page }, info) => {
  await page.getByRole('option', { name: /viewmapper/ }).click();
  await expect(statusOf(page)).toHaveAttribute('data-status', 'running');
  await detail(page).getByRole('tab', { name: /Prompts/ }).click();
  await page.getByRole('listbox', { name: 'Prompts' }).getByRole('option', { name: 'Explain a view' }).click();
  await page.getByLabel(/^view/).fill('cust');
  await expect
    .poll(() => page.getByTestId('suggestions-view').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)))
    .toEqual(['customer_lifetime_value', 'customer_orders', 'dim_customers', 'top_customers']);
  await page.getByLabel(/^view/).fill('customer_orders');
  await page.getByRole('button', { name: 'Get prompt' }).click();
  await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText('Explain the view customer_orders: use viewmapper\'s extract_subgraph');
  await shot(page, info, '05-viewmapper-prompt');
});
