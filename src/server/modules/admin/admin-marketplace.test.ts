/**
 * The console's marketplace calls: studios to verify, reported jobs, verify/unverify,
 * hide/restore, accounts by kind. 401, 403 to performers and studios, 400 and 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReportsAnswer, AdminStudiosAnswer } from '../../../contract/admin.js';
import { ADMIN_TEXT } from '../../../contract/admin-texts.js';
import type { BoardJob, JobPost } from '../../../contract/jobs.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { MSG } from '../../../contract/messages.js';
import { studios as studiosTable } from '../../db/schema/index.js';
import { buildPerformer, newAddress, performerInput, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

const adminInput = performerInput();
let t: TestApp;
let admin: Performer;
let performer: Performer;
let studio: StudioAccount;
let newer: StudioAccount;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAILS: adminInput.email });
  admin = await buildPerformer(t, adminInput);
  performer = await buildPerformer(t);
  studio = await buildStudioAccount(t, { fname: 'Older Studio' });
  newer = await buildStudioAccount(t, { fname: 'Newer Studio' });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const post = async (who: StudioAccount, title: string) => {
  const res = await call('POST', '/api/studio/jobs', who.token, { title, jobType: 'Short film' });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as JobPost;
};

describe('admin marketplace access', () => {
  const CALLS: Array<['GET' | 'POST', string]> = [
    ['GET', '/api/admin/studios'],
    ['GET', '/api/admin/reports'],
    ['POST', `/api/admin/studios/${UNKNOWN}/verify`],
    ['POST', `/api/admin/studios/${UNKNOWN}/unverify`],
    ['POST', `/api/admin/jobs/${UNKNOWN}/hide`],
    ['POST', `/api/admin/jobs/${UNKNOWN}/restore`],
    // A malformed id still answers 401/403 first: the check runs before validation.
    ['POST', '/api/admin/jobs/not-an-id/hide'],
  ];
  it.each(CALLS)('%s %s: 401 without a token, 403 { msg } to a performer and to a studio', async (method, url) => {
    const anonymous = await call(method, url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ msg: MSG.unauthorized });
    for (const who of [performer.token, studio.token]) {
      const res = await call(method, url, who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ msg: MSG.adminOnly });
    }
  });

  it('answers 404 for unknown ids and 400 for malformed ones, changing nothing', async () => {
    for (const action of ['verify', 'unverify']) {
      const unknown = await call('POST', `/api/admin/studios/${UNKNOWN}/${action}`, admin.token);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ msg: MSG.studioNotFound });
      const bad = await call('POST', `/api/admin/studios/not-a-uuid/${action}`, admin.token);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ msg: MSG.studioNotFound, code: expect.any(String) });
    }
    for (const action of ['hide', 'restore']) {
      const unknown = await call('POST', `/api/admin/jobs/${UNKNOWN}/${action}`, admin.token);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ msg: MARKET_MSG.jobNotFound });
      expect((await call('POST', `/api/admin/jobs/x'1/${action}`, admin.token)).statusCode).toBe(400);
    }
    const badFilter = await call('GET', '/api/admin/studios?verified=maybe', admin.token);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toMatchObject({ msg: ADMIN_TEXT.verifiedFilter });
    expect((await call('GET', '/api/admin/studios?sort=name', admin.token)).statusCode).toBe(400);
  });
});

describe('studios to verify', () => {
  it('lists studios to verify first with the owner e-mail and job counts; verify changes the public badge; the filter works', async () => {
    await post(newer, 'Open one');
    const closing = await post(newer, 'Closed one');
    expect((await call('POST', `/api/studio/jobs/${closing._id}/close`, newer.token)).statusCode).toBe(200);

    const list = await call('GET', '/api/admin/studios', admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const { studios } = list.json() as AdminStudiosAnswer;
    const first = studios.findIndex((s) => s._id === newer.studioId);
    expect(studios[first]).toMatchObject({ fname: 'Newer Studio', verified: false, ownerEmail: newer.email, jobs: { open: 1, total: 2 } });
    expect(studios.find((s) => s._id === studio.studioId)).toMatchObject({ ownerEmail: studio.email, jobs: { open: 0, total: 0 } });
    // Newest first among the unverified.
    expect(first).toBeLessThan(studios.findIndex((s) => s._id === studio.studioId));
    expect(JSON.stringify(studios)).not.toMatch(/argon2|password/i);

    const verified = await call('POST', `/api/admin/studios/${newer.studioId}/verify`, admin.token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ _id: newer.studioId, verified: true });
    const after = (await call('GET', '/api/admin/studios', admin.token)).json() as AdminStudiosAnswer;
    // Verified studios come after every unverified one.
    const at = after.studios.findIndex((s) => s._id === newer.studioId);
    expect(after.studios.slice(at).every((s) => s.verified)).toBe(true);
    expect(after.studios.slice(0, at).every((s) => !s.verified)).toBe(true);
    // The public page and the job board show the badge at once.
    expect((await call('GET', `/api/studio/${newer.studioId}`)).json()).toMatchObject({ verified: true });
    const board = (await call('GET', '/api/jobs?q=Open%20one')).json() as { jobs: BoardJob[] };
    expect(board.jobs[0]?.studio).toMatchObject({ _id: newer.studioId, verified: true });

    const onlyVerified = (await call('GET', '/api/admin/studios?verified=true', admin.token)).json() as AdminStudiosAnswer;
    expect(onlyVerified.studios.map((s) => s._id)).toContain(newer.studioId);
    expect(onlyVerified.studios.every((s) => s.verified)).toBe(true);
    const toVerify = (await call('GET', '/api/admin/studios?verified=false', admin.token)).json() as AdminStudiosAnswer;
    expect(toVerify.studios.map((s) => s._id)).toContain(studio.studioId);
    expect(toVerify.studios.map((s) => s._id)).not.toContain(newer.studioId);

    const unverified = await call('POST', `/api/admin/studios/${newer.studioId}/unverify`, admin.token);
    expect(unverified.json()).toEqual({ _id: newer.studioId, verified: false });
    expect((await call('GET', `/api/studio/${newer.studioId}`)).json()).toMatchObject({ verified: false });
  });

  it('leaves out a deleted account’s emptied studio row', async () => {
    // What the account deletion leaves when performers had applied (docs/account.md).
    const [deleted] = await t.ctx.db.insert(studiosTable).values({ fname: MSG.deletedAccount, deletedAt: new Date() }).returning({ id: studiosTable.id });
    for (const url of ['/api/admin/studios', '/api/admin/studios?verified=false']) {
      const { studios } = (await call('GET', url, admin.token)).json() as AdminStudiosAnswer;
      expect(studios.map((s) => s._id)).toContain(studio.studioId);
      expect(studios.map((s) => s._id)).not.toContain(deleted!.id);
    }
  });
});

describe('reported jobs', () => {
  it('lists reported jobs with their reasons and counts, hidden first; the admin hides and restores', async () => {
    const quiet = await post(studio, 'Reported once');
    const loud = await post(studio, 'Reported thrice');
    const reporters = [performer, await buildPerformer(t), await buildPerformer(t)];
    expect((await call('POST', `/api/jobs/${quiet._id}/report`, performer.token, { reason: 'Looks odd' })).statusCode).toBe(200);
    for (const [i, who] of reporters.entries()) {
      expect((await call('POST', `/api/jobs/${loud._id}/report`, who.token, { reason: `Scam ${i}` })).statusCode).toBe(200);
    }
    const res = await call('GET', '/api/admin/reports', admin.token);
    expect(res.statusCode).toBe(200);
    const { reports } = res.json() as AdminReportsAnswer;
    expect(reports.map((r) => r.job._id)).toEqual([loud._id, quiet._id]);
    expect(reports[0]).toMatchObject({
      job: { title: 'Reported thrice', hidden: true, status: 'open', studio: { _id: studio.studioId, fname: 'Older Studio' } },
      count: 3,
    });
    expect(reports[0]!.reasons.map((r) => r.reason).sort()).toEqual(['Scam 0', 'Scam 1', 'Scam 2']);
    expect(reports[1]).toMatchObject({ job: { hidden: false }, count: 1, reasons: [{ reason: 'Looks odd' }] });
    // The reporters stay anonymous to the console.
    expect(JSON.stringify(reports)).not.toContain(performer.email);
    expect(JSON.stringify(reports)).not.toContain(performer._id);

    const restored = await call('POST', `/api/admin/jobs/${loud._id}/restore`, admin.token);
    expect(restored.json()).toEqual({ _id: loud._id, hidden: false });
    expect((await call('GET', `/api/jobs/${loud._id}`)).statusCode).toBe(200);

    const hidden = await call('POST', `/api/admin/jobs/${quiet._id}/hide`, admin.token);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ _id: quiet._id, hidden: true });
    expect((await call('GET', `/api/jobs/${quiet._id}`)).statusCode).toBe(404);
    expect(((await call('GET', '/api/jobs?q=Reported%20once')).json() as { jobs: unknown[] }).jobs).toEqual([]);
    const after = (await call('GET', '/api/admin/reports', admin.token)).json() as AdminReportsAnswer;
    expect(after.reports.map((r) => [r.job._id, r.job.hidden])).toEqual([[quiet._id, true], [loud._id, false]]);
    // Hiding again is no change.
    expect((await call('POST', `/api/admin/jobs/${quiet._id}/hide`, admin.token)).json()).toEqual({ _id: quiet._id, hidden: true });
  });
});

describe('accounts by kind', () => {
  it('counts performers and studios apart', async () => {
    const before = (await call('GET', '/api/admin/stats', admin.token)).json() as { accounts: Record<string, number> };
    expect(before.accounts.studio).toBeGreaterThanOrEqual(2);
    expect(before.accounts.performer).toBeGreaterThanOrEqual(2);
    await buildStudioAccount(t);
    const after = (await call('GET', '/api/admin/stats', admin.token)).json() as { accounts: Record<string, number> };
    expect(after.accounts).toEqual({ performer: before.accounts.performer, studio: before.accounts.studio! + 1 });
  });
});
