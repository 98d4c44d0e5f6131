/**
 * A message sent again with the same Idempotency-Key (docs/faults.md, "A stalled database"):
 * a client answered 503 after the database had committed its message retries, and gets the
 * first message back, not a second copy. PGlite, or PostgreSQL with TEST_DB=postgres.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationView, MessageView } from '../../../contract/conversations.js';
import { MSG } from '../../../contract/messages.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { messages } from '../../db/schema/index.js';

let t: TestApp;
let studio: StudioAccount;
let performer: Performer;
let other: Performer;
beforeAll(async () => {
  t = await buildTestApp();
  [studio, performer, other] = await Promise.all([buildStudioAccount(t), buildPerformer(t), buildPerformer(t)]);
});
afterAll(async () => {
  await t.close();
});

const send = (conversation: string, text: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversation}/messages`,
    headers: { 'x-auth-token': studio.token, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { text },
    remoteAddress: newAddress(),
  });
async function conversationWith(p: Performer): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { 'x-auth-token': studio.token }, payload: { with: p._id }, remoteAddress: newAddress() });
  expect([200, 201], res.body).toContain(res.statusCode);
  return (res.json() as ConversationView)._id;
}
const stored = (conversation: string, text: string) => t.ctx.db.$count(messages, and(eq(messages.conversationId, conversation), eq(messages.text, text)));

describe('a message retried with its Idempotency-Key', () => {
  it('answers the first message and stores one copy', async () => {
    const id = await conversationWith(performer);
    const key = crypto.randomUUID();
    const first = await send(id, 'Callback Thursday at 10?', key);
    expect(first.statusCode, first.body).toBe(201);
    const retried = await send(id, 'Callback Thursday at 10?', key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect((retried.json() as MessageView)._id).toBe((first.json() as MessageView)._id);
    expect(await stored(id, 'Callback Thursday at 10?')).toBe(1);

    // Another action has another key: a second message.
    expect((await send(id, 'Callback Thursday at 10?', crypto.randomUUID())).statusCode).toBe(201);
    expect(await stored(id, 'Callback Thursday at 10?')).toBe(2);
  });

  it('sent together twice, stores one copy', async () => {
    const id = await conversationWith(other);
    const key = crypto.randomUUID();
    const answers = await Promise.all([send(id, 'Both at once', key), send(id, 'Both at once', key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(new Set(answers.map((a) => (a.json() as MessageView)._id)).size).toBe(1);
    expect(await stored(id, 'Both at once')).toBe(1);
  });

  it('refuses a key used for another conversation, and a key that is not visible ASCII', async () => {
    const [a, b] = [await conversationWith(performer), await conversationWith(other)];
    const key = crypto.randomUUID();
    expect((await send(a, 'First', key)).statusCode).toBe(201);
    const reused = await send(b, 'Second', key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ msg: MSG.idempotencyKeyReused, code: 'conflict' });
    expect((await send(a, 'Spaced', 'a key with spaces')).statusCode).toBe(400);
  });
});
