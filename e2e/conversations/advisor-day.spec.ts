import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, pickCustomer, signIn, STORE_ID, expectNoSeriousViolations } from '../support';

// An advisor's day on a desktop and on a 10-inch tablet held either way, by touch.
const SCREENS = [
  { name: 'desktop 1440x900', viewport: { width: 1440, height: 900 }, hasTouch: false, index: 0 },
  { name: 'tablet 1024x768', viewport: { width: 1024, height: 768 }, hasTouch: true, index: 1 },
  { name: 'tablet 768x1024', viewport: { width: 768, height: 1024 }, hasTouch: true, index: 2 },
] as const;

/** Taps on a touch screen, clicks with a mouse. */
async function press(_page: Page, locator: ReturnType<Page['locator']>, touch: boolean): Promise<void> {
  if (touch) await locator.tap();
  else await locator.click();
}

async function signedIn(page: Page): Promise<void> {
  await signIn(page, 'office_manager');
  await expect(page).toHaveURL(/\/leadmanager/);
}

async function closeConversation(request: APIRequestContext, interactionId: number): Promise<void> {
  const token = await apiToken(request, 'office_manager');
  const res = await request.post('/api/future-service-interaction/update-conv-closed', {
    headers: { authorization: `Bearer ${token}` },
    params: { 'future-service-interaction-id': interactionId, convClosed: 'true' },
  });
  expect(res.ok()).toBeTruthy();
}

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.hasTouch });
    // Several screens per test, on a machine that also runs the product.
    test.describe.configure({ timeout: 120_000 });

    test('a closed conversation opens from All leads, says it is closed, and can be reopened', async ({ page, request }) => {
      const customer = await pickCustomer(request, await apiToken(request, 'office_manager'), 10 + screen.index);
      await closeConversation(request, customer.interactionId);
      await signedIn(page);
      await page.goto('/leadmanager?tab=leads');
      const grid = page.getByRole('grid', { name: /leads of/i });
      await page.getByRole('searchbox', { name: 'Search' }).fill(customer.cellular.slice(-7));
      const row = grid.getByRole('row').filter({ hasText: customer.name.split(' ')[0]! }).filter({ hasText: 'Closed' }).first();
      await expect(row).toBeVisible();
      await press(page, row.getByRole('gridcell').first(), screen.hasTouch);

      const view = page.getByTestId('conversation-view');
      await expect(view).toHaveAttribute('data-interaction-id', String(customer.interactionId));
      await expect(page.getByTestId('closed-conversation')).toBeVisible();
      await press(page, page.getByTestId('closed-conversation').getByRole('button', { name: 'Reopen' }), screen.hasTouch);
      await expect(page.getByText('Successfully Updated').first()).toBeVisible();
      await expect(page.getByTestId('closed-conversation')).toHaveCount(0);
      // Back in the live inbox (beside the conversation where the screen is wide enough for both).
      if (screen.viewport.width >= 900)
        await expect(page.getByRole('listbox', { name: 'Conversations' }).locator(`[data-interaction-id="${customer.interactionId}"]`)).toBeVisible();
    });

    test('a template is put into the inbox composer, filled in for the customer', async ({ page, request }) => {
      const token = await apiToken(request, 'office_manager');
      const customer = await pickCustomer(request, token, 3);
      const title = `Ready ${screen.index} ${Date.now()}`;
      const headers = { authorization: `Bearer ${token}` };
      // A template of the conversation's own service type, which the picker lists first.
      const record = await request.get('/api/future-service-interaction', { headers, params: { 'future-service-interaction-id': customer.interactionId } });
      const { serviceType } = (await record.json()) as { serviceType: string };
      const saved = await request.post('/api/customTemplate', {
        headers,
        data: { title, body: 'Hi ${customer.firstName}, your car is ready.', serviceType },
      });
      expect(saved.ok()).toBeTruthy();
      await signedIn(page);
      await page.goto(`/leadmanager?fsi=${customer.interactionId}`);
      const view = page.getByTestId('conversation-view');
      await expect(view.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 20_000 });
      await press(page, view.getByRole('button', { name: 'Templates' }), screen.hasTouch);
      const dialog = page.getByRole('dialog', { name: 'Templates' });
      await expect(dialog).toBeVisible();
      const row = dialog.getByTestId('template-row').filter({ hasText: title });
      await expect(row).toBeVisible();
      await press(page, row.getByRole('button', { name: 'Add Me' }), screen.hasTouch);
      await expect(dialog).toBeHidden();
      const firstName = customer.name.split(' ')[0]!;
      await expect(view.getByRole('textbox', { name: 'Message' })).toHaveValue(`Hi ${firstName}, your car is ready.`);
    });

    test('a board card opens its customer’s conversation and shows its promised time whole', async ({ page }) => {
      await signedIn(page);
      await page.goto('/swimlane');
      await expect(page.getByTestId('board-status')).toHaveText('Live', { timeout: 30_000 });
      const picker = page.getByRole('tablist', { name: 'Lanes' });
      await expect(picker.getByRole('tab')).toHaveCount(8);
      await press(page, picker.getByRole('tab', { name: /Working/ }), screen.hasTouch);
      const lane = page.getByTestId('lane-ASSIGNED');
      const card = lane.locator('[data-card-id]').first();
      await expect(card).toBeInViewport();
      // The promise is on a line of its own, not cut off.
      const promise = card.getByTestId('card-promised');
      await expect(promise).toHaveText(/^(Promised .+|No promise time)$/);
      expect(await promise.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      await press(page, card.getByRole('heading', { level: 3 }), screen.hasTouch);
      await expect(page).toHaveURL(/\/leadmanager\?fsi=\d+/);
      await expect(page.getByTestId('conversation-view')).toBeVisible();
      await expect(page.getByTestId('conversation-view').getByRole('button', { name: 'Send' })).toBeInViewport();
    });

    test('every navigation entry can be reached and tapped, and the customer page opens from the conversation', async ({ page, request }) => {
      const customer = await pickCustomer(request, await apiToken(request, 'office_manager'), 4);
      await signedIn(page);
      if (screen.viewport.width < 900) {
        // Portrait: the drawer opens over the app bar, every entry can be tapped.
        await page.getByRole('button', { name: 'Open navigation' }).tap();
        const nav = page.getByRole('navigation', { name: 'Main navigation' }).filter({ visible: true });
        const entries = nav.getByRole('link');
        expect(await entries.count()).toBeGreaterThanOrEqual(8);
        for (const entry of await entries.all()) await entry.tap({ trial: true });
        await nav.getByRole('link', { name: 'Appointments' }).tap();
        await expect(page).toHaveURL(/\/appointments$/);
        await expect(page.getByRole('button', { name: 'Book appointment' })).toBeVisible();
      } else {
        // Wide: the side navigation collapses to icons and expands again.
        await press(page, page.getByRole('button', { name: 'Collapse navigation' }), screen.hasTouch);
        const nav = page.getByRole('navigation', { name: 'Main navigation' }).filter({ visible: true });
        await press(page, nav.getByRole('link', { name: 'Appointments' }), screen.hasTouch);
        await expect(page).toHaveURL(/\/appointments$/);
        await press(page, page.getByRole('button', { name: 'Expand navigation' }), screen.hasTouch);
        await expect(page.getByRole('button', { name: 'Collapse navigation' })).toBeVisible();
      }

      await page.goto(`/leadmanager?fsi=${customer.interactionId}`);
      await press(page, page.getByTestId('conversation-view').getByRole('link', { name: /customer page/ }), screen.hasTouch);
      await expect(page).toHaveURL(new RegExp(`/customer/\\d+/${STORE_ID}/\\d+$`));
      const customerPage = page.getByTestId('customer-page');
      await expect(customerPage.getByRole('heading', { level: 2, name: customer.name })).toBeVisible();
      const conversations = page.getByRole('region', { name: 'Conversations' });
      await expect(conversations.getByTestId(`customer-conversation-${customer.interactionId}`)).toBeVisible();
      await expectNoSeriousViolations(page, `customer page at ${screen.name}`);
      await press(page, conversations.getByTestId(`customer-conversation-${customer.interactionId}`), screen.hasTouch);
      await expect(page.getByTestId('conversation-view')).toHaveAttribute('data-interaction-id', String(customer.interactionId));
    });

    test('the same customer, vehicle and time cannot be booked twice', async ({ page }) => {
      await signedIn(page);
      await page.goto('/appointments');
      const open = page.getByRole('button', { name: 'Book appointment' });
      const dialog = page.getByRole('dialog', { name: 'Book a service appointment' });

      const customerBox = dialog.getByRole('combobox', { name: 'Customer' });
      let chosen: string | null = null;
      const choose = async () => {
        await press(page, open, screen.hasTouch);
        await customerBox.click();
        // The same customer the second time, wherever the list puts them then.
        if (chosen) await page.getByRole('option', { name: chosen, exact: true }).click();
        else await page.getByRole('option').nth(5 + screen.index).click();
        chosen = await customerBox.inputValue();
        await dialog.getByRole('combobox', { name: 'Service' }).click();
        await page.getByRole('option', { name: /Oil and filter change/ }).click();
      };
      const times = dialog.getByRole('group', { name: 'Available times' });

      await choose();
      // Days ahead (a different day per screen), so no time passes while the test runs; then the
      // first day with a free time.
      for (let i = 0; i < 2 + 2 * screen.index; i++) {
        await dialog.getByRole('button', { name: 'Next day' }).click();
        await expect(dialog.getByText('Loading times…')).toHaveCount(0);
      }
      while ((await times.count()) === 0 || (await times.locator('button:not([disabled])').count()) === 0) {
        await dialog.getByRole('button', { name: 'Next day' }).click();
        await expect(dialog.getByText('Loading times…')).toHaveCount(0);
      }
      const slot = times.locator('button:not([disabled])').first();
      const time = (await slot.getAttribute('aria-label'))!.split(',')[0]!;
      await press(page, slot, screen.hasTouch);
      await press(page, dialog.getByRole('button', { name: 'Confirm booking' }), screen.hasTouch);
      await expect(page.getByText('Appointment booked Successfully')).toBeVisible();
      await expect(dialog).toBeHidden();

      // Again, the same customer and car at the same time (the dialog is still on that day).
      await choose();
      await expect(dialog.getByText('Already booked for this customer:')).toBeVisible();
      await press(page, times.getByRole('button', { name: new RegExp(`^${time},`) }), screen.hasTouch);
      await press(page, dialog.getByRole('button', { name: 'Confirm booking' }), screen.hasTouch);
      await expect(page.getByText('This customer already has this vehicle booked at this time')).toBeVisible();
      await expect(dialog).toBeVisible();
    });
  });
}
