import { expect, test, type Page } from '@playwright/test';
import { signIn, expectNoSeriousViolations } from '../support';

/** Picks an option of an MUI select by its label. */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('an enterprise admin creates a store and a user; the user signs in and sees only that store', async ({ page, browser }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const storeName = `Harbor Toyota ${suffix}`;
  const username = `advisor.${suffix}`;

  await signIn(page, 'enterprise_admin');
  await expect(page).toHaveURL(/CompanyMasterList/);
  await page.getByRole('link', { name: 'Administration' }).first().click();
  await expect(page).toHaveURL(/\/admin/);

  await page.getByRole('button', { name: 'Add store' }).click();
  const storeDialog = page.getByRole('dialog');
  await storeDialog.getByLabel('Store code').fill(`HT${suffix}`.toUpperCase());
  await storeDialog.getByLabel('Store name').fill(storeName);
  await choose(page, 'State', 'New York');
  await storeDialog.getByLabel('Phone').fill('(718) 555-0142');
  await storeDialog.getByRole('button', { name: 'Save store' }).click();
  await expect(page.getByText('Successfully Updated').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Stores' }).getByText(storeName)).toBeVisible();

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Add user' }).click();
  const userDialog = page.getByRole('dialog');
  await userDialog.getByLabel('Username').fill(username);
  await userDialog.getByLabel('First name').fill('Avery');
  await userDialog.getByLabel('Last name').fill('Stone');
  await choose(page, 'Roles', 'Office user');
  await page.getByRole('option', { name: 'Enterprise user' }).click();
  await page.keyboard.press('Escape');
  await choose(page, 'Store', storeName);
  await userDialog.getByLabel('Password (optional)').fill('harbor-pass-1');
  await userDialog.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByRole('table', { name: 'Users' }).getByText(username)).toBeVisible();

  // The audit log has both changes.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByRole('table', { name: 'Audit log' }).getByText(/Created · User/).first()).toBeVisible();

  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, username, 'harbor-pass-1');
  await expect(other).toHaveURL(/\/leadmanager/);
  await expect(other.getByRole('combobox', { name: 'Store' })).toContainText(storeName);
  // The server holds the same line: the user's store list is that one store.
  const login = await other.request.post('/user/v2/login', { data: { username, password: 'harbor-pass-1' } });
  const { authToken } = (await login.json()) as { authToken: string };
  const stores = await other.request.get('/api/enterprise/1/store', { headers: { authorization: `Bearer ${authToken}` } });
  expect(((await stores.json()) as { store_name: string }[]).map((s) => s.store_name)).toEqual([storeName]);

  // The user changes their password from the app bar.
  await other.getByRole('button', { name: 'Change password' }).click();
  await other.getByLabel('Current password').fill('harbor-pass-1');
  await other.getByLabel('New password').fill('harbor-pass-2');
  await other.getByRole('dialog').getByRole('button', { name: 'Change password' }).click();
  await expect(other.getByText('Successfully Updated')).toBeVisible();
  expect((await other.request.post('/user/v2/login', { data: { username, password: 'harbor-pass-2' } })).ok()).toBe(true);
  await context.close();
});

test('the administration screens have no serious accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'super_admin');
  await expect(page).toHaveURL(/CompanyMasterList/);
  for (const tab of ['organisation', 'users', 'telephony', 'chat', 'assistant', 'audit']) {
    await page.goto(`/admin?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0, { timeout: 10_000 });
    await expectNoSeriousViolations(page, `/admin?tab=${tab}`);
  }
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/admin?tab=users');
  await expect(page.getByRole('button', { name: 'Add user' })).toBeVisible();
});

test('the register page sends a request an administrator sees', async ({ page, browser }) => {
  const suffix = Date.now().toString(36).slice(-5);
  await page.goto('/register');
  await page.getByLabel('First name').fill('Rae');
  await page.getByLabel('Last name').fill('Moss');
  await page.getByLabel('Work email').fill(`rae.${suffix}@example.com`);
  await page.getByLabel('Username you would like').fill(`rae.${suffix}`);
  await page.getByRole('combobox', { name: 'Your store' }).click();
  await page.getByRole('option', { name: /Metro Toyota of Brooklyn/ }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(/Your request was sent/)).toBeVisible();
  await expectNoSeriousViolations(page, '/register');

  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, 'office_manager');
  await expect(admin).toHaveURL(/\/leadmanager/);
  await admin.goto('/admin?tab=users');
  await expect(admin.getByText(`Rae Moss (rae.${suffix})`)).toBeVisible();
  await context.close();
});

test('an enterprise admin adds the logo: it heads the app bar and the lead forms of the enterprise’s stores', async ({ page }) => {
  // A 2x1 PNG, made here so the test needs no file beside it.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGMQTT3wYYECAAmuAutF4SJMAAAAAElFTkSuQmCC', 'base64');
  await signIn(page, 'enterprise_admin');
  await page.getByRole('link', { name: 'Administration' }).first().click();
  await expect(page).toHaveURL(/\/admin/);
  const enterpriseName = await page.getByLabel('Name', { exact: true }).inputValue();
  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Successfully Updated').first()).toBeVisible();
  const logo = `${enterpriseName} logo`;
  await page.reload();
  await expect(page.getByRole('banner').getByRole('img', { name: logo })).toBeVisible();

  // The form of a store of this enterprise shows the dealer's logo beside the brand's, loaded.
  await page.goto('/lead-submission-toyota');
  const dealer = page.getByRole('img', { name: logo });
  await expect(dealer).toBeVisible();
  await expect(page.getByRole('img', { name: 'Toyota logo' })).toBeVisible();
  await expect.poll(() => dealer.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
});
