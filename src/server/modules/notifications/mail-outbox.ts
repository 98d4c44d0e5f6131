/**
 * Mails that fail are retried rather than lost (docs/applications.md, "Mails that fail"):
 * `sendOrKeep` sends at once and, when the mail server refuses or cannot be reached, keeps
 * the mail in `mail_outbox`; the `mail-retry` job sends what is due on every instance, each
 * claiming its own rows, and waits twice as long after each failure. A mail still refused
 * after MAIL_RETRY.attempts tries is given up with an error in the log: the notification it
 * carried is in the app all along.
 *
 * A mail that must go out exactly once with a change (a booking's) is owed instead: `oweMail`
 * stores it in the change's own transaction, due at once, and `sendOwed` sends it after the
 * commit by claiming its row as the job does; whichever claims first sends it, so a request
 * whose answer was lost after the COMMIT still has its mail sent, by the job (docs/faults.md).
 */
import { sql } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { BackgroundJob } from '../../background/runner.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { mailOutbox } from '../../db/schema/index.js';

export const MAIL_RETRY = {
  /** The first retry comes this long after the failed send; each next one twice as long after. */
  firstDelayMs: 60_000,
  /** The longest wait between two tries. */
  longestDelayMs: 6 * 60 * 60_000,
  /** Tries in all (the first send included): about a day of retries. */
  attempts: 9,
  everyMs: 30_000,
  /** Rows a pass claims at most. */
  batch: 20,
  /** A claimed row is not claimed again for this long, so a pass cut off by a crash is retried later. */
  claimMs: 5 * 60_000,
};

type Log = { error(obj: unknown, msg: string): void; warn?(obj: unknown, msg: string): void };

const delayAfter = (attempts: number) => Math.min(MAIL_RETRY.longestDelayMs, MAIL_RETRY.firstDelayMs * 2 ** (attempts - 1));
const errorText = (err: unknown) => String(err instanceof Error ? err.message : err).slice(0, 500);

/** Sends a mail now; one the mail server refuses is kept and retried. Never throws for the mail server. */
export async function sendOrKeep(ctx: AppContext, message: MailMessage, log: Log): Promise<'sent' | 'kept'> {
  try {
    await ctx.mailer.send(message);
    return 'sent';
  } catch (err) {
    (log.warn ?? log.error).call(log, { err, to: message.to }, 'mail not sent; kept to be retried');
    await ctx.db.insert(mailOutbox).values({
      message,
      nextAttemptAt: sql`now() + make_interval(secs => ${delayAfter(1) / 1000})`,
      lastError: errorText(err),
    });
    return 'kept';
  }
}

type Claimed = { id: string; message: MailMessage; attempts: number };
type Counts = { sent: number; failed: number; givenUp: number };

/** Stores a mail owed by the change `tx` makes, due at once; it returns the row to pass to `sendOwed`. */
export async function oweMail(tx: Db | Tx, message: MailMessage): Promise<string> {
  const [row] = await tx.insert(mailOutbox).values({ message, attempts: 0, nextAttemptAt: sql`now()` }).returning({ id: mailOutbox.id });
  return row!.id;
}

/** Claims the due rows `where` picks, so no other pass or request sends them too. */
function claim(ctx: AppContext, where: ReturnType<typeof sql>): Promise<Claimed[]> {
  return rowsOf<Claimed>(
    ctx.db,
    sql`update mail_outbox set next_attempt_at = now() + make_interval(secs => ${MAIL_RETRY.claimMs / 1000})
         where id in (select id from mail_outbox where next_attempt_at <= now() and ${where}
                       order by next_attempt_at limit ${MAIL_RETRY.batch} for update skip locked)
     returning id, message, attempts`,
  );
}

async function sendClaimed(ctx: AppContext, claimed: Claimed[], log: Log): Promise<Counts> {
  const counts = { sent: 0, failed: 0, givenUp: 0 };
  for (const row of claimed) {
    try {
      await ctx.mailer.send(row.message);
      await ctx.db.execute(sql`delete from mail_outbox where id = ${row.id}`);
      counts.sent += 1;
    } catch (err) {
      const attempts = row.attempts + 1;
      if (attempts >= MAIL_RETRY.attempts) {
        log.error({ err, to: row.message.to, attempts }, 'mail given up after its retries; the notification stays in the app');
        await ctx.db.execute(sql`delete from mail_outbox where id = ${row.id}`);
        counts.givenUp += 1;
        continue;
      }
      await ctx.db.execute(sql`
        update mail_outbox set attempts = ${attempts}, last_error = ${errorText(err)},
               next_attempt_at = now() + make_interval(secs => ${delayAfter(attempts) / 1000})
         where id = ${row.id}`);
      counts.failed += 1;
    }
  }
  return counts;
}

/** One pass: sends every kept or owed mail that is due. */
export async function retryKeptMails(ctx: AppContext, log: Log): Promise<Counts> {
  return sendClaimed(ctx, await claim(ctx, sql`true`), log);
}

/** Sends the owed mails `ids` after their change committed, unless the job claimed them first. Never throws. */
export async function sendOwed(ctx: AppContext, ids: string[], log: Log): Promise<void> {
  if (ids.length === 0) return;
  try {
    await sendClaimed(ctx, await claim(ctx, sql`id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`), log);
  } catch (err) {
    log.error({ err }, 'owed mail not sent now; the mail-retry job sends it');
  }
}

export function mailRetryJob(ctx: AppContext, log: Log): BackgroundJob {
  return { name: 'mail-retry', everyMs: MAIL_RETRY.everyMs, runsOn: 'every', run: () => retryKeptMails(ctx, log) };
}
