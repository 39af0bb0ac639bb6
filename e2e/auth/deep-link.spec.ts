import { expect, test, type Page } from '@playwright/test';
import { expectMainLayout } from '../support';

async function fillLogin(page: Page, username: string): Promise<void> {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an app address opened signed out is where the login lands', async ({ page }) => {
  await page.goto('/swimlane');
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, 'office_manager');
  await expect(page).toHaveURL(/\/swimlane$/);
  await expectMainLayout(page);
  await expect(page.getByTestId('lane-UNASSIGNED')).toBeVisible();
});

test('an address with its query survives the login too', async ({ page }) => {
  await page.goto('/leadmanager?tab=leads');
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, 'office_manager');
  await expect(page).toHaveURL(/\/leadmanager\?tab=leads$/);
  await expect(page.getByRole('tab', { name: 'All leads' })).toHaveAttribute('aria-selected', 'true');
});

test('a plain login still goes to the home page of the role', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'super_admin');
  await expect(page).toHaveURL(/\/CompanyMasterList$/);
});
