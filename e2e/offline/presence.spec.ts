import { expect, test } from '@playwright/test';
import { advisor, apiToken, conversations, customerTexts, messageBox, openConversation, pickCustomer } from './support';

test('advisors see who has a conversation open and who is typing, and are asked before replying over each other', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, 'office_manager');
  const customer = await pickCustomer(request, token, 3);
  await customerTexts(request, customer, `Hello, anyone there? presence-${Date.now()}`);

  const olivia = await advisor(browser, 'office_manager');
  const grace = await advisor(browser, 'office_user');
  const row = (page: typeof olivia.page) => conversations(page).locator(`[data-interaction-id="${customer.interactionId}"]`);

  // Olivia opens the conversation: Grace's list shows her initials on its row.
  await openConversation(olivia.page, customer.interactionId);
  await expect(row(grace.page).getByTestId('row-viewers')).toContainText('OM');
  await expect(row(grace.page).getByTestId('row-viewers')).toHaveAttribute('aria-label', 'Open for Olivia Martinez');
  // Nobody is shown to themselves.
  await expect(row(olivia.page).getByTestId('row-viewers')).toHaveCount(0);

  // Grace opens it too: each sees the other in the header.
  await openConversation(grace.page, customer.interactionId);
  await expect(grace.page.getByTestId('conversation-viewers')).toContainText('OM');
  await expect(olivia.page.getByTestId('conversation-viewers')).toContainText('GL');

  // Olivia types: Grace reads "Olivia is typing…" and the row shows a pencil.
  await messageBox(olivia.page).pressSequentially('Your car is ready', { delay: 20 });
  await expect(grace.page.getByTestId('typing-indicator')).toHaveText('Olivia is typing…');
  await expect(row(grace.page).getByTestId('row-typing')).toBeVisible();

  // Grace starts a reply while Olivia types, and is asked before it goes out.
  await messageBox(grace.page).pressSequentially('I can help you', { delay: 20 });
  await messageBox(olivia.page).pressSequentially(' for pickup', { delay: 20 });
  await grace.page.getByRole('button', { name: 'Send' }).click();
  const dialog = grace.page.getByRole('dialog', { name: 'Someone else is replying' });
  await expect(dialog).toContainText('Olivia is also replying — send anyway?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(messageBox(grace.page)).toHaveValue('I can help you');

  // Typing stops a few seconds after the last key; leaving the conversation clears the avatars.
  await expect(grace.page.getByTestId('typing-indicator')).toHaveText('', { timeout: 10_000 });
  await olivia.page.getByRole('tab', { name: 'All leads' }).click();
  await expect(grace.page.getByTestId('conversation-viewers')).toHaveCount(0);
  await expect(row(grace.page).getByTestId('row-viewers')).toHaveCount(0);

  await olivia.context.close();
  await grace.context.close();
});
