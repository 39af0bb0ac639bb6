import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from '../support';

// Store 1 of the demo (Metro Toyota of Brooklyn): the office roles work there and nowhere else.
const BOARD = '/swimlane';

async function openBoard(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  await expect(page).toHaveURL(/\/leadmanager/);
  await page.goto(BOARD);
  await expect(page.getByTestId('board-status')).toHaveText('Live');
  await expect(page.getByTestId('lane-UNASSIGNED').locator('[data-card-id]').first()).toBeVisible();
  return page;
}

const lane = (page: Page, code: string) => page.getByTestId(`lane-${code}`);

test('a card dragged to another lane moves on every open board, and stays there', async ({ browser }) => {
  const manager = await openBoard(browser, 'office_manager');
  const advisor = await openBoard(browser, 'office_user');

  const card = lane(manager, 'UNASSIGNED').locator('[data-card-id]').first();
  const roNumber = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
  await card.dragTo(lane(manager, 'PREASSIGNED'));

  // The other person's board shows it at once, in the new lane and no longer in the old one.
  await expect(lane(advisor, 'PREASSIGNED').getByTestId(`ro-card-${roNumber}`)).toBeVisible({ timeout: 5_000 });
  await expect(lane(advisor, 'UNASSIGNED').getByTestId(`ro-card-${roNumber}`)).toHaveCount(0);
  await expect(lane(manager, 'PREASSIGNED').getByTestId(`ro-card-${roNumber}`)).toBeVisible();

  // The server kept it: a fresh load shows it where it was dropped.
  await advisor.reload();
  await expect(lane(advisor, 'PREASSIGNED').getByTestId(`ro-card-${roNumber}`)).toBeVisible();
});

test('the lane rules hold on the board: Working cannot be closed, but can go on hold from the card menu', async ({ browser }) => {
  const manager = await openBoard(browser, 'office_manager');
  const card = lane(manager, 'ASSIGNED').locator('[data-card-id]').first();
  const roNumber = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
  // Dropped on Closed ROs, it stays where it was: that lane takes no drop from Working.
  await card.dragTo(lane(manager, 'CLOSED'));
  await expect(lane(manager, 'ASSIGNED').getByTestId(`ro-card-${roNumber}`)).toBeVisible();
  await expect(lane(manager, 'CLOSED').getByTestId(`ro-card-${roNumber}`)).toHaveCount(0);
  // Nor does the card's menu offer it; Vehicle on Hold it does.
  await card.getByRole('button', { name: `Move ${roNumber}` }).click();
  await expect(manager.getByRole('menuitem', { name: 'Move to Closed ROs' })).toHaveCount(0);
  await manager.getByRole('menuitem', { name: 'Move to Vehicle on Hold' }).click();
  await expect(lane(manager, 'HOLD').getByTestId(`ro-card-${roNumber}`)).toBeVisible();
});

test('a move made offline is kept and reaches everyone once the connection is back', async ({ browser }) => {
  const offline = await openBoard(browser, 'office_manager');
  const online = await openBoard(browser, 'office_user');
  const card = lane(offline, 'PREASSIGNED').locator('[data-card-id]').first();
  const roNumber = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();

  await offline.context().setOffline(true);
  await expect(offline.getByTestId('board-status')).toContainText('Offline');
  await card.getByRole('button', { name: `Move ${roNumber}` }).click();
  await offline.getByRole('menuitem', { name: 'Move to Working' }).click();
  await expect(lane(offline, 'ASSIGNED').getByTestId(`ro-card-${roNumber}`)).toBeVisible();
  await online.waitForTimeout(1_000);
  await expect(lane(online, 'PREASSIGNED').getByTestId(`ro-card-${roNumber}`)).toBeVisible();

  await offline.context().setOffline(false);
  await expect(offline.getByTestId('board-status')).toHaveText('Live', { timeout: 15_000 });
  await expect(lane(online, 'ASSIGNED').getByTestId(`ro-card-${roNumber}`)).toBeVisible({ timeout: 10_000 });
});
