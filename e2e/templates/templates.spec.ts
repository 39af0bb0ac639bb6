import { expect, test, type Page } from '@playwright/test';
import { TEMPLATE_TEXT } from '@drivebay/shared';
import { expectMainLayout, signIn } from '../support';

const notice = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const bodyBox = (page: Page) => page.getByRole('textbox', { name: 'Template text' });

async function pickServiceType(page: Page, value: string) {
  await page.getByRole('dialog').getByLabel('Service type').click();
  await page.getByRole('option', { name: value, exact: true }).click();
}

async function insertField(page: Page, group: string, field: string) {
  await page.getByRole('dialog').getByRole('button', { name: group }).hover();
  await page.getByRole('menu', { name: `${group} fields` }).getByRole('menuitem', { name: field, exact: true }).click();
}

test('add, edit and delete a personal template with merge fields', async ({ page }) => {
  // A store user whose personal list no other test writes to.
  await signIn(page, 'office_user');
  await expectMainLayout(page);
  await page.goto('/templates');
  await expect(page.getByRole('tab', { name: 'Personal' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(TEMPLATE_TEXT.empty)).toBeVisible();

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(TEMPLATE_TEXT.addTitle)).toBeVisible();
  // The editor is a centred dialog 1000 px wide.
  const paper = page.locator('.MuiDialog-paper');
  expect(Math.round((await paper.boundingBox())!.width)).toBe(1000);

  // Save without anything says what is missing.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(TEMPLATE_TEXT.titleRequired)).toBeVisible();
  await expect(dialog.getByText(TEMPLATE_TEXT.serviceTypeRequired)).toBeVisible();

  await pickServiceType(page, 'Oil change 5K');
  await expect(dialog.getByPlaceholder(TEMPLATE_TEXT.titlePlaceholder)).toBeVisible();
  await dialog.getByPlaceholder(TEMPLATE_TEXT.titlePlaceholder).fill('Oil reminder');
  await bodyBox(page).fill('Hi ');
  await insertField(page, 'Customer', 'First Name');
  await bodyBox(page).press('End');
  await bodyBox(page).pressSequentially(',');
  await bodyBox(page).press('Enter');
  await bodyBox(page).pressSequentially('your oil change is due ');
  await insertField(page, 'Product', 'Est Due Date');
  await expect(bodyBox(page)).toHaveValue('Hi ${customer.firstName},\nyour oil change is due ${product.estDueDate_5k}');
  // The counter fills the fields in for the store's latest conversation.
  await expect(page.getByTestId('template-segments')).toContainText(/SMS: \d+ \/ 160 · 1 segment · GSM-7 · merge fields filled in for/);
  const saved = page.waitForRequest((r) => r.url().endsWith('/api/customTemplate') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(((await saved).postDataJSON() as { body: string }).body).toBe('Hi ${customer.firstName},<br>your oil change is due ${product.estDueDate_5k}');
  await expect(notice(page, TEMPLATE_TEXT.added)).toBeVisible();
  await expect(page.getByTestId('template-row')).toHaveCount(1);
  await expect(page.getByTestId('template-row')).toContainText('Oil reminder');

  await page.getByRole('button', { name: 'Edit Oil reminder' }).click();
  await expect(dialog.getByText(TEMPLATE_TEXT.updateTitle)).toBeVisible();
  // The stored line break is a newline again in the editor.
  await expect(bodyBox(page)).toHaveValue('Hi ${customer.firstName},\nyour oil change is due ${product.estDueDate_5k}');
  await dialog.getByPlaceholder(TEMPLATE_TEXT.titlePlaceholder).fill('Oil due');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, TEMPLATE_TEXT.updated)).toBeVisible();
  await expect(page.getByTestId('template-row')).toContainText('Oil due');

  await page.getByRole('button', { name: 'Delete Oil due' }).click();
  await expect(page.getByText(TEMPLATE_TEXT.deleteConfirm)).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page.getByTestId('template-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete Oil due' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(notice(page, TEMPLATE_TEXT.deleted)).toBeVisible();
  await expect(page.getByText(TEMPLATE_TEXT.empty)).toBeVisible();
});

test('a manager’s group template is copied into a rep’s personal templates with Add Me', async ({ page }) => {
  await signIn(page, 'office_manager');
  await expectMainLayout(page);
  await page.goto('/templates');
  await page.getByRole('tab', { name: 'Group' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await pickServiceType(page, 'Check-up');
  await page.getByRole('dialog').getByPlaceholder(TEMPLATE_TEXT.titlePlaceholder).fill('Shop hours');
  await bodyBox(page).fill('We open at 7:00 AM, ');
  await insertField(page, 'Office', 'Name');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, TEMPLATE_TEXT.added)).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await signIn(page, 'sales_rep');
  await expectMainLayout(page);
  await page.goto('/templates');
  await page.getByRole('tab', { name: 'Group' }).click();
  const row = page.getByTestId('template-row').filter({ hasText: 'Shop hours' });
  // Shared templates are the managers' to change.
  await expect(row.getByRole('button', { name: 'Edit Shop hours' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await row.getByRole('button', { name: TEMPLATE_TEXT.addMe }).click();
  await expect(notice(page, TEMPLATE_TEXT.copied)).toBeVisible();
  await page.getByRole('tab', { name: 'Personal' }).click();
  await expect(page.getByTestId('template-row').filter({ hasText: 'Shop hours' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Shop hours' })).toBeVisible();
});
