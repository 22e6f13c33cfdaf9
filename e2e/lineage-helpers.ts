/** What the Lineage e2e specs share: catalogs written to a temporary folder, and opening one in Files mode. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

type View = { name: string; sql: string };

/** Writes `views` as `<dir>/views.json` (the viewmapper's JSON catalog) and returns its path. */
export function writeViewsJson(dir: string, schema: string, views: View[]): string {
  const path = join(dir, 'views.json');
  writeFileSync(path, JSON.stringify({ schema, views }));
  return path;
}

/** 100 chains of 100 views over 100 tables (10,100 nodes): v_i reads raw.t_(i mod 100) and v_(i-100). */
export function chainCatalog(): View[] {
  const name = (i: number) => `v_${String(i).padStart(5, '0')}`;
  return Array.from({ length: 10_000 }, (_, i) => ({
    name: name(i),
    sql: i < 100 ? `SELECT * FROM raw.t_${i}` : `SELECT * FROM ${name(i - 100)} JOIN raw.t_${i % 100} USING (id)`,
  }));
}

/** Goes to Lineage and opens a file or folder as the user would (Files, the path, Open). */
export async function openLineageFiles(page: Page, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Lineage/ }).click();
  await page.getByRole('radio', { name: 'Files' }).check();
  await page.getByLabel('File or folder').fill(path);
  await page.getByRole('button', { name: 'Open' }).click();
}
