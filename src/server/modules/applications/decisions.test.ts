/**
 * Decisions (docs/applications.md, "Decisions"): a decline needs a reason, the performer
 * reads it in words; a booking or decline is undoable for 30 s and told only after that,
 * from the outbox, once, also after a restart; bulk moves all or none; close with a reason,
 * the studio's job with live counts, reopen.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG, DECISION_LIMITS, DECISION_MSG, type BulkStatusAnswer, type MyApplicationsAnswer, type StudioApplication } from '../../../contract/applications.js';
import type { StudioJob } from '../../../contract/decisions.js';
import { applications, jobs, notifications } from '../../db/schema/index.js';
import { JOB_LIMITS } from '../../../contract/jobs.js';
import { givePlan, postJob, newApplicant } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { openTestDatabase } from '../../../../test/test-database.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { runDecisionNotices } from './decision-notices.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
const quiet = { error: () => {} };

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Verdict Studio' }), buildStudioAccount(t, { fname: 'Other Studio' })]);
});
afterAll(async () => {
  await t.close();
});

const callOn = (app: TestApp, method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => callOn(t, method, url, token, payload);

/** A performer with a plan who applied (the real call) to the job. */
const applicant = (job: { _id: string }) => newApplicant(t, job);

const mine = async (p: Performer, id: string) => ((await call('GET', '/api/audition/applications', p.token)).json() as MyApplicationsAnswer).applications.find((a) => a._id === id)!;
const notices = (p: Performer) => t.ctx.db.select().from(notifications).where(eq(notifications.userId, p._id));
const mailsTo = (p: Performer) => t.sink.messages.filter((m) => m.to === p.email.toLowerCase() && m.subject.startsWith('Your application to'));
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
/** The undo window of these applications, moved into the past: as if 30 s had gone by. */
const windowPassed = (ids: string[]) =>
  t.ctx.db.execute(
    sql`update applications set undo_until = now() - interval '1 second' where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
  );

async function mailArrives(p: Performer, subject: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const found = mailsTo(p).find((m) => m.subject === subject);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail "${subject}" to ${p.email}`);
}

describe('decline reasons', () => {
  it('refuses a decline without a reason, with an unknown one, a reason on another move, or a note over 500; nothing changes', async () => {
    const job = await postJob(t, studio, { title: 'Reasons role' });
    const { id } = await applicant(job);
    const bad = [
      [{ status: 'declined' }, DECISION_MSG.reasonRequired],
      [{ status: 'declined', reason: 'too_tall' }, DECISION_MSG.reasonOneOf],
      [{ status: 'shortlisted', reason: 'skills' }, DECISION_MSG.reasonOnlyDeclined],
      [{ status: 'auditioning', note: 'hi' }, DECISION_MSG.noteOnlyFinal],
      [{ status: 'declined', reason: 'other', note: 'x'.repeat(DECISION_LIMITS.noteMax + 1) }, null],
    ] as const;
    for (const [body, msg] of bad) {
      const res = await call('POST', `/api/studio/applications/${id}/status`, studio.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input' });
      if (msg) expect(res.json().msg).toBe(msg);
    }
    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(row!.status).toBe('applied');
  });

  it('a decline with a reason and a note: the studio can undo for 30 s; the performer then reads the reason in words in the app, the notice and the e-mail', async () => {
    const job = await postJob(t, studio, { title: 'Reason in words' });
    const { performer, id } = await applicant(job);
    const note = 'Lovely tape.\nWe went younger this time.';
    const res = await call('POST', `/api/studio/applications/${id}/status`, studio.token, { status: 'declined', reason: 'look_or_age', note });
    expect(res.statusCode, res.body).toBe(200);
    const decided = res.json() as StudioApplication;
    expect(decided.status).toBe('declined');
    expect(decided.decision).toMatchObject({ reason: 'look_or_age', reasonText: DECISION_MSG.reasonText('look_or_age'), note });
    expect(Date.parse(decided.undoUntil!) - Date.now()).toBeGreaterThan(25_000);

    // In the window the performer sees nothing of it.
    const during = await mine(performer, id);
    expect(during.status).toBe('applied');
    expect(during.decision).toBeNull();
    expect(await runDecisionNotices(t.ctx, quiet)).toEqual({ told: 0 });
    expect((await notices(performer)).filter((n) => n.text.includes('declined'))).toHaveLength(0);

    expect(await runDecisionNotices(t.ctx, quiet, DECISION_LIMITS.undoSeconds + 1)).toEqual({ told: 1 });
    await windowPassed([id]);
    const after = await mine(performer, id);
    expect(after.status).toBe('declined');
    expect(after.decision).toMatchObject({ reason: 'look_or_age', reasonText: DECISION_MSG.reasonText('look_or_age'), note });
    const told = (await notices(performer)).filter((n) => n.text.startsWith(APP_MSG.notice('declined', 'Reason in words', 'Verdict Studio')));
    expect(told.map((n) => n.text)).toEqual([`${APP_MSG.notice('declined', 'Reason in words', 'Verdict Studio')} ${DECISION_MSG.reasonLine('look_or_age')}`]);
    const mail = await mailArrives(performer, APP_MSG.mailSubject('declined', 'Reason in words'));
    expect(mail.text).toContain(DECISION_MSG.reasonLine('look_or_age'));
    expect(mail.text).toContain(DECISION_MSG.noteLine(note));
    expect(await runDecisionNotices(t.ctx, quiet, 120)).toEqual({ told: 0 });
  });

  it('a booking may carry a note and has no reason', async () => {
    const job = await postJob(t, studio, { title: 'Booked with a note' });
    const { id } = await applicant(job);
    const res = await call('POST', `/api/studio/applications/${id}/status`, studio.token, { status: 'booked', note: 'Call sheet follows.' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as StudioApplication).decision).toMatchObject({ reason: null, reasonText: null, note: 'Call sheet follows.' });
    // Undone from applied: back to applied, its outbox row gone.
    expect((await call('POST', `/api/studio/applications/${id}/undo`, studio.token)).json()).toMatchObject({ status: 'applied', decision: null });
  });
});

describe('undo', () => {
  it('within 30 s puts the status back, and the performer never hears of it', async () => {
    const job = await postJob(t, studio, { title: 'Undone in time' });
    const { performer, id } = await applicant(job);
    expect((await call('POST', `/api/studio/applications/${id}/status`, studio.token, { status: 'shortlisted' })).statusCode).toBe(200);
    const before = await notices(performer);
    expect((await call('POST', `/api/studio/applications/${id}/status`, studio.token, { status: 'booked' })).statusCode).toBe(200);
    const res = await call('POST', `/api/studio/applications/${id}/undo`, studio.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'shortlisted', decision: null, undoUntil: null });
    // The decision's entry goes; the undo itself is recorded with who did it (docs/team.md).
    const history = (res.json() as StudioApplication).history;
    expect(history.filter((h) => !h.action).map((h) => h.status)).toEqual(['applied', 'shortlisted']);
    expect(history.at(-1)).toMatchObject({ status: 'shortlisted', action: 'undo', by: { _id: studio._id } });
    expect(await runDecisionNotices(t.ctx, quiet, DECISION_LIMITS.undoSeconds + 5)).toEqual({ told: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await notices(performer)).toHaveLength(before.length);
    expect(mailsTo(performer).filter((m) => m.subject === APP_MSG.mailSubject('booked', 'Undone in time'))).toHaveLength(0);
    expect((await mine(performer, id)).status).toBe('shortlisted');
    // Undoing again finds nothing to undo; another studio does not find it.
    expect((await call('POST', `/api/studio/applications/${id}/undo`, studio.token)).json()).toMatchObject({ code: 'undo_expired' });
    expect((await call('POST', `/api/studio/applications/${id}/undo`, rival.token)).statusCode).toBe(404);
  });

  it('after 30 s answers 409 undo_expired, and the notice goes out once', async () => {
    const job = await postJob(t, studio, { title: 'Too late to undo' });
    const { performer, id } = await applicant(job);
    expect((await call('POST', `/api/studio/applications/${id}/status`, studio.token, { status: 'declined', reason: 'role_cast' })).statusCode).toBe(200);
    await windowPassed([id]);
    const res = await call('POST', `/api/studio/applications/${id}/undo`, studio.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: DECISION_MSG.undoExpired, code: 'undo_expired' });
    expect(await runDecisionNotices(t.ctx, quiet, DECISION_LIMITS.undoSeconds + 1)).toEqual({ told: 1 });
    expect(await runDecisionNotices(t.ctx, quiet, DECISION_LIMITS.undoSeconds + 60)).toEqual({ told: 0 });
    await mailArrives(performer, APP_MSG.mailSubject('declined', 'Too late to undo'));
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(performer).filter((m) => m.subject === APP_MSG.mailSubject('declined', 'Too late to undo'))).toHaveLength(1);
    expect((await notices(performer)).filter((n) => n.text.includes('was declined'))).toHaveLength(1);
    expect((await mine(performer, id)).status).toBe('declined');
  });

  it('a performer who withdraws inside the window withdraws: the decision is dropped unheard, and the studio\'s undo says why', async () => {
    const job = await postJob(t, studio, { title: 'Withdrawn in the window' });
    const { performer, id } = await applicant(job);
    const before = await notices(performer);
    expect((await call('POST', `/api/studio/applications/${id}/status`, studio.token, { status: 'declined', reason: 'skills', note: 'Not this time.' })).statusCode).toBe(200);
    // The other kind of account and another performer change nothing.
    expect((await call('POST', `/api/audition/applications/${id}/withdraw`, studio.token)).statusCode).toBe(403);
    const stranger = await buildPerformer(t);
    expect((await call('POST', `/api/audition/applications/${id}/withdraw`, stranger.token)).statusCode).toBe(404);
    expect((await mine(performer, id)).status).toBe('applied');

    const res = await call('POST', `/api/audition/applications/${id}/withdraw`, performer.token);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as MyApplicationsAnswer['applications'][number];
    expect(answer).toMatchObject({ status: 'withdrawn', decision: null });
    expect(answer.history.map((h) => h.status)).toEqual(['applied', 'withdrawn']);
    expect(JSON.stringify(await mine(performer, id))).not.toContain('skills');
    // The notice never goes, not even once the window has passed.
    expect(await runDecisionNotices(t.ctx, quiet, DECISION_LIMITS.undoSeconds + 5)).toEqual({ told: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await notices(performer)).toHaveLength(before.length);
    expect(mailsTo(performer).filter((m) => m.subject === APP_MSG.mailSubject('declined', 'Withdrawn in the window'))).toHaveLength(0);
    // The studio sees the withdrawal, and its undo is told what happened.
    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(row).toMatchObject({ status: 'withdrawn', decisionReason: null, decisionNote: '', decidedAt: null, undoUntil: null });
    const undo = await call('POST', `/api/studio/applications/${id}/undo`, studio.token);
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toEqual({ msg: DECISION_MSG.withdrawnMeanwhile, code: 'withdrawn' });
    // Withdrawn is final: a second withdrawal is refused.
    expect((await call('POST', `/api/audition/applications/${id}/withdraw`, performer.token)).json()).toMatchObject({ msg: APP_MSG.cannotWithdraw('withdrawn') });
  });

  it('a performer who withdraws once the window has passed is refused: the decision stands and is told once', async () => {
    const job = await postJob(t, studio, { title: 'Withdrawn too late' });
    const { performer, id } = await applicant(job);
    expect((await call('POST', `/api/studio/applications/${id}/status`, studio.token, { status: 'booked' })).statusCode).toBe(200);
    await windowPassed([id]);
    const res = await call('POST', `/api/audition/applications/${id}/withdraw`, performer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: APP_MSG.cannotWithdraw('booked') });
    expect(await runDecisionNotices(t.ctx, quiet, DECISION_LIMITS.undoSeconds + 1)).toEqual({ told: 1 });
    expect((await mine(performer, id)).status).toBe('booked');
  });

  it('a notice pending at a restart is sent once by the next instance on the same database', async () => {
    const database = await openTestDatabase();
    const first = await buildTestApp({}, { database });
    const owner = await buildStudioAccount(first, { fname: 'Restart Studio' });
    const job = await postJob(first, owner, { title: 'Across a restart' });
    const performer = await buildPerformer(first);
    await givePlan(first, performer._id, 'Platinum');
    const applied = await callOn(first, 'POST', `/api/jobs/${job._id}/apply`, performer.token, {});
    const id = (applied.json() as { _id: string })._id;
    expect((await callOn(first, 'POST', `/api/studio/applications/${id}/status`, owner.token, { status: 'booked' })).statusCode).toBe(200);
    await first.app.close();
    const second = await buildTestApp({}, { database });
    try {
      expect(await runDecisionNotices(second.ctx, quiet, DECISION_LIMITS.undoSeconds + 1)).toEqual({ told: 1 });
      expect(await runDecisionNotices(second.ctx, quiet, DECISION_LIMITS.undoSeconds + 2)).toEqual({ told: 0 });
      const told = await second.ctx.db.select().from(notifications).where(eq(notifications.userId, performer._id));
      expect(told.filter((n) => n.text === APP_MSG.notice('booked', 'Across a restart', 'Restart Studio'))).toHaveLength(1);
      for (let waited = 0; waited < 10_000 && !second.sink.messages.some((m) => m.to === performer.email.toLowerCase()); waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(second.sink.messages.filter((m) => m.to === performer.email.toLowerCase() && m.subject === APP_MSG.mailSubject('booked', 'Across a restart'))).toHaveLength(1);
    } finally {
      await second.close();
      await first.close().catch(() => {});
    }
  });
});

describe('bulk moves', () => {
  const bulk = (jobId: string, body: unknown, token = studio.token) => call('POST', `/api/studio/jobs/${jobId}/applications/status`, token, body);

  it('refuses the whole batch when one is of another job or already decided; nothing moves', async () => {
    const job = await postJob(t, studio, { title: 'Bulk refused' });
    const other = await postJob(t, studio, { title: 'Another job' });
    const a = await applicant(job);
    const b = await applicant(job);
    const stranger = await applicant(other);
    const mixed = await bulk(job._id, { applicationIds: [a.id, stranger.id], status: 'shortlisted' });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json()).toEqual({ msg: DECISION_MSG.notInJob, code: 'not_in_job' });
    expect((await bulk(job._id, { applicationIds: [a.id, 'not-an-id'], status: 'shortlisted' })).statusCode).toBe(409);
    expect((await call('POST', `/api/audition/applications/${b.id}/withdraw`, b.performer.token)).statusCode).toBe(200);
    const final = await bulk(job._id, { applicationIds: [a.id, b.id], status: 'declined', reason: 'skills' });
    expect(final.statusCode).toBe(409);
    expect(final.json()).toEqual({ msg: DECISION_MSG.someFinal, code: 'final_status' });
    expect((await bulk(job._id, { applicationIds: [], status: 'shortlisted' })).statusCode).toBe(400);
    expect((await bulk(job._id, { applicationIds: [a.id], status: 'declined' })).json()).toMatchObject({ code: 'invalid_input', msg: DECISION_MSG.reasonRequired });
    expect((await bulk(job._id, { applicationIds: [a.id], status: 'shortlisted' }, rival.token)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, a.id));
    expect(row!.status).toBe('applied');
  });

  it('declines three with one reason, undoable as one; a second batch is told once its window passed', async () => {
    const job = await postJob(t, studio, { title: 'Bulk decline' });
    const three = [await applicant(job), await applicant(job), await applicant(job)];
    const ids = three.map((x) => x.id);
    const res = await bulk(job._id, { applicationIds: ids, status: 'declined', reason: 'went_another_way', note: 'Thank you all.' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as BulkStatusAnswer;
    expect(answer.applications.map((a) => a.status)).toEqual(['declined', 'declined', 'declined']);
    expect(answer.undo).not.toBeNull();
    const undone = await call('POST', `/api/studio/jobs/${job._id}/applications/undo`, studio.token, { applicationIds: ids });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((undone.json() as { applications: StudioApplication[] }).applications.map((a) => a.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await runDecisionNotices(t.ctx, quiet, DECISION_LIMITS.undoSeconds + 1)).toEqual({ told: 0 });

    expect((await bulk(job._id, { applicationIds: ids, status: 'declined', reason: 'went_another_way' })).statusCode).toBe(200);
    await windowPassed(ids);
    expect((await call('POST', `/api/studio/jobs/${job._id}/applications/undo`, studio.token, { applicationIds: ids })).json()).toMatchObject({ code: 'undo_expired' });
    expect(await runDecisionNotices(t.ctx, quiet, DECISION_LIMITS.undoSeconds + 1)).toEqual({ told: 3 });
    for (const { performer, id } of three) {
      expect((await mine(performer, id)).decision).toMatchObject({ reason: 'went_another_way', reasonText: DECISION_MSG.reasonText('went_another_way') });
    }
  });

  it('counts each application as one move: a batch past the 60 a minute is 429 and moves none', async () => {
    const own = await buildStudioAccount(t, { fname: 'Busy Studio' });
    const job = await postJob(t, own, { title: 'Busy role' });
    const some = [await applicant(job), await applicant(job)];
    const fake = Array.from({ length: 59 }, () => crypto.randomUUID());
    // 61 ids: refused by the limit before anything is read.
    const res = await bulk(job._id, { applicationIds: [...some.map((x) => x.id), ...fake], status: 'shortlisted' }, own.token);
    expect(res.statusCode).toBe(429);
    const rows = await t.ctx.db.select().from(applications).where(eq(applications.jobId, job._id));
    expect(rows.map((r) => r.status)).toEqual(['applied', 'applied']);
    // None of the refused batch was counted: two moves still fit.
    expect((await bulk(job._id, { applicationIds: some.map((x) => x.id), status: 'shortlisted' }, own.token)).statusCode).toBe(200);
  });
});

describe('closing and reopening', () => {
  it('close with a reason and a note closes the undecided with that decision; the job answers live counts; reopen keeps them closed', async () => {
    const job = await postJob(t, studio, { title: 'Closing with reason' });
    const [a, b, c] = [await applicant(job), await applicant(job), await applicant(job)];
    expect((await call('POST', `/api/studio/applications/${b.id}/status`, studio.token, { status: 'shortlisted' })).statusCode).toBe(200);
    expect((await call('POST', `/api/studio/applications/${c.id}/status`, studio.token, { status: 'booked' })).statusCode).toBe(200);
    const seen = await call('GET', `/api/studio/jobs/${job._id}`, studio.token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect((seen.json() as StudioJob).live).toMatchObject({ applied: 1, viewed: 0, shortlisted: 1, auditioning: 0, booked: 1, slotsBooked: 0 });
    expect((await call('GET', `/api/studio/jobs/${job._id}`, rival.token)).statusCode).toBe(404);

    expect((await call('POST', `/api/studio/jobs/${job._id}/close`, studio.token, { reason: 'nonsense' })).statusCode).toBe(400);
    const closed = await call('POST', `/api/studio/jobs/${job._id}/close`, studio.token, { reason: 'went_another_way', note: 'The production moved.' });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const x of [a, b]) {
      const app = await mine(x.performer, x.id);
      expect(app.status).toBe('closed');
      expect(app.decision).toMatchObject({ reason: 'went_another_way', reasonText: DECISION_MSG.reasonText('went_another_way'), note: 'The production moved.' });
      const told = (await notices(x.performer)).map((n) => n.text);
      expect(told).toContain(`${APP_MSG.notice('closed', 'Closing with reason', 'Verdict Studio')} ${DECISION_MSG.reasonLine('went_another_way')}`);
    }
    expect((await t.ctx.db.select().from(applications).where(eq(applications.id, c.id)))[0]!.status).toBe('booked');

    expect((await call('POST', `/api/studio/jobs/${job._id}/reopen`, studio.token, { deadline: '2000-01-01' })).statusCode).toBe(400);
    const reopened = await call('POST', `/api/studio/jobs/${job._id}/reopen`, studio.token, { deadline: null });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'open', deadline: null });
    expect((await mine(a.performer, a.id)).status).toBe('closed');
    expect((await call('POST', `/api/studio/jobs/${job._id}/reopen`, studio.token, {})).json()).toMatchObject({ code: 'job_open' });
    expect((await call('POST', `/api/studio/jobs/${job._id}/reopen`, rival.token, {})).statusCode).toBe(404);
  });

  it('the studio\'s own job counts its applicants by itself, also behind the newest 500 of the studio\'s list', async () => {
    const busy = await buildStudioAccount(t, { fname: 'Busy Lister Studio' });
    const job = await postJob(t, busy, { title: 'The oldest post' });
    const [a] = [await applicant(job), await applicant(job)];
    expect((await call('POST', `/api/studio/applications/${a!.id}/status`, busy.token, { status: 'shortlisted' })).statusCode).toBe(200);
    // 500 newer (closed) posts: the job falls out of the list's newest JOB_LIMITS.ownJobsMax.
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job._id));
    const { id: _id, createdAt: _at, ...fields } = row!;
    await t.ctx.db.insert(jobs).values(Array.from({ length: JOB_LIMITS.ownJobsMax }, (_, i) => ({ ...fields, title: `Newer ${i}`, status: 'closed', createdAt: later(i + 1) })));
    const seen = await call('GET', `/api/studio/jobs/${job._id}`, busy.token);
    expect(seen.statusCode, seen.body).toBe(200);
    const own = seen.json() as StudioJob;
    expect(own.live).toMatchObject({ applied: 1, viewed: 0, shortlisted: 1, auditioning: 0, booked: 0, slotsBooked: 0 });
    expect(own.applicants).toEqual({ total: 2, byStatus: { applied: 1, shortlisted: 1 }, byRole: { [own.roles[0]!._id]: 2 } });
  });

  it('a close with no body gives the reason role_closed', async () => {
    const job = await postJob(t, studio, { title: 'Closing plainly' });
    const a = await applicant(job);
    const res = await t.app.inject({ method: 'POST', url: `/api/studio/jobs/${job._id}/close`, headers: { 'x-auth-token': studio.token }, remoteAddress: newAddress() });
    expect(res.statusCode, res.body).toBe(200);
    expect((await mine(a.performer, a.id)).decision).toMatchObject({ reason: 'role_closed', reasonText: DECISION_MSG.reasonText('role_closed'), note: '' });
  });
});
