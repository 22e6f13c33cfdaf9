/**
 * Remote servers in the Servers workspace: the real app in browser mode adds a
 * Streamable HTTP server (a real loopback MCP server with a bearer token) from
 * the form, sees it run over Streamable HTTP, and calls its tool.
 */
import type { Page, TestInfo } from '@playwright/test';
import { startRemoteServer } from '../tests/mcp/remote-server';
import { expect, test } from './app';

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

test('add a remote server with a header from the form and call its tool', async ({ appPage: page }, info) => {
  const remote = await startRemoteServer('streamable-http', { requireAuthorization: 'Bearer e2e-token-4242' });
  try {
    await page.getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an MCP server' });
    await dialog.getByLabel('Name', { exact: true }).fill('hosted');
    await dialog.getByLabel(/Remote \(a URL\)/).check();
    await dialog.getByLabel('Server URL').fill(remote.url);
    await dialog.getByLabel(/^Headers/).fill('Authorization: Bearer e2e-token-4242');
    await shot(page, info, '01-remote-form');
    await dialog.getByRole('button', { name: 'Add and start' }).click();
    await expect(dialog).toBeHidden();

    const detail = page.getByRole('region', { name: 'Server details' });
    await expect(detail.locator('.detail-header [data-status]')).toHaveAttribute('data-status', 'running');
    await expect(page.getByRole('option', { name: /hosted/ })).toContainText('1 tools');
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: /echo/ }).click();
    await page.getByLabel(/^text/).fill('over the network');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(page.getByRole('region', { name: 'Tool result' }).locator('pre.text')).toHaveText('over the network');
    // The token never reaches the page.
    expect(await page.content()).not.toContain('e2e-token-4242');
    await shot(page, info, '02-remote-running');
  } finally {
    await remote.close();
  }
});
