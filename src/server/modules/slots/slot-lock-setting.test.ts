/**
 * The booking lock is a server setting (docs/slots.md, "Booking"): unset, a time starting within
 * the spec's 2 hours is neither offered nor booked; with SLOT_LOCK_MINUTES the lock follows the
 * setting. The end-to-end suite runs with 110 minutes, to book a time whose check-in is open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_LIMITS, SLOT_MSG, type MySlotsAnswer, type OpenSlot } from '../../../contract/slots.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

const MIN = 60_000;

describe.each([
  ['unset: the spec’s 2 hours', {}, SLOT_LIMITS.lockedHours * 60],
  ['SLOT_LOCK_MINUTES=110', { SLOT_LOCK_MINUTES: '110' }, 110],
] as const)('the booking lock, %s', (_name, env, minutes) => {
  let t: TestApp;
  let studio: StudioAccount;
  beforeAll(async () => {
    t = await buildTestApp(env);
    studio = await buildStudioAccount(t, { fname: 'Lock Studio' });
  });
  afterAll(async () => {
    await t.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { 'x-auth-token': token }, payload: payload as object, remoteAddress: newAddress() });

  it('offers and books a time only when it starts later than the lock', async () => {
    const job = await postJob(t, studio, { title: 'Lock call' });
    // 5 minutes inside the lock and 5 past it, and one within 2 hours but past the shorter lock.
    const at = (m: number) => new Date(Math.ceil((Date.now() + m * MIN) / MIN) * MIN).toISOString();
    const make = async (m: number) => ((await call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: at(m), minutes: 5, count: 1, place: 'Studio 2' })).json() as { slots: OpenSlot[] }).slots[0]!;
    const inside = await make(minutes - 5);
    const past = await make(minutes + 5);
    const p = await buildPerformer(t);
    await givePlan(t, p._id, 'Gold');
    const appId = ((await call('POST', `/api/jobs/${job._id}/apply`, p.token, {})).json() as { _id: string })._id;
    await call('POST', `/api/studio/applications/${appId}/status`, studio.token, { status: 'auditioning' });

    const offered = ((await call('GET', `/api/audition/applications/${appId}/slots`, p.token)).json() as MySlotsAnswer).slots.map((s) => s._id);
    expect(offered).toEqual([past._id]);
    const refused = await call('PUT', `/api/audition/applications/${appId}/slot`, p.token, { slotId: inside._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: SLOT_MSG.tooLate, code: 'too_late' });
    expect((await call('PUT', `/api/audition/applications/${appId}/slot`, p.token, { slotId: past._id })).statusCode).toBe(200);
  });
});
