import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, username: string, password = 'demo'): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectMainLayout(page: Page): Promise<void> {
  await expect(page.getByTestId('main-layout')).toBeVisible();
}

// WCAG 2.0 and 2.1, levels A and AA: the rules a dealership's staff and customers are owed.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// Minor and moderate findings are reported by axe but do not fail the run; serious and critical
// ones block a person from using the page.
const BLOCKING = new Set(['serious', 'critical']);

// While axe reads the page, a transition that starts (a notice leaving by itself, a menu closing)
// ends at once instead of leaving an element half transparent.
const NO_TRANSITIONS = '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; }';

/**
 * Runs axe on the page as it stands and fails listing every serious or critical violation. The
 * page is judged at rest: transitions under way (a notice fading in) are waited out, new ones end
 * at once while axe reads it, and endless animations (spinners) keep running.
 */
export async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const style = await page.addStyleTag({ content: NO_TRANSITIONS });
  try {
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
    const report = blocking
      .map((v) => [`[${v.impact}] ${v.id}: ${v.help}`, ...v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.html.slice(0, 160)}\n      ${n.failureSummary ?? ''}`)].join('\n'))
      .join('\n');
    expect(blocking.map((v) => v.id), `${screen}:\n${report}`).toEqual([]);
  } finally {
    await style.evaluate((element) => (element as Element).remove()).catch(() => undefined);
  }
}

// Store 1 of the demo data: Metro Toyota of Brooklyn, whose assistant number the customers text.
export const STORE_ID = 1;
export const STORE_NUMBER = '+17185550101';

export type Customer = { interactionId: number; name: string; cellular: string };

/** A demo user's API token, for creating test data the way the product's own screens do. */
export async function apiToken(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/user/v2/login', { data: { username, password: 'demo' } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { authToken: string }).authToken;
}

/**
 * Store-1 customers who have a mobile number and have not opted out, found through the API. Each
 * spec takes its own (`skip`) so that specs do not read each other's messages.
 */
export async function pickCustomer(request: APIRequestContext, token: string, skip = 0): Promise<Customer> {
  const headers = { authorization: `Bearer ${token}` };
  const stores = (await (await request.get('/api/enterprise/1/store', { headers })).json()) as { id: number; boc: number }[];
  const store = stores.find((s) => s.id === STORE_ID)!;
  const page = await request.get('/leadmanager/getLeadManagerDataForCompanyOffice', {
    headers,
    params: { companyId: store.boc, officeId: STORE_ID, divisionId: 'DIV004', page: 0, size: 50 },
  });
  const leads = ((await page.json()) as { content: { id: number; customerMaster: { firstName: string; lastName: string; cellular: string | null } }[] }).content;
  let seen = 0;
  for (const lead of leads) {
    const c = lead.customerMaster;
    if (!c.cellular || !c.firstName) continue;
    const fsi = await request.get('/api/future-service-interaction', { headers, params: { 'future-service-interaction-id': lead.id } });
    if (((await fsi.json()) as { customerMaster: { blockSms: boolean } }).customerMaster.blockSms) continue;
    if (seen++ < skip) continue;
    return { interactionId: lead.id, name: `${c.firstName} ${c.lastName}`.trim(), cellular: c.cellular };
  }
  throw new Error('not enough store-1 customers with a mobile number that may be texted');
}
