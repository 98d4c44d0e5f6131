/**
 * No floods (docs/applications.md; docs/security.md, "Floods from a studio: moves, reports, job posts, shortlists"): a studio moving an
 * application back and forth e-mails its performer at most once an hour, leaves one unread
 * notice in the app, and makes at most 60 moves a minute.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG, APPLICATION_LIMITS, DECISION_LIMITS, DECISION_MSG, type StudioStatus } from '../../../contract/applications.js';
import { runDecisionNotices } from './decision-notices.js';
import { changeStatus } from './status-change.js';
import { mailSettings } from '../notifications/index.js';
import { MSG } from '../../../contract/messages.js';
import { applications, notifications } from '../../db/schema/index.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const move = async (studio: StudioAccount, applicationId: string, status: StudioStatus) => {
  const res = await call('POST', `/api/studio/applications/${applicationId}/status`, studio.token, status === 'declined' ? { status, reason: 'role_cast' } : { status });
  // A final decision is told once its 30 s to undo have passed (docs/applications.md, "Decisions"): here at once.
  if (res.statusCode === 200 && (status === 'declined' || status === 'booked')) {
    await t.ctx.db.update(applications).set({ undoUntil: new Date(Date.now() - 1000) }).where(eq(applications.id, applicationId));
    await runDecisionNotices(t.ctx, { error: () => {} }, DECISION_LIMITS.undoSeconds + 1);
  }
  return res;
};

/** A performer who applied (through the real call) to a new job of the studio. */
async function applicant(studio: StudioAccount, title: string): Promise<{ performer: Performer; applicationId: string }> {
  const performer = await buildPerformer(t);
  await givePlan(t, performer._id, 'Platinum');
  const job = await postJob(t, studio, { title });
  const res = await call('POST', `/api/jobs/${job._id}/apply`, performer.token, {});
  expect(res.statusCode, res.body).toBe(201);
  return { performer, applicationId: (res.json() as { _id: string })._id };
}

/** The performer's application mails (their sign-up code went to the same address). */
const mailsTo = (p: Performer) => t.sink.messages.filter((m) => m.to === p.email.toLowerCase() && m.subject.startsWith('Your application to'));

/** Waits for the mail with this subject (mails leave after the commit), then answers every mail the performer got. */
async function mailsOnceArrived(p: Performer, subject: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (mailsTo(p).some((m) => m.subject === subject)) return mailsTo(p);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail "${subject}" to ${p.email}`);
}

const bell = async (p: Performer) => (await call('GET', '/api/notifications', p.token)).json() as { notifications: { _id: string; text: string; read: boolean }[]; unread: number };

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('moving an application back and forth', () => {
  it('20 alternating moves send one e-mail and leave one unread notice; a final decision is still mailed and noticed', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Flood Studio' });
    const { performer, applicationId } = await applicant(studio, 'Flood role');
    const statuses = Array.from({ length: 20 }, (_, i): StudioStatus => (i % 2 ? 'auditioning' : 'shortlisted'));
    for (const status of statuses) expect((await move(studio, applicationId, status)).statusCode).toBe(200);

    const afterMoves = await bell(performer);
    expect(afterMoves.unread).toBe(1);
    expect(afterMoves.notifications.map((n) => n.text)).toEqual([APP_MSG.notice('auditioning', 'Flood role', 'Flood Studio')]);

    // A notice the performer has read is kept; the next move adds one and later moves replace that.
    await call('POST', '/api/notifications/read', performer.token, {});
    expect((await move(studio, applicationId, 'shortlisted')).statusCode).toBe(200);
    expect((await move(studio, applicationId, 'auditioning')).statusCode).toBe(200);
    const afterRead = await bell(performer);
    expect(afterRead.unread).toBe(1);
    expect(afterRead.notifications.map((n) => [n.text, n.read])).toEqual([
      [APP_MSG.notice('auditioning', 'Flood role', 'Flood Studio'), false],
      [APP_MSG.notice('auditioning', 'Flood role', 'Flood Studio'), true],
    ]);

    expect((await move(studio, applicationId, 'declined')).statusCode).toBe(200);
    const mails = await mailsOnceArrived(performer, APP_MSG.mailSubject('declined', 'Flood role'));
    expect(mails.map((m) => m.subject)).toEqual([APP_MSG.mailSubject('shortlisted', 'Flood role'), APP_MSG.mailSubject('declined', 'Flood role')]);
    const afterDecision = await bell(performer);
    expect(afterDecision.unread).toBe(2);
    expect(afterDecision.notifications[0]!.text).toBe(`${APP_MSG.notice('declined', 'Flood role', 'Flood Studio')} ${DECISION_MSG.reasonLine('role_cast')}`);
    // Every move is still in the application's history.
    const [row] = await t.ctx.db.select({ history: applications.history }).from(applications).where(eq(applications.id, applicationId));
    expect(row!.history).toHaveLength(1 + 20 + 2 + 1);
  });

  it('e-mails again once the last e-mail of a move is an hour old', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Hourly Studio' });
    const { performer, applicationId } = await applicant(studio, 'Hourly role');
    expect((await move(studio, applicationId, 'shortlisted')).statusCode).toBe(200);
    await mailsOnceArrived(performer, APP_MSG.mailSubject('shortlisted', 'Hourly role'));
    // The hour passes (the stored time of the last e-mail moves back).
    await t.ctx.db
      .update(applications)
      .set({ movedMailAt: sql`${applications.movedMailAt} - make_interval(mins => ${APPLICATION_LIMITS.movedMailEveryMinutes})` })
      .where(eq(applications.id, applicationId));
    expect((await move(studio, applicationId, 'auditioning')).statusCode).toBe(200);
    const mails = await mailsOnceArrived(performer, APP_MSG.mailSubject('auditioning', 'Hourly role'));
    expect(mails).toHaveLength(2);
  });

  it('of two moves stamped in the same millisecond, only the first takes the e-mail', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Same Instant Studio' });
    const { applicationId } = await applicant(studio, 'Same instant role');
    const at = new Date();
    const mail = mailSettings(t.ctx.config.env);
    const moveAt = (status: StudioStatus) => t.ctx.db.transaction((tx) => changeStatus(tx, eq(applications.id, applicationId), status, at, mail));
    const first = await moveAt('shortlisted');
    const second = await moveAt('auditioning');
    expect(first.mails.map((m) => m.subject)).toEqual([APP_MSG.mailSubject('shortlisted', 'Same instant role')]);
    expect(second.changed).toHaveLength(1);
    expect(second.mails).toEqual([]);
  });

  it('moves of one application sent together send one e-mail and leave one unread notice', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Together Studio' });
    const { performer, applicationId } = await applicant(studio, 'Together role');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => move(studio, applicationId, i % 2 ? 'auditioning' : 'shortlisted')));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    // A final move afterwards is mailed. Mails of moves sent together leave in any order:
    // wait for two, then a moment more for any that should not come.
    expect((await move(studio, applicationId, 'booked')).statusCode).toBe(200);
    await mailsOnceArrived(performer, APP_MSG.mailSubject('booked', 'Together role'));
    for (let waited = 0; waited < 10_000 && mailsTo(performer).length < 2; waited += 50) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(performer)).toHaveLength(2);
    const unread = await t.ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, performer._id), sql`${notifications.readAt} is null`));
    expect(unread[0]!.n).toBe(2);
  });
});

describe('POST /api/studio/applications/{id}/status rate', () => {
  it(`answers 429 { msg } with Retry-After past ${APPLICATION_LIMITS.movesPerStudioPerMinute} moves a minute from one studio, sent together, and changes nothing more`, async () => {
    const studio = await buildStudioAccount(t, { fname: 'Busy Mover Studio' });
    const people = await Promise.all([applicant(studio, 'Mover one'), applicant(studio, 'Mover two')]);
    const limit = APPLICATION_LIMITS.movesPerStudioPerMinute;
    const answers = await Promise.all(
      Array.from({ length: limit + 6 }, (_, i) => move(studio, people[i % 2]!.applicationId, Math.floor(i / 2) % 2 ? 'auditioning' : 'shortlisted')),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ msg: MSG.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A refused move changes nothing: a final one is refused too, and the application stays open.
    expect((await move(studio, people[0]!.applicationId, 'declined')).statusCode).toBe(429);
    const [row] = await t.ctx.db.select({ status: applications.status }).from(applications).where(eq(applications.id, people[0]!.applicationId));
    expect(['shortlisted', 'auditioning']).toContain(row!.status);
    // Another studio is not held back.
    const other = await buildStudioAccount(t, { fname: 'Calm Studio' });
    const theirs = await applicant(other, 'Calm role');
    expect((await move(other, theirs.applicationId, 'shortlisted')).statusCode).toBe(200);
  });
});
