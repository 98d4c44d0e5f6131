/** Plan changes lose nothing (docs/product.md §11 "Plan changes"), with the offline demo checkout. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planTexts } from '../../../contract/messages.js';
import { SUBSCRIPTION_DAYS } from '../../../contract/plans.js';
import { payments, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, who: Performer | undefined, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? { 'x-auth-token': who.token } : {}, payload: payload as object, remoteAddress: newAddress() });

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

  it('a cheaper plan is refused before paying (409), saying when the current one ends; nothing changes', async () => {
    const bea = await buildPerformer(t);
    await buy(bea, 'Platinum');
    const before = await held(bea);
    const res = await call('POST', '/api/payments/orders', bea, { plan: 'Silver' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: planTexts.cheaperWaits('Platinum', before.subscriptionEnd!.toISOString().slice(0, 10)), code: 'plan_cheaper_waits' });
    expect(await held(bea)).toEqual(before);
  });

  it('a cheaper plan ordered before the upgrade and captured after it extends the dearer plan by its value', async () => {
    const cy = await buildPerformer(t);
    const cheap = await order(cy, 'Silver');
    await buy(cy, 'Platinum');
    const platinumEnd = (await held(cy)).subscriptionEnd!.getTime();
    expect((await capture(cy, cheap)).statusCode).toBe(200);
    const user = await held(cy);
    expect(user.subscriptionName).toBe('Platinum');
    expect(Math.abs(user.subscriptionEnd!.getTime() - (platinumEnd + (SUBSCRIPTION_DAYS * DAY * 36.31) / 96.82))).toBeLessThan(1000);
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
    expect((await call('GET', '/api/payments/history', fay)).json()).toEqual({ payments: [] });
    expect((await call('GET', '/api/payments/history', undefined)).statusCode).toBe(401);
  });
});
