/**
 * The Assistant end to end: the real app in browser mode (`kalla web`), the
 * real MCP servers and Reconcile workspace, real Chromium; the only stand-in
 * is a loopback fake of Anthropic's streaming Messages API, scripted here.
 */
import type { Locator, Page } from '@playwright/test';
import { anthropicStream } from '../tests/fixtures/fake-providers/anthropic';
import { reconFiles } from '../tests/reconcile/workspace/data';
import { expect, test } from './app';
import { appWithFakeAnthropic } from './fake-anthropic-app';
import { card, dropFiles, openReconcile, shot } from './reconcile-helpers';

const tool = (id: string, name: string, input: Record<string, unknown> = {}) => ({ type: 'tool_use' as const, id, name: `kalla-app__${name}`, input });

async function confirmCard(scope: Page | Locator, toolName: string) {
  const cardEl = scope.getByRole('group', { name: `Confirm ${toolName}` });
  await expect(cardEl).toBeVisible();
  return cardEl;
}

test('without a provider the Assistant says how to set one up, and the app keeps working', async ({ appPage: page }, info) => {
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Assistant/ }).click();
  const chat = page.getByRole('region', { name: 'Assistant' });
  await expect(chat.getByRole('note')).toContainText('No AI provider is set up');
  await expect(chat.getByLabel('Message the Assistant')).toBeDisabled();
  await shot(page, info, 'no-provider');
  // Permissions per server and per tool, kept in the settings.
  await page.getByText('Tool permissions').click();
  const app = page.getByRole('region', { name: 'Permissions for kalla-app' });
  const row = app.getByRole('listitem').filter({ hasText: 'list_servers' });
  await expect(row).toContainText('runs');
  await app.getByLabel('Permission for kalla-app list_servers').selectOption('never');
  await expect(row).toContainText('blocked');
  await app.getByLabel('Permission for server kalla-app').selectOption('always');
  await expect(app.getByRole('listitem').filter({ hasText: 'reconcile_run' })).toContainText('asks · finalizing');
  await shot(page, info, 'permissions');
  await chat.getByRole('button', { name: 'Open Settings' }).click();
  await expect(page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Settings/ })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Servers/ }).click();
  await expect(page.getByRole('option', { name: /kalla-recon/ })).toBeVisible();
});

test('ask for a lineage diagram in words: approve the connection, see the diagram in the chat and in the Lineage workspace', async ({ page }, info) => {
  test.setTimeout(180_000);
  const { app, fake, done } = await appWithFakeAnthropic();
  try {
    fake.enqueue(
      anthropicStream({ content: [tool('t1', 'lineage_connect', { dataset: 'kalla_ecommerce' })], stop_reason: 'tool_use' }),
      anthropicStream({ content: [tool('t2', 'lineage_diagram', { focus: 'top_customers', upstream_depth: 2, downstream_depth: 0 })], stop_reason: 'tool_use' }),
      anthropicStream({ content: [{ type: 'text', text: 'top_customers is built on customer_lifetime_value, which reads customer_orders.' }], stop_reason: 'end_turn' }),
    );
    await page.goto(app.url);
    await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Assistant/ }).click();
    const chat = page.getByRole('region', { name: 'Assistant' });
    await chat.getByLabel('Message the Assistant').fill('Open the Kalla e-commerce sample and draw what top_customers depends on');
    await chat.getByLabel('Message the Assistant').press('Enter');
    const connectCard = await confirmCard(chat, 'lineage_connect');
    await expect(connectCard).toContainText('"dataset": "kalla_ecommerce"');
    await connectCard.getByRole('button', { name: 'Approve' }).click();
    await expect(chat.getByRole('img', { name: 'Diagram drawn by the Assistant' }).locator('svg')).toBeVisible();
    await expect(chat.getByRole('listitem', { name: 'Assistant message' }).last()).toContainText('which reads customer_orders');
    await shot(page, info, 'lineage-diagram-in-chat');

    // A column question: the column's lineage down to base tables, drawn in the chat (read-only: no confirmation).
    fake.enqueue(
      anthropicStream({ content: [tool('t3', 'lineage_trace_column', { name: 'top_customers.lifetime_value' })], stop_reason: 'tool_use' }),
      anthropicStream({ content: [{ type: 'text', text: 'lifetime_value sums order totals, which come from quantity × unit_price.' }], stop_reason: 'end_turn' }),
    );
    await chat.getByLabel('Message the Assistant').fill('Where does top_customers.lifetime_value come from?');
    await chat.getByLabel('Message the Assistant').press('Enter');
    await expect(chat.getByRole('listitem', { name: 'Assistant message' }).last()).toContainText('quantity × unit_price');
    await expect(chat.getByRole('img', { name: 'Diagram drawn by the Assistant' }).last()).toContainText('unit_price');
    const toolResult = JSON.stringify(fake.requests[4].body);
    expect(toolResult).toContain('raw.order_items.unit_price → fact_orders.order_total (aggregate)');
    // The Lineage workspace shows the same connection.
    await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Lineage/ }).click();
    await expect(page.getByText('kalla_ecommerce').first()).toBeVisible();
    await shot(page, info, 'lineage-workspace');
    expect(fake.requests).toHaveLength(5);
  } finally {
    await done();
  }
});

test('ask the Assistant to reconcile two loaded files, approve the run, read its summary and see the results', async ({ page }, info) => {
  test.setTimeout(180_000);
  // The recon server's own engine stays offline, so the fake only plays the Assistant's model.
  const { app, fake, done } = await appWithFakeAnthropic();
  try {
    await page.goto(app.url);
    const files = reconFiles();
    await openReconcile(page);
    await dropFiles(page, page.locator('.reconcile'), [
      { name: 'march_bank.csv', content: files.bank },
      { name: 'march_invoices.csv', content: files.invoices },
    ]);
    await expect(card(page, 'left').getByLabel('left rows')).toHaveText('26');
    await expect(card(page, 'right').getByLabel('right rows')).toHaveText('24');
    await expect(page.getByRole('table', { name: 'Proposed column pairs' })).toBeVisible();

    fake.enqueue(
      anthropicStream({ content: [{ type: 'text', text: 'Let me check what is loaded.' }, tool('t1', 'reconcile_status')], stop_reason: 'tool_use' }),
      anthropicStream({ content: [{ type: 'text', text: 'Both files are loaded. I will confirm the proposed mapping.' }, tool('t2', 'reconcile_confirm_mappings')], stop_reason: 'tool_use' }),
      anthropicStream({ content: [tool('t3', 'reconcile_run')], stop_reason: 'tool_use' }),
      anthropicStream({ content: [tool('t4', 'reconcile_results', { category: 'unmatched_left' }), tool('t5', 'reconcile_results', { category: 'unmatched_right' })], stop_reason: 'tool_use' }),
      anthropicStream({
        content: [{ type: 'text', text: 'Reconciled march_bank.csv against march_invoices.csv. Not matched: the Stripe payout (2,450.00) and the October bank fee in the bank file; invoice INV-1024 has no payment.' }],
        stop_reason: 'end_turn',
      }),
    );

    await page.getByRole('button', { name: 'Ask the Assistant' }).click();
    const panel = page.getByRole('complementary', { name: 'Assistant panel' });
    await expect(panel.getByRole('heading', { name: 'Assistant · Reconcile' })).toBeVisible();
    await panel.getByLabel('Message the Assistant').fill("Reconcile march_bank.csv against march_invoices.csv and tell me what didn't match");
    await panel.getByRole('button', { name: 'Send' }).click();

    // Changing the mapping asks first, with the tool, server and arguments.
    const mappingCard = await confirmCard(panel, 'reconcile_confirm_mappings');
    await expect(mappingCard).toContainText('kalla-app');
    await expect(panel.getByTestId('assistant-steps')).toContainText('of 12');
    await expect(panel.getByRole('listitem', { name: 'Tool reconcile_status' })).toContainText('Ran without asking');
    await shot(page, info, '01-confirm-mapping');
    await mappingCard.getByRole('button', { name: 'Approve' }).click();

    // The run finalizes a result: it always asks.
    const runCard = await confirmCard(panel, 'reconcile_run');
    await expect(runCard).toContainText('finalizing');
    await expect(runCard).toContainText('finalizes a result, so it always asks first');
    await shot(page, info, '02-confirm-run');
    await runCard.getByRole('button', { name: 'Approve' }).click();

    const answer = panel.getByRole('listitem', { name: 'Assistant message' }).last();
    await expect(answer).toContainText('invoice INV-1024 has no payment');
    await expect(panel.getByTestId('assistant-steps')).toHaveText('Last request used 5 of 12 steps');
    await expect(panel.getByRole('listitem', { name: 'Tool reconcile_run' })).toContainText('Approved by you');
    await expect(panel.getByRole('listitem', { name: 'Tool reconcile_results' }).first()).toContainText('Ran without asking');
    await shot(page, info, '03-summary');
    await panel.getByRole('listitem', { name: 'Tool reconcile_results' }).last().getByText('Details').click();
    await expect(panel.getByRole('listitem', { name: 'Tool reconcile_results' }).last()).toContainText('INV-1024');

    // The run is in the Reconcile workspace, as if the user had pressed Run.
    await expect(page.getByRole('button', { name: 'Mapping confirmed ✓' })).toBeVisible();
    await expect(page.getByLabel('Run summary').getByLabel('Match rate')).toHaveText(/\d+\.\d%/);
    await expect(page.getByRole('tablist', { name: 'Result categories' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Steps' }).getByRole('link', { name: /Results/ }).click();
    await expect(page.getByLabel('Run summary')).toBeInViewport();
    await shot(page, info, '04-results-in-workspace');

    // Five model calls, the key sent as configured, never shown.
    expect(fake.requests).toHaveLength(5);
    await expect(page.locator('body')).not.toContainText('dummy');

    // The exchange is kept with the workspace: after a reload it is still there, and it can be cleared.
    await page.reload();
    await openReconcile(page);
    await page.getByRole('button', { name: 'Ask the Assistant' }).click();
    await expect(panel.getByRole('listitem', { name: 'Tool reconcile_run' })).toContainText('Approved by you');
    await panel.getByRole('button', { name: 'Clear conversation' }).click();
    await expect(panel.getByRole('listitem', { name: 'Tool reconcile_run' })).toHaveCount(0);
  } finally {
    await done();
  }
});
