import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { LIMITS } from '../src/contract/limits.js';
import { MSG } from '../src/contract/messages.js';
import { baseUrl, createUser, expectAccessible, it, logInAs, PHONE, shoot } from './harness.js';

async function fill(page: Page, values: { email: string; number: string; message: string }) {
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Number', { exact: true }).fill(values.number);
  await page.getByLabel('Message', { exact: true }).fill(values.message);
}

const outcome = (page: Page) => page.getByTestId('contact-outcome');

describe('/contact', () => {
  it('shows the heading, the intro and the three labelled fields with a 7-row message; passes axe', async ({ open }) => {
    const { page } = await open();
    await page.goto('/contact');
    await page.getByRole('heading', { name: MSG.contactHeading, level: 1 }).waitFor();
    expect(await page.getByText('Have a question').isVisible()).toBe(true);
    expect(await page.getByLabel('Message', { exact: true }).getAttribute('rows')).toBe(String(LIMITS.contactRows));
    expect(await page.getByLabel('Number', { exact: true }).getAttribute('inputmode')).toBe('numeric');
    expect(await page.getByRole('button', { name: 'Send Message' }).isVisible()).toBe(true);
    await shoot(page, 'contact');
    await expectAccessible(page);
  });

  it('requires every field and sends nothing until they are filled', async ({ open }) => {
    const { page } = await open();
    let sent = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/contact')) sent += 1;
    });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const field of ['Email', 'Number', 'Message']) expect(await page.getByText(MSG.required(field)).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Email', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await shoot(page, 'contact-required');
    await expectAccessible(page);

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByText(MSG.invalidEmail).isVisible()).toBe(true);
    expect(sent).toBe(0);
  });

  it('keeps only digits in Number', async ({ open }) => {
    const { page } = await open();
    await page.goto('/contact');
    await page.getByLabel('Number', { exact: true }).pressSequentially('98-76 ab54');
    expect(await page.getByLabel('Number', { exact: true }).inputValue()).toBe('987654');
  });

  it('sends the message, shows the success text for 3 s and clears the form', async ({ open }) => {
    const { page } = await open({ viewport: PHONE });
    await page.goto('/contact');
    const values = { email: 'casting.fan@example.com', number: '9876543210', message: 'Do you cast child artists for theatre?' };
    await fill(page, values);
    const [request] = await Promise.all([
      page.waitForRequest((req) => req.url().endsWith('/api/contact') && req.method() === 'POST'),
      page.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(request.postDataJSON()).toEqual(values);
    await outcome(page).waitFor();
    expect(await outcome(page).textContent()).toBe(MSG.contactSent);
    for (const field of ['Email', 'Number', 'Message']) expect(await page.getByLabel(field, { exact: true }).inputValue()).toBe('');
    await shoot(page, 'contact-sent');
    await outcome(page).waitFor({ state: 'detached', timeout: LIMITS.contactMessageMs + 3000 });
  });

  it('shows the failure text for 3 s and keeps what was typed when the server fails', async ({ open }) => {
    const { page } = await open();
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, json: { msg: 'boom' } }));
    await page.goto('/contact');
    const values = { email: 'visitor@example.com', number: '9820012345', message: 'Hello!' };
    await fill(page, values);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await outcome(page).waitFor();
    expect(await outcome(page).textContent()).toBe(MSG.contactFailed);
    expect(await page.getByTestId('busy-overlay').count()).toBe(0);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(values.email);
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe(values.message);
    await shoot(page, 'contact-failed');
    await expectAccessible(page);
    await outcome(page).waitFor({ state: 'detached', timeout: LIMITS.contactMessageMs + 3000 });
  });

  it('a message sent while logged in is the account’s (in its export); one sent logged out with the same e-mail is not', async ({ open }) => {
    const user = await createUser();
    const { page } = await open();
    await page.goto('/contact');
    await fill(page, { email: user.email, number: '5550001111', message: 'Sent while logged out' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await outcome(page).waitFor();
    await logInAs(page, user);
    await page.goto('/contact');
    await fill(page, { email: user.email, number: '5552223333', message: 'Sent while logged in' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await outcome(page).waitFor();
    expect(await outcome(page).textContent()).toBe(MSG.contactSent);
    const res = await fetch(`${baseUrl()}/api/me/export`, { headers: { 'x-auth-token': user.token } });
    const file = (await res.json()) as { contactMessages: { message: string }[] };
    expect(file.contactMessages.map((m) => m.message)).toEqual(['Sent while logged in']);
  });
});
