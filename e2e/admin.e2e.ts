import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import { E2E_ADMIN_EMAIL } from './admin-email.js';
import { baseUrl, createUser, expectAccessible, expectNoOverflow, launchBrowser, logInAs, openPage, PHONE, shoot, type TestUser } from './harness.js';

let browser: Browser;
let admin: TestUser;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ email: E2E_ADMIN_EMAIL });
});
afterAll(async () => {
  await browser?.close();
});

describe('/admin', () => {
  it('a performer gets the refusal and no console; a visitor goes to /login', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await page.goto('/admin');
    await page.waitForURL('**/login');
    await logInAs(page, user);
    await page.goto('/admin');
    await expect.poll(() => page.getByTestId('admin-refused').textContent()).toBe(MSG.adminOnly);
    expect(await page.title()).toBe('Admin console · Audition');
    expect(await page.getByRole('heading', { name: 'Payments' }).count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });

  it('shows accounts, payments with totals, and contact messages the admin marks handled', async () => {
    const payer = await createUser();
    const order = (await (await fetch(`${baseUrl()}/api/payments/orders`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-token': payer.token }, body: JSON.stringify({ plan: 'Gold' }),
    })).json()) as { id: string };
    expect((await fetch(`${baseUrl()}/api/payments/orders/${order.id}/capture`, { method: 'POST', headers: { 'x-auth-token': payer.token } })).status).toBe(200);
    const note = `Admin e2e message ${Date.now()}`;
    expect((await fetch(`${baseUrl()}/api/contact`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'visitor@example.com', number: '123456', message: note }),
    })).status).toBe(200);

    const { page, context } = await openPage(browser, PHONE);
    await logInAs(page, admin);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin console' }).waitFor();
    await page.getByRole('heading', { name: 'Studios to verify' }).waitFor();
    await page.getByRole('heading', { name: 'Reported jobs' }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: payer.fname }).count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'Gold' }).count()).toBeGreaterThan(0);
    const message = page.getByTestId('contact-message').filter({ hasText: note });
    await message.waitFor();
    expect(Number(await page.getByTestId('accounts-performer').textContent())).toBeGreaterThanOrEqual(2);
    await expectNoOverflow(page);
    await shoot(page, 'admin');
    await expectAccessible(page);

    await message.getByRole('button', { name: 'Mark handled' }).click();
    await expect.poll(() => message.getByText(/^Handled /).count()).toBe(1);
    expect(await message.getByRole('button', { name: 'Mark handled' }).count()).toBe(0);
    await context.close();
  });
});
