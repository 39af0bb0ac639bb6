import { defineConfig } from 'vitest/config';

// e2e/ holds Playwright specs; vitest runs only the *.test.ts(x) files beside the code (and the
// cluster tests in scripts/, which start the product's processes).
export default defineConfig({
  test: {
    include: ['{shared,api,sync-server,client,service-worker}/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests each start a database; two cores take two files at a time.
    maxWorkers: 2,
  },
});
