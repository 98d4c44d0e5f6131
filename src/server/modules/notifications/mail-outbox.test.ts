/**
 * Mails the mail server refuses are kept and retried, with a longer wait after each failure,
 * and given up after their last try (docs/applications.md, "Mails that fail"). The mail
 * server is the suite's real SMTP sink, answering 451 while it refuses.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { mailOutbox } from '../../db/schema/index.js';
import { MAIL_RETRY, retryKeptMails, sendOrKeep } from './mail-outbox.js';

let t: TestApp;
const log = { error() {}, warn() {} };

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const mail = (to: string) => ({ to, subject: 'Your audition', text: 'See you at 10:30.', html: '<p>See you at 10:30.</p>' });
const keptFor = (to: string) => t.ctx.db.select().from(mailOutbox).where(sql`${mailOutbox.message}->>'to' = ${to}`);
/** Makes every kept mail due now, as time passing would. */
const dueNow = () => t.ctx.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
const secondsUntilNext = async (id: string) => {
  const [row] = await t.ctx.db.select({ s: sql<string>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())::text` }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return Number(row!.s);
};

describe('a mail the mail server refuses', () => {
  it('is kept, retried once due, and sent when the server takes it again', async () => {
    t.sink.refusing = true;
    expect(await sendOrKeep(t.ctx, mail('kept@example.com'), log)).toBe('kept');
    const [kept] = await keptFor('kept@example.com');
    expect(kept).toMatchObject({ attempts: 1, lastError: expect.stringContaining('451') });
    // Not due yet: nothing is tried.
    expect(await retryKeptMails(t.ctx, log)).toEqual({ sent: 0, failed: 0, givenUp: 0 });

    await dueNow();
    expect(await retryKeptMails(t.ctx, log)).toMatchObject({ failed: 1 });
    const [again] = await keptFor('kept@example.com');
    expect(again!.attempts).toBe(2);
    // The second wait is twice the first.
    expect(await secondsUntilNext(again!.id)).toBeGreaterThan((MAIL_RETRY.firstDelayMs * 2) / 1000 - 5);

    t.sink.refusing = false;
    await dueNow();
    const since = t.sink.messages.length;
    expect(await retryKeptMails(t.ctx, log)).toMatchObject({ sent: 1 });
    expect((await t.sink.waitFor('kept@example.com', { since })).subject).toBe('Your audition');
    expect(await keptFor('kept@example.com')).toEqual([]);
  });

  it('is given up after its last try, with an error in the log', async () => {
    const errors: string[] = [];
    const counting = { error: (_: unknown, msg: string) => void errors.push(msg), warn() {} };
    t.sink.refusing = true;
    await sendOrKeep(t.ctx, mail('never@example.com'), counting);
    for (let tries = 1; tries < MAIL_RETRY.attempts; tries++) {
      await dueNow();
      await retryKeptMails(t.ctx, counting);
    }
    t.sink.refusing = false;
    expect(await keptFor('never@example.com')).toEqual([]);
    expect(errors).toEqual(['mail given up after its retries; the notification stays in the app']);
  });
});
