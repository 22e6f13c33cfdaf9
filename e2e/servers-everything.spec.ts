/**
 * The protocol's own reference server (@modelcontextprotocol/server-everything, a real process)
 * in the Servers workspace: content a tool returns is shown as what it is — resource links that
 * read their resource here, embedded resources as text or a download — not as raw JSON.
 */
import { createRequire } from 'node:module';
import { expect, test } from './app';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

test('server-everything: resource links are read in the app, embedded blobs are offered as downloads', async ({ appPage: page }) => {
  test.setTimeout(120_000);
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Servers/ }).click();
  await page.getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an MCP server' });
  await dialog.getByLabel('Name', { exact: true }).fill('everything');
  await dialog.getByLabel('Command').fill(process.execPath);
  await dialog.getByLabel('Arguments (one per line)').fill(`${everything}\nstdio`);
  await dialog.getByRole('button', { name: 'Add and start' }).click();
  const detail = page.getByRole('region', { name: 'Server details' });
  await expect(detail.locator('.detail-header [data-status]')).toHaveAttribute('data-status', 'running', { timeout: 60_000 });

  const tools = page.getByRole('listbox', { name: 'Tools' });
  await tools.getByRole('option', { name: /Get Resource Links/ }).click();
  await page.getByRole('button', { name: 'Call tool' }).click();
  const result = page.getByRole('region', { name: 'Tool result' });
  const links = result.getByRole('group', { name: /^Resource link/ });
  await expect(links.first()).toBeVisible();
  await expect(result.locator('pre.json')).toHaveCount(0); // nothing left as raw JSON
  await links.first().getByRole('button', { name: 'Read it' }).click();
  await expect(links.first().getByRole('group', { name: /^Resource demo:\/\// })).toBeVisible();

  await tools.getByRole('option', { name: /Get Resource Reference/ }).click();
  await page.getByLabel(/^resourceType/).selectOption({ label: 'Blob' });
  await page.getByRole('button', { name: 'Call tool' }).click();
  const download = result.getByRole('link', { name: /^Download / });
  await expect(download).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename().length).toBeGreaterThan(0);

  // Resource templates: a form from the URI template; the URI it makes is read.
  await detail.getByRole('tab', { name: /Resources/ }).click();
  const template = page.getByRole('form', { name: /Template .*Dynamic Text/i });
  await template.getByRole('combobox').first().fill('7');
  await expect(template.getByLabel(/^URI of/)).toHaveText(/\/7$/);
  await template.getByRole('button', { name: 'Read' }).click();
  await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText(/7/);

  // Argument completion: the server's suggestions, narrowed by the arguments already filled in.
  await detail.getByRole('tab', { name: /Prompts/ }).click();
  await page.getByRole('listbox', { name: 'Prompts' }).getByRole('option', { name: /completable-prompt|Team Management/ }).click();
  await page.getByLabel(/^department/).fill('Eng');
  await expect(page.getByTestId('suggestions-department').locator('option')).toHaveCount(1);
  await expect(page.getByTestId('suggestions-department').locator('option')).toHaveAttribute('value', 'Engineering');
  await page.getByLabel(/^department/).fill('Sales');
  await page.getByLabel(/^name/).fill('');
  await expect
    .poll(() => page.getByTestId('suggestions-name').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)))
    .toEqual(['David', 'Eve', 'Frank']);

  // Subscriptions: watch a resource; the server reports changes and the contents are read again.
  await detail.getByRole('tab', { name: /Resources/ }).click();
  await page.getByRole('list', { name: 'Resources' }).getByRole('button', { name: /^Read / }).first().click();
  const contents = page.getByRole('region', { name: 'Resource contents' });
  await contents.getByLabel('Watch for changes').check();
  await expect(contents.getByTestId('resource-updates')).toContainText('waiting for the server');
  await detail.getByRole('tab', { name: /Tools/ }).click();
  await tools.getByRole('option', { name: /Toggle Subscriber Updates/i }).click();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result).toBeVisible();
  await detail.getByRole('tab', { name: /Resources/ }).click();
  // Back on the tab the watch was dropped with the view: watch again; updates arrive every 5 s.
  await page.getByRole('list', { name: 'Resources' }).getByRole('button', { name: /^Read / }).first().click();
  await contents.getByLabel('Watch for changes').check();
  await expect(contents.getByTestId('resource-updates')).toContainText(/updated \d+×/, { timeout: 15_000 });

  // History: every message with its raw JSON.
  await detail.getByRole('tab', { name: /History/ }).click();
  const history = page.getByRole('region', { name: 'Message history' });
  await history.getByLabel('Filter').fill('resources/subscribe');
  const subscribe = history.getByRole('listitem').filter({ hasText: 'resources/subscribe' }).filter({ hasText: 'request' }).first();
  await subscribe.locator('summary').click();
  await expect(subscribe.locator('pre')).toContainText('"method": "resources/subscribe"');
  await history.getByLabel('Filter').fill('');
  await expect(history.getByRole('listitem').filter({ hasText: 'initialize' }).first()).toBeVisible();
});
