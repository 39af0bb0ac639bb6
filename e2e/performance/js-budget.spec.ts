import { expect, test, type Page } from '@playwright/test';
import { LEAD_FORM_PATHS, LEAD_FORM_TEXT, PATHS } from '@drivebay/shared';

// What a visitor's browser downloads before a public page is usable: the JavaScript, as sent over
// the wire (compressed), counted from the page's own requests against the production build. The
// budget is 120 KB (120,000 bytes); today the login page sends ~118 KB and the lead forms ~117 KB
// (React DOM ~56 KB, MUI's styling core and the components the pages use, the page): the public
// pages load without the app's router, zod and MUI's TextField (docs/performance.md).
const BUDGET_BYTES = 120 * 1000;

type Transfer = { url: string; encoding: string | undefined; bytes: number };

/** Loads `path` in a fresh page and returns every script response with its bytes on the wire. */
async function scriptTransfers(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<Transfer[]> {
  const pending: Promise<Transfer | null>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const sizes = await request.sizes();
        return { url: request.url(), encoding: (await response.allHeaders())['content-encoding'], bytes: sizes.responseBodySize };
      })(),
    );
  });
  await page.goto(path);
  await ready(page);
  // Chunks the page asks for after its first paint count too.
  await page.waitForLoadState('networkidle');
  return (await Promise.all(pending)).filter((t): t is Transfer => t !== null);
}

const pages: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'the login page', path: PATHS.login, ready: (page) => expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible() },
  {
    name: 'the lead form',
    path: LEAD_FORM_PATHS.generic,
    ready: (page) => expect(page.getByRole('heading', { name: LEAD_FORM_TEXT.title })).toBeVisible(),
  },
  {
    name: 'a brand lead form',
    path: LEAD_FORM_PATHS.toyota,
    ready: (page) => expect(page.getByRole('heading', { name: LEAD_FORM_TEXT.title })).toBeVisible(),
  },
];

for (const { name, path, ready } of pages) {
  test(`${name} (${path}) loads at most ${BUDGET_BYTES / 1000} KB of compressed JavaScript`, async ({ page }) => {
    const scripts = await scriptTransfers(page, path, ready);
    expect(scripts.length).toBeGreaterThan(0);
    // Every script but the tiniest (under 1 KB, not worth a copy) arrives compressed with brotli.
    for (const script of scripts) if (script.bytes >= 1024) expect(script.encoding, script.url).toBe('br');
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    const listing = scripts.map((s) => `${new URL(s.url).pathname} ${s.bytes}`).join('\n');
    test.info().annotations.push({ type: 'javascript bytes', description: `${total}\n${listing}` });
    console.info(`${path}: ${scripts.length} scripts, ${total} bytes compressed\n${listing}`);
    expect(total, listing).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}
