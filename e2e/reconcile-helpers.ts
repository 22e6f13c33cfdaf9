/** Helpers for the Reconcile e2e specs: drop generated files, take named screenshots. */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from './app';

/** Saves a screenshot as a test artifact; `section` (a heading id such as 'step-mapping') is scrolled to the top first. */
export async function shot(page: Page, info: TestInfo, name: string, section?: string) {
  if (section) {
    await page.evaluate((id) => {
      const el = document.getElementById(id)?.closest('section');
      const sc = document.querySelector('.reconcile-scroll');
      if (el && sc) sc.scrollTop = el.getBoundingClientRect().top - sc.getBoundingClientRect().top + sc.scrollTop - 56;
    }, section);
  }
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

/** Drops files on `target` the way a user's drag from the file manager does (bytes, no paths: browser mode). */
export async function dropFiles(page: Page, target: Locator, files: { name: string; content: string | Buffer }[]) {
  const payload = files.map((f) => ({ name: f.name, bytes: [...(typeof f.content === 'string' ? Buffer.from(f.content) : f.content)] }));
  const dataTransfer = await page.evaluateHandle((fs) => {
    const dt = new DataTransfer();
    for (const f of fs) dt.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: 'text/csv' }));
    return dt;
  }, payload);
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

export async function openReconcile(page: Page) {
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Reconcile/ }).click();
  await expect(page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Reconcile/ })).toHaveAttribute('aria-current', 'page');
}

export const card = (page: Page, side: 'left' | 'right') => page.getByRole('article', { name: side === 'left' ? 'Left source' : 'Right source' });
