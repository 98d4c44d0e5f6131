import { describe, expect } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import { clearMail, createUser, expectAccessible, expectNoOverflow, it, PHONE, readMail, shoot, toastTexts } from './harness.js';

describe('/reset-password', () => {
  it('sets a new password from the link in the e-mail; the link then stops working', async ({ open }) => {
    const user = await createUser();
    await clearMail(user.email);
    const { page } = await open({ viewport: PHONE });
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const mail = await readMail(user.email);
    expect(mail.subject).toMatch(/Reset your Audition password/);
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const { pathname, search } = new URL(link!);

    await page.goto(`${pathname}${search}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await page.title()).toBe('Choose a new password · Audition');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.locator('#reset-password-error').textContent()).toBe(MSG.passwordTooShort);
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await page.getByLabel('Repeat the new password').fill('something else');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.locator('#reset-confirm-error').textContent()).toBe(MSG.passwordsDiffer);
    await expectNoOverflow(page);
    await shoot(page, 'reset-password-problem');
    await expectAccessible(page);

    await page.getByLabel('Repeat the new password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => toastTexts(page)).toContain(MSG.passwordReset);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // The same link again: refused as the page opens, no form to fill, a way to ask for a new one.
    await page.goto(`${pathname}${search}`);
    await expect.poll(() => page.getByTestId('reset-link-problem').textContent()).toContain(MSG.resetLinkInvalid);
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Set new password' }).count()).toBe(0);
    await shoot(page, 'reset-password-used-link');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL('**/forgot-password');
  });

  it('says at once that an unknown or expired link is dead, at 390 px, with a way to ask for a new one', async ({ open }) => {
    const { page } = await open({ viewport: PHONE });
    await page.goto(`/reset-password?token=${'x'.repeat(43)}`);
    await expect.poll(() => page.getByTestId('reset-link-problem').textContent()).toContain(MSG.resetLinkInvalid);
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await expectNoOverflow(page);
    await shoot(page, 'reset-password-dead-link');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
  });
});
