/**
 * Attacks on self-tape integrity (docs/security.md, "Self-tapes"): parallel tape uploads,
 * request floods, the sides lock after expiry, withdrawn applicants in review links.
 * PGlite, or PostgreSQL with TEST_DB=postgres.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAPE_LIMITS, TAPE_MSG } from '../../../contract/self-tapes.js';
import { notifications, tapeRequests, uploadReservations } from '../../db/schema/index.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { makeMp4, multipart } from '../../../../test/media-files.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { earliestDeadline } from '../../../contract/tape-deadline.js';
import { readerTime } from '../../../contract/time-zones.js';
import { runTapeSweep } from './tape-sweep.js';

let t: TestApp;
let studio: StudioAccount;
let job: { _id: string };

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const sendTape = (id: string, token: string, size: number) => {
  const body = multipart({ filename: 'tape.mp4', body: makeMp4(size) });
  return t.app.inject({ method: 'POST', url: `/api/audition/tape-requests/${id}/tape`, headers: { ...body.headers, 'x-auth-token': token }, payload: body.payload, remoteAddress: newAddress() });
};

const deadline = () => new Date(earliestDeadline(new Date(), 72).getTime() + 3_600_000).toISOString();

/** A performer who applied to the job: the application's id. */
async function applicant(name: string): Promise<{ who: Performer; appId: string }> {
  const who = await buildPerformer(t, { fname: name });
  await givePlan(t, who._id, 'Gold');
  const res = await call('POST', `/api/jobs/${job._id}/apply`, who.token, {});
  expect(res.statusCode).toBe(201);
  return { who, appId: (res.json() as { _id: string })._id };
}

async function requestTape(appId: string) {
  return call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [appId], instructions: 'Slate.', deadline: deadline() });
}

/** An applicant who accepted a request for a tape. */
async function acceptedRequest(name: string) {
  const { who, appId } = await applicant(name);
  expect((await requestTape(appId)).statusCode).toBe(201);
  const [req] = await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.applicationId, appId));
  expect((await call('POST', `/api/audition/tape-requests/${req!.id}/accept`, who.token)).statusCode).toBe(200);
  return { who, req };
}

const tapeFiles = async () => (await readdir(path.join(t.dataDir, 'uploads', 'private')).catch(() => [] as string[])).filter((n) => n.startsWith('tape-'));

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
  studio = await buildStudioAccount(t, { fname: 'Integrity Studio' });
  job = await postJob(t, studio, { title: 'Integrity Job' });
});
afterAll(async () => {
  await t.close();
});

describe('parallel tape uploads', () => {
  it('six at once leave one file, the one the request names; the others answer 409', async () => {
    const { who, req } = await acceptedRequest('Parallel Tapewright');
    const before = await tapeFiles();
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => sendTape(req!.id, who.token, 400_000 + i)));
    for (const res of answers) {
      expect([200, 409]).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json()).toEqual({ msg: TAPE_MSG.tapeUploadRunning, code: 'tape_upload_running' });
    }
    expect(answers.filter((r) => r.statusCode === 409).length).toBeGreaterThan(0);
    const [after] = await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.id, req!.id));
    const added = (await tapeFiles()).filter((n) => !before.includes(n));
    expect(added).toEqual([path.basename(after!.tapeKey!)]);
    // Nothing is held once they are done: the next tape is taken.
    expect(await t.ctx.db.$count(uploadReservations, eq(uploadReservations.tapeRequestId, req!.id))).toBe(0);
    expect((await sendTape(req!.id, who.token, 20_000)).statusCode).toBe(200);
    expect(await tapeFiles()).toHaveLength(before.length + 1);
  });
});

describe('tape-request floods', () => {
  it('ten requests for one application make one request, one notice and one mail; the rest answer 409', async () => {
    const { who, appId } = await applicant('Flood Tapewright');
    const answers = await Promise.all(Array.from({ length: 10 }, () => requestTape(appId)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msg: TAPE_MSG.requestOpen, code: 'request_open' });
    }
    expect(await t.ctx.db.$count(tapeRequests, eq(tapeRequests.applicationId, appId))).toBe(1);
    expect(await t.ctx.db.$count(notifications, eq(notifications.userId, who._id))).toBe(1);
    const [made] = await t.ctx.db.select({ deadline: tapeRequests.deadline }).from(tapeRequests).where(eq(tapeRequests.applicationId, appId));
    await new Promise((r) => setTimeout(r, 500));
    expect(t.sink.messages.filter((m) => m.to === who.email.toLowerCase() && m.subject === TAPE_MSG.requestSubject('Integrity Job', readerTime(made!.deadline, null)))).toHaveLength(1);
  });

  it('a withdrawn application is 409 and changes nothing', async () => {
    const { who, appId } = await applicant('Withdrawn Tapewright');
    expect((await call('POST', `/api/audition/applications/${appId}/withdraw`, who.token)).statusCode).toBe(200);
    const res = await requestTape(appId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: TAPE_MSG.applicationClosed, code: 'application_closed' });
    expect(await t.ctx.db.$count(tapeRequests, eq(tapeRequests.applicationId, appId))).toBe(0);
  });

  it('a studio makes at most 100 request calls an hour; then 429', async () => {
    const other = await buildStudioAccount(t, { fname: 'Busy Studio' });
    const body = { applicationIds: [crypto.randomUUID()], instructions: '', deadline: deadline() };
    for (let i = 0; i < TAPE_LIMITS.requestsPerHour; i += 1) {
      expect((await call('POST', '/api/studio/tape-requests', other.token, body)).statusCode).toBe(400);
    }
    const refused = await call('POST', '/api/studio/tape-requests', other.token, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
  });
});

describe('the sides of an expired request', () => {
  it('stay locked when the performer never accepted', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).drawText('Scene 1', { x: 50, y: 700 });
    const pdf = multipart({ filename: 'sides.pdf', body: Buffer.from(await doc.save()) });
    const sides = await t.app.inject({ method: 'POST', url: '/api/studio/files', headers: { ...pdf.headers, 'x-auth-token': studio.token }, payload: pdf.payload, remoteAddress: newAddress() });
    expect(sides.statusCode).toBe(201);
    const { who, appId } = await applicant('Lapsed Tapewright');
    const made = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [appId], sidesFileId: sides.json().fileId, deadline: deadline() });
    expect(made.statusCode).toBe(201);
    const [req] = await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.applicationId, appId));
    const url = `/api/audition/tape-requests/${req!.id}/sides`;
    expect((await call('GET', url, who.token)).statusCode).toBe(403);
    await runTapeSweep(t.ctx.db, { now: new Date(req!.deadline.getTime() + 60_000) });
    const [after] = await t.ctx.db.select({ status: tapeRequests.status }).from(tapeRequests).where(eq(tapeRequests.id, req!.id));
    expect(after!.status).toBe('expired');
    const res = await call('GET', url, who.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: TAPE_MSG.sidesLocked, code: 'sides_locked' });
  });
});

describe('account deletion', () => {
  it('a deleted performer’s tape is gone: its URL answers 404 and its file is deleted', async () => {
    const { who, req } = await acceptedRequest('Leaving Tapewright');
    const sent = await sendTape(req!.id, who.token, 20_000);
    expect(sent.statusCode).toBe(200);
    const url = (sent.json() as { tape: { url: string } }).tape.url;
    const [row] = await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.id, req!.id));
    const file = path.basename(row!.tapeKey!);
    expect(await tapeFiles()).toContain(file);
    expect((await call('DELETE', '/api/me', who.token, { password: who.password })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await expect.poll(tapeFiles, { timeout: 10_000 }).not.toContain(file);
  });
});
