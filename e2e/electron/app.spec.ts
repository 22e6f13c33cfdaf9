/**
 * The real Electron app through Playwright's `_electron.launch`. Runs wherever
 * an Electron binary is installed; elsewhere every test is skipped with the reason.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { electronBinary } from './electron-binary';

const ROOT = join(import.meta.dirname, '../..');
const binary = electronBinary();

test.skip(!binary, 'NOT RUN: no Electron binary on this machine (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1, or its download failed). Run `node node_modules/electron/install.js` where the download host is reachable.');

test('the window is locked down and the Servers workspace works through IPC', async () => {
  const app = await electron.launch({
    executablePath: binary,
    args: [join(ROOT, 'out/main/index.js')],
    env: { ...process.env, KALLA_DATA_DIR: mkdtempSync(join(tmpdir(), 'kalla-electron-')) },
  });
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    const w = BrowserWindow.getAllWindows()[0];
    const p = w.webContents.getLastWebPreferences();
    return { contextIsolation: p?.contextIsolation, sandbox: p?.sandbox, nodeIntegration: p?.nodeIntegration };
  });
  expect(prefs).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false });
  const page = await app.firstWindow();
  expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  await expect(page.getByRole('heading', { name: 'Servers' })).toBeVisible();
  await page.keyboard.press('F1');
  await expect(page.getByRole('dialog', { name: 'About Kalla Desktop' })).toContainText('Desktop app');
  await app.close();
});
