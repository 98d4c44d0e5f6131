/**
 * Studios have settings like performers (docs/account.md "Studio settings"): a studio changes
 * its password, logs out everywhere, takes its export and deletes its account; the deletion
 * closes its jobs and tells every applicant still waiting, in the app, live and by e-mail,
 * once the deletion committed. A decided application is not told again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG, DECISION_MSG, type MyApplicationsAnswer, type NotificationsAnswer } from '../../../contract/applications.js';
import { MSG } from '../../../contract/messages.js';
import { applications, jobs } from '../../db/schema/index.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { openEvents } from '../../../../test/message-factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let base: string;
const streams: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
const login = (email: string, password: string) => call('POST', '/api/audition/login', undefined, { email, password });

async function applicant(): Promise<Performer> {
  const p = await buildPerformer(t);
  await givePlan(t, p._id, 'Gold');
  return p;
}

describe('a studio changes its password at /settings', () => {
  it('with the right current password: the new one logs in, the old one does not, other sessions end', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Password Studio' });
    const other = (await login(studio.email, studio.password)).json() as { token: string };
    const res = await call('POST', '/api/me/password', studio.token, { current: studio.password, password: 'a new studio pass' });
    expect(res.statusCode).toBe(200);
    const { msg, token } = res.json() as { msg: string; token: string };
    expect(msg).toBe(MSG.passwordChanged);
    expect((await call('GET', '/api/studio/me', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/studio/me', other.token)).statusCode).toBe(401);
    expect((await login(studio.email, 'a new studio pass')).statusCode).toBe(200);
    expect((await login(studio.email, studio.password)).statusCode).not.toBe(200);
  });

  it('with a wrong current password: 400 { msg } and the password stays', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Wrong Password Studio' });
    const res = await call('POST', '/api/me/password', studio.token, { current: 'not my password', password: 'another studio pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.currentPasswordWrong });
    expect((await login(studio.email, studio.password)).statusCode).toBe(200);
  });

  it('logs out everywhere: the token stops working', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Logout Studio' });
    expect((await call('POST', '/api/me/logout-all', studio.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/studio/me', studio.token)).statusCode).toBe(401);
  });

  it('exports its page and jobs', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Export Studio' });
    await postJob(t, studio, { title: 'Exported job' });
    const res = await call('GET', '/api/me/export', studio.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ studio: { page: { fname: 'Export Studio' }, jobs: [{ title: 'Exported job' }] } });
  });
});

describe('a studio deletes its account', () => {
  let studio: StudioAccount;
  let waiting: Performer;
  let shortlisted: Performer;
  let booked: Performer;
  let jobId: string;

  beforeAll(async () => {
    studio = await buildStudioAccount(t, { fname: 'Leaving Studio' });
    const job = await postJob(t, studio, { title: 'Last Role' });
    jobId = job._id;
    [waiting, shortlisted, booked] = [await applicant(), await applicant(), await applicant()];
    for (const p of [waiting, shortlisted, booked]) expect((await call('POST', `/api/jobs/${job._id}/apply`, p.token, { note: '' })).statusCode).toBe(201);
    const rows = await t.ctx.db.select({ id: applications.id, performerId: applications.performerId }).from(applications).where(eq(applications.jobId, job._id));
    const idOf = (p: Performer) => rows.find((r) => r.performerId === p._id)!.id;
    expect((await call('POST', `/api/studio/applications/${idOf(shortlisted)}/status`, studio.token, { status: 'shortlisted' })).statusCode).toBe(200);
    expect((await call('POST', `/api/studio/applications/${idOf(booked)}/status`, studio.token, { status: 'booked' })).statusCode).toBe(200);
    // Its 30 s to undo pass (docs/applications.md, "Decisions"): the performer sees the booking.
    await t.ctx.db.update(applications).set({ undoUntil: new Date(Date.now() - 1000) }).where(eq(applications.id, idOf(booked)));
  });

  it('refuses a wrong password with 400 { msg } and changes nothing', async () => {
    const res = await call('DELETE', '/api/me', studio.token, { password: 'not the password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.currentPasswordWrong });
    const [job] = await t.ctx.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
    expect(job?.status).toBe('open');
  });

  it('closes its job and tells each applicant still waiting, in the app, live and by e-mail; the booked one is not told again', async () => {
    const stream = await openEvents(`${base}/api/events`, { 'x-auth-token': waiting.token });
    streams.push(stream);
    const before = { booked: await bellOf(booked), mails: t.sink.messages.length };

    const res = await call('DELETE', '/api/me', studio.token, { password: studio.password });
    expect(res.statusCode).toBe(200);

    await stream.until(() => stream.events.some((e) => e.event === 'notification'));
    for (const p of [waiting, shortlisted]) {
      const mine = (await call('GET', '/api/audition/applications', p.token)).json() as MyApplicationsAnswer;
      expect(mine.applications[0]).toMatchObject({ status: 'closed' });
      const bell = await bellOf(p);
      expect(bell.notifications[0]).toMatchObject({ text: `${APP_MSG.notice('closed', 'Last Role', 'Leaving Studio')} ${DECISION_MSG.reasonLine('role_closed')}`, link: '/applications' });
      const mail = await t.sink.waitFor(p.email, { since: before.mails });
      expect(mail.subject).toBe(APP_MSG.mailSubject('closed', 'Last Role'));
    }
    // Booked stays booked, and hears nothing more.
    const bookedApps = (await call('GET', '/api/audition/applications', booked.token)).json() as MyApplicationsAnswer;
    expect(bookedApps.applications[0]).toMatchObject({ status: 'booked' });
    expect((await bellOf(booked)).notifications).toHaveLength(before.booked.notifications.length);
    expect(t.sink.messages.filter((m) => m.to === booked.email.toLowerCase() && m.subject === APP_MSG.mailSubject('closed', 'Last Role'))).toHaveLength(0);
    // The job is closed; the studio's sessions are gone.
    const [job] = await t.ctx.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
    expect(job?.status).toBe('closed');
    expect((await call('GET', '/api/studio/me', studio.token)).statusCode).toBe(401);
  });
});

async function bellOf(p: Performer): Promise<NotificationsAnswer> {
  return (await call('GET', '/api/notifications', p.token)).json() as NotificationsAnswer;
}
