/**
 * Messages live across two instances as separate processes on one PostgreSQL and one
 * Redis: a stream held on B gets a message posted through A; B restarts, and its client
 * catches up with Last-Event-ID, losing nothing and seeing nothing twice. An account's
 * streams are counted across both: a sixth closes the oldest wherever it is held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_LIMITS, STREAM_REPLACED_EVENT } from '../../../contract/conversations.js';
import type { AppProcess } from '../../../../test/app-process.js';
import { openEvents } from '../../../../test/message-factories.js';
import { accountOn, callInstance, startTwoInstances, type TwoInstances } from '../../../../test/two-instances.js';

let two: TwoInstances;
const streams: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  two = await startTwoInstances('events');
}, 120_000);

afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await two?.stop();
});

async function call<T>(app: AppProcess, path: string, token: string | null, json?: unknown): Promise<{ status: number; body: T }> {
  const res = await callInstance(app, path, json, token ?? undefined);
  return { status: res.status, body: (await res.json()) as T };
}

const account = (kind: 'performer' | 'studio') => accountOn(two, kind === 'studio' ? 'studio' : 'audition', `${kind} two`);

describe('live messages on two instances', () => {
  it('a stream on B receives a message posted through A; after B restarts, the client catches up with nothing lost or repeated', async () => {
    const { a } = two;
    const [performer, studio] = await Promise.all([account('performer'), account('studio')]);
    const order = await call<{ id: string }>(a, '/api/payments/orders', performer.token, { plan: 'gold' });
    expect((await call(a, `/api/payments/orders/${order.body.id}/capture`, performer.token, {})).status).toBe(200);
    const convo = await call<{ _id: string }>(a, '/api/conversations', performer.token, { with: studio._id });
    expect(convo.status).toBe(201);
    const post = (text: string) => call<{ _id: number }>(a, `/api/conversations/${convo.body._id}/messages`, performer.token, { text });

    // The browser's way: a ticket asked from A opens the stream on B.
    const { ticket } = (await call<{ ticket: string }>(a, '/api/events/ticket', studio.token, {})).body;
    const onB = await openEvents(`${two.b.baseUrl}/api/events?ticket=${ticket}`);
    streams.push(onB);
    expect(onB.res.status).toBe(200);
    const sentAt = Date.now();
    const first = await post('posted on A');
    await onB.until(() => onB.events.some((e) => (e.data as { message?: { _id: number } }).message?._id === first.body._id));
    expect(Date.now() - sentAt).toBeLessThan(5000);
    const lastId = onB.events.at(-1)!.id;

    // B goes away: its streams end; messages keep coming through A.
    await two.b.stop();
    await onB.until(() => onB.ended);
    const missed = [(await post('while B was down 1')).body._id, (await post('while B was down 2')).body._id];
    const b = await two.restartB();
    const again = await openEvents(`${b.baseUrl}/api/events`, { 'x-auth-token': studio.token, 'last-event-id': lastId });
    streams.push(again);
    await again.until(() => again.events.length >= 2);
    const live = (await post('after the restart')).body._id;
    await again.until(() => again.events.some((e) => (e.data as { message?: { _id: number } }).message?._id === live));
    expect(again.events.map((e) => (e.data as { message: { _id: number } }).message._id)).toEqual([...missed, live]);

    // Blocking through B refuses the next message through A at once.
    expect((await call(b, `/api/conversations/${convo.body._id}/block`, studio.token, {})).status).toBe(200);
    expect((await post('after the block')).status).toBe(403);
  }, 120_000);

  it('an account keeps its newest five streams across both instances: each new one closes the oldest, on the instance that holds it', async () => {
    const { a, b } = two;
    const performer = await account('performer');
    const opened = [];
    // A, B, A, B, A: five streams, all kept.
    for (let i = 0; i < CONVERSATION_LIMITS.streamsPerAccount; i++) {
      const s = await openEvents(`${(i % 2 === 0 ? a : b).baseUrl}/api/events`, { 'x-auth-token': performer.token });
      streams.push(s);
      expect(s.res.status).toBe(200);
      opened.push(s);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(opened.filter((s) => s.ended)).toHaveLength(0);
    // A sixth on B closes the first, held by A; a seventh on A closes the second, held by B.
    for (const [app, oldest] of [[b, opened[0]!], [a, opened[1]!]] as const) {
      const s = await openEvents(`${app.baseUrl}/api/events`, { 'x-auth-token': performer.token });
      streams.push(s);
      expect(s.res.status).toBe(200);
      opened.push(s);
      await oldest.until(() => oldest.ended, 5000);
      expect(oldest.events.map((e) => e.event)).toEqual([STREAM_REPLACED_EVENT]);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(opened.map((s) => s.ended)).toEqual([true, true, false, false, false, false, false]);
  }, 60_000);
});
