/**
 * Each account's time zone (docs/account.md, "Time zone"): kept from the browser at sign-up
 * and login when none is set, changed at /settings, a bad one refused at its field; and every
 * time a mail or message gives written in its reader's zone, named. A studio in Asia/Kolkata,
 * its member in America/New_York and a performer in America/Sao_Paulo (zones without summer
 * time, so the words hold all year). Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SLOT_MSG, type OpenSlot } from '../../../contract/slots.js';
import { TAPE_MSG } from '../../../contract/self-tapes.js';
import { readerTime, TIME_ZONE_MSG } from '../../../contract/time-zones.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, performerInput, signUpAndVerify, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { addMember, type TeamMember } from '../../../../test/team-factories.js';
import { codeIn } from '../../../../test/smtp-sink.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { users } from '../../db/schema/index.js';
import { runSlotReminders } from '../slots/index.js';
import { runTapeSweep } from '../self-tapes/index.js';

let t: TestApp;
let studio: StudioAccount;
let member: TeamMember;
beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t, { fname: 'Zone Studio' });
  member = await addMember(t, studio, 'casting');
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
const zoneIn = async (id: string) => (await t.ctx.db.select({ z: users.timeZone }).from(users).where(eq(users.id, id)))[0]?.z;
const login = (email: string, password: string, timeZone?: unknown) => call('POST', '/api/audition/login', undefined, { email, password, ...(timeZone === undefined ? {} : { timeZone }) });

describe('the account keeps a time zone', () => {
  it('starts unknown, is taken from the browser at login only while unknown, and /settings changes it (a performer)', async () => {
    const p = await buildPerformer(t);
    expect((await call('GET', '/api/me/time-zone', p.token)).json()).toEqual({ timeZone: null });
    expect((await login(p.email, p.password, 'America/Sao_Paulo')).statusCode).toBe(200);
    expect((await call('GET', '/api/me/time-zone', p.token)).json()).toEqual({ timeZone: 'America/Sao_Paulo' });
    // A later login from a browser elsewhere leaves the chosen zone alone.
    expect((await login(p.email, p.password, 'Asia/Tokyo')).statusCode).toBe(200);
    expect(await zoneIn(p._id)).toBe('America/Sao_Paulo');
    const put = await call('PUT', '/api/me/time-zone', p.token, { timeZone: 'Europe/Berlin' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ timeZone: 'Europe/Berlin' });
    expect((await call('GET', '/api/me/time-zone', p.token)).json()).toEqual({ timeZone: 'Europe/Berlin' });
  });

  it('a browser zone this runtime knows by another name (Asia/Kolkata, Asia/Calcutta) is kept as given; an odd one never blocks a login', async () => {
    const p = await buildPerformer(t);
    const odd = await login(p.email, p.password, 'not a zone');
    expect(odd.statusCode, odd.body).toBe(200);
    expect(await zoneIn(p._id)).toBeNull();
    expect((await login(p.email, p.password, 'Asia/Kolkata')).statusCode).toBe(200);
    expect(await zoneIn(p._id)).toBe('Asia/Kolkata');
    const other = await buildPerformer(t);
    expect((await call('PUT', '/api/me/time-zone', other.token, { timeZone: 'Asia/Calcutta' })).statusCode).toBe(200);
  });

  it('is kept from the sign-up code’s browser, for a performer and a studio', async () => {
    const { answer } = await signUpAndVerify(t, { ...performerInput(), timeZone: 'America/Sao_Paulo' } as never);
    expect(await zoneIn(answer._id)).toBe('America/Sao_Paulo');
    const input = { ...performerInput(), fname: 'Zone Studio Two' };
    const since = t.sink.messages.length;
    expect((await call('POST', '/api/studio/web/signup', undefined, input)).statusCode).toBe(200);
    const code = codeIn(await t.sink.waitFor(input.email, { since }));
    const verified = await call('POST', '/api/studio/web/verify-otp', undefined, { ...input, otp: code, timeZone: 'Asia/Kolkata' });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await zoneIn((verified.json() as { _id: string })._id)).toBe('Asia/Kolkata');
  });

  it('refuses a zone Intl does not support, at the field, with words, and changes nothing', async () => {
    const p = await buildPerformer(t);
    await call('PUT', '/api/me/time-zone', p.token, { timeZone: 'Asia/Kolkata' });
    for (const timeZone of ['Mars/Olympus_Mons', 'asia/kolkata', '+05:30', '', 'Asia/Kolkata; drop table users', 42, null]) {
      const res = await call('PUT', '/api/me/time-zone', p.token, { timeZone });
      expect(res.statusCode, String(timeZone)).toBe(400);
      expect(res.json()).toMatchObject({ msg: TIME_ZONE_MSG.invalid, field: 'timeZone' });
    }
    const none = await call('PUT', '/api/me/time-zone', p.token, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ msg: TIME_ZONE_MSG.invalid });
    expect(await zoneIn(p._id)).toBe('Asia/Kolkata');
    expect((await call('GET', '/api/me/time-zone')).statusCode).toBe(401);
    expect((await call('PUT', '/api/me/time-zone', undefined, { timeZone: 'UTC' })).statusCode).toBe(401);
  });

  it('a studio’s owner and each member keep their own: a member’s change is not the studio’s', async () => {
    expect((await call('PUT', '/api/me/time-zone', studio.token, { timeZone: 'Asia/Kolkata' })).statusCode).toBe(200);
    const byMember = await call('PUT', '/api/me/time-zone', member.token, { timeZone: 'America/New_York' });
    expect(byMember.statusCode, byMember.body).toBe(200);
    expect((await call('GET', '/api/me/time-zone', member.token)).json()).toEqual({ timeZone: 'America/New_York' });
    expect((await call('GET', '/api/me/time-zone', studio.token)).json()).toEqual({ timeZone: 'Asia/Kolkata' });
    expect(await zoneIn(member._id)).toBe('America/New_York');
    expect(await zoneIn(studio._id)).toBe('Asia/Kolkata');
  });
});

describe('mails and messages in the reader’s zone', () => {
  let performer: Performer;
  let appId: string;
  let jobId: string;
  let slot: OpenSlot;
  beforeAll(async () => {
    await call('PUT', '/api/me/time-zone', studio.token, { timeZone: 'Asia/Kolkata' });
    await call('PUT', '/api/me/time-zone', member.token, { timeZone: 'America/New_York' });
    performer = await buildPerformer(t);
    await call('PUT', '/api/me/time-zone', performer.token, { timeZone: 'America/Sao_Paulo' });
    await givePlan(t, performer._id, 'Gold');
    const job = await postJob(t, studio, { title: 'Zone call' });
    jobId = job._id;
    appId = (await call('POST', `/api/jobs/${job._id}/apply`, performer.token, {})).json()._id;
    expect((await call('POST', `/api/studio/applications/${appId}/status`, studio.token, { status: 'auditioning' })).statusCode).toBe(200);
  });

  const mailTo = async (email: string, subject: string, since: number) =>
    vi.waitFor(() => {
      const found = t.sink.messages.slice(since).find((m) => m.to === email.toLowerCase() && m.subject === subject);
      if (!found) throw new Error(`no mail "${subject}" yet`);
      return found;
    });

  it('the booking mail says 10:30 in Mumbai as 02:00 in São Paulo, named; the calendar file stays in UTC', async () => {
    // 10:30 in Mumbai (05:00 UTC), four days ahead, as the studio sends it.
    const day = new Date(Date.now() + 4 * 24 * HOUR).toISOString().slice(0, 10);
    const made = await call('POST', `/api/studio/jobs/${jobId}/slots`, studio.token, { startsAt: `${day}T10:30:00+05:30`, minutes: 15, count: 1, gapMinutes: 0, place: 'Studio 4, Andheri' });
    expect(made.statusCode, made.body).toBe(201);
    slot = (made.json() as { slots: OpenSlot[] }).slots[0]!;
    expect(slot.startsAt).toBe(`${day}T05:00:00.000Z`);
    const since = t.sink.messages.length;
    expect((await call('PUT', `/api/audition/applications/${appId}/slot`, performer.token, { slotId: slot._id })).statusCode).toBe(200);
    const mail = await mailTo(performer.email, SLOT_MSG.bookedSubject('Zone call'), since);
    expect(mail.text).toContain('02:00 Brasilia Standard Time (America/Sao_Paulo)');
    expect(mail.text).toContain(readerTime(new Date(slot.startsAt), 'America/Sao_Paulo'));
    expect(mail.text).not.toContain('05:00');
    expect(mail.text).not.toContain('UTC');
    expect(mail.attachments![0]!.content).toContain(`DTSTART:${day.replaceAll('-', '')}T050000Z`);
  });

  it('the reminder mail and the 2-hour notice say the performer’s time too', async () => {
    const start = new Date(slot.startsAt).getTime();
    const r = await runSlotReminders(t.ctx.db, { now: new Date(start - 23 * HOUR) });
    const reminder = r.mails.find((m) => m.to === performer.email.toLowerCase());
    expect(reminder?.text).toContain('02:00 Brasilia Standard Time (America/Sao_Paulo)');
    await runSlotReminders(t.ctx.db, { now: new Date(start - 1.5 * HOUR) });
    const notices = (await call('GET', '/api/notifications', performer.token)).json() as { notifications: { text: string }[] };
    expect(notices.notifications.map((n) => n.text)).toContain(SLOT_MSG.soonNotice('Zone call', readerTime(new Date(slot.startsAt), 'America/Sao_Paulo')));
  });

  it('a callback invitation lists its times in the performer’s zone; a removed time’s notice too', async () => {
    const day = new Date(Date.now() + 5 * 24 * HOUR).toISOString().slice(0, 10);
    const since = t.sink.messages.length;
    const made = await call('POST', `/api/studio/jobs/${jobId}/slots`, studio.token, { startsAt: `${day}T18:00:00+05:30`, minutes: 20, count: 2, gapMinutes: 0, place: 'Room 2', round: 'Callback', applicationIds: [appId] });
    expect(made.statusCode, made.body).toBe(201);
    const mail = await mailTo(performer.email, SLOT_MSG.invitedSubject('Zone call', 'Callback'), since);
    expect(mail.text).toContain('09:30 Brasilia Standard Time (America/Sao_Paulo)');
    expect(mail.text).toContain('09:50 Brasilia Standard Time (America/Sao_Paulo)');
    expect(mail.text).not.toContain('UTC');
    expect((await call('DELETE', `/api/studio/slots/${slot._id}`, studio.token)).statusCode).toBe(204);
    const notices = (await call('GET', '/api/notifications', performer.token)).json() as { notifications: { text: string }[] };
    expect(notices.notifications.map((n) => n.text)).toContain(SLOT_MSG.cancelledNotice('Zone call', readerTime(new Date(slot.startsAt), 'America/Sao_Paulo')));
  });

  it('a too-soon tape deadline is said in the caller’s zone: the owner’s Mumbai, the member’s New York; nothing is made', async () => {
    const deadline = new Date(Date.now() + 2 * HOUR).toISOString();
    const body = { applicationIds: [appId], instructions: 'Slate, then the scene.', deadline };
    const owner = await call('POST', '/api/studio/tape-requests', studio.token, body);
    expect(owner.statusCode).toBe(400);
    const ownerAnswer = owner.json() as { msg: string; code: string; field: string; earliest: string };
    expect(ownerAnswer).toMatchObject({ code: 'deadline_too_soon', field: 'deadline' });
    expect(ownerAnswer.msg).toContain(`${readerTime(new Date(ownerAnswer.earliest), 'Asia/Kolkata')}`);
    expect(ownerAnswer.msg).toContain('India Standard Time (Asia/Kolkata)');
    expect(ownerAnswer.msg).not.toContain('UTC');
    const byMember = await call('POST', '/api/studio/tape-requests', member.token, body);
    expect(byMember.statusCode).toBe(400);
    const memberAnswer = byMember.json() as { msg: string; earliest: string };
    expect(memberAnswer.msg).toContain(readerTime(new Date(memberAnswer.earliest), 'America/New_York'));
    expect(memberAnswer.msg).toContain('(America/New_York)');
    expect((await call('GET', `/api/studio/jobs/${jobId}/tape-requests`, studio.token)).json()).toEqual({ tapeRequests: [] });
  });

  it('the tape reminder gives the deadline in the performer’s zone', async () => {
    const deadline = new Date(Date.now() + 8 * 24 * HOUR);
    const made = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [appId], instructions: 'Slate, then the scene.', deadline: deadline.toISOString() });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as { tapeRequests: { _id: string }[] }).tapeRequests[0]!._id;
    expect((await call('POST', `/api/audition/tape-requests/${id}/accept`, performer.token)).statusCode).toBe(200);
    const r = await runTapeSweep(t.ctx.db, { now: new Date(deadline.getTime() - 20 * HOUR) });
    const mail = r.mails.find((m) => m.to.toLowerCase() === performer.email.toLowerCase());
    expect(mail?.text).toContain(TAPE_MSG.reminderLine('Zone call', readerTime(new Date(deadline), 'America/Sao_Paulo')));
    expect(mail?.text).toContain('Brasilia Standard Time (America/Sao_Paulo)');
  });

  it('a reader with no zone gets UTC, named', () => {
    expect(readerTime(new Date('2026-12-01T05:00:00Z'), null)).toBe('Tue, 1 Dec 2026, 05:00 Coordinated Universal Time (UTC)');
    expect(readerTime(new Date('2026-12-01T05:00:00Z'), 'Asia/Kolkata')).toBe('Tue, 1 Dec 2026, 10:30 India Standard Time (Asia/Kolkata)');
  });
});
