import { defineConfig, devices } from '@playwright/test';

// End-to-end tests drive Debian's Chromium against the product started the way `npm start`
// starts it: one process on the embedded database, seeded fresh for every run.
const PORT = Number(process.env.E2E_PORT ?? 8090);
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `rm -rf .data-e2e-${PORT} && node --import tsx scripts/start.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: `.data-e2e-${PORT}`,
      // The embedded default, whatever the calling shell has set.
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Quiet hours are tested with fixed clocks in unit tests; flows here must not depend on the
      // hour the suite happens to run at.
      QUIET_HOURS: 'false',
      // The simulated dealer system moves repair orders on its own every few seconds; a board test
      // watching one card must not race it. Its moves are covered by the boards integration tests.
      DEALER_FEED_INTERVAL_MS: '0',
    },
  },
});
