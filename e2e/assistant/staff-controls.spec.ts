import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signIn } from '../support';
import { apiLogin, newConversation } from '../deal-room/support';

// Metro Toyota of Brooklyn's assistant number, which the customers text.
const STORE_NUMBER = '+17185550101';

function thread(page: Page) {
  return page.getByRole('list', { name: 'Messages' });
}

function bubble(page: Page, text: string) {
  return thread(page).locator('[data-message-id]', { hasText: text });
}

/** A notice; an open dialog hides the rest of the page from the accessibility tree, so not found by role. */
function notice(page: Page, text: string) {
  return page.locator('[role="alert"]', { hasText: text }).first();
}

/** A customer number of this test; a retry texts from another, so it reads a thread of its own. */
function attemptPhone(phone: string): string {
  return test.info().retry ? phone.replace(/^646555/, `64655${5 + test.info().retry}`) : phone;
}

/** The customer texts the store through the simulated carrier's signed webhook. */
async function customerTexts(request: APIRequestContext, phone: string, body: string) {
  const sent = await request.post('/api/simulator/inbound', { data: { from: `+1${phone}`, to: STORE_NUMBER, body } });
  expect(sent.ok()).toBeTruthy();
}

async function staffPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  await expect(page).toHaveURL(/\/leadmanager/);
  return page;
}

/** A user whose scope spans every store picks Metro Toyota of Brooklyn in the top bar, as a person would. */
async function chooseStoreOne(page: Page) {
  await page.getByRole('combobox', { name: 'BOC' }).click();
  await page.getByRole('option', { name: 'Metro Toyota Group' }).click();
  await page.getByRole('combobox', { name: 'Store' }).click();
  await page.getByRole('option', { name: 'Metro Toyota of Brooklyn' }).click();
  await expect(page.getByRole('listbox', { name: 'Conversations' })).toBeVisible();
}

test('a super user reads the assistant’s intents, reviews log mode and files a message under an intent', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request, 'office_manager');
  const phone = attemptPhone('6465550181');
  const fsi = await newConversation(request, token, 'Riley', phone);
  const text = 'Yes, thursday at 3pm works for me';
  await customerTexts(request, phone, text);

  const page = await staffPage(browser, 'super_user');
  await chooseStoreOne(page);
  await page.goto(`/leadmanager?fsi=${fsi}`);
  await expect(bubble(page, text)).toBeVisible();

  // Show Intents: the assistant read a yes with a day and time, the date first.
  await bubble(page, text).getByRole('button', { name: 'Message options' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Archive', 'Log mode', 'Show Intents', 'DT', 'Action Intents', 'Default Action Intents']);
  await page.getByRole('menuitem', { name: 'Show Intents' }).click();
  const intents = page.getByRole('dialog', { name: 'Show Intents' });
  await expect(intents.getByRole('group', { name: 'Final Intent Names' })).toContainText('DT');
  await expect(intents.getByRole('group', { name: 'Multi Intent Names' })).toContainText('YES');
  await expect(intents.getByRole('table', { name: 'Intents' })).toContainText('thursday at 3pm');
  await intents.getByRole('button', { name: 'Close' }).click();
  await expect(intents).toBeHidden();

  // The lead form's message came in before any reading was kept: the modal says there is none.
  await bubble(page, 'I would like to schedule an appointment please.').first().getByRole('button', { name: 'Message options' }).click();
  await page.getByRole('menuitem', { name: 'Show Intents' }).click();
  await expect(page.getByRole('dialog', { name: 'Show Intents' })).toContainText('NO records available.');
  await page.getByRole('dialog', { name: 'Show Intents' }).getByRole('button', { name: 'Close' }).click();

  // Log mode: switched on, the assistant's would-be reply is shown; the review goes right, then wrong.
  await bubble(page, text).getByRole('button', { name: 'Message options' }).click();
  await page.getByRole('menuitem', { name: 'Log mode' }).click();
  await expect(notice(page, 'Log mode enabled')).toBeVisible();
  const log = bubble(page, text).getByTestId('log-mode');
  await expect(log).toHaveAttribute('data-log-mode', 'unreviewed');
  await expect(log).toContainText('The assistant would reply');
  await log.getByRole('button', { name: 'Confirm the reading' }).click();
  await expect(log).toHaveAttribute('data-log-mode', 'right');
  await log.getByRole('button', { name: 'Change the review' }).click();
  const review = page.getByRole('dialog', { name: 'Options' });
  await expect(review).toContainText('Options');
  await review.getByRole('button', { name: 'Reading wrong' }).click();
  await expect(log).toHaveAttribute('data-log-mode', 'wrong');
  await page.reload();
  await expect(bubble(page, text).getByTestId('log-mode')).toHaveAttribute('data-log-mode', 'wrong');

  // Default Action Intents needs an intent; the chosen one shows in Show Intents afterwards.
  await bubble(page, text).getByRole('button', { name: 'Message options' }).click();
  await page.getByRole('menuitem', { name: 'Default Action Intents' }).click();
  const form = page.getByRole('dialog', { name: 'Default Action Intents' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(notice(page, 'Please select an intent')).toBeVisible();
  await form.getByRole('combobox', { name: 'Intent' }).click();
  await page.getByRole('option', { name: /^CL/ }).click();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(notice(page, 'Successfully Updated')).toBeVisible();
  await expect(form).toBeHidden();
  await bubble(page, text).getByRole('button', { name: 'Message options' }).click();
  await page.getByRole('menuitem', { name: 'Show Intents' }).click();
  await expect(page.getByRole('dialog', { name: 'Show Intents' })).toContainText('Chosen by staff: CL');
  await page.context().close();
});

test('an office manager runs the AI switch and the Date Time Dialogue; an office user has no options', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request, 'office_manager');
  const phone = attemptPhone('6465550182');
  const fsi = await newConversation(request, token, 'Casey', phone);
  await customerTexts(request, phone, 'Can I bring the car in sometime?');

  const page = await staffPage(browser, 'office_manager');
  await page.goto(`/leadmanager?fsi=${fsi}`);
  await expect(bubble(page, 'Can I bring the car in sometime?')).toBeVisible();

  // The AI switch: the server first, then the switch; the record agrees after a reload.
  const ai = page.getByRole('switch', { name: /AI (on|off)/ });
  const wasOn = await ai.isChecked();
  await ai.click();
  await expect(notice(page, 'Successfully Updated')).toBeVisible();
  await expect(ai).toBeChecked({ checked: !wasOn });
  await page.reload();
  await expect(page.getByRole('switch', { name: /AI (on|off)/ })).toBeChecked({ checked: !wasOn });

  // Send Date Time Dialogue with a typed last message: the assistant offers that time.
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  const options = page.getByRole('dialog', { name: 'Options' });
  const dt = options.getByRole('button', { name: 'DT', exact: true });
  await expect(dt).toHaveAttribute('data-dt-enabled', 'false');
  await options.getByRole('button', { name: 'Send Date Time Dialogue' }).click();
  const dialogue = page.getByRole('dialog', { name: 'Send Date Time Dialogue' });
  await dialogue.getByRole('textbox', { name: 'Last Message' }).fill('How about next Friday at 10am?');
  await dialogue.getByRole('button', { name: 'Send' }).click();
  await expect(notice(page, 'Date Time Dialogue Sent')).toBeVisible();
  await expect(dt).toHaveAttribute('data-dt-enabled', 'true');
  await expect(options.getByRole('switch', { name: 'DT Enable' })).toBeChecked();
  // The options popover keeps the page behind it from assistive technology: close it to read the thread.
  await page.keyboard.press('Escape');
  await expect(thread(page).locator('[data-direction="SEND"]', { hasText: /Fri/ }).last()).toBeVisible();

  // Off with the red DT button; on again, the server says the dialogue had its chance: Yes forces it.
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  await dt.click();
  await expect(notice(page, 'Date Time Dialogue Disabled')).toBeVisible();
  await expect(dt).toHaveAttribute('data-dt-enabled', 'false');
  await options.getByRole('switch', { name: 'DT Enable' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send Date Time Dialogue' });
  await expect(confirm).toContainText('already had its chance');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(notice(page, 'Date Time Dialogue Sent')).toBeVisible();
  await expect(dt).toHaveAttribute('data-dt-enabled', 'true');
  await page.keyboard.press('Escape');

  // The inbound-appointment workflow: "Customer said no" asks the customer for another time.
  const sent = thread(page).locator('[data-direction="SEND"]');
  const before = await sent.count();
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  await options.getByRole('combobox', { name: 'Workflow step' }).click();
  await page.getByRole('option', { name: /^Customer said no: ask for another time/ }).click();
  await options.getByRole('button', { name: 'Apply' }).click();
  await expect(notice(page, 'Successfully Updated')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sent).toHaveCount(before + 1);

  // The office user sees the conversation and the AI switch, but none of the options.
  const user = await staffPage(browser, 'office_user');
  await user.goto(`/leadmanager?fsi=${fsi}`);
  await expect(bubble(user, 'Can I bring the car in sometime?')).toBeVisible();
  await expect(user.getByRole('switch', { name: /AI (on|off)/ })).toBeVisible();
  await expect(user.getByRole('button', { name: 'Options', exact: true })).toHaveCount(0);
  await expect(bubble(user, 'Can I bring the car in sometime?').getByRole('button', { name: 'Message options' })).toHaveCount(0);
  await user.context().close();
  await page.context().close();
});

test('handoffs from the conversation and the deal room leave their bubbles in the thread', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request, 'office_manager');
  const phone = attemptPhone('6465550183');
  const fsi = await newConversation(request, token, 'Jordan', phone);
  await customerTexts(request, phone, 'Do you have a coupon for the 30k service?');

  // Handoff bubbles are internal: the super data admin sees them.
  const page = await staffPage(browser, 'super_data_admin');
  await chooseStoreOne(page);
  await page.goto(`/leadmanager?fsi=${fsi}`);
  await expect(bubble(page, 'coupon for the 30k service')).toBeVisible();
  const handoffs = thread(page).locator('[data-kind="handoff"]');
  const before = await handoffs.count();

  await page.getByRole('button', { name: 'Options', exact: true }).click();
  await page.getByRole('dialog', { name: 'Options' }).getByRole('button', { name: 'GM Handoff' }).click();
  await expect(notice(page, 'Successfully Updated')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(handoffs).toHaveCount(before + 1);
  await expect(handoffs.last()).toContainText(/GM HANDOFF/);

  // The deal room of the same conversation: its options popover hands off by hand.
  await page.goto(`/leadmanager?servicepage=inbox&future_service_interaction_id=${fsi}`);
  await expect(page.getByTestId('deal-room-customer')).toHaveText('Jordan Tester');
  await expect(page.getByRole('switch', { name: /AI (on|off)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  // The store's sending assistant, from the assistant list.
  await expect(page.getByRole('dialog', { name: 'Options' })).toContainText('Ava Reyes');
  await page.getByRole('dialog', { name: 'Options' }).getByRole('button', { name: 'Manual Handoff' }).click();
  await expect(notice(page, 'Successfully Updated')).toBeVisible();
  await expect(page.getByTestId('deal-room-message').filter({ hasText: 'Customer HANDOFF' }).last()).toContainText('needs a person: manual handoff');
  await page.context().close();
});
