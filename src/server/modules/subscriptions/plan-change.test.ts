/** Plan changes lose nothing (docs/product.md §11.10), with the offline demo checkout. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planTexts } from '../../../contract/messages.js';
import { SUBSCRIPTION_DAYS } from '../../../contract/plans.js';
import { applications, payments, users } from '../../db/schema/index.js';
import { postJob } from '../../../../test/application-factories.js';
import { profileEtag } from '../profile/profile.presenter.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let studio: StudioAccount;
beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, who: Performer | undefined, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...headers, ...(who ? { 'x-auth-token': who.token } : {}) }, payload: payload as object, remoteAddress: newAddress() });

async function order(who: Performer, plan: string) {
  const res = await call('POST', '/api/payments/orders', who, { plan });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: string }).id;
}
const capture = (who: Performer, id: string) => call('POST', `/api/payments/orders/${id}/capture`, who, {});
async function buy(who: Performer, plan: string) {
  const res = await capture(who, await order(who, plan));
  expect(res.statusCode).toBe(200);
}
const held = async (who: Performer) => (await t.ctx.db.select().from(users).where(eq(users.id, who._id)))[0]!;
/** As if the plan had run for a while: `daysLeft` days remain. */
const leave = (who: Performer, daysLeft: number) =>
  t.ctx.db.update(users).set({ subscriptionEnd: new Date(Date.now() + daysLeft * DAY) }).where(eq(users.id, who._id));

describe('buying a different plan while one runs', () => {
  it('an upgrade starts at once and credits the unused days at their value', async () => {
    const ann = await buildPerformer(t);
    await buy(ann, 'Silver');
    await leave(ann, 20);
    const before = Date.now();
    await buy(ann, 'Platinum');
    const user = await held(ann);
    expect(user.subscriptionName).toBe('Platinum');
    expect(user.subscriptionPrice).toBe(96.82);
    const expected = before + SUBSCRIPTION_DAYS * DAY + (20 * DAY * 36.31) / 96.82;
    expect(Math.abs(user.subscriptionEnd!.getTime() - expected)).toBeLessThan(60_000);
    expect(user.subscriptionStart!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a cheaper plan is paid now and queued: the dearer one runs on, and the capture says when the cheaper starts', async () => {
    const bea = await buildPerformer(t);
    await buy(bea, 'Platinum');
    const before = await held(bea);
    const platinumEnd = before.subscriptionEnd!;
    const silver = await order(bea, 'Silver');
    const res = await capture(bea, silver);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subscriptionName: 'Silver',
      startsAt: platinumEnd.toISOString(),
      subscriptionEnd: new Date(platinumEnd.getTime() + SUBSCRIPTION_DAYS * DAY).toISOString(),
      daysLeft: SUBSCRIPTION_DAYS * 2,
    });
    expect(await held(bea)).toEqual({ ...before, queuedPlanName: 'Silver', queuedPlanPrice: 36.31, queuedOrderId: silver, version: before.version + 1 });
    const profile = (await call('GET', '/api/audition/getUserData', bea)).json();
    expect(profile).toMatchObject({ subscriptionName: 'Platinum', subscriptionPrice: 96.82, daysLeft: SUBSCRIPTION_DAYS });
    const history = (await call('GET', '/api/payments/history', bea)).json();
    expect(history.planEndsAt).toBe(platinumEnd.toISOString());
    expect(history.payments.map((p: { plan: string; startsAt?: string }) => [p.plan, p.startsAt])).toEqual([
      ['Silver', platinumEnd.toISOString()],
      ['Platinum', undefined],
    ]);
  });

  it('the queued plan takes over when the dearer one ends, with no write: profile, days left, ETag, chat and quota follow it', async () => {
    const cat = await buildPerformer(t);
    await buy(cat, 'Platinum');
    await buy(cat, 'Silver');
    const profileBefore = await call('GET', '/api/audition/getUserData', cat);
    expect((await call('GET', '/api/audition/applications', cat)).json().quota).toEqual({ used: 0, limit: null, periodEnd: expect.any(String), renews: true });
    // Platinum's month has run out an hour ago; nothing has touched the row since.
    const switchedAt = new Date(Date.now() - 60 * 60 * 1000);
    await t.ctx.db.update(users).set({ subscriptionEnd: switchedAt }).where(eq(users.id, cat._id));
    const version = (await held(cat)).version;
    await t.ctx.db.insert(applications).values({ jobId: (await postJob(t, studio))._id, performerId: cat._id, status: 'applied', createdAt: new Date(switchedAt.getTime() - 1000) });

    const profile = await call('GET', '/api/audition/getUserData', cat, undefined, { 'if-none-match': profileBefore.headers.etag as string });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ subscriptionName: 'Silver', subscriptionPrice: 36.31, daysLeft: SUBSCRIPTION_DAYS });
    const again = await call('GET', '/api/audition/getUserData', cat, undefined, { 'if-none-match': profile.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const silverEnd = new Date(switchedAt.getTime() + SUBSCRIPTION_DAYS * DAY);
    // Silver's quota is whole: an application made under Platinum does not count.
    expect((await call('GET', '/api/audition/applications', cat)).json().quota).toEqual({ used: 0, limit: 70, periodEnd: silverEnd.toISOString(), renews: false });
    expect((await call('POST', `/api/jobs/${(await postJob(t, studio))._id}/apply`, cat, {})).statusCode).toBe(201);
    expect((await call('GET', '/api/audition/applications', cat)).json().quota).toMatchObject({ used: 1, limit: 70 });
    // Silver opens the chat as Platinum did, though Platinum's end has passed.
    expect((await call('POST', '/api/conversations', cat, { with: studio._id })).statusCode).toBe(201);
    const history = (await call('GET', '/api/payments/history', cat)).json();
    expect(history.planEndsAt).toBe(silverEnd.toISOString());
    expect(history.payments.every((p: { startsAt?: string }) => p.startsAt === undefined)).toBe(true);
    expect((await held(cat)).version).toBe(version);

    // The next purchase writes Silver in and builds on it: the same plan again adds 30 days.
    await buy(cat, 'Silver');
    const user = await held(cat);
    expect(user).toMatchObject({ subscriptionName: 'Silver', subscriptionStart: switchedAt, queuedPlanName: '', queuedOrderId: null });
    expect(user.subscriptionEnd!.getTime()).toBe(silverEnd.getTime() + SUBSCRIPTION_DAYS * DAY);
  });

  it('once the queued plan has run out too, neither the chat nor applying is open', async () => {
    const fay = await buildPerformer(t);
    await buy(fay, 'Platinum');
    await buy(fay, 'Silver');
    // Platinum ended a month and an hour ago, so Silver's own month ended an hour ago.
    await t.ctx.db.update(users).set({ subscriptionEnd: new Date(Date.now() - (SUBSCRIPTION_DAYS * DAY + 60 * 60 * 1000)) }).where(eq(users.id, fay._id));
    expect((await call('POST', '/api/conversations', fay, { with: studio._id })).json()).toMatchObject({ code: 'payment_required' });
    expect((await call('POST', `/api/jobs/${(await postJob(t, studio))._id}/apply`, fay, {})).json()).toMatchObject({ code: 'plan_required' });
  });

  it('a second cheaper plan while one waits is refused (409) before paying, naming the waiting one; nothing changes', async () => {
    const dan = await buildPerformer(t);
    await buy(dan, 'Platinum');
    await buy(dan, 'Silver');
    const before = await held(dan);
    for (const plan of ['Silver', 'Gold']) {
      const res = await call('POST', '/api/payments/orders', dan, { plan });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msg: planTexts.queueFull('Silver', before.subscriptionEnd!.toISOString().slice(0, 10)), code: 'plan_already_queued' });
    }
    expect(await held(dan)).toEqual(before);
    // A dearer or the same plan is still sold, and the waiting plan still starts at the end.
    await buy(dan, 'Platinum');
    const user = await held(dan);
    expect(user).toMatchObject({ subscriptionName: 'Platinum', queuedPlanName: 'Silver' });
    expect(user.subscriptionEnd!.getTime()).toBe(before.subscriptionEnd!.getTime() + SUBSCRIPTION_DAYS * DAY);
  });

  it('the queued order captured twice at once is recorded once: one payment, one queued plan', async () => {
    const eli = await buildPerformer(t);
    await buy(eli, 'Gold');
    const before = await held(eli);
    const silver = await order(eli, 'Silver');
    const answers = await Promise.all([capture(eli, silver), capture(eli, silver)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
    expect(answers[0]!.json().startsAt).toBe(before.subscriptionEnd!.toISOString());
    expect(await held(eli)).toMatchObject({ subscriptionName: 'Gold', subscriptionEnd: before.subscriptionEnd, queuedPlanName: 'Silver', queuedOrderId: silver });
    expect(await t.ctx.db.$count(payments, eq(payments.userId, eli._id))).toBe(2);
  });

  it('cheaper orders made before the upgrade: the first captured after it is queued, the next extends the dearer plan by its value', async () => {
    const cy = await buildPerformer(t);
    const [first, second] = [await order(cy, 'Silver'), await order(cy, 'Gold')];
    await buy(cy, 'Platinum');
    const platinumEnd = (await held(cy)).subscriptionEnd!.getTime();
    expect((await capture(cy, first)).json().startsAt).toBe(new Date(platinumEnd).toISOString());
    expect((await capture(cy, second)).statusCode).toBe(200);
    const user = await held(cy);
    expect(user).toMatchObject({ subscriptionName: 'Platinum', queuedPlanName: 'Silver', queuedOrderId: first });
    expect(Math.abs(user.subscriptionEnd!.getTime() - (platinumEnd + (SUBSCRIPTION_DAYS * DAY * 60.51) / 96.82))).toBeLessThan(1000);
    expect(await t.ctx.db.$count(payments, eq(payments.userId, cy._id))).toBe(3);
  });

  it('a double purchase of one plan, captured at once, counts both: 60 days, two payments', async () => {
    const dev = await buildPerformer(t);
    const [a, b] = [await order(dev, 'Gold'), await order(dev, 'Gold')];
    const before = Date.now();
    const answers = await Promise.all([capture(dev, a), capture(dev, b)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const user = await held(dev);
    expect(user.subscriptionName).toBe('Gold');
    expect(Math.abs(user.subscriptionEnd!.getTime() - (before + 2 * SUBSCRIPTION_DAYS * DAY))).toBeLessThan(60_000);
    expect(await t.ctx.db.$count(payments, eq(payments.userId, dev._id))).toBe(2);
  });
});

describe('the profile ETag across the switch to a queued plan', () => {
  it('differs even where the days left repeat (1 day before the end, and 29 days into the queued plan)', () => {
    const end = new Date('2026-12-24T10:00:00Z');
    const known = { version: 7, subscriptionEnd: end, queuedPlanName: 'Silver' };
    const before = profileEtag('u', known, end.getTime() - DAY / 2);
    const after = profileEtag('u', known, end.getTime() + (SUBSCRIPTION_DAYS - 1) * DAY + DAY / 2);
    expect(before).toBe(profileEtag('u', { ...known, queuedPlanName: '' }, end.getTime() - DAY / 2));
    expect(after).not.toBe(before);
  });
});

describe('GET /api/payments/history', () => {
  it('lists the captured payments, newest first: date, plan, amount charged, status', async () => {
    const eve = await buildPerformer(t);
    await buy(eve, 'Silver');
    await buy(eve, 'Gold');
    await order(eve, 'Platinum'); // created, never paid: not a payment
    const res = await call('GET', '/api/payments/history', eve);
    expect(res.statusCode).toBe(200);
    const list = res.json().payments;
    expect(list.map((p: { plan: string; amount: string; currency: string; status: string }) => [p.plan, p.amount, p.currency, p.status])).toEqual([
      ['Gold', '60.51', 'USD', 'Received'],
      ['Silver', '36.31', 'USD', 'Received'],
    ]);
    expect(Date.parse(list[0].date)).toBeGreaterThanOrEqual(Date.parse(list[1].date));
  });

  it("shows nobody else's payments, and answers 401 without a login", async () => {
    const fay = await buildPerformer(t);
    expect((await call('GET', '/api/payments/history', fay)).json()).toEqual({ payments: [], planEndsAt: null });
    expect((await call('GET', '/api/payments/history', undefined)).statusCode).toBe(401);
  });
});
