import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG, DECISION_LIMITS, DECISION_MSG, UNDECIDED_STATUSES, type MyApplication, type MyApplicationsAnswer, type StudioApplication } from '../../../contract/applications.js';
import { todayUtc } from '../../../contract/jobs.js';
import { applications, jobs, notifications, users } from '../../db/schema/index.js';
import { addPhoto, givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { runDeadlineSweep } from '../jobs/deadline-sweep.js';
import { sendAfterCommit } from '../notifications/index.js';
import { personName } from '../../../contract/names.js';
import { runDecisionNotices } from './decision-notices.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Pipeline Studio' }), buildStudioAccount(t, { fname: 'Rival Studio' })]);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const apply = (job: { _id: string }, who: Performer, body: Record<string, unknown> = {}) => call('POST', `/api/jobs/${job._id}/apply`, who.token, body);

/** The mail to this address with this subject, once it arrives (mails leave after the commit, so a moment later). */
async function mailTo(email: string, subject: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const found = t.sink.messages.find((m) => m.to === email.toLowerCase() && m.subject === subject);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
}

/** As if the 30 s to undo a final decision had passed: the window closes and the notice sweep runs then. */
async function decisionWindowPassed(id: string) {
  await t.ctx.db.update(applications).set({ undoUntil: new Date(Date.now() - 1000) }).where(eq(applications.id, id));
  await runDecisionNotices(t.ctx, { error: () => {} }, DECISION_LIMITS.undoSeconds + 1);
}

async function goldPerformer(plan: 'Gold' | 'Silver' | 'Platinum' = 'Gold') {
  const p = await buildPerformer(t);
  await givePlan(t, p._id, plan);
  return p;
}

/** Fills the performer's period with `n` applications to fresh jobs, written straight to the database. */
async function fillQuota(performer: Performer, n: number, at = new Date()) {
  const rows = await t.ctx.db
    .insert(jobs)
    .values(Array.from({ length: n }, (_, i) => ({ studioId: studio.studioId, title: `Filler ${i}`, jobType: 'Filler', status: 'closed' })))
    .returning({ id: jobs.id });
  await t.ctx.db.insert(applications).values(rows.map((r, i) => ({ jobId: r.id, performerId: performer._id, status: i % 2 ? 'withdrawn' : 'applied', createdAt: at })));
}

describe('POST /api/jobs/{id}/apply', () => {
  it('answers 201 with the note, the chosen photos and a dated history; a second application is 409', async () => {
    const performer = await goldPerformer();
    const photos = [await addPhoto(t, performer), await addPhoto(t, performer)];
    const job = await postJob(t, studio, { title: 'Apply here' });
    const res = await apply(job, performer, { note: 'I dance.', media: photos });
    expect(res.statusCode).toBe(201);
    const app = res.json() as MyApplication;
    expect(app).toMatchObject({
      job: { _id: job._id, title: 'Apply here' },
      studio: { _id: studio.studioId, fname: 'Pipeline Studio' },
      status: 'applied',
      note: 'I dance.',
      media: photos.map((url) => ({ url, type: 'photos' })),
    });
    expect(app.history).toEqual([{ status: 'applied', at: expect.any(String) }]);
    const again = await apply(job, performer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: APP_MSG.alreadyApplied });
  });

  it('refuses bad input with 400 and changes nothing: others’ media, 11 files, a long note, unknown fields', async () => {
    const performer = await goldPerformer();
    const other = await buildPerformer(t);
    const theirs = await addPhoto(t, other);
    const mine = await addPhoto(t, performer);
    const job = await postJob(t, studio);
    for (const body of [
      { media: [theirs] },
      { media: [mine, 'https://elsewhere.example/a.png'] },
      { media: Array.from({ length: 11 }, (_, i) => `${mine}?${i}`) },
      { note: 'x'.repeat(1001) },
      { note: 'bad\u0000note' },
      { note: 'ok', extra: 1 },
      { media: 'not a list' },
    ]) {
      const res = await apply(job, performer, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
    }
    expect((await apply(job, performer, { media: [theirs] })).json()).toMatchObject({ msg: APP_MSG.mediaNotYours });
    expect(await t.ctx.db.select().from(applications).where(eq(applications.jobId, job._id))).toEqual([]);
  });

  it('answers 404 for an unknown job, 409 for a closed one, 403 to a studio and 401 without a login', async () => {
    const performer = await goldPerformer();
    expect((await apply({ _id: '00000000-0000-4000-8000-000000000000' }, performer)).statusCode).toBe(404);
    expect((await apply({ _id: 'nope' }, performer)).statusCode).toBe(404);
    const job = await postJob(t, studio);
    await call('POST', `/api/studio/jobs/${job._id}/close`, studio.token);
    const closed = await apply(job, performer);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ msg: APP_MSG.jobClosed });
    const open = await postJob(t, studio);
    expect((await call('POST', `/api/jobs/${open._id}/apply`, studio.token, {})).statusCode).toBe(403);
    expect((await call('POST', `/api/jobs/${open._id}/apply`, undefined, {})).statusCode).toBe(401);
  });

  it('answers 402 plan_required without a plan and with an ended one', async () => {
    const performer = await buildPerformer(t);
    const job = await postJob(t, studio);
    const none = await apply(job, performer);
    expect(none.statusCode).toBe(402);
    expect(none.json()).toEqual({ msg: APP_MSG.planRequired, code: 'plan_required' });
    await givePlan(t, performer._id, 'Gold', 31);
    expect((await apply(job, performer)).json()).toMatchObject({ code: 'plan_required' });
  });
});

describe('the quota', () => {
  it('refuses Gold’s 71st application of the period, withdrawn ones counted, and shows n of 70', async () => {
    const performer = await goldPerformer('Gold');
    await fillQuota(performer, 69);
    const seventieth = await apply(await postJob(t, studio), performer);
    expect(seventieth.statusCode).toBe(201);
    const list = (await call('GET', '/api/audition/applications', performer.token)).json() as MyApplicationsAnswer;
    // A one-month plan with nothing queued: the allowance does not "renew", the plan ends (issue 49 item 21).
    expect(list.quota).toMatchObject({ used: 70, limit: 70, periodEnd: expect.any(String), renews: false });
    const day = new Date(list.quota.periodEnd!).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const refused = await apply(await postJob(t, studio), performer);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'quota_exhausted', msg: APP_MSG.quotaExhausted(70, day, false) });
    expect(refused.json().msg).toContain(`which ends on ${day}`);
    expect(refused.json().msg).not.toContain('renew');
    expect(APP_MSG.quotaLine(70, 70, day, false)).toBe(`70 of 70 used, until your plan ends on ${day}`);
    expect(APP_MSG.quotaLine(3, 70, day, true)).toBe(`3 of 70 used this period, resets on ${day} with your next plan`);
  });

  it('Silver has 70 too; Platinum’s 71st is accepted', async () => {
    const silver = await goldPerformer('Silver');
    await fillQuota(silver, 70);
    expect((await apply(await postJob(t, studio), silver)).json()).toMatchObject({ code: 'quota_exhausted' });
    const platinum = await goldPerformer('Platinum');
    await fillQuota(platinum, 70);
    expect((await apply(await postJob(t, studio), platinum)).statusCode).toBe(201);
    const list = (await call('GET', '/api/audition/applications', platinum.token)).json() as MyApplicationsAnswer;
    expect(list.quota).toMatchObject({ used: 71, limit: null });
  });

  it('renews with the next period: applications of the last period no longer count', async () => {
    const performer = await buildPerformer(t);
    await givePlan(t, performer._id, 'Gold', 29);
    await fillQuota(performer, 70, new Date(Date.now() - 2 * 86_400_000));
    expect((await apply(await postJob(t, studio), performer)).json()).toMatchObject({ code: 'quota_exhausted' });
    // A new capture starts a new period.
    await givePlan(t, performer._id, 'Gold', 0);
    expect((await apply(await postJob(t, studio), performer)).statusCode).toBe(201);
  });

  it('holds under concurrency: with one left, two at once give one 201 and one 402', async () => {
    const performer = await goldPerformer('Gold');
    await fillQuota(performer, 69);
    const [a, b] = await Promise.all([postJob(t, studio), postJob(t, studio)]);
    const answers = await Promise.all([apply(a, performer), apply(b, performer)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 402]);
    const rows = await t.ctx.db.select().from(applications).where(eq(applications.performerId, performer._id));
    expect(rows).toHaveLength(70);
  });

  it('the same job twice at once gives one 201 and one 409', async () => {
    const performer = await goldPerformer('Gold');
    const job = await postJob(t, studio);
    const answers = await Promise.all([apply(job, performer), apply(job, performer)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('the performer’s applications', () => {
  it('lists them with job, studio, status and history, and withdraws; another’s is 404, twice is 409', async () => {
    const performer = await goldPerformer();
    const other = await goldPerformer();
    const job = await postJob(t, studio, { title: 'Listed' });
    const made = (await apply(job, performer, { note: 'Hello' })).json() as MyApplication;
    const list = (await call('GET', '/api/audition/applications', performer.token)).json() as MyApplicationsAnswer;
    expect(list.applications).toHaveLength(1);
    expect(list.applications[0]).toMatchObject({ _id: made._id, job: { title: 'Listed' }, studio: { fname: 'Pipeline Studio' }, status: 'applied' });
    expect(list.applications[0]).not.toHaveProperty('studioNote');
    expect(list.quota).toMatchObject({ used: 1, limit: 70 });
    expect((await call('POST', `/api/audition/applications/${made._id}/withdraw`, other.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/audition/applications/${made._id}/withdraw`, studio.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/audition/applications/nope/withdraw', performer.token)).statusCode).toBe(404);
    const withdrawn = await call('POST', `/api/audition/applications/${made._id}/withdraw`, performer.token);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', history: [{ status: 'applied' }, { status: 'withdrawn' }] });
    expect((await call('POST', `/api/audition/applications/${made._id}/withdraw`, performer.token)).statusCode).toBe(409);
    expect((await call('GET', '/api/audition/applications', other.token)).json().applications).toEqual([]);
    expect((await call('GET', '/api/audition/applications', studio.token)).statusCode).toBe(403);
    // Without a plan: no limit to show, 0 allowed.
    const free = await buildPerformer(t);
    expect((await call('GET', '/api/audition/applications', free.token)).json().quota).toEqual({ used: 0, limit: 0, periodEnd: null, renews: false });
  });
});

describe('the studio’s applicants', () => {
  it('lists a job’s applicants by status, opens one (viewed, once), moves it along, and tells the performer in the app and by e-mail', async () => {
    const performer = await goldPerformer();
    const photo = await addPhoto(t, performer);
    const job = await postJob(t, studio, { title: 'Board job' });
    const made = (await apply(job, performer, { note: 'Pick me', media: [photo] })).json() as MyApplication;
    const list = await call('GET', `/api/studio/jobs/${job._id}/applications`, studio.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().applications).toEqual([
      expect.objectContaining({ _id: made._id, status: 'applied', note: 'Pick me', media: [{ url: photo, type: 'photos' }], rating: null, studioNote: '', performer: expect.objectContaining({ _id: performer._id, fname: performer.fname, deleted: false }) }),
    ]);
    expect((await call('GET', `/api/studio/jobs/${job._id}/applications?status=booked`, studio.token)).json().applications).toEqual([]);
    expect((await call('GET', `/api/studio/jobs/${job._id}/applications?status=nonsense`, studio.token)).statusCode).toBe(400);

    const opened = (await call('GET', `/api/studio/applications/${made._id}`, studio.token)).json() as StudioApplication;
    expect(opened.status).toBe('viewed');
    expect((await call('GET', `/api/studio/applications/${made._id}`, studio.token)).json().history).toHaveLength(2);
    const viewedMail = await mailTo(performer.email, APP_MSG.mailSubject('viewed', 'Board job'));
    expect(viewedMail.text).toContain(APP_MSG.notice('viewed', 'Board job', 'Pipeline Studio'));
    // The stored name stays lower-cased; the mail reads it as a name (docs/product.md §2).
    expect(viewedMail.text).toContain(`Hello ${personName(performer.fname)},`);
    expect(personName(performer.fname)).not.toBe(performer.fname);
    expect(viewedMail.text).toContain('https://audition.example/applications');

    for (const status of ['shortlisted', 'auditioning', 'booked'] as const) {
      const res = await call('POST', `/api/studio/applications/${made._id}/status`, studio.token, { status });
      expect(res.statusCode, status).toBe(200);
      expect(res.json()).toMatchObject({ status });
    }
    const out = await call('POST', `/api/studio/applications/${made._id}/status`, studio.token, { status: 'declined', reason: 'role_cast' });
    expect(out.statusCode).toBe(409);
    expect(out.json()).toMatchObject({ msg: APP_MSG.finalStatus('booked') });
    expect((await call('POST', `/api/studio/applications/${made._id}/status`, studio.token, { status: 'closed' })).statusCode).toBe(400);

    // The booking is told once its 30 s to undo have passed (docs/applications.md, "Decisions").
    await decisionWindowPassed(made._id);
    const mine = (await call('GET', '/api/audition/applications', performer.token)).json() as MyApplicationsAnswer;
    expect(mine.applications[0]!.history.map((h) => h.status)).toEqual(['applied', 'viewed', 'shortlisted', 'auditioning', 'booked']);
    const bell = await call('GET', '/api/notifications', performer.token);
    // viewed, shortlisted and auditioning collapse into one unread notice (docs/applications.md, "No floods"); booked is its own.
    expect(bell.json().unread).toBe(2);
    expect(bell.json().notifications[1]).toMatchObject({ text: APP_MSG.notice('auditioning', 'Board job', 'Pipeline Studio'), read: false });
    expect(bell.json().notifications[0]).toMatchObject({ kind: 'application', text: APP_MSG.notice('booked', 'Board job', 'Pipeline Studio'), link: '/applications', read: false });
    expect((await mailTo(performer.email, APP_MSG.mailSubject('booked', 'Board job'))).text).toContain('was booked');
  });

  it('keeps the studio’s private rating and note: 1 to 5, never shown to the performer', async () => {
    const performer = await goldPerformer();
    const job = await postJob(t, studio);
    const made = (await apply(job, performer)).json() as MyApplication;
    const url = `/api/studio/applications/${made._id}/review`;
    expect((await call('PUT', url, studio.token, { rating: 4, note: 'Strong' })).json()).toMatchObject({ rating: 4, studioNote: 'Strong' });
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, {}, { note: 'x'.repeat(2001) }]) {
      expect((await call('PUT', url, studio.token, bad)).statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
    }
    expect((await call('PUT', url, studio.token, { rating: null })).json()).toMatchObject({ rating: null, studioNote: 'Strong' });
    expect(JSON.stringify((await call('GET', '/api/audition/applications', performer.token)).json())).not.toContain('Strong');
  });

  it('answers 404 to another studio and 403 to a performer, and changes nothing', async () => {
    const performer = await goldPerformer();
    const job = await postJob(t, studio);
    const made = (await apply(job, performer)).json() as MyApplication;
    for (const [method, url, body] of [
      ['GET', `/api/studio/jobs/${job._id}/applications`, undefined],
      ['GET', `/api/studio/applications/${made._id}`, undefined],
      ['POST', `/api/studio/applications/${made._id}/status`, { status: 'declined', reason: 'skills' }],
      ['PUT', `/api/studio/applications/${made._id}/review`, { rating: 1 }],
    ] as const) {
      expect((await call(method, url, rival.token, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, performer.token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', '/api/studio/applications/nope', studio.token)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, made._id));
    expect(row).toMatchObject({ status: 'applied', studioRating: null });
  });

  it('does not e-mail a performer who turned application e-mails off, but still tells them in the app', async () => {
    const performer = await goldPerformer();
    expect((await call('PUT', '/api/me/notification-settings', performer.token, { emailApplications: false })).json()).toEqual({ emailApplications: false, emailMessages: true });
    const job = await postJob(t, studio);
    const made = (await apply(job, performer)).json() as MyApplication;
    const since = t.sink.messages.length;
    await call('POST', `/api/studio/applications/${made._id}/status`, studio.token, { status: 'declined', reason: 'skills' });
    await decisionWindowPassed(made._id);
    // A mail to someone else after it shows the queue has moved past this change.
    const other = await goldPerformer();
    const otherApp = (await apply(job, other)).json() as MyApplication;
    await call('POST', `/api/studio/applications/${otherApp._id}/status`, studio.token, { status: 'shortlisted' });
    await mailTo(other.email, APP_MSG.mailSubject('shortlisted', 'Lead dancer'));
    expect(t.sink.messages.slice(since).filter((m) => m.to === performer.email.toLowerCase())).toEqual([]);
    expect((await call('GET', '/api/notifications', performer.token)).json().unread).toBe(1);
  });

  it('shows "Deleted account" for an applicant whose account is gone', async () => {
    const performer = await goldPerformer();
    const job = await postJob(t, studio);
    const made = (await apply(job, performer, { note: 'Soon gone' })).json() as MyApplication;
    const del = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { 'x-auth-token': performer.token }, payload: { password: performer.password } });
    expect(del.statusCode).toBe(200);
    const seen = (await call('GET', `/api/studio/applications/${made._id}`, studio.token)).json() as StudioApplication;
    expect(seen.performer).toMatchObject({ _id: null, fname: APP_MSG.deletedAccount, deleted: true });
    expect(seen.note).toBe('');
    // Moving it tells nobody, and still works.
    expect((await call('POST', `/api/studio/applications/${made._id}/status`, studio.token, { status: 'declined', reason: 'other' })).statusCode).toBe(200);
    await decisionWindowPassed(made._id);
  });
});

describe('nobody ghosted: closing a job closes what is undecided', () => {
  async function jobWithEveryStatus() {
    const job = await postJob(t, studio, { title: 'Closing soon', deadline: todayUtc() });
    const people = await Promise.all(Array.from({ length: 6 }, () => goldPerformer()));
    const apps: MyApplication[] = [];
    for (const p of people) apps.push((await apply(job, p)).json() as MyApplication);
    await call('GET', `/api/studio/applications/${apps[1]!._id}`, studio.token);
    await call('POST', `/api/studio/applications/${apps[2]!._id}/status`, studio.token, { status: 'shortlisted' });
    await call('POST', `/api/studio/applications/${apps[3]!._id}/status`, studio.token, { status: 'auditioning' });
    await call('POST', `/api/studio/applications/${apps[4]!._id}/status`, studio.token, { status: 'booked' });
    await call('POST', `/api/audition/applications/${apps[5]!._id}/withdraw`, people[5]!.token);
    return { job, people, apps };
  }

  async function expectClosed(jobId: string, people: Performer[]) {
    const left = await t.ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.jobId, jobId), inArray(applications.status, [...UNDECIDED_STATUSES])));
    expect(left).toEqual([]);
    const rows = await t.ctx.db.select({ performerId: applications.performerId, status: applications.status }).from(applications).where(eq(applications.jobId, jobId));
    const statusOf = (p: Performer) => rows.find((r) => r.performerId === p._id)?.status;
    expect(people.map(statusOf)).toEqual(['closed', 'closed', 'closed', 'closed', 'booked', 'withdrawn']);
    // Each of the four closed is told once, in the app and by e-mail.
    for (const p of people.slice(0, 4)) {
      const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, p._id));
      expect(notes.filter((n) => n.text === `${APP_MSG.notice('closed', 'Closing soon', 'Pipeline Studio')} ${DECISION_MSG.reasonLine('role_closed')}`)).toHaveLength(1);
      await mailTo(p.email, APP_MSG.mailSubject('closed', 'Closing soon'));
      expect(t.sink.messages.filter((m) => m.to === p.email.toLowerCase() && m.subject === APP_MSG.mailSubject('closed', 'Closing soon'))).toHaveLength(1);
    }
    for (const p of people.slice(4)) {
      const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, p._id));
      expect(notes.some((n) => n.text.includes('closed without a decision'))).toBe(false);
    }
  }

  it('by hand', async () => {
    const { job, people } = await jobWithEveryStatus();
    expect((await call('POST', `/api/studio/jobs/${job._id}/close`, studio.token)).statusCode).toBe(200);
    // Closing again tells nobody twice.
    expect((await call('POST', `/api/studio/jobs/${job._id}/close`, studio.token)).statusCode).toBe(200);
    await expectClosed(job._id, people);
  });

  it('by the deadline sweep, mailing only after it committed', async () => {
    const { job, people } = await jobWithEveryStatus();
    const result = await runDeadlineSweep(t.ctx.db, { now: new Date(Date.now() + 86_400_000), force: true, mail: { origin: 'https://audition.example' } });
    expect(result).toMatchObject({ ran: true });
    if (!result.ran) throw new Error('sweep did not run');
    expect(result.mails.length).toBeGreaterThanOrEqual(4);
    await sendAfterCommit(t.ctx, result, console);
    await expectClosed(job._id, people);
  });

  it('a closed application cannot be moved', async () => {
    const performer = await goldPerformer();
    const job = await postJob(t, studio);
    const made = (await apply(job, performer)).json() as MyApplication;
    await call('POST', `/api/studio/jobs/${job._id}/close`, studio.token);
    expect((await call('POST', `/api/studio/applications/${made._id}/status`, studio.token, { status: 'booked' })).statusCode).toBe(409);
    expect((await call('POST', `/api/audition/applications/${made._id}/withdraw`, performer.token)).statusCode).toBe(409);
    const [row] = await t.ctx.db.select({ status: applications.status }).from(applications).where(eq(applications.id, made._id));
    expect(row?.status).toBe('closed');
    expect((await t.ctx.db.select({ e: users.emailApplications }).from(users).where(eq(users.id, performer._id)))[0]?.e).toBe(true);
  });
});
