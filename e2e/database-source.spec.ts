/**
 * Issue 30 in browser mode: a PostgreSQL table and a SELECT query as the two sources, against a
 * real PostgreSQL started on loopback for this spec. A wrong password and an unknown table are
 * said as sentences; the password never reaches the page; the preview shows the first rows; the
 * loaded sources have their rows and types.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './app';
import { card, openReconcile, shot } from './reconcile-helpers';
import { hasPostgres, seedFinance, startPostgres, type PgServer } from '../tests/reconcile/engine/pg-server';

const PASSWORD = 'e2e-Pa55word';
let server: PgServer;

test.skip(!hasPostgres, 'needs Debian postgresql (/usr/lib/postgresql/15)');
test.beforeAll(async () => {
  server = startPostgres();
  await seedFinance(server, PASSWORD);
});
test.afterAll(() => server?.stop());

test('a table and a query from PostgreSQL become the two sources', async ({ appPage: page, app }, info) => {
  const jdbc = `jdbc:postgresql://127.0.0.1:${server.port}/postgres`;
  await openReconcile(page);
  await page.getByRole('button', { name: 'Start a reconciliation' }).click();
  const left = card(page, 'left');
  await left.getByRole('button', { name: 'From database…' }).click();
  const form = left.getByRole('region', { name: 'Database source for the left side' });
  await form.getByRole('textbox', { name: 'Connection string' }).fill(jdbc);
  await form.getByRole('textbox', { name: 'Database user' }).fill('kalla');
  await form.getByLabel('Database password').fill('not-the-password');
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(form.getByRole('alert')).toHaveText(`PostgreSQL at 127.0.0.1:${server.port}/postgres refused the password for user “kalla”. Type the password again and connect.`);
  await form.getByLabel('Database password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(form).toContainText(`PostgreSQL 127.0.0.1:${server.port}/postgres as kalla · saved in Reconcile · password stored`);
  const table = form.getByRole('combobox', { name: 'Table' });
  await table.selectOption('fin.ledger');
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByRole('table', { name: 'First rows of fin.ledger' });
  await expect(preview.getByRole('columnheader')).toHaveText(['reference', 'posting_date', 'amount', 'paid', 'note']);
  await expect(preview.getByRole('row').nth(1)).toHaveText('INV-12026-10-02103.25false');
  await expect(preview.getByRole('row')).toHaveCount(21);
  await shot(page, info, '01-database-preview');
  await form.getByRole('button', { name: 'Load into the left side' }).click();
  await expect(left.getByLabel('left rows')).toHaveText('40');
  await expect(left.getByRole('combobox', { name: 'Type of amount' })).toHaveValue('number');
  await expect(left.getByRole('combobox', { name: 'Type of posting_date' })).toHaveValue('date');

  // The right side: the saved connection is there already; a query that names a missing table, then one that works.
  const right = card(page, 'right');
  await right.getByRole('button', { name: 'From database…' }).click();
  const form2 = right.getByRole('region', { name: 'Database source for the right side' });
  await expect(form2).toContainText('saved in Reconcile · password stored');
  await form2.getByRole('radio', { name: 'A SELECT query' }).check();
  const sql = form2.getByRole('textbox', { name: 'SELECT query' });
  await sql.fill('SELECT ref, booked, value FROM fin.bank_lines');
  await form2.getByRole('button', { name: 'Preview' }).click();
  await expect(form2.getByRole('alert')).toContainText('The query names a table PostgreSQL at');
  await expect(form2.getByRole('alert')).toContainText('Check the table’s schema and name, then preview again.');
  await sql.fill('SELECT ref, booked, value FROM fin.bank ORDER BY value DESC');
  await form2.getByRole('button', { name: 'Preview' }).click();
  await expect(form2.getByRole('table', { name: 'First rows of the query' }).getByRole('row').nth(1)).toHaveText('INV-362026-10-18217.00');
  await form2.getByRole('button', { name: 'Load into the right side' }).click();
  await expect(right.getByLabel('right rows')).toHaveText('36');
  await shot(page, info, '02-database-sources');

  // The password is in the secret store only: not in the page, not in any other file of the data folder.
  expect(await page.content()).not.toContain(PASSWORD);
  const state = readFileSync(join(app.dataDir, 'reconcile', 'database.json'), 'utf8');
  expect(state).not.toContain(PASSWORD);
  expect(readFileSync(join(app.dataDir, 'secrets.json'), 'utf8')).toContain('reconcile.db.password');
});
