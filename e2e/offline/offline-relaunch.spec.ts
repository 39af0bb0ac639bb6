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

// Reloading or launching the installed app with no network, on a desktop and on a tablet held
// either way: the user's enterprise, BOC and store come back, the inbox and the open conversation
// come from the device copy, nothing is reported as an error, and the app reconnects by itself.
const SCREENS = [
  { name: 'desktop 1440x900', viewport: { width: 1440, height: 900 }, skip: 20 },
  { name: 'tablet 1024x768', viewport: { width: 1024, height: 768 }, skip: 21 },
  { name: 'tablet 768x1024', viewport: { width: 768, height: 1024 }, skip: 22 },
] as const;

for (const screen of SCREENS) {
  test(`offline relaunch at ${screen.name}: selection, inbox and conversation from the device, no error, reconnects by itself`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const token = await apiToken(request, 'office_manager');
    const customer = await pickCustomer(request, token, screen.skip);
    const before = `Before the tunnel ${screen.skip} ${Date.now()}`;
    await customerTexts(request, customer, before);

    const { context, page } = await advisor(browser, 'office_manager');
    await page.setViewportSize(screen.viewport);
    await workerActivated(page);
    await openConversation(page, customer.interactionId);
    await expect(serverBubble(page, before)).toBeVisible();
    await useOnlineUntilCached(page, ['/api/enterprise/1/store', `/conversation-history?future_service_interaction_id=${customer.interactionId}`, '/user/me'], () =>
      expect(serverBubble(page, before)).toBeVisible({ timeout: 20_000 }),
    );
    const selected = {
      enterprise: await page.getByRole('combobox', { name: 'Enterprise' }).textContent(),
      boc: await page.getByRole('combobox', { name: 'BOC' }).textContent(),
      store: await page.getByRole('combobox', { name: 'Store' }).textContent(),
    };
    expect(selected.store).toMatch(/[A-Za-z]/);

    await context.setOffline(true);
    await page.reload();

    await expect(page.getByTestId('main-layout')).toBeVisible();
    await expect(indicator(page)).toHaveAttribute('data-state', 'offline');
    await expect(page.getByRole('combobox', { name: 'Enterprise' })).toHaveText(selected.enterprise!);
    await expect(page.getByRole('combobox', { name: 'BOC' })).toHaveText(selected.boc!);
    await expect(page.getByRole('combobox', { name: 'Store' })).toHaveText(selected.store!);
    await expect(page.getByTestId('conversation-view')).toHaveAttribute('data-interaction-id', String(customer.interactionId));
    await expect(serverBubble(page, before)).toBeVisible();
    if (screen.viewport.width >= 900) await expect(conversations(page).locator(`[data-interaction-id="${customer.interactionId}"]`)).toBeVisible();
    // Nothing the user has to dismiss: being offline is said by the connection indicator alone.
    await page.waitForTimeout(2_000);
    await expect(page.locator('.MuiAlert-colorError, .MuiAlert-colorWarning').filter({ visible: true })).toHaveCount(0);

    // The network comes back: no reload, the app is live again and shows what arrives.
    await context.setOffline(false);
    await expect(indicator(page)).toHaveAttribute('data-state', 'online', { timeout: 30_000 });
    const after = `Out of the tunnel ${screen.skip} ${Date.now()}`;
    await customerTexts(request, customer, after);
    await expect(serverBubble(page, after)).toBeVisible({ timeout: 15_000 });
    await context.close();
  });
}
