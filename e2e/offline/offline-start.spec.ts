import { expect, test } from '@playwright/test';
import {
  advisor,
  apiToken,
  conversations,
  customerTexts,
  indicator,
  openConversation,
  pickCustomer,
  serverBubble,
  useOnlineUntilCached,
  workerActivated,
} from './support';

test('after one online session the installed app starts offline with the inbox and a recently opened thread', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, 'office_manager');
  const customer = await pickCustomer(request, token, 0);
  const text = `Is the loaner still available? offline-start ${Date.now()}`;
  await customerTexts(request, customer, text);

  const { context, page } = await advisor(browser, 'office_manager');
  await workerActivated(page);
  await expect(indicator(page)).toHaveAttribute('data-state', 'online');
  await openConversation(page, customer.interactionId);
  await expect(serverBubble(page, text)).toBeVisible();
  await useOnlineUntilCached(page, ['/api/enterprise/1/store', `/conversation-history?future_service_interaction_id=${customer.interactionId}`, '/user/me'], () =>
    expect(serverBubble(page, text)).toBeVisible(),
  );

  // The manifest the browser installs from.
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href');
    return href ? ((await (await fetch(href)).json()) as { start_url: string; display: string; scope: string; icons: { purpose: string; sizes: string }[] }) : null;
  });
  expect(manifest).toMatchObject({ start_url: '/leadmanager', display: 'standalone', scope: '/' });
  expect(manifest?.icons.map((i) => `${i.purpose} ${i.sizes}`)).toEqual(expect.arrayContaining(['any 192x192', 'any 512x512', 'maskable 512x512']));

  await context.setOffline(true);
  await page.reload();

  // Shell from the precache, session from local storage, rows from IndexedDB, the org selectors
  // and the conversation from the worker's runtime cache.
  await expect(page.getByTestId('main-layout')).toBeVisible();
  await expect(indicator(page)).toHaveAttribute('data-state', 'offline');
  await expect(conversations(page).locator(`[data-interaction-id="${customer.interactionId}"]`)).toBeVisible();
  expect(await conversations(page).getByRole('option').count()).toBeGreaterThan(3);
  await expect(page.getByTestId('conversation-view')).toHaveAttribute('data-interaction-id', String(customer.interactionId));
  await expect(serverBubble(page, text)).toBeVisible();
  await expect(page.getByTestId('conversation-view').getByRole('heading', { name: customer.name, level: 2 })).toBeVisible();

  // A page address not opened before is the app too, not the browser's offline page.
  await page.goto('/swimlane');
  await expect(page.getByTestId('main-layout')).toBeVisible();

  await context.setOffline(false);
  await context.close();
});
