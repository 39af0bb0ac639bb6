import { expect, test } from '@playwright/test';
import { TEMPLATE_TEXT } from '@drivebay/shared';
import { apiLogin, makeLink, newConversation } from './support';

test('the deal room opened from a link sends a template, filled in, to the customer', async ({ page, request }) => {
  const token = await apiLogin(request, 'office_manager');
  const saved = await request.post('/api/customTemplate', {
    headers: { authorization: `Bearer ${token}` },
    data: { title: 'Time check', body: 'Hi ${customer.firstName},<br>does Tuesday at 10 work at ${office.name}?', serviceType: 'CHECK_UP' },
  });
  expect(saved.ok()).toBe(true);
  const fsi = await newConversation(request, token, 'Morgan', '6465550177');
  const link = await makeLink(request, token, { futureServiceInteractionId: fsi, purpose: 'DEAL_ROOM' });

  // No session in this browser: the link alone opens the room.
  await page.goto(link.path);
  await expect(page.getByTestId('deal-room-customer')).toHaveText('Morgan Tester');
  await expect(page.getByTestId('deal-room-phone')).toContainText('+1 (646)-555-0177');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByTestId('deal-room-message').first()).toContainText('I would like to schedule an appointment please.');

  await page.getByRole('button', { name: 'Templates' }).click();
  await expect(page.getByRole('tab', { name: 'Personal' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByTestId('template-row').filter({ hasText: 'Time check' });
  await row.getByRole('button', { name: TEMPLATE_TEXT.addMe }).click();
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toHaveValue('Hi Morgan,\ndoes Tuesday at 10 work at Metro Toyota of Brooklyn?');

  await page.getByRole('button', { name: 'Options' }).click();
  await expect(page.getByRole('dialog', { name: 'Options' })).toContainText('Ava Reyes');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Successfully Sent' })).toBeVisible();
  await expect(page.getByTestId('deal-room-message').filter({ hasText: 'does Tuesday at 10 work' })).toBeVisible();
  // The message box clears a second after the send.
  await expect(box).toHaveValue('', { timeout: 3000 });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a link for another conversation, or a forged one, opens nothing', async ({ page, request }) => {
  const token = await apiLogin(request, 'office_manager');
  const fsi = await newConversation(request, token, 'Quinn', '6465550178');
  const link = await makeLink(request, token, { futureServiceInteractionId: fsi, purpose: 'DEAL_ROOM' });
  await page.goto(link.path.replace(`future_service_interaction_id=${fsi}`, `future_service_interaction_id=${fsi - 1}`));
  await expect(page.getByText('This link is not valid or has expired.')).toBeVisible();
  await expect(page.getByTestId('deal-room-customer')).toHaveCount(0);
  await page.goto(link.path.replace(/token=[^&]+/, 'token=v1.1.1.9999999999.forged'));
  await expect(page.getByText('This link is not valid or has expired.')).toBeVisible();
});
