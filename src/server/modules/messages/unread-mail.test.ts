/** The unread-message e-mail, run with a clock the test chooses (docs/messages.md). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_MSG, type ConversationView } from '../../../contract/conversations.js';
import { users } from '../../db/schema/index.js';
import { buildPerformer, type Performer } from '../../../../test/factories.js';
import { buyPlan, callAs } from '../../../../test/message-factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { runUnreadMail } from './index.js';

let t: TestApp;
let studio: StudioAccount;
let performer: Performer;
let convo: ConversationView;
const log = { error: () => {} };
const MIN = 60_000;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
  [studio, performer] = await Promise.all([buildStudioAccount(t, { fname: 'Mailing Studio' }), buildPerformer(t, { fname: "asha d'souza-rao" })]);
  await buyPlan(t, performer.token);
  convo = (await callAs(t, 'POST', '/api/conversations', performer.token, { with: studio._id })).json() as ConversationView;
});
afterAll(async () => {
  await t.close();
});

const send = (who: { token: string }, id: string, text: string) => callAs(t, 'POST', `/api/conversations/${id}/messages`, who.token, { text });
const mailsTo = (email: string) => t.sink.messages.filter((m) => m.to === email.toLowerCase() && m.subject.includes('New message'));
const at = (start: number, minutes: number) => new Date(start + minutes * MIN);

describe('unread messages by e-mail', () => {
  it('mails a message still unread after 10 minutes, once, with a link to the conversation', async () => {
    const start = Date.now();
    await send(performer, convo._id, 'Hello, I sent my reel.\n<b>Thanks</b>');
    expect(await runUnreadMail(t.ctx, log, at(start, 9))).toEqual({ mailed: 0 });
    expect(await runUnreadMail(t.ctx, log, at(start, 11))).toEqual({ mailed: 1 });
    const mail = await t.sink.waitFor(studio.email);
    // The studio reads the performer's name capitalised; it is stored as typed, lower-cased (docs/messages.md).
    expect(mail.subject).toBe(CONVERSATION_MSG.mailSubject("Asha D'Souza-Rao"));
    expect(mail.text).toContain('Hello, I sent my reel.');
    expect(mail.text).toContain(`https://audition.example/messages/${convo._id}`);
    expect(mail.html).not.toContain('<b>');
    expect(await runUnreadMail(t.ctx, log, at(start, 12))).toEqual({ mailed: 0 });
    expect(mailsTo(studio.email)).toHaveLength(1);
    // The sender is never mailed about their own message.
    expect(mailsTo(performer.email)).toHaveLength(0);
  });

  it('mails at most once an hour per conversation: a newer unread message waits for the hour', async () => {
    const start = Date.now();
    await send(performer, convo._id, 'Any news?');
    // The first mail was sent at about start + 11 minutes (the previous test's clock).
    expect((await runUnreadMail(t.ctx, log, at(start, 30))).mailed).toBe(0);
    expect((await runUnreadMail(t.ctx, log, at(start, 72))).mailed).toBe(1);
    expect(mailsTo(studio.email).at(-1)!.text).toContain('Any news?');
    expect(mailsTo(studio.email)).toHaveLength(2);
  });

  it('does not mail a message read within 10 minutes', async () => {
    const start = Date.now();
    await send(studio, convo._id, 'Come on Monday.');
    await callAs(t, 'POST', `/api/conversations/${convo._id}/read`, performer.token);
    expect((await runUnreadMail(t.ctx, log, at(start, 15))).mailed).toBe(0);
    expect(mailsTo(performer.email)).toHaveLength(0);
  });

  it('does not mail a recipient who turned message e-mails off', async () => {
    const quiet = await buildStudioAccount(t, { fname: 'Quiet Studio' });
    await t.ctx.db.update(users).set({ emailMessages: false }).where(eq(users.id, quiet._id));
    const c = (await callAs(t, 'POST', '/api/conversations', performer.token, { with: quiet._id })).json() as ConversationView;
    const start = Date.now();
    await send(performer, c._id, 'Hello quiet studio');
    expect((await runUnreadMail(t.ctx, log, at(start, 20))).mailed).toBe(0);
    expect(mailsTo(quiet.email)).toHaveLength(0);
  });

  it('keeps its state in the database: a later run (as after a restart) mails nothing twice', async () => {
    const other = await buildStudioAccount(t, { fname: 'Restart Studio' });
    const c = (await callAs(t, 'POST', '/api/conversations', performer.token, { with: other._id })).json() as ConversationView;
    const start = Date.now();
    await send(performer, c._id, 'Before the restart');
    expect((await runUnreadMail(t.ctx, log, at(start, 11))).mailed).toBe(1);
    // The sweep holds no state of its own: a fresh run (as after a restart) sees the claim.
    expect((await runUnreadMail({ ...t.ctx }, log, at(start, 13))).mailed).toBe(0);
    expect(mailsTo(other.email)).toHaveLength(1);
  });
});
