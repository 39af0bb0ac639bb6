import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken, type Customer, pickCustomer, signIn, STORE_NUMBER } from '../support';

// The screens advisors answer customers on: laptops, desktops and a tablet held either way.
const VIEWPORTS = [
  { width: 1280, height: 720, hasTouch: false },
  { width: 1440, height: 900, hasTouch: false },
  { width: 1920, height: 1080, hasTouch: false },
  { width: 1024, height: 768, hasTouch: true },
  { width: 768, height: 1024, hasTouch: true },
] as const;

// Enough messages that the thread is several screens long at every size above.
const HISTORY = 30;

type LongConversation = { customer: Customer; newest: string };

let longConversation: Promise<LongConversation> | null = null;

/** A conversation with a long history, made once per run through the carrier's inbound webhook. */
function conversationWithHistory(request: APIRequestContext): Promise<LongConversation> {
  longConversation ??= (async () => {
    const customer = await pickCustomer(request, await apiToken(request, 'office_manager'));
    const stamp = Date.now();
    for (let i = 1; i <= HISTORY; i++) {
      const body = `History ${i} of ${HISTORY}: is the car ready yet? ${stamp}`;
      const sent = await request.post('/api/simulator/inbound', { data: { from: customer.cellular, to: STORE_NUMBER, body } });
      expect(sent.ok()).toBeTruthy();
    }
    return { customer, newest: `History ${HISTORY} of ${HISTORY}: is the car ready yet? ${stamp}` };
  })();
  return longConversation;
}

async function openConversation(page: Page, customer: Customer): Promise<void> {
  await signIn(page, 'office_manager');
  await expect(page).toHaveURL(/\/leadmanager/);
  await page.goto(`/leadmanager?fsi=${customer.interactionId}`);
  await expect(page.getByTestId('conversation-view')).toBeVisible();
}

async function expectInViewport(page: Page, locator: Locator): Promise<void> {
  const viewport = page.viewportSize()!;
  const box = (await locator.boundingBox())!;
  expect(box, 'laid out').not.toBeNull();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

for (const { width, height, hasTouch } of VIEWPORTS) {
  test.describe(`at ${width}x${height}`, () => {
    test.use({ viewport: { width, height }, hasTouch });

    test('an open conversation shows its header, the newest messages and Send without scrolling the page', async ({ page, request }) => {
      test.setTimeout(90_000);
      const { customer, newest } = await conversationWithHistory(request);
      await openConversation(page, customer);
      const thread = page.getByRole('list', { name: 'Messages' });
      await expect(thread.locator('[data-message-id]', { hasText: newest })).toBeVisible();

      const view = page.getByTestId('conversation-view');
      await expectInViewport(page, view.getByRole('heading', { level: 2, name: customer.name }));
      await expectInViewport(page, view.getByRole('switch', { name: /AI (on|off)/ }));
      await expectInViewport(page, view.getByRole('button', { name: 'Options' }));
      await expectInViewport(page, page.getByRole('textbox', { name: 'Message' }));
      await expectInViewport(page, page.getByRole('button', { name: 'Send' }));

      // The page itself does not scroll; the thread does, and starts at its newest message.
      const page_ = await page.evaluate(() => ({ scrollHeight: document.scrollingElement!.scrollHeight, innerHeight: window.innerHeight }));
      expect(page_.scrollHeight).toBeLessThanOrEqual(page_.innerHeight);
      const scrolls = await thread.evaluate((el) => el.scrollHeight > el.clientHeight);
      expect(scrolls).toBe(true);
      await expect(thread.locator('[data-message-id]').last()).toBeInViewport();
    });
  });
}

test('Ctrl+Enter sends what is typed; Enter starts a new line', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { customer } = await conversationWithHistory(request);
  await openConversation(page, customer);
  const stamp = Date.now();
  const editor = page.getByRole('textbox', { name: 'Message' });
  const bubble = page.getByRole('list', { name: 'Messages' }).locator('[data-message-id]', { hasText: `Second line ${stamp}` });

  await editor.click();
  await page.keyboard.type(`First line ${stamp}`);
  await page.keyboard.press('Enter');
  await page.keyboard.type(`Second line ${stamp}`);
  await expect(editor).toHaveValue(`First line ${stamp}\nSecond line ${stamp}`);
  await expect(bubble).toHaveCount(0);

  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Successfully Sent')).toBeVisible();
  await expect(editor).toHaveValue('');
  await expect(bubble).toBeVisible();
  await expect(bubble).toContainText(`First line ${stamp}`);
});
