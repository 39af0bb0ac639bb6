// Bytes and first paint of the web app, in Chromium, against the product started as `npm start`
// starts it (built client, fresh embedded database with the demo data):
// - the compressed JavaScript the login page and the lead form download before they are usable;
// - sign-in -> first conversation on screen: from the click on "Sign in" to the first row of the
//   inbox, in a fresh browser profile each time (the login page loaded and the form filled in, with
//   the network left to go idle as it would while a person types);
// - the baseline, in the same run and the same browser: from a click on a link to a bare static
//   page of 50 rows served by node:http, to its first row on screen.
//
//   npm run build && node --import tsx bench/first-paint.ts [runs=5]
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { machine } from './support';

const runs = Number(process.argv[2] ?? 5);
const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(join(root, 'client/dist/index.html'))) throw new Error('Build the client first: npm run build');

// The product, on a port of its own and a throwaway data directory.
const port = 20_000 + Math.floor(Math.random() * 20_000);
const dataDir = mkdtempSync(join(tmpdir(), 'drivebay-first-paint-'));
const product = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', QUIET_HOURS: 'false', DEALER_FEED_INTERVAL_MS: '0' },
});
const base = `http://localhost:${port}`;

// The baseline: a static page whose 50 rows are in the HTML itself.
const rows = Array.from({ length: 50 }, (_, i) => `<li role="option">Customer ${i + 1} · 2024 Toyota Camry · Can I come in Friday?</li>`).join('');
const bare = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
  res.end(
    req.url === '/rows'
      ? `<!doctype html><html><head><title>Rows</title></head><body><ul role="listbox" aria-label="Conversations">${rows}</ul></body></html>`
      : '<!doctype html><html><head><title>Start</title></head><body><a href="/rows">Open</a></body></html>',
  );
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://localhost:${(bare.address() as AddressInfo).port}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number) => Number(x.toFixed(1));

/**
 * Starts watching the page's requests; the returned wait resolves once none has been in flight
 * for 500 ms, or after 30 s. (Playwright's 'networkidle' load state is reached once, after the
 * page loads, so it does not wait for what the page fetches later.)
 */
function networkQuiet(page: Page): () => Promise<void> {
  let inFlight = 0;
  let last = performance.now();
  const settle = () => {
    inFlight--;
    last = performance.now();
  };
  page.on('request', () => void inFlight++);
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return async () => {
    const until = performance.now() + 30_000;
    while ((inFlight > 0 || performance.now() - last < 500) && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  };
}

/** Milliseconds from `trigger` (a click) to the first conversation row visible on the page. */
async function clickToFirstRow(page: Page, trigger: () => Promise<void>): Promise<number> {
  const firstRow = page.locator('[role="listbox"][aria-label="Conversations"] [role="option"]').first();
  const started = performance.now();
  await trigger();
  await firstRow.waitFor({ state: 'visible', timeout: 120_000 });
  return performance.now() - started;
}

async function signInToInbox(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  const quiet = networkQuiet(page);
  await page.locator('input[name="username"]').fill('office_manager');
  await page.locator('input[name="password"]').fill('demo');
  // A person takes a few seconds to type; what the page fetches meanwhile (the first keystroke
  // starts loading the signed-in app) is ready at the click.
  await quiet();
  const ms = await clickToFirstRow(page, () => page.getByRole('button', { name: 'Sign in' }).click());
  await context.close();
  return ms;
}

async function bareLoad(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(bareUrl);
  const ms = await clickToFirstRow(page, () => page.getByRole('link', { name: 'Open' }).click());
  await context.close();
  return ms;
}

/** Compressed bytes of the scripts `path` downloads until it shows `ready` and the network is idle, in a fresh profile. */
async function scriptBytes(browser: Browser, path: string, ready: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  await page.goto(`${base}${path}`);
  await page.getByRole('button', { name: ready }).waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  const total = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return total;
}

try {
  const started = Date.now();
  for (;;) {
    if (product.exitCode !== null) throw new Error(`the product exited with ${product.exitCode}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() - started > 180_000) throw new Error('the product did not start in 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const loginBytes = await scriptBytes(browser, '/login', 'Sign in');
  const leadFormBytes = await scriptBytes(browser, '/lead-submission', 'Submit');
  // One sign-in first so the server has its caches warm like any running store's.
  await signInToInbox(browser);
  const signIns: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternate the order so neither side always runs right after the other.
    if (i % 2 === 0) {
      signIns.push(await signInToInbox(browser));
      baseline.push(await bareLoad(browser));
    } else {
      baseline.push(await bareLoad(browser));
      signIns.push(await signInToInbox(browser));
    }
  }
  await browser.close();

  const figures = {
    bench: 'first-paint',
    ratio: round(median(signIns) / median(baseline)),
    signInToFirstRowMs: round(median(signIns)),
    bareClickToFirstRowMs: round(median(baseline)),
    loginJsBytes: loginBytes,
    leadFormJsBytes: leadFormBytes,
    runs,
  };
  const line = [
    '',
    `## first-paint — ${new Date().toISOString()}`,
    '',
    `- Machine: ${machine()}, Chromium (Debian); the product as \`npm start\` runs it (embedded database, demo data), median of ${runs} runs, each in a fresh browser profile`,
    `- JavaScript downloaded (compressed, as sent): login page ${(loginBytes / 1024).toFixed(1)} KiB, lead form ${(leadFormBytes / 1024).toFixed(1)} KiB`,
    `- Click on "Sign in" -> first conversation of the inbox on screen: ${figures.signInToFirstRowMs} ms (runs: ${signIns.map((x) => x.toFixed(0)).join(', ')})`,
    `- Baseline, click on a link -> first row of a bare static page of 50 rows on screen: ${figures.bareClickToFirstRowMs} ms (runs: ${baseline.map((x) => x.toFixed(0)).join(', ')})`,
    `- Ratio product / baseline: ${figures.ratio}`,
    '',
    JSON.stringify(figures),
    '',
  ].join('\n');
  appendFileSync(fileURLToPath(new URL('./RESULTS.md', import.meta.url)), line);
  console.info(JSON.stringify(figures));
} finally {
  product.kill('SIGTERM');
  bare.close();
  await new Promise((resolve) => (product.exitCode !== null ? resolve(null) : product.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}
