/**
 * A measurement, not a test (skipped unless KALLA_UI_BENCH_ROWS is set): issue 30's "100k drop →
 * results in the UI", in browser mode, as a user does it. The cash workload of
 * `bench:recon -- --workload cash` (tune variant, seed 42) is dropped on the window; the spec
 * prints how long each wait was: drop → proposed mapping, Confirm mapping → rules, Run → summary.
 *
 *   npm run build:app
 *   KALLA_UI_BENCH_ROWS=100000 npx playwright test e2e/ui-100k.spec.ts --project=browser --output /tmp/pw-ui
 */
import { loadavg } from 'node:os';
import { expect, test } from './app';
import { openReconcile } from './reconcile-helpers';
import { generateCash } from '../scripts/bench/cash-data';

const ROWS = Number(process.env.KALLA_UI_BENCH_ROWS ?? 0);
const WAIT = { timeout: Number(process.env.KALLA_UI_BENCH_WAIT_S ?? 1200) * 1000 };

test.skip(!ROWS, 'a measurement: set KALLA_UI_BENCH_ROWS (e.g. 100000)');

test(`drop ${ROWS} invoices and their bank lines → results`, async ({ appPage: page }, info) => {
  test.setTimeout(60 * 60_000);
  const data = generateCash(ROWS, 42, 'tune');
  const files = [
    { name: 'open invoices.csv', b64: Buffer.from([data.leftHeader, ...data.left].join('\n')).toString('base64') },
    { name: 'bank statement.csv', b64: Buffer.from([data.rightHeader, ...data.right].join('\n')).toString('base64') },
  ];
  await openReconcile(page);
  // The files are made in the page before the clock starts (base64: a 10 MB byte array as JSON is slow).
  const dataTransfer = await page.evaluateHandle((fs) => {
    const dt = new DataTransfer();
    for (const f of fs) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: 'text/csv' }));
    return dt;
  }, files);
  const target = page.locator('.reconcile');
  const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
  const marks: string[] = [`load average at the start ${load()}`];
  let t = Date.now();
  const lap = (what: string) => {
    const now = Date.now();
    marks.push(`${what}: ${((now - t) / 1000).toFixed(2)} s (load average ${load()})`);
    t = now;
  };
  const t0 = t;
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  const mapping = page.getByRole('table', { name: 'Proposed column pairs' });
  await expect(mapping.getByRole('row', { name: /invoice_no ↔ reference/ })).toBeVisible(WAIT);
  lap('drop → proposed mapping (upload, load, type, detect)');
  // Every proposed pair accepted, as a user confirming the proposal does (the date pair is under 80 %).
  const undecided = mapping.locator('button.accept:not(.on)');
  while ((await undecided.count()) > 0) await undecided.first().click();
  await expect(page.getByRole('button', { name: 'Confirm mapping' })).toBeEnabled(WAIT);
  await page.getByRole('button', { name: 'Confirm mapping' }).click();
  await expect(page.getByRole('list', { name: 'Match rules' })).toContainText('every reference written in the text', WAIT);
  await expect(page.getByRole('button', { name: '▶ Run reconciliation' })).toBeEnabled(WAIT);
  lap('Confirm mapping → rules (learning)');
  await page.getByRole('button', { name: '▶ Run reconciliation' }).click();
  await expect(page.getByLabel('Run summary').getByLabel('Match rate')).toHaveText(/\d+\.\d%/, WAIT);
  lap('Run → results');
  marks.push(`drop → results, with the two clicks: ${((Date.now() - t0) / 1000).toFixed(2)} s`);
  const report = `UI ${ROWS} rows (${data.left.length} invoices × ${data.right.length} bank lines), browser mode\n${marks.map((m) => `  ${m}`).join('\n')}`;
  process.stdout.write(`${report}\n`);
  await info.attach('timings', { body: report, contentType: 'text/plain' });
});
