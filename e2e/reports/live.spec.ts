import { expect, test } from '@playwright/test';
import { STORE_ID, STORE_NUMBER, apiToken, pickCustomer, signIn } from '../support';

test('an open dashboard reloads within seconds of an inbound text and counts a new booking, without a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await apiToken(request, 'office_manager');
  const headers = { authorization: `Bearer ${token}` };
  await signIn(page, 'office_manager');
  await expect(page).toHaveURL(/\/leadmanager/);
  await page.goto('/reports');
  await page.getByRole('tab', { name: 'Service' }).click();
  await page.getByRole('button', { name: 'Type All' }).click();
  const booked = page.getByTestId('counter-APPT_BOOKING');
  await expect(booked).toBeVisible();
  await page.waitForLoadState('networkidle');
  const screen = page.getByTestId('reports-screen');
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });

  // A customer texts the store through the simulated carrier's webhook: the figures reload.
  const liveKey = await screen.getAttribute('data-live-key');
  const customer = await pickCustomer(request, token);
  const reloaded = page.waitForRequest((r) => r.url().endsWith('/api/future-service-interaction/summaryReport') && r.method() === 'POST', { timeout: 10_000 });
  const sent = await request.post('/api/simulator/inbound', { data: { from: customer.cellular, to: STORE_NUMBER, body: `Is my car ready? e2e ${Date.now()}` } });
  expect(sent.ok()).toBe(true);
  await reloaded;
  await expect(screen).not.toHaveAttribute('data-live-key', liveKey ?? '');
  await page.waitForLoadState('networkidle');
  const before = Number(await booked.textContent());

  // A conversation of the store contacted this week and not booked yet, open or closed.
  const res = await request.post('/api/future-service-interaction/summaryReport/detail', {
    headers,
    data: { enterpriseId: 1, storeIds: [STORE_ID], tab: 'SERVICE', counter: 'CONTACTED', size: 100 },
  });
  const rows = ((await res.json()) as { content: { futureServiceInteractionId: number; apptBookedOn: string | null }[] }).content;
  const row = rows.find((r) => r.apptBookedOn === null)!;
  expect(row).toBeTruthy();

  let status = 0;
  const now = new Date();
  for (let d = 2; d < 14 && status !== 201; d++) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + d, 15, 0));
    if (day.getUTCDay() === 0) continue;
    const booking = await request.post('/api/appointment', {
      headers,
      data: { storeId: STORE_ID, futureServiceInteractionId: row.futureServiceInteractionId, startDate: day.toISOString(), opCodes: ['01OILZ'] },
    });
    status = booking.status();
  }
  expect(status).toBe(201);
  await expect(booked).toHaveText(String(before + 1), { timeout: 10_000 });
  expect(navigations).toEqual([]);
});
