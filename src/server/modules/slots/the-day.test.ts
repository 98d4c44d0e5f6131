/**
 * The day of the sessions (docs/slots.md, "The day") through the real calls: the studio's
 * check-in (arrived with the time, no-show, clear) and the performer's "running late",
 * each from 2 hours before the start, on the schedule, live to the studio and kept in the
 * application's day history. Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobPost } from '../../../contract/jobs.js';
import type { StudioApplication } from '../../../contract/applications.js';
import { SLOT_MSG, type MySlotsAnswer, type OpenSlot, type StudioSlot, type StudioSlotsAnswer } from '../../../contract/slots.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { auditionSlots, slotDayEvents, userEvents } from '../../db/schema/index.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
let job: JobPost;
beforeAll(async () => {
  t = await buildTestApp();
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Day Studio' }), buildStudioAccount(t, { fname: 'Rival Studio' })]);
  job = await postJob(t, studio, { title: 'Day call' });
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const MIN = 60_000;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

let nextStart = Date.now() + 72 * HOUR;
/** A performer moved to auditioning who booked a fresh slot; the slot then moved to start `startsIn` ms from now. */
async function booked(startsIn: number): Promise<{ p: Performer; appId: string; slotId: string }> {
  const p = await buildPerformer(t);
  await givePlan(t, p._id, 'Gold');
  const appId = ((await call('POST', `/api/jobs/${job._id}/apply`, p.token, {})).json() as { _id: string })._id;
  expect((await call('POST', `/api/studio/applications/${appId}/status`, studio.token, { status: 'auditioning' })).statusCode).toBe(200);
  nextStart += HOUR;
  const made = await call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: new Date(Math.ceil(nextStart / MIN) * MIN).toISOString(), minutes: 15, count: 1, place: 'Studio 2' });
  const slotId = (made.json() as { slots: OpenSlot[] }).slots[0]!._id;
  expect((await call('PUT', `/api/audition/applications/${appId}/slot`, p.token, { slotId })).statusCode).toBe(200);
  const start = new Date(Date.now() + startsIn);
  await t.ctx.db.update(auditionSlots).set({ startsAt: start, endsAt: new Date(start.getTime() + 15 * MIN) }).where(eq(auditionSlots.id, slotId));
  return { p, appId, slotId };
}
const checkIn = (slotId: string, status: unknown, who: StudioAccount | Performer = studio) => call('POST', `/api/studio/slots/${slotId}/check-in`, who.token, { status });
const late = (b: { p: Performer; appId: string }, minutes: unknown) => call('POST', `/api/audition/applications/${b.appId}/slot/late`, b.p.token, { minutes });
const onSchedule = async (slotId: string) => ((await call('GET', `/api/studio/jobs/${job._id}/slots`, studio.token)).json() as StudioSlotsAnswer).slots.find((s) => s._id === slotId)!;
const scheduleEvents = async () => (await t.ctx.db.select().from(userEvents).where(and(eq(userEvents.userId, studio._id), eq(userEvents.kind, 'schedule')))).length;
const dayRows = async (appId: string) => (await t.ctx.db.select().from(slotDayEvents).where(eq(slotDayEvents.applicationId, appId))).length;

describe('check-in', () => {
  it('marks arrived with the time, then no-show, then clears; the schedule shows each, the studio hears it live, the card keeps the history', async () => {
    const b = await booked(HOUR);
    expect((await onSchedule(b.slotId)).booking).toMatchObject({ checkIn: null, late: null });
    const events = await scheduleEvents();
    const before = Date.now();
    const arrived = await checkIn(b.slotId, 'arrived');
    expect(arrived.statusCode, arrived.body).toBe(200);
    const slot = arrived.json() as StudioSlot;
    expect(slot.booking!.checkIn!.status).toBe('arrived');
    expect(Date.parse(slot.booking!.checkIn!.at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await onSchedule(b.slotId)).booking!.checkIn).toEqual(slot.booking!.checkIn);
    expect(await scheduleEvents()).toBe(events + 1);
    // The same mark again changes nothing and tells nobody.
    expect((await checkIn(b.slotId, 'arrived')).statusCode).toBe(200);
    expect(await scheduleEvents()).toBe(events + 1);

    expect(((await checkIn(b.slotId, 'no_show')).json() as StudioSlot).booking!.checkIn!.status).toBe('no_show');
    expect(((await checkIn(b.slotId, null)).json() as StudioSlot).booking!.checkIn).toBeNull();
    expect((await onSchedule(b.slotId)).booking!.checkIn).toBeNull();
    expect(await scheduleEvents()).toBe(events + 3);

    const card = (await call('GET', `/api/studio/applications/${b.appId}`, studio.token)).json() as StudioApplication;
    expect(card.day!.map((d) => d.kind)).toEqual(['arrived', 'no_show', 'cleared']);
    // The performer's answers carry none of it.
    const mine = await call('GET', '/api/audition/applications', b.p.token);
    expect(mine.body).not.toMatch(/no_show|arrived|checkIn/);
  });

  it('opens 2 hours before the start: earlier is 409 too_early and nothing is kept', async () => {
    const b = await booked(2 * HOUR + 5 * MIN);
    const res = await checkIn(b.slotId, 'arrived');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: SLOT_MSG.tooEarly, code: 'too_early' });
    expect((await onSchedule(b.slotId)).booking!.checkIn).toBeNull();
    expect(await dayRows(b.appId)).toBe(0);
    // Just inside the window, and after the slot has ended, it works.
    await t.ctx.db.update(auditionSlots).set({ startsAt: new Date(Date.now() + 2 * HOUR - MIN), endsAt: new Date(Date.now() + 2 * HOUR + 14 * MIN) }).where(eq(auditionSlots.id, b.slotId));
    expect((await checkIn(b.slotId, 'arrived')).statusCode).toBe(200);
    await t.ctx.db.update(auditionSlots).set({ startsAt: new Date(Date.now() - HOUR), endsAt: new Date(Date.now() - 45 * MIN) }).where(eq(auditionSlots.id, b.slotId));
    expect((await checkIn(b.slotId, 'no_show')).statusCode).toBe(200);
  });

  it('refuses a bad status (400), a free slot (409 not_booked), another studio’s or an unknown slot (404), a performer (403)', async () => {
    const b = await booked(HOUR);
    for (const status of ['late', 'ARRIVED', 1, undefined]) {
      const res = await checkIn(b.slotId, status);
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
    }
    expect((await call('POST', `/api/studio/slots/${b.slotId}/check-in`, studio.token, { status: 'arrived', extra: 1 })).statusCode).toBe(400);
    expect((await checkIn(b.slotId, 'arrived', rival)).statusCode).toBe(404);
    expect((await checkIn(crypto.randomUUID(), 'arrived')).statusCode).toBe(404);
    expect((await checkIn('not-an-id', 'arrived')).statusCode).toBe(404);
    expect((await checkIn(b.slotId, 'arrived', b.p)).statusCode).toBe(403);
    expect((await call('POST', `/api/studio/slots/${b.slotId}/check-in`, undefined, { status: 'arrived' })).statusCode).toBe(401);
    const made = await call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: new Date(Date.now() + 200 * HOUR).toISOString(), minutes: 15, count: 1, place: 'Studio 2' });
    const free = (made.json() as { slots: OpenSlot[] }).slots[0]!._id;
    await t.ctx.db.update(auditionSlots).set({ startsAt: new Date(Date.now() + HOUR), endsAt: new Date(Date.now() + HOUR + 15 * MIN) }).where(eq(auditionSlots.id, free));
    const res = await checkIn(free, 'arrived');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: SLOT_MSG.notBooked, code: 'not_booked' });
    expect(await dayRows(b.appId)).toBe(0);
  });
});

describe('running late', () => {
  it('takes 5–60 minutes once per booking; the schedule and the performer’s booking show it, the studio hears it, the card keeps it', async () => {
    const b = await booked(30 * MIN);
    const events = await scheduleEvents();
    const res = await late(b, 15);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().late.minutes).toBe(15);
    expect((await onSchedule(b.slotId)).booking!.late!.minutes).toBe(15);
    const mine = (await call('GET', `/api/audition/applications/${b.appId}/slots`, b.p.token)).json() as MySlotsAnswer;
    expect(mine.booked!.late!.minutes).toBe(15);
    expect(await scheduleEvents()).toBe(events + 1);
    const again = await late(b, 20);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: SLOT_MSG.lateAlready, code: 'late_already' });
    expect((await onSchedule(b.slotId)).booking!.late!.minutes).toBe(15);
    const card = (await call('GET', `/api/studio/applications/${b.appId}`, studio.token)).json() as StudioApplication;
    expect(card.day).toEqual([expect.objectContaining({ kind: 'late', minutes: 15 })]);
  });

  it('refuses 4 or 61 minutes or a fraction (400), before the window (409 too_early), after the end (409 slot_ended), without a booking or of another’s application (404), a studio (403)', async () => {
    const b = await booked(HOUR);
    for (const minutes of [4, 61, 7.5, '10', null]) {
      const res = await late(b, minutes);
      expect(res.statusCode, String(minutes)).toBe(400);
      expect(res.json().field).toBe('minutes');
    }
    const other = await booked(HOUR);
    expect((await call('POST', `/api/audition/applications/${b.appId}/slot/late`, other.p.token, { minutes: 10 })).statusCode).toBe(404);
    expect((await call('POST', `/api/audition/applications/${b.appId}/slot/late`, studio.token, { minutes: 10 })).statusCode).toBe(403);
    const early = await booked(3 * HOUR);
    const tooEarly = await late(early, 10);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json()).toMatchObject({ msg: SLOT_MSG.tooEarly, code: 'too_early' });
    const over = await booked(-HOUR);
    const tooLate = await late(over, 10);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({ msg: SLOT_MSG.lateOver, code: 'slot_ended' });
    // Without a booking.
    expect((await call('DELETE', `/api/studio/slots/${early.slotId}`, studio.token)).statusCode).toBe(204);
    expect((await late(early, 10)).statusCode).toBe(404);
    expect(await dayRows(b.appId)).toBe(0);
    expect(await dayRows(early.appId)).toBe(0);
    expect(await dayRows(over.appId)).toBe(0);
  });
});
