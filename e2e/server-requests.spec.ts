/**
 * A server's own requests to the user, in the app (browser mode) against the reference
 * server-everything: an elicitation form answered in a dialog, and a sampling request approved,
 * sent to the Assistant's model (a loopback fake of Anthropic's API) and reviewed before it goes back.
 */
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { anthropicStream } from '../tests/fixtures/fake-providers/anthropic';
import { expect, test } from './app';
import { appWithFakeAnthropic } from './fake-anthropic-app';

/** Serious or critical axe findings on the page as it is (the dialogs are not in a11y.spec's states). */
async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

async function addEverything(page: Page) {
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Servers/ }).click();
  await page.getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an MCP server' });
  await dialog.getByLabel('Name', { exact: true }).fill('everything');
  await dialog.getByLabel('Command').fill(process.execPath);
  await dialog.getByLabel('Arguments (one per line)').fill(`${everything}\nstdio`);
  await dialog.getByRole('button', { name: 'Add and start' }).click();
  await expect(page.getByRole('region', { name: 'Server details' }).locator('.detail-header [data-status]')).toHaveAttribute('data-status', 'running', { timeout: 60_000 });
}

test('an elicitation form and a sampling request are answered in the app', async ({ page }, info) => {
  test.setTimeout(180_000);
  const { app, fake, done } = await appWithFakeAnthropic();
  try {
    await page.goto(app.url);
    await addEverything(page);
    const tools = page.getByRole('listbox', { name: 'Tools' });
    const result = page.getByRole('region', { name: 'Tool result' });

    // Elicitation: the server's schema as a form, its defaults filled in.
    await tools.getByRole('option', { name: /Trigger Elicitation Request Tool/ }).click();
    await page.getByRole('button', { name: 'Call tool' }).click();
    const ask = page.getByRole('dialog', { name: 'everything asks for information' });
    await expect(ask).toBeVisible();
    await expect(ask.getByLabel(/^firstLine/)).toHaveValue('It was a dark and stormy night.');
    await page.screenshot({ path: info.outputPath('elicitation.png') });
    expect(await axeProblems(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Send' }).click();
    await expect(ask.getByText('Required.')).toBeVisible(); // name is required: the form says so and stays
    await ask.getByLabel(/^name/).fill('Ada Lovelace');
    await ask.getByRole('button', { name: 'Send' }).click();
    await expect(ask).toBeHidden();
    await expect(result).toContainText('Ada Lovelace');

    // Sampling: approve, review the model's answer, send it back.
    fake.enqueue(anthropicStream({ content: [{ type: 'text', text: 'Three invoices are still open.' }], stop_reason: 'end_turn' }));
    await tools.getByRole('option', { name: /Trigger Sampling Request/ }).click();
    await page.getByLabel(/^prompt/).fill('Which invoices are open?');
    await page.getByRole('button', { name: 'Call tool' }).click();
    const sampling = page.getByRole('dialog', { name: 'everything asks to use your model' });
    await expect(sampling.getByRole('list', { name: 'Messages the server wants sent' })).toContainText('Which invoices are open?');
    expect(fake.requests).toHaveLength(0);
    await page.screenshot({ path: info.outputPath('sampling-request.png') });
    expect(await axeProblems(page)).toEqual([]);
    await sampling.getByRole('button', { name: /^Send to / }).click();
    const review = page.getByRole('dialog', { name: "Send the model's answer to everything?" });
    await expect(review.getByLabel('Answer to send')).toHaveValue('Three invoices are still open.');
    await review.getByLabel('Answer to send').fill('Three invoices are still open (reviewed).');
    await page.screenshot({ path: info.outputPath('sampling-review.png') });
    expect(await axeProblems(page)).toEqual([]);
    await review.getByRole('button', { name: 'Send back' }).click();
    await expect(result).toContainText('Three invoices are still open (reviewed).');
    expect(fake.requests).toHaveLength(1);
  } finally {
    await done();
  }
});
