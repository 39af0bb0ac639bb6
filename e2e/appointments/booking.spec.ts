import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support';

async function openAppointments(page: Page): Promise<void> {
  await signIn(page, 'office_manager');
  await expect(page).toHaveURL(/\/leadmanager/);
  await page.goto('/appointments');
  await expect(page.getByRole('button', { name: 'Book appointment' })).toBeVisible();
}

/** Steps forward day by day until the day has a free time, and picks the first one. */
async function pickFreeTime(dialog: ReturnType<Page['getByRole']>): Promise<void> {
  const times = dialog.getByRole('group', { name: 'Available times' });
  for (let i = 0; i < 8; i++) {
    const free = times.locator('button:not([disabled])');
    if ((await times.count()) > 0 && (await free.count()) > 0) {
      await free.first().click();
      return;
    }
    await dialog.getByRole('button', { name: 'Next day' }).click();
    await expect(dialog.getByText('Loading times…')).toHaveCount(0);
  }
  throw new Error('no free time in the next week');
}

test('books a customer into a free time of the service drive, and cancels it', async ({ page }) => {
  await openAppointments(page);
  await page.getByRole('button', { name: 'Book appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a service appointment' });

  const customer = dialog.getByRole('combobox', { name: 'Customer' });
  const alreadyBooked = dialog.getByText('Already booked for this customer:');
  // A customer with no booking yet (another spec may have booked one, which moves them up the list).
  for (let i = 0; ; i++) {
    await customer.click();
    await page.getByRole('option').nth(i).click();
    const booked = await alreadyBooked.waitFor({ timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    if (!booked || i >= 5) break;
  }
  const chosen = await customer.inputValue();
  await dialog.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: /Oil and filter change/ }).click();
  await pickFreeTime(dialog);
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();

  await expect(page.getByText('Appointment booked Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same customer now has it among their bookings, and can give it back.
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await dialog.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: chosen, exact: true }).click();
  await expect(dialog.getByText('Already booked for this customer:')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(page.getByText('Successfully Deleted Appoinntment')).toBeVisible();
});
