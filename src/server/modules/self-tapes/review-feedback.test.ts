/**
 * Feedback on review links (docs/self-tapes.md, "Feedback"): viewers without an account
 * pick yes / maybe / no and comment per performer; the studio reads it per link, on the
 * card and on the board; the performer never sees it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAPE_LIMITS, TAPE_MSG, type LinkFeedbackAnswer, type ReviewAnswer, type ReviewLinkItem } from '../../../contract/self-tapes.js';
import type { StudioApplication, StudioApplicationsAnswer } from '../../../contract/applications.js';
import { reviewFeedback, reviewLinks } from '../../db/schema/index.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
let ana: Performer;
let ben: Performer;
let cleo: Performer;
let job: { _id: string };
let anaApp: string;
let benApp: string;
let cleoApp: string;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown, address = newAddress()) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: address });

async function link(applicationIds: string[], label?: string | null): Promise<{ _id: string; token: string }> {
  const res = await call('POST', '/api/studio/review-links', studio.token, { jobId: job._id, applicationIds, expiresInDays: 3, ...(label === undefined ? {} : { label }) });
  expect(res.statusCode).toBe(201);
  const { _id, url } = res.json() as { _id: string; url: string };
  return { _id, token: url.slice('/review/'.length) };
}
const room = async (token: string) => (await call('GET', `/api/review/${token}`)).json() as ReviewAnswer;
const idOf = async (token: string, name: string) => (await room(token)).performers.find((p) => p.name.toLowerCase() === name.toLowerCase())!._id;
const give = (token: string, body: Record<string, unknown>, address?: string) => call('POST', `/api/review/${token}/feedback`, undefined, body, address);
const feedbackRows = async () => (await t.ctx.db.select().from(reviewFeedback)).length;

beforeAll(async () => {
  t = await buildTestApp();
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Feedback Studio' }), buildStudioAccount(t, { fname: 'Rival Studio' })]);
  [ana, ben, cleo] = await Promise.all([buildPerformer(t, { fname: 'Ana Shared' }), buildPerformer(t, { fname: 'Ben Shared' }), buildPerformer(t, { fname: 'Cleo Unshared' })]);
  await Promise.all([ana, ben, cleo].map((p) => givePlan(t, p._id, 'Gold')));
  job = await postJob(t, studio, { title: 'Feedback Job' });
  [anaApp, benApp, cleoApp] = (await Promise.all(
    [ana, ben, cleo].map(async (p) => ((await call('POST', `/api/jobs/${job._id}/apply`, p.token, {})).json() as { _id: string })._id),
  )) as [string, string, string];
});
afterAll(async () => {
  await t.close();
});

describe('review link labels', () => {
  it('takes an optional label up to 60 characters, answers it in the list; a longer one is 400 and nothing is made', async () => {
    const before = (await t.ctx.db.select().from(reviewLinks)).length;
    const long = await call('POST', '/api/studio/review-links', studio.token, { jobId: job._id, applicationIds: [anaApp], expiresInDays: 3, label: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'invalid_input', field: 'label' });
    expect((await t.ctx.db.select().from(reviewLinks)).length).toBe(before);
    const labelled = await link([anaApp], '  Director ');
    const bare = await link([anaApp]);
    const empty = await link([anaApp], '');
    const list = (await call('GET', '/api/studio/review-links', studio.token)).json() as { reviewLinks: ReviewLinkItem[] };
    const byId = new Map(list.reviewLinks.map((l) => [l._id, l]));
    expect(byId.get(labelled._id)).toMatchObject({ label: 'Director', feedback: 0 });
    expect(byId.get(bare._id)!.label).toBeNull();
    expect(byId.get(empty._id)!.label).toBeNull();
  });
});

describe('feedback on a review link', () => {
  it('gives each performer an id of this link only: not the application’s, different on another link', async () => {
    const a = await link([anaApp, benApp]);
    const b = await link([anaApp]);
    const first = await idOf(a.token, 'Ana Shared');
    const second = await idOf(b.token, 'Ana Shared');
    expect(first).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    expect(first).not.toBe(second);
    expect(first).not.toBe(anaApp);
    expect(JSON.stringify(await room(a.token))).not.toContain(ana._id);
    // The other link's id names nobody on this one.
    const res = await give(a.token, { performerId: second, name: 'Dana', pick: 'yes', comment: '' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(TAPE_MSG.feedbackPerformerGone);
  });

  it('keeps one per name and performer (the last stands, the name in any case), and one per other name; the studio reads them per link, on the card and the board', async () => {
    const l = await link([anaApp, benApp], 'Director');
    const anaId = await idOf(l.token, 'Ana Shared');
    const benId = await idOf(l.token, 'Ben Shared');
    const first = await give(l.token, { performerId: anaId, name: 'Dana Director', pick: 'maybe', comment: 'Strong read.' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ performerId: anaId, name: 'Dana Director', pick: 'maybe', comment: 'Strong read.' });
    const again = await give(l.token, { performerId: anaId, name: '  dana director ', pick: 'yes', comment: 'Line one\nLine two' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ pick: 'yes', comment: 'Line one\nLine two', name: 'dana director' });
    expect((await give(l.token, { performerId: anaId, name: 'Pat Producer', pick: 'no' })).statusCode).toBe(200);
    expect((await give(l.token, { performerId: benId, name: 'Pat Producer', pick: 'yes', comment: 'Yes!' })).statusCode).toBe(200);

    const mine = (await call('GET', `/api/studio/review-links/${l._id}/feedback`, studio.token)).json() as LinkFeedbackAnswer;
    expect(mine.link).toMatchObject({ _id: l._id, label: 'Director', feedback: 3 });
    expect(mine.feedback).toHaveLength(3);
    const ofAna = mine.feedback.filter((f) => f.applicationId === anaApp);
    expect(ofAna.map((f) => [f.name, f.pick]).sort()).toEqual([
      ['Pat Producer', 'no'],
      ['dana director', 'yes'],
    ]);
    expect(ofAna[0]!.performer.name.toLowerCase()).toBe('ana shared');
    expect(mine.feedback.find((f) => f.applicationId === benApp)).toMatchObject({ performerId: benId, name: 'Pat Producer', pick: 'yes', comment: 'Yes!' });

    const card = (await call('GET', `/api/studio/applications/${anaApp}`, studio.token)).json() as StudioApplication;
    expect(card.feedback!.filter((f) => f.linkId === l._id).map((f) => [f.name, f.pick, f.label]).sort()).toEqual([
      ['Pat Producer', 'no', 'Director'],
      ['dana director', 'yes', 'Director'],
    ]);
    const board = (await call('GET', `/api/studio/jobs/${job._id}/applications`, studio.token)).json() as StudioApplicationsAnswer;
    const benOnBoard = board.applications.find((a) => a._id === benApp)!;
    expect(benOnBoard.feedback!.filter((f) => f.linkId === l._id)).toEqual([expect.objectContaining({ name: 'Pat Producer', pick: 'yes', comment: 'Yes!', label: 'Director' })]);
    expect(board.applications.find((a) => a._id === cleoApp)!.feedback).toEqual([]);
    const list = (await call('GET', '/api/studio/review-links', studio.token)).json() as { reviewLinks: ReviewLinkItem[] };
    expect(list.reviewLinks.find((x) => x._id === l._id)!.feedback).toBe(3);

    // The performer never sees it.
    const theirs = await call('GET', '/api/audition/applications', ana.token);
    expect(theirs.statusCode).toBe(200);
    expect(JSON.stringify(theirs.json())).not.toMatch(/Dana|Pat Producer|Strong read|Director/i);
  });

  it('refuses a bad body with 400 and keeps nothing: no pick, another pick, no name, long name, long comment, control characters, unknown fields', async () => {
    const l = await link([anaApp]);
    const performerId = await idOf(l.token, 'Ana Shared');
    const before = await feedbackRows();
    const bad: [Record<string, unknown>, string | undefined][] = [
      [{ performerId, name: 'Dana' }, 'pick'],
      [{ performerId, name: 'Dana', pick: 'love' }, 'pick'],
      [{ performerId, name: '   ', pick: 'yes' }, 'name'],
      [{ performerId, pick: 'yes' }, 'name'],
      [{ performerId, name: 'x'.repeat(TAPE_LIMITS.feedbackNameMax + 1), pick: 'yes' }, 'name'],
      [{ performerId, name: 'Dana', pick: 'yes', comment: 'x'.repeat(TAPE_LIMITS.feedbackCommentMax + 1) }, 'comment'],
      [{ performerId, name: 'Da\u0000na', pick: 'yes' }, 'name'],
      [{ performerId, name: 'Dana', pick: 'yes', comment: 'bell\u0007' }, 'comment'],
      [{ performerId, name: 'Dana', pick: 'yes', rating: 5 }, undefined],
      [{ name: 'Dana', pick: 'yes' }, 'performerId'],
    ];
    for (const [body, field] of bad) {
      const res = await give(l.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
      if (field) expect(res.json().field).toBe(field);
    }
    const exact = await give(l.token, { performerId, name: 'Dana', pick: 'no', comment: 'x'.repeat(TAPE_LIMITS.feedbackCommentMax) });
    expect(exact.statusCode).toBe(200);
    expect(await feedbackRows()).toBe(before + 1);
  });

  it('answers 404 for a performer not on the link, a withdrawn one, an unknown token; keeps nothing', async () => {
    const l = await link([anaApp, benApp]);
    const benId = await idOf(l.token, 'Ben Shared');
    const before = await feedbackRows();
    expect((await give(l.token, { performerId: 'not-on-this-link', name: 'Dana', pick: 'yes' })).statusCode).toBe(404);
    expect((await give(l.token, { performerId: cleoApp, name: 'Dana', pick: 'yes' })).statusCode).toBe(404);
    expect((await give('A'.repeat(43), { performerId: benId, name: 'Dana', pick: 'yes' })).statusCode).toBe(404);
    expect((await give('short', { performerId: benId, name: 'Dana', pick: 'yes' })).statusCode).toBe(404);
    // Ben withdraws: he leaves the room, and feedback on him is refused.
    const solo = await buildPerformer(t, { fname: 'Wendy Withdrawn' });
    await givePlan(t, solo._id, 'Gold');
    const app = ((await call('POST', `/api/jobs/${job._id}/apply`, solo.token, {})).json() as { _id: string })._id;
    const w = await link([app]);
    const wendyId = await idOf(w.token, 'Wendy Withdrawn');
    expect((await call('POST', `/api/audition/applications/${app}/withdraw`, solo.token)).statusCode).toBe(200);
    const gone = await give(w.token, { performerId: wendyId, name: 'Dana', pick: 'yes' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe(TAPE_MSG.feedbackPerformerGone);
    expect(await feedbackRows()).toBe(before);
  });

  it('answers 410 once the link is revoked or expired, and keeps what was said before', async () => {
    const revoked = await link([anaApp]);
    const expired = await link([anaApp]);
    const rId = await idOf(revoked.token, 'Ana Shared');
    const eId = await idOf(expired.token, 'Ana Shared');
    expect((await give(revoked.token, { performerId: rId, name: 'Early', pick: 'yes' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/studio/review-links/${revoked._id}`, studio.token)).statusCode).toBe(200);
    await t.ctx.db.update(reviewLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(reviewLinks.id, expired._id));
    const before = await feedbackRows();
    for (const [token, performerId] of [
      [revoked.token, rId],
      [expired.token, eId],
    ] as const) {
      const res = await give(token, { performerId, name: 'Late', pick: 'no' });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ msg: TAPE_MSG.reviewLinkEnded, code: 'link_ended' });
    }
    expect(await feedbackRows()).toBe(before);
    const kept = (await call('GET', `/api/studio/review-links/${revoked._id}/feedback`, studio.token)).json() as LinkFeedbackAnswer;
    expect(kept.feedback.map((f) => f.name)).toEqual(['Early']);
    expect(kept.link.revokedAt).not.toBeNull();
  });

  it(`allows ${TAPE_LIMITS.feedbackPerMinute} calls a minute per address, then 429 with Retry-After; another address goes on`, async () => {
    const l = await link([anaApp]);
    const performerId = await idOf(l.token, 'Ana Shared');
    const address = newAddress();
    for (let i = 0; i < TAPE_LIMITS.feedbackPerMinute; i++) {
      // Refused bodies count too.
      const res = await give(l.token, i % 2 ? { performerId, name: 'Busy', pick: 'yes' } : { performerId, name: 'Busy' }, address);
      expect(res.statusCode).toBe(i % 2 ? 200 : 400);
    }
    const over = await give(l.token, { performerId, name: 'Busy', pick: 'maybe' }, address);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await give(l.token, { performerId, name: 'Busy', pick: 'maybe' })).statusCode).toBe(200);
  });
});

describe('reading feedback as the studio', () => {
  it('is the studio’s own: another studio and a bad id are 404, a performer 403, no login 401', async () => {
    const l = await link([anaApp]);
    expect((await call('GET', `/api/studio/review-links/${l._id}/feedback`, rival.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/studio/review-links/not-an-id/feedback`, studio.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/studio/review-links/${crypto.randomUUID()}/feedback`, studio.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/studio/review-links/${l._id}/feedback`, ana.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/studio/review-links/${l._id}/feedback`)).statusCode).toBe(401);
    // Another studio's card of the same performer carries nothing of this studio's links.
    const theirJob = await postJob(t, rival, { title: 'Rival Job' });
    const theirApp = ((await call('POST', `/api/jobs/${theirJob._id}/apply`, ana.token, {})).json() as { _id: string })._id;
    const card = (await call('GET', `/api/studio/applications/${theirApp}`, rival.token)).json() as StudioApplication;
    expect(card.feedback).toEqual([]);
  });
});
