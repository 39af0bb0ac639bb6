import { defineConfig, devices } from '@playwright/test';

// End-to-end tests drive Debian's Chromium against the product started the way `npm start`
// starts it: one process on the embedded database, seeded fresh for every run.
//
// The suite runs as two halves side by side, each against a product of its own (its own port and
// embedded database), so the halves never see each other's data; within a half, files run one
// after another as before. `--workers=1` runs the halves one after the other.
const CI = !!process.env.CI;
const PORT = Number(process.env.E2E_PORT ?? 8090);
const SECOND_PORT = PORT + 1;
const url = (port: number) => `http://localhost:${port}`;

// The second half, chosen so both take about as long.
const SECOND_HALF = [
  'accessibility/**',
  'admin/admin.spec.ts',
  'admin/telephony.spec.ts',
  'auth/**',
  'conversations/compose-layout.spec.ts',
  'conversations/sales-appointment.spec.ts',
  'data-sync/**',
  'lead-lists/**',
  'offline/outbox.spec.ts',
  'offline/two-tabs.spec.ts',
  'offline/update-prompt.spec.ts',
  'performance/**',
  'reports/**',
].map((p) => `**/e2e/${p}`);

// Each half's product serves its own copy of the built app: a test that publishes a new release
// (offline/update-prompt) changes the service worker of its own half only.
const clientDir = (port: number) => `.client-e2e-${port}`;

const server = (port: number) => ({
  command: `rm -rf .data-e2e-${port} ${clientDir(port)} && cp -r client/dist ${clientDir(port)} && node --import tsx scripts/start.ts`,
  url: `${url(port)}/api/health`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    DATA_DIR: `.data-e2e-${port}`,
    CLIENT_DIR: clientDir(port),
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
});

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: CI ? 1 : 0,
  // CI machines are shared and their speed varies by the hour: a slow hour gets more room before a
  // wait counts as a failure; a check that fails for a reason still fails, only later.
  timeout: CI ? 90_000 : 60_000,
  expect: { timeout: CI ? 20_000 : 15_000 },
  reporter: CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // Recording a trace films every step of every test: on two cores that alone took a third of
    // the machine and stretched the suite by half. In CI a trace is recorded for the retry of a
    // failed test, which is the run worth reading; locally every failure keeps its trace.
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'chromium', workers: 1, testIgnore: SECOND_HALF, metadata: { clientDir: clientDir(PORT) }, use: { ...devices['Desktop Chrome'], baseURL: url(PORT) } },
    { name: 'chromium-2', workers: 1, testMatch: SECOND_HALF, metadata: { clientDir: clientDir(SECOND_PORT) }, use: { ...devices['Desktop Chrome'], baseURL: url(SECOND_PORT) } },
  ],
  webServer: [server(PORT), server(SECOND_PORT)],
});
