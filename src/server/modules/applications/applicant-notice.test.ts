/**
 * The studio hears of applicants (docs/applications.md "The studio hears of applicants"):
 * at once in the app and on its live stream, and by e-mail at most once an hour per job,
 * which it can turn off at /settings. The digest sweep runs with a clock the test chooses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG } from '../../../contract/applications.js';
import type { NotificationsAnswer } from '../../../contract/applications.js';
import type { JobPost } from '../../../contract/jobs.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { openEvents } from '../../../../test/message-factories.js';
import { buildStudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { runApplicantDigest } from './index.js';

let t: TestApp;
let base: string;
const streams: { close(): Promise<void> }[] = [];
const log = { error: () => {} };
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { 'x-auth-token': token }, payload: payload as object, remoteAddress: newAddress() });

async function applicant(fname: string): Promise<Performer> {
  const p = await buildPerformer(t, { fname });
  await givePlan(t, p._id, 'Gold');
  return p;
}
async function apply(job: JobPost, who: Performer, roleId?: string) {
  const res = await call('POST', `/api/jobs/${job._id}/apply`, who.token, { note: 'Hello', ...(roleId ? { roleId } : {}) });
  expect(res.statusCode).toBe(201);
}
const digestsTo = (email: string) => t.sink.messages.filter((m) => m.to === email.toLowerCase() && /new applicants? for /.test(m.subject));
const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);

describe('a new applicant', () => {
  it('reaches the studio at once: a notice in its bell and a live notification event', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Bell Studio' });
    const job = await postJob(t, studio, { title: 'Lead Actor' });
    const stream = await openEvents(`${base}/api/events`, { 'x-auth-token': studio.token });
    streams.push(stream);
    await stream.until(() => stream.comments.length > 0 || stream.res.status === 200);
    const asha = await applicant('Asha Rao');
    await apply(job, asha);
    await stream.until(() => stream.events.some((e) => e.event === 'notification'));
    const bell = (await call('GET', '/api/notifications', studio.token)).json() as NotificationsAnswer;
    expect(bell.unread).toBe(1);
    expect(bell.notifications[0]).toMatchObject({ kind: 'applicant', text: APP_MSG.applicantNotice('Asha Rao', 'Lead Actor'), link: `/dashboard/jobs/${job._id}/applicants`, read: false });
    // The performer's own bell says nothing of it: applying is not a change the studio made.
    expect(((await call('GET', '/api/notifications', asha.token)).json() as NotificationsAnswer).unread).toBe(0);
  });

  it('does not reach another studio', async () => {
    const [mine, other] = await Promise.all([buildStudioAccount(t, { fname: 'Mine' }), buildStudioAccount(t, { fname: 'Other' })]);
    const job = await postJob(t, mine, { title: 'Only mine' });
    await apply(job, await applicant('Bo'));
    expect(((await call('GET', '/api/notifications', other.token)).json() as NotificationsAnswer).unread).toBe(0);
    expect(((await call('GET', '/api/notifications', mine.token)).json() as NotificationsAnswer).unread).toBe(1);
  });
});

describe('the hourly e-mail of new applicants', () => {
  it('mails the first applicant soon, then at most once an hour per job, counting those who applied meanwhile', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Digest Studio' });
    const job = await postJob(t, studio, { title: 'Lead Dancer' });
    const start = new Date();
    await apply(job, await applicant('First'));
    expect((await runApplicantDigest(t.ctx, log, start)).mailed).toBeGreaterThanOrEqual(1);
    expect(digestsTo(studio.email)).toHaveLength(1);
    const first = digestsTo(studio.email)[0]!;
    expect(first.subject).toBe(APP_MSG.applicantsMailSubject(1, 'Lead Dancer'));
    expect(first.text).toContain(`https://audition.example/dashboard/jobs/${job._id}/applicants`);
    expect(first.text).toContain('https://audition.example/settings');

    await apply(job, await applicant('Second'));
    await apply(job, await applicant('Third'));
    await runApplicantDigest(t.ctx, log, minutes(start, 10));
    await runApplicantDigest(t.ctx, log, minutes(start, 59));
    expect(digestsTo(studio.email)).toHaveLength(1);

    await runApplicantDigest(t.ctx, log, minutes(start, 61));
    expect(digestsTo(studio.email)).toHaveLength(2);
    expect(digestsTo(studio.email)[1]!.subject).toBe('2 new applicants for Lead Dancer');
    // Nothing new: nothing more, however late.
    await runApplicantDigest(t.ctx, log, minutes(start, 200));
    expect(digestsTo(studio.email)).toHaveLength(2);
  });

  it('counts people and applications apart when someone applied to two roles, and links to the applicant board', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Two Roles Studio' });
    const job = await postJob(t, studio, { title: 'Family ad', roles: [{ name: 'Mother' }, { name: 'Daughter' }] });
    const [mother, daughter] = job.roles;
    const both = await applicant('Both Roles');
    await apply(job, both, mother!._id);
    await apply(job, both, daughter!._id);
    await apply(job, await applicant('One Role'), daughter!._id);
    await runApplicantDigest(t.ctx, log, new Date());
    const [mail] = digestsTo(studio.email);
    // The roles are named, in the job's order (issue 49 item 2).
    expect(mail!.subject).toBe('2 new applicants for Family ad: Mother, Daughter');
    expect(mail!.text).toContain('2 people, 3 applications (one a role) to Family ad since the last e-mail.');
    expect(mail!.text).toContain(`https://audition.example/dashboard/jobs/${job._id}/applicants`);
    expect(mail!.html).toContain(`href="https://audition.example/dashboard/jobs/${job._id}/applicants"`);
  });

  it('names only the roles applied to since the last e-mail', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Roles Since Studio' });
    const job = await postJob(t, studio, { title: 'Street play', roles: [{ name: 'Narrator' }, { name: 'Crowd' }, { name: 'Vendor' }] });
    const [narrator, , vendor] = job.roles;
    const start = new Date();
    await apply(job, await applicant('Early'), narrator!._id);
    await runApplicantDigest(t.ctx, log, start);
    await apply(job, await applicant('Late'), vendor!._id);
    await runApplicantDigest(t.ctx, log, minutes(start, 61));
    expect(digestsTo(studio.email).map((m) => m.subject)).toEqual(['1 new applicant for Street play: Narrator', '1 new applicant for Street play: Vendor']);
  });

  it('keeps one hour per job: a second job of the same studio has its own digest', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Two Jobs Studio' });
    const [one, two] = [await postJob(t, studio, { title: 'Job One' }), await postJob(t, studio, { title: 'Job Two' })];
    const start = new Date();
    await apply(one, await applicant('A'));
    await runApplicantDigest(t.ctx, log, start);
    await apply(two, await applicant('B'));
    await runApplicantDigest(t.ctx, log, minutes(start, 5));
    expect(digestsTo(studio.email).map((m) => m.subject).sort()).toEqual([APP_MSG.applicantsMailSubject(1, 'Job One'), APP_MSG.applicantsMailSubject(1, 'Job Two')]);
  });

  it('keeps its state in the database: a run that finds nothing due (as after a restart) sends nothing twice', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Restart Studio' });
    const job = await postJob(t, studio, { title: 'Once' });
    const start = new Date();
    await apply(job, await applicant('Only'));
    await runApplicantDigest(t.ctx, log, start);
    await runApplicantDigest(t.ctx, log, start);
    await runApplicantDigest(t.ctx, log, minutes(start, 120));
    expect(digestsTo(studio.email)).toHaveLength(1);
  });
});

describe('the choice at /settings', () => {
  it('a studio sees "new applicants" among its choices; a performer\'s answer is as it was', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Choice Studio' });
    const performer = await buildPerformer(t);
    expect((await call('GET', '/api/me/notification-settings', studio.token)).json()).toEqual({ emailApplications: true, emailMessages: true, emailApplicants: true });
    expect((await call('GET', '/api/me/notification-settings', performer.token)).json()).toEqual({ emailApplications: true, emailMessages: true });
  });

  it('turned off, the studio gets the notice in the app and no e-mail; turned on again, new applicants are mailed', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Quiet Studio' });
    const job = await postJob(t, studio, { title: 'Quiet job' });
    const off = await call('PUT', '/api/me/notification-settings', studio.token, { emailApplicants: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ emailApplicants: false });
    const start = new Date();
    await apply(job, await applicant('Unmailed'));
    await runApplicantDigest(t.ctx, log, start);
    await runApplicantDigest(t.ctx, log, minutes(start, 90));
    expect(digestsTo(studio.email)).toHaveLength(0);
    expect(((await call('GET', '/api/notifications', studio.token)).json() as NotificationsAnswer).unread).toBe(1);

    await call('PUT', '/api/me/notification-settings', studio.token, { emailApplicants: true });
    await apply(job, await applicant('Mailed'));
    await runApplicantDigest(t.ctx, log, minutes(start, 91));
    // Only the applicant who came after the choice was turned back on.
    expect(digestsTo(studio.email).map((m) => m.subject)).toEqual([APP_MSG.applicantsMailSubject(1, 'Quiet job')]);
  });

  it('refuses a choice that is not true or false with 400 { msg } and keeps the saved one', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Bad Choice Studio' });
    const res = await call('PUT', '/api/me/notification-settings', studio.token, { emailApplicants: 'no' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: expect.any(String) });
    expect((await call('GET', '/api/me/notification-settings', studio.token)).json()).toMatchObject({ emailApplicants: true });
  });
});
