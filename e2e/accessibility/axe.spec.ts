import { expect, test, type Page } from '@playwright/test';
import { LEAD_FORM_PATHS, LEAD_FORM_TEXT, PATHS } from '@drivebay/shared';
import { signIn, expectNoSeriousViolations } from '../support';

async function signInToInbox(page: Page): Promise<void> {
  await signIn(page, 'office_manager');
  await expect(page).toHaveURL(/\/leadmanager/);
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
}

test('login', async ({ page }) => {
  await page.goto(PATHS.login);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoSeriousViolations(page, 'login');
});

for (const path of [LEAD_FORM_PATHS.generic, LEAD_FORM_PATHS.toyota]) {
  test(`lead form ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: LEAD_FORM_TEXT.title })).toBeVisible();
    await expect(page.getByText(/Metro Toyota of Brooklyn|Lakeside Toyota Chicago|Summit Honda Los Angeles/)).toBeVisible();
    await expectNoSeriousViolations(page, path);
  });
}

test('inbox', async ({ page }) => {
  await signInToInbox(page);
  await expectNoSeriousViolations(page, 'inbox');
});

test('an open conversation, long enough to scroll', async ({ page }) => {
  await signInToInbox(page);
  await page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first().click();
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread).toBeVisible();
  // Keyboard access to the thread only matters once it scrolls, so write until it does.
  const box = page.getByRole('textbox', { name: 'Message' });
  const scrolls = () => thread.evaluate((el) => el.scrollHeight > el.clientHeight);
  for (let i = 1; i <= 12 && !(await scrolls()); i++) {
    await box.fill(`Checking in on your visit, note ${i}: your car is ready whenever suits you.`);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(box).toHaveValue('');
  }
  await expect.poll(scrolls).toBe(true);
  await expectNoSeriousViolations(page, 'conversation');
});

test('board', async ({ page }) => {
  await signInToInbox(page);
  await page.goto(PATHS.swimlane);
  await expect(page.getByTestId('board-status')).toHaveText('Live');
  await expect(page.getByTestId('lane-UNASSIGNED').locator('[data-card-id]').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'board');
});

test('appointments, with one checked in', async ({ page }) => {
  await signInToInbox(page);
  await page.goto(PATHS.appointments);
  await expect(page.getByRole('button', { name: 'Book appointment' })).toBeVisible();
  await showCheckedIn(page);
  await expectNoSeriousViolations(page, 'appointments');
});

/** Books an appointment and checks it in, so a "Checked in" status label is on screen. */
async function showCheckedIn(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Book a service appointment' });
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await dialog.getByRole('combobox', { name: 'Customer' }).click();
  // Not the first customer: the booking spec books and cancels that one's appointment itself.
  await page.getByRole('option').last().click();
  await dialog.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: /Oil and filter change/ }).click();
  const times = dialog.getByRole('group', { name: 'Available times' });
  for (let i = 0; i < 8 && (await times.locator('button:not([disabled])').count()) === 0; i++) {
    await dialog.getByRole('button', { name: 'Next day' }).click();
    await expect(dialog.getByText('Loading times…')).toHaveCount(0);
  }
  await times.locator('button:not([disabled])').first().click();
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Appointments' });
  const change = table.getByRole('button', { name: /^Change appointment/ }).first();
  // The first day with an appointment that can still change (late in the day, today's are done).
  // A day's list takes a moment to arrive after the day changes, so each day is given a few seconds.
  const hasChangeable = () => change.waitFor({ timeout: 3_000 }).then(() => true, () => false);
  for (let i = 0; i < 8 && !(await hasChangeable()); i++) await page.getByRole('button', { name: 'Next day' }).click();
  for (const step of ['Confirm', 'Check in']) {
    await change.click();
    const item = page.getByRole('menuitem', { name: step, exact: true });
    if (await item.isVisible()) await item.click();
    else await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(change).toBeEnabled();
  }
  await expect(table.getByText('Checked in', { exact: true }).first()).toBeVisible();
}

test('planners', async ({ page }) => {
  await signInToInbox(page);
  await page.goto(PATHS.planners);
  await expect(page.getByRole('grid', { name: '10K due vehicles' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/\d+ due, \d+ left out/)).toBeVisible();
  await expectNoSeriousViolations(page, 'planners');
});

test('templates', async ({ page }) => {
  await signInToInbox(page);
  await page.goto(PATHS.templates);
  await expect(page.getByRole('tab', { name: 'Personal' })).toBeVisible();
  await expectNoSeriousViolations(page, 'templates');
});

test('a report table while its answer is on the way: the first load, then a search', async ({ page }) => {
  await signInToInbox(page);
  // Every answer of the view comes late, so each wait stands still long enough to be judged.
  await page.route('**/api/lisa/report/database-view/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await page.goto('/reports/view-customers');
  await expect(page.getByText('Loading the report…')).toBeVisible();
  await expectNoSeriousViolations(page, 'a report table, first load');

  const grid = page.getByRole('grid', { name: 'Customers' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  const searched = page.waitForRequest((r) => r.url().includes('/database-view/customers') && (r.postDataJSON() as { search?: string }).search === 'zz-nobody');
  await page.getByRole('textbox', { name: 'Search customers' }).fill('zz-nobody');
  await searched;
  // The rows of the last answer stay while the search's is on the way.
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousViolations(page, 'a report table, reloading');
  await expect(grid.getByText('No records')).toBeVisible();
});
