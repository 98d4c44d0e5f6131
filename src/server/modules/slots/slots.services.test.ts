/**
 * Audition times with two instances on one PostgreSQL (and Redis), each with its own
 * connections and mail server (docs/slots.md): ten performers race for the last slot
 * through both, and one wins; both instances' background runners run the reminder sweep at
 * once, again and again, and each reminder leaves once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_MSG, type OpenSlot } from '../../../contract/slots.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { createPostgresDatabase } from '../../../../test/postgres-database.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { createRunner, type Logs } from '../../background/runner.js';
import { openDatabase } from '../../db/client.js';
import { slotRemindersJob } from './index.js';

let a: TestApp;
let b: TestApp;
let studio: StudioAccount;
let dropDatabase: () => Promise<void>;
const HOUR = 3_600_000;
const quiet: Logs = { debug() {}, info() {}, warn() {}, error() {} };

beforeAll(async () => {
  const fresh = await createPostgresDatabase();
  dropDatabase = fresh.drop;
  const env = { ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `audition-slots-${Date.now()}:` } : {}) };
  a = await buildTestApp(env, { database: await openDatabase({ kind: 'postgres', url: fresh.url }) });
  b = await buildTestApp(env, { database: await openDatabase({ kind: 'postgres', url: fresh.url }) });
  studio = await buildStudioAccount(a, { fname: 'Two Instance Slots' });
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await dropDatabase?.();
});

const call = (on: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  on.app.inject({ method, url, headers: { 'x-auth-token': token }, payload: payload as object, remoteAddress: newAddress() });

async function invited(job: { _id: string }): Promise<{ p: Performer; appId: string }> {
  const p = await buildPerformer(a);
  await givePlan(a, p._id, 'Gold');
  const applied = await call(b, 'POST', `/api/jobs/${job._id}/apply`, p.token, {});
  expect(applied.statusCode, applied.body).toBe(201);
  const appId = (applied.json() as { _id: string })._id;
  expect((await call(a, 'POST', `/api/studio/applications/${appId}/status`, studio.token, { status: 'auditioning' })).statusCode).toBe(200);
  return { p, appId };
}

async function makeSlots(job: { _id: string }, startsAt: Date, count = 1): Promise<OpenSlot[]> {
  const res = await call(a, 'POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: startsAt.toISOString(), minutes: 15, count, gapMinutes: 0, place: 'Hall 2' });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { slots: OpenSlot[] }).slots;
}

describe('audition times on two instances', () => {
  it('ten performers racing for the last slot through both instances: exactly one 200, nine 409 slot_taken', async () => {
    const job = await postJob(a, studio, { title: 'Race on two' });
    const [last] = await makeSlots(job, new Date(Date.now() + 40 * HOUR));
    const people = await Promise.all(Array.from({ length: 10 }, () => invited(job)));
    const answers = await Promise.all(people.map((who, i) => call(i % 2 ? a : b, 'PUT', `/api/audition/applications/${who.appId}/slot`, who.p.token, { slotId: last!._id })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'slot_taken')).toBe(true);
    const listed = (await call(b, 'GET', `/api/studio/jobs/${job._id}/slots`, studio.token)).json() as { slots: { booking: { applicationId: string } | null }[] };
    expect(listed.slots[0]!.booking?.applicationId).toBe(people[answers.findIndex((r) => r.statusCode === 200)]!.appId);
  }, 120_000);

  it('both instances sweep at once, over and over: each booking gets one reminder mail and one notice', async () => {
    const job = await postJob(a, studio, { title: 'Reminders on two' });
    const slots = await makeSlots(job, new Date(Date.now() + 30 * HOUR), 4);
    const people = await Promise.all(slots.map(() => invited(job)));
    for (const [i, who] of people.entries()) {
      expect((await call(i % 2 ? a : b, 'PUT', `/api/audition/applications/${who.appId}/slot`, who.p.token, { slotId: slots[i]!._id })).statusCode).toBe(200);
    }
    const first = new Date(slots[0]!.startsAt).getTime();
    // Two runners on each instance, all four asked for a pass at the same moment, on the test's clock.
    let clock = new Date();
    const runners = [a, b, a, b].map((on, i) => {
      const runner = createRunner({ db: on.ctx.db, log: quiet, instanceId: `instance-${i}` });
      runner.add(slotRemindersJob(on.ctx, quiet, () => clock));
      return runner;
    });
    // From 23 hours before the first slot to just before it.
    for (const hoursBefore of [23.5, 23, 12, 1.9, 1.5, 1, 0.5]) {
      clock = new Date(first - hoursBefore * HOUR);
      const outcomes = await Promise.all(runners.map((r) => r.runOnce('slot-reminders')));
      expect(outcomes.some((o) => o.ran)).toBe(true);
      expect(outcomes.filter((o) => o.ran && !o.ok)).toEqual([]);
    }
    await new Promise((r) => setTimeout(r, 500));
    const all = [...a.sink.messages, ...b.sink.messages];
    for (const who of people) {
      const reminders = all.filter((m) => m.to === who.p.email.toLowerCase() && m.subject === SLOT_MSG.reminderSubject('Reminders on two'));
      expect(reminders, who.p.email).toHaveLength(1);
      expect(reminders[0]!.attachments![0]!.content).toContain('BEGIN:VEVENT');
      const notices = (await call(b, 'GET', '/api/notifications', who.p.token)).json() as { notifications: { text: string }[] };
      expect(notices.notifications.filter((n) => n.text.startsWith('Your audition for Reminders on two'))).toHaveLength(1);
    }
  }, 120_000);
});
