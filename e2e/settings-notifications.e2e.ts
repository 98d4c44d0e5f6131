/** /settings, the Notifications section: the e-mail choice of each kind, saved at once and kept across a reload. */
import { describe, expect } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import type { NotificationSettings } from '../src/contract/applications.js';
import { apiAs } from './application-data.js';
import { createUser, DESKTOP, expectAccessible, expectNoOverflow, it, type Open, PHONE, shoot, SLOW_TEST } from './harness.js';

/** A new user's /settings at this size, and its Notifications section once both choices show on. */
async function openSettings(open: Open, viewport: typeof PHONE) {
  const user = await createUser();
  const { page, context } = await open({ viewport, as: user, path: '/settings' });
  // The toasts' live region is also named Notifications: the section is found by its heading.
  const section = page.locator('section[aria-labelledby="settings-notifications"]');
  await expect.poll(() => section.getByLabel(APP_MSG.emailMessages).isChecked()).toBe(true);
  return { user, page, context, section };
}

describe('/settings notifications', () => {
  it('turns application e-mails off and message e-mails stay on', async ({ open }) => {
    const { user, page, section } = await openSettings(open, PHONE);
    const applications = section.getByLabel(APP_MSG.emailApplications);
    expect(await applications.isChecked()).toBe(true);
    await applications.uncheck();
    await section.getByText(APP_MSG.choicesSaved).waitFor();
    expect(await apiAs<NotificationSettings>('GET', '/api/me/notification-settings', user.token)).toEqual({ emailApplications: false, emailMessages: true });
    await page.reload();
    await expect.poll(() => section.getByLabel(APP_MSG.emailApplications).isChecked()).toBe(false);
    await section.scrollIntoViewIfNeeded();
    await shoot(page, 'settings-notifications');
    await expectAccessible(page);
    await expectNoOverflow(page);
  }, SLOW_TEST);

  it('puts the choice back and says why when the save is refused', async ({ open }) => {
    const { user, page, section } = await openSettings(open, DESKTOP);
    const messages = section.getByLabel(APP_MSG.emailMessages);
    await page.route('**/api/me/notification-settings', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 503, json: { msg: 'Saving is paused for a moment' } }) : route.continue(),
    );
    await messages.click();
    await section.getByRole('alert').filter({ hasText: 'Saving is paused for a moment' }).waitFor();
    expect(await messages.isChecked()).toBe(true);
    expect(await apiAs<NotificationSettings>('GET', '/api/me/notification-settings', user.token)).toEqual({ emailApplications: true, emailMessages: true });
    await shoot(page, 'settings-notifications-refused');
  }, SLOW_TEST);

  it("keeps showing the last click while an earlier click's save is answered", async ({ open }) => {
    const { user, page, section } = await openSettings(open, PHONE);
    const messages = section.getByLabel(APP_MSG.emailMessages);
    // Each save waits here until the test lets it through.
    const held: (() => void)[] = [];
    await page.route('**/api/me/notification-settings', (route) =>
      route.request().method() === 'PUT' ? new Promise<void>((letThrough) => held.push(letThrough)).then(() => route.continue()) : route.continue(),
    );
    await messages.click();
    await expect.poll(() => held.length).toBe(1);
    await messages.click();
    await expect.poll(() => held.length).toBe(2);
    expect(await messages.isChecked()).toBe(true);
    held[0]!();
    // The first save (off) is answered and said to be saved; the box still shows the second click (on).
    await section.getByText(APP_MSG.choicesSaved).waitFor();
    expect(await messages.isChecked()).toBe(true);
    held[1]!();
    await expect.poll(() => apiAs<NotificationSettings>('GET', '/api/me/notification-settings', user.token)).toEqual({ emailApplications: true, emailMessages: true });
    expect(await messages.isChecked()).toBe(true);
  }, SLOW_TEST);
});
