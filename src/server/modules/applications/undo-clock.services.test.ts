/**
 * The 30 s to undo a final decision are on the database's clock (docs/faults.md, "Clocks
 * that disagree"): an instance whose clock is 45 s off, deciding, sweeping or undoing, keeps
 * the window the studio was given. PostgreSQL only: PGlite runs on the app's own clock, so
 * there the two cannot disagree.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyApplicationsAnswer, StudioApplication, StudioApplicationsAnswer } from '../../../contract/applications.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { createPostgresDatabase } from '../../../../test/postgres-database.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { openDatabase } from '../../db/client.js';
import { runDecisionNotices } from './decision-notices.js';

let t: TestApp;
let studio: StudioAccount;
const quiet = { error: () => {} };
const SKEW_MS = 45_000;

let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  const fresh = await createPostgresDatabase();
  dropDatabase = fresh.drop;
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' }, { database: await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 5 }) });
  studio = await buildStudioAccount(t, { fname: 'Clock Studio' });
});
afterAll(async () => {
  await t.close();
  await dropDatabase();
});
afterEach(() => {
  vi.useRealTimers();
});

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
/** This process's clock moved by `ms`, as an instance whose clock is off: only Date, so timers and I/O run as ever. */
const clockOff = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });

async function applied(): Promise<{ id: string; jobId: string; performerToken: string }> {
  const job = await postJob(t, studio, { title: 'Clocks' });
  const performer = await buildPerformer(t);
  await givePlan(t, performer._id, 'Platinum');
  const res = await call('POST', `/api/jobs/${job._id}/apply`, performer.token, {});
  expect(res.statusCode, res.body).toBe(201);
  return { id: (res.json() as { _id: string })._id, jobId: job._id, performerToken: performer.token };
}
const applicant = async () => (await applied()).id;
const decline = (id: string) => call('POST', `/api/studio/applications/${id}/status`, studio.token, { status: 'declined', reason: 'role_cast' });
const undo = (id: string) => call('POST', `/api/studio/applications/${id}/undo`, studio.token);

describe('the undo window when instances disagree on the time', () => {
  it('a decline made on an instance 45 s behind is not told at once, and its undo is taken', async () => {
    const id = await applicant();
    clockOff(-SKEW_MS);
    expect((await decline(id)).statusCode).toBe(200);
    vi.useRealTimers();
    // Another instance, on time, sweeps and is asked to undo.
    expect(await runDecisionNotices(t.ctx, quiet)).toEqual({ told: 0 });
    const res = await undo(id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as StudioApplication).status).toBe('applied');
  });

  it('an instance 45 s ahead neither tells a fresh decline nor refuses its undo', async () => {
    const id = await applicant();
    expect((await decline(id)).statusCode).toBe(200);
    clockOff(SKEW_MS);
    expect(await runDecisionNotices(t.ctx, quiet)).toEqual({ told: 0 });
    const res = await undo(id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as StudioApplication).status).toBe('applied');
  });

  it('an instance 45 s ahead shows the studio the undo window it was given, and keeps the decline from the performer', async () => {
    const { id, jobId, performerToken } = await applied();
    const declined = await decline(id);
    expect(declined.statusCode).toBe(200);
    const until = (declined.json() as StudioApplication).undoUntil;
    expect(until).not.toBeNull();
    clockOff(SKEW_MS);
    // The studio's answers, one application and the job's page, still carry the window.
    expect(((await call('GET', `/api/studio/applications/${id}`, studio.token)).json() as StudioApplication).undoUntil).toBe(until);
    const page = (await call('GET', `/api/studio/jobs/${jobId}/applications`, studio.token)).json() as StudioApplicationsAnswer;
    expect(page.applications.find((a) => a._id === id)?.undoUntil).toBe(until);
    // The performer has not been told: their list shows the application as it was before.
    const mine = (await call('GET', '/api/audition/applications', performerToken)).json() as MyApplicationsAnswer;
    expect(mine.applications.find((a) => a._id === id)).toMatchObject({ status: 'applied', decision: null });
    // And the window it shows is the one the undo keeps (nothing left due for the next test's sweep).
    expect((await undo(id)).statusCode).toBe(200);
  });

  it('once the database says the 30 s have passed, the undo is refused and the notice goes out', async () => {
    const id = await applicant();
    expect((await decline(id)).statusCode).toBe(200);
    clockOff(-SKEW_MS);
    expect(await runDecisionNotices(t.ctx, quiet, 31)).toEqual({ told: 1 });
    expect((await undo(id)).json()).toMatchObject({ code: 'undo_expired' });
  });
});
