import { expect, test, type Page } from '@playwright/test';
import { LEAD_CONSENT_TEXT, LEAD_FORM_BRAND_NAMES, LEAD_FORM_PATHS, LEAD_FORM_TEXT, type LeadForm } from '@drivebay/shared';

// Each submission uses its own fictional number (area 646, not used by the demo data).
let counter = 0;
const phone = () => `646${String(300 + counter).padStart(3, '0')}${String(4000 + ++counter).slice(-4)}`;

async function fill(page: Page, values: { first?: string; last?: string; phone?: string }) {
  await page.locator('input[name="firstName"]').fill(values.first ?? '');
  await page.locator('input[name="lastName"]').fill(values.last ?? '');
  await page.locator('input[name="phone"]').fill(values.phone ?? '');
}

const submit = (page: Page) => page.getByRole('button', { name: 'Submit' }).click();

for (const form of Object.keys(LEAD_FORM_PATHS) as LeadForm[]) {
  const path = LEAD_FORM_PATHS[form];

  test(`${path}: the form, its validation messages and its success`, async ({ page, request }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: LEAD_FORM_TEXT.title })).toBeVisible();
    // The generic form shows the dealer's logo once its enterprise has one (the admin test adds
    // one), else the product's mark.
    const dealer = (await (await request.get(`/api/lead-forms/${form}`)).json()) as { dealerName: string | null; dealerLogoUrl: string | null };
    if (form === 'generic' && dealer.dealerLogoUrl) await expect(page.getByRole('img', { name: `${dealer.dealerName} logo` })).toBeVisible();
    else if (form === 'generic') await expect(page.getByText('Drivebay').first()).toBeVisible();
    else await expect(page.getByRole('img', { name: `${LEAD_FORM_BRAND_NAMES[form]} logo` })).toBeVisible();
    await expect(page.getByText(LEAD_FORM_TEXT.intro)).toBeVisible();
    await expect(page.getByTestId('lead-consent')).toHaveText(LEAD_CONSENT_TEXT);
    await expect(page.getByText('+1', { exact: true })).toBeVisible();
    // The store the form sends to is named once its settings arrive.
    await expect(page.getByText(/Metro Toyota of Brooklyn|Lakeside Toyota Chicago|Summit Honda Los Angeles/)).toBeVisible();

    await submit(page);
    await expect(page.getByText(LEAD_FORM_TEXT.firstNameRequired)).toBeVisible();
    await expect(page.getByText(LEAD_FORM_TEXT.lastNameRequired)).toBeVisible();
    await expect(page.getByText(LEAD_FORM_TEXT.phoneRequired)).toBeVisible();

    await fill(page, { first: 'Jamie', last: 'Ortiz', phone: '646-CALL-NOW' });
    await expect(page.getByText(LEAD_FORM_TEXT.invalidNumber)).toBeVisible();
    await expect(page.getByText(LEAD_FORM_TEXT.firstNameRequired)).toHaveCount(0);
    await page.locator('input[name="phone"]').fill('64655501');
    await submit(page);
    await expect(page.getByText(LEAD_FORM_TEXT.invalidNumber)).toBeVisible();

    const number = phone();
    await page.locator('input[name="phone"]').fill(`(${number.slice(0, 3)}) ${number.slice(3, 6)}-${number.slice(6)}`);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/lisa/appointment') && r.method() === 'POST');
    await submit(page);
    const body = (await sent).postDataJSON() as Record<string, string>;
    expect(body.customerPhoneNumber).toBe(`+1${number}`);
    expect(body.message).toBe(
      form === 'generic' ? 'I would like to schedule an appointment please.' : 'I would like to schedule an appointment please. My name is Jamie Ortiz.',
    );
    expect(body.consentText).toBe(LEAD_CONSENT_TEXT);
    await expect(page.getByTestId('lead-result')).toHaveAttribute('data-result', 'success');
    await expect(page.getByText(form === 'generic' ? LEAD_FORM_TEXT.genericSuccess : LEAD_FORM_TEXT.brandSuccess)).toBeVisible();
  });
}

test('a refused submission shows Lead Failed to Submit with the reason', async ({ page }) => {
  // The server's abuse limit answers 429; reaching it for real would take twenty leads.
  await page.route('**/api/lisa/appointment', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'retry-after': '600' },
      body: JSON.stringify({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many requests from this network. Please try again in 10 minutes (600 seconds).', details: [] }),
    }),
  );
  await page.goto(LEAD_FORM_PATHS.subaru);
  await fill(page, { first: 'Rae', last: 'Kim', phone: phone() });
  await submit(page);
  await expect(page.getByTestId('lead-result')).toHaveAttribute('data-result', 'failed');
  await expect(page.getByText(LEAD_FORM_TEXT.failed)).toBeVisible();
  await expect(page.getByText(/Too many requests from this network/)).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
});

test('a server that cannot be reached is a failure too', async ({ page }) => {
  await page.route('**/api/lisa/appointment', (route) => route.abort('connectionrefused'));
  await page.goto(LEAD_FORM_PATHS.generic);
  await fill(page, { first: 'Rae', last: 'Kim', phone: phone() });
  await submit(page);
  await expect(page.getByText(LEAD_FORM_TEXT.failed)).toBeVisible();
});

test('the lead-submission sub-domain shows the generic form at its root, logged out', async ({ page, baseURL }) => {
  const url = new URL(baseURL!);
  url.hostname = `lead-submission.${url.hostname}`;
  await page.goto(url.toString());
  await expect(page).toHaveURL(url.toString());
  await expect(page.getByRole('heading', { name: LEAD_FORM_TEXT.title })).toBeVisible();
  await fill(page, { first: 'Sam', last: 'Rivera', phone: phone() });
  await submit(page);
  await expect(page.getByText(LEAD_FORM_TEXT.genericSuccess)).toBeVisible();
});

test('the lead forms stay public for a visitor and do not load the signed-in app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(LEAD_FORM_PATHS.bmw);
  await expect(page.getByRole('heading', { name: LEAD_FORM_TEXT.title })).toBeVisible();
  await expect(page).toHaveURL(/\/lead-submission-bmw$/);
  expect(scripts.some((s) => /app-layout|lead-manager|TimePicker/.test(s))).toBe(false);
});
