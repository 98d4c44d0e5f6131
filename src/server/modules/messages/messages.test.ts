import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_LIMITS, CONVERSATION_MSG, type ConversationsAnswer, type ConversationView, type MessagesAnswer, type MessageView } from '../../../contract/conversations.js';
import { applications, conversations, jobs, messages, studios, userEvents } from '../../db/schema/index.js';
import { buildPerformer, type Performer } from '../../../../test/factories.js';
import { buyPlan, callAs } from '../../../../test/message-factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
let paid: Performer;
let free: Performer;
let hidden: Performer;
let jobId: string;
beforeAll(async () => {
  t = await buildTestApp();
  [studio, rival, paid, free, hidden] = await Promise.all([
    buildStudioAccount(t, { fname: 'Chat Studio' }),
    buildStudioAccount(t, { fname: 'Rival Studio' }),
    buildPerformer(t, { fname: 'paid performer' }),
    buildPerformer(t, { fname: 'free performer' }),
    buildPerformer(t, { fname: 'hidden performer' }),
  ]);
  await buyPlan(t, paid.token);
  const res = await callAs(t, 'POST', '/api/studio/jobs', studio.token, { title: 'Lead dancer', jobType: 'Music video' });
  jobId = (res.json() as { _id: string })._id;
  await callAs(t, 'POST', '/api/audition/updateBasicInfo', hidden.token, { visibility: 'private' });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, who?: { token: string }, payload?: unknown) => callAs(t, method, url, who?.token, payload);

async function start(who: { token: string }, body: Record<string, unknown>) {
  const res = await call('POST', '/api/conversations', who, body);
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(res.body);
  return res.json() as ConversationView;
}
const send = (who: { token: string }, id: string, text: string) => call('POST', `/api/conversations/${id}/messages`, who, { text });

describe('starting a conversation', () => {
  it('a performer with a plan starts one with a studio page (its owner account), naming a job; again reopens it', async () => {
    const res = await call('POST', '/api/conversations', paid, { with: studio.studioId, jobId });
    expect(res.statusCode).toBe(201);
    const made = res.json() as ConversationView;
    expect(made).toMatchObject({ other: { _id: studio._id, role: 'studio', name: 'Chat Studio' }, jobId, jobTitle: 'Lead dancer', lastMessage: null, unread: 0, blocked: false });
    const again = await call('POST', '/api/conversations', paid, { with: studio._id });
    expect(again.statusCode).toBe(200);
    expect((again.json() as ConversationView)._id).toBe(made._id);
  });

  it('a performer without a current plan gets 402, and nothing is made', async () => {
    const res = await call('POST', '/api/conversations', free, { with: studio._id });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ msg: CONVERSATION_MSG.needPlan, code: 'payment_required' });
    expect(await t.ctx.db.select().from(conversations).where(eq(conversations.performerId, free._id))).toEqual([]);
  });

  it('a studio starts one with a public performer, and with a private one only after they applied to its job', async () => {
    expect((await call('POST', '/api/conversations', studio, { with: free._id })).statusCode).toBe(201);
    const refused = await call('POST', '/api/conversations', studio, { with: hidden._id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ msg: CONVERSATION_MSG.withNotFound });
    await t.ctx.db.insert(applications).values({ jobId, performerId: hidden._id });
    expect((await call('POST', '/api/conversations', rival, { with: hidden._id })).statusCode).toBe(404);
    const res = await call('POST', '/api/conversations', studio, { with: hidden._id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ other: { _id: hidden._id, role: 'performer', name: 'hidden performer' } });
  });

  it('refuses the wrong kind of account, unknown ids, a studio page without an owner and another studio’s job', async () => {
    expect((await call('POST', '/api/conversations', paid, { with: free._id })).json()).toMatchObject({ msg: CONVERSATION_MSG.notStudio });
    expect((await call('POST', '/api/conversations', studio, { with: rival._id })).json()).toMatchObject({ msg: CONVERSATION_MSG.notPerformer });
    const unknown = await call('POST', '/api/conversations', paid, { with: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ msg: CONVERSATION_MSG.withNotFound });
    expect((await call('POST', '/api/conversations', paid, { with: 'not-an-id' })).statusCode).toBe(404);
    const [demo] = await t.ctx.db.insert(studios).values({ fname: 'Demo without owner' }).returning();
    expect((await call('POST', '/api/conversations', paid, { with: demo!.id })).statusCode).toBe(404);
    const [rivalJob] = await t.ctx.db.select().from(jobs).where(eq(jobs.studioId, rival.studioId));
    const otherJob = rivalJob?.id ?? '00000000-0000-4000-8000-000000000001';
    const wrongJob = await call('POST', '/api/conversations', paid, { with: rival._id, jobId: otherJob });
    expect(wrongJob.statusCode).toBe(400);
    expect(wrongJob.json()).toMatchObject({ msg: CONVERSATION_MSG.jobNotTheirs });
    expect((await call('POST', '/api/conversations', paid, {})).statusCode).toBe(400);
    expect((await call('POST', '/api/conversations', undefined, { with: studio._id })).statusCode).toBe(401);
  });

  it('tells a "Message" button whether anyone would answer, and which conversation it opens', async () => {
    const [demo] = await t.ctx.db.insert(studios).values({ fname: 'Another demo' }).returning();
    expect((await call('GET', `/api/conversations/reach/${demo!.id}`, paid)).json()).toEqual({ reachable: false, conversationId: null });
    const own = (await call('GET', `/api/conversations/reach/${studio.studioId}`, paid)).json() as { reachable: boolean; conversationId: string };
    expect(own.reachable).toBe(true);
    expect(own.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call('GET', `/api/conversations/reach/${rival._id}`, free)).json()).toEqual({ reachable: true, conversationId: null });
    expect((await call('GET', `/api/conversations/reach/${rival._id}`, studio)).json()).toEqual({ reachable: false, conversationId: null });
    expect((await call('GET', `/api/conversations/reach/${studio._id}`)).statusCode).toBe(401);
  });
});

describe('a private performer is a missing id', () => {
  const missing = '00000000-0000-4000-8000-00000000abcd';
  const answer = async (method: 'GET' | 'POST', url: string, who: { token: string }, payload?: unknown) => {
    const res = await call(method, url, who, payload);
    return { status: res.statusCode, body: res.json() as unknown };
  };

  it('starting a conversation and reach answer a private performer exactly as an id nobody has, to a studio and to a performer', async () => {
    const secret = await buildPerformer(t, { fname: 'secret performer' });
    await callAs(t, 'POST', '/api/audition/updateBasicInfo', secret.token, { visibility: 'private' });
    for (const who of [rival, paid]) {
      const startMissing = await answer('POST', '/api/conversations', who, { with: missing });
      expect(startMissing.status).toBe(404);
      expect(await answer('POST', '/api/conversations', who, { with: secret._id })).toEqual(startMissing);
      const reachMissing = await answer('GET', `/api/conversations/reach/${missing}`, who);
      expect(reachMissing).toEqual({ status: 200, body: { reachable: false, conversationId: null } });
      expect(await answer('GET', `/api/conversations/reach/${secret._id}`, who)).toEqual(reachMissing);
    }
    expect(await t.ctx.db.$count(conversations, eq(conversations.performerId, secret._id))).toBe(0);
    // Once they apply to one of the studio's jobs, that studio (only) reaches them.
    await t.ctx.db.insert(applications).values({ jobId, performerId: secret._id });
    expect((await call('GET', `/api/conversations/reach/${secret._id}`, studio)).json()).toEqual({ reachable: true, conversationId: null });
    expect((await call('GET', `/api/conversations/reach/${secret._id}`, rival)).json()).toEqual({ reachable: false, conversationId: null });
  });
});

describe('messages', () => {
  it('either side writes, whatever their plan: the free performer replies to the studio that started', async () => {
    const convo = await start(studio, { with: free._id });
    const first = await send(studio, convo._id, 'Hello! Are you free on Monday?');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ conversationId: convo._id, senderId: studio._id, mine: true, text: 'Hello! Are you free on Monday?' });
    const reply = await send(free, convo._id, 'Yes,\nI am.');
    expect(reply.statusCode).toBe(201);
    const list = (await call('GET', '/api/conversations', studio)).json() as ConversationsAnswer;
    const seen = list.conversations.find((c) => c._id === convo._id)!;
    expect(seen).toMatchObject({ unread: 1, lastMessage: { text: 'Yes,\nI am.', mine: false }, other: { name: 'free performer' } });
    expect(list.unreadTotal).toBeGreaterThanOrEqual(1);
  });

  it('lists the newest conversation first', async () => {
    const a = await start(paid, { with: studio._id });
    const b = await start(studio, { with: hidden._id });
    await send(paid, a._id, 'first');
    await send(hidden, b._id, 'second');
    const list = (await call('GET', '/api/conversations', studio)).json() as ConversationsAnswer;
    const order = list.conversations.map((c) => c._id);
    expect(order.indexOf(b._id)).toBeLessThan(order.indexOf(a._id));
  });

  it('refuses an empty text, one over 4,000 characters and control characters, storing nothing', async () => {
    const convo = await start(paid, { with: studio._id });
    const before = (await t.ctx.db.select().from(messages).where(eq(messages.conversationId, convo._id))).length;
    for (const text of ['', '   ', 'x'.repeat(CONVERSATION_LIMITS.textMax + 1), 'bad\u0000byte']) {
      const res = await send(paid, convo._id, text);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { msg: string }).msg.length).toBeGreaterThan(0);
    }
    expect((await send(paid, convo._id, 'x'.repeat(CONVERSATION_LIMITS.textMax))).statusCode).toBe(201);
    expect((await call('POST', `/api/conversations/${convo._id}/messages`, paid, { text: 5 })).statusCode).toBe(400);
    const after = (await t.ctx.db.select().from(messages).where(eq(messages.conversationId, convo._id))).length;
    expect(after).toBe(before + 1);
  });

  it('keeps texts as they were written: HTML is stored and answered as text', async () => {
    const convo = await start(paid, { with: studio._id });
    const html = '<img src=x onerror=alert(1)> <a href="javascript:x">see https://example.com</a>';
    await send(paid, convo._id, html);
    const page = (await call('GET', `/api/conversations/${convo._id}/messages`, studio)).json() as MessagesAnswer;
    expect(page.messages.at(-1)!.text).toBe(html);
  });

  it('answers 404 for a conversation that is not yours, in every call, and for an unknown id', async () => {
    const convo = await start(paid, { with: studio._id });
    for (const who of [rival, free]) {
      for (const [method, url, body] of [
        ['GET', `/api/conversations/${convo._id}/messages`, undefined],
        ['POST', `/api/conversations/${convo._id}/messages`, { text: 'hi' }],
        ['POST', `/api/conversations/${convo._id}/read`, undefined],
        ['POST', `/api/conversations/${convo._id}/block`, undefined],
      ] as const) {
        const res = await call(method, url, who, body);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ msg: CONVERSATION_MSG.notFound });
      }
    }
    expect((await call('GET', '/api/conversations/00000000-0000-4000-8000-000000000000/messages', paid)).statusCode).toBe(404);
    expect((await call('GET', '/api/conversations/nope/messages', paid)).statusCode).toBe(404);
    const list = (await call('GET', '/api/conversations', rival)).json() as ConversationsAnswer;
    expect(list.conversations.map((c) => c._id)).not.toContain(convo._id);
  });

  it('pages 50 at a time going back with before=, oldest first within a page', async () => {
    const other = await buildStudioAccount(t, { fname: 'Paging Studio' });
    const convo = await start(paid, { with: other._id });
    await t.ctx.db.insert(messages).values(Array.from({ length: 120 }, (_, i) => ({ conversationId: convo._id, senderId: paid._id, text: `m${i}` })));
    const first = (await call('GET', `/api/conversations/${convo._id}/messages`, other)).json() as MessagesAnswer;
    expect(first.messages).toHaveLength(50);
    expect(first.messages[0]!.text).toBe('m70');
    expect(first.messages.at(-1)!.text).toBe('m119');
    const second = (await call('GET', `/api/conversations/${convo._id}/messages?before=${first.nextBefore}`, other)).json() as MessagesAnswer;
    expect(second.messages.map((m) => m.text)).toEqual(Array.from({ length: 50 }, (_, i) => `m${20 + i}`));
    const third = (await call('GET', `/api/conversations/${convo._id}/messages?before=${second.nextBefore}`, other)).json() as MessagesAnswer;
    expect(third.messages).toHaveLength(20);
    expect(third.nextBefore).toBeNull();
    const bad = await call('GET', `/api/conversations/${convo._id}/messages?before=abc`, other);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: CONVERSATION_MSG.invalidBefore });
  });

  it('read marks: reading clears my unread count and tells the other side how far I read', async () => {
    const other = await buildStudioAccount(t, { fname: 'Reading Studio' });
    const convo = await start(paid, { with: other._id });
    const sent = (await send(paid, convo._id, 'Did you see my reel?')).json() as MessageView;
    const before = (await call('GET', '/api/conversations', other)).json() as ConversationsAnswer;
    expect(before.conversations[0]).toMatchObject({ _id: convo._id, unread: 1 });
    expect(before.unreadTotal).toBe(1);
    const read = await call('POST', `/api/conversations/${convo._id}/read`, other);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ msg: CONVERSATION_MSG.readDone, upTo: sent._id });
    expect(((await call('GET', '/api/conversations', other)).json() as ConversationsAnswer).unreadTotal).toBe(0);
    const mine = (await call('GET', `/api/conversations/${convo._id}/messages`, paid)).json() as MessagesAnswer;
    expect(mine.conversation.otherReadUpTo).toBe(sent._id);
  });

  it('a read that does not move the mark stores no event, and reads are limited per account (429 with Retry-After)', async () => {
    const other = await buildStudioAccount(t, { fname: 'Rereading Studio' });
    const reader = await buildPerformer(t);
    await buyPlan(t, reader.token);
    const convo = await start(reader, { with: other._id });
    const sent = (await send(reader, convo._id, 'Any news?')).json() as MessageView;
    const readEvents = () => t.ctx.db.$count(userEvents, and(eq(userEvents.kind, 'read'), eq(userEvents.userId, reader._id)));
    const first = await call('POST', `/api/conversations/${convo._id}/read`, other);
    expect(first.json()).toEqual({ msg: CONVERSATION_MSG.readDone, upTo: sent._id });
    expect(await readEvents()).toBe(1);
    for (let i = 1; i < CONVERSATION_LIMITS.readPerMinute; i++) {
      const again = await call('POST', `/api/conversations/${convo._id}/read`, other);
      expect(again.json()).toEqual({ msg: CONVERSATION_MSG.readDone, upTo: sent._id });
    }
    // Nothing new was read: the other side heard of it once.
    expect(await readEvents()).toBe(1);
    const over = await call('POST', `/api/conversations/${convo._id}/read`, other);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({ msg: expect.any(String) });
    // The reader's own limit is theirs alone; a new message moves the mark again.
    const reply = (await send(reader, convo._id, 'Still here')).json() as MessageView;
    expect((await call('POST', `/api/conversations/${convo._id}/read`, reader)).json()).toEqual({ msg: CONVERSATION_MSG.readDone, upTo: reply._id });
  });

  it('block: neither side may send afterwards (403), reading still works, and blocking twice is fine', async () => {
    const other = await buildStudioAccount(t, { fname: 'Blocking Studio' });
    const convo = await start(paid, { with: other._id });
    expect((await send(paid, convo._id, 'hello')).statusCode).toBe(201);
    const blocked = await call('POST', `/api/conversations/${convo._id}/block`, other);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ msg: CONVERSATION_MSG.blockDone });
    for (const who of [paid, other]) {
      const res = await send(who, convo._id, 'still there?');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ msg: CONVERSATION_MSG.blocked });
    }
    expect((await call('POST', `/api/conversations/${convo._id}/block`, paid)).statusCode).toBe(200);
    const page = (await call('GET', `/api/conversations/${convo._id}/messages`, paid)).json() as MessagesAnswer;
    expect(page.conversation.blocked).toBe(true);
    expect(page.messages.map((m) => m.text)).toEqual(['hello']);
  });

  it('limits sending per account: the 31st message in a minute answers 429 with Retry-After', async () => {
    const other = await buildStudioAccount(t, { fname: 'Busy Studio' });
    const sender = await buildPerformer(t);
    await buyPlan(t, sender.token);
    const convo = await start(sender, { with: other._id });
    const results = [];
    for (let i = 0; i < CONVERSATION_LIMITS.sendPerMinute + 1; i++) results.push((await send(sender, convo._id, `n${i}`)).statusCode);
    expect(results.filter((s) => s === 201)).toHaveLength(CONVERSATION_LIMITS.sendPerMinute);
    const last = await send(sender, convo._id, 'one more');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // The other side is not limited by the sender's count.
    expect((await send(other, convo._id, 'slow down')).statusCode).toBe(201);
  });
});

describe('account sections', () => {
  it('the export holds my conversations with the other side by name only; after my deletion the other side sees "Deleted account"', async () => {
    const leaving = await buildPerformer(t, { fname: 'leaving performer' });
    const other = await buildStudioAccount(t, { fname: 'Staying Studio' });
    await buyPlan(t, leaving.token);
    const convo = await start(leaving, { with: other._id });
    await send(leaving, convo._id, 'Goodbye soon');
    await send(other, convo._id, 'Take care');
    const exported = await call('GET', '/api/me/export', leaving);
    expect(exported.statusCode).toBe(200);
    const body = exported.json() as { conversations: { with: string; messages: { from: string; text: string }[] }[] };
    expect(body.conversations).toEqual([
      expect.objectContaining({
        with: 'Staying Studio',
        messages: [expect.objectContaining({ from: 'me', text: 'Goodbye soon' }), expect.objectContaining({ from: 'Staying Studio', text: 'Take care' })],
      }),
    ]);
    expect(JSON.stringify(body.conversations)).not.toContain(other.email);
    expect(JSON.stringify(body.conversations)).not.toContain(other._id);
    const gone = await callAs(t, 'DELETE', '/api/me', leaving.token, { password: leaving.password });
    expect(gone.statusCode).toBeLessThan(300);
    const page = (await call('GET', `/api/conversations/${convo._id}/messages`, other)).json() as MessagesAnswer;
    expect(page.conversation.other).toEqual({ _id: null, role: 'performer', name: CONVERSATION_MSG.deletedAccount, picture: '' });
    expect(page.messages.map((m) => [m.senderId, m.text])).toEqual([
      [null, 'Goodbye soon'],
      [other._id, 'Take care'],
    ]);
    const reply = await send(other, convo._id, 'Hello?');
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ msg: CONVERSATION_MSG.otherDeleted });
  });
});
