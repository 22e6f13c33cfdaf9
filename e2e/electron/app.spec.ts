/**
 * The real Electron app through Playwright's `_electron.launch`. Runs wherever
 * an Electron binary is installed; elsewhere every test is skipped with the reason.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { electronBinary } from '../../scripts/electron-binary.mjs';

const ROOT = join(import.meta.dirname, '../..');
const binary = electronBinary();

const NOT_RUN = 'NOT RUN: no Electron binary on this machine (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1, or its download failed). Run `node node_modules/electron/install.js` where the download host is reachable.';
if (!binary) console.log(`Electron e2e: ${NOT_RUN}`);
test.skip(!binary, NOT_RUN);

test('the window is locked down and the Servers workspace works through IPC', async () => {
  const app = await electron.launch({
    executablePath: binary,
    args: [join(ROOT, 'out/main/index.js')],
    env: { ...process.env, KALLA_DATA_DIR: mkdtempSync(join(tmpdir(), 'kalla-electron-')) },
  });
  const page = await app.firstWindow();
  // No Node in the page, and the bridge exposes exactly three functions.
  const surface = await page.evaluate(() => ({
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    bridge: Object.keys((globalThis as { kalla?: object }).kalla ?? {}).sort(),
  }));
  expect(surface).toEqual({ require: 'undefined', process: 'undefined', bridge: ['invoke', 'on', 'pathForFile'] });
  // Navigation away from the app is blocked.
  await page.evaluate(() => (location.href = 'https://example.com/'));
  await expect(page).toHaveURL(/^file:/);
  await expect(page.getByRole('heading', { name: 'Servers' })).toBeVisible();
  await page.keyboard.press('F1');
  await expect(page.getByRole('dialog', { name: 'About Kalla Desktop' })).toContainText('Desktop app');
  await app.close();
});
