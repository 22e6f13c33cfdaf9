import { defineConfig } from '@playwright/test';

/**
 * Two projects. `browser`: the real app in browser mode (`kalla web`) driven in
 * Chromium — Debian's /usr/bin/chromium here, since browsers cannot be downloaded
 * on our build machines (override with KALLA_CHROMIUM). `electron`: the real
 * Electron app through `_electron.launch`, wherever an Electron binary exists.
 */
const chromium = process.env.KALLA_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 90_000,
  // Generous: MCP servers start through tsx and a JVM, on 2 shared cores in CI.
  expect: { timeout: 30_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    screenshot: 'on',
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
  },
  projects: [
    {
      name: 'browser',
      testIgnore: /electron\//,
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: chromium,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
        },
      },
    },
    { name: 'electron', testMatch: /electron\/.*\.spec\.ts/ },
  ],
});
