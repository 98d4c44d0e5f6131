/**
 * A studio's settings (docs/account.md "Studio settings"): it reaches /settings from its
 * dashboard with the keyboard, sees its own notification choices, changes its password, and
 * its successes show as success; its bell speaks to a studio; a two-paragraph description is
 * saved as typed.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { MARKET_MSG } from '../src/contract/marketplace-messages.js';
import { MSG } from '../src/contract/messages.js';
import { SETTINGS_MSG } from '../src/contract/screen-messages.js';
import { baseUrl, createStudio, expectAccessible, expectNoOverflow, focusedName, it, PHONE, shoot, SLOW_TEST, toastsOver, toastTexts } from './harness.js';

/** Presses Tab until the focused element matches `test` (at most `max` presses). */
async function tabTo(page: Page, test: (el: { tag: string; name: string; label: string }) => boolean, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return { tag: a?.tagName ?? '', name: (a?.textContent ?? '').trim(), label: a?.getAttribute('aria-label') ?? (a as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() ?? '' };
    });
    if (test(el)) return;
  }
  throw new Error('never reached the control by Tab');
}

describe('/settings for a studio', () => {
  it('changes its password with the keyboard only: the wrong current one is refused at its field, the right one says so as success', async ({ open }) => {
    const studio = await createStudio();
    const { page } = await open({ viewport: PHONE, as: studio, path: '/dashboard' });
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    // From the dashboard to /settings by the nav bar's Settings link.
    await tabTo(page, (el) => el.tag === 'A' && el.label === 'Settings');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await expect.poll(() => page.getByText(SETTINGS_MSG.signedInAsStudio(studio.fname)).count()).toBe(1);
    // A studio's own choices: new applicants, not "changes to my applications".
    await expect.poll(() => page.getByLabel(APP_MSG.emailApplicants).isChecked()).toBe(true);
    expect(await page.getByLabel(APP_MSG.emailApplications).count()).toBe(0);
    await expect.poll(() => page.getByText(SETTINGS_MSG.deleteStudio).count()).toBe(1);
    await expectNoOverflow(page);
    await shoot(page, 'studio-settings');
    await expectAccessible(page);

    // Wrong current password, typed and sent with the keyboard.
    await tabTo(page, (el) => el.tag === 'INPUT' && el.label === 'Current password');
    await page.keyboard.type('not my password');
    await page.keyboard.press('Tab');
    await page.keyboard.type('a better studio pass');
    await page.keyboard.press('Tab');
    await page.keyboard.type('a better studio pass');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#settings-current-error').textContent()).toBe(MSG.currentPasswordWrong);

    // The right one: focus back on the field, its text replaced.
    await page.locator('#settings-current').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(studio.password);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('password-changed').textContent()).toBe(MSG.passwordChanged);
    // Shown as success: a polite status, not an alert, and no red toast.
    expect(await page.getByRole('status').filter({ hasText: MSG.passwordChanged }).count()).toBe(1);
    expect(await page.locator('.toast-error').count()).toBe(0);
    await shoot(page, 'studio-settings-password-changed');

    // The old session's token is refused; the new password logs in; this browser stays in.
    const old = await fetch(`${baseUrl()}/api/studio/me`, { headers: { 'x-auth-token': studio.token } });
    expect(old.status).toBe(401);
    const login = await fetch(`${baseUrl()}/api/audition/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: studio.email, password: 'a better studio pass' }) });
    expect(login.status).toBe(200);
    await page.goto('/settings');
    // The page names the studio once its page is read with the fresh token (a performer's would be refused).
    await page.getByText(SETTINGS_MSG.signedInAsStudio(studio.fname)).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('studio');
    expect(new URL(page.url()).pathname).toBe('/settings');
  }, SLOW_TEST);

  it('saves the choice of applicant e-mails, and its empty bell speaks to a studio', async ({ open }) => {
    const studio = await createStudio();
    const { page } = await open({ as: studio, path: '/settings' });
    const choice = page.getByLabel(APP_MSG.emailApplicants);
    await expect.poll(() => choice.isChecked()).toBe(true);
    await choice.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('status').filter({ hasText: APP_MSG.choicesSaved }).count()).toBe(1);
    const saved = await fetch(`${baseUrl()}/api/me/notification-settings`, { headers: { 'x-auth-token': studio.token } });
    expect(await saved.json()).toMatchObject({ emailApplicants: false });

    await page.getByRole('button', { name: new RegExp(`^${APP_MSG.notifications}`) }).click();
    await expect.poll(() => page.getByText(APP_MSG.noStudioNotifications).count()).toBe(1);
    expect(await page.getByText(APP_MSG.noNotifications).count()).toBe(0);
    await shoot(page, 'studio-bell-empty');
  });

  it('a failed save\'s toast stands clear of the Save button at the end of the long form (390 px)', async ({ open }) => {
    const studio = await createStudio();
    const { page } = await open({ viewport: PHONE, as: studio });
    await page.route('**/api/studio/me', (route) =>
      route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ msg: 'Saving is down for a moment, try again' }) }),
    );
    await page.goto('/dashboard/studio');
    await page.getByLabel('Description').fill('We cast short films.');
    // Scrolled down to the end of the form, as a thumb does: Save sits at the bottom of the screen.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await save.click();
    await expect.poll(() => toastTexts(page)).toContain('Saving is down for a moment, try again');
    expect(await toastsOver(save)).toEqual([]);
    expect(await focusedName(page)).toBe('button "Save"');
    await shoot(page, 'studio-edit-toast-clear');
  });

  it('saves a two-paragraph description, with a success toast that is not red', async ({ open }) => {
    const studio = await createStudio();
    const { page } = await open({ as: studio, path: '/dashboard/studio' });
    const description = page.getByLabel('Description');
    await description.waitFor();
    await description.fill('We cast short films.\n\nAuditions every spring.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('.toast-success span').allTextContents()).toContain(MARKET_MSG.saved);
    expect(await page.locator('.toast-error').count()).toBe(0);
    // The form stays, so focus stays on its Save, where the hand is; never the body.
    expect(await focusedName(page)).toBe('button "Save"');
    const me = await fetch(`${baseUrl()}/api/studio/me`, { headers: { 'x-auth-token': studio.token } });
    expect(await me.json()).toMatchObject({ projectDesc: 'We cast short films.\n\nAuditions every spring.' });
    // Shown with its paragraphs, in the preview and on the public page (innerText follows the rendering).
    expect(await page.getByTestId('preview-about').innerText()).toMatch(/films\.\n+Auditions/);
    await shoot(page, 'studio-page-saved');
    await page.goto(`/studio-detail/${studio.studioId}`);
    await page.getByTestId('studio-about').waitFor();
    expect(await page.getByTestId('studio-about').innerText()).toMatch(/films\.\n+Auditions/);
  });
});
