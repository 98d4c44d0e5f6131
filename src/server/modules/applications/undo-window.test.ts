/**
 * The undo window is a server setting (docs/applications.md, "Decisions"):
 * unset, a booking can be undone for the spec's 30 s and its notice waits as long; with
 * DECISION_UNDO_SECONDS the window, the notice's wait and what /api/config tells the web all
 * follow the setting. The end-to-end suite runs with a short one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECISION_LIMITS, type StudioApplication } from '../../../contract/applications.js';
import type { AppConfig } from '../../../contract/config.js';
import { newApplicant, postJob } from '../../../../test/application-factories.js';
import { newAddress } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { runDecisionNotices } from './decision-notices.js';

const quiet = { error: () => {} };

/** Books a new applicant of a new job; answers what the studio's call answered. */
async function book(t: TestApp, studio: StudioAccount): Promise<StudioApplication> {
  const job = await postJob(t, studio, { title: 'Window role' });
  const { id } = await newApplicant(t, job);
  const res = await t.app.inject({ method: 'POST', url: `/api/studio/applications/${id}/status`, headers: { 'x-auth-token': studio.token }, payload: { status: 'booked' }, remoteAddress: newAddress() });
  expect(res.statusCode).toBe(200);
  return res.json() as StudioApplication;
}

const configOf = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/config' })).json() as AppConfig;

describe.each([
  ['unset: the spec’s 30 seconds', {}, DECISION_LIMITS.undoSeconds],
  ['DECISION_UNDO_SECONDS=120', { DECISION_UNDO_SECONDS: '120' }, 120],
] as const)('the undo window, %s', (_name, env, seconds) => {
  let t: TestApp;
  let studio: StudioAccount;
  beforeAll(async () => {
    t = await buildTestApp(env);
    studio = await buildStudioAccount(t, { fname: 'Window Studio' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is what /api/config tells the web', async () => {
    expect((await configOf(t)).undoSeconds).toBe(seconds);
  });

  it('keeps the booking undoable and its notice unsent until it has passed, then tells it once', async () => {
    const booked = await book(t, studio);
    expect(booked.status).toBe('booked');
    expect(booked.undoUntil).not.toBeNull();
    // The sweep run as if time had passed: a few seconds short of the window, nothing is told;
    // a second past the spec's 30 s, only the default window has passed.
    expect(await runDecisionNotices(t.ctx, quiet, seconds - 5)).toEqual({ told: 0 });
    expect(await runDecisionNotices(t.ctx, quiet, DECISION_LIMITS.undoSeconds + 1)).toEqual({ told: seconds === DECISION_LIMITS.undoSeconds ? 1 : 0 });
    expect(await runDecisionNotices(t.ctx, quiet, seconds + 1)).toEqual({ told: seconds === DECISION_LIMITS.undoSeconds ? 0 : 1 });
  });
});
