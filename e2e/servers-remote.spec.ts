/**
 * Remote servers in the Servers workspace: the real app in browser mode adds a
 * Streamable HTTP server (a real loopback MCP server with a bearer token) from
 * the form, sees it run over Streamable HTTP, and calls its tool.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';
import { startAuthServer } from '../tests/mcp/oauth-server';
import { startRemoteServer } from '../tests/mcp/remote-server';
import { expect, startApp, test } from './app';

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

test('a remote server that uses OAuth: add it, see that it needs sign-in, sign in, call its tool', async ({ page }, info) => {
  test.setTimeout(120_000);
  const auth = await startAuthServer();
  const remote = await startRemoteServer('streamable-http', { oauth: { issuer: auth.issuer, accepts: (t) => auth.valid.has(t) } });
  const dataDir = mkdtempSync(join(tmpdir(), 'kalla-e2e-oauth-'));
  const saved = process.env.BROWSER;
  process.env.BROWSER = `${process.execPath} ${fileURLToPath(new URL('./fake-browser.mjs', import.meta.url))}`;
  const app = await startApp(dataDir).finally(() => {
    if (saved === undefined) delete process.env.BROWSER;
    else process.env.BROWSER = saved;
  });
  try {
    await page.goto(app.url);
    await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Servers/ }).click();
    await page.getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an MCP server' });
    await dialog.getByLabel('Name', { exact: true }).fill('crm');
    await dialog.getByLabel(/Remote \(a URL\)/).check();
    await dialog.getByLabel('Server URL').fill(remote.url);
    await dialog.getByRole('button', { name: 'Add and start' }).click();
    const detail = page.getByRole('region', { name: 'Server details' });
    await expect(detail.getByRole('alert')).toContainText('crm needs you to sign in');
    await shot(page, info, '03-needs-sign-in');
    await detail.getByRole('button', { name: 'Sign in' }).click();
    await expect(detail.locator('.detail-header [data-status]')).toHaveAttribute('data-status', 'running');
    await expect(detail).toContainText('signed in (OAuth)');
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: /echo/ }).click();
    await page.getByLabel(/^text/).fill('behind OAuth');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(page.getByRole('region', { name: 'Tool result' }).locator('pre.text')).toHaveText('behind OAuth');
    expect(auth.pkceChecks).toEqual(['ok']);
    const token = [...auth.valid][0];
    expect(await page.content()).not.toContain(token);
    await shot(page, info, '04-signed-in');
  } finally {
    await app.stop();
    await remote.close();
    await auth.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
