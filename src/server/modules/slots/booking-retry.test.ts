/**
 * A booking whose answer was lost after the COMMIT (docs/faults.md, "A stalled database"):
 * the retry with the same Idempotency-Key answers the first booking, and the booking mail,
 * owed in the booking's own transaction, goes out exactly once, by the request or by the
 * mail-retry job. PGlite, or PostgreSQL with TEST_DB=postgres.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SLOT_MSG, type BookedSlotAnswer, type OpenSlot } from '../../../contract/slots.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { auditionSlots } from '../../db/schema/index.js';
import { retryKeptMails } from '../notifications/mail-outbox.js';
import { createSlotsService } from './slots.service.js';

let t: TestApp;
let studio: StudioAccount;
beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t, { fname: 'Retry Studio' });
});
afterAll(async () => {
  await t.close();
});

const quiet = { error: () => {}, warn: () => {} };
const call = (method: 'POST' | 'PUT', url: string, token: string, payload: object, key?: string) =>
  t.app.inject({ method, url, headers: { 'x-auth-token': token, ...(key ? { 'idempotency-key': key } : {}) }, payload, remoteAddress: newAddress() });

interface Invited {
  p: Performer;
  appId: string;
  slot: OpenSlot;
  title: string;
}
/** A performer moved to auditioning, and a free slot two days ahead. */
async function invited(title: string): Promise<Invited> {
  const job = await postJob(t, studio, { title });
  const made = await call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: new Date(Date.now() + 48 * 3_600_000).toISOString(), minutes: 15, count: 1, place: 'Studio 4, Andheri' });
  expect(made.statusCode, made.body).toBe(201);
  const p = await buildPerformer(t);
  await givePlan(t, p._id, 'Gold');
  const applied = await call('POST', `/api/jobs/${job._id}/apply`, p.token, {});
  expect(applied.statusCode, applied.body).toBe(201);
  const appId = (applied.json() as { _id: string })._id;
  const moved = await call('POST', `/api/studio/applications/${appId}/status`, studio.token, { status: 'auditioning' });
  expect(moved.statusCode, moved.body).toBe(200);
  return { p, appId, slot: (made.json() as { slots: OpenSlot[] }).slots[0]!, title };
}
const book = (who: Invited, key?: string) => call('PUT', `/api/audition/applications/${who.appId}/slot`, who.p.token, { slotId: who.slot._id }, key);
const bookingMails = (who: Invited) => t.sink.messages.filter((m) => m.to === who.p.email.toLowerCase() && m.subject === SLOT_MSG.bookedSubject(who.title));
const booked = (who: Invited) => t.ctx.db.$count(auditionSlots, eq(auditionSlots.bookedApplicationId, who.appId));
/** Sends every owed mail now, as the mail-retry job does on its next pass. */
async function runOutbox() {
  await retryKeptMails(t.ctx, quiet);
}

describe('a booking retried with its Idempotency-Key', () => {
  it('answers the first booking, even after the application left auditioning, and mails once', async () => {
    const me = await invited('Retry call');
    const first = await book(me, 'book-key-1');
    expect(first.statusCode, first.body).toBe(200);
    // The request sends its mail after the answer.
    await vi.waitFor(() => expect(bookingMails(me)).toHaveLength(1), { timeout: 10_000 });
    const moved = await call('POST', `/api/studio/applications/${me.appId}/status`, studio.token, { status: 'shortlisted' });
    expect(moved.statusCode, moved.body).toBe(200);
    const again = await book(me, 'book-key-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json() as BookedSlotAnswer).toEqual(first.json());
    await runOutbox();
    expect(bookingMails(me)).toHaveLength(1);
    expect(await booked(me)).toBe(1);
    // Without the key the same call is a new one, refused as today.
    expect((await book(me)).statusCode).toBe(409);
  });

  it('when the answer and the mail step were lost after the COMMIT, the retry answers it and the mail goes out once', async () => {
    const me = await invited('Lost reply call');
    // The booking committed; the request never got to send its mail nor to answer.
    const lost = await createSlotsService(t.ctx).book(me.p._id, me.appId, me.slot._id, new Date(), 'book-key-2');
    const again = await book(me, 'book-key-2');
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as BookedSlotAnswer).booked).toEqual(lost.booked);
    await runOutbox();
    await runOutbox();
    expect(bookingMails(me)).toHaveLength(1);
    expect(await booked(me)).toBe(1);
  });

  it('a booking whose mail step after the commit did not run is mailed by the outbox pass, once', async () => {
    const me = await invited('Owed mail call');
    await createSlotsService(t.ctx).book(me.p._id, me.appId, me.slot._id);
    expect(bookingMails(me)).toHaveLength(0);
    await runOutbox();
    await runOutbox();
    const mails = bookingMails(me);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments?.[0]?.contentType).toMatch(/^text\/calendar/);
  });
});
