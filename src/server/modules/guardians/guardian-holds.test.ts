/** What a minor without a guardian's consent cannot do, and what changes with consent and its withdrawal (docs/guardians.md). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobPost } from '../../../contract/jobs.js';
import { ENDS_MSG } from '../../../contract/decision-ends-texts.js';
import { GUARDIAN_MSG } from '../../../contract/guardians-messages.js';
import { earliestDeadline } from '../../../contract/tape-deadline.js';
import { applications, notifications, tapeRequests } from '../../db/schema/index.js';
import { addPhoto, givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { consent, giveGuardian } from '../../../../test/guardian-factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let job: JobPost;
beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t, { fname: 'Kids Studio' });
  job = await postJob(t, studio, { title: 'School play' });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
const apply = (p: Performer) => call('POST', `/api/jobs/${job._id}/apply`, p.token, {});
const startChat = (p: Performer) => call('POST', '/api/conversations', studio.token, { with: p._id });
const search = async (name: string) => (await call('GET', `/api/studio/talent?q=${encodeURIComponent(name)}`, studio.token)).json().talent as { _id: string; minor?: boolean }[];

/** A performer with a plan, a photo (so search shows them) and a public profile. */
async function performer(fname: string) {
  const p = await buildPerformer(t, { fname });
  await givePlan(t, p._id, 'Gold');
  await addPhoto(t, p);
  return p;
}

describe('before consent', () => {
  it('cannot apply: 403 guardian_consent_needed, nothing stored', async () => {
    const p = await performer('waiting applicant');
    await giveGuardian(t, p);
    const res = await apply(p);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'guardian_consent_needed', msg: GUARDIAN_MSG.consentNeeded });
    expect(await t.ctx.db.select().from(applications).where(eq(applications.performerId, p._id))).toEqual([]);
  });

  it('cannot be messaged by a studio, nor found in talent search or by the portfolio', async () => {
    const p = await performer('waiting hidden');
    expect((await search('waiting hidden')).map((c) => c._id)).toEqual([p._id]);
    await giveGuardian(t, p);
    expect(await search('waiting hidden')).toEqual([]);
    expect((await startChat(p)).statusCode).toBe(404);
    expect((await call('GET', `/api/conversations/reach/${p._id}`, studio.token)).json()).toMatchObject({ reachable: false });
  });

  it('a conversation begun before is closed to the studio, open to the performer', async () => {
    const p = await performer('waiting chatter');
    const chat = await startChat(p);
    expect(chat.statusCode).toBe(201);
    const id = chat.json()._id as string;
    await giveGuardian(t, p);
    const res = await call('POST', `/api/conversations/${id}/messages`, studio.token, { text: 'Hello' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('guardian_consent_needed');
    expect((await call('POST', `/api/conversations/${id}/messages`, p.token, { text: 'Hi' })).statusCode).toBe(201);
  });

  it('gets no recommended roles', async () => {
    const p = await performer('waiting recommended');
    expect((await call('GET', '/api/audition/recommendedJobs', p.token)).json().jobs.length).toBeGreaterThan(0);
    await giveGuardian(t, p);
    expect((await call('GET', '/api/audition/recommendedJobs', p.token)).json()).toEqual({ jobs: [] });
  });

  it('leaves review links, and their open applications are withdrawn with the studio told', async () => {
    const p = await performer('waiting reviewed');
    const applied = await apply(p);
    expect(applied.statusCode).toBe(201);
    const link = await call('POST', '/api/studio/review-links', studio.token, { jobId: job._id, applicationIds: [applied.json()._id], expiresInDays: 3 });
    expect(link.statusCode).toBe(201);
    const url = `/api${link.json().url as string}`;
    expect(JSON.stringify((await call('GET', url)).json())).toContain('waiting reviewed');
    await giveGuardian(t, p);
    expect(JSON.stringify((await call('GET', url)).json())).not.toContain('waiting reviewed');
    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, applied.json()._id));
    expect(row!.status).toBe('withdrawn');
    const told = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, studio._id));
    expect(told.map((n) => n.text)).toContain(GUARDIAN_MSG.withdrawnNotice('waiting reviewed', 'School play'));
  });
});

describe('after consent', () => {
  it('applies; the studio sees minor: true on the card and every studio message goes to the guardian', async () => {
    const p = await performer('consented kid');
    const { email, token } = await giveGuardian(t, p);
    await consent(t, token);
    await call('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'public' });
    expect((await apply(p)).statusCode).toBe(201);
    expect(await search('consented kid')).toEqual([expect.objectContaining({ _id: p._id, minor: true })]);
    const chat = await startChat(p);
    expect(chat.statusCode).toBe(201);
    const since = t.sink.messages.length;
    const sent = await call('POST', `/api/conversations/${chat.json()._id}/messages`, studio.token, { text: 'Can you come on Friday?' });
    expect(sent.statusCode).toBe(201);
    const copy = await t.sink.waitFor(email, { since });
    expect(copy.text).toContain('Can you come on Friday?');
    // The performer's own messages are not copied.
    await call('POST', `/api/conversations/${chat.json()._id}/messages`, p.token, { text: 'Yes!' });
    expect(t.sink.messages.slice(since).filter((m) => m.to === email)).toHaveLength(1);
    // The guardian's e-mail is never in what the studio reads.
    const seen = [await call('GET', `/api/studio/talent?q=consented`, studio.token), await call('GET', `/api/conversations/${chat.json()._id}/messages`, studio.token)];
    for (const res of seen) expect(res.body).not.toContain(email);
  });

  it('a booked slot of a consented minor says a guardian attends in the studio\'s schedule and the booking mail; an adult\'s does not', async () => {
    const kid = await performer('booked kid');
    const { token } = await giveGuardian(t, kid);
    await consent(t, token);
    const adult = await performer('booked adult');
    const startsAt = new Date(Date.now() + 72 * 3_600_000).toISOString();
    const made = await call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt, minutes: 15, count: 2, gapMinutes: 0, place: 'Hall' });
    expect(made.statusCode, made.body).toBe(201);
    const [slotKid, slotAdult] = (made.json() as { slots: { _id: string }[] }).slots;
    const since = t.sink.messages.length;
    for (const [who, slot] of [[kid, slotKid!], [adult, slotAdult!]] as const) {
      const applied = await apply(who);
      expect(applied.statusCode, applied.body).toBe(201);
      const appId = applied.json()._id as string;
      expect((await call('POST', `/api/studio/applications/${appId}/status`, studio.token, { status: 'auditioning' })).statusCode).toBe(200);
      const booked = await call('PUT', `/api/audition/applications/${appId}/slot`, who.token, { slotId: slot._id });
      expect(booked.statusCode, booked.body).toBe(200);
    }
    const listed = (await call('GET', `/api/studio/jobs/${job._id}/slots`, studio.token)).json() as { slots: { _id: string; booking: { name: string; guardianAttends?: boolean } | null }[] };
    const byId = new Map(listed.slots.map((s) => [s._id, s.booking]));
    expect(byId.get(slotKid!._id)).toMatchObject({ name: 'booked kid', guardianAttends: true });
    expect(byId.get(slotAdult!._id)).toMatchObject({ name: 'booked adult' });
    expect(byId.get(slotAdult!._id)).not.toHaveProperty('guardianAttends');
    // The booking mails (their calendar file attached) go after the commit.
    const bookingMailTo = async (email: string) => {
      const booking = () => t.sink.messages.slice(since).find((m) => m.to === email.toLowerCase() && m.attachments?.some((a) => a.filename.endsWith('.ics')));
      await expect.poll(booking).toBeTruthy();
      return booking()!;
    };
    expect((await bookingMailTo(kid.email)).text).toContain(`${GUARDIAN_MSG.guardianAttends}.`);
    expect((await bookingMailTo(adult.email)).text).not.toContain(GUARDIAN_MSG.guardianAttends);
  });

  it('withdrawal frees the minor’s booked audition time (the cancelling calendar file mailed, the studio’s schedule told) and ends their open tape request', async () => {
    const kid = await performer('booked then withdrawn');
    const { token } = await giveGuardian(t, kid);
    await consent(t, token);
    const startsAt = new Date(Date.now() + 96 * 3_600_000).toISOString();
    const made = await call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt, minutes: 15, count: 1, gapMinutes: 0, place: 'Hall B' });
    expect(made.statusCode, made.body).toBe(201);
    const [slot] = (made.json() as { slots: { _id: string }[] }).slots;
    const applied = await apply(kid);
    const appId = applied.json()._id as string;
    expect((await call('POST', `/api/studio/applications/${appId}/status`, studio.token, { status: 'auditioning' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/audition/applications/${appId}/slot`, kid.token, { slotId: slot!._id })).statusCode).toBe(200);
    const deadline = new Date(earliestDeadline(new Date(), 48).getTime() + 3_600_000).toISOString();
    const asked = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [appId], instructions: 'Slate.', deadline });
    expect(asked.statusCode, asked.body).toBe(201);
    const since = t.sink.messages.length;

    expect((await t.app.inject({ method: 'POST', url: `/api/guardian/${token}/withdraw`, remoteAddress: newAddress() })).statusCode).toBe(200);

    // The time is free on the studio's schedule, and the request has ended.
    const listed = (await call('GET', `/api/studio/jobs/${job._id}/slots`, studio.token)).json() as { slots: { _id: string; booking: unknown }[] };
    expect(listed.slots.find((s) => s._id === slot!._id)?.booking).toBeNull();
    const [request] = await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.applicationId, appId));
    expect(request!.status).toBe('ended');
    // The performer's calendar loses the time: the cancelling file, saying why.
    const mail = () => t.sink.messages.slice(since).find((m) => m.to === kid.email.toLowerCase() && m.subject === ENDS_MSG.slotCancelledSubject(job.title));
    await expect.poll(mail).toBeTruthy();
    expect(mail()!.text).toContain('is cancelled: your applications are withdrawn while a guardian’s consent is missing.');
    expect(String(mail()!.attachments?.[0]?.content)).toContain('STATUS:CANCELLED');
  });

  it('withdrawal: private at once, open applications withdrawn and the studio told, studio messages refused', async () => {
    const p = await performer('withdrawn kid');
    const { token } = await giveGuardian(t, p);
    await consent(t, token);
    await call('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'public' });
    const applied = await apply(p);
    const chat = await startChat(p);
    expect(chat.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: `/api/guardian/${token}/withdraw`, remoteAddress: newAddress() });
    expect(res.statusCode).toBe(200);
    expect(await search('withdrawn kid')).toEqual([]);
    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, applied.json()._id));
    expect(row!.status).toBe('withdrawn');
    const told = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, studio._id));
    expect(told.map((n) => n.text)).toContain(GUARDIAN_MSG.withdrawnNotice('withdrawn kid', 'School play'));
    expect((await call('POST', `/api/conversations/${chat.json()._id}/messages`, studio.token, { text: 'Still there?' })).statusCode).toBe(403);
    expect((await apply(p)).statusCode).toBe(403);
    // Consent given again from the same link opens applying again.
    await consent(t, token);
    expect((await call('GET', '/api/audition/age', p.token)).json().guardian.consentedAt).not.toBeNull();
  });
});
