import { expect, test } from '@playwright/test';
import { DATA_SYNC_MESSAGES, PATHS } from '@drivebay/shared';
import { STORE_ID, apiToken, signIn, expectNoSeriousViolations } from '../support';

// A manager syncs the store from the dealer system, uploads a manufacturer's recall file with its
// own column names, maps them, imports it with progress, reads its report, and the recalls of the
// store's vehicles become recall leads, listed on the planners screen.

const ddmmyyyy = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;

test('sync the store, upload and map a recall file, follow its progress and report, and see its recall leads in the planners', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, 'office_manager');
  await expect(page).toHaveURL(/\/leadmanager/);
  await page.goto(PATHS.dataSync);
  await expect(page.getByRole('heading', { name: 'Data sync' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Data sources' }).getByText('Dealer system', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, 'data sources');

  // Manual sync from the simulated dealer system.
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(DATA_SYNC_MESSAGES.synced, { exact: false })).toBeVisible({ timeout: 60_000 });

  // Vehicles the sync brought, through the closed repair orders it wrote.
  const token = await apiToken(request, 'office_manager');
  const now = new Date();
  const closed = await request.get('/api/future-service-interaction/closedro/search-by-closed-date', {
    headers: { authorization: `Bearer ${token}` },
    params: { store_id_pk: STORE_ID, startDate: ddmmyyyy(new Date(now.getTime() - 40 * 86_400_000)), endDate: ddmmyyyy(new Date(now.getTime() + 2 * 86_400_000)) },
  });
  expect(closed.ok()).toBeTruthy();
  const vins = [...new Set(((await closed.json()) as { vehicle: { vin: string } | null }[]).flatMap((o) => (o.vehicle ? [o.vehicle.vin] : [])))].slice(0, 3);
  expect(vins.length).toBe(3);
  const campaign = `E2E-${Date.now() % 100_000}`;
  // A customer the dealer's own list just brought (a customer-vehicle file), in no conversation yet:
  // the demo's customers all have one open, so their recall leads are left out when transferred.
  const stamp = Date.now() % 100_000;
  const freshVin = `E2ERC${String(stamp).padStart(12, '0')}`;
  const stores = (await (await request.get('/api/enterprise/1/store', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; boc: number }[];
  const list = ['Customer Number,First Name,Last Name,Mobile,VIN,Make,Model,Year', `E2E-RC-${stamp},Rosa,Recall${stamp},(646) 555-01${String(10 + (stamp % 90))},${freshVin},Toyota,Tundra,2023`].join('\n');
  const listed = await request.post('/api/data-sync/import', {
    headers: { authorization: `Bearer ${token}` },
    params: { enterprise_id: 1, boc_id_pk: stores.find((s) => s.id === STORE_ID)!.boc, store_id_pk: STORE_ID, file_type: 'CUSTOMER_VEHICLE' },
    multipart: { multipartFile: { name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(list) } },
  });
  expect(listed.ok()).toBeTruthy();
  // The VIN column is named afresh each run: the mapping a run saves is the source's, and a retry's
  // file would otherwise be mapped before it could be mapped by hand.
  const chassis = `Chassis ${stamp}`;
  const csv = [`${chassis},Campaign,Summary,Notice date`, ...[...vins, freshVin].map((v) => `${v},${campaign},Brake hose may leak,2026-01-15`), 'JTDKB20U093777777,' + campaign + ',Brake hose may leak,2026-01-15'].join('\n');

  await page.getByRole('tab', { name: 'Import' }).click();
  await page.getByLabel('Source (its saved mapping)').click();
  await page.getByRole('option', { name: 'Manufacturer and spreadsheet files' }).click();
  await page.getByTestId('import-file').setInputFiles({ name: 'recalls.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('table', { name: 'First rows of the file' })).toBeVisible();
  await expect(page.getByText('Choose a column for VIN')).toBeVisible();
  await page.getByLabel('VIN *').click();
  await page.getByRole('option', { name: chassis }).click();
  await expectNoSeriousViolations(page, 'import mapping');
  await page.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByText(DATA_SYNC_MESSAGES.mappingSaved)).toBeVisible();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const report = page.getByTestId('file-report');
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(report).toContainText('5 rows read · 5 accepted · 0 refused');
  await expect(page.getByText('Imported 5 of 5 rows')).toBeVisible();

  // The file report lists it; its alerts are matched to the store's customers.
  await page.getByRole('tab', { name: 'File reports' }).click();
  const grid = page.getByRole('grid', { name: 'File reports' });
  await expect(grid.getByText('recalls.csv').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'file reports');
  await grid.getByText('recalls.csv').first().click();
  const alerts = page.getByRole('grid', { name: 'Alerts of the file' });
  await expect(alerts.getByText(vins[0]!)).toBeVisible();
  await expect(alerts.getByText('Not matched')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  // The recalls of the store's vehicles are recall leads (the planners list them).
  const leads = await request.get('/api/data-sync/recalllead/fetch/all', { headers: { authorization: `Bearer ${token}` }, params: { enterprise_id: 1, store_id_pk: STORE_ID } });
  const content = ((await leads.json()) as { content: { campaignCode: string; vin: string }[] }).content.filter((l) => l.campaignCode === campaign);
  expect(content.map((l) => l.vin).sort()).toEqual([...vins, freshVin].sort());

  await page.getByRole('tab', { name: 'Alert inbox' }).click();
  await expect(page.getByRole('grid', { name: 'Alert inbox' }).getByText(campaign).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'alert inbox');
  await page.getByRole('tab', { name: 'Sync history' }).click();
  await expect(page.getByRole('grid', { name: 'Sync history' }).getByText('By hand').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'sync history');

  // The planners screen lists the new recall leads of the store.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Planners' }).click();
  await expect(page).toHaveURL(new RegExp(`${PATHS.planners}$`));
  await expect(page.getByRole('heading', { name: 'Predictive planners' })).toBeVisible({ timeout: 60_000 });
  const recallLeads = page.getByRole('grid', { name: 'Recall leads' });
  await recallLeads.scrollIntoViewIfNeeded();
  // A vehicle may hold an earlier run's recall lead as well: each of this file's is found by its campaign.
  const leadOf = (vin: string) => recallLeads.getByRole('row').filter({ hasText: vin }).filter({ hasText: campaign });
  for (const vin of vins) await expect(leadOf(vin)).toBeVisible();
  await expect(recallLeads.getByText('JTDKB20U093777777')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'planners with recall leads');

  // Transfer them: a transfer run with progress; each lead then says what became of it (the demo
  // customers' are left out: each has a conversation open), and the new customer's is a
  // conversation in the inbox whose first text names the recall.
  // The grid can still be rendering rows that arrived a moment ago; a tick lost to that is tried again.
  for (const vin of [...vins, freshVin]) {
    const box = leadOf(vin).getByRole('checkbox');
    await expect(async () => {
      if (!(await box.isChecked())) await box.click();
      await expect(box).toBeChecked({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  }
  await page.getByRole('button', { name: 'Transfer selected (4)' }).click();
  await expect(page.getByText('Successfully Transfered')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('status').filter({ hasText: /\d+ transferred of 4 chosen/ })).toBeVisible();
  const rows = recallLeads.getByRole('row').filter({ hasText: campaign });
  await expect(rows.filter({ hasText: /Transferred|Left out: / })).toHaveCount(4);
  await expect(rows.filter({ hasText: freshVin })).toContainText('Transferred');
  await expectNoSeriousViolations(page, 'recall leads transferred');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Lead manager' }).click();
  const conversation = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').filter({ hasText: `Recall${stamp}` });
  await expect(conversation.first()).toBeVisible({ timeout: 30_000 });
  await conversation.first().click();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Brake hose may leak');
});

for (const viewport of [{ width: 1024, height: 768 }, { width: 768, height: 1024 }]) {
  test(`the data-sync tabs are reachable on a ${viewport.width}x${viewport.height} tablet`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'office_manager');
    await expect(page).toHaveURL(/\/leadmanager/);
    await page.goto(PATHS.dataSync);
    for (const tab of ['Schedules', 'Import', 'Alert inbox']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    }
    await page.getByRole('tab', { name: 'Schedules' }).click();
    await expect(page.getByRole('button', { name: 'Create scheduler' })).toBeInViewport();
    await expectNoSeriousViolations(page, `schedules ${viewport.width}`);
  });
}
