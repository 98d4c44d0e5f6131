/** Ratings and notes per person (docs/team.md, "Ratings per person"): each of the studio's people keeps their own. */
import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema/index.js';
import type { MyApplicationsAnswer, StudioApplication, StudioApplicationsAnswer } from '../../../contract/applications.js';
import { newApplicant, postJob } from '../../../../test/application-factories.js';
import { newAddress } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { addMember, type TeamMember } from '../../../../test/team-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
let asha: TeamMember;
let vik: TeamMember;
beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t, { fname: 'Owner Person' });
  rival = await buildStudioAccount(t, { fname: 'Rival' });
  asha = await addMember(t, studio, 'casting', 'Asha Rao');
  vik = await addMember(t, studio, 'viewer', 'Vik Producer');
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const applicant = (job: { _id: string }) => newApplicant(t, job);

describe('ratings per person', () => {
  it('each person rates for themself, a viewer too; the answer lists every review with its name, the average, and the caller’s own', async () => {
    const job = await postJob(t, studio);
    const { performer, id } = await applicant(job);
    expect((await call('PUT', `/api/studio/applications/${id}/review`, studio.token, { rating: 5, note: 'Yes.' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/studio/applications/${id}/review`, asha.token, { rating: 4 })).statusCode).toBe(200);
    const byViewer = await call('PUT', `/api/studio/applications/${id}/review`, vik.token, { rating: 2, note: 'Not for me.' });
    expect(byViewer.statusCode, byViewer.body).toBe(200);
    const answer = byViewer.json() as StudioApplication;
    expect(answer.ratingAverage).toBe(3.7);
    expect(answer.rating).toBe(2);
    expect(answer.studioNote).toBe('Not for me.');
    expect(answer.reviews.map((r) => [r.by.name, r.rating, r.note])).toEqual([
      ['Owner Person', 5, 'Yes.'],
      ['Asha Rao', 4, ''],
      ['Vik Producer', 2, 'Not for me.'],
    ]);
    // Each reads their own in `rating`; nobody overwrote anyone.
    const asOwner = (await call('GET', `/api/studio/applications/${id}`, studio.token)).json() as StudioApplication;
    expect(asOwner).toMatchObject({ rating: 5, studioNote: 'Yes.', ratingAverage: 3.7 });
    const asAsha = (await call('GET', `/api/studio/applications/${id}`, asha.token)).json() as StudioApplication;
    expect(asAsha).toMatchObject({ rating: 4, studioNote: '' });
    // A second rating replaces only its author's.
    const again = (await call('PUT', `/api/studio/applications/${id}/review`, asha.token, { rating: 1 })).json() as StudioApplication;
    expect(again.reviews.map((r) => r.rating)).toEqual([5, 2, 1]);
    expect(again.ratingAverage).toBe(2.7);
    // The performer never sees any of it.
    const mine = ((await call('GET', '/api/audition/applications', performer.token)).json() as MyApplicationsAnswer).applications.find((a) => a._id === id)!;
    expect(mine).not.toHaveProperty('reviews');
    expect(mine).not.toHaveProperty('ratingAverage');
  });

  it('the board carries each applicant’s average: sorting by rating uses it; unrated is null', async () => {
    const job = await postJob(t, studio);
    const a = await applicant(job);
    const b = await applicant(job);
    const c = await applicant(job);
    await call('PUT', `/api/studio/applications/${a.id}/review`, studio.token, { rating: 5 });
    await call('PUT', `/api/studio/applications/${a.id}/review`, vik.token, { rating: 1 });
    await call('PUT', `/api/studio/applications/${b.id}/review`, asha.token, { rating: 4 });
    const board = (await call('GET', `/api/studio/jobs/${job._id}/applications`, vik.token)).json() as StudioApplicationsAnswer;
    const avg = Object.fromEntries(board.applications.map((x) => [x._id, x.ratingAverage]));
    expect(avg).toEqual({ [a.id]: 3, [b.id]: 4, [c.id]: null });
    expect(board.applications.find((x) => x._id === a.id)?.rating).toBe(1);
  });

  it('refuses a rating out of range (400 { msg }) and another studio’s applicant (404); a performer cannot rate', async () => {
    const job = await postJob(t, studio);
    const { performer, id } = await applicant(job);
    const bad = await call('PUT', `/api/studio/applications/${id}/review`, vik.token, { rating: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('msg');
    expect((await call('PUT', `/api/studio/applications/${id}/review`, rival.token, { rating: 3 })).statusCode).toBe(404);
    expect([401, 403]).toContain((await call('PUT', `/api/studio/applications/${id}/review`, performer.token, { rating: 3 })).statusCode);
    const card = (await call('GET', `/api/studio/applications/${id}`, studio.token)).json() as StudioApplication;
    expect(card.reviews).toEqual([]);
    expect(card.ratingAverage).toBeNull();
  });

  it('migration 0051 gives an application’s earlier studio rating and note to its owner’s review', async () => {
    const job = await postJob(t, studio);
    const { id } = await applicant(job);
    await t.ctx.db.update(applications).set({ studioRating: 3, studioNote: 'From before' }).where(eq(applications.id, id));
    const file = await readFile(new URL('../../db/migrations/0051_who_did_what.sql', import.meta.url), 'utf8');
    const backfill = file.split('--> statement-breakpoint').at(-1)!.trim();
    expect(backfill).toMatch(/^INSERT INTO "application_reviews"/);
    await t.ctx.db.execute(sql.raw(`${backfill.replace(/;\s*$/, '')} ON CONFLICT DO NOTHING`));
    const card = (await call('GET', `/api/studio/applications/${id}`, studio.token)).json() as StudioApplication;
    expect(card.reviews).toEqual([expect.objectContaining({ by: { _id: studio._id, name: 'Owner Person' }, rating: 3, note: 'From before' })]);
    expect(card).toMatchObject({ rating: 3, studioNote: 'From before', ratingAverage: 3 });
  });
});
