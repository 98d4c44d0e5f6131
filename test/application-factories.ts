/** Plans, media and jobs for the applications tests, through the real calls where one exists. */
import { eq } from 'drizzle-orm';
import type { JobPost } from '../src/contract/jobs.js';
import type { PlanName } from '../src/contract/plans.js';
import { users } from '../src/server/db/schema/index.js';
import { buildPerformer, newAddress, type Performer } from './factories.js';
import type { StudioAccount } from './studio-factories.js';
import { uploadImage } from './studio-factories.js';
import type { TestApp } from './test-app.js';

const DAY = 86_400_000;

/** Gives the performer a plan whose 30-day period started `startedDaysAgo` days ago (as a capture would). */
export async function givePlan(t: TestApp, userId: string, plan: PlanName | '', startedDaysAgo = 1) {
  const start = new Date(Date.now() - startedDaysAgo * DAY);
  await t.ctx.db
    .update(users)
    .set(plan ? { subscriptionName: plan, subscriptionStart: start, subscriptionEnd: new Date(start.getTime() + 30 * DAY) } : { subscriptionName: '', subscriptionStart: null, subscriptionEnd: null })
    .where(eq(users.id, userId));
}

/** Uploads a picture and adds it to the performer's photos; answers its URL. */
export async function addPhoto(t: TestApp, performer: Performer): Promise<string> {
  const url = await uploadImage(t, performer.token);
  const res = await t.app.inject({ method: 'POST', url: '/api/upload/media', headers: { 'x-auth-token': performer.token }, payload: { mediaType: 'photos', media: url } });
  if (res.statusCode !== 200) throw new Error(`adding the photo failed: ${res.body}`);
  return url;
}

export async function postJob(t: TestApp, studio: StudioAccount, body: Record<string, unknown> = {}): Promise<JobPost> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/studio/jobs',
    headers: { 'x-auth-token': studio.token },
    payload: { title: 'Lead dancer', jobType: 'Music video', ...body },
    remoteAddress: newAddress(),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as JobPost;
}

/** A new performer with a plan who applies to the job through the real call: the performer and the application's id. */
export async function newApplicant(t: TestApp, job: { _id: string }): Promise<{ performer: Performer; id: string }> {
  const performer = await buildPerformer(t);
  await givePlan(t, performer._id, 'Platinum');
  const res = await t.app.inject({ method: 'POST', url: `/api/jobs/${job._id}/apply`, headers: { 'x-auth-token': performer.token }, payload: {}, remoteAddress: newAddress() });
  if (res.statusCode !== 201) throw new Error(`applying failed: ${res.body}`);
  return { performer, id: (res.json() as { _id: string })._id };
}
