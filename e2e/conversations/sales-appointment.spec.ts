import { expect, test } from '@playwright/test';
import { signIn } from '../support';

test('the sales appointment form names each missing field, says what it saved, and lists the appointment', async ({ page }) => {
  await signIn(page, 'sales_rep');
  await expect(page).toHaveURL(/\/leadmanager/);
  await page.goto('/sales/appointment');
  // The demo's leads are the service division's.
  await page.getByRole('combobox', { name: 'Division' }).click();
  await page.getByRole('option', { name: 'Service', exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  // Each missing field says so under itself.
  for (const text of ['Please select a title', 'Please select a date', 'Please select a time', 'Please select a lead']) {
    await expect(page.locator('.MuiFormHelperText-root.Mui-error', { hasText: text })).toBeVisible();
  }

  await page.getByRole('combobox', { name: 'Title' }).click();
  await page.getByRole('option', { name: 'Test Drive Appointment' }).click();
  const date = page.getByRole('group', { name: 'Date' });
  await date.click();
  await page.keyboard.type('03142031');
  const time = page.getByRole('group', { name: 'Time' });
  await time.click();
  await page.keyboard.type('0130P');
  const lead = page.getByRole('list', { name: 'Leads' }).getByRole('button').first();
  const leadName = (await lead.innerText()).split('\n').find((line) => /[A-Za-z]/.test(line) && !line.includes('@'))!.replace(/^\d+\.\s*/, '').trim();
  await lead.click();
  await page.getByRole('button', { name: 'Save' }).click();

  const outcome = page.getByTestId('sales-appointment-outcome');
  await expect(outcome).toContainText('Saved: Test Drive Appointment with');
  await expect(outcome).toContainText('03/14/2031 at 1:30 pm');
  await expect(page.locator('.MuiFormHelperText-root.Mui-error')).toHaveCount(0);
  const list = page.getByRole('table', { name: 'Upcoming sales appointments' });
  await expect(list.getByRole('row', { name: /Test Drive Appointment/ }).filter({ hasText: leadName.split(' ')[0]! }).first()).toBeVisible();
});
