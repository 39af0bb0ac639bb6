import { expect, test } from '@playwright/test';
import { EMAIL_AUTO_RESPONSE_TEXT } from '@drivebay/shared';
import { apiLogin, makeLink, newConversation } from './support';

test('the e-mail auto-response page records the answer and thanks the customer', async ({ page, request }) => {
  const token = await apiLogin(request, 'office_manager');
  const fsi = await newConversation(request, token, 'Avery', '6465550179');
  const link = await makeLink(request, token, { futureServiceInteractionId: fsi, purpose: 'EMAIL_RESPONSE' });
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  // Hold the call a moment so the spinner can be seen.
  await page.route('**/api/email/autoResponse**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${link.path}&fromAddress=avery@example.com&subject=Re%3A%20service&message=Tuesday%20works&key=YES`);
  await expect(page.getByRole('progressbar', { name: 'Sending your response' })).toBeVisible();
  release();
  await expect(page.getByText(EMAIL_AUTO_RESPONSE_TEXT.success)).toBeVisible();

  const history = await request.get(`/api/svc-message-instance/conversation-history?future_service_interaction_id=${fsi}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const messages = (await history.json()) as { direction: string; messageType: string; content: string }[];
  expect(messages.some((m) => m.direction === 'RECEIVED' && m.messageType === 'EMAIL' && m.content.includes('YES: Tuesday works'))).toBe(true);
});

test('the e-mail auto-response page warns when the answer cannot be recorded', async ({ page }) => {
  await page.goto('/email/auto-response-result?token=v1.1.1.9999999999.forged&message=Hello');
  await expect(page.getByText(EMAIL_AUTO_RESPONSE_TEXT.failure)).toBeVisible();
  await expect(page.getByTestId('auto-response-result')).toHaveAttribute('data-result', 'warning');
});
