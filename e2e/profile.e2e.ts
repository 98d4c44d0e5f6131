import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectAccessible, launchBrowser, logInAs, openPage, shoot, toastTexts } from './harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/profile', () => {
  it('flips visibility and keeps it after a reload', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logInAs(page, user);
    await page.goto('/profile');
    const toggle = page.getByRole('switch', { name: 'Profile visibility' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    expect(await page.getByTestId('visibility-text').textContent()).toBe('Your profile is public');
    await shoot(page, 'profile');
    await expectAccessible(page);

    const saved = page.waitForResponse('**/api/audition/updateBasicInfo');
    await toggle.click();
    expect(await page.getByTestId('visibility-text').textContent()).toBe('Your profile is private');
    expect((await saved).status()).toBe(200);
    await page.reload();
    await toggle.waitFor();
    await expect.poll(() => page.getByTestId('visibility-text').textContent()).toBe('Your profile is private');
    expect(await toggle.isChecked()).toBe(false);
    await context.close();
  });

  it('moves the switch back with a toast when the server refuses', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    await logInAs(page, user);
    await page.route('**/api/audition/updateBasicInfo', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ msg: 'Try again in a moment' }) }),
    );
    await page.goto('/profile');
    const toggle = page.getByRole('switch', { name: 'Profile visibility' });
    await toggle.waitFor();
    await toggle.click();
    await expect.poll(() => toastTexts(page)).toContain('Try again in a moment');
    expect(await toggle.isChecked()).toBe(true);
    expect(await page.getByTestId('visibility-text').textContent()).toBe('Your profile is public');
    await context.close();
  });

  it('logs out to /login when the server no longer accepts the stored token', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logInAs(page, { ...user, token: `${user.token}tampered` });
    await page.goto('/profile');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('sends a logged-out visit to /login', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/profile');
    await page.waitForURL('**/login');
    await context.close();
  });
});
