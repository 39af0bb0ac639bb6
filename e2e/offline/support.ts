import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { STORE_ID, STORE_NUMBER, apiToken, pickCustomer, signIn, type Customer } from '../support';

export { STORE_ID, STORE_NUMBER, apiToken, pickCustomer, type Customer };

/**
 * The customer texts the store first, so the advisors' messages are replies: quiet hours (when
 * switched on) never hold a reply, and these specs must pass at any hour.
 */
export async function customerTexts(request: APIRequestContext, customer: Customer, body: string): Promise<void> {
  const res = await request.post('/api/simulator/inbound', { data: { from: customer.cellular, to: STORE_NUMBER, body } });
  expect(res.ok()).toBeTruthy();
}

/**
 * Outbound texts to the customer's phone that the simulated carrier took and delivered, counted
 * on the server (the phone's thread lists only what reached it), whose text contains `marker`.
 */
export async function carrierDelivered(request: APIRequestContext, customer: Customer, marker: string): Promise<string[]> {
  const res = await request.get('/api/simulator/phone/thread', { params: { store: STORE_NUMBER, phone: customer.cellular } });
  expect(res.ok()).toBeTruthy();
  const items = (await res.json()) as { content: string; fromCustomer: boolean }[];
  return items.filter((m) => !m.fromCustomer && m.content.includes(marker)).map((m) => m.content);
}

/** The conversation's messages on the server whose text contains `marker`, with their client ids. */
export async function serverMessages(request: APIRequestContext, token: string, interactionId: number, marker: string) {
  const res = await request.get('/api/svc-message-instance/conversation-history', {
    headers: { authorization: `Bearer ${token}` },
    params: { future_service_interaction_id: interactionId },
  });
  expect(res.ok()).toBeTruthy();
  const all = (await res.json()) as { content: string; clientMessageId: string | null; direction: string }[];
  return all.filter((m) => m.content.includes(marker));
}

/**
 * Waits until the page's service worker is `activated` and controls the page. `ready` alone
 * resolves while the worker may still be activating, before it answers any request.
 */
export async function workerActivated(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { state: registration?.active?.state ?? null, controlled: navigator.serviceWorker.controller !== null };
        }),
      { timeout: 30_000 },
    )
    .toEqual({ state: 'activated', controlled: true });
}

/** A signed-in advisor in a context of their own, on the live store-1 inbox. */
export async function advisor(browser: Browser, username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  await expect(page).toHaveURL(/\/leadmanager/);
  await expect(conversations(page)).toBeVisible();
  await expect(page.locator('[data-collab-status="online"]')).toBeVisible();
  return { context, page };
}

export const conversations = (page: Page) => page.getByRole('listbox', { name: 'Conversations' });
export const thread = (page: Page) => page.getByRole('list', { name: 'Messages' });
export const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
export const indicator = (page: Page) => page.getByTestId('connection-indicator');

/** Items of the thread that the server has (with an id), containing `text`. */
export const serverBubble = (page: Page, text: string) => thread(page).locator('[data-message-id]', { hasText: text });
/** Items of the thread still in the device's outbox, containing `text`. */
export const queuedBubble = (page: Page, text: string) => thread(page).locator('[data-outbox-state]', { hasText: text });

export async function openConversation(page: Page, interactionId: number): Promise<void> {
  await conversations(page).locator(`[data-interaction-id="${interactionId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`[?&]fsi=${interactionId}`));
  await expect(thread(page)).toBeVisible();
}

/** The API answers the worker keeps for offline reading (its runtime cache), as path + query. */
export async function cachedReads(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('drivebay-runtime')) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        url.searchParams.delete('__session');
        out.push(url.pathname + url.search);
      }
    }
    return out;
  });
}

/**
 * Uses the app online until the worker has answered (and kept) the reads whose paths contain
 * each of `wanted`. What the page read before the first worker took control went straight to the
 * network, so the page is loaded again (as the next start of the app would) until it has.
 */
export async function useOnlineUntilCached(page: Page, wanted: string[], ready: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await expect
        .poll(
          async () => {
            const reads = await cachedReads(page);
            return wanted.filter((w) => !reads.some((r) => r.includes(w)));
          },
          { timeout: 5_000 },
        )
        .toEqual([]);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.reload();
      await ready();
    }
  }
}
