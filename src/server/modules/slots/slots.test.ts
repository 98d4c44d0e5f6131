/**
 * Audition times (docs/slots.md) through the real calls: the studio's slots, the
 * performer's booking, move and cancel, the calendar file, the race for the last slot and
 * the reminder sweep. Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobPost } from '../../../contract/jobs.js';
import { SLOT_MSG, type BookedSlotAnswer, type MySlotsAnswer, type OpenSlot, type StudioSlotsAnswer } from '../../../contract/slots.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { auditionSlots } from '../../db/schema/index.js';
import { countBookedSlots, runSlotReminders } from './index.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
beforeAll(async () => {
  t = await buildTestApp();
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Slot Studio' }), buildStudioAccount(t, { fname: 'Rival Studio' })]);
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
const inHours = (h: number) => new Date(Date.now() + h * HOUR);
/** The same instant written with India's offset, as a studio in Mumbai would send it. */
const mumbai = (d: Date) => new Date(d.getTime() + 5.5 * HOUR).toISOString().replace('Z', '+05:30');

async function makeSlots(job: { _id: string }, body: Record<string, unknown>, who: StudioAccount = studio): Promise<OpenSlot[]> {
  const res = await call('POST', `/api/studio/jobs/${job._id}/slots`, who.token, { minutes: 15, count: 1, gapMinutes: 0, place: 'Studio 4, Andheri', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { slots: OpenSlot[] }).slots;
}

interface Invited {
  p: Performer;
  appId: string;
}
/** A performer who applied (to the role, when given) and whom the studio moved to auditioning. */
async function invited(job: JobPost, roleId?: string, status = 'auditioning'): Promise<Invited> {
  const p = await buildPerformer(t);
  await givePlan(t, p._id, 'Gold');
  const applied = await call('POST', `/api/jobs/${job._id}/apply`, p.token, roleId ? { roleId } : {});
  expect(applied.statusCode, applied.body).toBe(201);
  const appId = (applied.json() as { _id: string })._id;
  if (status !== 'applied') {
    const moved = await call('POST', `/api/studio/applications/${appId}/status`, studio.token, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return { p, appId };
}
const book = (who: Invited, slotId: string) => call('PUT', `/api/audition/applications/${who.appId}/slot`, who.p.token, { slotId });
const mySlots = async (who: Invited) => (await call('GET', `/api/audition/applications/${who.appId}/slots`, who.p.token)).json() as MySlotsAnswer;
const studioSlots = async (job: { _id: string }) => (await call('GET', `/api/studio/jobs/${job._id}/slots`, studio.token)).json() as StudioSlotsAnswer;
const ics = (who: Invited) => call('GET', `/api/audition/applications/${who.appId}/slot.ics`, who.p.token);
/** Moves a slot's start (and end) so a test can stand within the 2-hour lock without waiting. */
const shiftTo = async (slotId: string, start: Date) =>
  t.ctx.db.update(auditionSlots).set({ startsAt: start, endsAt: new Date(start.getTime() + 15 * 60_000) }).where(eq(auditionSlots.id, slotId));

/** The VEVENT of a calendar file, parsed by a calendar library. */
function eventOf(body: string) {
  const events = Object.values(ical.sync.parseICS(body)).filter((c) => c?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return events[0] as ical.VEvent;
}

describe('the studio makes slots', () => {
  it('makes back-to-back slots with the gaps, in UTC, from a start with an offset; lists them in order', async () => {
    const job = await postJob(t, studio, { title: 'Gap call' });
    const start = new Date(Math.ceil(inHours(48).getTime() / 60_000) * 60_000);
    const slots = await makeSlots(job, { startsAt: mumbai(start), minutes: 20, count: 3, gapMinutes: 10 });
    expect(slots.map((s) => [s.startsAt, s.endsAt])).toEqual(
      [0, 30, 60].map((m) => [new Date(start.getTime() + m * 60_000).toISOString(), new Date(start.getTime() + (m + 20) * 60_000).toISOString()]),
    );
    expect(slots.every((s) => s.place === 'Studio 4, Andheri' && s.onlineUrl === '' && s.roleId === null)).toBe(true);
    // Adjacent times of the job (no overlap) are fine; an online slot carries its link.
    const more = await makeSlots(job, { startsAt: new Date(start.getTime() - 15 * 60_000).toISOString(), place: undefined, onlineUrl: 'https://meet.example.com/audition' });
    expect(more[0]!.onlineUrl).toBe('https://meet.example.com/audition');
    const listed = await studioSlots(job);
    expect(listed.slots.map((s) => s._id)).toEqual([more[0]!._id, ...slots.map((s) => s._id)]);
    expect(listed.slots.every((s) => s.booking === null)).toBe(true);
  });

  it('refuses bad input with { msg, code } and makes nothing', async () => {
    const job = await postJob(t, studio, { title: 'Strict call' });
    const ok = { startsAt: inHours(30).toISOString(), minutes: 15, count: 2, gapMinutes: 0, place: 'Hall' };
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ ...ok, startsAt: inHours(-1).toISOString() }, 400, SLOT_MSG.startsInPast],
      [{ ...ok, startsAt: '2030-01-05T10:00:00' }, 400, SLOT_MSG.startsAtInvalid],
      [{ ...ok, minutes: 4 }, 400, /Minutes must be a whole number from 5 to 240/],
      [{ ...ok, minutes: 241 }, 400, /Minutes/],
      [{ ...ok, count: 0 }, 400, /Count/],
      [{ ...ok, count: 101 }, 400, /Count/],
      [{ ...ok, gapMinutes: 121 }, 400, /Gap/],
      [{ ...ok, place: 'x'.repeat(201) }, 400, /Place must be at most 200/],
      [{ ...ok, place: undefined, onlineUrl: 'http://meet.example.com/x' }, 400, SLOT_MSG.onlineUrlHttps],
      [{ ...ok, onlineUrl: 'https://meet.example.com/x' }, 400, SLOT_MSG.placeOrLink],
      [{ ...ok, place: undefined }, 400, SLOT_MSG.placeOrLink],
      [{ ...ok, roleId: job.roles[0]!._id.replace(/.$/, (c: string) => (c === '0' ? '1' : '0')) }, 400, SLOT_MSG.unknownRole],
      [{ ...ok, colour: 'red' }, 400, /Unknown field: colour/],
    ];
    for (const [body, status, msg] of cases) {
      const res = await call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().msg).toMatch(msg);
    }
    // The schedule's form shows each refusal at the field the answer names (docs/slots.md).
    const fieldOf = async (body: Record<string, unknown>) => (await call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, body)).json().field;
    expect(await fieldOf({ ...ok, startsAt: inHours(-1).toISOString() })).toBe('startsAt');
    expect(await fieldOf({ ...ok, place: undefined })).toBe('place');
    expect(await fieldOf({ ...ok, minutes: 4 })).toBe('minutes');
    expect(await fieldOf({ ...ok, place: undefined, onlineUrl: 'http://meet.example.com/x' })).toBe('onlineUrl');
    expect((await call('POST', `/api/studio/jobs/${job._id}/slots`, rival.token, ok)).statusCode).toBe(404);
    const performer = await buildPerformer(t);
    expect((await call('POST', `/api/studio/jobs/${job._id}/slots`, performer.token, ok)).statusCode).toBe(403);
    expect((await call('GET', `/api/studio/jobs/${job._id}/slots`, rival.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/studio/jobs/${job._id}/slots`, undefined, ok)).statusCode).toBe(401);
    expect((await studioSlots(job)).slots).toEqual([]);
  });

  it('refuses slots that overlap another of the same job with 409, and adds none of them; another job may use the time', async () => {
    const job = await postJob(t, studio, { title: 'Overlap call' });
    const start = inHours(72);
    await makeSlots(job, { startsAt: start.toISOString(), minutes: 30, count: 2 });
    const clash = await call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: new Date(start.getTime() - 60 * 60_000).toISOString(), minutes: 15, count: 4, gapMinutes: 5, place: 'Hall' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ msg: SLOT_MSG.overlap, code: 'overlap' });
    expect((await studioSlots(job)).slots).toHaveLength(2);
    const other = await postJob(t, studio, { title: 'Same time elsewhere' });
    await makeSlots(other, { startsAt: start.toISOString(), minutes: 30, count: 2 });
    // Two studios' tabs adding the same times at once: one set is made, the other is refused.
    const race = await Promise.all(
      [0, 1].map(() => call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: inHours(100).toISOString(), minutes: 15, count: 3, place: 'Hall' })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await studioSlots(job)).slots).toHaveLength(5);
  });
});

describe('the performer books a slot', () => {
  it('only in auditioning, only a slot of its job and role; books, lists, and the studio sees who comes; the mail carries the file', async () => {
    const job = await postJob(t, studio, { title: 'Booking call', roles: [{ name: 'Lead' }, { name: 'Friend' }] });
    const [lead, friend] = job.roles;
    const anyRole = await makeSlots(job, { startsAt: inHours(50).toISOString(), count: 2 });
    const leadOnly = await makeSlots(job, { startsAt: inHours(60).toISOString(), roleId: lead!._id });
    const friendOnly = await makeSlots(job, { startsAt: inHours(70).toISOString(), roleId: friend!._id });
    const tooSoon = await makeSlots(job, { startsAt: inHours(1).toISOString() });
    const elsewhere = await makeSlots(await postJob(t, studio, { title: 'Another call' }), { startsAt: inHours(50).toISOString() });

    const early = await invited(job, lead!._id, 'shortlisted');
    const refused = await book(early, anyRole[0]!._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: SLOT_MSG.notAuditioning, code: 'not_auditioning' });

    const me = await invited(job, lead!._id);
    expect((await mySlots(me)).slots.map((s) => s._id)).toEqual([...anyRole, ...leadOnly].map((s) => s._id));
    expect((await book(me, friendOnly[0]!._id)).statusCode).toBe(404);
    expect((await book(me, elsewhere[0]!._id)).statusCode).toBe(404);
    expect((await book(me, 'not-an-id')).statusCode).toBe(404);
    const late = await book(me, tooSoon[0]!._id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ msg: SLOT_MSG.tooLate, code: 'too_late' });

    const since = t.sink.messages.length;
    const res = await book(me, leadOnly[0]!._id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BookedSlotAnswer).booked).toMatchObject({ _id: leadOnly[0]!._id, sequence: 0 });
    // The mail goes out after the answer, so the studio's earlier move mail may still arrive after it was sent.
    const mail = await vi.waitFor(() => {
      const found = t.sink.messages.slice(since).find((m) => m.to === me.p.email.toLowerCase() && m.subject === SLOT_MSG.bookedSubject('Booking call'));
      if (!found) throw new Error('no booking mail yet');
      return found;
    }, { timeout: 10_000, interval: 25 });
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]!.contentType).toMatch(/^text\/calendar/);
    const file = (await ics(me)).body;
    expect(eventOf(mail.attachments![0]!.content).uid).toBe(eventOf(file).uid);

    const mine = await mySlots(me);
    expect(mine.booked?._id).toBe(leadOnly[0]!._id);
    expect(mine.slots.map((s) => s._id)).toEqual(anyRole.map((s) => s._id));
    const listed = await studioSlots(job);
    expect(listed.slots.find((s) => s._id === leadOnly[0]!._id)!.booking).toEqual({ applicationId: me.appId, performerId: me.p._id, name: me.p.fname, roleName: 'Lead', checkIn: null, late: null });
    expect(await countBookedSlots(t.ctx.db, job._id)).toBe(1);

    // Someone else's application is not found; the same slot again changes nothing.
    expect((await call('GET', `/api/audition/applications/${me.appId}/slots`, early.p.token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/audition/applications/${me.appId}/slot`, early.p.token, { slotId: anyRole[0]!._id })).statusCode).toBe(404);
    expect((await call('GET', `/api/audition/applications/${me.appId}/slots`, studio.token)).statusCode).toBe(403);
    const again = await book(me, leadOnly[0]!._id);
    expect(again.statusCode).toBe(200);
    expect((again.json() as BookedSlotAnswer).booked.sequence).toBe(0);

    const other = await invited(job, friend!._id);
    const taken = await book(other, anyRole[0]!._id).then(() => book(me, anyRole[0]!._id));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ msg: SLOT_MSG.slotTaken, code: 'slot_taken' });
    // The refused move left the old booking where it was.
    expect((await mySlots(me)).booked?._id).toBe(leadOnly[0]!._id);
  });

  it('a move frees the old slot at once, keeps the UID and raises SEQUENCE; a cancel frees it and the file is gone', async () => {
    const job = await postJob(t, studio, { title: 'Move call' });
    const slots = await makeSlots(job, { startsAt: inHours(30).toISOString(), count: 3, gapMinutes: 5 });
    const me = await invited(job);
    expect((await book(me, slots[0]!._id)).statusCode).toBe(200);
    const first = eventOf((await ics(me)).body);
    const moved = await book(me, slots[1]!._id);
    expect((moved.json() as BookedSlotAnswer).booked).toMatchObject({ _id: slots[1]!._id, sequence: 1 });
    const second = eventOf((await ics(me)).body);
    expect(second.uid).toBe(first.uid);
    expect(Number(second.sequence)).toBe(1);
    expect(second.start.toISOString()).toBe(slots[1]!.startsAt);
    const other = await invited(job);
    expect((await book(other, slots[0]!._id)).statusCode).toBe(200);
    expect((await book(me, slots[2]!._id)).statusCode).toBe(200);
    expect(Number(eventOf((await ics(me)).body).sequence)).toBe(2);

    const cancelled = await call('DELETE', `/api/audition/applications/${me.appId}/slot`, me.p.token);
    expect(cancelled.statusCode).toBe(204);
    expect((await ics(me)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/audition/applications/${me.appId}/slot`, me.p.token)).json()).toEqual({ msg: SLOT_MSG.noBooking, code: 'not_found' });
    expect((await studioSlots(job)).slots.map((s) => s.booking?.applicationId ?? null)).toEqual([other.appId, null, null]);
    // The studio's job counts the times taken, which a close would leave booked (docs/applications.md).
    expect((await call('GET', `/api/studio/jobs/${job._id}`, studio.token)).json()).toMatchObject({ live: { slotsBooked: 1 } });
    // A new booking after a cancel is a new event.
    expect((await book(me, slots[2]!._id)).statusCode).toBe(200);
    const fresh = eventOf((await ics(me)).body);
    expect(fresh.uid).not.toBe(first.uid);
    expect(Number(fresh.sequence)).toBe(0);
  });

  it('within 2 hours of the start nothing moves or is cancelled (too_late)', async () => {
    const job = await postJob(t, studio, { title: 'Late call' });
    const slots = await makeSlots(job, { startsAt: inHours(10).toISOString(), count: 2 });
    const me = await invited(job);
    expect((await book(me, slots[0]!._id)).statusCode).toBe(200);
    await shiftTo(slots[0]!._id, inHours(1.5));
    const move = await book(me, slots[1]!._id);
    expect(move.json()).toEqual({ msg: SLOT_MSG.tooLate, code: 'too_late' });
    const cancel = await call('DELETE', `/api/audition/applications/${me.appId}/slot`, me.p.token);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe('too_late');
    expect((await mySlots(me)).booked?._id).toBe(slots[0]!._id);
  });

  it('ten performers racing for the last slot: exactly one 200, nine 409 slot_taken', async () => {
    const job = await postJob(t, studio, { title: 'Race call' });
    const [last] = await makeSlots(job, { startsAt: inHours(40).toISOString() });
    const people: Invited[] = [];
    for (let i = 0; i < 10; i++) people.push(await invited(job));
    const answers = await Promise.all(people.map((p) => book(p, last!._id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'slot_taken')).toBe(true);
    const winner = people[answers.findIndex((r) => r.statusCode === 200)]!;
    expect((await studioSlots(job)).slots[0]!.booking?.applicationId).toBe(winner.appId);
  });

  it('the studio deletes a booked slot: the performer is told and may pick another', async () => {
    const job = await postJob(t, studio, { title: 'Deleted slot call' });
    const slots = await makeSlots(job, { startsAt: inHours(30).toISOString(), count: 2 });
    const me = await invited(job);
    expect((await book(me, slots[0]!._id)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/studio/slots/${slots[0]!._id}`, rival.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/studio/slots/${slots[0]!._id}`, me.p.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/studio/slots/${slots[0]!._id}`, studio.token)).statusCode).toBe(204);
    const notices = (await call('GET', '/api/notifications', me.p.token)).json() as { notifications: { text: string }[] };
    expect(notices.notifications[0]!.text).toMatch(/^The studio removed your audition time for Deleted slot call/);
    expect((await ics(me)).statusCode).toBe(404);
    expect((await mySlots(me)).booked).toBeNull();
    expect((await book(me, slots[1]!._id)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/studio/slots/${slots[0]!._id}`, studio.token)).statusCode).toBe(404);
  });
});

describe('the calendar file', () => {
  it('is RFC 5545: CRLF lines, folded at 75 octets, UTC times, UID, DTSTAMP, SUMMARY with job and studio, LOCATION', async () => {
    const title = 'A casting call with a very long title — नृत्य and more words to fold the line';
    const job = await postJob(t, studio, { title });
    const [slot] = await makeSlots(job, { startsAt: mumbai(inHours(26)), minutes: 45, place: undefined, onlineUrl: 'https://meet.example.com/room/123' });
    const me = await invited(job);
    expect((await book(me, slot!._id)).statusCode).toBe(200);
    const res = await ics(me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const body = res.body;
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = body.split('\r\n').slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    expect(body).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(body).toMatch(/\r\nDTEND:\d{8}T\d{6}Z\r\n/);
    expect(body).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    const event = eventOf(body);
    expect(event.start.toISOString()).toBe(slot!.startsAt);
    expect(event.end!.toISOString()).toBe(slot!.endsAt);
    expect(event.summary).toBe(SLOT_MSG.summary(title, 'Slot Studio'));
    expect(event.location).toBe('https://meet.example.com/room/123');
    expect(event.uid).toMatch(/@audition$/);
    expect(Number(event.sequence)).toBe(0);
  });
});

describe('the reminder sweep', () => {
  it('mails the file 24 hours before and posts a notice 2 hours before, each once, however often it runs', async () => {
    const job = await postJob(t, studio, { title: 'Reminder call' });
    const [slot] = await makeSlots(job, { startsAt: inHours(48).toISOString() });
    const me = await invited(job);
    expect((await book(me, slot!._id)).statusCode).toBe(200);
    const start = new Date(slot!.startsAt).getTime();
    const remindersTo = () => t.sink.messages.filter((m) => m.to === me.p.email.toLowerCase() && m.subject === SLOT_MSG.reminderSubject('Reminder call'));
    const soonNotices = async () =>
      ((await call('GET', '/api/notifications', me.p.token)).json() as { notifications: { text: string }[] }).notifications.filter((n) => n.text.startsWith('Your audition for Reminder call'));
    const sweep = async (at: number) => {
      const results = await Promise.all([runSlotReminders(t.ctx.db, { now: new Date(at) }), runSlotReminders(t.ctx.db, { now: new Date(at) })]);
      for (const r of results) for (const m of r.mails) await t.ctx.mailer.send(m);
      return results;
    };
    await sweep(start - 25 * HOUR);
    expect(remindersTo()).toHaveLength(0);
    await sweep(start - 23.9 * HOUR);
    await sweep(start - 23 * HOUR);
    await t.sink.waitFor(me.p.email, { since: 0 });
    await new Promise((r) => setTimeout(r, 200));
    expect(remindersTo()).toHaveLength(1);
    expect(remindersTo()[0]!.attachments![0]!.content).toContain('BEGIN:VEVENT');
    expect(await soonNotices()).toHaveLength(0);
    await sweep(start - 1.9 * HOUR);
    await sweep(start - 1 * HOUR);
    expect(await soonNotices()).toHaveLength(1);
    expect(remindersTo()).toHaveLength(1);
  });

  it('a booking made within a day of the start counts its own mail as the reminder', async () => {
    const job = await postJob(t, studio, { title: 'Short notice call' });
    const [slot] = await makeSlots(job, { startsAt: inHours(5).toISOString() });
    const me = await invited(job);
    expect((await book(me, slot!._id)).statusCode).toBe(200);
    const r = await runSlotReminders(t.ctx.db, { now: new Date() });
    expect(r.mails.filter((m) => m.to === me.p.email.toLowerCase())).toEqual([]);
  });
});
