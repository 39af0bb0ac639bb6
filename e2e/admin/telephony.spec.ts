import { expect, test } from '@playwright/test';
import { signIn } from '../support';

// Administration > Telephony on a tablet, by touch: search an area code, buy a proposed number
// on the simulated carrier, assign it to a store; the customer phone page can then text it and
// the text is that store's.
test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

test('an administrator searches, buys and assigns a number; a text to it lands in that store', async ({ page }) => {
  await signIn(page, 'super_admin');
  await expect(page).toHaveURL(/CompanyMasterList/);
  await page.goto('/admin?tab=telephony');
  const main = page.locator('main');

  await main.getByRole('combobox', { name: 'Account of store' }).tap();
  await page.getByRole('option', { name: 'Metro Toyota of Brooklyn' }).tap();
  await main.getByLabel('Area code').tap();
  await page.keyboard.type('718');
  await main.getByRole('button', { name: 'Search numbers' }).tap();
  const proposed = main.getByRole('list', { name: 'Proposed numbers' });
  await expect(proposed.getByRole('listitem')).toHaveCount(10);

  const buy = proposed.getByRole('button', { name: /^Buy / }).first();
  const label = (await buy.getAttribute('aria-label'))!.replace(/^Buy /, '');
  await buy.tap();
  await expect(page.getByText(`Bought ${label}`)).toBeVisible();
  const bought = main.getByRole('table', { name: 'Bought numbers' });
  const digits = label.replace(/\D/g, '');
  const number = `+1${digits.slice(-10)}`;
  const row = bought.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Unassigned');

  await row.getByRole('combobox', { name: 'Store' }).tap();
  await page.getByRole('option', { name: 'Lakeside Toyota Chicago' }).tap();
  // A division the store has no texting number for: its service number (the one the demo's lead
  // forms and other tests text) stays as it is.
  await row.getByRole('combobox', { name: 'Division' }).tap();
  await page.getByRole('option', { name: 'Renewal Expired' }).tap();
  await row.getByRole('button', { name: `Assign ${number}` }).tap();
  // The row shows the chosen store before the assignment is saved; the notice comes after it.
  await expect(page.getByText('Successfully Updated')).toBeVisible();
  await expect(row).toContainText('Lakeside Toyota Chicago');

  // The customer phone page offers the number under that store, and a text to it reaches the store.
  const numbers = (await (await page.request.get('/api/simulator/numbers')).json()) as { storeName: string; number: string }[];
  expect(numbers.find((n) => n.number === number)?.storeName).toBe('Lakeside Toyota Chicago');
  const from = '+16465550188';
  const body = `Is this the service desk? ${Date.now()}`;
  const sent = await page.request.post('/api/simulator/inbound', { data: { from, to: number, body } });
  expect(sent.ok()).toBe(true);
  expect(((await sent.json()) as { webhookStatus: number }).webhookStatus).toBe(200);
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get('/api/simulator/phone/thread', { params: { store: number, phone: from } })).json()))
    .toContain(body);
});
