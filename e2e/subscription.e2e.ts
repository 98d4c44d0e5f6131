import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject } from 'vitest';
import { MSG, planTexts } from '../src/contract/messages.js';
import { startPayPalFake, type PayPalFake } from '../test/fakes/paypal-fake.js';
import { startFakeSdkServer, type FakeSdkServer } from '../test/fakes/paypal-sdk-server.js';
import { startAppProcess, type AppProcess } from '../test/app-process.js';
import { baseUrl, createUser, DESKTOP, expectAccessible, it, type Open, PHONE, shoot } from './harness.js';

/**
 * /subscription against a second app instance configured for PayPal, whose REST API and
 * SDK script are local fakes; the demo checkout runs on the suite's own (demo) instance.
 */
let paypalRest: PayPalFake;
let sdk: FakeSdkServer;
let paypalApp: AppProcess;

beforeAll(async () => {
  [paypalRest, sdk] = await Promise.all([startPayPalFake(), startFakeSdkServer()]);
  paypalApp = await startAppProcess({
    SMTP_URL: inject('smtpUrl'),
    SEED_DEMO: '0',
    ...paypalRest.env(),
    PAYPAL_SDK_URL: sdk.sdkUrl,
  });
});
afterAll(async () => {
  await paypalApp?.stop();
  await Promise.all([paypalRest?.close(), sdk?.close()]);
});
beforeEach(() => {
  paypalRest.reset();
  sdk.mode = 'ok';
});

/** A new user, logged in on a new page of the given app instance, on /subscription. */
async function subscriptionPage(open: Open, base: string, viewport = DESKTOP): Promise<Page> {
  const user = await createUser({}, base);
  const { page } = await open({ viewport, base, as: user, path: '/subscription' });
  await page.getByRole('heading', { name: MSG.notSubscribed }).waitFor();
  return page;
}

const overlay = (page: Page) => page.getByRole('dialog', { name: planTexts.go('Gold') });
const heading = (page: Page) => page.locator('#subscription-heading');
const planButton = (page: Page, plan: string) => page.getByRole('article', { name: plan }).getByRole('button');

describe('/subscription with PayPal', () => {
  it('shows the frame, the heading and three plan cards; looks finished and passes axe', async ({ open }) => {
    const page = await subscriptionPage(open, paypalApp.baseUrl);
    await expect.poll(() => page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Subscription' }).getAttribute('aria-current')).toBe('page');
    for (const link of ['Basic Info', 'Appearance']) expect(await page.getByRole('link', { name: link }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Detail' }).getAttribute('href')).toBe('/info');
    expect(await page.getByRole('link', { name: 'Media' }).getAttribute('href')).toBe('/media/photos');
    expect(await page.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/editProfile');
    expect(await page.getByRole('article').count()).toBe(3);
    for (const plan of ['Platinum', 'Gold', 'Silver']) expect(await planButton(page, plan).textContent()).toBe(planTexts.go(plan));
    expect(await page.getByText('Unlimited job applications').count()).toBe(1);
    // The PayPal script is not loaded until a checkout opens.
    expect(sdk.loads).toHaveLength(0);
    await shoot(page, 'subscription');
    await expectAccessible(page);
  });

  it('buys Gold: the server creates and captures 60.51 USD, the overlay closes, heading and card change without a reload', async ({ open }) => {
    const page = await subscriptionPage(open, paypalApp.baseUrl);
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
    await planButton(page, 'Gold').click();
    await overlay(page).waitFor();
    const buttons = page.locator('.fake-paypal-buttons');
    await buttons.waitFor();
    expect(await buttons.getAttribute('data-layout')).toBe('vertical');
    expect(sdk.loads[0]?.get('client-id')).toBe(paypalRest.clientId);
    expect(sdk.loads[0]?.get('currency')).toBe('USD');
    expect(sdk.loads[0]?.get('intent')).toBe('capture');
    await shoot(page, 'subscription-paypal');
    await expectAccessible(page);

    await buttons.getByRole('button', { name: 'PayPal' }).click();
    await page.getByRole('heading', { name: planTexts.youHave('Gold') }).waitFor();
    expect(await overlay(page).count()).toBe(0);
    // Focus lands on the result, the heading, never on the page's body (issue 36 item 8).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('subscription-heading');
    expect(await planButton(page, 'Gold').textContent()).toBe(MSG.alreadyPurchased);
    expect(await planButton(page, 'Gold').isDisabled()).toBe(true);
    expect(await planButton(page, 'Silver').textContent()).toBe(planTexts.go('Silver'));
    // The plan ends; it does not renew by itself. Days read "10 Dec 2026" (issue 36 item 9).
    expect(await page.getByTestId('plan-ends').textContent()).toMatch(/^Your plan ends on \d{1,2} [A-Z][a-z]{2} \d{4} · 30 days left$/);
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);

    const [create] = paypalRest.requestsTo('POST', '/v2/checkout/orders').filter((r) => r.path === '/v2/checkout/orders');
    expect(create?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ description: 'Gold', amount: { currency_code: 'USD', value: '60.51' } }],
      payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } } },
    });
    const captures = paypalRest.requestsTo('POST', '/v2/checkout/orders/').filter((r) => r.path.endsWith('/capture'));
    expect(captures).toHaveLength(1);
    const orderId = captures[0]!.path.split('/')[4]!;
    expect(paypalRest.orders.get(orderId)?.capture).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'USD', value: '60.51' } });
    await shoot(page, 'subscription-gold');
    await expectAccessible(page);
  });

  it('closes the overlay with the cross and with Escape, and returns focus to the plan button', async ({ open }) => {
    const page = await subscriptionPage(open, paypalApp.baseUrl, PHONE);
    await planButton(page, 'Gold').click();
    await overlay(page).waitFor();
    await page.locator('.fake-paypal-buttons').waitFor();
    await page.getByRole('button', { name: 'Close payment' }).click();
    await overlay(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(planTexts.go('Gold'));
    await planButton(page, 'Gold').click();
    await overlay(page).waitFor();
    await page.keyboard.press('Escape');
    await overlay(page).waitFor({ state: 'detached' });
    expect(paypalRest.requestsTo('POST', '/v2/checkout/orders')).toHaveLength(0);
  });

  it('hides the widget when PayPal says the button is not eligible', async ({ open }) => {
    sdk.mode = 'ineligible';
    const page = await subscriptionPage(open, paypalApp.baseUrl);
    await planButton(page, 'Gold').click();
    await overlay(page).getByText(MSG.paypalIneligible).waitFor();
    expect(await page.locator('.fake-paypal-buttons').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __paypalFakeLog: Array<{ event: string }> }).__paypalFakeLog.map((e) => e.event))).not.toContain('rendered');
  });

  it('says in words when the PayPal script fails to load', async ({ open }) => {
    sdk.mode = 'unavailable';
    const page = await subscriptionPage(open, paypalApp.baseUrl);
    await planButton(page, 'Gold').click();
    await overlay(page).getByRole('alert').getByText(MSG.paymentScriptFailed).waitFor();
    await shoot(page, 'subscription-script-failed');
    await expectAccessible(page);
  });

  it('says in words when the PayPal buttons fail to render', async ({ open }) => {
    sdk.mode = 'render-fails';
    const page = await subscriptionPage(open, paypalApp.baseUrl);
    await planButton(page, 'Gold').click();
    await overlay(page).getByRole('alert').getByText(MSG.paymentButtonsFailed).waitFor();
  });

  it('shows a payment error in words and keeps the subscription as it was when the capture is declined', async ({ open }) => {
    paypalRest.behaviour.captureStatus = 'DECLINED';
    const page = await subscriptionPage(open, paypalApp.baseUrl);
    await planButton(page, 'Gold').click();
    await page.locator('.fake-paypal-buttons').getByRole('button', { name: 'PayPal' }).click();
    const alert = overlay(page).getByRole('alert');
    await alert.getByText(MSG.paymentError.trim()).waitFor();
    expect(await alert.textContent()).toContain(MSG.paymentDeclined);
    expect(await heading(page).textContent()).toBe(MSG.notSubscribed);
    expect(await page.getByTestId('busy-overlay').count()).toBe(0);
    await shoot(page, 'subscription-payment-error');
  });
});

describe('/subscription with the offline demo checkout', () => {
  it('buys Platinum through the labelled demo checkout', async ({ open }) => {
    const page = await subscriptionPage(open, baseUrl());
    await planButton(page, 'Platinum').click();
    const dialog = page.getByRole('dialog', { name: planTexts.go('Platinum') });
    await dialog.getByText(MSG.demoNotice).waitFor();
    await shoot(page, 'subscription-demo');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: MSG.demoCheckout }).click();
    await page.getByRole('heading', { name: planTexts.youHave('Platinum') }).waitFor();
    expect(await dialog.count()).toBe(0);
    expect(await planButton(page, 'Platinum').textContent()).toBe(MSG.alreadyPurchased);
  });
});

describe('a plan change loses nothing (demo checkout)', () => {
  it('says before paying what happens, upgrades with credit, queues a cheaper plan, refuses a second, and lists past payments (390 px)', async ({ open }) => {
    const page = await subscriptionPage(open, baseUrl(), PHONE);
    await page.getByTestId('history-empty').waitFor();
    expect(await page.getByTestId('history-empty').textContent()).toBe(planTexts.historyEmpty);

    // No plan yet: it starts now.
    await planButton(page, 'Silver').click();
    const silver = page.getByRole('dialog', { name: planTexts.go('Silver') });
    expect(await silver.getByTestId('pay-change').textContent()).toMatch(/^Silver starts now and runs until /);
    await silver.getByRole('button', { name: MSG.demoCheckout }).click();
    await page.getByRole('heading', { name: planTexts.youHave('Silver') }).waitFor();

    // A dearer plan: starts now, the unused Silver days credited.
    await planButton(page, 'Platinum').click();
    const platinum = page.getByRole('dialog', { name: planTexts.go('Platinum') });
    const change = await platinum.getByTestId('pay-change').textContent();
    expect(change).toContain('Platinum starts now. The unused days of Silver are credited at their value');
    await shoot(page, 'subscription-upgrade');
    await expectAccessible(page);
    await platinum.getByRole('button', { name: MSG.demoCheckout }).click();
    await page.getByRole('heading', { name: planTexts.youHave('Platinum') }).waitFor();
    await expect.poll(() => page.locator('.subscription-days').first().textContent()).toMatch(/^Your plan ends on \d{1,2} [A-Z][a-z]{2} \d{4} · 4[12] days left$/);

    // A cheaper plan: paid now, it starts when Platinum ends, and the overlay says so first.
    const rows = page.locator('.history-table tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await planButton(page, 'Gold').click();
    const gold = overlay(page);
    const queued = await gold.getByTestId('pay-change').textContent();
    expect(queued).toMatch(/^Gold starts on (.+), when your Platinum plan ends, and runs until .+\. You pay now/);
    const startsOn = /^Gold starts on (.+?), when/.exec(queued ?? '')![1]!;
    await gold.getByRole('button', { name: MSG.demoCheckout }).click();
    await page.getByText(planTexts.paidQueued('Gold', startsOn)).waitFor();
    expect(await heading(page).textContent()).toBe(planTexts.youHave('Platinum'));

    // A second cheaper plan while Gold waits: said, and no checkout offered.
    await expect.poll(() => rows.count()).toBe(3);
    await planButton(page, 'Silver').click();
    const silverAgain = page.getByRole('dialog', { name: planTexts.go('Silver') });
    expect(await silverAgain.getByTestId('pay-change').textContent()).toBe(planTexts.queueFull('Gold', startsOn));
    expect(await silverAgain.getByRole('button', { name: MSG.demoCheckout }).count()).toBe(0);
    await page.keyboard.press('Escape');

    expect(await rows.nth(0).locator('td').first().textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(await rows.nth(0).locator('td').allTextContents()).toEqual([expect.any(String), `Gold (${planTexts.startsOn(startsOn)})`, '$60.51 USD', 'Received']);
    expect(await rows.nth(1).locator('td').allTextContents()).toEqual([expect.any(String), 'Platinum', '$96.82 USD', 'Received']);
    expect(await rows.nth(2).locator('td').allTextContents()).toEqual([expect.any(String), 'Silver', '$36.31 USD', 'Received']);
    const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(scroll).toBeLessThanOrEqual(inner);
    await shoot(page, 'subscription-history');
    await expectAccessible(page);
  });
});
