/** Settings from the user's side: a pasted key is saved and never shown again. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openAICompletion, startFakeOpenAI } from '../tests/fixtures/fake-providers/openai';
import { expect, test } from './app';

test('an API key is saved, reported as set, and never comes back to the page', async ({ appPage: page, app }, info) => {
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Settings/ }).click();
  await expect(page.getByText('keys are kept unencrypted in secrets.json')).toBeVisible();
  await expect(page.getByTestId('anthropic-key-state')).toHaveText('No key');

  await page.getByLabel('Anthropic (Claude) API key').fill('sk-ant-e2e-secret-777');
  await page.getByRole('button', { name: 'Save key' }).first().click();
  await expect(page.getByTestId('anthropic-key-state')).toHaveText('Key set');
  await expect(page.getByLabel('Anthropic (Claude) API key')).toHaveValue('');
  await page.screenshot({ path: info.outputPath('01-key-set.png'), fullPage: true });

  await page.reload();
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Settings/ }).click();
  await expect(page.getByTestId('anthropic-key-state')).toHaveText('Key set');
  expect(await page.content()).not.toContain('sk-ant-e2e-secret-777');
  expect(readFileSync(join(app.dataDir, 'secrets.json'), 'utf8')).toContain('sk-ant-e2e-secret-777');

  await page.getByLabel('Engine for mappings, filters and match rules').selectOption('local');
  await expect(page.getByRole('status')).toContainText('Engine saved');
  expect(JSON.parse(readFileSync(join(app.dataDir, 'settings.json'), 'utf8')).engineMode).toBe('local');
});

test('"Test connection" sends one tiny request with the saved settings and says what happened', async ({ appPage: page }) => {
  const fake = await startFakeOpenAI();
  try {
    fake.enqueue(openAICompletion({ content: 'OK' }), { kind: 'json', status: 404, body: { error: { message: 'The model `gpt-nope` does not exist' } } });
    await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Settings/ }).click();
    const card = page.getByRole('group', { name: /OpenAI-compatible/ });
    await card.getByLabel('Base URL (optional)').fill(`${fake.url}/v1`);
    await card.getByLabel('Model').click(); // leaving the field saves it
    await expect(page.getByRole('status').first()).toContainText('Base URL saved');
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('openai-connection-test')).toContainText(/✓ OpenAI-compatible answered in \d+ ms with model gpt-4o-mini: “OK”/);
    await card.getByLabel('Model').fill('gpt-nope');
    await card.getByLabel('Model').press('Tab');
    await expect(page.getByText('Model saved')).toBeVisible();
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('openai-connection-test')).toContainText('✗');
    await expect(page.getByTestId('openai-connection-test')).toContainText('The model `gpt-nope` does not exist');
    expect(fake.requests).toHaveLength(2);
    expect(JSON.stringify(fake.requests[1].body)).toContain('gpt-nope');
  } finally {
    await fake.close();
  }
});

test('a model that reaches end-of-life is flagged next to the field, with a one-click switch to its successor', async ({ appPage: page, app }) => {
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: /^Settings/ }).click();
  const card = page.getByRole('group', { name: /Anthropic/ });
  await expect(card.getByLabel('Model')).toHaveValue('claude-sonnet-5');
  await expect(card.getByText(/reaches end-of-life/)).toHaveCount(0);
  // Settings saved while claude-sonnet-4-5 was the default keep it: it is flagged, not silently changed.
  await card.getByLabel('Model').fill('claude-sonnet-4-5');
  await card.getByLabel('Base URL (optional)').click();
  await expect(card.getByText('claude-sonnet-4-5 reaches end-of-life on 30 November 2026; after that its requests fail.')).toBeVisible();
  await card.getByRole('button', { name: 'Use claude-sonnet-5' }).click();
  await expect(card.getByLabel('Model')).toHaveValue('claude-sonnet-5');
  await expect(card.getByText(/reaches end-of-life/)).toHaveCount(0);
  expect(JSON.parse(readFileSync(join(app.dataDir, 'settings.json'), 'utf8')).providers.anthropic.model).toBe('claude-sonnet-5');
});
