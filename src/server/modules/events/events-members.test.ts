/**
 * A studio's live events reach every person of its casting office (docs/team.md): a
 * member's stream gets what the owner's action caused, and members' streams are counted per
 * person, so the owner's and members' streams do not push each other out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_LIMITS, STREAM_REPLACED_EVENT, type ConversationView } from '../../../contract/conversations.js';
import { buildPerformer, type Performer } from '../../../../test/factories.js';
import { buyPlan, callAs, openEvents } from '../../../../test/message-factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { addMember, type TeamMember } from '../../../../test/team-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let base: string;
let studio: StudioAccount;
let performer: Performer;
let asha: TeamMember;
let vik: TeamMember;
let convo: ConversationView;
const streams: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  t = await buildTestApp({}, { heartbeatMs: 300 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [studio, performer] = await Promise.all([buildStudioAccount(t, { fname: 'Live Office' }), buildPerformer(t)]);
  asha = await addMember(t, studio, 'casting', 'Asha Rao');
  vik = await addMember(t, studio, 'viewer', 'Vik Producer');
  await buyPlan(t, performer.token);
  convo = (await callAs(t, 'POST', '/api/conversations', performer.token, { with: studio._id })).json() as ConversationView;
});
afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await t.close();
});

const open = async (token: string) => {
  const { ticket } = (await callAs(t, 'POST', '/api/events/ticket', token)).json() as { ticket: string };
  const s = await openEvents(`${base}/api/events?ticket=${ticket}`);
  streams.push(s);
  expect(s.res.status).toBe(200);
  return s;
};
const hasText = (s: { events: { data: unknown }[] }, text: string) => s.events.some((e) => (e.data as { message?: { text?: string } }).message?.text === text);

describe('a studio’s live events and its members', () => {
  it('a casting member’s and a viewer’s streams receive the event the owner’s message caused, and the performer’s reply', async () => {
    const [ashaStream, vikStream] = [await open(asha.token), await open(vik.token)];
    const sent = await callAs(t, 'POST', `/api/conversations/${convo._id}/messages`, studio.token, { text: 'From the owner' });
    expect(sent.statusCode, sent.body).toBe(201);
    await ashaStream.until(() => hasText(ashaStream, 'From the owner'));
    await vikStream.until(() => hasText(vikStream, 'From the owner'));
    await callAs(t, 'POST', `/api/conversations/${convo._id}/messages`, performer.token, { text: 'Reply to the office' });
    await ashaStream.until(() => hasText(ashaStream, 'Reply to the office'));
    await vikStream.until(() => hasText(vikStream, 'Reply to the office'));
  });

  it('streams are counted per person: the owner opening its most does not push out a member’s', async () => {
    const member = await open(asha.token);
    for (let i = 0; i < CONVERSATION_LIMITS.streamsPerAccount; i += 1) await open(studio.token);
    await callAs(t, 'POST', `/api/conversations/${convo._id}/messages`, performer.token, { text: 'Still live' });
    await member.until(() => hasText(member, 'Still live'));
    expect(member.events.some((e) => e.event === STREAM_REPLACED_EVENT)).toBe(false);
  });
});
