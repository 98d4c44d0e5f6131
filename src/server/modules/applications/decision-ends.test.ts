/**
 * What a decision or a close ends (docs/applications.md, "What a decision or a close ends";
 * issue 49, items 3 and 13): once a decline stands (its undo window passed) or a close closes
 * an application, its audition time is cancelled (the slot free, the performer told in the app
 * and by e-mail with a cancelling calendar file: same UID, STATUS:CANCELLED, SEQUENCE raised)
 * and its tape requests end (a tape to one is 409 request_ended); once a booking stands, its
 * retake request ends. The studio's job names who a close tells and whose audition stays.
 * A performer's withdrawal ends the same (the studio hears of it; the performer is not told).
 * Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECISION_LIMITS } from '../../../contract/applications.js';
import { ENDS_MSG } from '../../../contract/decision-ends-texts.js';
import type { StudioJob } from '../../../contract/decisions.js';
import type { JobPost } from '../../../contract/jobs.js';
import type { TapeRequest } from '../../../contract/self-tapes.js';
import { ACTIVITY_TEXT } from '../../../contract/studio-activity-texts.js';
import { SLOT_MSG, type MySlotsAnswer, type OpenSlot, type StudioSlotsAnswer } from '../../../contract/slots.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { makeMp4, multipart } from '../../../../test/media-files.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { applications, notifications, tapeRequests } from '../../db/schema/index.js';
import { earliestDeadline } from '../../../contract/tape-deadline.js';
import { runDecisionNotices } from './decision-notices.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
const quiet = { error: () => {} };
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Ends Studio' }), buildStudioAccount(t, { fname: 'Rival Ends Studio' })]);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
const upload = (url: string, token: string, file: { filename: string; body: Buffer }) => {
  const body = multipart(file);
  return t.app.inject({ method: 'POST', url, headers: { ...body.headers, 'x-auth-token': token }, payload: body.payload, remoteAddress: newAddress() });
};

interface Applicant {
  p: Performer;
  appId: string;
}
/** A performer (named) who applied and whom the studio moved to auditioning. */
async function auditioning(job: JobPost, fname: string): Promise<Applicant> {
  const p = await buildPerformer(t, { fname });
  await givePlan(t, p._id, 'Gold');
  const applied = await call('POST', `/api/jobs/${job._id}/apply`, p.token, {});
  expect(applied.statusCode, applied.body).toBe(201);
  const appId = (applied.json() as { _id: string })._id;
  expect((await call('POST', `/api/studio/applications/${appId}/status`, studio.token, { status: 'auditioning' })).statusCode).toBe(200);
  return { p, appId };
}
async function slotsOf(job: JobPost, count: number): Promise<OpenSlot[]> {
  const res = await call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: new Date(Date.now() + 72 * HOUR).toISOString(), minutes: 15, count, place: 'Studio 4, Andheri' });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { slots: OpenSlot[] }).slots;
}
async function book(a: Applicant, slotId: string) {
  const res = await call('PUT', `/api/audition/applications/${a.appId}/slot`, a.p.token, { slotId });
  expect(res.statusCode, res.body).toBe(200);
}
const schedule = async (job: JobPost) => ((await call('GET', `/api/studio/jobs/${job._id}/slots`, studio.token)).json() as StudioSlotsAnswer).slots;
const mySlots = async (a: Applicant) => (await call('GET', `/api/audition/applications/${a.appId}/slots`, a.p.token)).json() as MySlotsAnswer;
function eventOf(body: string) {
  const events = Object.values(ical.sync.parseICS(body)).filter((c) => c?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return events[0] as ical.VEvent;
}
async function mailTo(p: Performer, subject: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const found = t.sink.messages.find((m) => m.to === p.email.toLowerCase() && m.subject === subject);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail "${subject}" to ${p.email}`);
}
/** A tape request to these applications, as the studio sends it. */
async function requestTapes(ids: string[]): Promise<TapeRequest[]> {
  const deadline = new Date(earliestDeadline(new Date(), 48).getTime() + 60 * 60_000).toISOString();
  const res = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: ids, instructions: 'Scene 1', deadline });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { tapeRequests: TapeRequest[] }).tapeRequests;
}
const requestRow = async (id: string) => (await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.id, id)))[0]!;
const sendTape = (a: Applicant, requestId: string) => upload(`/api/audition/tape-requests/${requestId}/tape`, a.p.token, { filename: 'tape.mp4', body: makeMp4(20_000) });

/** The booking's calendar file, as the performer downloads it before it ends. */
async function icsNow(a: Applicant) {
  const res = await call('GET', `/api/audition/applications/${a.appId}/slot.ics`, a.p.token);
  expect(res.statusCode).toBe(200);
  return eventOf(res.body);
}

/** The cancellation the performer gets: bell, e-mail with the cancelling calendar file. */
async function expectCancelled(job: JobPost, a: Applicant, before: ical.VEvent, cause: 'declined' | 'closed') {
  expect((await schedule(job)).some((s) => s.booking?.applicationId === a.appId)).toBe(false);
  expect((await mySlots(a)).booked).toBeNull();
  expect((await call('GET', `/api/audition/applications/${a.appId}/slot.ics`, a.p.token)).statusCode).toBe(404);
  const bell = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, a.p._id));
  // The time is written as mails write times; the rest of the line is the contract's.
  const line = ENDS_MSG.slotCancelledNotice(job.title, '@', cause).split('@');
  expect(bell.filter((n) => n.text.startsWith(line[0]!) && n.text.endsWith(line[1]!))).toHaveLength(1);
  const mail = await mailTo(a.p, ENDS_MSG.slotCancelledSubject(job.title));
  expect(mail.text).toContain('is cancelled');
  const file = mail.attachments![0]!;
  expect(file.contentType).toMatch(/^text\/calendar/);
  expect(file.content).toContain('METHOD:CANCEL');
  expect(file.content).toContain('STATUS:CANCELLED');
  const after = eventOf(file.content);
  expect(after.uid).toBe(before.uid);
  expect(Number(after.sequence)).toBe(Number(before.sequence) + 1);
  expect(after.status).toBe('CANCELLED');
}

describe('a decline that stands', () => {
  it('cancels the booking once the undo window passed (not before, not after an undo), tells the performer with a cancelling .ics, ends the tape request; a tape to it is refused', async () => {
    const job = await postJob(t, studio, { title: 'Decline ends role' });
    const [first, second] = await slotsOf(job, 2);
    const asha = await auditioning(job, 'asha');
    const kept = await auditioning(job, 'keeper');
    await book(asha, first!._id);
    await book(kept, second!._id);
    const [request] = await requestTapes([asha.appId]);
    expect((await call('POST', `/api/audition/tape-requests/${request!._id}/accept`, asha.p.token)).statusCode).toBe(200);
    const before = await icsNow(asha);

    // An undone decline ends nothing.
    expect((await call('POST', `/api/studio/applications/${kept.appId}/status`, studio.token, { status: 'declined', reason: 'other' })).statusCode).toBe(200);
    expect((await call('POST', `/api/studio/applications/${kept.appId}/undo`, studio.token)).statusCode).toBe(200);

    expect((await call('POST', `/api/studio/applications/${asha.appId}/status`, studio.token, { status: 'declined', reason: 'went_another_way' })).statusCode).toBe(200);
    // Within the window the studio may still undo: the booking and the request stand.
    expect((await schedule(job)).find((s) => s._id === first!._id)?.booking?.applicationId).toBe(asha.appId);
    expect((await requestRow(request!._id)).status).toBe('accepted');

    await runDecisionNotices(t.ctx, quiet, DECISION_LIMITS.undoSeconds + 1);
    await expectCancelled(job, asha, before, 'declined');
    expect((await schedule(job)).find((s) => s._id === first!._id)?.booking).toBeNull();
    // The undone one keeps its time.
    expect((await schedule(job)).find((s) => s._id === second!._id)?.booking?.applicationId).toBe(kept.appId);
    expect((await requestRow(request!._id)).status).toBe('ended');
    const mine = (await call('GET', '/api/audition/tape-requests', asha.p.token)).json() as { tapeRequests: TapeRequest[] };
    expect(mine.tapeRequests.find((r) => r._id === request!._id)?.status).toBe('ended');

    const refused = await sendTape(asha, request!._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'request_ended', msg: ENDS_MSG.requestEnded });
    expect((await requestRow(request!._id)).tapeKey).toBeNull();
    // The freed time can be booked again, by someone still auditioning.
    const next = await auditioning(job, 'next');
    await book(next, first!._id);
  });
});

describe('closing a job', () => {
  it('cancels the bookings of the applications it closes and ends their tape requests (a retake too); a booked applicant keeps the time; the job names them first', async () => {
    const job = await postJob(t, studio, { title: 'Close ends role' });
    const [first, second] = await slotsOf(job, 2);
    const zoe = await auditioning(job, 'zoë ångström');
    const ben = await auditioning(job, 'ben cast');
    const quietOne = await auditioning(job, 'no time');
    await book(zoe, first!._id);
    await book(ben, second!._id);
    const made = await requestTapes([zoe.appId, ben.appId]);
    const zoeRequest = made.find((r) => r.applicationId === zoe.appId);
    const benRequest = made.find((r) => r.applicationId === ben.appId);
    for (const [a, r] of [[zoe, zoeRequest], [ben, benRequest]] as const) {
      expect((await call('POST', `/api/audition/tape-requests/${r!._id}/accept`, a.p.token)).statusCode).toBe(200);
      expect((await sendTape(a, r!._id)).statusCode).toBe(200);
      const retake = await call('POST', `/api/studio/tape-requests/${r!._id}/retake`, studio.token, { note: 'Once more', deadline: new Date(Date.now() + 30 * HOUR).toISOString() });
      expect(retake.statusCode, retake.body).toBe(200);
    }
    const zoeTape = (await requestRow(zoeRequest!._id)).tapeKey;

    // Item 13: once Ben's booking stands, his retake request ends.
    expect((await call('POST', `/api/studio/applications/${ben.appId}/status`, studio.token, { status: 'booked' })).statusCode).toBe(200);
    expect((await requestRow(benRequest!._id)).status).toBe('retake');
    await runDecisionNotices(t.ctx, quiet, DECISION_LIMITS.undoSeconds + 1);
    expect((await requestRow(benRequest!._id)).status).toBe('ended');
    expect((await sendTape(ben, benRequest!._id)).json()).toMatchObject({ code: 'request_ended' });

    // The close dialog's data names who is told and whose audition stays.
    const one = (await call('GET', `/api/studio/jobs/${job._id}`, studio.token)).json() as StudioJob;
    expect(one.live.people.waiting.map((p) => [p.name, p.slots])).toEqual([['Zoë Ångström', [first!.startsAt]], ['No Time', []]]);
    expect(one.live.people.booked.map((p) => [p.name, p.slots])).toEqual([['Ben Cast', [second!.startsAt]]]);
    expect(one.live.people.waiting[0]!.roleName).toBe(job.roles[0]!.name);
    // Another studio reads none of it.
    expect((await call('GET', `/api/studio/jobs/${job._id}`, rival.token)).statusCode).toBe(404);

    const before = await icsNow(zoe);
    // Refusals change nothing: another studio's close, a performer's, a bad reason.
    expect((await call('POST', `/api/studio/jobs/${job._id}/close`, rival.token, {})).statusCode).toBe(404);
    expect((await call('POST', `/api/studio/jobs/${job._id}/close`, zoe.p.token, {})).statusCode).toBe(403);
    const bad = await call('POST', `/api/studio/jobs/${job._id}/close`, studio.token, { reason: 'bored' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_input', field: 'reason' });
    expect((await schedule(job)).find((s) => s._id === first!._id)?.booking?.applicationId).toBe(zoe.appId);

    const closed = await call('POST', `/api/studio/jobs/${job._id}/close`, studio.token, {});
    expect(closed.statusCode, closed.body).toBe(200);
    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, zoe.appId));
    expect(row!.status).toBe('closed');
    await expectCancelled(job, zoe, before, 'closed');
    // Ben's audition stays, and so does his time on the schedule.
    expect((await schedule(job)).find((s) => s._id === second!._id)?.booking?.applicationId).toBe(ben.appId);
    // Zoë's retake ended: a new tape is refused, the first stays for the studio.
    expect((await requestRow(zoeRequest!._id)).status).toBe('ended');
    const refused = await sendTape(zoe, zoeRequest!._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'request_ended', msg: ENDS_MSG.requestEnded });
    expect((await requestRow(zoeRequest!._id)).tapeKey).toBe(zoeTape);
    // Someone else's request is not found, whatever its state.
    expect((await sendTape(quietOne, zoeRequest!._id)).statusCode).toBe(404);
    // A slot of a closed application's is no longer hers to cancel or read.
    expect((await call('DELETE', `/api/audition/applications/${zoe.appId}/slot`, zoe.p.token)).json()).toMatchObject({ msg: SLOT_MSG.noBooking });
    // Closing again tells nobody twice.
    const since = t.sink.messages.length;
    expect((await call('POST', `/api/studio/jobs/${job._id}/close`, studio.token, {})).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.sink.messages.slice(since).filter((m) => m.to === zoe.p.email.toLowerCase())).toHaveLength(0);
  });
});

describe('a withdrawal', () => {
  it('frees the booked time (the studio hears of it; the performer gets the cancelling calendar file, no bell) and ends the open tape request; a tape to it is refused', async () => {
    const job = await postJob(t, studio, { title: 'Withdraw ends role' });
    const [slot] = await slotsOf(job, 1);
    const ria = await auditioning(job, 'ria leaving');
    await book(ria, slot!._id);
    const [request] = await requestTapes([ria.appId]);
    expect((await call('POST', `/api/audition/tape-requests/${request!._id}/accept`, ria.p.token)).statusCode).toBe(200);

    const withdrawn = await call('POST', `/api/audition/applications/${ria.appId}/withdraw`, ria.p.token);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ _id: ria.appId, status: 'withdrawn' });

    // The time is free: gone from the schedule, and another performer books it.
    expect((await schedule(job)).find((s) => s._id === slot!._id)?.booking).toBeNull();
    const next = await auditioning(job, 'next in line');
    await book(next, slot!._id);
    // The studio hears of it in its activity line; the performer, who did it, gets no bell,
    // only the calendar file that takes the time out of their calendar.
    const line = ACTIVITY_TEXT.slotWithdrawn('Ria Leaving', job.title, '@').split('@');
    const bell = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, studio._id));
    expect(bell.filter((n) => n.kind === 'activity' && n.text.startsWith(line[0]!) && n.text.endsWith(line[1]!))).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    const mails = t.sink.messages.filter((m) => m.to === ria.p.email.toLowerCase() && m.subject === ENDS_MSG.slotCancelledSubject(job.title));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('is cancelled: you withdrew your application.');
    const ics = String(mails[0]!.attachments?.[0]?.content ?? '');
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    const mine = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, ria.p._id));
    expect(mine.filter((n) => n.text.includes('cancelled'))).toHaveLength(0);

    // The request ended: a tape to it is refused and nothing is stored.
    expect((await requestRow(request!._id)).status).toBe('ended');
    const refused = await sendTape(ria, request!._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'request_ended', msg: ENDS_MSG.requestEnded });
    expect((await requestRow(request!._id)).tapeKey).toBeNull();
  });
});
