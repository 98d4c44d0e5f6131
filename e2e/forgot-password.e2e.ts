import { describe, expect } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import { createUser, expectAccessible, expectNoOverflow, it, PHONE, shoot } from './harness.js';

describe('/forgot-password', () => {
  it('is reached from /login, has its title, shows problems at the field, passes axe', async ({ open }) => {
    const { page } = await open();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot password?' }).waitFor();
    expect(await page.title()).toBe('Forgot password · Audition');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.locator('#forgot-email-error').textContent()).toBe(MSG.required('Email'));
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('forgot-email');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.locator('#forgot-email-error').textContent()).toBe(MSG.invalidEmail);
    await shoot(page, 'forgot-password-problem');
    await expectAccessible(page);
  });

  it('says the same for a known and an unknown e-mail, at phone size without overflow', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: PHONE });
    for (const email of [user.email, 'nobody-at-all@example.com']) {
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect.poll(() => page.getByTestId('forgot-sent').textContent()).toBe(MSG.forgotPasswordSent);
    }
    await expectNoOverflow(page);
    await shoot(page, 'forgot-password-sent');
    await expectAccessible(page);
  });
});
