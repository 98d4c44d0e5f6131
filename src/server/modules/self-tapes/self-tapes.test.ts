import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAPE_MSG, type TapeRequest } from '../../../contract/self-tapes.js';
import { readerTime } from '../../../contract/time-zones.js';
import { notifications, tapeRequests, users } from '../../db/schema/index.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { fixture, makeMp4, multipart } from '../../../../test/media-files.js';
import { readPdf } from '../../../../test/pdf-text.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { earliestDeadline } from '../../../contract/tape-deadline.js';
import { runTapeSweep } from './tape-sweep.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
let ana: Performer;
let ben: Performer;
let job: { _id: string };
let appIds: string[];

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const upload = (url: string, token: string, file: { filename: string; body: Buffer; contentType?: string }) => {
  const body = multipart(file);
  return t.app.inject({ method: 'POST', url, headers: { ...body.headers, 'x-auth-token': token }, payload: body.payload, remoteAddress: newAddress() });
};

async function makePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage([612, 792]).drawText(`Scene ${i + 1}`, { x: 50, y: 700 });
  return Buffer.from(await doc.save());
}

/** A deadline `minutes` after the earliest the rule allows from now. */
const deadlineAfterEarliest = (hours: number, minutes: number) => new Date(earliestDeadline(new Date(), hours).getTime() + minutes * 60_000).toISOString();

async function mailTo(email: string, subject: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const found = t.sink.messages.find((m) => m.to === email.toLowerCase() && m.subject === subject);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Tape Studio' }), buildStudioAccount(t, { fname: 'Rival Studio' })]);
  [ana, ben] = await Promise.all([buildPerformer(t, { fname: 'Ana Tapewright' }), buildPerformer(t, { fname: 'Ben Okafor' })]);
  await Promise.all([givePlan(t, ana._id, 'Gold'), givePlan(t, ben._id, 'Gold')]);
  job = await postJob(t, studio, { title: 'Tape Job' });
  appIds = [];
  for (const who of [ana, ben]) {
    const res = await call('POST', `/api/jobs/${job._id}/apply`, who.token, {});
    expect(res.statusCode).toBe(201);
    appIds.push((res.json() as { _id: string })._id);
  }
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/studio/files (sides)', () => {
  it('answers 201 with the page count read from the file', async () => {
    const res = await upload('/api/studio/files', studio.token, { filename: 'sides.pdf', body: await makePdf(4) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ fileId: expect.any(String), pages: 4 });
  });

  it('refuses by content: a PNG named .pdf is 415, a broken PDF 400, 31 pages 400, a performer 403', async () => {
    const png = await upload('/api/studio/files', studio.token, { filename: 'sides.pdf', contentType: 'application/pdf', body: fixture('clip.mp4') });
    expect(png.statusCode).toBe(415);
    expect(png.json()).toMatchObject({ msg: TAPE_MSG.sidesNotPdf });
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x41)]);
    const bad = await upload('/api/studio/files', studio.token, { filename: 'sides.pdf', body: broken });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'pdf_unreadable' });
    const long = await upload('/api/studio/files', studio.token, { filename: 'sides.pdf', body: await makePdf(31) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'too_many_pages', msg: TAPE_MSG.sidesTooManyPages(31) });
    const asPerformer = await upload('/api/studio/files', ana.token, { filename: 'sides.pdf', body: await makePdf(1) });
    expect(asPerformer.statusCode).toBe(403);
  });
});

describe('the self-tape flow', () => {
  let sidesFileId: string;
  let anaRequest: TapeRequest;
  let benRequest: TapeRequest;

  it('refuses a deadline under 72 weekday hours for 4-page sides, naming the earliest; changes nothing', async () => {
    sidesFileId = (await upload('/api/studio/files', studio.token, { filename: 'sides.pdf', body: await makePdf(4) })).json().fileId;
    const earliest = earliestDeadline(new Date(), 72);
    const res = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: appIds, instructions: 'Slate, then scene 2.', sidesFileId, deadline: deadlineAfterEarliest(72, -60) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'deadline_too_soon', field: 'deadline' });
    expect(res.json().msg).toContain(readerTime(new Date(res.json().earliest), null));
    // The form offers the earliest time from this field, rounded up to the minute; it never reads the sentence.
    const sent = new Date(res.json().earliest);
    expect(sent.getTime()).toBeGreaterThanOrEqual(earliest.getTime());
    expect(sent.getTime() - earliest.getTime()).toBeLessThan(60_000);
    expect(sent.getUTCSeconds()).toBe(0);
    expect(await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.jobId, job._id))).toHaveLength(0);
  });

  it('refuses others’ applicants, more than 100, long instructions, a deadline without an offset', async () => {
    const deadline = deadlineAfterEarliest(72, 60);
    const rivalRes = await call('POST', '/api/studio/tape-requests', rival.token, { applicationIds: appIds, instructions: '', deadline });
    expect(rivalRes.statusCode).toBe(400);
    expect(rivalRes.json()).toMatchObject({ code: 'applications_invalid', field: 'applicationIds' });
    const many = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: Array.from({ length: 101 }, () => crypto.randomUUID()), deadline });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ msg: TAPE_MSG.applicationsRange });
    const long = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: appIds, instructions: 'x'.repeat(4001), deadline });
    expect(long.statusCode).toBe(400);
    const noOffset = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: appIds, deadline: deadline.replace('Z', '') });
    expect(noOffset.statusCode).toBe(400);
    expect(noOffset.json()).toMatchObject({ msg: TAPE_MSG.deadlineFormat });
    const rivalSides = await call('POST', '/api/studio/tape-requests', rival.token, { applicationIds: appIds, sidesFileId, deadline });
    expect(rivalSides.statusCode).toBe(400);
  });

  it('creates one request per applicant and tells each performer in the app and by e-mail', async () => {
    const deadline = deadlineAfterEarliest(72, 60);
    const due = readerTime(new Date(deadline), null);
    const res = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: appIds, instructions: 'Slate, then scene 2.', sidesFileId, deadline });
    expect(res.statusCode).toBe(201);
    const made = (res.json() as { tapeRequests: TapeRequest[] }).tapeRequests;
    expect(made).toHaveLength(2);
    expect(made[0]).toMatchObject({ status: 'requested', sidesPages: 4, tape: null, job: { title: 'Tape Job' } });
    // The mail names the deadline (and the role, when the job has roles of their own: studio-activity.test.ts).
    const mail = await mailTo(ana.email, TAPE_MSG.requestSubject('Tape Job', due));
    expect(mail.text).toContain(TAPE_MSG.requestNotice('Tape Studio', 'Tape Job', due));
    await mailTo(ben.email, TAPE_MSG.requestSubject('Tape Job', due));
    const notices = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, ana._id));
    expect(notices.map((n) => n.text)).toContain(TAPE_MSG.requestNotice('Tape Studio', 'Tape Job', due));
    const mine = (await call('GET', '/api/audition/tape-requests', ana.token)).json() as { tapeRequests: TapeRequest[] };
    expect(mine.tapeRequests).toHaveLength(1);
    anaRequest = mine.tapeRequests[0]!;
    benRequest = ((await call('GET', '/api/audition/tape-requests', ben.token)).json() as { tapeRequests: TapeRequest[] }).tapeRequests[0]!;
    expect(anaRequest).toMatchObject({ status: 'requested', instructions: 'Slate, then scene 2.', studio: { fname: 'Tape Studio' } });
  });

  it('locks the sides and the tape until accepted; another performer sees 404', async () => {
    const locked = await call('GET', `/api/audition/tape-requests/${anaRequest._id}/sides`, ana.token);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 'sides_locked', msg: TAPE_MSG.sidesLocked });
    const early = await upload(`/api/audition/tape-requests/${anaRequest._id}/tape`, ana.token, { filename: 'tape.mp4', body: makeMp4(20_000) });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'not_accepted' });
    expect((await call('GET', `/api/audition/tape-requests/${anaRequest._id}/sides`, ben.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/audition/tape-requests/${anaRequest._id}/accept`, ben.token)).statusCode).toBe(404);
  });

  it('after accepting, serves the sides with the performer’s name and the date on every page', async () => {
    const accepted = await call('POST', `/api/audition/tape-requests/${anaRequest._id}/accept`, ana.token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted' });
    const res = await call('GET', `/api/audition/tape-requests/${anaRequest._id}/sides`, ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = readPdf(res.rawPayload);
    expect(pages).toHaveLength(4);
    // The day as screens write one ("28 Nov 2026"), the server's day being UTC's.
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date());
    // The name as the account keeps it (sign-up stores it as typed, folded to lower case).
    const [person] = await t.ctx.db.select({ fname: users.fname }).from(users).where(eq(users.id, ana._id));
    expect(person!.fname.toLowerCase()).toBe('ana tapewright');
    for (const page of pages) {
      expect(page.text).toContain(person!.fname);
      expect(page.text).toContain(today);
    }
  });

  it('takes a video by content only, then serves it through its signed URL with ranges; not under /uploads', async () => {
    const notVideo = await upload(`/api/audition/tape-requests/${anaRequest._id}/tape`, ana.token, { filename: 'tape.mp4', contentType: 'video/mp4', body: await makePdf(1) });
    expect(notVideo.statusCode).toBe(415);
    expect(notVideo.json()).toMatchObject({ msg: TAPE_MSG.tapeNotVideo });
    const res = await upload(`/api/audition/tape-requests/${anaRequest._id}/tape`, ana.token, { filename: 'tape.mp4', body: makeMp4(20_000) });
    expect(res.statusCode).toBe(200);
    const sent = res.json() as TapeRequest;
    expect(sent).toMatchObject({ status: 'submitted', tape: { _id: expect.any(String), submittedAt: expect.any(String), watchedAt: null } });
    const file = await t.app.inject({ method: 'GET', url: sent.tape!.url, headers: { range: 'bytes=0-99' } });
    expect(file.statusCode).toBe(206);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.rawPayload.length).toBe(100);
    expect((await t.app.inject({ method: 'GET', url: sent.tape!.url.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/tapes/${sent.tape!._id}` })).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.id, anaRequest._id));
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${row!.tapeKey}` })).statusCode).toBe(404);
    // A new tape replaces the old one until the deadline.
    const again = await upload(`/api/audition/tape-requests/${anaRequest._id}/tape`, ana.token, { filename: 'take2.mp4', body: makeMp4(21_000) });
    expect(again.statusCode).toBe(200);
    expect((again.json() as TapeRequest).tape!._id).not.toBe(sent.tape!._id);
    expect((await t.app.inject({ method: 'GET', url: sent.tape!.url })).statusCode).toBe(404);
    anaRequest = again.json() as TapeRequest;
  });

  it('the studio’s first watch sets watchedAt once, and the performer sees it; another studio gets 404', async () => {
    const tapeId = anaRequest.tape!._id;
    expect((await call('POST', `/api/studio/tapes/${tapeId}/watched`, rival.token)).statusCode).toBe(404);
    const first = await call('POST', `/api/studio/tapes/${tapeId}/watched`, studio.token);
    expect(first.statusCode).toBe(200);
    const watchedAt = first.json().watchedAt as string;
    expect(watchedAt).toEqual(expect.any(String));
    const second = await call('POST', `/api/studio/tapes/${tapeId}/watched`, studio.token);
    expect(second.json().watchedAt).toBe(watchedAt);
    const mine = ((await call('GET', '/api/audition/tape-requests', ana.token)).json() as { tapeRequests: TapeRequest[] }).tapeRequests[0]!;
    expect(mine.tape!.watchedAt).toBe(watchedAt);
    // The applicant answer carries the tape too.
    const card = await call('GET', `/api/studio/applications/${anaRequest.applicationId}`, studio.token);
    expect(card.json().tape).toMatchObject({ _id: tapeId, watchedAt, url: expect.stringContaining(`/api/tapes/${tapeId}?`) });
    const list = await call('GET', `/api/studio/jobs/${job._id}/applications`, studio.token);
    const listed = list.json().applications as { _id: string; tape: unknown }[];
    expect(listed.find((a) => a._id === anaRequest.applicationId)?.tape).toMatchObject({ _id: tapeId, watchedAt, submittedAt: card.json().tape.submittedAt, url: expect.stringContaining(`/api/tapes/${tapeId}?`) });
    const other = listed.find((a) => a._id === benRequest.applicationId);
    expect(other?.tape).toBeNull();
  });

  it('allows one retake with a deadline at least 24 hours away; the second is 409', async () => {
    const soon = await call('POST', `/api/studio/tape-requests/${anaRequest._id}/retake`, studio.token, { note: 'Slower, please.', deadline: new Date(Date.now() + 3_600_000).toISOString() });
    expect(soon.statusCode).toBe(400);
    expect(soon.json()).toMatchObject({ code: 'deadline_too_soon', field: 'deadline', earliest: expect.any(String) });
    expect(new Date(soon.json().earliest).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const deadline = new Date(Date.now() + 30 * 3_600_000).toISOString();
    expect((await call('POST', `/api/studio/tape-requests/${anaRequest._id}/retake`, rival.token, { note: 'x', deadline })).statusCode).toBe(404);
    const ok = await call('POST', `/api/studio/tape-requests/${anaRequest._id}/retake`, studio.token, { note: 'Slower, please.', deadline });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'retake', retakeNote: 'Slower, please.', retakeUsed: true });
    await mailTo(ana.email, TAPE_MSG.retakeSubject('Tape Job'));
    const twice = await call('POST', `/api/studio/tape-requests/${anaRequest._id}/retake`, studio.token, { note: 'Again', deadline });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'retake_used' });
  });

  it('reminds once 24 hours before the deadline, then expires a request without a tape; a late tape is 409', async () => {
    const accepted = await call('POST', `/api/audition/tape-requests/${benRequest._id}/accept`, ben.token);
    expect(accepted.statusCode).toBe(200);
    const deadline = new Date((await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.id, benRequest._id)))[0]!.deadline);
    const dayBefore = new Date(deadline.getTime() - 23 * 3_600_000);
    const first = await runTapeSweep(t.ctx.db, { now: dayBefore, mail: { origin: 'https://audition.example' } });
    expect(first.mails.map((m) => m.to)).toContain(ben.email.toLowerCase());
    const again = await runTapeSweep(t.ctx.db, { now: new Date(dayBefore.getTime() + 60_000) });
    expect(again.mails.map((m) => m.to)).not.toContain(ben.email.toLowerCase());
    await runTapeSweep(t.ctx.db, { now: new Date(deadline.getTime() + 60_000) });
    const mine = ((await call('GET', '/api/audition/tape-requests', ben.token)).json() as { tapeRequests: TapeRequest[] }).tapeRequests[0]!;
    expect(mine.status).toBe('expired');
    const late = await upload(`/api/audition/tape-requests/${benRequest._id}/tape`, ben.token, { filename: 'tape.mp4', body: makeMp4(20_000) });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'deadline_passed', msg: TAPE_MSG.deadlinePassed });
  });

  it('a tape after the deadline is 409 even before the sweep ran', async () => {
    await t.ctx.db.update(tapeRequests).set({ deadline: new Date(Date.now() - 60_000) }).where(eq(tapeRequests.id, anaRequest._id));
    const late = await upload(`/api/audition/tape-requests/${anaRequest._id}/tape`, ana.token, { filename: 'tape.mp4', body: makeMp4(20_000) });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'deadline_passed' });
  });

  it('a performer may decline with a reason', async () => {
    const res = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [appIds[1]], deadline: deadlineAfterEarliest(48, 10) });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { tapeRequests: TapeRequest[] }).tapeRequests[0]!._id;
    const declined = await call('POST', `/api/audition/tape-requests/${id}/decline`, ben.token, { reason: 'Away that week.' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', declineReason: 'Away that week.' });
    expect((await call('POST', `/api/audition/tape-requests/${id}/accept`, ben.token)).statusCode).toBe(409);
  });
});
