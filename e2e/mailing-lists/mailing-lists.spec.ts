import { expect, test } from '@playwright/test';
import { signIn } from '../support';

test('an office manager makes a mailing list, fills it, and deletes it after confirming', async ({ page }) => {
  const code = `LIST-E2E-${Date.now()}`;
  await signIn(page, 'office_manager');
  await expect(page).toHaveURL(/\/leadmanager/);
  await page.getByRole('link', { name: 'Mailing lists' }).click();
  await expect(page).toHaveURL(/\/mailinglist$/);

  // The code must begin with LIST-: the server's rule, shown as the spec words it.
  const codeBox = page.getByRole('textbox', { name: 'List code' });
  await codeBox.fill('SPRING');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByText('List Should Start With LIST-')).toBeVisible();

  await codeBox.fill(code);
  await page.getByRole('button', { name: 'Create list' }).click();
  const lists = page.getByRole('table', { name: 'Mailing lists' });
  await expect(lists.getByRole('row').filter({ hasText: code })).toBeVisible();

  // The list's contacts: empty, then one added by e-mail and mobile, then removed after a No and a Yes.
  await lists.getByRole('link', { name: code }).click();
  await expect(page).toHaveURL(/\/mailinglist\/details\?/);
  const contacts = page.getByRole('table', { name: 'Contacts' });
  await expect(contacts).toContainText('No records available');
  await page.getByRole('textbox', { name: 'Name' }).fill('Pat Lane');
  await page.getByRole('textbox', { name: 'Email' }).fill('pat.lane@example.com');
  await page.getByRole('textbox', { name: 'Mobile' }).fill('6465550142');
  await page.getByRole('button', { name: 'Add contact' }).click();
  await expect(contacts.getByRole('row').filter({ hasText: 'pat.lane@example.com' })).toContainText('(646)-555-0142');
  await expect(page.getByText('1 contacts')).toBeVisible();

  await contacts.getByRole('button', { name: 'Remove Pat Lane' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(confirm).toContainText('Are you sure want to remove this contact from the list?');
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toBeHidden();
  await expect(contacts).toContainText('Pat Lane');
  await contacts.getByRole('button', { name: 'Remove Pat Lane' }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(confirm).toBeHidden();
  await expect(contacts).toContainText('No records available');

  // Back to the lists: delete this one.
  await page.getByRole('link', { name: 'Back' }).click();
  await lists.getByRole('button', { name: `Delete ${code}` }).click();
  await expect(confirm).toContainText('Are you sure want to delete this list?');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator('[role="alert"]', { hasText: 'Successfully Deleted' }).first()).toBeVisible();
  await expect(lists.getByRole('row').filter({ hasText: code })).toHaveCount(0);
});
