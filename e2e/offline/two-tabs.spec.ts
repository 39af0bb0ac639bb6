import { expect, test, type Page } from '@playwright/test';
import {
  advisor,
  apiToken,
  carrierDelivered,
  customerTexts,
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

async function sendOffline(page: Page, text: string) {
  await messageBox(page).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(messageBox(page)).toHaveValue('');
  await expect(queuedBubble(page, text)).toBeVisible();
}

test('the same advisor in two tabs offline: both see every queued message, and each is sent once', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, 'office_manager');
  const customer = await pickCustomer(request, token, 2);
  const stamp = `two-tabs-${Date.now()}`;
  await customerTexts(request, customer, `Which one of you is texting me? ${stamp}`);

  const { context, page: first } = await advisor(browser, 'office_manager');
  await workerActivated(first);
  await openConversation(first, customer.interactionId);
  await useOnlineUntilCached(first, [`/conversation-history?future_service_interaction_id=${customer.interactionId}`], () => expect(thread(first)).toBeVisible());
  const second = await context.newPage();
  await second.goto(first.url());
  await expect(thread(second)).toBeVisible();

  // Every send request that reached the server, from either tab.
  const delivered: string[] = [];
  for (const page of [first, second]) {
    page.on('response', (response) => {
      if (response.url().includes('/svc-send-message')) delivered.push(`${response.status()} ${response.request().postDataJSON().clientMessageId}`);
    });
  }

  await context.setOffline(true);
  const texts = [`From the first tab A ${stamp}`, `From the second tab B ${stamp}`, `From the first tab C ${stamp}`, `From the second tab D ${stamp}`];
  await sendOffline(first, texts[0]!);
  await sendOffline(second, texts[1]!);
  await sendOffline(first, texts[2]!);
  await sendOffline(second, texts[3]!);
  // One outbox per user on this device: each tab shows all four.
  for (const page of [first, second]) await expect(thread(page).locator('[data-outbox-state]')).toHaveCount(4);

  // Both tabs see the network return at the same moment and both flush; the Web Lock lets one
  // send while the other waits, then finds nothing left.
  await context.setOffline(false);
  for (const page of [first, second]) {
    await expect(thread(page).locator('[data-outbox-state]')).toHaveCount(0, { timeout: 20_000 });
    for (const text of texts) await expect(serverBubble(page, text)).toBeVisible();
  }
  await expect.poll(() => carrierDelivered(request, customer, stamp), { timeout: 20_000 }).toHaveLength(4);
  await first.waitForTimeout(2_000);
  expect(await carrierDelivered(request, customer, stamp)).toHaveLength(4);
  const stored = (await serverMessages(request, token, customer.interactionId, stamp)).filter((m) => m.direction !== 'RECEIVED');
  expect(stored.map((m) => m.content).sort()).toEqual([...texts].sort());
  // Not even a repeat the server had to absorb: exactly one answered request per message.
  expect(delivered).toHaveLength(4);
  expect(new Set(delivered).size).toBe(4);
  expect(delivered.every((d) => d.startsWith('200 '))).toBe(true);
  await context.close();
});
