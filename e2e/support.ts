import { expect, type Page } from '@playwright/test';

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, username: string, password = 'demo'): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectMainLayout(page: Page): Promise<void> {
  await expect(page.getByTestId('main-layout')).toBeVisible();
}
