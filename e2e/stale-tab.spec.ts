/**
 * Two tabs on one workspace (issue 13, item 8). Before, a tab that had not refreshed replaced all
 * of the other tab's mapping decisions with one click (last writer wins on the whole array). Now
 * each change carries the revision the tab saw: the stale tab's click is refused, the tab is
 * reloaded and told, and the first tab's decisions stay.
 */
import { expect, test } from './app';
import { dropFiles, openReconcile } from './reconcile-helpers';
import { reconFiles } from '../tests/reconcile/workspace/data';

const files = reconFiles();

test('a stale tab cannot overwrite decisions made in another tab; it is reloaded and told', async ({ appPage: first, app, context }) => {
  await openReconcile(first);
  await dropFiles(first, first.locator('.reconcile'), [
    { name: 'bank statement.csv', content: files.bank },
    { name: 'invoices.csv', content: files.invoices },
  ]);
  const table = (p: typeof first) => p.getByRole('table', { name: 'Proposed column pairs' });
  await expect(table(first).getByRole('row', { name: 'Reference ↔ Invoice No' })).toBeVisible();
  const pairs = await table(first).getByRole('button', { name: /^Accept / }).count();

  // The second tab opens now, then misses the live updates (a sleeping laptop, a dropped
  // connection): its messages still reach the app, the app's state events no longer reach it.
  const second = await context.newPage();
  let deaf = false;
  await second.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (deaf && typeof m === 'string' && m.includes('"event":"reconcile.changed"')) return;
      ws.send(m);
    });
  });
  await second.goto(app.url);
  await openReconcile(second);
  await expect(second.getByText(`0 accepted · ${pairs} to decide`)).toBeVisible();
  deaf = true;

  for (let i = 0; i < pairs; i++) await table(first).getByRole('button', { name: /^Accept / }).nth(i).click();
  await expect(first.getByText(`${pairs} accepted · 0 to decide`)).toBeVisible();

  // The stale tab rejects one pair from the view it still shows.
  await expect(second.getByText(`0 accepted · ${pairs} to decide`)).toBeVisible();
  await table(second).getByRole('button', { name: /^Reject / }).first().click();
  await expect(second.getByRole('alert').filter({ hasText: 'changed in another window or tab' })).toBeVisible();
  // Reloaded: it now shows the first tab's decisions, and nothing was overwritten.
  await expect(second.getByText(`${pairs} accepted · 0 to decide`)).toBeVisible();
  await first.reload();
  await openReconcile(first);
  await expect(first.getByText(`${pairs} accepted · 0 to decide`)).toBeVisible();
});
