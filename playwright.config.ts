import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (ARCHITECTURE.md).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  // One retry in CI so a timing flake cannot block a landing; the list reporter names any test
  // that needed it as flaky, to be fixed rather than ignored.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A fresh server spends its first seconds working through the demo seed's events: the first
  // page of a worker may wait behind them.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
