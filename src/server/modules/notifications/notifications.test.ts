import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG, type MyApplication, type NotificationsAnswer } from '../../../contract/applications.js';
import { applications, mailOutbox, notifications } from '../../db/schema/index.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { createNotification } from './index.js';

let t: TestApp;
let performer: Performer;
let other: Performer;
let studio: StudioAccount;
beforeAll(async () => {
  t = await buildTestApp();
  [performer, other, studio] = await Promise.all([buildPerformer(t), buildPerformer(t), buildStudioAccount(t)]);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

describe('GET /api/notifications and POST /api/notifications/read', () => {
  it('lists the account’s own notices newest first with the unread count, and marks some or all read', async () => {
    const first = await createNotification(t.ctx.db, { userId: performer._id, kind: 'application', text: 'First', link: '/applications' });
    await createNotification(t.ctx.db, { userId: performer._id, kind: 'application', text: 'Second', link: '/applications' });
    const theirs = await createNotification(t.ctx.db, { userId: other._id, kind: 'application', text: 'Not yours', link: '/applications' });
    const list = (await call('GET', '/api/notifications', performer.token)).json() as NotificationsAnswer;
    expect(list.unread).toBe(2);
    expect(list.notifications.map((n) => n.text)).toEqual(['Second', 'First']);
    // Another account's id marks nothing.
    expect(((await call('POST', '/api/notifications/read', performer.token, { ids: [theirs._id, 'nope'] })).json() as NotificationsAnswer).unread).toBe(2);
    expect((await call('GET', '/api/notifications', other.token)).json().unread).toBe(1);
    const one = (await call('POST', '/api/notifications/read', performer.token, { ids: [first._id] })).json() as NotificationsAnswer;
    expect(one.unread).toBe(1);
    expect(one.notifications.find((n) => n._id === first._id)?.read).toBe(true);
    expect((await call('POST', '/api/notifications/read', performer.token, {})).json().unread).toBe(0);
    expect((await call('POST', '/api/notifications/read', performer.token, { ids: 'all' })).statusCode).toBe(400);
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    // A studio has a bell too.
    expect((await call('GET', '/api/notifications', studio.token)).json()).toEqual({ notifications: [], unread: 0 });
  });
});

describe('GET/PUT /api/me/notification-settings', () => {
  it('reads and saves the e-mail choice of each kind; bad input is 400 and changes nothing', async () => {
    expect((await call('GET', '/api/me/notification-settings', performer.token)).json()).toEqual({ emailApplications: true, emailMessages: true });
    expect((await call('PUT', '/api/me/notification-settings', performer.token, { emailMessages: false })).json()).toEqual({ emailApplications: true, emailMessages: false });
    for (const bad of [{ emailMessages: 'no' }, { other: true }, { emailApplications: 1 }]) {
      const res = await call('PUT', '/api/me/notification-settings', performer.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
    }
    expect((await call('GET', '/api/me/notification-settings', performer.token)).json()).toEqual({ emailApplications: true, emailMessages: false });
    expect((await call('GET', '/api/me/notification-settings')).statusCode).toBe(401);
  });
});

describe('a mail that fails', () => {
  it('loses nothing: the change and its notification stay, the mail is kept to be retried, and the failure is logged', async () => {
    const lines: string[] = [];
    const broken = await buildTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line: string) => void lines.push(line) } });
    try {
      const [p, owner] = await Promise.all([buildPerformer(broken), buildStudioAccount(broken, { fname: 'Failing Mail Studio' })]);
      await givePlan(broken, p._id, 'Gold');
      const job = await postJob(broken, owner, { title: 'Mail fails' });
      const made = (await broken.app.inject({ method: 'POST', url: `/api/jobs/${job._id}/apply`, headers: { 'x-auth-token': p.token }, payload: {} })).json() as MyApplication;
      // The SMTP server goes away: every send now fails.
      await broken.sink.close();
      const res = await broken.app.inject({ method: 'POST', url: `/api/studio/applications/${made._id}/status`, headers: { 'x-auth-token': owner.token }, payload: { status: 'shortlisted' } });
      expect(res.statusCode).toBe(200);
      const [row] = await broken.ctx.db.select({ status: applications.status }).from(applications).where(eq(applications.id, made._id));
      expect(row?.status).toBe('shortlisted');
      const notes = await broken.ctx.db.select().from(notifications).where(eq(notifications.userId, p._id));
      expect(notes.map((n) => n.text)).toEqual([APP_MSG.notice('shortlisted', 'Mail fails', 'Failing Mail Studio')]);
      for (let waited = 0; waited < 10_000 && !lines.some((l) => l.includes('mail not sent; kept to be retried')); waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(lines.some((l) => l.includes('mail not sent; kept to be retried'))).toBe(true);
      const kept = await broken.ctx.db.select().from(mailOutbox);
      expect(kept.map((k) => k.message.to)).toEqual([p.email]);
    } finally {
      await broken.close();
    }
  });
});
