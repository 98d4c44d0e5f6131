/**
 * The studio hears of what performers do (docs/applications.md, "The studio hears of what
 * performers do"; issue 49, items 6 and 13): a tape sent, a request declined with its reason,
 * a time booked or moved reach the bell and the live stream of the owner and of every member,
 * and the hourly digest mails each of them. Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobPost } from '../../../contract/jobs.js';
import { personName } from '../../../contract/names.js';
import { TAPE_LIMITS, TAPE_MSG, type TapeRequest } from '../../../contract/self-tapes.js';
import type { OpenSlot } from '../../../contract/slots.js';
import { ACTIVITY_TEXT } from '../../../contract/studio-activity-texts.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { makeMp4, multipart } from '../../../../test/media-files.js';
import { openEvents } from '../../../../test/message-factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { addMember, type TeamMember } from '../../../../test/team-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { studioActivity, tapeRequests, users } from '../../db/schema/index.js';
import { earliestDeadline } from '../../../contract/tape-deadline.js';
import { readerTime } from '../../../contract/time-zones.js';
import { runActivityDigest } from './index.js';

const HOUR = 3_600_000;
const quiet = { error: () => {} };
let t: TestApp;
let base: string;
let studio: StudioAccount;
let rival: StudioAccount;
let asha: TeamMember;
let vik: TeamMember;
let ana: Performer;
let ben: Performer;
let job: JobPost;
let anaApp: string;
let benApp: string;
let anaName: string;
let benName: string;
const streams: Awaited<ReturnType<typeof openEvents>>[] = [];
/** Every line the studio heard, in order: the digest carries each. */
const heard: string[] = [];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
const upload = (url: string, token: string) => {
  const body = multipart({ filename: 'tape.mp4', body: makeMp4(20_000) });
  return t.app.inject({ method: 'POST', url, headers: { ...body.headers, 'x-auth-token': token }, payload: body.payload, remoteAddress: newAddress() });
};
const bell = async (token: string) => ((await call('GET', '/api/notifications', token)).json() as { notifications: { kind: string; text: string; link: string }[] }).notifications;
const nameOf = async (id: string) => personName((await t.ctx.db.select({ fname: users.fname }).from(users).where(eq(users.id, id)))[0]!.fname);

async function openStream(token: string) {
  const { ticket } = (await call('POST', '/api/events/ticket', token)).json() as { ticket: string };
  const s = await openEvents(`${base}/api/events?ticket=${ticket}`);
  expect(s.res.status).toBe(200);
  streams.push(s);
  return s;
}
const notices = (s: { events: { event: string }[] }) => s.events.filter((e) => e.event === 'notification').length;

/**
 * Runs `act`, then expects `line` (linking to `link`) on the bell of the owner and of each member,
 * and one more `notification` event on each of their open streams; the rival studio hears nothing.
 */
async function expectStudioHears(act: () => Promise<void>, line: string, link: string) {
  const open = [await openStream(studio.token), await openStream(asha.token), await openStream(vik.token)];
  const before = open.map(notices);
  await act();
  for (const token of [studio.token, asha.token, vik.token]) expect(await bell(token)).toContainEqual(expect.objectContaining({ kind: 'activity', text: line, link }));
  await Promise.all(open.map((s, i) => s.until(() => notices(s) > before[i]!)));
  expect((await bell(rival.token)).map((n) => n.text)).not.toContain(line);
  await Promise.all(open.map((s) => s.close()));
  heard.push(line);
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Heard Studio' }), buildStudioAccount(t, { fname: 'Rival Hears' })]);
  asha = await addMember(t, studio, 'casting', 'Asha Caster');
  vik = await addMember(t, studio, 'viewer', 'Vik Viewer');
  [ana, ben] = await Promise.all([buildPerformer(t), buildPerformer(t)]);
  await Promise.all([givePlan(t, ana._id, 'Gold'), givePlan(t, ben._id, 'Gold')]);
  [anaName, benName] = await Promise.all([nameOf(ana._id), nameOf(ben._id)]);
  job = await postJob(t, studio, { title: 'Harbour Nights', roles: [{ name: 'Detective' }, { name: 'Sidekick' }] });
  const [detective, sidekick] = job.roles;
  anaApp = (await call('POST', `/api/jobs/${job._id}/apply`, ana.token, { roleId: detective!._id })).json()._id;
  benApp = (await call('POST', `/api/jobs/${job._id}/apply`, ben.token, { roleId: sidekick!._id })).json()._id;
});
afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await t.close();
});

describe('self-tape requests name the role and the deadline', () => {
  it('each performer’s notice and e-mail name their own role and the deadline', async () => {
    const deadline = new Date(earliestDeadline(new Date(), 48).getTime() + HOUR);
    deadline.setUTCSeconds(0, 0);
    const since = t.sink.messages.length;
    const res = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [anaApp, benApp], instructions: 'Scene 1.', deadline: deadline.toISOString() });
    expect(res.statusCode, res.body).toBe(201);
    const due = readerTime(deadline, null);
    const anaMail = await t.sink.waitFor(ana.email.toLowerCase(), { since });
    expect(anaMail.subject).toBe(TAPE_MSG.requestSubject('Harbour Nights (Detective)', due));
    expect(anaMail.text).toContain(TAPE_MSG.requestNotice('Heard Studio', 'Harbour Nights (Detective)', due));
    const benMail = await t.sink.waitFor(ben.email.toLowerCase(), { since });
    expect(benMail.subject).toBe(TAPE_MSG.requestSubject('Harbour Nights (Sidekick)', due));
    expect((await bell(ben.token)).map((n) => n.text)).toContain(TAPE_MSG.requestNotice('Heard Studio', 'Harbour Nights (Sidekick)', due));
  });
});

describe('the studio hears of what performers do', () => {
  const requestOf = async (performer: Performer) => ((await call('GET', '/api/audition/tape-requests', performer.token)).json() as { tapeRequests: TapeRequest[] }).tapeRequests[0]!;

  it('a tape sent reaches the bell and the stream of the owner and of every member', async () => {
    const r = await requestOf(ana);
    expect((await call('POST', `/api/audition/tape-requests/${r._id}/accept`, ana.token)).statusCode).toBe(200);
    await expectStudioHears(
      async () => {
        const sent = await upload(`/api/audition/tape-requests/${r._id}/tape`, ana.token);
        expect(sent.statusCode, sent.body).toBe(200);
      },
      ACTIVITY_TEXT.tapeSent(anaName, 'Harbour Nights (Detective)'),
      `/dashboard/jobs/${job._id}/self-tapes`,
    );
  });

  it('a decline refuses a reason over the limit, another performer and a studio, changing nothing', async () => {
    const r = await requestOf(ben);
    const long = await call('POST', `/api/audition/tape-requests/${r._id}/decline`, ben.token, { reason: 'x'.repeat(TAPE_LIMITS.declineReasonMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'invalid_input', field: 'reason', msg: expect.stringContaining(String(TAPE_LIMITS.declineReasonMax)) });
    const control = await call('POST', `/api/audition/tape-requests/${r._id}/decline`, ben.token, { reason: 'bad\u0007bell' });
    expect(control.statusCode).toBe(400);
    expect((await call('POST', `/api/audition/tape-requests/${r._id}/decline`, ana.token, { reason: 'Not mine' })).statusCode).toBe(404);
    expect((await call('POST', `/api/audition/tape-requests/${r._id}/decline`, studio.token, { reason: 'Not mine' })).statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.id, r._id));
    expect(row).toMatchObject({ status: 'requested', declineReason: '' });
    expect(await t.ctx.db.$count(studioActivity, eq(studioActivity.jobId, job._id))).toBe(1);
  });

  it('a decline with a reason reaches every bell and stream with the reason, and the studio’s request shows it', async () => {
    const r = await requestOf(ben);
    const reason = 'I am filming abroad that week.\nHappy to audition in person later.';
    await expectStudioHears(
      async () => {
        const declined = await call('POST', `/api/audition/tape-requests/${r._id}/decline`, ben.token, { reason });
        expect(declined.statusCode, declined.body).toBe(200);
        expect(declined.json()).toMatchObject({ status: 'declined', declineReason: reason });
      },
      ACTIVITY_TEXT.tapeDeclined(benName, 'Harbour Nights (Sidekick)', reason),
      `/dashboard/jobs/${job._id}/self-tapes`,
    );
    // The studio reads it on the applicant's request, a viewer too; another studio does not reach it.
    const listed = (await call('GET', `/api/studio/jobs/${job._id}/tape-requests`, vik.token)).json() as { tapeRequests: TapeRequest[] };
    expect(listed.tapeRequests.find((x) => x.applicationId === benApp)).toMatchObject({ status: 'declined', declineReason: reason });
    const rivalList = await call('GET', `/api/studio/jobs/${job._id}/tape-requests`, rival.token);
    expect(rivalList.json()).toEqual({ tapeRequests: [] });
    // Only the studio and the performer who wrote it: another performer's list does not carry it.
    const anaList = (await call('GET', '/api/audition/tape-requests', ana.token)).json() as { tapeRequests: TapeRequest[] };
    expect(JSON.stringify(anaList)).not.toContain('filming abroad');
    // Declining twice is refused and tells nobody again.
    const again = await call('POST', `/api/audition/tape-requests/${r._id}/decline`, ben.token, {});
    expect(again.statusCode).toBe(409);
    expect(await t.ctx.db.$count(studioActivity, eq(studioActivity.jobId, job._id))).toBe(2);
  });

  it('a booked time and a moved time reach every bell and stream, naming role and times in the studio owner’s zone', async () => {
    const zone = 'Asia/Kolkata';
    expect((await call('PUT', '/api/me/time-zone', studio.token, { timeZone: zone })).statusCode).toBe(200);
    expect((await call('POST', `/api/studio/applications/${anaApp}/status`, studio.token, { status: 'auditioning' })).statusCode).toBe(200);
    const start = new Date(Date.now() + 72 * HOUR);
    start.setUTCSeconds(0, 0);
    const made = await call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { minutes: 15, count: 2, gapMinutes: 0, place: 'Studio 4', startsAt: start.toISOString() });
    expect(made.statusCode, made.body).toBe(201);
    const [first, second] = (made.json() as { slots: OpenSlot[] }).slots;
    const schedule = `/dashboard/jobs/${job._id}/schedule`;
    await expectStudioHears(
      async () => {
        expect((await call('PUT', `/api/audition/applications/${anaApp}/slot`, ana.token, { slotId: first!._id })).statusCode).toBe(200);
      },
      ACTIVITY_TEXT.slotBooked(anaName, 'Harbour Nights (Detective)', readerTime(new Date(first!.startsAt), zone)),
      schedule,
    );
    await expectStudioHears(
      async () => {
        expect((await call('PUT', `/api/audition/applications/${anaApp}/slot`, ana.token, { slotId: second!._id })).statusCode).toBe(200);
      },
      ACTIVITY_TEXT.slotMoved(anaName, 'Harbour Nights (Detective)', readerTime(new Date(first!.startsAt), zone), readerTime(new Date(second!.startsAt), zone)),
      schedule,
    );
    // Another performer's application: 404, and the studio hears nothing of it.
    expect((await call('PUT', `/api/audition/applications/${anaApp}/slot`, ben.token, { slotId: first!._id })).statusCode).toBe(404);
    expect(await t.ctx.db.$count(studioActivity, eq(studioActivity.jobId, job._id))).toBe(4);
  });
});

describe('the digest of what performers did', () => {
  it('mails the owner and every member each act once, at most once an hour; another studio gets nothing', async () => {
    const since = t.sink.messages.length;
    const now = new Date();
    const first = await runActivityDigest(t.ctx, quiet, now);
    expect(first.mailed).toBe(3);
    // Other mails (the booking's to the performer) may arrive meanwhile: the digest's are read.
    const digests = (from: number, n: number) => t.sink.messages.slice(from).filter((m) => m.subject === ACTIVITY_TEXT.digestSubject(n));
    const mails = digests(since, 4);
    expect(mails.map((m) => m.to).sort()).toEqual([studio.email, asha.email, vik.email].map((e) => e.toLowerCase()).sort());
    for (const m of mails) {
      expect(heard).toHaveLength(4);
      for (const line of heard) expect(m.text).toContain(`- ${line}`);
      expect(m.text).toContain(`${ACTIVITY_TEXT.seeJob('Harbour Nights')}: https://audition.example/dashboard/jobs/${job._id}/applicants`);
      expect(m.html).toContain('I am filming abroad that week.');
    }
    // Nothing new: nothing mailed. Within the hour a new act waits; after it, it is mailed alone.
    expect((await runActivityDigest(t.ctx, quiet, new Date(now.getTime() + 60_000))).mailed).toBe(0);
    await t.ctx.db.insert(studioActivity).values({ studioId: studio.studioId, jobId: job._id, line: 'Later act.' });
    expect((await runActivityDigest(t.ctx, quiet, new Date(now.getTime() + 30 * 60_000))).mailed).toBe(0);
    const later = t.sink.messages.length;
    expect((await runActivityDigest(t.ctx, quiet, new Date(now.getTime() + HOUR + 60_000))).mailed).toBe(3);
    const second = digests(later, 1);
    expect(second).toHaveLength(3);
    expect(second[0]!.text).toContain('Later act.');
    expect(second[0]!.text).not.toContain('filming abroad');
    expect(t.sink.messages.slice(since).some((m) => m.to === rival.email.toLowerCase())).toBe(false);
  });

  it('a studio that turned casting e-mails off gets no digest, and the act is not mailed later', async () => {
    expect((await call('PUT', '/api/me/notification-settings', studio.token, { emailApplicants: false })).statusCode).toBe(200);
    await t.ctx.db.insert(studioActivity).values({ studioId: studio.studioId, jobId: job._id, line: 'Quiet act.' });
    const since = t.sink.messages.length;
    expect((await runActivityDigest(t.ctx, quiet, new Date(Date.now() + 3 * HOUR))).mailed).toBe(0);
    expect(await t.ctx.db.$count(studioActivity, eq(studioActivity.line, 'Quiet act.'))).toBe(1);
    expect(t.sink.messages.length).toBe(since);
  });
});
