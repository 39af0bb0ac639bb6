import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, expectNoSeriousViolations } from '../support';

// Every administration tab, and the account pages, used by touch on a 10-inch tablet held either way.
const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
];
const MIN_TARGET = 40;

/**
 * Every control in `scope` (buttons, tabs, fields, selects, checkboxes, switches, links) can be
 * brought on screen and hit by a finger: once scrolled to, it lies wholly inside the viewport, is
 * the element a tap at its centre reaches, and its touch target is at least 40 px tall. Returns
 * the problems, one line each.
 */
async function touchProblems(scope: Locator): Promise<string[]> {
  return scope.evaluate((root, min) => {
    const problems: string[] = [];
    const selector = 'button, a[href], [role="tab"], [role="combobox"], [role="button"], input:not([type="hidden"]), textarea';
    const controls = [...root.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      if (el.closest('[aria-hidden="true"]')) return false;
      // MUI's textarea autosize keeps a hidden twin for measuring.
      if (el.tagName === 'TEXTAREA' && el.getAttribute('aria-hidden') === 'true') return false;
      const style = getComputedStyle(el);
      return el.getClientRects().length > 0 && style.visibility !== 'hidden';
    });
    for (const el of controls) {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? el.tagName).trim().slice(0, 40) || el.outerHTML.slice(0, 80);
      // What a finger hits: the whole field for inputs and selects, the ripple base for toggles.
      const target =
        el.closest<HTMLElement>('.MuiInputBase-root') ??
        (el.matches('input[type="checkbox"], input[type="radio"]') ? el.closest<HTMLElement>('.MuiSwitch-root, .MuiButtonBase-root') : null) ??
        el;
      target.scrollIntoView({ block: 'center', inline: 'center' });
      const r = target.getBoundingClientRect();
      if (r.height < min) problems.push(`${name}: ${Math.round(r.height)} px tall`);
      if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1) {
        problems.push(`${name}: off screen (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`);
        continue;
      }
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(target.contains(hit) || hit.contains(target) || el.contains(hit))) {
        problems.push(`${name}: covered by ${hit?.outerHTML.slice(0, 80) ?? 'nothing'}`);
      }
    }
    return problems;
  }, MIN_TARGET);
}

async function expectUsableByTouch(page: Page, scope: Locator, screen: string, width: number): Promise<void> {
  expect(await touchProblems(scope), screen).toEqual([]);
  // Nothing wider than the screen: the page never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), screen).toBeLessThanOrEqual(width);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function openDialog(page: Page, trigger: Locator): Promise<Locator> {
  await trigger.scrollIntoViewIfNeeded();
  await trigger.tap();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(dialog).toBeHidden();
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  test.describe(`administration by touch on a ${size} tablet`, () => {
    test.use({ viewport, hasTouch: true });

    test('every tab, its actions and its dialogs', async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page, 'super_admin');
      await expect(page).toHaveURL(/CompanyMasterList/);
      await page.goto('/admin');
      const main = page.locator('main');
      for (const [tab, label] of [
        ['organisation', 'Organisation'],
        ['users', 'Users'],
        ['telephony', 'Telephony'],
        ['chat', 'Chat settings'],
        ['assistant', 'Assistant'],
        ['audit', 'Audit log'],
      ] as const) {
        const handle = page.getByRole('tab', { name: label, exact: true });
        await handle.scrollIntoViewIfNeeded();
        await handle.tap();
        await expect(handle).toHaveAttribute('aria-selected', 'true');
        if (tab !== 'organisation') await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
        await expect(main.getByText('Loading…')).toHaveCount(0, { timeout: 15_000 });
        await expectUsableByTouch(page, main, `${tab} at ${size}`, viewport.width);
        await expectNoSeriousViolations(page, `${tab} at ${size}`);

        if (tab === 'organisation') {
          for (const trigger of [main.getByRole('button', { name: 'Add store' }), main.getByRole('button', { name: /^Edit / }).first(), main.getByRole('button', { name: /^Map .* to a BOC$/ }).first()]) {
            const dialog = await openDialog(page, trigger);
            await expectUsableByTouch(page, dialog, `organisation dialog at ${size}`, viewport.width);
            await expectNoSeriousViolations(page, `organisation dialog at ${size}`);
            await closeDialog(dialog);
          }
        }
        if (tab === 'users') {
          for (const trigger of [main.getByRole('button', { name: 'Add user' }), main.getByRole('button', { name: 'Edit office_user' })]) {
            const dialog = await openDialog(page, trigger);
            await expectUsableByTouch(page, dialog, `user dialog at ${size}`, viewport.width);
            await expectNoSeriousViolations(page, `user dialog at ${size}`);
            // A select's list opens by touch and its options are large enough to tap.
            await dialog.getByRole('combobox', { name: 'Scope' }).tap();
            const option = page.getByRole('option', { name: 'One BOC' });
            await option.tap();
            await expect(dialog.getByRole('combobox', { name: 'BOC' })).toBeVisible();
            await closeDialog(dialog);
          }
        }
      }

      // The app bar's own administrative action: changing one's password.
      const dialog = await openDialog(page, page.getByRole('button', { name: 'Change password' }));
      await expectUsableByTouch(page, dialog, `change password at ${size}`, viewport.width);
      await expectNoSeriousViolations(page, `change password at ${size}`);
      await closeDialog(dialog);
    });
  });

  test.describe(`account pages by touch on a ${size} tablet`, () => {
    test.use({ viewport, hasTouch: true });

    test('/register and /reset-password', async ({ page }) => {
      await page.goto('/register');
      await expect(page.getByRole('button', { name: 'Send request' })).toBeVisible();
      await expectUsableByTouch(page, page.locator('body'), `register at ${size}`, viewport.width);
      await expectNoSeriousViolations(page, `register at ${size}`);
      await page.getByRole('combobox', { name: 'Your store' }).tap();
      await page.getByRole('option', { name: /Metro Toyota of Brooklyn/ }).tap();
      await expect(page.getByRole('combobox', { name: 'Your store' })).toContainText('Metro Toyota of Brooklyn');

      await page.goto('/reset-password?token=not-a-real-token');
      await expect(page.getByRole('button', { name: 'Set password' })).toBeVisible();
      await expectUsableByTouch(page, page.locator('body'), `reset password at ${size}`, viewport.width);
      await expectNoSeriousViolations(page, `reset password at ${size}`);
      await page.getByLabel('New password').tap();
      await page.keyboard.type('a-new-password-1');
      await page.getByLabel('Repeat the password').tap();
      await page.keyboard.type('a-new-password-1');
      await page.getByRole('button', { name: 'Set password' }).tap();
      // A token that is not one gives the server's answer on the page, not a crash.
      await expect(page.getByRole('alert')).toBeVisible();
    });
  });
}
