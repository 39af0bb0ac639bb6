import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiToken, pickCustomer, signIn, STORE_NUMBER } from '../support';

async function advisor(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  await expect(page).toHaveURL(/\/leadmanager/);
  await expect(page.getByRole('listbox', { name: 'Conversations' })).toBeVisible();
  // Notifications start once the inbox has synced with the server.
  await expect(page.locator('[data-collab-status="online"]')).toBeVisible();
  return page;
}

function conversations(page: Page) {
  return page.getByRole('listbox', { name: 'Conversations' });
}

function thread(page: Page) {
  return page.getByRole('list', { name: 'Messages' });
}

function bubble(page: Page, text: string) {
  return thread(page).locator('[data-message-id]', { hasText: text });
}

test('two advisors work one inbox live: inbound, reply, delivery, notes and archive', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, 'office_manager');
  const customer = await pickCustomer(request, token);
  const stamp = Date.now();
  const inbound = `Can I come in Friday? e2e ${stamp}`;
  const reply = `Friday at 9 works, see you then ${stamp}`;
  const note = `Customer prefers mornings ${stamp}`;

  const a = await advisor(browser, 'office_manager');
  const b = await advisor(browser, 'office_user');

  // A customer texts the store through the simulated carrier's real webhook.
  const sent = await request.post('/api/simulator/inbound', { data: { from: customer.cellular, to: STORE_NUMBER, body: inbound } });
  expect(sent.ok()).toBeTruthy();

  // Both inboxes move the conversation to the top, with its unread count, and say so.
  for (const page of [a, b]) {
    const top = conversations(page).getByRole('option').first();
    await expect(top).toContainText(customer.name);
    await expect(top.locator('[data-unread]')).toBeVisible();
    await expect(page.getByText(`New message from ${customer.name}`)).toBeVisible();
  }

  // Advisor A opens it: the address names it, the message is there, and the read marker clears
  // the unread count for everyone (the server rewrites the row).
  await conversations(a).getByRole('option').filter({ hasText: customer.name }).first().click();
  await expect(a).toHaveURL(/[?&]fsi=\d+/);
  const fsi = Number(new URL(a.url()).searchParams.get('fsi'));
  await expect(bubble(a, inbound)).toBeVisible();
  await expect(conversations(b).locator(`[data-interaction-id="${fsi}"] [data-unread]`)).toHaveCount(0);

  // Advisor B has the same conversation open while A answers: B sees the reply without a reload,
  // and the delivery ticks once the carrier reports delivery.
  await conversations(b).locator(`[data-interaction-id="${fsi}"]`).click();
  await expect(bubble(b, inbound)).toBeVisible();
  await a.getByRole('textbox', { name: 'Message' }).fill(reply);
  await expect(a.getByText(/\d+ \/ 160 · 1 segment · GSM-7/)).toBeVisible();
  await a.getByRole('button', { name: 'Send' }).click();
  await expect(a.getByText('Successfully Sent')).toBeVisible();
  await expect(a.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(bubble(b, reply)).toBeVisible();
  await expect(bubble(b, reply)).toHaveAttribute('data-status', 'double-tick', { timeout: 20_000 });
  await expect(bubble(a, reply)).toHaveAttribute('data-status', 'double-tick', { timeout: 20_000 });

  // The assistant switch: A turns it over, B's list follows.
  const aiSwitch = a.getByRole('switch', { name: /AI (on|off)/ });
  const wasOn = await aiSwitch.isChecked();
  await aiSwitch.click();
  await expect(a.getByText('Successfully Updated')).toBeVisible();
  await expect(aiSwitch).toBeChecked({ checked: !wasOn });
  await expect(conversations(b).locator(`[data-interaction-id="${fsi}"]`)).toContainText(wasOn ? 'AI off' : 'AI on');

  // An internal note: written by A, shown to the super data admin, never to the office user.
  await a.getByRole('combobox', { name: 'Channel' }).click();
  await a.getByRole('option', { name: 'Internal note' }).click();
  await a.getByRole('textbox', { name: 'Message' }).fill(note);
  await a.getByRole('button', { name: 'Send' }).click();
  await expect(a.getByText('Successfully Sent')).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'super_data_admin');
  await expect(admin).toHaveURL(/\/leadmanager/);
  // The super data admin's scope spans every store: choose store 1 in the top bar, as a person would.
  await expect(admin.getByRole('combobox', { name: 'Enterprise' })).toContainText('Drivebay Demo Motors');
  await admin.getByRole('combobox', { name: 'BOC' }).click();
  await admin.getByRole('option', { name: 'Metro Toyota Group' }).click();
  await admin.getByRole('combobox', { name: 'Store' }).click();
  await admin.getByRole('option', { name: 'Metro Toyota of Brooklyn' }).click();
  await expect(conversations(admin)).toBeVisible();
  await admin.goto(`/leadmanager?fsi=${fsi}`);
  await expect(thread(admin).locator('[data-kind="note"]', { hasText: note })).toBeVisible();
  await expect(bubble(admin, reply)).toBeVisible();

  await b.reload();
  await expect(bubble(b, reply)).toBeVisible();
  await expect(thread(b).getByText(note)).toHaveCount(0);

  // Set Response Time needs a date and a time; the pickers take 12-hour input in one-minute steps.
  await bubble(admin, reply).getByRole('button', { name: 'Message options' }).click();
  await admin.getByRole('menuitem', { name: 'Set Response Time' }).click();
  const rtDialog = admin.getByRole('dialog', { name: 'Set Response Time' });
  await rtDialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Please Enter Response date and time')).toBeVisible();
  await rtDialog.getByRole('group', { name: 'Response date' }).click();
  await admin.keyboard.type(new Date().toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: 'America/New_York' }).replace(/\D/g, ''));
  await rtDialog.getByRole('group', { name: 'Response time' }).click();
  await admin.keyboard.type('1159PM');
  await rtDialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Message Response Successfully Updated')).toBeVisible();
  await expect(rtDialog).toBeHidden();

  // Archive with the confirmation dialog: the message turns grey for the admin.
  await bubble(admin, reply).getByRole('button', { name: 'Message options' }).click();
  await admin.getByRole('menuitem', { name: 'Archive' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Confirmation' });
  await expect(dialog).toContainText('Are you sure want to archive this message?');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(admin.getByText('Successfully Archived')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(bubble(admin, reply)).toHaveAttribute('data-archived', 'true');

  await adminContext.close();
  await a.context().close();
  await b.context().close();
});
