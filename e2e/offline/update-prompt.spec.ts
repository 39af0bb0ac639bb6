import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { advisor, workerActivated } from './support';

// The worker the product of this test's half serves (its copy of the built app).
const swFile = () => join(String(test.info().project.metadata.clientDir), 'sw.js');
const INDEX_ENTRY = /\{"revision":"([0-9a-f]+)","url":"index\.html"\}/;

test('a new release waits for the user: "Update available — Reload" takes it over', async ({ browser }) => {
  test.setTimeout(120_000);
  const SW_FILE = swFile();
  const released = readFileSync(SW_FILE, 'utf8');
  const oldRevision = INDEX_ENTRY.exec(released)?.[1];
  expect(oldRevision, 'the built worker precaches index.html with a revision').toBeTruthy();
  const { context, page } = await advisor(browser, 'office_manager');
  try {
    await workerActivated(page);
    await expect(page.getByText('Update available')).toHaveCount(0);

    // The next release: the same build with a changed page, which is what a deploy changes in the
    // worker's precache list (every URL stays valid, so the new worker installs for real).
    const newRevision = randomBytes(16).toString('hex');
    writeFileSync(SW_FILE, released.replace(INDEX_ENTRY, `{"revision":"${newRevision}","url":"index.html"}`));

    // A page load makes the browser look for a new worker; it installs and then waits.
    await page.reload();
    await expect(page.getByText('Update available')).toBeVisible({ timeout: 30_000 });
    const before = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting?.state ?? null, active: registration?.active?.state ?? null };
    });
    expect(before).toEqual({ waiting: 'installed', active: 'activated' });
    // Still the old release in control until the user agrees.
    const precached = () =>
      page.evaluate(async () => {
        const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
        return name ? (await (await caches.open(name)).keys()).map((r) => r.url).filter((u) => u.includes('/index.html')) : [];
      });

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByTestId('main-layout')).toBeVisible();
    await expect(page.getByText('Update available')).toHaveCount(0);
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, active: registration?.active?.state ?? null };
    });
    expect(after).toEqual({ waiting: null, active: 'activated' });
    // The new worker cleaned the old revision out of the precache and serves the new one.
    await expect.poll(precached).toEqual([expect.stringContaining(`__WB_REVISION__=${newRevision}`)]);
  } finally {
    writeFileSync(SW_FILE, released);
    await context.close();
  }
});
