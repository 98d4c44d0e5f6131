/**
 * Rounds and callbacks (docs/slots.md, "Rounds and callbacks"; OFFICE.md §4) through the real
 * calls: a round limited to invited applications, who are told by app, live event and mail;
 * the uninvited neither see nor book it; one booking per round, two rounds held at once; the
 * calendar file per round; other studios' applications and a viewer refused. Runs on PGlite
 * and, with TEST_DB=postgres, on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobPost } from '../../../contract/jobs.js';
import type { StudioApplication } from '../../../contract/applications.js';
import { SLOT_MSG, type MySlotsAnswer, type OpenSlot, type StudioSlotsAnswer } from '../../../contract/slots.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { addMember } from '../../../../test/team-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { userEvents } from '../../db/schema/index.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
beforeAll(async () => {
  t = await buildTestApp();
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Callback Studio' }), buildStudioAccount(t, { fname: 'Rival Studio' })]);
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const MIN = 60_000;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
const at = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / MIN) * MIN).toISOString();

interface Applicant {
  p: Performer;
  appId: string;
}
async function auditioning(job: JobPost, who: StudioAccount = studio): Promise<Applicant> {
  const p = await buildPerformer(t);
  await givePlan(t, p._id, 'Gold');
  const applied = await call('POST', `/api/jobs/${job._id}/apply`, p.token, {});
  expect(applied.statusCode, applied.body).toBe(201);
  const appId = (applied.json() as { _id: string })._id;
  expect((await call('POST', `/api/studio/applications/${appId}/status`, who.token, { status: 'auditioning' })).statusCode).toBe(200);
  return { p, appId };
}
const slotsBody = (body: Record<string, unknown>) => ({ minutes: 15, count: 2, gapMinutes: 0, place: 'Studio 4, Andheri', ...body });
const create = (job: { _id: string }, body: Record<string, unknown>, token = studio.token) => call('POST', `/api/studio/jobs/${job._id}/slots`, token, slotsBody(body));
async function made(job: { _id: string }, body: Record<string, unknown>): Promise<OpenSlot[]> {
  const res = await create(job, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { slots: OpenSlot[] }).slots;
}
const book = (who: Applicant, slotId: string) => call('PUT', `/api/audition/applications/${who.appId}/slot`, who.p.token, { slotId });
const mySlots = async (who: Applicant) => (await call('GET', `/api/audition/applications/${who.appId}/slots`, who.p.token)).json() as MySlotsAnswer;
const notices = async (who: Applicant) => ((await call('GET', '/api/notifications', who.p.token)).json() as { notifications: { text: string; link: string }[] }).notifications;
const liveNotices = async (who: Applicant) => (await t.ctx.db.select().from(userEvents).where(and(eq(userEvents.userId, who.p._id), eq(userEvents.kind, 'notification')))).length;
const uidOf = (body: string) => (Object.values(ical.sync.parseICS(body)).find((c) => c?.type === 'VEVENT') as ical.VEvent).uid;

describe('a callback round limited to invited applications', () => {
  it('tells the invited by app, live and mail with the round and times; only they see and book it; the card keeps it', async () => {
    const job = await postJob(t, studio, { title: 'Callback call' });
    const [asked, other] = [await auditioning(job), await auditioning(job)];
    const liveBefore = await liveNotices(asked);
    const since = t.sink.messages.length;
    const slots = await made(job, { startsAt: at(50), round: 'Callback', applicationIds: [asked.appId] });
    expect(slots.map((s) => [s.round, s.limited])).toEqual([['Callback', true], ['Callback', true]]);

    // Told in the app, live, and by mail naming the round and the times (UTC, named).
    expect((await notices(asked))[0]).toMatchObject({ text: SLOT_MSG.invitedNotice('Callback call', 'Callback'), link: '/applications' });
    expect(await liveNotices(asked)).toBe(liveBefore + 1);
    const mail = await vi.waitFor(() => {
      const found = t.sink.messages.slice(since).find((m) => m.to === asked.p.email.toLowerCase() && m.subject === SLOT_MSG.invitedSubject('Callback call', 'Callback'));
      if (!found) throw new Error('no invitation mail yet');
      return found;
    });
    expect(mail.subject).toBe(SLOT_MSG.invitedSubject('Callback call', 'Callback'));
    expect(mail.text).toContain('Callback Studio invites you to Callback for Callback call');
    expect(mail.text).toContain('UTC');
    expect(t.sink.messages.slice(since).some((m) => m.to === other.p.email.toLowerCase() && m.subject === SLOT_MSG.invitedSubject('Callback call', 'Callback'))).toBe(false);
    expect((await notices(other)).some((n) => n.text.includes('invited'))).toBe(false);

    // The invited sees the round's times and the invitation; the other sees neither.
    const mine = await mySlots(asked);
    expect(mine.slots.map((s) => s._id)).toEqual(slots.map((s) => s._id));
    expect(mine.invitations).toEqual([{ round: 'Callback', at: expect.any(String) }]);
    const theirs = await mySlots(other);
    expect(theirs.slots).toEqual([]);
    expect(theirs.invitations).toEqual([]);

    // The uninvited booking is refused, clearly; the invited one books.
    const refused = await book(other, slots[0]!._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ msg: SLOT_MSG.notInvited, code: 'not_invited' });
    const ok = await book(asked, slots[0]!._id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ booked: { _id: slots[0]!._id, round: 'Callback', limited: true, sequence: 0 } });

    // The schedule carries the round; the card's history says who was invited to which round.
    const schedule = (await call('GET', `/api/studio/jobs/${job._id}/slots`, studio.token)).json() as StudioSlotsAnswer;
    expect(schedule.slots.map((s) => [s.round, s.limited, s.booking?.applicationId ?? null])).toEqual([
      ['Callback', true, asked.appId],
      ['Callback', true, null],
    ]);
    const card = (await call('GET', `/api/studio/applications/${asked.appId}`, studio.token)).json() as StudioApplication;
    expect(card.day).toEqual([expect.objectContaining({ kind: 'invited', round: 'Callback', slotStartsAt: slots[0]!.startsAt })]);

    // Inviting the same application to the same round again tells it nothing new.
    const countBefore = (await notices(asked)).length;
    await made(job, { startsAt: at(60), count: 1, round: 'Callback', applicationIds: [asked.appId, other.appId] });
    expect((await notices(asked)).length).toBe(countBefore);
    expect((await notices(other))[0]!.text).toBe(SLOT_MSG.invitedNotice('Callback call', 'Callback'));
  });

  it('one booking per round (a second moves it), two rounds held at once, a calendar file per round', async () => {
    const job = await postJob(t, studio, { title: 'Two rounds' });
    const me = await auditioning(job);
    const first = await made(job, { startsAt: at(30), count: 1 });
    expect(first[0]!.round).toBe('Audition');
    expect(first[0]!.limited).toBe(false);
    // A callback at the same time as the first round: another room, so no overlap refusal.
    const callback = await made(job, { startsAt: at(30), round: 'Callback', applicationIds: [me.appId] });
    // Within a round the overlap is refused as before.
    expect((await create(job, { startsAt: at(30), count: 1, round: 'Callback' })).statusCode).toBe(409);

    expect((await book(me, first[0]!._id)).statusCode).toBe(200);
    expect((await book(me, callback[0]!._id)).statusCode).toBe(200);
    // The second booking in the same round moves it and frees the first at once.
    const moved = await book(me, callback[1]!._id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ booked: { _id: callback[1]!._id, round: 'Callback', sequence: 1 } });
    const mine = await mySlots(me);
    expect(mine.bookings.map((b) => [b.round, b._id]).sort()).toEqual([
      ['Audition', first[0]!._id],
      ['Callback', callback[1]!._id],
    ]);
    expect(mine.booked).toMatchObject({ _id: first[0]!._id, round: 'Audition' });
    expect(mine.slots.map((s) => s._id)).toContain(callback[0]!._id);

    // A calendar file per round, each with its own UID; no round means the first round.
    const icsOf = (q: string) => call('GET', `/api/audition/applications/${me.appId}/slot.ics${q}`, me.p.token);
    const [audition, cb, plain] = await Promise.all([icsOf('?round=Audition'), icsOf('?round=Callback'), icsOf('')]);
    expect([audition.statusCode, cb.statusCode, plain.statusCode]).toEqual([200, 200, 200]);
    expect(uidOf(audition.body)).not.toBe(uidOf(cb.body));
    expect(uidOf(plain.body)).toBe(uidOf(audition.body));
    const cbEvent = Object.values(ical.sync.parseICS(cb.body)).find((c) => c?.type === 'VEVENT') as ical.VEvent;
    expect(new Date(cbEvent.start).toISOString()).toBe(callback[1]!.startsAt);
    expect((await icsOf('?round=Third')).statusCode).toBe(404);

    // Cancelling one round's booking leaves the other.
    expect((await call('DELETE', `/api/audition/applications/${me.appId}/slot?round=Callback`, me.p.token)).statusCode).toBe(204);
    expect((await mySlots(me)).bookings.map((b) => b.round)).toEqual(['Audition']);
    expect((await icsOf('?round=Callback')).statusCode).toBe(404);
  });
});

describe('refusals', () => {
  it('bad input is 400 { msg }; another studio’s or an unknown application is 404 and makes nothing', async () => {
    const job = await postJob(t, studio, { title: 'Refusals' });
    const mine = await auditioning(job);
    const rivalJob = await postJob(t, rival, { title: 'Rival job' });
    const theirs = await auditioning(rivalJob, rival);
    for (const body of [{ round: 'x'.repeat(41) }, { round: '   ' }, { applicationIds: [] }, { applicationIds: 'all' }]) {
      const res = await create(job, { startsAt: at(40), ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof (res.json() as { msg: string }).msg).toBe('string');
    }
    for (const ids of [[theirs.appId], [mine.appId, theirs.appId], ['00000000-0000-4000-8000-000000000000'], ['not-an-id']]) {
      const res = await create(job, { startsAt: at(40), round: 'Callback', applicationIds: ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    // Only applicants in auditioning can book, so only they are called back.
    const p = await buildPerformer(t);
    await givePlan(t, p._id, 'Gold');
    const appliedId = ((await call('POST', `/api/jobs/${job._id}/apply`, p.token, {})).json() as { _id: string })._id;
    const notYet = await create(job, { startsAt: at(40), round: 'Callback', applicationIds: [mine.appId, appliedId] });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual({ msg: SLOT_MSG.inviteNotAuditioning, code: 'conflict' });
    // The rival studio cannot make a round on this job, nor invite to it.
    expect((await create(job, { startsAt: at(40), round: 'Callback', applicationIds: [mine.appId] }, rival.token)).statusCode).toBe(404);
    const schedule = (await call('GET', `/api/studio/jobs/${job._id}/slots`, studio.token)).json() as StudioSlotsAnswer;
    expect(schedule.slots).toEqual([]);
    expect((await mySlots(mine)).invitations).toEqual([]);
  });

  it('a viewer cannot call back (403 role_forbidden); a casting member can; a performer cannot', async () => {
    const job = await postJob(t, studio, { title: 'Team callbacks' });
    const a = await auditioning(job);
    const viewer = await addMember(t, studio, 'viewer');
    const casting = await addMember(t, studio, 'casting');
    const denied = await create(job, { startsAt: at(70), round: 'Callback', applicationIds: [a.appId] }, viewer.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'role_forbidden' });
    expect((await mySlots(a)).invitations).toEqual([]);
    expect((await create(job, { startsAt: at(70), round: 'Callback', applicationIds: [a.appId] }, a.p.token)).statusCode).toBe(403);
    const ok = await create(job, { startsAt: at(70), round: 'Callback', applicationIds: [a.appId] }, casting.token);
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await mySlots(a)).invitations.map((i) => i.round)).toEqual(['Callback']);
  });
});
