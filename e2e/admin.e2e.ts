/**
 * /admin: a performer and a studio get the refusal and no console; the admin sees
 * accounts by kind, payments and contact messages, verifies a studio (its badge changes
 * on the public pages), and hides then restores a reported job.
 */
import { beforeAll, describe, expect } from 'vitest';
import { ADMIN_TEXT } from '../src/contract/admin-texts.js';
import { MARKET_MSG } from '../src/contract/marketplace-messages.js';
import { MSG } from '../src/contract/messages.js';
import { E2E_ADMIN_EMAIL } from './admin-email.js';
import {
  baseUrl,
  createStudio,
  createUser,
  expectAccessible,
  expectNoOverflow,
  it,
  logInAs,
  PHONE,
  shoot,
  type TestUser,
} from './harness.js';

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser({ email: E2E_ADMIN_EMAIL });
});

async function call<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const postJob = (studio: TestUser, title: string) => call<{ _id: string }>('/api/studio/jobs', { title, jobType: 'Short film' }, studio.token);

describe('/admin', () => {
  it('a performer gets the refusal and no console; a visitor goes to /login', async ({ open }) => {
    const user = await createUser();
    const { page } = await open();
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/login');
    await logInAs(page, user);
    await page.goto('/admin');
    await expect.poll(() => page.getByTestId('admin-refused').textContent()).toBe(MSG.adminOnly);
    expect(await page.title()).toBe('Admin console · Audition');
    expect(await page.getByRole('heading', { name: 'Payments' }).count()).toBe(0);
    await expectAccessible(page);
    // A studio account is no admin either.
    const studio = await createStudio(`Refused Studio ${Date.now()}`);
    await logInAs(page, studio);
    await page.goto('/admin');
    await expect.poll(() => page.getByTestId('admin-refused').textContent()).toBe(MSG.adminOnly);
    expect(await page.getByRole('heading', { name: ADMIN_TEXT.studiosHeading }).count()).toBe(0);
  });

  it('shows accounts, payments with totals, and contact messages the admin marks handled', async ({ open }) => {
    const payer = await createUser();
    const order = (await (await fetch(`${baseUrl()}/api/payments/orders`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-token': payer.token }, body: JSON.stringify({ plan: 'Gold' }),
    })).json()) as { id: string };
    expect((await fetch(`${baseUrl()}/api/payments/orders/${order.id}/capture`, { method: 'POST', headers: { 'x-auth-token': payer.token } })).status).toBe(200);
    const note = `Admin e2e message ${Date.now()}`;
    expect((await fetch(`${baseUrl()}/api/contact`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'visitor@example.com', number: '123456', message: note }),
    })).status).toBe(200);

    const { page } = await open({ viewport: PHONE, as: admin, path: '/admin' });
    await page.getByRole('heading', { name: 'Admin console' }).waitFor();
    await page.getByRole('heading', { name: 'Studios to verify' }).waitFor();
    await page.getByRole('heading', { name: 'Reported jobs' }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: payer.fname }).count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'Gold' }).count()).toBeGreaterThan(0);
    const message = page.getByTestId('contact-message').filter({ hasText: note });
    await message.waitFor();
    expect(Number(await page.getByTestId('accounts-performer').textContent())).toBeGreaterThanOrEqual(2);
    expect(Number(await page.getByTestId('accounts-studio').textContent())).toBeGreaterThanOrEqual(0);
    await expectNoOverflow(page);
    await shoot(page, 'admin');
    await expectAccessible(page);

    await message.getByRole('button', { name: 'Mark handled' }).click();
    await expect.poll(() => message.getByText(/^Handled /).count()).toBe(1);
    expect(await message.getByRole('button', { name: 'Mark handled' }).count()).toBe(0);
  });

  it('verifies a studio: the badge changes on its public page and its job page', async ({ open }) => {
    const name = `Verify Me Films ${Date.now()}`;
    const studio = await createStudio(name);
    const job = await postJob(studio, `Casting for ${name}`);

    const { page } = await open();
    await page.goto(`/studio-detail/${studio.studioId}`);
    await expect.poll(() => page.getByTestId('studio-verification').textContent()).toBe(MARKET_MSG.unverified);

    await logInAs(page, admin);
    await page.goto('/admin');
    await page.getByLabel(ADMIN_TEXT.studiosFilter).selectOption('false');
    const row = page.getByTestId('admin-studio').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain(studio.email);
    expect(await row.textContent()).toContain(ADMIN_TEXT.studioJobs(1, 1));
    await row.getByRole('button', { name: `${ADMIN_TEXT.verify} ${name}` }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: ADMIN_TEXT.studioVerified(name) }).count()).toBe(1);
    // The "To verify" list no longer has it; "Verified" does.
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel(ADMIN_TEXT.studiosFilter).selectOption('true');
    await expect.poll(() => row.textContent()).toContain(ADMIN_TEXT.verifiedBadge);

    await page.goto(`/studio-detail/${studio.studioId}`);
    await expect.poll(() => page.getByTestId('studio-verification').textContent()).toBe(MARKET_MSG.verifiedBadge);
    await page.goto(`/jobs/${job._id}`);
    await page.getByRole('heading', { name: `Casting for ${name}` }).waitFor();
    expect(await page.getByText(MARKET_MSG.unverified).count()).toBe(0);
    expect(await page.getByText(MARKET_MSG.verifiedBadge).count()).toBeGreaterThan(0);
  });

  it('hides a reported job and restores it; the reasons show', async ({ open }) => {
    const name = `Reported Films ${Date.now()}`;
    const studio = await createStudio(name);
    const title = `Suspicious casting ${Date.now()}`;
    const job = await postJob(studio, title);
    const reporter = await createUser();
    await call(`/api/jobs/${job._id}/report`, { reason: 'Asks for a registration fee' }, reporter.token);

    const { page } = await open({ viewport: PHONE, as: admin, path: '/admin' });
    const row = page.getByTestId('admin-report').filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain(ADMIN_TEXT.reportCount(1));
    expect(await row.textContent()).toContain(ADMIN_TEXT.visibleBadge);
    await row.getByText(ADMIN_TEXT.reasons).click();
    await row.getByText('Asks for a registration fee').waitFor();
    await expectNoOverflow(page);
    await shoot(page, 'admin-reports');
    await expectAccessible(page);

    await row.getByRole('button', { name: `${ADMIN_TEXT.hide} ${title}` }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: ADMIN_TEXT.jobHidden(title) }).count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain(ADMIN_TEXT.hiddenBadge);
    expect((await fetch(`${baseUrl()}/api/jobs/${job._id}`)).status).toBe(404);

    await row.getByRole('button', { name: `${ADMIN_TEXT.restore} ${title}` }).click();
    await expect.poll(() => row.textContent()).toContain(ADMIN_TEXT.visibleBadge);
    await page.goto(`/jobs/${job._id}`);
    await page.getByRole('heading', { name: title }).waitFor();
  });
});
