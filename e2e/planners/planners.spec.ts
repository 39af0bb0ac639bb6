import { expect, test, type Page } from '@playwright/test';
import { PATHS } from '@drivebay/shared';
import { signIn } from '../support';

function dueGrid(page: Page) {
  return page.getByRole('grid', { name: '10K due vehicles' });
}

test('a manager views the 10K tab, transfers, and the new conversations arrive live in the inbox with the assistant’s first text', async ({ browser }) => {
  test.setTimeout(150_000);
  // The inbox stays open in its own window while the planner transfers.
  const inbox = await (await browser.newContext()).newPage();
  await signIn(inbox, 'office_manager');
  await expect(inbox.getByRole('listbox', { name: 'Conversations' })).toBeVisible();
  await expect(inbox.locator('[data-collab-status="online"]')).toBeVisible();

  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, 'office_manager');
  await expect(page).toHaveURL(/\/leadmanager/);
  await page.getByRole('link', { name: 'Planners' }).click();
  await expect(page).toHaveURL(PATHS.planners);
  await expect(page.getByRole('tab', { name: '10K', exact: true })).toHaveAttribute('aria-selected', 'true');

  // View: the due vehicles with the why of each, and the counts.
  const firstRow = dueGrid(page).getByRole('row').nth(1);
  await expect(firstRow).toContainText(/Reaches|Due by time/);
  await expect(page.getByText(/\d+ due, \d+ left out/)).toBeVisible();
  const names = await dueGrid(page).getByRole('row').locator('[data-field="customer"]').allInnerTexts();
  const customers = names.map((n) => n.trim()).filter((n) => n && n !== 'Customer');
  expect(customers.length).toBeGreaterThan(0);

  // The 10K first texts the inbox shows before the transfer (the demo has some).
  const firstTexts = () => inbox.getByRole('listbox', { name: 'Conversations' }).getByRole('option').filter({ hasText: 'Oil change 10K' }).filter({ hasText: /Hi [^,]+, this/ });
  const before = new Set(await firstTexts().allInnerTexts());

  // Transfer: a job with progress, then the spec's notice.
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByText('Successfully Transfered')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /\d+ transferred of \d+ due/ })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Planner run history' })).toContainText('Transfer');

  // The inbox shows the new conversations without a reload, with the assistant's first text (the
  // newest on top: which of the transferred customers fill the first screen does not matter).
  await expect.poll(async () => (await firstTexts().allInnerTexts()).filter((t) => !before.has(t)).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const fresh = (await firstTexts().allInnerTexts()).find((t) => !before.has(t))!;
  await firstTexts().filter({ hasText: fresh.split('\n')[0]! }).first().click();
  await expect(inbox.getByRole('list', { name: 'Messages' }).locator('[data-message-id]').first()).toBeVisible();

  // A second transfer of the same vehicles, service and date creates nothing.
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByText('No Records')).toBeVisible({ timeout: 30_000 });
});

for (const viewport of [{ width: 1024, height: 768 }, { width: 768, height: 1024 }]) {
  test(`the planner screen works by touch on a ${viewport.width}x${viewport.height} tablet`, async ({ browser }) => {
    const page = await (await browser.newContext({ viewport, hasTouch: true })).newPage();
    await signIn(page, 'office_manager');
    await expect(page).toHaveURL(/\/leadmanager/);
    await page.goto(PATHS.planners);
    await page.getByRole('tab', { name: '20K', exact: true }).tap();
    await expect(page.getByRole('grid', { name: '20K due vehicles' }).getByRole('row').nth(1)).toContainText(/Reaches|Due by time/);
    for (const name of ['View', 'Transfer', 'CSV']) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.height).toBeGreaterThanOrEqual(40);
    }
    await page.getByRole('button', { name: 'View', exact: true }).tap();
    await expect(page.getByText(/\d+ due, \d+ left out/)).toBeVisible();
  });
}

test('a manager counts every tab at once, and hands a tab’s due list to people', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, 'office_manager');
  await expect(page).toHaveURL(/\/leadmanager/);
  await page.goto(PATHS.planners);

  // All tabs: each tab's due count for the planner date.
  await page.getByRole('button', { name: 'All tabs' }).click();
  const dialog = page.getByRole('dialog', { name: /All tabs/ });
  const tabs = dialog.getByRole('table', { name: 'Planner tabs' });
  await expect(tabs.getByRole('row').filter({ hasText: '7.5K' })).toContainText(/7\.5K\s*[1-9]\d*/, { timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: 'Transfer all' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Hand off: the tab's due vehicles go to people, as a run with progress.
  await page.getByRole('tab', { name: '7.5K', exact: true }).click();
  await expect(page.getByRole('grid', { name: '7.5K due vehicles' }).getByRole('row').nth(1)).toContainText(/Reaches|Due by time/);
  await page.getByRole('button', { name: 'Hand off' }).click();
  await expect(page.getByText('Successfully Transfered')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /Hand-off of 7\.5K/ })).toContainText(/[1-9]\d* transferred of \d+ due/);
});
