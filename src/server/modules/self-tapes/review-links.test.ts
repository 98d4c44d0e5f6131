import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAPE_MSG, type ReviewLinkItem, type TapeRequest } from '../../../contract/self-tapes.js';
import { applications, reviewLinks } from '../../db/schema/index.js';
import { addPhoto, givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { makeMp4, multipart } from '../../../../test/media-files.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { earliestDeadline } from '../../../contract/tape-deadline.js';
import { hashLinkToken } from '../../lib/link-token.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
let shared: Performer;
let other: Performer;
let job: { _id: string };
let sharedApp: string;
let otherApp: string;
const lines: string[] = [];

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info', PUBLIC_URL: 'https://audition.example' }, { logStream: { write: (line: string) => lines.push(line) } });
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Review Studio' }), buildStudioAccount(t, { fname: 'Other Studio' })]);
  [shared, other] = await Promise.all([buildPerformer(t, { fname: 'Shared Performer' }), buildPerformer(t, { fname: 'Hidden Performer' })]);
  await Promise.all([givePlan(t, shared._id, 'Gold'), givePlan(t, other._id, 'Gold')]);
  const photo = await addPhoto(t, shared);
  job = await postJob(t, studio, { title: 'Review Job' });
  const a = await call('POST', `/api/jobs/${job._id}/apply`, shared.token, { note: 'Private note to the studio', media: [photo] });
  const b = await call('POST', `/api/jobs/${job._id}/apply`, other.token, {});
  sharedApp = a.json()._id;
  otherApp = b.json()._id;
  await call('PUT', `/api/studio/applications/${sharedApp}/review`, studio.token, { rating: 5, studioNote: 'Secret studio note' });
  await t.ctx.db.update(applications).set({ studioRating: 5, studioNote: 'Secret studio note' }).where(eq(applications.id, sharedApp));
  const deadline = new Date(earliestDeadline(new Date(), 48).getTime() + 3_600_000).toISOString();
  const req = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [sharedApp], deadline });
  const id = (req.json() as { tapeRequests: TapeRequest[] }).tapeRequests[0]!._id;
  await call('POST', `/api/audition/tape-requests/${id}/accept`, shared.token);
  const body = multipart({ filename: 'tape.mp4', body: makeMp4(20_000) });
  const sent = await t.app.inject({ method: 'POST', url: `/api/audition/tape-requests/${id}/tape`, headers: { ...body.headers, 'x-auth-token': shared.token }, payload: body.payload });
  expect(sent.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const create = (token: string, body: Record<string, unknown>) => call('POST', '/api/studio/review-links', token, body);

describe('review links', () => {
  it('refuses 0 or 51 applicants, 0 or 15 days, another studio’s job or applicants; changes nothing', async () => {
    const before = (await t.ctx.db.select().from(reviewLinks)).length;
    for (const body of [
      { jobId: job._id, applicationIds: [], expiresInDays: 3 },
      { jobId: job._id, applicationIds: Array.from({ length: 51 }, () => crypto.randomUUID()), expiresInDays: 3 },
      { jobId: job._id, applicationIds: [sharedApp], expiresInDays: 0 },
      { jobId: job._id, applicationIds: [sharedApp], expiresInDays: 15 },
    ]) {
      const res = await create(studio.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/applicants|days/);
    }
    const theirs = await create(rival.token, { jobId: job._id, applicationIds: [sharedApp], expiresInDays: 3 });
    expect(theirs.statusCode).toBe(400);
    expect((await t.ctx.db.select().from(reviewLinks)).length).toBe(before);
  });

  it('opens without an account: the §2 shape only, no private fields, no one else; media and tape only through the token', async () => {
    const res = await create(studio.token, { jobId: job._id, applicationIds: [sharedApp], expiresInDays: 3 });
    expect(res.statusCode).toBe(201);
    const { url, _id, expiresAt } = res.json() as { _id: string; url: string; expiresAt: string };
    expect(url).toMatch(/^\/review\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    const token = url.slice('/review/'.length);
    // Only the hash is kept.
    const [row] = await t.ctx.db.select().from(reviewLinks).where(eq(reviewLinks.id, _id));
    expect(row!.tokenHash).toBe(hashLinkToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const open = await t.app.inject({ method: 'GET', url: `/api/review/${token}` });
    expect(open.statusCode).toBe(200);
    expect(open.headers['x-robots-tag']).toContain('noindex');
    const answer = open.json();
    expect(Object.keys(answer).sort()).toEqual(['job', 'performers', 'studio']);
    expect(answer.job).toEqual({ title: 'Review Job' });
    expect(answer.studio).toEqual({ fname: 'Review Studio' });
    expect(answer.performers).toHaveLength(1);
    expect(Object.keys(answer.performers[0]).sort()).toEqual(['_id', 'age', 'height', 'media', 'name', 'profilePic', 'role', 'tape']);
    const text = open.body;
    for (const secret of [shared.email, other.email, '9876543210', 'Secret studio note', 'Private note to the studio', 'Hidden Performer', 'hidden performer', shared._id, otherApp]) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(text).not.toMatch(/rating|email|number|note/i);

    const tape = await t.app.inject({ method: 'GET', url: answer.performers[0].tape.url, headers: { range: 'bytes=0-9' } });
    expect(tape.statusCode).toBe(206);
    expect(tape.rawPayload.length).toBe(10);
    const photo = await t.app.inject({ method: 'GET', url: answer.performers[0].media[0].url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    // Another application of the job is not reachable through this link.
    expect((await t.app.inject({ method: 'GET', url: `/api/review/${token}/tapes/${otherApp}` })).statusCode).toBe(404);
    // A made-up token is 404.
    expect((await t.app.inject({ method: 'GET', url: `/api/review/${'A'.repeat(43)}` })).statusCode).toBe(404);

    const list = await call('GET', '/api/studio/review-links', studio.token);
    expect((list.json() as { reviewLinks: ReviewLinkItem[] }).reviewLinks.map((l) => l._id)).toContain(_id);
    expect((await call('GET', '/api/studio/review-links', rival.token)).json().reviewLinks).toEqual([]);

    // Revoked: the page, its tape and its media all answer 410.
    expect((await call('DELETE', `/api/studio/review-links/${_id}`, rival.token)).statusCode).toBe(404);
    const revoked = await call('DELETE', `/api/studio/review-links/${_id}`, studio.token);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    for (const u of [`/api/review/${token}`, answer.performers[0].tape.url, answer.performers[0].media[0].url]) {
      const gone = await t.app.inject({ method: 'GET', url: u });
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({ code: 'link_ended', msg: TAPE_MSG.reviewLinkEnded });
    }
    // The token never reached a log line, though its calls were logged.
    const log = lines.join('\n');
    expect(log).toContain('/api/review/[redacted]');
    expect(log).not.toContain(token);
  });

  it('an expired link answers 410', async () => {
    const res = await create(studio.token, { jobId: job._id, applicationIds: [sharedApp], expiresInDays: 1 });
    const token = (res.json().url as string).slice('/review/'.length);
    await t.ctx.db.update(reviewLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(reviewLinks.id, res.json()._id));
    const gone = await t.app.inject({ method: 'GET', url: `/api/review/${token}` });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'link_ended' });
  });

  it('leaves out an applicant who withdrew: no name, tape or media; a new link for them is 409', async () => {
    const res = await create(studio.token, { jobId: job._id, applicationIds: [sharedApp], expiresInDays: 3 });
    const token = (res.json().url as string).slice('/review/'.length);
    const before = (await t.app.inject({ method: 'GET', url: `/api/review/${token}` })).json();
    expect(before.performers).toHaveLength(1);
    expect((await call('POST', `/api/audition/applications/${sharedApp}/withdraw`, shared.token)).statusCode).toBe(200);
    const open = await t.app.inject({ method: 'GET', url: `/api/review/${token}` });
    expect(open.statusCode).toBe(200);
    expect(open.json().performers).toEqual([]);
    expect(open.body.toLowerCase()).not.toContain('shared performer');
    for (const u of [before.performers[0].tape.url, before.performers[0].media[0].url]) {
      expect((await t.app.inject({ method: 'GET', url: u })).statusCode).toBe(404);
    }
    const again = await create(studio.token, { jobId: job._id, applicationIds: [sharedApp], expiresInDays: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: TAPE_MSG.applicationClosed, code: 'application_closed' });
  });
});
