import { expect, test } from '@playwright/test';
import {
  advisor,
  apiToken,
  carrierDelivered,
  customerTexts,
  indicator,
  messageBox,
  openConversation,
  pickCustomer,
  queuedBubble,
  serverBubble,
  serverMessages,
  thread,
  useOnlineUntilCached,
  workerActivated,
} from './support';

test('five messages written offline survive a reload and reach the carrier exactly once each', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, 'office_manager');
  const customer = await pickCustomer(request, token, 1);
  const stamp = `outbox-${Date.now()}`;
  await customerTexts(request, customer, `Can you text me when it is ready? ${stamp}`);

  const { context, page } = await advisor(browser, 'office_manager');
  await workerActivated(page);
  await openConversation(page, customer.interactionId);
  await useOnlineUntilCached(page, [`/conversation-history?future_service_interaction_id=${customer.interactionId}`, '/api/enterprise/1/store'], () =>
    expect(thread(page)).toBeVisible(),
  );

  await context.setOffline(true);
  await expect(indicator(page)).toHaveAttribute('data-state', 'offline');
  const texts = Array.from({ length: 5 }, (_, i) => `Update ${i + 1} on your car ${stamp}`);
  for (const text of texts) {
    await messageBox(page).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(messageBox(page)).toHaveValue('');
    await expect(queuedBubble(page, text)).toBeVisible();
  }
  await expect(thread(page).locator('[data-outbox-state]')).toHaveCount(5);
  await expect(queuedBubble(page, texts[0]!)).toHaveAttribute('data-outbox-state', 'queued');
  await expect(queuedBubble(page, texts[0]!).getByTestId('outbox-caption')).toHaveText(/On this device/);
  await expect(indicator(page)).toContainText('5 to send');

  // The app restarts while still offline: the five are still there, in order, on this device.
  await page.reload();
  await expect(thread(page)).toBeVisible();
  await expect(thread(page).locator('[data-outbox-state]')).toHaveCount(5);
  expect(await thread(page).locator('[data-outbox-state]').allInnerTexts()).toEqual(texts.map((t) => expect.stringContaining(t)));
  expect(await carrierDelivered(request, customer, stamp)).toEqual([]);

  // Back online: the outbox sends them, the thread shows the server's messages and their ticks.
  await context.setOffline(false);
  await expect(thread(page).locator('[data-outbox-state]')).toHaveCount(0, { timeout: 20_000 });
  for (const text of texts) await expect(serverBubble(page, text)).toBeVisible();
  await expect(serverBubble(page, texts[4]!)).toHaveAttribute('data-message-status', 'delivered', { timeout: 20_000 });
  await expect(indicator(page)).toHaveAttribute('data-pending', '0');

  // Counted on the server: five messages with five client ids, five texts on the customer's phone.
  await expect.poll(() => carrierDelivered(request, customer, stamp), { timeout: 20_000 }).toHaveLength(5);
  const stored = (await serverMessages(request, token, customer.interactionId, stamp)).filter((m) => m.direction !== 'RECEIVED');
  expect(stored).toHaveLength(5);
  expect(new Set(stored.map((m) => m.clientMessageId)).size).toBe(5);
  // Later flushes (timers, focus, reconnects) find nothing left to send.
  await page.reload();
  await expect(thread(page)).toBeVisible();
  await page.waitForTimeout(3_000);
  expect((await carrierDelivered(request, customer, stamp)).sort()).toEqual([...texts].sort());
  expect((await serverMessages(request, token, customer.interactionId, stamp)).filter((m) => m.direction !== 'RECEIVED')).toHaveLength(5);
  await context.close();
});

test('a queued text the server refuses stays on the device with the reason, to edit, retry or discard', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, 'office_manager');
  const customer = await pickCustomer(request, token, 5);
  const stamp = `refused-${Date.now()}`;
  await customerTexts(request, customer, `When is my appointment? ${stamp}`);

  const { context, page } = await advisor(browser, 'office_manager');
  await workerActivated(page);
  await openConversation(page, customer.interactionId);
  await useOnlineUntilCached(page, [`/conversation-history?future_service_interaction_id=${customer.interactionId}`], () => expect(thread(page)).toBeVisible());

  await context.setOffline(true);
  const text = `Tuesday at 9 works ${stamp}`;
  await messageBox(page).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(queuedBubble(page, text)).toHaveAttribute('data-outbox-state', 'queued');
  // While the tablet is offline the customer opts out.
  await customerTexts(request, customer, 'STOP');

  await context.setOffline(false);
  const refused = queuedBubble(page, text);
  await expect(refused).toHaveAttribute('data-outbox-state', 'refused', { timeout: 20_000 });
  await expect(refused.getByTestId('outbox-caption')).toHaveText('Not sent: This customer has opted out of text messages');
  for (const action of ['Edit', 'Retry', 'Discard']) await expect(refused.getByRole('button', { name: action })).toBeVisible();
  await expect(indicator(page)).toContainText('1 not sent');
  expect(await serverMessages(request, token, customer.interactionId, text)).toEqual([]);

  // Editing opens the text in place; the advisor decides to drop it instead.
  await refused.getByRole('button', { name: 'Edit' }).click();
  await expect(refused.getByRole('textbox', { name: 'Edit message' })).toHaveValue(text);
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await refused.getByRole('button', { name: 'Discard' }).click();
  await expect(queuedBubble(page, text)).toHaveCount(0);
  await expect(indicator(page)).toHaveAttribute('data-pending', '0');
  expect(await carrierDelivered(request, customer, stamp)).toEqual([]);
  await context.close();
});
