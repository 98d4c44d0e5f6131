/**
 * Who did what (docs/team.md), for the actions besides moves: undo, note, tape request,
 * retake, review link, slot change and message. An owner and a member act; the answer and
 * the application's history name the right person, and the performer is never told who.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MyApplicationsAnswer, StudioApplication } from '../../../contract/applications.js';
import type { MessageView } from '../../../contract/conversations.js';
import type { TapeRequest } from '../../../contract/self-tapes.js';
import type { StudioSlotsAnswer } from '../../../contract/slots.js';
import { auditionSlots, tapeRequests } from '../../db/schema/index.js';
import { earliestDeadline } from '../../../contract/tape-deadline.js';
import { newApplicant, postJob } from '../../../../test/application-factories.js';
import { newAddress } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { addMember, type TeamMember } from '../../../../test/team-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let asha: TeamMember;
const OWNER = 'Owner Person';
beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t, { fname: OWNER });
  asha = await addMember(t, studio, 'casting', 'Asha Rao');
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const applicant = (job: { _id: string }) => newApplicant(t, job);
const card = async (id: string) => (await call('GET', `/api/studio/applications/${id}`, studio.token)).json() as StudioApplication;
/** The application's last history entry of one kind of action (opening the card adds a move to `viewed`). */
const lastOf = async (id: string, action: string) => (await card(id)).history.filter((h) => h.action === action).at(-1);
const untold = (history: object[]) => history.every((h) => !('action' in h) && !('by' in h));
const asPerformer = async (token: string, id: string) =>
  ((await call('GET', '/api/audition/applications', token)).json() as MyApplicationsAnswer).applications.find((a) => a._id === id)!;
const ashaBy = () => ({ _id: asha._id, name: 'Asha Rao' });
const ownerBy = () => ({ _id: studio._id, name: OWNER });

describe('by on the other actions for a studio', () => {
  it('an undo names who undid it in the answer and the history; the decision entry goes; the performer sees neither', async () => {
    const job = await postJob(t, studio);
    const { performer, id } = await applicant(job);
    expect((await call('POST', `/api/studio/applications/${id}/status`, studio.token, { status: 'declined', reason: 'availability' })).statusCode).toBe(200);
    const undone = await call('POST', `/api/studio/applications/${id}/undo`, asha.token);
    expect(undone.statusCode, undone.body).toBe(200);
    const answer = undone.json() as StudioApplication;
    expect(answer.status).toBe('applied');
    expect(answer.history.map((h) => h.status)).not.toContain('declined');
    expect(answer.history.at(-1)).toMatchObject({ status: 'applied', action: 'undo', by: ashaBy() });
    // Bulk undo by the owner names the owner.
    expect((await call('POST', `/api/studio/applications/${id}/status`, asha.token, { status: 'declined', reason: 'availability' })).statusCode).toBe(200);
    const bulk = await call('POST', `/api/studio/jobs/${job._id}/applications/undo`, studio.token, { applicationIds: [id] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await lastOf(id, 'undo')).toMatchObject({ action: 'undo', by: ownerBy() });
    const mine = await asPerformer(performer.token, id);
    expect(mine.history.map((h) => h.status)).not.toContain('declined');
    expect(untold(mine.history)).toBe(true);
  });

  it('a note names its writer in the history, each of them', async () => {
    const job = await postJob(t, studio);
    const { performer, id } = await applicant(job);
    const first = await call('PUT', `/api/studio/applications/${id}/review`, asha.token, { note: 'Strong read.' });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as StudioApplication).history.at(-1)).toMatchObject({ action: 'note', by: ashaBy() });
    expect((await call('PUT', `/api/studio/applications/${id}/review`, studio.token, { note: 'Agreed.' })).statusCode).toBe(200);
    const history = (await card(id)).history.filter((h) => h.action === 'note');
    expect(history.map((h) => h.by?.name)).toEqual(['Asha Rao', OWNER]);
    expect(untold((await asPerformer(performer.token, id)).history)).toBe(true);
  });

  it('a tape request and its retake name who asked, in the answer, the studio list and the history; the performer is not told who', async () => {
    const job = await postJob(t, studio);
    const { performer, id } = await applicant(job);
    const deadline = new Date(earliestDeadline(new Date(), 48).getTime() + 3_600_000).toISOString();
    const asked = await call('POST', '/api/studio/tape-requests', asha.token, { applicationIds: [id], instructions: 'Slate.', deadline });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = (asked.json() as { tapeRequests: TapeRequest[] }).tapeRequests[0]!;
    expect(request.by).toEqual(ashaBy());
    expect(await lastOf(id, 'tape_request')).toMatchObject({ by: ashaBy() });
    // A tape arrived (set in the table: the upload itself is self-tapes.test.ts's).
    await t.ctx.db.update(tapeRequests).set({ status: 'submitted', tapeId: crypto.randomUUID(), tapeKey: 'tapes/x.mp4', tapeSubmittedAt: new Date() }).where(eq(tapeRequests.id, request._id));
    const retake = await call('POST', `/api/studio/tape-requests/${request._id}/retake`, studio.token, { note: 'Slower.', deadline: new Date(Date.now() + 48 * 3_600_000).toISOString() });
    expect(retake.statusCode, retake.body).toBe(200);
    expect(retake.json()).toMatchObject({ by: ashaBy(), retakeBy: ownerBy() });
    const listed = (await call('GET', `/api/studio/jobs/${job._id}/tape-requests`, asha.token)).json() as { tapeRequests: TapeRequest[] };
    expect(listed.tapeRequests[0]).toMatchObject({ by: ashaBy(), retakeBy: ownerBy() });
    expect(await lastOf(id, 'retake')).toMatchObject({ by: ownerBy() });
    const theirs = (await call('GET', '/api/audition/tape-requests', performer.token)).json() as { tapeRequests: TapeRequest[] };
    expect(theirs.tapeRequests[0]).not.toHaveProperty('by');
    expect(theirs.tapeRequests[0]).not.toHaveProperty('retakeBy');
  });

  it('a review link names its maker in the answer, the list and each application’s history', async () => {
    const job = await postJob(t, studio);
    const a = await applicant(job);
    const b = await applicant(job);
    const made = await call('POST', '/api/studio/review-links', asha.token, { jobId: job._id, applicationIds: [a.id, b.id], expiresInDays: 7 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ by: ashaBy() });
    expect((await call('POST', '/api/studio/review-links', studio.token, { jobId: job._id, applicationIds: [a.id], expiresInDays: 7 })).json()).toMatchObject({ by: ownerBy() });
    const list = (await call('GET', '/api/studio/review-links', asha.token)).json() as { reviewLinks: { _id: string; by: unknown }[] };
    expect(list.reviewLinks.find((l) => l._id === (made.json() as { _id: string })._id)?.by).toEqual(ashaBy());
    expect(await lastOf(b.id, 'review_link')).toMatchObject({ by: ashaBy() });
    expect((await card(a.id)).history.filter((h) => h.action === 'review_link').map((h) => h.by?.name)).toEqual(['Asha Rao', OWNER]);
  });

  it('slot changes name who made them: the new slots, the schedule, a check-in and a removal in the history', async () => {
    const job = await postJob(t, studio);
    const { performer, id } = await applicant(job);
    const made = await call('POST', `/api/studio/jobs/${job._id}/slots`, asha.token, { startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(), minutes: 15, count: 2, place: 'Studio 4' });
    expect(made.statusCode, made.body).toBe(201);
    const { slots, by } = made.json() as { slots: { _id: string }[]; by: unknown };
    expect(by).toEqual(ashaBy());
    // Booked and due within the hour (set in the table: the booking itself is slots.test.ts's).
    await t.ctx.db.update(auditionSlots).set({ bookedApplicationId: id, startsAt: new Date(Date.now() + 30 * 60_000), endsAt: new Date(Date.now() + 45 * 60_000) }).where(eq(auditionSlots.id, slots[0]!._id));
    const checked = await call('POST', `/api/studio/slots/${slots[0]!._id}/check-in`, studio.token, { status: 'arrived' });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ by: ownerBy() });
    const schedule = (await call('GET', `/api/studio/jobs/${job._id}/slots`, asha.token)).json() as StudioSlotsAnswer;
    expect(schedule.slots.map((s) => s.by?.name).sort()).toEqual(['Asha Rao', OWNER]);
    expect(await lastOf(id, 'slot')).toMatchObject({ by: ownerBy() });
    expect((await call('DELETE', `/api/studio/slots/${slots[0]!._id}`, asha.token)).statusCode).toBe(204);
    expect(await lastOf(id, 'slot')).toMatchObject({ by: ashaBy() });
    expect(untold((await asPerformer(performer.token, id)).history)).toBe(true);
  });

  it('a message sent for the studio names its sender in the answer and the conversation; the performer is not told who', async () => {
    const job = await postJob(t, studio);
    const { performer } = await applicant(job);
    const started = await call('POST', '/api/conversations', asha.token, { with: performer._id, jobId: job._id });
    expect([200, 201], started.body).toContain(started.statusCode);
    const conversationId = (started.json() as { _id: string })._id;
    const sent = await call('POST', `/api/conversations/${conversationId}/messages`, asha.token, { text: 'Hello from Asha' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((sent.json() as MessageView).by).toEqual(ashaBy());
    const mine = await call('POST', `/api/conversations/${conversationId}/messages`, studio.token, { text: 'And the owner' });
    expect((mine.json() as MessageView).by).toEqual(ownerBy());
    const page = (await call('GET', `/api/conversations/${conversationId}/messages`, asha.token)).json() as { messages: MessageView[] };
    expect(page.messages.map((m) => m.by?.name).filter(Boolean).sort()).toEqual(['Asha Rao', OWNER]);
    const theirs = (await call('GET', `/api/conversations/${conversationId}/messages`, performer.token)).json() as { messages: MessageView[] };
    expect(theirs.messages.length).toBe(2);
    expect(theirs.messages.every((m) => !('by' in m))).toBe(true);
  });
});
