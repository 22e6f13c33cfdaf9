/** `kalla web` with a loopback fake of Anthropic's Messages API as its Assistant provider (shared by the Assistant and a11y specs). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeAnthropic } from '../tests/fixtures/fake-providers/anthropic';
import { startApp } from './app';

/** `kalla web` whose settings default to a fake Anthropic (env defaults), engines offline. */
export async function appWithFakeAnthropic(): Promise<{ app: Awaited<ReturnType<typeof startApp>>; fake: Awaited<ReturnType<typeof startFakeAnthropic>>; done(): Promise<void> }> {
  const fake = await startFakeAnthropic();
  const dataDir = mkdtempSync(join(tmpdir(), 'kalla-e2e-assistant-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ engineMode: 'local' }));
  const saved = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };
  process.env.ANTHROPIC_API_KEY = 'dummy';
  process.env.ANTHROPIC_BASE_URL = fake.url;
  try {
    const app = await startApp(dataDir);
    return {
      app,
      fake,
      async done() {
        await app.stop();
        await fake.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    if (saved.key === undefined) delete process.env.ANTHROPIC_API_KEY;
    else process.env.ANTHROPIC_API_KEY = saved.key;
    if (saved.url === undefined) delete process.env.ANTHROPIC_BASE_URL;
    else process.env.ANTHROPIC_BASE_URL = saved.url;
  }
}

