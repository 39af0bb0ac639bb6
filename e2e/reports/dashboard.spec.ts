import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { reportMonthLabel } from '@drivebay/shared';
import { expectNoSeriousViolations, signIn } from '../support';

const thisMonth = () => new Date().toISOString().slice(0, 7);

test('a manager opens the dashboard, picks a store and a month, clicks a bar, exports the table and lands on a conversation', async ({ page }) => {
  await signIn(page, 'division_manager');
  await expect(page).toHaveURL(/\/leadmanager/);
  await page.goto('/reports');
  const filters = page.getByRole('region', { name: 'Report filters' });
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The spec's defaults: the SALES tab and Type A.
  await expect(page.getByRole('tab', { name: 'Sales', selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Type A', pressed: true })).toBeVisible();

  await filters.getByRole('combobox', { name: 'Store' }).click();
  await page.getByRole('option', { name: 'Metro Toyota of Brooklyn' }).click();
  await page.keyboard.press('Escape');
  await filters.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: reportMonthLabel(thisMonth()) }).click();
  await page.getByRole('tab', { name: 'Service' }).click();
  await page.getByRole('button', { name: 'Type All' }).click();

  const contacted = page.getByTestId('counter-CONTACTED');
  await expect(contacted).not.toHaveText('0');

  // The first bar of the day chart: the conversations behind it.
  await page.locator('.MuiBarChart-element').first().click();
  const table = page.getByRole('grid', { name: 'Conversations behind the figure' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('heading', { name: /: conversations$/ })).toBeVisible();

  await expectNoSeriousViolations(page, 'dashboard, a figure’s conversations');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^dashboard-.*\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toContain('Conversation,Store,Customer');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.includes('Metro Toyota of Brooklyn'))).toBe(true);

  const firstCustomer = (await table.getByRole('row').nth(1).getByRole('gridcell').first().textContent())!.trim();
  await table.getByRole('button', { name: `Open the conversation with ${firstCustomer}` }).first().click();
  await expect(page).toHaveURL(/\/leadmanager\?fsi=\d+/);
});

test('every report page loads on a tablet in portrait, with its filters and its table', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, 'division_manager');
  await expect(page).toHaveURL(/\/leadmanager/);
  await page.goto('/reports/appointment-status');
  await expect(page.getByRole('heading', { name: 'Appointment status', level: 1 })).toBeVisible();
  const filters = page.getByRole('region', { name: 'Report filters' });
  await filters.getByRole('combobox', { name: 'Service type' }).click();
  await page.getByRole('option', { name: /^Oil change 5K$/ }).click();
  await page.keyboard.press('Escape');
  await filters.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: reportMonthLabel(thisMonth()) }).click();
  await expect(page.getByText(/Summary · show rate|Nothing to count/)).toBeVisible();

  await page.goto('/reports/view-customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Customers' })).toBeVisible();

  await page.goto('/reports/response-insight');
  await expect(page.getByRole('heading', { name: 'Response insight', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Response insight rows' })).toBeVisible();
  await expectNoSeriousViolations(page, 'response insight report');
});

test.describe('on a 10-inch tablet in landscape, by touch', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('a manager saves the filters as a template and applies it from another report', async ({ page }) => {
    const name = `Brooklyn, last 7 days ${Date.now()}`;
    await signIn(page, 'division_manager');
    await expect(page).toHaveURL(/\/leadmanager/);
    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const filters = page.getByRole('region', { name: 'Report filters' });
    await filters.getByRole('combobox', { name: 'Store' }).tap();
    await page.getByRole('option', { name: 'Metro Toyota of Brooklyn' }).tap();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('counter-CONTACTED')).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);

    await page.getByRole('button', { name: 'Save as template' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Save the filters as a template' });
    await dialog.getByRole('textbox', { name: 'Template name' }).fill(name);
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await expect(page.getByText(`Template “${name}” saved`)).toBeVisible();

    await page.goto('/reports/response-insight');
    await expect(page.getByRole('heading', { name: 'Response insight', level: 1 })).toBeVisible();
    await expect(filters.getByText('Metro Toyota of Brooklyn')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Template' }).tap();
    await page.getByRole('option', { name }).tap();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(filters.getByText('Metro Toyota of Brooklyn')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);

    await expectNoSeriousViolations(page, 'dashboard on a tablet');
  });
});
